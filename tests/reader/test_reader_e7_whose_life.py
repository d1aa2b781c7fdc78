"""A player's life total said as "opp life: 15" / "my life total is 12" (E7, session 15): that
player's life (119.1), which a combat answer counts down from (119.3). Every text here is my
own, with the fixture cards."""

from __future__ import annotations

from typing import Any

import pytest
from fixture_names import FixtureNames

from engine.reader import answer, read


def _players(reading: Any) -> dict[str, Any]:
    return dict((reading.spec or {}).get("board", {}).get("players", {}))


@pytest.mark.parametrize(
    ("text", "player", "life"),
    [
        (
            "me: grizzly bears (attacking). opp: nothing. opp life: 15. how much dmg does opp take",
            "P2",
            15,
        ),
        (
            "my grizzly bears attacks, they don't block. their life total is 12. what's their life"
            " after combat?",
            "P2",
            12,
        ),
        (
            "my life: 9. their serra angel attacks me and i don't block. what's my life after?",
            "P1",
            9,
        ),
    ],
)
def test_a_life_total_said_with_whose_life_it_is(
    text: str, player: str, life: int, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert _players(reading).get(player, {}).get("life") == life, reading.doubts
    assert not reading.unread, reading.unread
    reply = answer(reading, names)
    assert reply.answer, reply


def test_the_life_counted_down_is_the_one_said(names: FixtureNames) -> None:
    reading = read(
        "my grizzly bears attacks, they don't block. opp life: 12. what's their life after?",
        names,
    )
    assert answer(reading, names).answer.startswith("Your opponent’s life total: 10.")


@pytest.mark.parametrize(
    "text",
    [
        "opp life: 12. my grizzly bears attacks, no blocks. their life total is 15. what's their"
        " life after?",
        "Opp is at 20 life. My Grizzly Bears (out since last turn) attacks and isn't blocked, and"
        " they're at 12 life. What's their life total after combat?",
        "i'm at 9 life. their serra angel attacks me, no blocks. my life: 14. what's my life"
        " after?",
    ],
)
def test_two_different_life_totals_for_one_player_are_a_contradiction(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert any(r == "contradiction" for r, _ in reading.doubts), reading.doubts
    assert not reading.trusted
