"""(R20) A question about one named card with nobody said to own it: its colour or type is the
card's own wherever it is (a characteristic-defining ability works in every zone, 604.3), so
the card is read as the asker's, on the battlefield; a question a state nobody gave decides
("can X attack?", "what's X's power?") stays with retrieval, and general questions too."""

from __future__ import annotations

import pytest
from board_routing import routed
from fixture_names import FixtureNames, FixtureNamesWith

from bot.service.board_questions import might_describe_a_board
from engine.reader import answer, read

DEVOID_DRONE = {
    "mana_cost": "{2}{U}",
    "type_line": "Creature — Eldrazi Drone",
    "oracle_text": "Devoid (This card has no color.)\nFlying",
    "power": "2",
    "toughness": "2",
}


@pytest.fixture(scope="module")
def names() -> FixtureNames:
    return FixtureNamesWith({"Hollow Skyseer": DEVOID_DRONE})


@pytest.mark.parametrize(
    "text",
    [
        "is hollow skyseer blue?",
        "Quick q: is Hollow Skyseer blue? the cost has a U",
        "so is hollow skyseer actually blue or not",
    ],
)
def test_a_lone_cards_colour_is_read_as_the_askers_card(text: str, names: FixtureNames) -> None:
    assert might_describe_a_board(text), text
    reading = read(text, names)
    assert routed(text, names), text
    assert reading.spec is not None
    assert [row["card"] for row in reading.spec["board"]["battlefield"]] == ["Hollow Skyseer"]
    assert "is yours" in " ".join(reading.assumed)
    reply = answer(reading, names)
    assert reply.answer.startswith("No"), (text, reply.answer)  # devoid: colorless (702.114a)


@pytest.mark.parametrize(
    "text",
    [
        "is Grizzly Bears green?",
        "are grizzly bears a creature?",
        "is Llanowar Elves green",
    ],
)
def test_a_lone_cards_printed_colour_or_type_is_answered(text: str, names: FixtureNames) -> None:
    reply = answer(read(text, names), names)
    assert routed(text, names), text
    assert reply.answer.startswith("Yes"), (text, reply.answer)


@pytest.mark.parametrize(
    "text",
    [
        "can Grizzly Bears attack?",
        "what's tarmogoyf's power?",
        "can llanowar elves tap for mana?",
    ],
)
def test_a_lone_card_asked_what_its_unsaid_state_decides_stays_with_retrieval(
    text: str, names: FixtureNames
) -> None:
    assert not routed(text, names), text


@pytest.mark.parametrize(
    "text",
    [
        "can a creature with defender attack?",
        "is a creature with devoid blue?",
        "how does ward work?",
        "is lightning bolt red?",
    ],
)
def test_general_questions_and_spells_stay_with_retrieval(text: str, names: FixtureNames) -> None:
    assert not routed(text, names), text


def test_a_lone_card_with_its_state_said_passes_the_cheap_look(names: FixtureNames) -> None:
    # "been out for ages" says when it came (302.6): the reading is concrete on its own
    text = "can grizzly bears attack? its been out for ages"
    assert might_describe_a_board(text)
    assert routed(text, names)


@pytest.mark.parametrize(
    "text",
    [
        "if i activate mutavault what are its types?",
        "is Mutavault a creature once I pay {1}? asking for a removal spell",
        "what types does mutavault have after i animate it",
    ],
)
def test_a_lone_card_changed_by_something_not_read_stays_with_retrieval(
    text: str, names: FixtureNames
) -> None:
    # the activation (an unread event, 602) may make it a creature: not what the card alone is
    reading = read(text, names)
    if routed(text, names):  # read the activation itself: then the answer must say creature
        assert "Creature" in answer(reading, names).answer, text
    else:
        assert not reading.concrete or reading.overturning, text
