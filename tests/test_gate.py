"""The auto-answer gate: a question's shape plus something of the game's rules."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from bot.service.gate import plain_text, rules_question
from rulings_db.knowledge import KnowledgeBase


@dataclass
class FakeMention:
    text: str
    weight: float
    how: str = "full"


class FakeKnowledge:
    """A vocabulary of a few rules terms and two cards, as the knowledge base gives them."""

    vocabulary = frozenset(
        {"trample", "deathtouch", "sacrifice", "stack", "etb", "card", "play", "creature"}
    )
    cards: ClassVar[dict[str, float]] = {"tarmogoyf": 0.8, "questions": 0.9}

    def rules_vocabulary(self) -> frozenset[str]:
        return self.vocabulary

    def mentions(self, text: str) -> list[FakeMention]:
        found = []
        for word in text.replace("?", " ").split():
            if word.lower() in self.cards:
                how = "full" if word.lower() == "tarmogoyf" else "prefix"
                found.append(FakeMention(word, self.cards[word.lower()], how))
        return found


KB = FakeKnowledge()


@pytest.mark.parametrize("text", ["lol", "gg", "ok?"])
def test_short_chatter_is_no_question(text):
    assert rules_question(text, KB).reason == "too_short"


def test_a_game_word_that_is_everyday_chat_is_no_evidence():
    verdict = rules_question("can I play this card at the store tonight?", KB)
    assert not verdict.passes and verdict.reason == "no_rules_words"


def test_a_question_naming_only_a_keyword_passes():
    verdict = rules_question("does trample still work here?", KB)
    assert verdict.passes and verdict.evidence == ("trample",)


def test_a_question_naming_only_a_card_passes():
    verdict = rules_question("does Tarmogoyf count itself?", KB)
    assert verdict.passes and "card: Tarmogoyf" in verdict.evidence


def test_a_lower_case_word_that_only_begins_a_card_name_is_no_card():
    assert not rules_question("is this channel for questions?", KB).passes


def test_inflected_rules_words_count():
    assert rules_question("what if it tramples over a blocker?", KB).passes


def test_a_message_with_a_card_in_brackets_is_still_a_question():
    verdict = rules_question("does [[Tarmogoyf]] count tokens on the stack?", KB)
    assert verdict.passes
    assert plain_text("does [[Tarmogoyf|m10]] work?") == "does Tarmogoyf work?"


def test_hobby_chatter_needs_more_rules_evidence():
    verdict = rules_question("how much is a tarmogoyf worth?", KB)
    assert not verdict.passes and verdict.reason == "chatter"


def test_a_question_word_opening_a_later_clause_is_a_question_shape():
    verdict = rules_question("opponent cast a removal spell, can i sacrifice in response", KB)
    assert verdict.passes


def test_no_question_shape_is_silence():
    assert rules_question("my deathtouch creature blocked their trampler", KB).reason == (
        "no_question_shape"
    )


def test_commands_and_links_are_not_chat():
    assert rules_question("/ask does trample work?", KB).reason == "not_chat"
    assert rules_question("https://example.com/trample?x=1", KB).reason == "not_chat"


def test_every_reason_has_an_explanation():
    from typing import get_args

    from bot.service.gate import GateReason, GateVerdict

    for reason in get_args(GateReason):
        assert GateVerdict(reason == "question", reason).explain()


# -- the real knowledge base ----------------------------------------------------------------


@pytest.fixture(scope="module")
def shared_kb(shared_kb_path: Path) -> KnowledgeBase:
    return KnowledgeBase(shared_kb_path)


@pytest.mark.parametrize(
    "text",
    [
        "does Rest in Peace stop dies triggers?",
        "when do state based actions get checked?",
        "does my spell fizzle if one of the two targets is gone?",
    ],
)
def test_real_rules_questions_pass(shared_kb, text):
    assert rules_question(text, shared_kb).passes


@pytest.mark.parametrize(
    "text", ["anyone want to trade for my playmat?", "is the new set any good?", "lol"]
)
def test_real_chatter_stays_silent(shared_kb, text):
    assert not rules_question(text, shared_kb).passes
