"""Lookups from the command line: ``card``, ``rulings``, ``cr``, ``define`` and ``ask``.

Human output is what the bot would post (the service's replies rendered as text), so the CLI
answers exactly as Discord does; ``--json`` prints the knowledge base's own records.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any, BinaryIO

import click

from bot.cli import main
from bot.cli.batch import (
    EMPTY_QUESTION,
    MIN_QUESTION,
    answer_batch,
    answered,
    record_exit_code,
)
from bot.cli.errors import DataError, ExitCode, UserError, dumps, emit
from bot.paths import default_db_path
from bot.render import limits
from bot.render.reply import Reply
from bot.service.core import RulesService, ServiceError
from bot.service.parsing import MAX_NAME, MAX_QUESTION
from rulings_db.knowledge import KnowledgeBaseError, clean_rule_number
from rulings_db.models import Card, CardMatch

AUTO_SYNC_ENV = "RULESBOT_AUTO_SYNC"

db_option = click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Knowledge-base file (default: $RULESBOT_DB or the per-user data folder).",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")

#: The longest rule query or glossary term looked up (the service's own cut).
MAX_TERM = 100
EMPTY_NAME = "Give a card name, such as Tarmogoyf."
EMPTY_RULE = "Give a rule number such as 702.19b, or a keyword such as trample."
EMPTY_TERM = "Give a term to define, such as trample."


@main.command("card")
@click.argument("name", nargs=-1, required=True)
@db_option
@json_option
def card_command(name: tuple[str, ...], db_path: Path | None, as_json: bool) -> None:
    """Show a card by name (typos, nicknames and face names are fine)."""
    query = " ".join(name)
    with _service(db_path) as service:
        if not as_json:
            _print_reply(asyncio.run(service.card(query)))
            return
        match = service.kb.card(_cleaned(query, MAX_NAME, EMPTY_NAME))
        _print_json(_match_json(match))
    _exit_found(match.card is not None or match.ambiguous)


@main.command("rulings")
@click.argument("name", nargs=-1, required=True)
@db_option
@json_option
def rulings_command(name: tuple[str, ...], db_path: Path | None, as_json: bool) -> None:
    """Show the official rulings of a card (all faces)."""
    query = " ".join(name)
    with _service(db_path) as service:
        if not as_json:
            _print_reply(asyncio.run(service.rulings(query)), pages=True)
            return
        match = service.kb.card(_cleaned(query, MAX_NAME, EMPTY_NAME))
        payload = _match_json(match)
        if match.card is not None:
            payload["rulings"] = [asdict(r) for r in service.kb.rulings(match.card)]
        _print_json(payload)
    _exit_found(match.card is not None or match.ambiguous)


@main.command("cr")
@click.argument("words", nargs=-1, required=True)
@db_option
@json_option
def cr_command(words: tuple[str, ...], db_path: Path | None, as_json: bool) -> None:
    """Show a Comprehensive Rules rule by number (702.19b, CR 702.19b, rule 702.19b.) or
    keyword (trample), with its sub-rules."""
    number = " ".join(words)
    with _service(db_path) as service:
        if not as_json:
            _print_reply(asyncio.run(service.rule(number)))
            return
        number = _cleaned(number, MAX_TERM, EMPTY_RULE)
        rule = service.kb.rule(number)
        if rule is None and clean_rule_number(number) is None:  # a keyword, as the text reply
            found = service.kb.complete_rule(number, 1)
            rule = service.kb.rule(found[0][0]) if found else None
        if rule is None:
            suggestions = service.kb.complete_rule(number, 5)
            _print_json({"query": number, "found": False, "suggestions": suggestions})
        else:
            _print_json({"found": True, "cr_effective_date": service.cr_date, **asdict(rule)})
    _exit_found(rule is not None)


@main.command("define")
@click.argument("term", nargs=-1, required=True)
@db_option
@json_option
def define_command(term: tuple[str, ...], db_path: Path | None, as_json: bool) -> None:
    """Show the Comprehensive Rules glossary entry for a term."""
    query = " ".join(term)
    with _service(db_path) as service:
        if not as_json:
            _print_reply(asyncio.run(service.define(query)))
            return
        query = _cleaned(query, MAX_TERM, EMPTY_TERM)
        entry = service.kb.define(query)
        if entry is None:
            suggestions = service.kb.suggest_terms(query)
            _print_json({"query": query, "found": False, "suggestions": suggestions})
        else:
            _print_json({"found": True, **asdict(entry)})
    _exit_found(entry is not None)


@main.command("ask")
@click.argument("question", nargs=-1)
@click.option(
    "--batch",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help='A JSONL file of {"id", "question"} lines; prints one JSON result per input line.',
)
@db_option
@json_option
def ask_command(
    question: tuple[str, ...], batch: Path | None, db_path: Path | None, as_json: bool
) -> None:
    """Answer a free rules question with the rulings and rules that decide it.

    With --batch, every input line gets exactly one JSON object on stdout: an answer, or an
    "error" record for a line that isn't a question record. Exit 0 when every line was
    answered, 1 when a line was refused, 3 when a question failed.
    """
    if batch is None and not question:
        raise click.UsageError('Give a question (rulesbot ask "can I …") or --batch FILE.jsonl.')
    if batch is not None and question:
        raise click.UsageError("Give either a question or --batch FILE.jsonl, not both.")
    with _service(db_path) as service:
        if batch is not None:
            worst: int = ExitCode.FOUND
            with _open_batch(batch) as stream:
                for record in answer_batch(service.ask_json, stream):
                    worst = max(worst, record_exit_code(record))
                    emit(dumps(record))
            sys.exit(worst)
        text = " ".join(question)
        if not as_json:
            reply = asyncio.run(service.ask(text))
            _print_reply(reply)
            _exit_found(reply.confidence != "none")
            return
        payload = service.ask_json(_question(text))
        _print_json(payload)
    _exit_found(answered(payload))


# -- shared plumbing ---------------------------------------------------------------------


def _cleaned(text: str, limit: int, empty_message: str) -> str:
    """The same cleaning the service gives text input; nothing left is a user error."""
    cleaned = limits.clean_input(text, limit)
    if not cleaned:
        raise UserError(empty_message)
    return cleaned


def _question(text: str) -> str:
    # One character over the limit, as the service does, so the answer notes the cut; the
    # line breaks are kept for the reader (a board laid out on lines), retrieval flattens them
    question = limits.clean_lines(text, MAX_QUESTION + 1)
    if len(question) < MIN_QUESTION:
        raise UserError(EMPTY_QUESTION)
    return question


def _open_batch(path: Path) -> BinaryIO:
    try:
        return path.open("rb")
    except OSError as error:  # unreadable: the user's file, not our data
        raise UserError(f"{path}: {error.strerror or error}") from None


def _exit_found(found: bool) -> None:
    if not found:
        sys.exit(ExitCode.NOT_FOUND)


@contextmanager
def _service(db_path: Path | None) -> Iterator[RulesService]:
    path = db_path or default_db_path()
    if not path.exists():
        _first_sync(path)
    try:
        service = RulesService.open(path)
    except KnowledgeBaseError as error:
        raise DataError(str(error)) from None
    try:
        yield service
    except ServiceError as error:  # already worded for a user (a timeout, a failed lookup)
        raise DataError(str(error)) from None
    finally:
        service.close()


def _first_sync(path: Path) -> None:
    """No database yet: build one from the network, or say exactly what to run."""
    offline_hint = (
        f"No knowledge base at {path}. Run `rulesbot sync` to download the data "
        "(or `rulesbot sync --from PATH` with a folder of Scryfall/MTGJSON/CR files)."
    )
    if os.environ.get(AUTO_SYNC_ENV, "1") == "0":
        raise DataError(offline_hint)
    emit(f"No knowledge base at {path} yet: downloading the data (first run)…", err=True)
    try:
        from bot.mechanics import engine_mechanics
        from rulings_db.fetch import sync_from_network

        sync_from_network(path, mechanics_of=engine_mechanics)
    except Exception as error:  # any failure: say what happened and what to run
        raise DataError(f"Could not download the data ({error}). {offline_hint}") from None


def _match_json(match: CardMatch) -> dict[str, Any]:
    if match.card is not None:
        return {
            "query": match.query,
            "ambiguous": False,
            "how": match.how,
            **_card_json(match.card),
        }
    return {
        "query": match.query,
        "found": False,
        "ambiguous": match.ambiguous,
        "candidates": list(match.candidates),
    }


def _card_json(card: Card) -> dict[str, Any]:
    return {"found": True, **asdict(card)}


def _print_reply(reply: Reply, pages: bool = False) -> None:
    text = reply.to_text(controls=False)
    if pages and len(reply.pages) > 1:
        text = "\n\n".join(page.to_text() for page in reply.pages)
    _echo_styled(text)
    if reply.not_found or (reply.ephemeral and not reply.choices):
        sys.exit(
            ExitCode.NOT_FOUND
        )  # an error reply (not found, even with suggestions; empty input)


def _echo_styled(text: str) -> None:
    """Bold the first line (the title) where the terminal shows colour."""
    first, _, rest = text.partition("\n")
    emit(click.style(first, bold=True) + ("\n" + rest if rest else ""))


def _print_json(payload: object) -> None:
    emit(dumps(payload, indent=2))
