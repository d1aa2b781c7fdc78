"""A chat message names permanents in any order, so an answer that the order they entered
decides (613.7) is never verified unless the message says the order."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.cards import CardText, card_from_mapping
from engine.reader import CardMention, answer, read
from engine.reader.answers import ENTRY_ORDER_UNSAID

OPALESCENCE = card_from_mapping(
    "Opalescence",
    {
        "mana_cost": "{2}{W}{W}",
        "type_line": "Enchantment",
        "oracle_text": "Each other non-Aura enchantment is a creature in addition to its other"
        " types and has base power and base toughness each equal to its mana value.",
    },
)


class OrderNames(FixtureNames):
    """The fixture names plus Opalescence (Oracle text as printed in the real data)."""

    def find(self, text: str) -> list[CardMention]:
        found = super().find(text)
        at = text.lower().find("opalescence")
        if at >= 0 and not any(m.start <= at < m.end for m in found):
            found.append(CardMention("Opalescence", at, at + len("opalescence")))
        return sorted(found, key=lambda m: m.start)

    def card(self, name: str) -> CardText | None:
        return OPALESCENCE if name == "Opalescence" else super().card(name)


@pytest.fixture(scope="module")
def names() -> FixtureNames:
    return OrderNames()


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
