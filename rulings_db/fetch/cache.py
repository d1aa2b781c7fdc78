"""The download cache's memory: which URL each cached file came from and its validators.

A JSON sidecar (``.http-cache.json``) in the cache folder maps each cached file (its path
relative to the folder) to the URL, ETag, Last-Modified, size and fetch time of the response
that wrote it. An entry is only trusted while its file is still there with the same size, so
a deleted or replaced file is downloaded again instead of being "confirmed" by a 304.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from rulings_db.fetch.client import Validators

SIDECAR_NAME = ".http-cache.json"


@dataclass(frozen=True)
class CacheEntry:
    url: str
    etag: str | None
    last_modified: str | None
    bytes: int
    fetched_at: str
    sha256: str | None = None

    @property
    def validators(self) -> Validators:
        return Validators(etag=self.etag, last_modified=self.last_modified)


class DownloadCache:
    """The cache folder plus its sidecar; ``save`` writes the sidecar atomically."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.sidecar = folder / SIDECAR_NAME
        self.entries: dict[str, CacheEntry] = _load(self.sidecar)

    def path(self, relative: str) -> Path:
        return self.folder / relative

    def validators_for(self, relative: str, url: str) -> Validators | None:
        """Validators worth sending for ``url``: same URL, file still present and the same size."""
        entry = self.entries.get(relative)
        file = self.path(relative)
        if entry is None or entry.url != url or not file.is_file():
            return None
        if file.stat().st_size != entry.bytes:
            return None
        return entry.validators

    def record(self, relative: str, entry: CacheEntry) -> None:
        self.entries[relative] = entry
        self.save()

    def forget(self, relative: str) -> None:
        if self.entries.pop(relative, None) is not None:
            self.save()

    def save(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        data = {key: asdict(entry) for key, entry in sorted(self.entries.items())}
        part = self.sidecar.with_name(self.sidecar.name + ".part")
        part.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        os.replace(part, self.sidecar)


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _load(sidecar: Path) -> dict[str, CacheEntry]:
    """Read the sidecar; a missing or damaged one just means "nothing known" (full downloads)."""
    try:
        raw = json.loads(sidecar.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(raw, dict):
        return {}
    entries: dict[str, CacheEntry] = {}
    for key, value in raw.items():
        try:
            entries[key] = CacheEntry(
                url=str(value["url"]),
                etag=value.get("etag"),
                last_modified=value.get("last_modified"),
                bytes=int(value["bytes"]),
                fetched_at=str(value.get("fetched_at", "")),
                sha256=value.get("sha256"),
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
    return entries
