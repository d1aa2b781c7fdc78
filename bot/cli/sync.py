"""``rulesbot sync`` (build or refresh the knowledge base) and ``rulesbot status``."""

from __future__ import annotations

import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from bot.cli import main
from bot.cli.errors import BadUsage, DataError, ExitCode, UserError, dumps, emit, one_line
from bot.paths import default_db_path

if TYPE_CHECKING:
    from rulings_db.build import SyncRefused

EXIT_REFUSED = ExitCode.DATA  # the new build was refused; the old database serves
# A refusal names every kind, its counts and its source (URLs included): longer than the
# one-line limit of other errors, still one line.
MAX_REFUSAL_MESSAGE = 2000
EXIT_INTERRUPTED = 130
MISSING_HINT = "Run `rulesbot sync` (or `rulesbot sync --from PATH` offline)."
STAGE_NAMES = {
    "cards": "cards",
    "rulings": "rulings",
    "mtgjson": "MTGJSON cards",
    "rules": "Comprehensive Rules",
    "index": "search indexes",
    "validate": "validating",
}


@main.command("sync")
@click.option(
    "--from",
    "source",
    type=click.Path(path_type=Path),
    help="Build from files on disk (a folder such as ../shared/data, or one file) "
    "instead of downloading.",
)
@click.option("--cr-url", help="The Comprehensive Rules text URL (network sync only).")
@click.option(
    "--db",
    "db_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help="The knowledge-base file [default: $RULESBOT_DB or the user data folder].",
)
@click.option(
    "--allow-shrink",
    is_flag=True,
    help="Swap the new database in even when a kind (cards, rulings, rules, glossary) drops "
    "to zero or shrinks by more than a quarter against the one it replaces.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the build report as JSON.")
def sync_command(
    source: Path | None,
    cr_url: str | None,
    db_path: Path | None,
    allow_shrink: bool,
    as_json: bool,
) -> None:
    """Build or refresh the knowledge base: cards, rulings and the Comprehensive Rules.

    The new database is built beside the old one and swapped in only once it is complete,
    valid and not much smaller than the old one; if anything fails the old one keeps serving.
    A refused sync exits 3.
    """
    target = db_path or default_db_path()
    if source is not None and cr_url:
        raise BadUsage("--cr-url only applies to a network sync; drop it or drop --from")
    progress = _progress_for(as_json)
    try:
        report = (
            _sync_from_path(source, target, progress, allow_shrink, as_json)
            if source is not None
            else _sync_from_network(target, cr_url, progress, allow_shrink, as_json)
        )
    except KeyboardInterrupt:
        click.echo("\nInterrupted; the knowledge base was left as it was.", err=True)
        sys.exit(EXIT_INTERRUPTED)
    finally:
        if progress is not None:
            progress.close()
    if as_json:
        click.echo(json.dumps(_report_json(report), indent=2, ensure_ascii=False))
    else:
        click.echo(_report_text(report))


def _sync_from_path(
    source: Path,
    target: Path,
    progress: _TerminalProgress | None,
    allow_shrink: bool,
    as_json: bool,
) -> Any:
    from bot.mechanics import engine_mechanics
    from rulings_db.build import BuildError, SyncRefused
    from rulings_db.sync import sync_from_path

    try:
        return sync_from_path(
            source, target, progress, allow_shrink=allow_shrink, mechanics_of=engine_mechanics
        )
    except SyncRefused as exc:
        _refused(exc, progress, as_json)
    except BuildError as exc:
        # What the operator named with --from can't be built from: their input (exit 1).
        raise UserError(f"sync failed: {exc}") from exc


def _sync_from_network(
    target: Path,
    cr_url: str | None,
    progress: _TerminalProgress | None,
    allow_shrink: bool,
    as_json: bool,
) -> Any:
    try:
        from rulings_db.fetch import sync_from_network
    except ImportError:
        _fail("network sync is not available in this installation; use `rulesbot sync --from PATH`")
    from rulings_db.build import SyncRefused

    try:
        from bot.mechanics import engine_mechanics

        return sync_from_network(
            target,
            cr_url=cr_url,
            progress=progress,
            allow_shrink=allow_shrink,
            mechanics_of=engine_mechanics,
        )
    except (KeyboardInterrupt, SystemExit):
        raise
    except SyncRefused as exc:
        _refused(exc, progress, as_json)
    except Exception as exc:  # FetchError, BuildError, OSError: all end the same way
        _fail(f"sync failed: {exc}")


def _refused(exc: SyncRefused, progress: _TerminalProgress | None, as_json: bool) -> NoReturn:
    """A refused build is a data error (exit 3): ``error: sync refused: ...`` on stderr, and with
    --json also the error object on stdout, with one entry per refusal."""
    if progress is not None:
        progress.close()
    message = one_line(f"sync refused: {exc}", limit=MAX_REFUSAL_MESSAGE)
    if as_json:
        refused = [refusal.to_json() for refusal in exc.refusals]
        emit(dumps({"error": message, "exit_code": int(EXIT_REFUSED), "refused": refused}))
    emit(click.style("error: ", fg="red") + message, err=True)
    sys.exit(EXIT_REFUSED)


def _fail(message: str) -> NoReturn:
    """A sync or status that could not be done is a data error (exit 3), like every command's."""
    raise DataError(message)


PLAIN_PROGRESS_SECONDS = 2.0  # a piped sync's progress: at most one line this often per stage


class _TerminalProgress:
    """One self-rewriting status line on stderr per stage."""

    def __init__(self) -> None:
        self.stage: str | None = None

    def __call__(self, stage: str, done: int, total: int | None) -> None:
        if stage == "done":
            return
        if stage != self.stage and self.stage is not None:
            click.echo(err=True)
        self.stage = stage
        label = STAGE_NAMES.get(stage, stage)
        amount = f"{done:,}" if total is None else f"{done:,}/{total:,}"
        line = f"  {label}: {amount}" if done or total else f"  {label}..."
        click.echo("\r\033[K" + line, nl=False, err=True)

    def close(self) -> None:
        if self.stage is not None:
            click.echo(err=True)
            self.stage = None


class _PlainProgress(_TerminalProgress):
    """For a pipe or a log (stderr not a terminal): plain lines, one when a stage starts and
    at most one every PLAIN_PROGRESS_SECONDS within it, so a piped sync is never silent."""

    def __init__(self) -> None:
        super().__init__()
        self.last = 0.0

    def __call__(self, stage: str, done: int, total: int | None) -> None:
        now = time.monotonic()
        if stage == "done" or (stage == self.stage and now - self.last < PLAIN_PROGRESS_SECONDS):
            return
        self.stage, self.last = stage, now
        label = STAGE_NAMES.get(stage, stage)
        amount = f"{done:,}" if total is None else f"{done:,}/{total:,}"
        click.echo(f"  {label}: {amount}" if done or total else f"  {label}...", err=True)

    def close(self) -> None:
        self.stage = None


def _progress_for(as_json: bool) -> _TerminalProgress | None:
    if as_json:
        return None
    return _TerminalProgress() if sys.stderr.isatty() else _PlainProgress()


def _report_json(report: Any) -> dict[str, Any]:
    """A BuildReport, or a network report (which may say nothing changed), as JSON."""
    build = getattr(report, "build", report)
    out: dict[str, Any] = {}
    if hasattr(report, "changed"):
        out["changed"] = bool(report.changed)
    if build is not None and hasattr(build, "to_json"):
        out |= build.to_json()
    if hasattr(report, "warnings") and "warnings" not in out:
        out["warnings"] = list(report.warnings)
    return out


def _report_text(report: Any) -> str:
    if getattr(report, "changed", True) is False:
        return f"Knowledge base at {report.target} is up to date: every source was unchanged."
    build = getattr(report, "build", report)
    lines = [f"Built {build.path} in {build.seconds:.1f} s"]
    lines.append("  " + _counts_text(build.counts))
    if build.cr_effective_date:
        lines.append(f"  Comprehensive Rules effective {build.cr_effective_date}")
    for source in build.sources:
        lines.append("  " + _source_text(source))
    warnings = [*getattr(build, "warnings", []), *getattr(report, "warnings", ())]
    lines += [f"  warning: {w}" for w in dict.fromkeys(warnings)]
    return "\n".join(lines)


def _counts_text(counts: dict[str, int]) -> str:
    return ", ".join(f"{name} {value:,}" for name, value in counts.items())


def _source_text(source: dict[str, Any]) -> str:
    size = _size(int(source.get("bytes") or 0))
    text = f"{source.get('file')}  ({source.get('format')}, {size})"
    fetch = source.get("fetch") or {}
    if fetch.get("fetched_at"):
        text += f"  fetched {fetch['fetched_at']}"
    if fetch.get("etag"):
        text += f"  ETag {fetch['etag']}"
    if not source.get("used", True):
        text += f"  not used: {source.get('note') or 'skipped'}"
    return text


def _size(count: int) -> str:
    if count < 1024:
        return f"{count} bytes"
    if count < 1024 * 1024:
        return f"{count / 1024:.1f} KB"
    return f"{count / (1024 * 1024):.1f} MB"


@main.command("status")
@click.option(
    "--db",
    "db_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help="The knowledge-base file [default: $RULESBOT_DB or the user data folder].",
)
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON.")
def status_command(db_path: Path | None, as_json: bool) -> None:
    """What the knowledge base holds: counts, CR date, when and from what it was built."""
    from rulings_db.sync import KnowledgeBaseMissing, read_status

    path = db_path or default_db_path()
    try:
        status = read_status(path)
    except KnowledgeBaseMissing as exc:
        if path.exists():
            _fail(f"{exc} Run `rulesbot sync` to rebuild it.")
        _fail(f"No knowledge base at {path}. {MISSING_HINT}")
    status["age_seconds"] = _age_seconds(status.get("built_at"))
    if as_json:
        click.echo(json.dumps(status, indent=2, ensure_ascii=False))
    else:
        click.echo(_status_text(status))


def _cr_text(effective: Any) -> str:
    return f"effective {effective}" if effective else "none imported"


def _age_seconds(built_at: Any) -> int | None:
    try:
        built = datetime.fromisoformat(str(built_at))
    except ValueError:
        return None
    return max(0, int((datetime.now(UTC) - built).total_seconds()))


def _age_text(seconds: int | None) -> str:
    if seconds is None:
        return "unknown age"
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''} ago"
    return "just now"


def _status_text(status: dict[str, Any]) -> str:
    lines = [
        f"Knowledge base: {status['path']} ({_size(int(status['bytes']))}, "
        f"schema {status.get('schema_version')})",
        f"Built: {status.get('built_at')} ({_age_text(status.get('age_seconds'))})",
        "Comprehensive Rules: "
        + (
            f"effective {status['cr_effective_date']}"
            if status.get("cr_effective_date")
            else "none"
        ),
        "Counts: " + _counts_text(status.get("counts") or {}),
        "Sources:",
    ]
    lines += ["  " + _source_text(source) for source in status.get("sources") or []]
    return "\n".join(lines)
