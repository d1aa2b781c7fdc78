"""E6 (session 14): counter replacement effects applied (614.1a). Counters are "put on" a
permanent by an effect and as it enters with them (122.6); "that many plus one" and "twice that
many" each apply once (614.5), in the order the affected object's controller chooses (616.1):
when the orders give different counts, the answer is not verified and names both."""

from __future__ import annotations

from typing import Any

from engine_boards import CARDS as SHARED_CARDS
from engine_boards import main_phase_board, pool

from engine.board import Board
from engine.questions import ask


def _enchantment(text: str) -> dict[str, Any]:
    return {"mana_cost": "{1}{G}", "type_line": "Enchantment", "oracle_text": text}


CARDS: dict[str, dict[str, Any]] = {
    **{name: SHARED_CARDS[name] for name in ("Grizzly Bears", "Llanowar Elves")},
    "Barkskin Ward": _enchantment(
        "If one or more +1/+1 counters would be put on a creature you control, that many plus one "
        "+1/+1 counters are put on it instead."
    ),
    "Mossback Ward": _enchantment(
        "If one or more +1/+1 counters would be put on a creature you control, that many plus one "
        "+1/+1 counters are put on that creature instead."
    ),
    "Season of Plenty": _enchantment(
        "If an effect would put one or more counters on a permanent you control, it puts twice "
        "that many of those counters on that permanent instead."
    ),
    "Feral Abundance": _enchantment(
        "If one or more +1/+1 counters would be put on a creature, twice that many +1/+1 "
        "counters are put on that creature instead."
    ),
    "Coiled Tutor": {
        "mana_cost": "{B}{G}",
        "type_line": "Creature — Snake",
        "pt": "2/2",
        "oracle_text": "If one or more counters would be put on an artifact or creature you "
        "control, that many plus one of each of those kinds of counters are put on that permanent "
        "instead.",
    },
    "Growing Hatchling": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Lizard",
        "pt": "1/1",
        "oracle_text": "If one or more +1/+1 counters would be put on this creature, that many "
        "plus one +1/+1 counters are put on it instead.",
    },
    "Scaled Matriarch": {
        "mana_cost": "{2}{G}",
        "type_line": "Creature — Lizard",
        "pt": "1/1",
        "oracle_text": "This creature enters with two +1/+1 counters on it.\nIf one or more "
        "+1/+1 counters would be put on a creature you control, twice that many +1/+1 counters "
        "are put on it instead.",
    },
    "Cinder Pup": {
        "mana_cost": "{X}{X}",
        "type_line": "Artifact Creature — Dog",
        "pt": "0/0",
        "oracle_text": "This creature enters with X +1/+1 counters on it.",
    },
    "Storm Sage": {
        "mana_cost": "{2}{U}{U}",
        "type_line": "Legendary Planeswalker — Sage",
        "loyalty": "4",
        "oracle_text": "+1: Draw a card.",
    },
    "Bolster the Ranks": {
        "mana_cost": "{1}{G}",
        "type_line": "Instant",
        "oracle_text": "Put two +1/+1 counters on target creature.",
    },
    "Wither Touch": {
        "mana_cost": "{B}",
        "type_line": "Instant",
        "oracle_text": "Put a -1/-1 counter on target creature.",
    },
    "Mirror Growth": {
        "mana_cost": "{2}{U}",
        "type_line": "Sorcery",
        "oracle_text": "Create a token that's a copy of target creature, except it enters with "
        "an additional +1/+1 counter on it if it's a creature.",
    },
}
SOURCE = pool(CARDS)


def board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    return main_phase_board(SOURCE, battlefield, **extra)


def rules(answer: Any) -> set[str]:
    return {s.rule for s in answer.steps}


def mine(oid: str, card: str, **extra: Any) -> dict[str, Any]:
    return {"id": oid, "card": card, "controller": "P1", **extra}


def pup(x: int) -> dict[str, Any]:
    return mine("pup", "Cinder Pup", since="this_turn", entering=True, cast={"x": x})


def pup_counters(*others: dict[str, Any], x: int = 2) -> Any:
    return ask(board([*others, pup(x)]), {"kind": "characteristics", "object": "pup"})


def bolster(*battlefield: dict[str, Any], target: str = "bears") -> Any:
    q = {"kind": "spell", "card": "Bolster the Ranks", "controller": "P1", "targets": [target]}
    return ask(board(list(battlefield)), q)


def test_a_doubler_doubles_the_counters_a_creature_enters_with() -> None:
    a = pup_counters(mine("season", "Season of Plenty"), x=3)
    assert a.verified, a.unmodelled
    assert a.data["counters"] == {"+1/+1": 6} and a.data["power"] == 6
    assert {"122.6", "614.1a", "614.5"} <= rules(a)


def test_a_doubler_doubles_a_planeswalkers_entering_loyalty() -> None:
    b = board([mine("season", "Season of Plenty"), mine("sage", "Storm Sage", entering=True)])
    a = ask(b, {"kind": "characteristics", "object": "sage"})
    assert a.verified, a.unmodelled
    assert a.data["counters"] == {"loyalty": 8}
    assert {"306.5b", "122.6", "614.1a"} <= rules(a)


def test_a_plus_one_counters_effect_leaves_loyalty_alone() -> None:
    b = board([mine("ward", "Barkskin Ward"), mine("sage", "Storm Sage", entering=True)])
    a = ask(b, {"kind": "characteristics", "object": "sage"})
    assert a.verified, a.unmodelled
    assert a.data["counters"] == {"loyalty": 4} and "614.1a" not in rules(a)


def test_no_counters_put_means_nothing_to_replace() -> None:
    a = pup_counters(mine("ward", "Barkskin Ward"), x=0)
    assert a.data["counters"] == {} and "614.1a" not in rules(a)


def test_two_plus_one_effects_give_two_more_in_either_order() -> None:
    a = pup_counters(mine("ward", "Barkskin Ward"), mine("moss", "Mossback Ward"))
    assert a.verified, a.unmodelled
    assert a.data["counters"] == {"+1/+1": 4} and "616.1" in rules(a)


def test_two_doublers_give_four_times_the_counters() -> None:
    a = bolster(
        mine("season", "Season of Plenty"),
        mine("abundance", "Feral Abundance"),
        mine("bears", "Grizzly Bears"),
    )
    assert a.verified, a.unmodelled
    assert "bears gets 8 +1/+1 counters" in a.short, a.short


def test_plus_one_and_twice_depend_on_the_order_so_both_counts_are_named() -> None:
    a = pup_counters(mine("ward", "Barkskin Ward"), mine("season", "Season of Plenty"))
    assert not a.verified
    assert any("5 or 6" in u and "616.1" in u for u in a.unmodelled), a.unmodelled
    assert "616.1" in rules(a)


def test_the_order_the_board_gives_decides_plus_one_and_twice() -> None:
    """616.1: the affected object's controller chose the order as it entered (its `chosen`)."""
    others = [mine("ward", "Barkskin Ward"), mine("season", "Season of Plenty")]
    for order, count in (("season, ward", 5), ("ward, season", 6)):
        entering = {**pup(2), "chosen": {"replacement_order": order}}
        a = ask(board([*others, entering]), {"kind": "characteristics", "object": "pup"})
        assert a.verified, a.unmodelled
        assert a.data["counters"] == {"+1/+1": count} and "616.1" in rules(a)
    wrong = {**pup(2), "chosen": {"replacement_order": "ward"}}
    a = ask(board([*others, wrong]), {"kind": "characteristics", "object": "pup"})
    assert not a.verified  # it doesn't name both effects: the order is still unknown


def test_a_spell_that_puts_counters_on_a_target_is_replaced_once() -> None:
    a = bolster(mine("ward", "Barkskin Ward"), mine("bears", "Grizzly Bears"))
    assert a.verified, a.unmodelled
    assert "bears gets 3 +1/+1 counters" in a.short, a.short
    assert {"122.1", "614.1a", "614.5"} <= rules(a)


def test_an_opponents_you_control_effect_doesnt_change_my_counters() -> None:
    ward = {"id": "ward", "card": "Barkskin Ward", "controller": "P2"}
    a = bolster(ward, mine("bears", "Grizzly Bears"))
    assert a.verified, a.unmodelled
    assert "bears gets 2 +1/+1 counters" in a.short and "614.1a" not in rules(a)


def test_an_effect_on_every_creature_changes_an_opponents_creatures_counters() -> None:
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "P2"}
    a = bolster(mine("abundance", "Feral Abundance"), bears)
    assert a.verified, a.unmodelled
    assert "bears gets 4 +1/+1 counters" in a.short, a.short


def test_an_each_kind_effect_adds_a_minus_counter_too() -> None:
    b = board([mine("tutor", "Coiled Tutor"), mine("bears", "Grizzly Bears")])
    q = {"kind": "spell", "card": "Wither Touch", "controller": "P2", "targets": ["bears"]}
    a = ask(b, q)
    assert a.verified, a.unmodelled
    assert "bears gets 2 -1/-1 counters" in a.short, a.short


def test_a_creatures_own_effect_changes_only_its_own_counters() -> None:
    hatch = mine("hatch", "Growing Hatchling")
    on_itself = bolster(hatch, mine("bears", "Grizzly Bears"), target="hatch")
    assert on_itself.verified and "hatch gets 3 +1/+1 counters" in on_itself.short
    on_other = bolster(hatch, mine("bears", "Grizzly Bears"))
    assert on_other.verified and "bears gets 2 +1/+1 counters" in on_other.short


def test_an_entering_creatures_own_group_effect_doesnt_apply_to_its_entering() -> None:
    b = board([mine("mat", "Scaled Matriarch", since="this_turn", entering=True)])
    a = ask(b, {"kind": "characteristics", "object": "mat"})
    assert a.verified, a.unmodelled
    assert a.data["counters"] == {"+1/+1": 2} and "614.12" in rules(a)


def test_a_copy_tokens_extra_counter_is_replaced_as_it_enters() -> None:
    b = board(
        [mine("ward", "Barkskin Ward"), mine("elves", "Llanowar Elves")],
        stack=[{"id": "mirror", "card": "Mirror Growth", "controller": "P1"}],
    )
    a = ask(b, {"kind": "tokens", "object": "mirror", "ability": 1, "targets": ["elves"]})
    assert a.verified, a.unmodelled
    assert a.data["tokens"][0]["enters_with_counters"] == {"+1/+1": 2}
    assert {"614.1c", "122.6", "614.1a"} <= rules(a)


def test_counters_a_board_gives_beside_an_effect_that_cant_change_them_are_verified() -> None:
    b = board([mine("ward", "Barkskin Ward"), mine("sage", "Storm Sage", counters={"loyalty": 5})])
    a = ask(b, {"kind": "characteristics", "object": "sage"})
    assert a.verified, a.unmodelled
    assert a.data["counters"] == {"loyalty": 5}
