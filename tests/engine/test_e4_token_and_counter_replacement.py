"""E4 (session 12): token doubling (614.1a: Parallel Lives, Anointed Procession, Doubling Season's
first sentence) applied to the tokens a question creates, each once (614.5); counter replacements
(Hardened Scales, Doubling Season's second sentence): counters a board shows beside one are never
verified, and since E6 (session 14) counters put by a spell or as a permanent enters are
replaced (tests/engine/test_e6_counter_replacement.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from engine_boards import CARDS as SHARED_CARDS
from engine_boards import main_phase_board, pool

from engine.abilities import CounterReplacement, TokenReplacement, Unsupported
from engine.board import Board
from engine.questions import ask


def _enchantment(text: str) -> dict[str, Any]:
    return {"mana_cost": "{2}{G}", "type_line": "Enchantment", "oracle_text": text}


CARDS: dict[str, dict[str, Any]] = {
    **{name: SHARED_CARDS[name] for name in ("Grizzly Bears", "Llanowar Elves")},
    "Twin Lives": _enchantment(
        "If an effect would create one or more tokens under your control, it creates twice that "
        "many of those tokens instead."
    ),
    "Wild Twinning": _enchantment(
        "If one or more tokens would be created, twice that many of those tokens are created "
        "instead."
    ),
    "Thick Hide": _enchantment(
        "If one or more +1/+1 counters would be put on a creature you control, that many plus one "
        "+1/+1 counters are put on it instead."
    ),
    "Call the Guard": {
        "mana_cost": "{1}{W}",
        "type_line": "Instant",
        "oracle_text": "Create two 1/1 white Soldier creature tokens.",
    },
    "Rally Growth": {
        "mana_cost": "{1}{G}",
        "type_line": "Sorcery",
        "oracle_text": "Put a +1/+1 counter on each creature you control.",
    },
    "Murder": {
        "mana_cost": "{1}{B}{B}",
        "type_line": "Instant",
        "oracle_text": "Destroy target creature.",
    },
    "Hangarback Walker": {
        "mana_cost": "{X}{X}",
        "type_line": "Artifact Creature — Construct",
        "pt": "0/0",
        "oracle_text": "This creature enters with X +1/+1 counters on it.\nWhen this creature "
        "dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 "
        "counter on this creature.\n{1}, {T}: Put a +1/+1 counter on this creature.",
    },
}
SOURCE = pool(CARDS)


def board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    return main_phase_board(SOURCE, battlefield, **extra)


def rules(answer: Any) -> set[str]:
    return {s.rule for s in answer.steps}


GUARD_ON_STACK = {"stack": [{"id": "guard", "card": "Call the Guard", "controller": "P1"}]}
TOKENS = {"kind": "tokens", "object": "guard", "ability": 1}


def test_a_doubler_makes_a_spell_create_twice_the_tokens() -> None:
    a = ask(
        board([{"id": "lives", "card": "Twin Lives", "controller": "P1"}], **GUARD_ON_STACK), TOKENS
    )
    assert a.verified, a.unmodelled
    assert a.data["tokens"][0]["count"] == 4
    assert {"614.1a", "614.5"} <= rules(a)


def test_two_doublers_each_apply_once_so_four_times_the_tokens() -> None:
    twins = [
        {"id": "lives", "card": "Twin Lives", "controller": "P1"},
        {"id": "wild", "card": "Wild Twinning", "controller": "P2"},
    ]
    a = ask(board(twins, **GUARD_ON_STACK), TOKENS)
    assert a.verified, a.unmodelled
    assert a.data["tokens"][0]["count"] == 8
    assert "616.1" in rules(a)


def test_an_opponents_under_your_control_doubler_doesnt_double_my_tokens() -> None:
    a = ask(
        board([{"id": "lives", "card": "Twin Lives", "controller": "P2"}], **GUARD_ON_STACK), TOKENS
    )
    assert a.verified, a.unmodelled
    assert a.data["tokens"][0]["count"] == 2 and "614.1a" not in rules(a)


def test_a_dying_walkers_thopters_are_doubled() -> None:
    b = board(
        [
            {"id": "lives", "card": "Twin Lives", "controller": "P1"},
            {
                "id": "walker",
                "card": "Hangarback Walker",
                "controller": "P1",
                "counters": {"+1/+1": 2},
            },
        ]
    )
    a = ask(b, {"kind": "spell", "card": "Murder", "controller": "P2", "targets": ["walker"]})
    assert a.verified, a.unmodelled
    assert [r["count"] for r in a.data["trigger_tokens"]] == [4]


def test_tokens_already_on_a_board_beside_a_doubler_are_never_verified() -> None:
    soldier = {"name": "Soldier", "colors": ["W"], "types": ["Creature"], "subtypes": ["Soldier"]}
    b = board(
        [
            {"id": "lives", "card": "Twin Lives", "controller": "P1"},
            {"id": "soldier", "token": {**soldier, "power": 1, "toughness": 1}, "controller": "P1"},
        ]
    )
    a = ask(b, {"kind": "characteristics", "object": "soldier"})
    assert not a.verified
    assert any("doesn't say whether the tokens" in u for u in a.unmodelled)


def test_counters_beside_a_counter_replacement_are_never_verified() -> None:
    hide = {"id": "hide", "card": "Thick Hide", "controller": "P1"}
    with_counters = board(
        [
            hide,
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "counters": {"+1/+1": 2}},
        ]
    )
    a = ask(with_counters, {"kind": "characteristics", "object": "bears"})
    assert not a.verified
    assert any("doesn't say whether they were put" in u for u in a.unmodelled), a.unmodelled


def test_an_entering_permanents_counters_get_the_counter_replacement() -> None:
    """E6 (s14): counters it enters with are put on it (122.6), so the replacement applies."""
    entering = board(
        [
            {"id": "hide", "card": "Thick Hide", "controller": "P1"},
            {
                "id": "walker",
                "card": "Hangarback Walker",
                "controller": "P1",
                "since": "this_turn",
                "entering": True,
                "cast": {"x": 2},
            },
        ]
    )
    a = ask(entering, {"kind": "characteristics", "object": "walker"})
    assert a.verified, a.unmodelled
    assert a.data["counters"] == {"+1/+1": 3} and {"122.6", "614.1a"} <= rules(a)


def test_a_counter_replacement_doesnt_matter_where_no_counters_are_put() -> None:
    b = board(
        [
            {"id": "hide", "card": "Thick Hide", "controller": "P1"},
            {"id": "elves", "card": "Llanowar Elves", "controller": "P1"},
        ]
    )
    a = ask(b, {"kind": "can_activate", "object": "elves", "ability": "mana"})
    assert a.verified, a.unmodelled
    assert a.short.startswith("Yes")


def test_a_spell_that_puts_counters_beside_a_counter_replacement_puts_one_more() -> None:
    """E6 (s14): the counters a resolving spell puts are replaced as they are put (614.1a)."""
    b = board(
        [
            {"id": "hide", "card": "Thick Hide", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
        ]
    )
    a = ask(b, {"kind": "spell", "card": "Rally Growth", "controller": "P1", "targets": []})
    assert a.verified, a.unmodelled
    assert "bears gets 2 +1/+1 counters" in a.short, a.short


# --- the family on real cards -----------------------------------------------------------

FAMILY = re.compile(
    r"tokens? would be created|would create [^.]*tokens?[^.]*instead"
    r"|counters would be put|would put one or more [^.]*counters",
    re.I,
)


def test_every_token_or_counter_replacement_clause_is_read_as_one_or_left_unread(
    shared_dir: Path,
) -> None:
    """A real card's "would create ... tokens ... instead" / "counters would be put" clause is a
    TokenReplacement, a CounterReplacement or unsupported: no other template reads it as
    something that leaves tokens or counters unchanged."""
    from bot.boards import iter_scryfall_cards
    from engine.oracle import compile_all_faces

    oracle_cards = shared_dir / "data" / "scryfall" / "oracle-cards.json"
    misread: list[str] = []
    read = 0
    for card in iter_scryfall_cards(oracle_cards):
        for definition in compile_all_faces(card):
            for ability in definition.abilities:
                text = getattr(ability, "text", "") or ""
                if not FAMILY.search(text) or "instead" not in text:
                    continue
                if isinstance(ability, TokenReplacement | CounterReplacement):
                    read += 1
                elif not isinstance(ability, Unsupported):
                    misread.append(f"{card.name}: {type(ability).__name__}: {text}")
    assert not misread, misread
    assert read >= 10  # Parallel Lives, Anointed Procession, Doubling Season, Hardened Scales, ...
