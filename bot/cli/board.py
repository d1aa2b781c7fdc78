"""``rulesbot board`` (answer the questions in a board file) and ``rulesbot engine-coverage``."""

from __future__ import annotations

import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from bot.boards import (
    BoardFile,
    BoardFileError,
    KnowledgeBaseCards,
    answer_questions,
    iter_kb_cards,
    iter_scryfall_cards,
    load_board_file,
)
from bot.cli import main
from bot.cli.errors import DataError, ExitCode, UserError, describe, dumps, emit
from engine.cards import CardSource, CardText
from engine.compiler import compile_all_faces


@contextmanager
def _kb_source(db_path: Path | None, required: bool) -> Iterator[Any]:
    """Open the knowledge base if there is one (``None`` when absent and not required)."""
    from bot.paths import default_db_path
    from rulings_db.knowledge import KnowledgeBase, KnowledgeBaseError

    path = db_path or default_db_path()
    if not path.exists():
        if required or db_path is not None:
            raise DataError(
                f"no knowledge base at {path} (run `rulesbot sync`, or pass --cards FILE)"
            )
        yield None
        return
    try:
        kb = KnowledgeBase(path)
    except KnowledgeBaseError as exc:
        raise DataError(str(exc)) from None
    try:
        yield kb
    finally:
        close = getattr(kb, "close", None)
        if close:
            close()


@main.command("board")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the answers as JSON.")
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Knowledge-base file for cards not given inline (default: $RULESBOT_DB).",
)
def board_command(file: Path, as_json: bool, db_path: Path | None) -> None:
    """Answer the questions in a board FILE (YAML or JSON; see docs/board-spec.md).

    Exit 0 when every question was answered, 1 when the file or a question was refused.
    """
    with _kb_source(db_path, required=False) as kb:
        fallback: CardSource | None = KnowledgeBaseCards(kb) if kb is not None else None
        board_file = _load(file, fallback)
        results: list[dict[str, Any]] = []
        failed = False
        for outcome in answer_questions(board_file):  # all questions within one time budget
            i, line, answer = outcome.number - 1, outcome.line, outcome.answer
            where = f"questions[{i}]" + (f" (line {line})" if line else "")
            if answer is None:
                failed = True
                results.append({"question": i + 1, "error": f"{where}: {outcome.error}"})
                continue
            results.append({"question": i + 1, "kind": answer.kind, **answer.to_json()})
    if as_json:
        emit(dumps({"file": str(file), "answers": results}, indent=2))
    else:
        if not results:
            emit(f"{file}: the board is valid; it has no questions.")
        for r in results:
            emit(_render(r))
    if failed:
        sys.exit(ExitCode.NOT_FOUND)


def _load(file: Path, fallback: CardSource | None) -> BoardFile:
    """The board file, or a one-line refusal naming the file (a user error, exit 1)."""
    try:
        return load_board_file(file, fallback)
    except BoardFileError as exc:
        raise UserError(str(exc)) from None
    except (OSError, ValueError, RecursionError, MemoryError) as exc:  # past the loader's limits
        raise UserError(f"{file}: can't read this board file: {describe(exc)}") from None


def _render(r: dict[str, Any]) -> str:
    if "error" in r:
        return f"Q{r['question']}: error: {r['error']}\n"
    tag = (
        "verified" if r["verified"] else ("could not decide" if not r["decided"] else "UNVERIFIED")
    )
    lines = [f"Q{r['question']} [{r['kind']}] ({tag}): {r['answer']}"]
    for step in r["steps"]:
        lines.append(f"  {step['rule']:>9}  {step['text']}")
    for item in r["unmodelled"]:
        lines.append(f"  not modelled: {item}")
    return "\n".join(lines) + "\n"


# --- engine-coverage --------------------------------------------------------------------------


def template_of(text: str) -> str:
    """Group unsupported clauses into templates: numbers, mana symbols and names folded."""
    t = re.sub(r"\{[^}]+\}", "{M}", text)
    t = re.sub(r"\b\d+\b", "N", t)
    t = re.sub(r"[+-]N/[+-]N", "±N/±N", t)
    return t.strip()[:120]


#: engine-coverage prints a progress line every this many cards (it reads every card)
PROGRESS_EVERY = 2000


def measure(
    cards: Iterable[CardText], progress: Callable[[int], None] | None = None
) -> dict[str, Any]:
    total = modelled = 0
    templates: Counter[str] = Counter()
    for card in cards:
        total += 1
        if progress is not None and total % PROGRESS_EVERY == 0:
            progress(total)
        unsupported = [u for d in compile_all_faces(card) for u in d.unsupported]
        if not unsupported:
            modelled += 1
        for u in unsupported:
            templates[template_of(u.text)] += 1
    return {
        "cards": total,
        "fully_modelled": modelled,
        "share": round(modelled / total, 4) if total else 0.0,
        "top_unsupported": [{"template": t, "cards": n} for t, n in templates.most_common(25)],
    }


def _progress_lines() -> Callable[[int], None]:
    start = time.monotonic()

    def report(done: int) -> None:
        emit(
            f"engine-coverage: {done:,} cards measured ({time.monotonic() - start:.0f} s)", err=True
        )

    return report


#: How deep a cards file may nest (Scryfall's nest about 5 deep). ijson's item builder costs
#: memory quadratic in depth: 100,000 nested ``[`` took 24 GB before this check.
MAX_CARDS_JSON_DEPTH = 64


def _check_cards_depth(path: Path) -> None:
    """Refuse a cards file nested deeper than MAX_CARDS_JSON_DEPTH, before building anything."""
    import ijson

    depth = 0
    try:
        with path.open("rb") as stream:
            for event, _ in ijson.basic_parse(stream):  # events only: constant memory
                if event in ("start_map", "start_array"):
                    depth += 1
                    if depth > MAX_CARDS_JSON_DEPTH:
                        raise UserError(
                            f"{path}: nested more than {MAX_CARDS_JSON_DEPTH} levels deep; "
                            "not a Scryfall cards file"
                        )
                elif event in ("end_map", "end_array"):
                    depth -= 1
    except UserError:
        raise
    except Exception as exc:  # ijson/JSON/OS errors: the file can't be read as cards
        raise UserError(f"{path}: can't read cards: {describe(exc)}") from None


@main.command("engine-coverage")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Knowledge-base file (default: $RULESBOT_DB or the data folder).",
)
@click.option(
    "--cards",
    "cards_file",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="A Scryfall oracle-cards JSON file to measure instead of the knowledge base.",
)
def coverage_command(as_json: bool, db_path: Path | None, cards_file: Path | None) -> None:
    """Share of cards whose every ability the engine models, and the commonest gaps.

    Progress goes to stderr as plain lines (with --json only when stderr is a terminal)."""
    progress = _progress_lines() if not as_json or sys.stderr.isatty() else None
    if cards_file is not None:
        _check_cards_depth(cards_file)
        try:
            report = measure(iter_scryfall_cards(cards_file), progress)
        except Exception as exc:  # ijson/JSON errors: report, never a traceback
            raise UserError(f"{cards_file}: can't read cards: {describe(exc)}") from None
        if not report["cards"]:
            raise UserError(f"{cards_file}: no cards in it (expected a Scryfall oracle-cards list)")
    else:
        with _kb_source(db_path, required=True) as kb:
            report = measure(iter_kb_cards(kb), progress)
    if as_json:
        emit(dumps(report, indent=2))
        return
    emit(
        f"{report['fully_modelled']} of {report['cards']} cards fully modelled "
        f"({report['share']:.1%})."
    )
    emit("Most common unsupported templates:")
    for row in report["top_unsupported"]:
        emit(f"  {row['cards']:>5}  {row['template']}")
