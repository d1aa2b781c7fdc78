"""Invariants, checked with hypothesis: layer results are deterministic and don't depend on the
order objects are listed in; counters commute; the SBA loop terminates and leaves nothing to do."""

from __future__ import annotations

import time
from typing import Any

from engine_boards import make_board
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.answer import Trace
from engine.game import Game
from engine.sba import run_sbas

POOL = [
    "Grizzly Bears",
    "Llanowar Elves",
    "Glorious Anthem",
    "Humility",
    "Fervor",
    "Blood Moon",
    "Urborg, Tomb of Yawgmoth",
    "Forest",
    "Serra Angel",
    "Tarmogoyf",
    "Vazal, the Compleat",
    "Springleaf Drum",
    "Thalia, Guardian of Thraben",
    "Darksteel Myr",
]

objects = st.lists(
    st.tuples(
        st.sampled_from(POOL), st.sampled_from(["P1", "P2"]), st.integers(0, 3), st.integers(0, 3)
    ),
    min_size=1,
    max_size=8,
)


def battlefield(spec: list[tuple[str, str, int, int]]) -> list[dict[str, Any]]:
    out = []
    for i, (name, controller, plus, damage) in enumerate(spec):
        out.append(
            {
                "id": f"o{i}",
                "card": name,
                "controller": controller,
                "timestamp": (i + 1) * 10,  # distinct timestamps: order is defined by them alone
                "counters": {"+1/+1": plus},
                "damage": damage,
            }
        )
    return out


def signatures(items: list[dict[str, Any]]) -> dict[str, Any]:
    game = Game(make_board(items), Trace(), time.perf_counter() + 5)
    return {oid: ch.signature() for oid, ch in game.chars.items()}


@settings(max_examples=40, deadline=None)
@given(objects, st.randoms(use_true_random=False))
def test_layers_are_deterministic_and_independent_of_listing_order(spec, rnd) -> None:  # type: ignore[no-untyped-def]
    items = battlefield(spec)
    first = signatures(items)
    assert signatures(items) == first
    shuffled = list(items)
    rnd.shuffle(shuffled)
    assert signatures(shuffled) == first


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 5), st.integers(0, 5), st.booleans())
def test_counters_commute(plus: int, minus: int, plus_first: bool) -> None:
    counters = {"+1/+1": plus, "-1/-1": minus} if plus_first else {"-1/-1": minus, "+1/+1": plus}
    board = make_board(
        [{"id": "b", "card": "Grizzly Bears", "controller": "P1", "counters": counters}]
    )
    ch = Game(board).ch("b")
    assert (ch.power, ch.toughness) == (2 + plus - minus, 2 + plus - minus)


@settings(max_examples=40, deadline=None)
@given(objects, st.integers(-3, 20), st.integers(-3, 20))
def test_sba_loop_terminates_and_leaves_nothing_to_do(spec, life1: int, life2: int) -> None:  # type: ignore[no-untyped-def]
    board = make_board(battlefield(spec), players={"P1": {"life": life1}, "P2": {"life": life2}})
    result = run_sbas(board, Trace(), time.perf_counter() + 5)
    again = run_sbas(result.board, Trace(), time.perf_counter() + 5)
    assert [e for e in again.events if "loses the game" not in e] == []
    assert sorted(again.losers) == sorted(result.losers)
    assert set(again.board.objects) == set(result.board.objects)
