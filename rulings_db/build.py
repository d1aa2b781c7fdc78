"""Build a knowledge-base file from a folder of source files, then swap it in atomically.

``build_database`` sniffs every file by content, imports into a new file beside the target
(fast pragmas are safe there: nobody reads it yet), builds the search indexes, validates the
result, compares it with the database it replaces (``rulings_db.safeguards``) and only then
replaces the target with ``os.replace``, fsyncing the new file before and its folder after.
Readers that hold the old file open keep reading it; on any failure or refusal the new file is
removed and the old one is untouched.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import IO, Any

import sqlite_utils

from rulings_db.importers import CardRecord, SourceFormatError, cr, mtgjson, scryfall
from rulings_db.importers.sniff import SourceKind, sniff
from rulings_db.mechanics import MechanicsOf, store_mechanics
from rulings_db.names import normalise
from rulings_db.safeguards import (
    MAX_SHRINK_FRACTION,
    Deadline,
    DeadlinePassed,
    Refusal,
    SourceMinimums,
    shrink_refusals,
)
from rulings_db.schema import (
    NAME_FACE,
    NAME_FULL,
    NAME_NICKNAME,
    SCHEMA_VERSION,
    build_fts,
    create_schema,
)

try:
    import fcntl
except ImportError:  # Windows: no flock; abandoned builds are then found by their pid
    fcntl = None  # type: ignore[assignment]

Progress = Callable[[str, int, int | None], None]

BATCH_SIZE = 5000
COUNTED_TABLES = ("cards", "card_faces", "card_names", "rulings", "rules", "glossary")
COUNT_NAMES = {"card_faces": "faces", "card_names": "names"}
CARD_KINDS = (SourceKind.SCRYFALL_CARDS, SourceKind.MTGJSON_SET, SourceKind.MTGJSON_ATOMIC)


class BuildError(Exception):
    """A build that could not finish; the message names the file and what was wrong.

    ``files`` are the source files at fault (relative to the source folder), when known.
    """

    def __init__(self, message: str, files: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.files = tuple(files)


class SyncRefused(BuildError):
    """The new build was complete but is not swapped in: a source is not what it should be, or a
    kind would shrink too far. The old database keeps serving."""

    def __init__(self, refusals: Sequence[Refusal]) -> None:
        self.refusals = tuple(refusals)
        text = "; ".join(r.message() for r in self.refusals)
        hint = ""
        if any(r.before is not None for r in self.refusals):
            hint = " (pass --allow-shrink to accept the smaller one)"
        files = [f for r in self.refusals for f in r.files]
        super().__init__(
            f"{text}; the old knowledge base keeps serving{hint}", list(dict.fromkeys(files))
        )

    @property
    def kind(self) -> str:
        return self.refusals[0].kind

    @property
    def source(self) -> str:
        return self.refusals[0].source


@dataclass(frozen=True)
class ExpectedSource:
    """A file that must hold one kind of source (the network sync knows what it downloaded)."""

    file: str  # relative to the source folder, "/"-separated
    kind: SourceKind
    label: str  # how messages name it, e.g. "scryfall/rulings.json (https://...)"


@dataclass
class BuildReport:
    path: Path
    counts: dict[str, int]
    cr_effective_date: str | None
    seconds: float
    sources: list[dict[str, Any]]
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "path": str(self.path), "seconds": round(self.seconds, 2)}


@dataclass
class SourceFile:
    path: Path
    name: str  # relative to the source folder, "/"-separated
    kind: SourceKind | None
    used: bool = True
    note: str | None = None
    effective_date: str | None = None  # CR files only

    def describe(self, fetch: dict[str, Any] | None) -> dict[str, Any]:
        stat = self.path.stat()
        info: dict[str, Any] = {
            "file": self.name,
            "format": str(self.kind) if self.kind else None,
            "bytes": stat.st_size,
            "modified": datetime.fromtimestamp(stat.st_mtime, UTC).isoformat(timespec="seconds"),
            "used": self.used,
        }
        if self.effective_date:
            info["effective_date"] = self.effective_date
        if self.note:
            info["note"] = self.note
        if fetch:
            info["fetch"] = fetch
        return info


def build_database(
    source_dir: Path,
    target: Path,
    *,
    progress: Progress | None = None,
    fetch_meta: dict[str, Any] | None = None,
    expected: Sequence[ExpectedSource] = (),
    minimums: SourceMinimums | None = None,
    allow_shrink: bool = False,
    max_shrink: float = MAX_SHRINK_FRACTION,
    deadline: Deadline | None = None,
    mechanics_of: MechanicsOf | None = None,
) -> BuildReport:
    """Import every recognised file under ``source_dir`` (or one file) into ``target``.

    ``fetch_meta`` is stored as the ``fetch`` meta row; its ``files`` mapping (relative file
    name -> {url, etag, last_modified, fetched_at, ...}) is also attached to each source.
    ``expected`` files must sniff as their kind and import at least ``minimums``. Unless
    ``allow_shrink``, a kind that drops to zero or loses more than ``max_shrink`` of the rows
    of the database at ``target`` raises ``SyncRefused``. ``deadline`` is checked as the build
    goes (``BuildError`` when it passes). ``mechanics_of`` reads a card's rules mechanics (the
    bot hands in the engine's reading, ``bot/mechanics.py``); without it, the plain text's.
    """
    started = time.monotonic()
    source_dir, target = Path(source_dir), Path(target)
    remove_abandoned_builds(target)
    files = find_sources(source_dir)
    _refuse(_unrecognised(files, expected))
    _plan(source_dir, files)
    target.parent.mkdir(parents=True, exist_ok=True)
    checks = _SwapChecks(source_dir, target, expected, minimums or SourceMinimums(), max_shrink)
    work, claim = _claim_work_file(target)
    built: _Builder | None = None
    try:
        built = _Builder(work, _with_deadline(progress, deadline), mechanics_of)
        counts, cr_date, warnings = built.run(files)
        checks.imported_enough(built.imported)
        if not counts["cards"]:
            raise BuildError("the card files held no cards: " + built.names(files, CARD_KINDS))
        if not allow_shrink:
            checks.no_big_shrink(files, counts)
        sources = [f.describe(_fetch_for(f, fetch_meta)) for f in files if f.kind]
        built.write_meta(sources, counts, cr_date, fetch_meta)
        built.close()
        _tick(progress, "validate", 0, None)
        _validate(work, files, counts)
        _swap(claim, work, target)
    except BaseException as exc:
        if built is not None:
            built.abandon()
        _remove(work)
        raise _as_build_error(exc, source_dir, files, expected) from exc
    finally:
        claim.close()
    _tick(progress, "done", 1, 1)
    return BuildReport(
        path=target,
        counts=counts,
        cr_effective_date=cr_date,
        seconds=time.monotonic() - started,
        sources=sources,
        warnings=warnings,
    )


def _refuse(refusals: list[Refusal]) -> None:
    if refusals:
        raise SyncRefused(refusals)


@dataclass(frozen=True)
class _SwapChecks:
    """Whether a finished build may replace the database at ``target`` (raise SyncRefused)."""

    source_dir: Path
    target: Path
    expected: Sequence[ExpectedSource]
    minimums: SourceMinimums
    max_shrink: float

    def imported_enough(self, imported: dict[str, dict[str, int]]) -> None:
        _refuse(_too_little(imported, self.expected, self.minimums))

    def no_big_shrink(self, files: list[SourceFile], counts: dict[str, int]) -> None:
        serving = serving_counts(self.target)
        if serving is not None:
            kinds = _SourcesOfKind(self.source_dir, files, self.expected)
            _refuse(shrink_refusals(serving, counts, kinds, max_shrink=self.max_shrink))


def _with_deadline(progress: Progress | None, deadline: Deadline | None) -> Progress:
    """The build's progress callback, checking the sync's deadline at every tick."""
    report = progress or _no_progress
    if deadline is None:
        return report

    def tick(stage: str, done: int, total: int | None) -> None:
        deadline.check("the build")
        report(stage, done, total)

    return tick


def serving_counts(target: Path) -> dict[str, int] | None:
    """The ``counts`` meta row of the database at ``target``; None when there is no usable one
    (absent, not SQLite, another schema): nothing to compare with, so nothing to protect."""
    if not target.is_file():
        return None
    try:
        with contextlib.closing(sqlite3.connect(f"file:{target}?mode=ro", uri=True)) as db:
            rows = dict(db.execute("SELECT key, value FROM meta").fetchall())
        if rows.get("schema_version") != str(SCHEMA_VERSION):
            return None
        counts = json.loads(rows.get("counts") or "{}")
    except (sqlite3.Error, ValueError):
        return None
    if not isinstance(counts, dict):
        return None
    return {str(k): int(v) for k, v in counts.items() if isinstance(v, int)}


# What each kind of source fills: the table names of BuildReport.counts.
_KIND_ROWS: dict[SourceKind, str] = {
    SourceKind.SCRYFALL_CARDS: "cards",
    SourceKind.MTGJSON_SET: "cards",
    SourceKind.MTGJSON_ATOMIC: "cards",
    SourceKind.SCRYFALL_RULINGS: "rulings",
    SourceKind.CR: "rules",
}
_KIND_NOUN: dict[SourceKind, str] = {
    SourceKind.SCRYFALL_CARDS: "Scryfall oracle cards",
    SourceKind.SCRYFALL_RULINGS: "Scryfall rulings",
    SourceKind.MTGJSON_SET: "an MTGJSON set file",
    SourceKind.MTGJSON_ATOMIC: "MTGJSON AtomicCards",
    SourceKind.CR: "the Comprehensive Rules text",
}
# Where each counted kind comes from.
_ROW_SOURCES: dict[str, tuple[SourceKind, ...]] = {
    "cards": CARD_KINDS,
    "faces": CARD_KINDS,
    "names": CARD_KINDS,
    "rulings": (SourceKind.SCRYFALL_RULINGS, SourceKind.MTGJSON_SET, SourceKind.MTGJSON_ATOMIC),
    "rules": (SourceKind.CR,),
    "glossary": (SourceKind.CR,),
}


def _unrecognised(files: list[SourceFile], expected: Sequence[ExpectedSource]) -> list[Refusal]:
    """Expected files that are missing or hold something else (empty, HTML, ``[]``, ...)."""
    by_name = {f.name: f for f in files}
    refusals = []
    for want in expected:
        found = by_name.get(want.file)
        if found is not None and found.kind is want.kind:
            continue
        what = "is missing" if found is None else describe_content(found.path, found.kind)
        reason = f"{what}, not {_KIND_NOUN[want.kind]}"
        rows = _KIND_ROWS[want.kind]
        refusals.append(Refusal(rows, want.label, None, 0, reason, (want.file,)))
    return refusals


def describe_content(path: Path, kind: SourceKind | None) -> str:
    """A few words on what a file that is not the expected source holds."""
    if kind is not None:
        return f"holds {_KIND_NOUN[kind]}"
    with path.open("rb") as handle:
        head = handle.read(4096)
    body = head.lstrip(b"\xef\xbb\xbf").strip()
    if not body:
        return "is empty" if not head else "holds only white space"
    lowered = body[:512].lower()
    if body.startswith(b"<") and (b"<html" in lowered or b"<!doctype" in lowered):
        return "is an HTML page"
    if body.startswith(b"<"):
        return "is XML or HTML"
    if body.startswith(b"[") and body[1:].strip() == b"]":
        return "is an empty JSON list"
    if body.startswith(b"["):
        return "is a JSON list without Scryfall objects"
    if body.startswith(b"{"):
        return "is a JSON object of another shape"
    return "is text of another kind"


def _too_little(
    imported: dict[str, dict[str, int]],
    expected: Sequence[ExpectedSource],
    minimums: SourceMinimums,
) -> list[Refusal]:
    """Expected files that imported less than a real source of their kind holds."""
    least = {
        "cards": minimums.cards,
        "rulings": minimums.rulings,
        "rules": minimums.rules,
        "glossary": minimums.glossary,
    }
    refusals = []
    for want in expected:
        for rows, count in imported.get(want.file, {}).items():
            if count < least.get(rows, 0):
                noun = "glossary entries" if rows == "glossary" else rows
                reason = (
                    f"has only {count:,} {noun} ({_KIND_NOUN[want.kind]} has at least "
                    f"{least[rows]:,})"
                )
                refusals.append(Refusal(rows, want.label, None, count, reason, (want.file,)))
    return refusals


class _SourcesOfKind:
    """For a shrink message: the files a counted kind was imported from, and how to name them."""

    def __init__(
        self, source_dir: Path, files: list[SourceFile], expected: Sequence[ExpectedSource]
    ) -> None:
        self.source_dir = source_dir
        self.files = files
        self.labels = {e.file: e.label for e in expected}

    def __call__(self, rows: str) -> tuple[str, tuple[str, ...]]:
        kinds = set(_ROW_SOURCES.get(rows, ()))
        used = [f.name for f in self.files if f.used and f.kind in kinds]
        if not used:
            unknown = [f.name for f in self.files if f.kind is None][:3]
            seen = f" (not recognised: {', '.join(unknown)})" if unknown else ""
            return f"no file in {self.source_dir} holds them{seen}", ()
        return "built from " + ", ".join(self.labels.get(n, n) for n in used), tuple(used)


def find_sources(source: Path) -> list[SourceFile]:
    """Every file under ``source`` (or ``source`` itself), sniffed; hidden files skipped."""
    if not source.exists():
        raise BuildError(f"{source}: no such file or folder")
    if source.is_file():
        paths = [source]
    else:
        paths = sorted(p for p in source.rglob("*") if _is_candidate(p, source))
    files = []
    for path in paths:
        try:
            kind = sniff(path)
        except OSError as exc:
            raise BuildError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
        name = path.name if path == source else path.relative_to(source).as_posix()
        files.append(SourceFile(path=path, name=name, kind=kind, used=kind is not None))
    return files


def _is_candidate(path: Path, root: Path) -> bool:
    """Files worth sniffing: not hidden, not an unfinished download (``*.part``)."""
    parts = path.relative_to(root).parts
    return (
        path.is_file()
        and not path.name.endswith(".part")
        and not any(part.startswith(".") for part in parts)
    )


def _plan(source: Path, files: list[SourceFile]) -> None:
    """Check there is something to build from and pick the newest CR."""
    kinds = {f.kind for f in files if f.kind}
    if not kinds:
        looked = ", ".join(f.name for f in files[:8]) or "no files"
        raise BuildError(
            f"{source}: no recognisable data (looked at {looked}); expected Scryfall bulk "
            "oracle_cards/rulings JSON, MTGJSON set or AtomicCards JSON, or the CR text"
        )
    if not kinds & set(CARD_KINDS):
        raise BuildError(
            f"{source}: no card data (Scryfall oracle_cards or MTGJSON); a knowledge base "
            "needs cards"
        )
    rules = [f for f in files if f.kind is SourceKind.CR]
    for f in rules:
        f.effective_date = cr.effective_date(_head_text(f.path))
    if len(rules) > 1:
        newest = max(rules, key=lambda f: (f.effective_date or "", f.name))
        for f in rules:
            if f is not newest:
                f.used = False
                f.note = f"older than {newest.name} ({newest.effective_date}); not imported"


def _head_text(path: Path) -> str:
    with path.open("rb") as handle:
        return handle.read(4096).decode("utf-8-sig", errors="replace")


def _fetch_for(source: SourceFile, fetch_meta: dict[str, Any] | None) -> dict[str, Any] | None:
    """The download record of one file: fetch_meta["sources"] or ["files"], keyed by a name
    or carrying a ``file`` entry equal to the file's relative path (or its base name)."""
    if not fetch_meta:
        return None
    wanted = {source.name, source.path.name}
    for group in ("sources", "files"):
        entries = fetch_meta.get(group)
        if not isinstance(entries, dict):
            continue
        for key, entry in entries.items():
            if isinstance(entry, dict) and (key in wanted or entry.get("file") in wanted):
                return dict(entry)
    return None


def _no_progress(stage: str, done: int, total: int | None) -> None:
    return None


def _tick(progress: Progress | None, stage: str, done: int, total: int | None) -> None:
    if progress is not None:
        progress(stage, done, total)


class _Builder:
    """Writes one new knowledge-base file; only ever used on a file nobody reads yet."""

    def __init__(
        self, path: Path, progress: Progress, mechanics_of: MechanicsOf | None = None
    ) -> None:
        self.path = path
        self.mechanics_of = mechanics_of
        self.progress = progress
        self.db = sqlite_utils.Database(path)
        # Safe only because nobody reads this file before the swap: a crash just loses it.
        # Sorts and indexes spill to temporary files, so memory stays flat as data grows.
        for pragma in ("journal_mode=OFF", "synchronous=OFF", "cache_size=-32768"):
            self.db.execute(f"PRAGMA {pragma}")
        create_schema(self.db)
        self.buffers: dict[str, list[dict[str, Any]]] = {}
        self.warnings: list[str] = []
        self.imported: dict[str, dict[str, int]] = {}  # file name -> rows it gave, by kind

    def run(self, files: list[SourceFile]) -> tuple[dict[str, int], str | None, list[str]]:
        # Scryfall first: its cards and rulings win over MTGJSON's copies of the same card
        for kind in (SourceKind.SCRYFALL_CARDS, SourceKind.SCRYFALL_RULINGS):
            for f in self._used(files, kind):
                self._import_file(f)
        self._flush_all()
        added_from_mtgjson: set[str] = set()
        done = 0
        for kind in (SourceKind.MTGJSON_SET, SourceKind.MTGJSON_ATOMIC):
            for f in self._used(files, kind):
                done = self._import_mtgjson(f, added_from_mtgjson, done)
        if done:
            self.progress("mtgjson", done, done)
        self._flush_all()
        self._add_nicknames()
        self._drop_orphan_rulings()
        self.progress("mechanics", 0, None)
        store_mechanics(self.db, self.mechanics_of)
        cr_date = None
        for f in self._used(files, SourceKind.CR):
            cr_date = self._import_cr(f)
        self._flush_all()
        self.progress("index", 0, None)
        build_fts(self.db)
        counts = {COUNT_NAMES.get(t, t): self._count(t) for t in COUNTED_TABLES}
        counts["nicknames"] = self._count("card_names", "kind = ?", [NAME_NICKNAME])
        if not counts["rulings"]:
            self.warnings.append("no rulings in the sources: card lookups will show none")
        if not counts["rules"]:
            self.warnings.append("no Comprehensive Rules in the sources: rule lookups will fail")
        return counts, cr_date, self.warnings

    @staticmethod
    def _used(files: list[SourceFile], kind: SourceKind) -> list[SourceFile]:
        return [f for f in files if f.kind is kind and f.used]

    @staticmethod
    def names(files: list[SourceFile], kinds: Iterable[SourceKind]) -> str:
        return ", ".join(f.name for f in files if f.kind in set(kinds))

    def _import_file(self, f: SourceFile) -> None:
        stage = "cards" if f.kind is SourceKind.SCRYFALL_CARDS else "rulings"
        done = 0
        if f.kind is SourceKind.SCRYFALL_CARDS:
            for record in scryfall.iter_cards(f.path):
                self._add_card(record)
                done = self._step(stage, done)
        else:
            for ruling in scryfall.iter_rulings(f.path):
                self._add("rulings", ruling)
                done = self._step(stage, done)
        self.progress(stage, done, done)
        self.imported[f.name] = {stage: done}
        if not done:
            self.warnings.append(f"{f.name}: no {stage} found in it")

    def _import_mtgjson(self, f: SourceFile, added: set[str], done: int) -> int:
        records: Iterator[CardRecord] = (
            mtgjson.iter_set_cards(f.path)
            if f.kind is SourceKind.MTGJSON_SET
            else mtgjson.iter_atomic_cards(f.path)
        )
        before = done
        for record in records:
            # MTGJSON only adds cards Scryfall did not provide; its rulings always count
            if record.oracle_id not in added and not self._has_card(record.oracle_id):
                added.add(record.oracle_id)
                self._add_card(record)
            for ruling in record.rulings:
                self._add("rulings", ruling)
            done = self._step("mtgjson", done)
        self.progress("mtgjson", done, None)
        self.imported[f.name] = {"cards": done - before}
        if done == before:
            self.warnings.append(f"{f.name}: no cards found in it (AllPrintings is not read)")
        return done

    def _has_card(self, oracle_id: str) -> bool:
        query = "SELECT 1 FROM cards WHERE oracle_id = ?"
        return self.db.execute(query, [oracle_id]).fetchone() is not None

    def _add_card(self, record: CardRecord) -> None:
        self._add("cards", record.card)
        full = record.card["name"]
        self._add_name(full, record.oracle_id, NAME_FULL)
        for face in record.faces:
            self._add("card_faces", face)
            if face["name"] != full:
                self._add_name(face["name"], record.oracle_id, NAME_FACE)

    def _add_name(self, name: str, oracle_id: str, kind: str) -> None:
        key = normalise(name)
        if key:
            row = {"key": key, "name": name, "oracle_id": oracle_id, "kind": kind}
            self._add("card_names", row)

    def _add_nicknames(self) -> None:
        self._flush_all()
        for nickname, card in read_nicknames():
            oracle_id = self._oracle_id_of(card)
            if oracle_id is not None:  # a card missing from this import: skipped silently
                self._add_name(nickname, oracle_id, NAME_NICKNAME)
        self._flush_all()

    def _oracle_id_of(self, card: str) -> str | None:
        for query in (
            "SELECT oracle_id FROM cards WHERE name = ?",
            "SELECT oracle_id FROM card_faces WHERE name = ?",
        ):
            row = self.db.execute(query, [card]).fetchone()
            if row is not None:
                return str(row[0])
        return None

    def _drop_orphan_rulings(self) -> None:
        self._flush_all()
        with self.db.conn:
            cursor = self.db.execute(
                "DELETE FROM rulings WHERE oracle_id NOT IN (SELECT oracle_id FROM cards)"
            )
        if cursor.rowcount:
            self.warnings.append(f"{cursor.rowcount} rulings name cards absent from the card data")

    def _import_cr(self, f: SourceFile) -> str | None:
        self.progress("rules", 0, None)
        document = cr.parse_file(f.path)
        self._insert("rules", document.rules)
        self._insert("glossary", document.glossary)
        self.imported[f.name] = {"rules": len(document.rules), "glossary": len(document.glossary)}
        self.progress("rules", len(document.rules), len(document.rules))
        if document.effective_date is None:
            self.warnings.append(f"{f.name}: no effective date found")
        return document.effective_date

    def _step(self, stage: str, done: int) -> int:
        done += 1
        if done % BATCH_SIZE == 0:
            self.progress(stage, done, None)
        return done

    def _add(self, table: str, row: dict[str, Any]) -> None:
        buffer = self.buffers.setdefault(table, [])
        buffer.append(row)
        if len(buffer) >= BATCH_SIZE:
            self._flush(table)

    def _flush(self, table: str) -> None:
        rows = self.buffers.pop(table, [])
        if rows:
            self._insert(table, rows)

    def _flush_all(self) -> None:
        # cards before the rows that point at them
        for table in ("cards", "card_faces", "card_names", "rulings"):
            self._flush(table)

    def _insert(self, table: str, rows: list[dict[str, Any]]) -> None:
        # Plain executemany: every row of a table has the same keys, and sqlite-utils'
        # per-value type checks cost more than the inserts themselves.
        if not rows:  # a CR without a glossary, say
            return
        columns = list(rows[0])
        statement = (
            f"INSERT OR IGNORE INTO [{table}] ({', '.join(f'[{c}]' for c in columns)}) "
            f"VALUES ({', '.join('?' for _ in columns)})"
        )
        with self.db.conn:
            for start in range(0, len(rows), BATCH_SIZE):
                batch = rows[start : start + BATCH_SIZE]
                self.db.conn.executemany(
                    statement, [[row.get(c) for c in columns] for row in batch]
                )

    def _count(self, table: str, where: str | None = None, params: list[Any] | None = None) -> int:
        query = f"SELECT count(*) FROM [{table}]" + (f" WHERE {where}" if where else "")
        return int(self.db.execute(query, params or []).fetchone()[0])

    def write_meta(
        self,
        sources: list[dict[str, Any]],
        counts: dict[str, int],
        cr_date: str | None,
        fetch_meta: dict[str, Any] | None,
    ) -> None:
        values: dict[str, Any] = {
            "sources": sources,
            "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "cr_effective_date": cr_date,
            "counts": counts,
        }
        if fetch_meta is not None:
            values["fetch"] = fetch_meta
        rows = [{"key": k, "value": json.dumps(v, ensure_ascii=False)} for k, v in values.items()]
        self.db.table("meta").insert_all(rows, replace=True)

    def close(self) -> None:
        self.db.execute("PRAGMA journal_mode=DELETE")
        self.db.close()

    def abandon(self) -> None:
        """Close without caring about the file: the build failed and it is removed."""
        with contextlib.suppress(sqlite3.Error):
            self.db.close()


def _validate(path: Path, files: list[SourceFile], counts: dict[str, int]) -> None:
    """Integrity, counts for what was supplied, and one lookup of each kind."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        problems = list(_problems(conn, files, counts))
    finally:
        conn.close()
    if problems:
        raise BuildError(f"the new knowledge base failed validation: {'; '.join(problems)}")


def _problems(
    conn: sqlite3.Connection, files: list[SourceFile], counts: dict[str, int]
) -> Iterator[str]:
    integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
    if integrity != "ok":
        yield f"integrity check: {integrity}"
    version = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if version is None or version[0] != str(SCHEMA_VERSION):
        yield "schema version missing"
    kinds = {f.kind for f in files if f.used}
    wanted = {"cards": True, "rulings": SourceKind.SCRYFALL_RULINGS in kinds}
    wanted |= {"rules": SourceKind.CR in kinds, "glossary": SourceKind.CR in kinds}
    for name, supplied in wanted.items():
        if supplied and not counts.get(name):
            yield f"no {name} were imported"
    card = conn.execute("SELECT oracle_id, name FROM cards ORDER BY rowid LIMIT 1").fetchone()
    if card is not None:
        query = "SELECT 1 FROM card_names WHERE key = ? AND oracle_id = ?"
        found = conn.execute(query, [normalise(card[1]), card[0]]).fetchone()
        if found is None:
            yield f"card name {card[1]!r} does not resolve"
    rule = conn.execute("SELECT number FROM rules WHERE parent IS NOT NULL LIMIT 1").fetchone()
    lookup = "SELECT 1 FROM rules WHERE number = ?"
    if wanted["rules"] and (rule is None or conn.execute(lookup, rule).fetchone() is None):
        yield "no rule can be looked up by number"
    for table in ("cards", "rules"):
        indexed = conn.execute(f"SELECT count(*) FROM [{table}_fts]").fetchone()[0]
        if indexed != counts.get(table, 0):
            yield f"search index of {table} holds {indexed} rows, expected {counts.get(table)}"


def read_nicknames() -> list[tuple[str, str]]:
    """The curated ``nickname,card`` pairs shipped in rulings_db/data/nicknames.csv."""
    text = resources.files("rulings_db").joinpath("data/nicknames.csv").read_text(encoding="utf-8")
    rows = csv.DictReader(text.splitlines())
    return [(r["nickname"].strip(), r["card"].strip()) for r in rows if r.get("nickname")]


def _remove(path: Path) -> None:
    for leftover in (path, path.with_name(path.name + "-journal")):
        with contextlib.suppress(FileNotFoundError):
            leftover.unlink()


def _claim_work_file(target: Path) -> tuple[Path, IO[bytes]]:
    """Create ``<target>.<pid>-<random>.new`` and hold an exclusive flock on it while building.

    The lock is what tells a live build from an abandoned one: the kernel drops it when the
    process dies however it dies, and a reused pid cannot fake it.
    """
    for _ in range(3):
        work = target.with_name(f"{target.name}.{os.getpid()}-{secrets.token_hex(4)}.new")
        handle = work.open("xb")
        if fcntl is None:
            return work, handle
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            # another sync's clean-up may have removed the name between open and lock
            if work.exists() and os.path.samestat(os.fstat(handle.fileno()), work.stat()):
                return work, handle
        except BlockingIOError:
            pass
        handle.close()
    raise BuildError(f"could not create a build file beside {target}")


def _swap(claim: IO[bytes], work: Path, target: Path) -> None:
    """fsync the finished file, move it over ``target``, then fsync the folder (the rename).

    The import ran with ``synchronous=OFF``: nothing is durable until this fsync, which is why
    it comes before the rename and not after.
    """
    os.fsync(claim.fileno())
    os.replace(work, target)
    _fsync_folder(target.parent)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # Windows cannot open a folder; its renames are journalled by NTFS
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_abandoned_builds(target: Path) -> list[Path]:
    """Delete the half-built ``<target>.*.new`` files no running build holds; the removed ones.

    Run at the start of every sync (also one that finds nothing to rebuild).
    """
    removed = []
    for leftover in target.parent.glob(f"{target.name}.*.new"):
        if _abandoned(leftover, target):
            _remove(leftover)
            removed.append(leftover)
    return removed


def _abandoned(leftover: Path, target: Path) -> bool:
    if fcntl is None:
        pid = leftover.name[len(target.name) + 1 : -len(".new")].split("-", 1)[0]
        return pid.isdigit() and not _process_alive(int(pid))
    try:
        with leftover.open("rb") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            fcntl.flock(handle, fcntl.LOCK_UN)
    except BlockingIOError:
        return False  # a build is writing it right now
    except OSError:
        return False  # gone already, or unreadable: leave it
    return True


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _as_build_error(
    exc: BaseException,
    source_dir: Path,
    files: list[SourceFile],
    expected: Sequence[ExpectedSource],
) -> BaseException:
    if isinstance(exc, BuildError | KeyboardInterrupt | SystemExit):
        return exc
    if isinstance(exc, SourceFormatError):
        culprit = next((f for f in files if f.path == exc.path), None)
        want = next((e for e in expected if culprit and e.file == culprit.name), None)
        if culprit is not None and want is not None:
            reason = f"cannot be read as {_KIND_NOUN[want.kind]}: {exc.problem}"
            rows = _KIND_ROWS[want.kind]
            return SyncRefused([Refusal(rows, want.label, None, 0, reason, (want.file,))])
        return BuildError(str(exc), [culprit.name] if culprit else [])
    if isinstance(exc, DeadlinePassed):
        return BuildError(f"{exc}; the old knowledge base keeps serving")
    if isinstance(exc, sqlite3.Error | OSError):
        return BuildError(f"the build failed: {exc}")
    return exc
