"""The two ways a knowledge base is (re)built, and what the ``status`` command reads.

``sync_from_path`` builds from files already on disk (a folder such as ``../shared/data`` or
one file); ``rulings_db.fetch.sync_from_network`` downloads the sources first. Both end in
``rulings_db.build.build_database``, which swaps the new file in atomically.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

from rulings_db.build import BuildError, BuildReport, Progress, SyncRefused, build_database
from rulings_db.mechanics import MechanicsOf
from rulings_db.safeguards import SYNC_DEADLINE_SECONDS, Deadline
from rulings_db.schema import SCHEMA_VERSION

__all__ = [
    "BuildError",
    "KnowledgeBaseMissing",
    "SyncRefused",
    "read_status",
    "sync_from_path",
]


class KnowledgeBaseMissing(Exception):
    """No usable knowledge-base file at the path (absent, not SQLite, or another schema)."""


def sync_from_path(
    source: Path,
    target: Path,
    progress: Progress | None = None,
    *,
    allow_shrink: bool = False,
    deadline_seconds: float = SYNC_DEADLINE_SECONDS,
    mechanics_of: MechanicsOf | None = None,
) -> BuildReport:
    """Rebuild ``target`` from a folder of source files or a single file.

    Raises ``SyncRefused`` (a ``BuildError``) when a kind would shrink too far against the
    database at ``target``, unless ``allow_shrink``; the old database then keeps serving.
    """
    return build_database(
        Path(source),
        Path(target),
        progress=progress,
        allow_shrink=allow_shrink,
        deadline=Deadline.after(deadline_seconds, "sync"),
        mechanics_of=mechanics_of,
    )


def read_status(path: Path) -> dict[str, Any]:
    """The ``meta`` rows of a knowledge base, JSON-decoded, plus its path and size.

    Raises KnowledgeBaseMissing when there is nothing usable at ``path``.
    """
    path = Path(path)
    if not path.is_file():
        raise KnowledgeBaseMissing(f"No knowledge base at {path}.")
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            rows = dict(db.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.Error as exc:
        raise KnowledgeBaseMissing(f"{path} is not a rulesbot knowledge base ({exc}).") from exc
    if rows.get("schema_version") != str(SCHEMA_VERSION):
        raise KnowledgeBaseMissing(
            f"{path} was built by another version of rulesbot "
            f"(schema {rows.get('schema_version')}, this one reads {SCHEMA_VERSION})."
        )
    status: dict[str, Any] = {"path": str(path), "bytes": path.stat().st_size}
    for key, value in rows.items():
        if key == "schema_version":
            status[key] = int(value)
            continue
        try:
            status[key] = json.loads(value)
        except (TypeError, ValueError):
            status[key] = value
    return status
