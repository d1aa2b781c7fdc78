"""Lookups from the command line: ``card``, ``rulings``, ``cr``, ``define`` and ``ask``.

Human output is what the bot would post (the service's replies rendered as text), so the CLI
answers exactly as Discord does; ``--json`` prints the knowledge base's own records.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any, NoReturn

import click

from bot.cli import main
from bot.paths import default_db_path
from bot.render.reply import Reply
from bot.service.core import RulesService
from rulings_db.knowledge import KnowledgeBaseError
from rulings_db.models import Card, CardMatch

AUTO_SYNC_ENV = "RULESBOT_AUTO_SYNC"

db_option = click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Knowledge-base file (default: $RULESBOT_DB or the per-user data folder).",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


@main.command("card")
@click.argument("name", nargs=-1, required=True)
@db_option
@json_option
def card_command(name: tuple[str, ...], db_path: Path | None, as_json: bool) -> None:
    """Show a card by name (typos, nicknames and face names are fine)."""
    query = " ".join(name)
    with _service(db_path) as service:
        if as_json:
            _print_json(_match_json(service.kb.card(query)))
        else:
            _print_reply(asyncio.run(service.card(query)))


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
        match = service.kb.card(query)
        payload = _match_json(match)
        if match.card is not None:
            payload["rulings"] = [asdict(r) for r in service.kb.rulings(match.card)]
        _print_json(payload)


@main.command("cr")
@click.argument("number")
@db_option
@json_option
def cr_command(number: str, db_path: Path | None, as_json: bool) -> None:
    """Show a Comprehensive Rules rule by number (702.19b), with its sub-rules."""
    with _service(db_path) as service:
        if not as_json:
            _print_reply(asyncio.run(service.rule(number)))
            return
        rule = service.kb.rule(number)
        if rule is None:
            suggestions = service.kb.complete_rule(number, 5)
            _print_json({"query": number, "found": False, "suggestions": suggestions})
            sys.exit(1)
        _print_json({"found": True, "cr_effective_date": service.cr_date, **asdict(rule)})


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
        entry = service.kb.define(query)
        if entry is None:
            suggestions = service.kb.suggest_terms(query)
            _print_json({"query": query, "found": False, "suggestions": suggestions})
            sys.exit(1)
        _print_json({"found": True, **asdict(entry)})


@main.command("ask")
@click.argument("question", nargs=-1)
@click.option(
    "--batch",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help='A JSONL file of {"id", "question"} lines; prints one JSON result per line.',
)
@db_option
@json_option
def ask_command(
    question: tuple[str, ...], batch: Path | None, db_path: Path | None, as_json: bool
) -> None:
    """Answer a free rules question with the rulings and rules that decide it."""
    if batch is None and not question:
        _fail('Give a question (rulesbot ask "can I …") or --batch FILE.jsonl.')
    with _service(db_path) as service:
        if batch is not None:
            for result in _answer_batch(service.kb, batch):
                click.echo(json.dumps(result, ensure_ascii=False))
            return
        text = " ".join(question)
        if as_json:
            _print_json(service.kb.ask(text).to_json())
        else:
            _print_reply(asyncio.run(service.ask(text)))


def _answer_batch(kb: Any, path: Path) -> Iterator[dict[str, object]]:
    """One result per input line; a bad line yields an error record, never stops the run."""
    with path.open(encoding="utf-8", errors="replace") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                question = item["question"]
                if not isinstance(question, str):
                    raise TypeError("question must be a string")
            except (ValueError, KeyError, TypeError) as error:
                yield {"line": number, "error": f"line {number}: not a question record ({error})"}
                continue
            yield {"id": item.get("id"), **kb.ask(question).to_json()}


# -- shared plumbing ---------------------------------------------------------------------


@contextmanager
def _service(db_path: Path | None) -> Iterator[RulesService]:
    path = db_path or default_db_path()
    if not path.exists():
        _first_sync(path)
    try:
        service = RulesService.open(path)
    except KnowledgeBaseError as error:
        _fail(str(error))
    try:
        yield service
    finally:
        service.close()


def _first_sync(path: Path) -> None:
    """No database yet: build one from the network, or say exactly what to run."""
    offline_hint = (
        f"No knowledge base at {path}. Run `rulesbot sync` to download the data "
        "(or `rulesbot sync --from PATH` with a folder of Scryfall/MTGJSON/CR files)."
    )
    if os.environ.get(AUTO_SYNC_ENV, "1") == "0":
        _fail(offline_hint)
    click.echo(f"No knowledge base at {path} yet: downloading the data (first run)…", err=True)
    try:
        from rulings_db.fetch import sync_from_network

        sync_from_network(path)
    except Exception as error:  # any failure: say what happened and what to run
        _fail(f"Could not download the data ({error}).\n{offline_hint}")


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
        sys.exit(1)  # an error reply (not found, even with suggestions; empty input...)


def _echo_styled(text: str) -> None:
    """Bold the first line (the title) where the terminal shows colour."""
    first, _, rest = text.partition("\n")
    click.echo(click.style(first, bold=True) + ("\n" + rest if rest else ""))


def _print_json(payload: object) -> None:
    click.echo(json.dumps(payload, ensure_ascii=False, indent=2))


def _fail(message: str) -> NoReturn:
    click.echo(click.style("error: ", fg="red") + message, err=True)
    sys.exit(1)
