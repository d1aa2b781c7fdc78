"""A copy said with a verb (R17, session 14): the copier said as the verb ("I Clone my own
X", "they spark double my X", "I cloned my X with Clone") or "I copy X with Y" is cast and
enters as a copy of X (707.5, 614.1c; Spark Double's exception adds a +1/+1 counter). A card
said as the verb that doesn't enter as a copy is no copier. Every text here is my own, with the
fixture cards."""

from __future__ import annotations

from typing import Any

import pytest
from board_routing import routed
from fixture_names import FixtureNames

from engine.reader import answer, read


def _battlefield(reading: Any) -> dict[str, dict[str, Any]]:
    board = (reading.spec or {}).get("board", {})
    return {o["id"]: o for o in board.get("battlefield", [])}


# (text, copier id, copied id, copier's controller, the answer's start)
COPIES = [
    (
        "so I spark double my serra angel, what's spark double's p/t?",
        "spark_double",
        "serra_angel",
        "P1",
        "5/5",
    ),
    (
        "they Clone my shivan dragon. what's the power of their clone?",
        "clone",
        "shivan_dragon",
        "P2",
        "Power 5",
    ),
    (
        "I copied their Grizzly Bears with my Vizier of Many Faces. can the vizier attack?",
        "vizier_of_many_faces",
        "grizzly_bears",
        "P1",
        "No",
    ),
    (
        "i cloned my own serra angel with Clone, can the clone attack?",
        "clone",
        "serra_angel",
        "P1",
        "No",
    ),
]


@pytest.mark.parametrize(("text", "copier", "copied", "whose", "start"), COPIES)
def test_a_copy_said_with_a_verb_enters_as_a_copy(
    text: str, copier: str, copied: str, whose: str, start: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    objects = _battlefield(reading)
    assert objects[copier]["copy_effects"][0]["copies"] == copied, objects
    assert objects[copier]["controller"] == whose
    assert objects[copier].get("since") == "this_turn"
    assert routed(text, names)
    reply = answer(reading, names)
    assert reply.answer.startswith(start), reply.answer


@pytest.mark.parametrize(
    "text",
    [
        "I shock my own Grizzly Bears. what's its toughness?",
        "I copy my Serra Angel with Lightning Bolt. what's the angel's power?",
    ],
)
def test_a_card_that_does_not_enter_as_a_copy_is_no_copier(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    assert not any("copy_effects" in o for o in _battlefield(reading).values()), reading.spec
