"""The answering service directly: lookups, questions, inline requests, timeouts, refresh."""

from __future__ import annotations

import shutil
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import RulesService, ServiceError, inline_requests, looks_like_question
from bot.service.cooldowns import AutoAnswerCooldowns, RateLimiter
from bot.service.parsing import parse_line


@pytest.fixture
async def service(kb_path: Path) -> AsyncIterator[RulesService]:
    svc = RulesService.open(kb_path)
    yield svc
    svc.close()


async def test_card_by_nickname_gives_its_oracle_embed(service: RulesService):
    reply = await service.card("vizier")
    assert reply.embeds[0].title.startswith("Vizier of Many Faces")
    assert not reply.ephemeral


async def test_ambiguous_card_offers_choices_and_never_picks(service: RulesService):
    reply = await service.card("jace")
    assert reply.ephemeral and not reply.embeds
    assert {"Jace Beleren", "Jace, the Mind Sculptor"} <= set(reply.choices)


async def test_unknown_card_is_a_polite_ephemeral_message(service: RulesService):
    reply = await service.card("qqqqzzzz xxyy")
    assert reply.ephemeral and "No card named" in reply.content


async def test_rulings_come_in_pages_for_the_card(service: RulesService):
    reply = await service.rulings("soul separator")
    assert reply.pages and reply.card_id
    assert all(p.title == "Rulings: Soul Separator" for p in reply.pages)
    again = await service.rulings_by_id(reply.card_id)
    assert [p.footer for p in again.pages] == [p.footer for p in reply.pages]


async def test_rule_by_number_and_by_keyword(service: RulesService):
    by_number = await service.rule("702.19b")
    assert by_number.embeds[0].title.startswith("702.19b")
    by_keyword = await service.rule("trample")
    assert by_keyword.embeds[0].title.startswith("702.19")


async def test_unknown_rule_number_suggests_nearby_rules(service: RulesService):
    reply = await service.rule("702.19z")
    assert reply.ephemeral and "No rule" in reply.content


async def test_define_and_suggestions(service: RulesService):
    assert (await service.define("trample")).embeds[0].title == "Trample"
    missing = await service.define("tramplez")
    assert missing.ephemeral and "No glossary entry" in missing.content


async def test_free_question_answer_carries_confidence_and_sources(service: RulesService):
    reply = await service.ask("can I tap llanowar elves for mana the turn it came in?")
    assert reply.confidence in ("high", "medium", "low")
    assert reply.feedback and reply.embeds[0].description


async def test_a_question_cut_to_the_limit_says_so(service: RulesService):
    reply = await service.ask("does trample work with deathtouch " + "really " * 2000)
    assert "first 1000 characters" in (reply.embeds[0].footer or "")


@pytest.mark.parametrize("hostile", ['"AND OR NOT*', "702.(", "[[]]", "a" * 5000, "\x00\u202e"])
async def test_search_syntax_and_junk_in_user_text_never_raise(service: RulesService, hostile):
    for call in (service.card, service.rule, service.define, service.ask, service.rulings):
        reply = await call(hostile)
        assert reply.content or reply.embeds or reply.pages


async def test_inline_lookups_answer_at_most_five(service: RulesService):
    replies = await service.inline(
        " ".join(f"[[{n}]]" for n in ["bolt", "opt", "clone", "exile", "charge", "sol ring"])
    )
    assert len(replies) == 5


async def test_autocomplete_is_bounded(service: RulesService):
    assert 0 < len(service.complete_card("jac")) <= 25
    assert 0 < len(service.complete_rule("702")) <= 25


class _SlowKB:
    def __init__(self, inner: object, delay: float) -> None:
        self.inner = inner
        self.delay = delay

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def card(self, name: str) -> object:
        time.sleep(self.delay)
        return self.inner.card(name)  # type: ignore[attr-defined]


class _BrokenKB(_SlowKB):
    def card(self, name: str) -> object:
        raise RuntimeError("disk on fire")


async def test_a_slow_lookup_hits_the_hard_timeout_with_a_polite_error(kb_path: Path):
    from rulings_db.knowledge import KnowledgeBase

    svc = RulesService(_SlowKB(KnowledgeBase(kb_path), 0.5), timeout=0.05)  # type: ignore[arg-type]
    with pytest.raises(ServiceError, match="took too long"):
        await svc.card("bolt")
    svc.close()


async def test_a_failing_lookup_becomes_a_polite_error(kb_path: Path):
    from rulings_db.knowledge import KnowledgeBase

    svc = RulesService(_BrokenKB(KnowledgeBase(kb_path), 0), timeout=1)  # type: ignore[arg-type]
    with pytest.raises(ServiceError, match="went wrong"):
        await svc.card("bolt")
    svc.close()


async def test_refresh_reopens_after_the_file_is_swapped(kb_path: Path, tmp_path: Path):
    live = tmp_path / "kb.sqlite"
    shutil.copy(kb_path, live)
    svc = RulesService.open(live)
    assert await svc.refresh() is False
    staged = tmp_path / "kb.sqlite.new"
    shutil.copy(kb_path, staged)
    staged.replace(live)  # what a sync does: build beside, swap atomically
    assert await svc.refresh() is True
    assert (await svc.card("bolt")).embeds
    svc.close()


def test_inline_requests_kinds_duplicates_and_code_blocks():
    found = inline_requests("[[Bolt]] [[?soul separator]] [[!opt]] [[bolt]] `[[clone]]`")
    assert [(r.kind, r.name) for r in found] == [
        ("card", "Bolt"),
        ("rulings", "soul separator"),
        ("image", "opt"),
    ]
    assert inline_requests("```\n[[bolt]]\n```") == []


@pytest.mark.parametrize(
    "text",
    [
        "can I tap llanowar elves for mana the turn it came in?",
        "Does deathtouch work with trample damage",
        "if my creature dies does the ability trigger?",
    ],
)
def test_rules_questions_are_recognised(text: str):
    assert looks_like_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "good game everyone, see you next week",
        "lol?",
        "what time is the draft tonight?",
        "/card bolt",
        "```can I cast this spell?```",
    ],
)
def test_chatter_is_not_taken_for_a_rules_question(text: str):
    assert not looks_like_question(text)


def test_console_lines_parse_like_chat():
    assert parse_line("/card vizier").command == "card"  # type: ignore[union-attr]
    assert parse_line("/cr 702.19b").command == "cr"  # type: ignore[union-attr]
    assert parse_line("/rule 702.19b").command == "unknown"  # type: ignore[union-attr]
    assert parse_line("[[?bolt]]").command == "inline"  # type: ignore[union-attr]
    assert parse_line("does trample work?").command == "ask"  # type: ignore[union-attr]
    assert parse_line("   ") is None


def test_cooldowns_per_user_and_channel_use_the_injected_clock():
    now = [0.0]
    cooldowns = AutoAnswerCooldowns(60, 20, clock=lambda: now[0])
    assert cooldowns.ready(1, 10, 100)
    cooldowns.hit(1, 10, 100)
    assert not cooldowns.ready(1, 10, 200)  # channel cooling down
    assert cooldowns.ready(2, 10, 100)  # another server shares nothing
    now[0] = 21
    assert cooldowns.ready(1, 10, 200) and not cooldowns.ready(1, 10, 100)
    now[0] = 61
    assert cooldowns.ready(1, 10, 100)


def test_rate_limiter_allows_a_burst_then_refuses_until_the_window_passes():
    now = [0.0]
    limiter = RateLimiter(3, 10, clock=lambda: now[0])
    assert [limiter.allow("k") for _ in range(4)] == [True, True, True, False]
    now[0] = 10
    assert limiter.allow("k")
