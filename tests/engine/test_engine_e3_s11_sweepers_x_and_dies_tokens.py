"""E3 (session 11): what players ask about boards after a spell resolves — sweepers ("Destroy all
creatures", 701.8a), spells whose X the question gives (601.2b, 107.3a), and the tokens a dying
permanent's own trigger makes, counted from its last known information (603.10a, 608.2h)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_boards import CARDS as SHARED_CARDS
from engine_boards import main_phase_board, pool

from engine.board import Board
from engine.questions import QuestionError, ask


def _sorcery(text: str, cost: str = "{2}{W}{W}") -> dict[str, Any]:
    return {"mana_cost": cost, "type_line": "Sorcery", "oracle_text": text}


CARDS: dict[str, dict[str, Any]] = {
    **{
        name: SHARED_CARDS[name]
        for name in ("Grizzly Bears", "Serra Angel", "Darksteel Myr", "Glorious Anthem")
    },
    "Wrath of God": _sorcery("Destroy all creatures. They can't be regenerated."),
    "Plague Wind": _sorcery(
        "Destroy all creatures you don't control. They can't be regenerated.", "{7}{B}{B}"
    ),
    "Shatterstorm": _sorcery(
        "Destroy all artifacts and enchantments. They can't be regenerated.", "{2}{R}{R}"
    ),
    "Murder": {
        "mana_cost": "{1}{B}{B}",
        "type_line": "Instant",
        "oracle_text": "Destroy target creature.",
    },
    "Holy Strength": {
        "mana_cost": "{W}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature gets +1/+2.",
    },
    "Hangarback Walker": {
        "mana_cost": "{X}{X}",
        "type_line": "Artifact Creature — Construct",
        "pt": "0/0",
        "oracle_text": "This creature enters with X +1/+1 counters on it.\nWhen this creature "
        "dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 "
        "counter on this creature.\n{1}, {T}: Put a +1/+1 counter on this creature.",
    },
    "Craw Wurm": {"mana_cost": "{4}{G}{G}", "type_line": "Creature — Wurm", "pt": "6/4"},
    "Blaze": _sorcery("Blaze deals X damage to any target.", "{X}{R}"),
    "Earthquake": _sorcery(
        "Earthquake deals X damage to each creature without flying and each player.", "{X}{R}"
    ),
    "Shock": {
        "mana_cost": "{R}",
        "type_line": "Instant",
        "oracle_text": "Shock deals 2 damage to any target.",
    },
    "Walking Ballista": {
        "mana_cost": "{X}{X}",
        "type_line": "Artifact Creature — Construct",
        "pt": "0/0",
        "oracle_text": "This creature enters with X +1/+1 counters on it.\n{4}: Put a +1/+1 "
        "counter on this creature.\nRemove a +1/+1 counter from this creature: It deals 1 damage "
        "to any target.",
    },
    "Soul Separator": {
        "mana_cost": "{3}",
        "type_line": "Artifact",
        "oracle_text": "{5}, {T}, Sacrifice this artifact: Exile target creature card from your "
        "graveyard. Create a token that's a copy of that card, except it's 1/1, it's a Spirit in "
        "addition to its other types, and it has flying. Create a black Zombie creature token "
        "with power equal to that card's power and toughness equal to that card's toughness.",
    },
    "Swords to Plowshares": {
        "mana_cost": "{W}",
        "type_line": "Instant",
        "oracle_text": "Exile target creature. Its controller gains life equal to its power.",
    },
    "Soldier Token Maker": {
        "mana_cost": "{2}{W}",
        "type_line": "Creature — Human",
        "pt": "2/2",
        "oracle_text": "When this creature dies, you may create a 1/1 white Soldier creature "
        "token.",
    },
}
SOURCE = pool(CARDS)


def board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    return main_phase_board(SOURCE, battlefield, **extra)


def rules(answer: Any) -> set[str]:
    return {s.rule for s in answer.steps}


# --- sweepers (701.8a) ---------------------------------------------------------------------


def test_destroy_all_creatures_destroys_each_and_its_aura_goes_to_the_graveyard() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "strength", "card": "Holy Strength", "controller": "P1", "attached_to": "bears"},
            {"id": "angel", "card": "Serra Angel", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "spell", "card": "Wrath of God", "controller": "P1"})
    assert answer.verified, answer.unmodelled
    assert answer.data["outcome"] == ["bears is destroyed", "angel is destroyed"]
    assert any("strength" in e and "unattached Aura" in e for e in answer.data["after_sbas"])
    assert {"701.8a", "701.19c", "704.5m"} <= rules(answer)


def test_an_indestructible_creature_survives_destroy_all() -> None:
    b = board(
        [
            {"id": "myr", "card": "Darksteel Myr", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "spell", "card": "Wrath of God", "controller": "P1"})
    assert answer.verified
    assert "myr is not destroyed (indestructible)" in answer.data["outcome"]
    assert "bears is destroyed" in answer.data["outcome"]
    assert "702.12b" in rules(answer)


def test_destroy_all_creatures_you_dont_control_spares_the_casters() -> None:
    b = board(
        [
            {"id": "mine", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "theirs", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "spell", "card": "Plague Wind", "controller": "P1"})
    assert answer.verified
    assert answer.data["outcome"] == ["theirs is destroyed"]


def test_destroy_all_artifacts_and_enchantments_leaves_a_plain_creature() -> None:
    b = board(
        [
            {"id": "myr", "card": "Darksteel Myr", "controller": "P2"},
            {"id": "anthem", "card": "Glorious Anthem", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "spell", "card": "Shatterstorm", "controller": "P1"})
    assert answer.verified, answer.unmodelled
    assert answer.data["outcome"] == [
        "myr is not destroyed (indestructible)",
        "anthem is destroyed",
    ]


def test_a_destroyed_token_ceases_to_exist() -> None:
    soldier = {
        "name": "Soldier",
        "colors": ["W"],
        "types": ["Creature"],
        "power": 1,
        "toughness": 1,
    }
    b = board([{"id": "soldier", "token": soldier, "controller": "P1"}])
    answer = ask(b, {"kind": "spell", "card": "Wrath of God", "controller": "P1"})
    assert answer.verified
    assert answer.data["outcome"] == ["soldier is destroyed"]


def test_destroy_all_with_no_creature_says_it_destroys_nothing() -> None:
    b = board([{"id": "anthem", "card": "Glorious Anthem", "controller": "P1"}])
    answer = ask(b, {"kind": "spell", "card": "Wrath of God", "controller": "P1"})
    assert answer.verified
    assert "destroys nothing" in answer.short


def test_a_listed_regeneration_shield_keeps_a_sweeper_unverified() -> None:
    cards = {
        **CARDS,
        "Drudge Skeletons": {
            "mana_cost": "{1}{B}",
            "type_line": "Creature — Skeleton",
            "pt": "1/1",
            "oracle_text": "{B}: Regenerate this creature.",
        },
    }
    b = main_phase_board(
        pool(cards),
        [{"id": "skel", "card": "Drudge Skeletons", "controller": "P2"}],
        effects=[{"source": "skel", "ability": 1}],
    )
    answer = ask(b, {"kind": "spell", "card": "Plague Wind", "controller": "P1"})
    assert not answer.verified


# --- X announced as the spell is cast (601.2b, 107.3a) ---------------------------------------


def test_the_questions_x_is_the_damage_of_an_x_spell() -> None:
    b = board([{"id": "wurm", "card": "Craw Wurm", "controller": "P2"}])
    answer = ask(
        b, {"kind": "spell", "card": "Blaze", "controller": "P1", "targets": ["wurm"], "x": 4}
    )
    assert answer.verified
    assert answer.data["outcome"] == ["Blaze deals 4 damage to wurm"]
    assert any("wurm" in e and "lethal damage" in e for e in answer.data["after_sbas"])
    assert "107.3a" in rules(answer)


def test_x_reaches_each_creature_without_flying_and_each_player() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "angel", "card": "Serra Angel", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "spell", "card": "Earthquake", "controller": "P1", "x": 2})
    assert answer.verified
    assert answer.data["outcome"] == [
        "Earthquake deals 2 damage to bears",
        "Earthquake deals 2 damage to P1",
        "Earthquake deals 2 damage to P2",
    ]


def test_x_without_a_value_leaves_the_damage_unknown() -> None:
    b = board([{"id": "wurm", "card": "Craw Wurm", "controller": "P2"}])
    answer = ask(b, {"kind": "spell", "card": "Blaze", "controller": "P1", "targets": ["wurm"]})
    assert not answer.verified
    assert any("'X'" in u for u in answer.unmodelled)


def test_x_for_a_spell_without_x_in_its_cost_is_the_askers_mistake() -> None:
    b = board([{"id": "wurm", "card": "Craw Wurm", "controller": "P2"}])
    with pytest.raises(QuestionError, match="no X in its mana cost"):
        ask(b, {"kind": "spell", "card": "Shock", "controller": "P1", "targets": ["wurm"], "x": 3})


def test_x_comes_from_the_spell_on_the_stack_when_the_question_gives_none() -> None:
    b = board(
        [{"id": "wurm", "card": "Craw Wurm", "controller": "P2"}],
        stack=[{"id": "blaze", "card": "Blaze", "controller": "P1", "cast": {"x": 5}}],
    )
    answer = ask(b, {"kind": "spell", "card": "Blaze", "controller": "P1", "targets": ["wurm"]})
    assert answer.data["outcome"] == ["Blaze deals 5 damage to wurm"]


# --- a dying permanent's own token trigger (603.10a, 608.2h) --------------------------------


def _walker(counters: int) -> dict[str, Any]:
    return {
        "id": "walker",
        "card": "Hangarback Walker",
        "controller": "P1",
        "counters": {"+1/+1": counters},
    }


def test_thopters_after_a_destroy_count_the_counters_it_last_had() -> None:
    b = board([_walker(3)], players={"P1": {"graveyard": []}, "P2": {"graveyard": []}})
    answer = ask(b, {"kind": "spell", "card": "Murder", "controller": "P2", "targets": ["walker"]})
    assert answer.verified, answer.unmodelled
    [row] = answer.data["trigger_tokens"]
    assert (row["source"], row["count"], row["token"]["name"]) == ("walker", 3, "Thopter Token")
    assert "walker creates 3 × Thopter Token" in answer.short
    assert {"603.10a", "608.2h"} <= rules(answer)


def test_thopters_after_a_sweeper() -> None:
    b = board([_walker(2), {"id": "bears", "card": "Grizzly Bears", "controller": "P2"}])
    answer = ask(b, {"kind": "spell", "card": "Wrath of God", "controller": "P2"})
    assert [r["count"] for r in answer.data["trigger_tokens"]] == [2]


def test_thopters_after_combat_damage() -> None:
    b = main_phase_board(
        SOURCE,
        [
            {**_walker(3), "blocking": "wurm"},
            {"id": "wurm", "card": "Craw Wurm", "controller": "P2", "attacking": "P1"},
        ],
        turn={"active": "P2", "number": 5, "step": "declare_blockers"},
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert answer.verified, answer.unmodelled
    assert [r["count"] for r in answer.data["trigger_tokens"]] == [3]


def test_thopters_under_an_anthem_are_shown_with_their_own_values_so_unverified() -> None:
    b = board([_walker(1), {"id": "anthem", "card": "Glorious Anthem", "controller": "P1"}])
    answer = ask(b, {"kind": "spell", "card": "Murder", "controller": "P2", "targets": ["walker"]})
    assert [r["count"] for r in answer.data["trigger_tokens"]] == [1]
    assert not answer.verified


def test_an_optional_token_trigger_is_listed_but_not_resolved() -> None:
    b = board([{"id": "maker", "card": "Soldier Token Maker", "controller": "P1"}])
    answer = ask(b, {"kind": "spell", "card": "Murder", "controller": "P2", "targets": ["maker"]})
    assert answer.data["trigger_tokens"] == []
    assert "creates" not in answer.short


# --- exile (406.2) and life equal to its power as it last existed (608.2h) -------------------


def test_swords_exiles_and_its_controller_gains_its_last_power_in_life() -> None:
    b = board(
        [
            {**_walker(3), "controller": "P2"},
            {
                "id": "strength",
                "card": "Holy Strength",
                "controller": "P2",
                "attached_to": "walker",
            },
        ],
        players={"P1": {"life": 20}, "P2": {"life": 10}},
    )
    answer = ask(
        b,
        {
            "kind": "spell",
            "card": "Swords to Plowshares",
            "controller": "P1",
            "targets": ["walker"],
        },
    )
    assert answer.verified, answer.unmodelled
    assert answer.data["outcome"] == ["walker is exiled", "P2 gains 4 life"]  # 0/0 +3 counters +1
    assert any("strength" in e and "unattached Aura" in e for e in answer.data["after_sbas"])
    assert "trigger_tokens" not in answer.data  # exiled, it didn't die: no Thopters (700.4)
    assert {"406.2", "608.2h"} <= rules(answer)


def test_an_exiled_token_ceases_to_exist_and_its_dies_ability_does_not_trigger() -> None:
    token = {
        "name": "Spirit",
        "colors": ["W"],
        "types": ["Creature"],
        "power": 2,
        "toughness": 2,
        "text": "When this creature dies, you gain 1 life.",
    }
    b = board([{"id": "spirit", "token": token, "controller": "P2"}])
    answer = ask(
        b,
        {
            "kind": "spell",
            "card": "Swords to Plowshares",
            "controller": "P1",
            "targets": ["spirit"],
        },
    )
    assert answer.verified, answer.unmodelled
    assert "the token spirit ceases to exist" in answer.data["after_sbas"]
    assert "trigger" not in answer.short


def test_a_destroyed_token_with_a_dies_ability_still_triggers() -> None:
    token = {
        "name": "Spirit",
        "colors": ["W"],
        "types": ["Creature"],
        "power": 2,
        "toughness": 2,
        "text": "When this creature dies, you gain 1 life.",
    }
    b = board([{"id": "spirit", "token": token, "controller": "P2"}])
    answer = ask(b, {"kind": "spell", "card": "Murder", "controller": "P1", "targets": ["spirit"]})
    assert "Then these trigger" in answer.short


# --- smaller things the chat boards asked ------------------------------------------------------


def test_a_remove_counter_cost_says_the_counter_is_there_and_needs_no_302_6() -> None:
    b = board(
        [
            {
                "id": "ballista",
                "card": "Walking Ballista",
                "controller": "P1",
                "since": "this_turn",
                "counters": {"+1/+1": 1},
            }
        ]
    )
    answer = ask(b, {"kind": "can_activate", "object": "ballista", "ability": 3})
    assert answer.verified, answer.unmodelled
    assert answer.short.startswith("Yes")
    assert any(s.rule == "118.3" and "1 +1/+1 counter" in s.text for s in answer.steps)


def test_flying_from_a_copy_exception_and_the_card_is_shown_once() -> None:
    b = board(
        [{"id": "separator", "card": "Soul Separator", "controller": "P1"}],
        players={"P1": {"graveyard": [{"id": "angel", "card": "Serra Angel"}]}},
    )
    answer = ask(b, {"kind": "tokens", "object": "separator", "ability": 1, "targets": ["angel"]})
    copy = answer.data["tokens"][0]
    assert copy["text"] == "1/1 white Creature — Angel Spirit with flying, vigilance"
    assert copy["token"]["power"] == 1
