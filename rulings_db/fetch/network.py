"""``sync_from_network``: download the sources into the cache folder, then build the database.

Order of work: find the CR link first (cheap, and the one source with no stable URL), then the
Scryfall index and its two bulk files, then the CR text. Nothing here touches the live database:
``build_database`` builds beside it and swaps atomically, so any failure leaves the old one serving.
Each downloaded file must be the source it was fetched as, and the new database must not shrink
against the old one (``rulings_db.safeguards``); a file the build rejects is deleted from the
cache. The whole sync (downloads and build) runs under the cache lock and one deadline.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulings_db.build import (
    BuildError,
    BuildReport,
    ExpectedSource,
    build_database,
    remove_abandoned_builds,
)
from rulings_db.fetch.cache import CacheEntry, DownloadCache, file_sha256
from rulings_db.fetch.client import (
    ACCEPT_HTML,
    ACCEPT_JSON,
    ACCEPT_TEXT,
    Download,
    FetchError,
    HttpClient,
)
from rulings_db.fetch.config import CR_URL_ENV, FetchConfig, Progress
from rulings_db.fetch.sources import (
    BULK_FILES,
    CR_FOLDER,
    cr_file_name,
    find_cr_link,
    parse_bulk_index,
)
from rulings_db.importers.sniff import SourceKind
from rulings_db.mechanics import MechanicsOf
from rulings_db.safeguards import Deadline
from rulings_db.sync import KnowledgeBaseMissing, read_status

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; concurrent syncs are then the user's care
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = ".sync.lock"
# What each downloaded source must hold (SourceFetch.name -> kind).
EXPECTED_KINDS: dict[str, SourceKind] = {
    "oracle-cards": SourceKind.SCRYFALL_CARDS,
    "rulings": SourceKind.SCRYFALL_RULINGS,
    "cr": SourceKind.CR,
}


@dataclass(frozen=True)
class SourceFetch:
    """What one source's request found: a new file, or the cached one confirmed or reused."""

    name: str  # "oracle-cards", "rulings", "cr"
    url: str
    file: str  # path inside the cache folder
    etag: str | None
    last_modified: str | None
    fetched_at: str  # UTC ISO time of this answer
    downloaded_at: str  # UTC ISO time the cached bytes were downloaded
    bytes: int
    not_modified: bool  # the server answered 304 (or the cached copy was reused)
    from_cache: bool = False  # reused without asking the server (rules page unreadable)
    attempts: int = 1
    sha256: str = ""  # of the cached file: what decides whether the database is current

    def to_meta(self) -> dict[str, object]:
        return {
            "url": self.url,
            "file": self.file,
            "etag": self.etag,
            "last_modified": self.last_modified,
            "fetched_at": self.fetched_at,
            "downloaded_at": self.downloaded_at,
            "bytes": self.bytes,
            "not_modified": self.not_modified,
            "from_cache": self.from_cache,
            "sha256": self.sha256,
        }


@dataclass
class NetworkSyncReport(BuildReport):
    """A ``BuildReport`` plus what the downloads found.

    ``changed`` is False when ``path`` was already built from files with exactly this content
    (every source answered 304, or sent the same bytes again): nothing was rebuilt, and
    ``counts``, ``cr_effective_date`` and ``sources`` describe the database as it stands.
    ``seconds`` covers the downloads and the build.
    """

    changed: bool = True
    downloads: tuple[SourceFetch, ...] = ()
    cache_dir: Path | None = None
    fetch_meta: dict[str, Any] = field(default_factory=dict)

    @property
    def target(self) -> Path:
        """The database file (``path``), under the name the sync was called with."""
        return self.path

    def to_json(self) -> dict[str, Any]:
        return {
            **super().to_json(),
            "changed": self.changed,
            "downloads": [{"name": d.name, **d.to_meta()} for d in self.downloads],
            "cache_dir": str(self.cache_dir) if self.cache_dir else None,
        }

    def summary(self) -> str:
        parts = []
        for source in self.downloads:
            how = "cached" if source.from_cache else "304" if source.not_modified else "200"
            parts.append(f"{source.name} {how} ({source.bytes} bytes)")
        head = "rebuilt" if self.changed else "unchanged (the database holds these files)"
        return f"{head}: " + ", ".join(parts)


@dataclass(frozen=True)
class Downloads:
    """What ``download_sources`` left in the cache folder, one entry per source."""

    cache_dir: Path
    sources: tuple[SourceFetch, ...]
    warnings: tuple[str, ...] = ()

    @property
    def all_not_modified(self) -> bool:
        return all(source.not_modified for source in self.sources)


def download_sources(
    cache_dir: Path,
    *,
    cr_url: str | None = None,
    progress: Progress | None = None,
    config: FetchConfig | None = None,
) -> Downloads:
    """Bring the cache folder up to date: the two Scryfall bulk files and the current CR text.

    Raises ``FetchError`` naming the URL, the failure and the attempts; a file that failed keeps
    its previous good cached copy and validators, and no ``.part`` file is left behind.
    """
    config = config or FetchConfig()
    deadline = Deadline.after(config.sync_deadline, "sync")
    with _cache_lock(Path(cache_dir)):
        return _download(Path(cache_dir), cr_url, progress, config, deadline)


def _download(
    cache_dir: Path,
    cr_url: str | None,
    progress: Progress | None,
    config: FetchConfig,
    deadline: Deadline,
) -> Downloads:
    cache = DownloadCache(cache_dir)
    with HttpClient(config, deadline) as http:
        _remove_partials(cache.folder)
        warnings: list[str] = []
        cr_source = _resolve_cr_url(http, cache, config, cr_url, warnings)
        sources = [*_fetch_scryfall(http, cache, config, progress)]
        sources.append(_fetch_cr(http, cache, cr_source, progress))
    return Downloads(cache.folder, tuple(sources), tuple(warnings))


def sync_from_network(
    target: Path,
    *,
    cr_url: str | None = None,
    progress: Progress | None = None,
    config: FetchConfig | None = None,
    allow_shrink: bool = False,
    mechanics_of: MechanicsOf | None = None,
) -> NetworkSyncReport:
    """Download the Scryfall bulk files and the CR into the cache folder, then rebuild ``target``.

    Raises ``FetchError`` naming the URL, the failure and the attempts when a source cannot be
    fetched (or the sync's deadline passes); ``SyncRefused`` when a downloaded file is not the
    source it should be, or a kind would shrink too far (unless ``allow_shrink``). Either way
    the live database is left as it was, and a rejected file is removed from the cache.
    When ``target`` is sound and was built from files with exactly this content (all 304s, or
    the same bytes again), nothing is rebuilt and the report says ``changed=False``.
    """
    config = config or FetchConfig()
    target = Path(target)
    started = time.monotonic()
    deadline = Deadline.after(config.sync_deadline, "sync")
    remove_abandoned_builds(target)
    cache_dir = config.resolve_cache_dir(target)
    with _cache_lock(cache_dir):
        downloads = _download(cache_dir, cr_url, progress, config, deadline)
        meta = fetch_meta(list(downloads.sources), config)
        status = current_status(target, meta)
        if status is not None:
            report = _unchanged_report(target, status)
        else:
            build = _Build(target, progress, meta, config, allow_shrink, deadline, mechanics_of)
            report = build.run(downloads)
    return NetworkSyncReport(
        path=report.path,
        counts=report.counts,
        cr_effective_date=report.cr_effective_date,
        seconds=time.monotonic() - started,
        sources=report.sources,
        warnings=[*downloads.warnings, *report.warnings],
        changed=status is None,
        downloads=downloads.sources,
        cache_dir=downloads.cache_dir,
        fetch_meta=meta,
    )


def _unchanged_report(target: Path, status: dict[str, Any]) -> BuildReport:
    return BuildReport(
        path=target,
        counts=dict(status.get("counts") or {}),
        cr_effective_date=status.get("cr_effective_date"),
        seconds=0.0,
        sources=list(status.get("sources") or []),
    )


@dataclass(frozen=True)
class _Build:
    """The build half of a network sync, and what it does with files the build rejects."""

    target: Path
    progress: Progress | None
    meta: dict[str, Any]
    config: FetchConfig
    allow_shrink: bool
    deadline: Deadline
    mechanics_of: MechanicsOf | None = None  # the bot's reader of card mechanics (build)

    def run(self, downloads: Downloads) -> BuildReport:
        expected = [
            ExpectedSource(s.file, EXPECTED_KINDS[s.name], f"{s.file} ({s.url})")
            for s in downloads.sources
            if s.name in EXPECTED_KINDS
        ]
        try:
            return build_database(
                downloads.cache_dir,
                self.target,
                progress=self.progress,
                fetch_meta=self.meta,
                expected=expected,
                minimums=self.config.minimums,
                allow_shrink=self.allow_shrink,
                max_shrink=self.config.max_shrink,
                deadline=self.deadline,
                mechanics_of=self.mechanics_of,
            )
        except BuildError as exc:
            _reject(downloads, exc.files)
            raise
        except Exception:
            _reject(downloads, ())
            raise


def _reject(downloads: Downloads, files: tuple[str, ...]) -> None:
    """After a failed build: delete the files it rejected, so no later sync reuses them.

    When the failure names no file, the files fetched this time lose their validators instead,
    so the next sync downloads them in full rather than trusting a 304 for a bad file.
    """
    cache = DownloadCache(downloads.cache_dir)
    known = {s.file for s in downloads.sources}
    if files:
        for relative in files:
            if relative in known:
                cache.path(relative).unlink(missing_ok=True)
                cache.forget(relative)
        return
    for source in downloads.sources:
        if not source.not_modified:
            cache.forget(source.file)


def fetch_meta(sources: list[SourceFetch], config: FetchConfig) -> dict[str, Any]:
    """What the build records about the downloads.

    The fingerprint hashes each file's name and content hash (not its URL or ETag): Scryfall
    publishes a new URL every day even when a file did not change, and a server without
    validators answers 200 with the same bytes; neither needs a rebuild.
    """
    identity = sorted((s.name, s.file, s.sha256) for s in sources)
    fingerprint = hashlib.sha256(json.dumps(identity).encode()).hexdigest()
    return {
        "fetched_by": config.user_agent,
        "fingerprint": f"fetch:{fingerprint}",
        "sources": {s.name: s.to_meta() for s in sources},
    }


def current_status(target: Path, meta: dict[str, Any]) -> dict[str, Any] | None:
    """The status of ``target`` when it is a sound database built from exactly these files.

    None when it is missing, damaged, of another schema, empty, or built from other files
    (another download, or ``sync --from`` a folder): then the sync must rebuild.
    """
    try:
        status = read_status(target)
        with contextlib.closing(sqlite3.connect(f"file:{target}?mode=ro", uri=True)) as db:
            sound = db.execute("PRAGMA quick_check").fetchone() == ("ok",)
    except (KnowledgeBaseMissing, sqlite3.Error):
        return None
    fetch = status.get("fetch")
    built_from = fetch.get("fingerprint") if isinstance(fetch, dict) else None
    has_cards = bool((status.get("counts") or {}).get("cards"))
    if sound and has_cards and built_from == meta["fingerprint"]:
        return status
    return None


def _fetch_scryfall(
    http: HttpClient, cache: DownloadCache, config: FetchConfig, progress: Progress | None
) -> Iterator[SourceFetch]:
    with _about("Scryfall bulk-data index"):
        index_text = http.get_text(config.scryfall_bulk_url, accept=ACCEPT_JSON)
    bulk = parse_bulk_index(index_text, config.scryfall_bulk_url)
    for kind, relative in BULK_FILES.items():
        name = kind.replace("_", "-")
        url = bulk[kind].download_uri
        with _about(f"Scryfall {kind} bulk file"):
            download = http.download(
                url,
                cache.path(relative),
                accept=ACCEPT_JSON,
                validators=cache.validators_for(relative, url),
                stage=f"download {name}",
                progress=progress,
            )
        yield _remember(cache, name, relative, download)


@dataclass(frozen=True)
class _CrSource:
    url: str | None  # None: keep the cached CR (the rules page could not be read)
    cached: str | None = None  # path of the cached CR inside the cache folder


def _resolve_cr_url(
    http: HttpClient,
    cache: DownloadCache,
    config: FetchConfig,
    argument: str | None,
    warnings: list[str],
) -> _CrSource:
    override = config.resolve_cr_url(argument)
    if override is not None:
        return _CrSource(override)
    page = config.rules_page_url
    try:
        link = find_cr_link(http.get_text(page, accept=ACCEPT_HTML), page)
        problem = f"no link to a MagicCompRules*.txt file on {page}"
    except FetchError as exc:
        link, problem = None, f"could not read the rules page: {exc}"
    if link is not None:
        return _CrSource(link)
    cached = _cached_cr(cache)
    hint = f"pass --cr-url URL or set {CR_URL_ENV} to the CR text's address"
    if cached is None:
        raise FetchError(f"Comprehensive Rules: {problem}, and no cached copy; {hint}")
    warnings.append(f"Comprehensive Rules: {problem}; keeping the cached {cached} ({hint})")
    return _CrSource(None, cached)


def _fetch_cr(
    http: HttpClient, cache: DownloadCache, source: _CrSource, progress: Progress | None
) -> SourceFetch:
    if source.url is None:
        assert source.cached is not None
        entry = cache.entries[source.cached]
        return SourceFetch(
            name="cr",
            url=entry.url,
            file=source.cached,
            etag=entry.etag,
            last_modified=entry.last_modified,
            fetched_at=entry.fetched_at,
            downloaded_at=entry.fetched_at,
            bytes=entry.bytes,
            not_modified=True,
            from_cache=True,
            attempts=0,
            sha256=entry.sha256 or file_sha256(cache.path(source.cached)),
        )
    relative = f"{CR_FOLDER}/{cr_file_name(source.url)}"
    with _about("Comprehensive Rules text"):
        download = http.download(
            source.url,
            cache.path(relative),
            accept=ACCEPT_TEXT,
            validators=cache.validators_for(relative, source.url),
            stage="download cr",
            progress=progress,
        )
    fetched = _remember(cache, "cr", relative, download)
    _drop_other_crs(cache, keep=relative)
    return fetched


def _remember(cache: DownloadCache, name: str, relative: str, download: Download) -> SourceFetch:
    previous = cache.entries.get(relative) if download.not_modified else None
    downloaded_at = previous.fetched_at if previous else download.fetched_at
    sha256 = download.sha256 or (previous.sha256 if previous else None)
    if sha256 is None:  # a 304 for a file cached before content hashes were recorded
        sha256 = file_sha256(download.path)
    cache.record(
        relative,
        CacheEntry(
            url=download.url,
            etag=download.etag,
            last_modified=download.last_modified,
            bytes=download.bytes,
            fetched_at=downloaded_at,
            sha256=sha256,
        ),
    )
    return SourceFetch(
        name=name,
        url=download.url,
        file=relative,
        etag=download.etag,
        last_modified=download.last_modified,
        fetched_at=download.fetched_at,
        downloaded_at=downloaded_at,
        bytes=download.bytes,
        not_modified=download.not_modified,
        attempts=download.attempts,
        sha256=sha256,
    )


def _cached_cr(cache: DownloadCache) -> str | None:
    """The cached CR a previous sync downloaded (newest first), if its file is still there."""
    known = [
        (entry.fetched_at, relative)
        for relative, entry in cache.entries.items()
        if relative.startswith(f"{CR_FOLDER}/") and cache.path(relative).is_file()
    ]
    return max(known)[1] if known else None


def _drop_other_crs(cache: DownloadCache, *, keep: str) -> None:
    """A new CR release has a new file name: remove the old ones so the build sees one CR."""
    folder = cache.folder / CR_FOLDER
    for file in folder.glob("*.txt"):
        relative = f"{CR_FOLDER}/{file.name}"
        if relative != keep:
            file.unlink(missing_ok=True)
            cache.forget(relative)


def _remove_partials(folder: Path) -> None:
    """A killed sync can leave ``*.part`` files; they are never complete, so drop them."""
    if folder.is_dir():
        for part in folder.rglob("*.part"):
            part.unlink(missing_ok=True)


@contextlib.contextmanager
def _about(what: str) -> Iterator[None]:
    """Prefix a FetchError with the source it concerns ("Scryfall rulings bulk file: GET ...")."""
    try:
        yield
    except FetchError as exc:
        raise FetchError(f"{what}: {exc}") from exc


@contextlib.contextmanager
def _cache_lock(folder: Path) -> Iterator[None]:
    """One sync at a time per cache folder (the bot's scheduled refresh and a manual CLI run)."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / LOCK_NAME).open("a") as handle:
        if fcntl is None:
            yield
            return
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise FetchError(f"another sync is already using the cache folder {folder}") from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
