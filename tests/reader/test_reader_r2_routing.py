"""Routing a chat message to the engine (bot/service/board_questions.py) and the answers R2's
question shapes give: a board whose unread words say nothing about it still gets the engine's
answer (unverified); unread board facts that may overturn the reading (``Reading.overturning``),
a card placed nowhere, a general question, or an answer resting on a clause the engine doesn't
model do not."""

from __future__ import annotations

import re

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from bot.service.board_questions import routes_to_engine
from engine.cards import CardText, card_from_mapping
from engine.reader import CardMention, Reading, answer, read
from engine.reader.vocabulary import MAX_UNREAD_WORDS

GENERAL = [
    "is it possible to block a flyer with a creature without reach?",
    "am i able to tap a creature for mana the turn it came in?",
    "will a 2/2 survive if it blocks a 3/3?",
    "how much damage does a 5/5 trample deal if blocked by a 2/2?",
    "does a creature die if it has 0 toughness?",
    "so a creature with defender can't attack, right?",
    "what happens if i bolt a creature with protection from red?",
    "can a creature with summoning sickness block?",
    "if i attack with a creature and they block, does the damage go through?",
    "is it possible for a creature to attack the turn it came in if it has haste?",
    "does the legend rule make me get rid of one?",
    "how much life do i lose to a 4/4 attacker?",
]


@pytest.mark.parametrize("text", GENERAL)
def test_a_general_question_in_the_new_shapes_stays_with_retrieval(
    text: str, names: FixtureNames
) -> None:
    assert not routed(text, names)


def _reading(**said: object) -> Reading:
    board = {"board": {"battlefield": [{"id": "grizzly_bears", "card": "Grizzly Bears"}]}}
    fields: dict[str, object] = {
        "text": "",
        "spec": board,
        "question": {"kind": "can_attack", "object": "grizzly_bears"},
        "concrete": True,
        **said,
    }
    return Reading(**fields)  # type: ignore[arg-type]


def test_many_unread_words_that_say_nothing_about_the_board_still_reach_the_engine() -> None:
    chat = "we were arguing about this at the shop last night and nobody could agree at all"
    reading = _reading(unread=(chat,))
    assert reading.unread_words > MAX_UNREAD_WORDS
    assert routes_to_engine(reading)
    assert not reading.trusted  # what wasn't read is said, and the answer is never verified


def test_an_unread_block_keeps_a_combat_question_from_the_engine() -> None:
    # (session 15) who blocks is what combat damage is made of (509.1, 510.1)
    said = "Grizzly Bears are blocking Hill Giant since the other turn"
    reading = _reading(unread=(said,), unread_facts=(said,), question={"kind": "combat_damage"})
    assert reading.unread_words > MAX_UNREAD_WORDS
    assert reading.overturning == (said,)
    assert not routes_to_engine(reading)


def test_a_card_named_but_placed_nowhere_sends_the_message_to_retrieval() -> None:
    reading = _reading(
        unread=("Glorious Anthem",),
        unread_facts=("Glorious Anthem",),
        unplaced=("Glorious Anthem",),
    )
    assert reading.unread_words <= MAX_UNREAD_WORDS
    assert not routes_to_engine(reading)


def test_a_basic_land_placed_nowhere_doesnt_keep_an_attack_question_from_the_engine() -> None:
    # (session 15) it only makes mana (305.6): deciding is not overturning; never verified
    reading = _reading(unread=("Mountain",), unread_facts=("Mountain",), unplaced=("Mountain",))
    assert not reading.overturning
    assert routes_to_engine(reading) and not reading.trusted


def test_a_board_told_around_a_friends_claim_is_answered_unverified(names: FixtureNames) -> None:
    text = (
        "i have a grizzly bears and opp has serra angel attacking. my friend keeps insisting"
        " that bears can block it. can my bears block the angel"
    )
    reading = read(text, names)
    assert reading.unread and reading.unread_words > MAX_UNREAD_WORDS
    assert routed(text, names)
    reply = answer(reading, names)
    assert reply.answer.startswith("No") and not reply.verified


def test_an_unread_block_is_a_board_fact(names: FixtureNames) -> None:
    text = (
        "i control grizzly bears and opp controls serra angel. the bears were chosen as a"
        " blocker of the angel, after some thought and a long discussion. does my bear die"
    )
    reading = read(text, names)
    assert reading.unread_facts  # "blocker" says something about the board
    assert reading.unread_words > MAX_UNREAD_WORDS
    assert not routes_to_engine(reading)


def test_a_blocker_is_the_defending_players(names: FixtureNames) -> None:
    reading = read(
        "colossal dreadmaw attacking, blocked by my grizzly bears, whats the damage", names
    )
    rows = {r["id"]: r for r in (reading.spec or {})["board"]["battlefield"]}
    assert rows["colossal_dreadmaw"]["controller"] == "P2"
    assert rows["grizzly_bears"].get("controller", "P1") == "P1"
    assert "4 to P1" in answer(reading, names).answer


def test_a_creature_blocking_its_own_sides_attacker_is_a_contradiction(
    names: FixtureNames,
) -> None:
    text = (
        "i control colossal dreadmaw and grizzly bears. colossal dreadmaw attacks and grizzly"
        " bears blocks it. whats the damage"
    )
    reading = read(text, names)
    assert not reading.trusted
    assert not answer(reading, names).verified


def test_does_the_damage_go_through_says_yes_or_no_for_the_defending_player(
    names: FixtureNames,
) -> None:
    through = "i attack with colossal dreadmaw and opp chumps with grizzly bears. does the"
    stopped = "i attack with grizzly bears and opp blocks with colossal dreadmaw. does the"
    assert answer(read(f"{through} damage go through", names), names).answer.startswith(
        "Yes — your opponent takes 4"
    )
    assert answer(read(f"{stopped} damage go through", names), names).answer.startswith("No")


ARCHDRUID = {
    "mana_cost": "{1}{G}{G}",
    "type_line": "Creature — Elf Druid",
    "pt": "2/2",
    # E1 (s9): the engine now models the real "{T}: Add {G} for each Elf you control", and E2
    # (s10) "Add X mana of any one color, where X is ...", so the stand-in keeps a mana clause it
    # still doesn't read (Xenagos's "in any combination of {R} and/or {G}, where X is ...")
    "oracle_text": "Other Elf creatures you control get +1/+1.\n{T}: Add X mana in any"
    " combination of {R} and/or {G}, where X is the number of Elves you control.",
}


class _WithArchdruid(FixtureNames):
    """The fixture names plus a mana maker whose "Add" clause the engine doesn't model."""

    def find(self, text: str) -> list[CardMention]:
        found = super().find(text)
        for m in re.finditer(r"elvish archdruid", text, re.IGNORECASE):
            found.append(CardMention("Elvish Archdruid", m.start(), m.end()))
        return found

    def card(self, name: str) -> CardText | None:
        if name == "Elvish Archdruid":
            return card_from_mapping(name, ARCHDRUID)
        return super().card(name)


def test_an_answer_resting_on_an_unmodelled_mana_clause_is_no_answer() -> None:
    names = _WithArchdruid()
    text = "I control Elvish Archdruid since last turn. how much mana does tapping it give me?"
    reading = read(text, names)
    assert reading.question and reading.question["kind"] == "can_activate"
    reply = answer(reading, names)
    # the engine doesn't model "Add X mana ..., where X is": its "no mana ability" is no answer
    assert reply.answer == "" and not reply.verified
    assert "Add X mana in any combination of {R} and/or {G}" in (reply.error or "")


def test_a_statement_asked_as_a_question_is_answered_as_can_it(names: FixtureNames) -> None:
    text = "i control llanowar elves that entered this turn. so i can't tap it for mana, right?"
    reading = read(text, names)
    assert reading.question == {
        "kind": "can_activate",
        "object": "llanowar_elves",
        "ability": "mana",
    }
    assert answer(reading, names).answer.startswith("No — summoning sick")


def test_a_life_question_says_its_number_first_for_the_player_it_is_about(
    names: FixtureNames,
) -> None:
    pushed = answer(
        read(
            "my colossal dreadmaw attacks, opp blocks with grizzly bears. whats the most damage"
            " i can push through to them?",
            names,
        ),
        names,
    )
    assert pushed.answer.startswith("Your opponent takes 4.")  # not "You take 0"
    taken = answer(
        read(
            "opp attacks with colossal dreadmaw, i block with grizzly bears. how much do i take",
            names,
        ),
        names,
    )
    assert taken.answer.startswith("You take 4.")
