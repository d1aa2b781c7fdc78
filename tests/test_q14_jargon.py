"""Q14 (session 10): players' words the CR doesn't share, and honest example questions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulings_db.jargon import JargonEntry, jargon
from rulings_db.knowledge import KnowledgeBase
from rulings_db.text import SLANG, says_phrase, slang_phrases

_ENDINGS = ("", "s", "es", "d", "ed", "ing")  # the endings slang matching allows


def _rules_for(question: str) -> list[str]:
    return [
        rule
        for typed, _ in slang_phrases(question)
        if (entry := jargon().lookup(typed)) is not None
        for rule in entry.rules
    ]


def _example_uses(entry: JargonEntry) -> bool:
    """Free questions read the entry in its own example; a define-only entry (or one a longer
    phrase holds) at least has one of its forms, or its pattern, in the example's words."""
    if any(jargon().lookup(typed) is entry for typed, _ in slang_phrases(entry.example)):
        return True
    lowered = entry.example.lower()
    if entry.pattern is not None:
        return re.search(entry.pattern, lowered) is not None
    return any(says_phrase(lowered, form + end) for form in entry.say for end in _ENDINGS)


def test_every_entrys_example_question_uses_that_entry() -> None:
    dishonest = [e.label for e in jargon().entries if not _example_uses(e)]
    assert dishonest == []


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # 119.4: life can be paid only while the life total is at least the payment.
        ("can i make him pay himself down to 0 or -1 so that he dies?", "119.4"),
        ("can i pay 2 life for phyrexian mana when i'm at 1 life?", "119.4"),
        # 104.4b / 731.4: a loop of mandatory actions is a draw.
        ("would the two triggers create infinite turns or cancel out?", "104.4b"),
        ("is a mandatory loop a draw?", "731.4"),
        # 108.3: the owner is the player who started the game with the card in their deck.
        ("would that return gilded drake to my hand or my opponent's?", "108.3"),
        ("whose hand does the stolen creature go to?", "108.3"),
        # 405.1 / 602.2: activating an ability puts it on the stack.
        ("does that pump ability go on the stack, can i respond to it?", "602.2"),
        # 708.10: a face-down permanent that becomes a copy keeps its face-down values.
        ("what if the morph creature becomes a copy of something?", "708.10"),
        # 708.9: a face-down permanent leaving the battlefield is revealed.
        ("my opponent exiles my face down morph, does he see it?", "708.9"),
        # 608.2c: instructions, modes included, are followed in the order written.
        ("i choose the first two modes of incendiary command, do my tokens die?", "608.2c"),
        # 111.7 / 704.5d: a token in another zone ceases to exist.
        ("is the token in the graveyard long enough to target it?", "111.7"),
        # 608.2b: a target already gone makes the spell not resolve (scry included).
        ("if the target is already gone before the spell resolves, do i get the scry?", "608.2b"),
        # 708.9: face-down permanents are revealed when they leave and at the end of the game.
        ("can i demand he prove the card had morph?", "708.9"),
        # 702.14c / 702.14d: the land type decides; landwalk abilities don't cancel each other.
        ("my swampwalk guy attacks, can their swampwalk blocker block it?", "702.14d"),
        # 120.6: damage stays marked until the cleanup step.
        ("does it die or is the damage gone after combat?", "120.6"),
        # 115.10a: "each opponent sacrifices" targets no one, so hexproof doesn't stop it.
        ("i have hexproof, does that stop an 'each opponent sacrifices' spell?", "115.10a"),
        # 704.5m / 400.7: a blinked creature returns as a new object; its Aura is left behind.
        ("i blinked my creature that had my aura on it, does it come back attached?", "704.5m"),
        # 702.34a: a flashback spell leaving the stack is exiled, countered or not.
        ("my flashbacked spell got countered, can i flash it back again?", "702.34a"),
        # 708.5: you may look at your own face-down permanents, not at others'.
        ("can my opponent look at my face down morph?", "708.5"),
        # 704.5e / 707.10a: a copy of a spell outside the stack ceases to exist.
        ("opp remanded the copy of my instant, does the copy go to my hand?", "704.5e"),
        # 701.6b: no refund of the costs of a countered spell.
        ("if my spell gets countered do i get my mana back?", "701.6b"),
        # 400.7: an object that changes zones is a new object.
        ("i reanimated it, is it still +3/+3 or basically a fresh creature?", "400.7"),
    ],
)
def test_players_words_the_cr_does_not_share_bring_the_deciding_rule(
    question: str, rule: str
) -> None:
    assert rule in _rules_for(question)


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("can i pay 2 life to draw a card?", "119.4"),  # a payment, no life total in sight
        ("do i return it to my hand?", "108.3"),
        ("what's on the stack right now?", "405.1"),
        ("can i turn my face down creature face up?", "708.9"),
        ("does my token die to the wrath?", "111.7"),
        # a transformed permanent is not a new object (712.18): "a new object" is the question
        ("does it lose the counter and aura like its a new object now?", "400.7"),
        ("can my opponent see my face down creature?", "708.9"),  # looking is 708.5's
    ],
)
def test_the_new_shapes_stay_out_of_questions_they_do_not_fit(question: str, rule: str) -> None:
    assert rule not in _rules_for(question)


def test_define_and_free_questions_read_the_one_table(kb_path: Path) -> None:
    kb = KnowledgeBase(kb_path)
    entry = kb.jargon("infinite loops")
    assert entry is not None and entry is jargon().lookup("infinite loop")
    assert SLANG["infinite loop"] == entry.means  # the words free questions search with
    defined = kb.define("infinite loop")
    assert defined is not None and defined.source == "jargon"
    assert "rules 104.4b, 731.4 cover it" in defined.text
