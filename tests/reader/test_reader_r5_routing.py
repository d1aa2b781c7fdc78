"""Routing and names (R5, session 9): which chat messages reach the engine and how names are
read. A board said only by a statement of its state reaches the engine, a rules question about a
card does not; an unread clause in which a player acts on a named thing keeps the message from
the engine whatever its length; people ("my buddy"), chat ("long time lurker") and a lower-case
card name said as words ("or does menace stop that") are not cards; the rules' own words for the
players are read as "I" and "my opponent"."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from bot.service.board_questions import routes_to_engine
from engine.cards import CardText, card_from_mapping
from engine.reader import CardMention, answer, read

# ordinary rules questions in the shapes this session taught: they stay with retrieval
GENERAL = [
    "Colossal Dreadmaw is on the stack. What's its mana value?",
    "does a creature survive combat damage if it has indestructible?",
    "what card types does a land creature have?",
    "is a copy of a token a token?",
    "how much damage can a 5/5 trampler push through a 2/2 blocker?",
    "which mana value does a split card have in the graveyard?",
    "can a creature tap for mana the turn it comes in, y/n",
    "what happens to a creature with 0 toughness?",
    "is a tapped creature still able to block?",
    "the active player attacks and the defending player blocks, who assigns damage first?",
    "Clone copying Tarmogoyf, what's its P/T?",
    "Kenrith's Transformation on a creature with two +1/+1 counters, is it a 3/3?",
]


@pytest.mark.parametrize("text", GENERAL)
def test_a_rules_question_in_the_new_shapes_stays_with_retrieval(
    text: str, names: FixtureNames
) -> None:
    assert not routed(text, names)


@pytest.mark.parametrize(
    "text",
    [
        "I animated Mutavault. Is it still a land?",
        "Springleaf Drum is untapped but Grizzly Bears is tapped. Can I activate the Drum?",
        "Forest enchanted with Rancor. What's the mana value of the Forest?",
    ],
)
def test_a_statement_of_a_permanents_state_describes_a_board(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert reading.concrete and routed(text, names), reading


def test_an_unread_clause_where_a_player_acts_on_a_thing_keeps_the_message_from_the_engine(
    names: FixtureNames,
) -> None:
    # "i zap it" is no rule's: the board would lack what it did, so the engine's answer (the
    # Angel as it was) could be wrong; short as it is, it goes to retrieval
    text = "their serra angel has 1 damage on it. i zap it with my thing. dead?"
    reading = read(text, names)
    assert reading.unread_events, reading.unread
    assert not routes_to_engine(reading)


def test_unread_words_that_say_nothing_about_the_board_still_get_the_engine_unverified(
    names: FixtureNames,
) -> None:
    text = (
        "ok so im pretty new and kinda lost. i control llanowar elves since last turn, can i tap"
        " it for G?"
    )
    reading = read(text, names)
    assert routed(text, names)
    assert not reading.unread_events
    reply = answer(reading, names)
    assert reply.answer.startswith("Yes")


def test_the_active_and_defending_player_are_read_as_me_and_my_opponent(
    names: FixtureNames,
) -> None:
    text = (
        "The active player attacks with Serra Angel; the defending player blocks it with Giant"
        " Spider. Does the Spider survive combat damage?"
    )
    reading = read(text, names)
    rows = {r["id"]: r for r in (reading.spec or {})["board"]["battlefield"]}
    assert rows["serra_angel"]["controller"] == "P1" and rows["serra_angel"]["attacking"] == "P2"
    assert rows["giant_spider"]["controller"] == "P2"
    assert rows["giant_spider"]["blocking"] == "serra_angel"
    assert answer(reading, names).answer.startswith("No — Giant Spider dies")


class _WordNames(FixtureNames):
    """The fixture cards plus cards whose names are ordinary words or chat."""

    WORDS: ClassVar[dict[str, tuple[str, str, str]]] = {
        "Bosom Buddy": ("Creature — Elephant Unicorn", "3/3", "Whenever you cast an instant"),
        "Lurker": ("Creature — Beast", "2/3", "Lurker can't be the target of spells"),
        "Stop That": ("Instant", "", "Counter target activated or triggered ability"),
        "Animation Module": ("Artifact", "", "Whenever one or more +1/+1 counters are put"),
    }

    def __init__(self) -> None:
        super().__init__()
        for name, (type_line, pt, text) in self.WORDS.items():
            data = {"type_line": type_line, "oracle_text": text, "mana_cost": "{1}", "pt": pt}
            self.cards[name] = card_from_mapping(name, data)

    def find(self, text: str) -> list[CardMention]:
        found = super().find(text)
        low = text.lower()
        for said, name in (
            ("buddy", "Bosom Buddy"),
            ("lurker", "Lurker"),
            ("stop that", "Stop That"),
            ("animation module", "Animation Module"),
            ("animation", "Animation Module"),
        ):
            at = low.find(said)
            if at >= 0 and not any(m.start <= at < m.end for m in found):
                found.append(CardMention(name, at, at + len(said), certain=True))
        return found

    def card(self, name: str) -> CardText | None:
        return self.cards.get(name)


@pytest.fixture(scope="module")
def word_names() -> _WordNames:
    return _WordNames()


def test_my_buddy_who_says_something_is_a_person_not_bosom_buddy(word_names: _WordNames) -> None:
    text = (
        "my buddy says my giant spider can't block their serra angel. opp attacks with the"
        " angel, can my spider block it?"
    )
    reading = read(text, word_names)
    assert "Bosom Buddy" not in reading.labels.values()
    assert reading.question == {
        "kind": "can_block",
        "object": "giant_spider",
        "attacker": "serra_angel",
    }
    assert answer(reading, word_names).answer.startswith("Yes")  # reach (702.17b)


def test_a_long_time_lurker_is_chat_not_a_card(word_names: _WordNames) -> None:
    reading = read(
        "Long time lurker, first post. I control Llanowar Elves since last turn. Can I tap it"
        " for mana?",
        word_names,
    )
    assert "Lurker" not in reading.labels.values() and reading.trusted


def test_a_lower_case_card_name_said_as_words_is_no_card_and_the_answer_is_unverified(
    word_names: _WordNames,
) -> None:
    text = (
        "opp attacks with serra angel, i have giant spider. can it block or does flying stop that"
    )
    reading = read(text, word_names)
    assert "Stop That" not in reading.labels.values()
    assert not reading.unplaced  # not a card the board lacks: words, said as a doubt
    assert any(r == "unsure_card" and "stop that" in d for r, d in reading.doubts)
    assert not reading.trusted


def test_an_ability_said_by_what_it_does_is_no_card(word_names: _WordNames) -> None:
    text = (
        "I played Mutavault this turn and paid {1} with a Forest to activate its animation"
        " ability. Can I attack with it?"
    )
    reading = read(text, word_names)
    assert "Animation Module" not in reading.labels.values()
    assert reading.question == {"kind": "can_attack", "object": "mutavault"}
    assert answer(reading, word_names).answer.startswith("No")  # 302.6


@pytest.mark.shared
def test_names_players_use_for_people_are_not_cards_on_the_real_data(shared_kb_path: Path) -> None:
    from bot.service.board_questions import KnowledgeBaseNames
    from rulings_db.knowledge import KnowledgeBase

    names = KnowledgeBaseNames(KnowledgeBase(shared_kb_path))
    reading = read(
        "Long time lurker, first post. Turn 4, I played Mutavault as my land for the turn, then"
        " paid {1} from one of my two Mountains to make it a 2/2. My buddy claims I can swing with"
        " it right away. Can I attack with the Mutavault?",
        names,
    )
    assert {"Lurker", "Bosom Buddy"}.isdisjoint(reading.labels.values())
    assert reading.question == {"kind": "can_attack", "object": "mutavault"}
    assert routes_to_engine(reading)
    assert answer(reading, names).answer.startswith("No")
