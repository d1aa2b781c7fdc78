"""The answering service: plain async Python over the knowledge base, no Discord types.

The Discord cogs, ``rulesbot console`` and the CLI all call this. Blocking knowledge-base work
runs in a bounded thread pool with a hard timeout; autocomplete is answered from memory inline.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from bot.render import content, limits
from bot.render.board import BoardAnswer, board_reply
from bot.render.reading import board_answer_reply
from bot.render.reply import Reply, error
from bot.service.board_work import BoardWorkerError, BoardWorkers, run_board
from bot.service.parsing import (
    MAX_NAME,
    MAX_QUESTION,
    InlineRequest,
    inline_requests,
    parse_line,
)
from rulings_db.knowledge import clean_rule_number
from rulings_db.models import Answer, Card, CardMatch, GlossaryEntry, Rule, Ruling

if TYPE_CHECKING:  # the engine and its chat reader load on the first question, not at start
    from bot.service.board_questions import BoardQuestion
    from bot.service.gate import GateVerdict

log = logging.getLogger(__name__)
T = TypeVar("T")

CONFIDENCE_RANK = {"none": 0, "low": 1, "medium": 2, "high": 3}
MAX_BOARD_BYTES = 64_000
# the share of the service timeout one board file's engine work may take: its questions stop
# ("could not decide") in time for the answer to be sent, and its worker is free again
BOARD_TIME_SHARE = 0.8


class KnowledgeBaseLike(Protocol):
    """The read API of ``rulings_db.knowledge.KnowledgeBase`` that the service uses."""

    def card(self, name: str) -> CardMatch: ...
    def card_by_id(self, oracle_id: str) -> Card | None: ...
    def complete_card_name(self, prefix: str, limit: int = 25) -> list[str]: ...
    def rulings(self, card: Card) -> list[Ruling]: ...
    def rule(self, number: str) -> Rule | None: ...
    def complete_rule(self, text: str, limit: int = 25) -> list[tuple[str, str]]: ...
    def define(self, term: str) -> GlossaryEntry | None: ...
    def suggest_terms(self, term: str, limit: int = 5) -> list[str]: ...
    def complete_term(self, text: str, limit: int = 25) -> list[str]: ...
    def search_rules(self, text: str, limit: int = 10) -> list[Rule]: ...
    def ask(self, question: str, limit: int = 5) -> Answer: ...
    def rules_vocabulary(self) -> frozenset[str]: ...
    def mentions(self, text: str) -> Sequence[object]: ...
    def status(self) -> dict[str, object]: ...
    def refresh_if_changed(self) -> bool: ...
    def close(self) -> None: ...


class ServiceError(Exception):
    """A failure to show the user as it is (already polite, no internals)."""


class _BoardRejected(ServiceError):
    """A board spec the reader refused (the message says where and why)."""


class RulesService:
    def __init__(
        self,
        kb: KnowledgeBaseLike,
        *,
        timeout: float = 5.0,
        workers: int = 4,
        db_path: Path | None = None,
        board_processes: bool = False,
    ) -> None:
        self.kb = kb
        self.timeout = timeout
        self.db_path = db_path
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="rulesbot-kb")
        # free questions are the slow path: their own pool, so a burst of them never queues
        # ahead of card and rule lookups
        self._question_pool = ThreadPoolExecutor(
            max_workers=max(1, workers // 2), thread_name_prefix="rulesbot-ask"
        )
        # board files (engine work, up to BOARD_TIME_SHARE of the timeout each) have their own
        # workers too, so hostile boards never hold the workers that answer /ask
        # one core stays free for the event loop: the engine's children never take every core
        board_workers = max(1, min(workers // 2, (os.cpu_count() or 2) - 1))
        self._board_pool = ThreadPoolExecutor(
            max_workers=board_workers, thread_name_prefix="rulesbot-board"
        )
        # with a database file, the engine runs in child processes (bot.service.board_work)
        self._board_workers = (
            BoardWorkers(db_path, board_workers) if board_processes and db_path else None
        )
        self._status: dict[str, object] = {}

    @classmethod
    def open(cls, path: Path, **kwargs: object) -> RulesService:
        """Open the knowledge base at ``path`` (raises ``KnowledgeBaseError`` with what to run)."""
        from rulings_db.knowledge import KnowledgeBase

        kwargs.setdefault("board_processes", True)
        service = cls(KnowledgeBase(path), db_path=path, **kwargs)  # type: ignore[arg-type]
        service._status = service.kb.status()
        return service

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._question_pool.shutdown(wait=False, cancel_futures=True)
        self._board_pool.shutdown(wait=False, cancel_futures=True)
        if self._board_workers is not None:
            self._board_workers.close()
        self.kb.close()

    def warm_lookups(self) -> None:
        """Read the card-name table and the gate's vocabulary now (a one-shot CLI command
        reads them on first use): the bot's first autocomplete never waits for them."""
        getattr(self.kb, "names", None)
        self.kb.rules_vocabulary()

    def warm_board_workers(self) -> None:
        """Start the board files' child processes now rather than at the first /board."""
        if self._board_workers is not None:
            self._board_workers.warm()

    async def _run(self, fn: Callable[..., T], *args: object, pool: Executor | None = None) -> T:
        loop = asyncio.get_running_loop()
        call = loop.run_in_executor(pool or self._pool, fn, *args)
        try:
            return await asyncio.wait_for(call, self.timeout)
        except TimeoutError:
            log.warning("knowledge base call %s timed out after %.1fs", fn.__name__, self.timeout)
            raise ServiceError("That took too long to look up. Please try again.") from None
        except ServiceError:
            raise
        except Exception:
            log.exception("knowledge base call %s failed", fn.__name__)
            raise ServiceError("Something went wrong looking that up.") from None

    # ---- data freshness ------------------------------------------------------------------

    @property
    def cr_date(self) -> str | None:
        value = self._status.get("cr_effective_date")
        return str(value) if value else None

    async def status(self) -> dict[str, object]:
        self._status = await self._run(self.kb.status)
        return self._status

    async def refresh(self) -> bool:
        """Reopen the knowledge base if a sync swapped the file."""
        changed = await self._run(self.kb.refresh_if_changed)
        if changed:
            await self.status()
        return changed

    # ---- autocomplete (from memory, on the event loop) -------------------------------------

    def complete_card(self, prefix: str, limit: int = limits.CHOICES) -> list[str]:
        prefix = limits.clean_input(prefix, MAX_NAME)
        try:
            names = self.kb.complete_card_name(prefix, limit)
        except Exception:
            log.exception("card autocomplete failed")
            return []
        return [n for n in names if len(n) <= limits.CHOICE_VALUE][:limit]

    def complete_rule(self, text: str, limit: int = limits.CHOICES) -> list[tuple[str, str]]:
        text = limits.clean_input(text, 100)
        try:
            return self.kb.complete_rule(text, limit)[:limit]
        except Exception:
            log.exception("rule autocomplete failed")
            return []

    # ---- lookups ---------------------------------------------------------------------------

    async def find_card(self, name: str) -> CardMatch:
        name = limits.clean_input(name, MAX_NAME)
        if not name:
            return CardMatch(query=name)
        return await self._run(self.kb.card, name)

    async def card(self, name: str) -> Reply:
        match = await self.find_card(name)
        return content.card_reply(match.card) if match.card else content.not_found(match)

    async def card_image(self, name: str) -> Reply:
        match = await self.find_card(name)
        return content.image_reply(match.card) if match.card else content.not_found(match)

    async def rulings(self, name: str) -> Reply:
        match = await self.find_card(name)
        if match.card is None:
            return content.not_found(match)
        found = await self._run(self.kb.rulings, match.card)
        return content.rulings_pages(match.card, found)

    async def rulings_by_id(self, oracle_id: str) -> Reply:
        card = await self._run(self.kb.card_by_id, oracle_id)
        if card is None:
            return error("That card is no longer in the knowledge base.")
        found = await self._run(self.kb.rulings, card)
        return content.rulings_pages(card, found)

    async def rule(self, query: str) -> Reply:
        query = limits.clean_input(query, 100)
        if not query:
            return error("Give a rule number such as 702.19b, or a keyword such as trample.")
        # "CR 702.19b", "702.19b.", "rule 702.19b": the exact rule, never a neighbour's
        number = clean_rule_number(query)
        if number is None:
            completions = await self._run(self.kb.complete_rule, query, 5)
            if not completions:
                hits = await self._run(self.kb.search_rules, query, 5)
                return content.rule_not_found(query, [(r.number, r.title or "") for r in hits])
            number = completions[0][0]
        found = await self._run(self.kb.rule, number)
        if found is None:
            near = await self._run(self.kb.complete_rule, number, 5)
            return content.rule_not_found(query, near)
        return Reply(embeds=[content.rule_embed(found, self.cr_date)])

    async def define(self, term: str) -> Reply:
        term = limits.clean_input(term, 100)
        if not term:
            return error("Give a term to define, such as trample.")
        entry = await self._run(self.kb.define, term)
        if entry is None:
            return content.term_not_found(term, await self._run(self.kb.suggest_terms, term, 5))
        # "Trample: … See rule 702.19": what the rule says, not only where it is
        number = content.pointed_rule(entry)
        rule = await self._run(self.kb.rule, number) if number else None
        return Reply(embeds=[content.definition_embed(entry, self.cr_date, rule)])

    def complete_term(self, text: str, limit: int = limits.CHOICES) -> list[str]:
        """``/define`` autocomplete, from memory."""
        text = limits.clean_input(text, 100)
        try:
            terms = self.kb.complete_term(text, limit)
        except Exception:
            log.exception("term autocomplete failed")
            return []
        return [t for t in terms if len(t) <= limits.CHOICE_VALUE][:limit]

    async def gate(self, text: str) -> GateVerdict:
        """The auto-answer gate (``bot.service.gate``) on a chat message."""
        from bot.service.gate import rules_question

        text = limits.clean_input(text, MAX_QUESTION + 1)
        return await self._run(rules_question, text, self.kb, pool=self._question_pool)

    async def ask(self, question: str) -> Reply:
        # One character over the limit, so the knowledge base sees the cut and says so.
        lines = limits.clean_lines(question, MAX_QUESTION + 1)  # a board laid out on lines
        question = limits.clean_input(question, MAX_QUESTION + 1)
        if len(question) < 3:
            return error(
                "Ask a rules question, for example: can I tap a creature the turn it entered?"
            )
        board = await self._run(self._board_question, lines, pool=self._question_pool)
        answer = await self._run(self.kb.ask, question, 5, pool=self._question_pool)
        if board is not None and (board.has_answer or board.reading.follow_up):
            return board_answer_reply(board, answer, self.cr_date)
        cards = await self._run(self._named_cards, answer, pool=self._question_pool)
        return content.answer_reply(answer, self.cr_date, cards)

    def _named_cards(self, answer: Answer) -> list[Card]:
        """The cards a question names, for their Oracle text in the answer."""
        found = [self.kb.card(name).card for name in answer.cards[: content.ANSWER_CARDS]]
        return [card for card in found if card is not None]

    def _board_question(self, question: str) -> BoardQuestion | None:
        """A described board and its question -> the engine's answer (None: not a board)."""
        from bot.service.board_questions import board_question

        return board_question(self.kb, question, lambda n: self.kb.rule(n) is not None)

    async def board_as_read(self, question: str) -> str:
        """ "That's not my board": the spec the reader builds from ``question`` (the same
        reading its answer had), as a YAML code block within one Discord message."""
        from bot.render.reading import spec_message

        board = await self._run(
            self._board_question,
            limits.clean_lines(question, MAX_QUESTION + 1),
            pool=self._question_pool,
        )
        if board is None:
            return "I didn't read a board from that question, so there is no board to show."
        return spec_message(board.reading)

    async def described_board(self, text: str) -> Reply:
        """``/board`` with a plain description instead of a spec: the same reader as ``ask``;
        a message it can't read as a board gets a clear reply (and no retrieval answer)."""
        text = limits.clean_lines(text, MAX_QUESTION + 1)
        board = await self._run(self._board_question, text, pool=self._question_pool)
        if board is None or not (board.has_answer or board.reading.follow_up):
            from bot.service.board_questions import NOT_A_DESCRIBED_BOARD

            return error(NOT_A_DESCRIBED_BOARD)
        flat = limits.clean_input(text, MAX_QUESTION + 1)
        answer = await self._run(self.kb.ask, flat, 5, pool=self._question_pool)
        return board_answer_reply(board, answer, self.cr_date)

    def ask_json(
        self, question: str, payload: dict[str, object] | None = None
    ) -> dict[str, object]:
        """``ask --json``: retrieval's record (``payload``, or asked now), with the engine's
        answer as ``sources[0]`` when the question describes a board."""
        if payload is None:  # retrieval reads one line; the reader reads the lines (R13)
            payload = self.kb.ask(limits.clean_input(question, MAX_QUESTION + 1)).to_json()
        board = self._board_question(limits.clean_lines(question, MAX_QUESTION + 1))
        if board is not None and board.has_answer:
            sources = payload.get("sources")
            payload["sources"] = [board.to_json(), *(sources if isinstance(sources, list) else [])]
        elif board is not None and board.reading.follow_up:
            payload["reading"] = {
                "reading": board.reading.echo,
                "ask_back": board.reading.follow_up,
            }
        return payload

    async def about(self) -> Reply:
        try:
            status = await self.status()
        except ServiceError:
            status = dict(self._status)
        return content.about_reply(status)

    async def board(self, text: str, name: str = "board") -> Reply:
        """A board spec (YAML or JSON text) -> the engine's answer to each of its questions."""
        if len(text.encode("utf-8", "replace")) > MAX_BOARD_BYTES:
            return error(f"That board is larger than {MAX_BOARD_BYTES // 1000} kB.")
        try:
            # the deadline counts from now, so a board that waited for a worker gets less time
            deadline = time.monotonic() + self.timeout * BOARD_TIME_SHARE
            work = self._board_in_child if self._board_workers else self._board_answers
            answers = await self._run(work, text, name, deadline, pool=self._board_pool)
        except _BoardRejected as exc:  # the message quotes the file: escape what it echoes
            return error(limits.truncate(limits.defuse(str(exc)), 1500))
        return board_reply(answers)

    def _board_in_child(self, text: str, name: str, deadline: float) -> list[BoardAnswer]:
        assert self._board_workers is not None
        try:
            result = self._board_workers.answer(text, name, deadline, self.cr_date)
        except BoardWorkerError as exc:
            log.warning("board %r stopped: %s", name[:80], exc)
            raise _BoardRejected(
                "That board needed more work than I can give one request, so I stopped it."
            ) from None
        if result.rejected is not None:
            raise _BoardRejected(result.rejected)
        return list(result.answers)

    def _board_answers(
        self, text: str, name: str, deadline: float | None = None
    ) -> list[BoardAnswer]:
        """The same work in this process (no knowledge-base file to open a child on)."""
        if deadline is None:
            deadline = time.monotonic() + self.timeout * BOARD_TIME_SHARE
        result = run_board(self.kb, text, name, deadline, self.cr_date)
        if result.rejected is not None:
            raise _BoardRejected(result.rejected)
        return list(result.answers)

    async def inline(self, text: str) -> list[Reply]:
        """Answers for the [[card]] / [[?card]] / [[!card]] requests in a message (at most 5)."""
        requests = inline_requests(text)
        return list(await asyncio.gather(*(self._inline_one(r) for r in requests)))

    async def _inline_one(self, request: InlineRequest) -> Reply:
        try:
            if request.kind == "rulings":  # with its pages: the inline reply gets page buttons
                return await self.rulings(request.name)
            if request.kind == "image":
                return await self.card_image(request.name)
            return await self.card(request.name)
        except ServiceError as exc:
            return error(str(exc))


HELP = content.HELP  # the /help text, shared with the bot's /help
CONSOLE_CONFIG = (
    "/config sets a server's channels and threshold on Discord; in the console, start it with "
    "--channel auto|help|plain and --threshold high|medium|low."
)


async def respond_to_line(service: RulesService, line: str) -> list[Reply]:
    """What the bot would post for one line typed in chat (the console's whole grammar)."""
    parsed = parse_line(line)
    if parsed is None:
        return []
    arg = parsed.argument
    try:
        match parsed.command:
            case "card":
                return [await service.card(arg)]
            case "rulings":
                return [await service.rulings(arg)]
            case "cr":
                return [await service.rule(arg)]
            case "define":
                return [await service.define(arg)]
            case "ask":
                return [await service.ask(arg)]
            case "about":
                return [await service.about()]
            case "inline":
                return await service.inline(arg)
            case "board":
                return [await _board_from_path(service, arg)]
            case "help":
                return [content.help_reply()]
            case "config":
                return [error(CONSOLE_CONFIG)]
            case _:
                prefix = f"Unknown command /{limits.quote_user(arg, 40)}.\n" if arg else ""
                return [Reply(content=prefix + HELP)]
    except ServiceError as exc:
        return [error(str(exc))]


async def _board_from_path(service: RulesService, arg: str) -> Reply:
    """Console ``/board FILE``: the same answer the Discord command gives for an attachment."""
    if not arg:
        return error("Usage: /board FILE (a board spec in YAML or JSON)")
    from bot.boards import BoardFileError, read_board_file

    path = Path(arg).expanduser()
    try:  # bounded: at most the board-file limit, whatever the path is (/dev/zero, a pipe)
        text = await asyncio.to_thread(read_board_file, path)
    except BoardFileError as exc:
        return error(f"Couldn't read that board file: {limits.truncate(str(exc), 1500)}")
    return await service.board(text, path.name)


def meets_threshold(confidence: str | None, threshold: str) -> bool:
    return CONFIDENCE_RANK.get(confidence or "none", 0) >= CONFIDENCE_RANK.get(threshold, 3)
