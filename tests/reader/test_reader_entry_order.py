"""A chat message names permanents in any order, so an answer that the order they entered
decides (613.7) is never verified unless the message says the order."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames, FixtureNamesWith

from engine.reader import answer, read
from engine.reader.answers import ENTRY_ORDER_UNSAID

OPALESCENCE = {
    "mana_cost": "{2}{W}{W}",
    "type_line": "Enchantment",
    "oracle_text": "Each other non-Aura enchantment is a creature in addition to its other"
    " types and has base power and base toughness each equal to its mana value.",
}


@pytest.fixture(scope="module")
def names() -> FixtureNames:
    return FixtureNamesWith({"Opalescence": OPALESCENCE})


def _cards_known(names: FixtureNames, *cards: str) -> None:
    missing = [c for c in cards if names.card(c) is None]
    assert not missing, f"fixture names lack {missing}"


@pytest.mark.parametrize(
    "message",
    [
        "I control Humility and Opalescence and nothing else. What is Humility's power and"
        " toughness?",
        "I control Opalescence and Humility. what's humility's p/t?",
    ],
)
def test_an_answer_the_unsaid_entry_order_decides_is_not_verified(
    names: FixtureNames, message: str
) -> None:
    _cards_known(names, "Humility", "Opalescence")
    reply = answer(read(message, names), names)
    assert reply.answer  # the engine still gives its answer for the order it assumed
    assert not reply.verified
    assert ENTRY_ORDER_UNSAID in reply.concerns


def test_effects_that_commute_in_their_layer_stay_verified(names: FixtureNames) -> None:
    # Humility sets 1/1 in 7b and Glorious Anthem adds +1/+1 in 7c: either order gives 2/2
    _cards_known(names, "Humility", "Glorious Anthem", "Grizzly Bears")
    reading = read(
        "I control Humility, Glorious Anthem and Grizzly Bears. What's the bears' p/t?", names
    )
    reply = answer(reading, names)
    assert reply.answer.startswith("2/2")
    assert ENTRY_ORDER_UNSAID not in reply.concerns
