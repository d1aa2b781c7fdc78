"""Wrong-"verified" classes (issue 12): each board builds, and the engine either answers right
or says unverified, naming why in ``unmodelled``."""

from __future__ import annotations

from typing import Any

import pytest
from engine_boards import CARDS

from engine.board import Board, BoardError, load_board
from engine.cards import DictCardSource, card_from_mapping
from engine.questions import ask

EXTRA: dict[str, dict[str, Any]] = {
    "Stalking Tiger": {
        "mana_cost": "{3}{G}",
        "type_line": "Creature — Cat",
        "pt": "3/3",
        "oracle_text": "Stalking Tiger can't be blocked by more than one creature.",
    },
    "Goblin War Drums": {
        "mana_cost": "{2}{R}",
        "type_line": "Creature — Goblin",
        "pt": "2/2",
        "oracle_text": "This creature can't be blocked except by two or more creatures.",
    },
    "Bloodrock Cyclops": {
        "mana_cost": "{2}{R}",
        "type_line": "Creature — Cyclops",
        "pt": "3/3",
        "oracle_text": "Bloodrock Cyclops attacks each combat if able.",
    },
    "Palace Guard": {
        "mana_cost": "{2}{W}",
        "type_line": "Creature — Human Soldier",
        "pt": "1/4",
        "oracle_text": "Palace Guard can block any number of creatures.",
    },
    "Menacing Brute": {
        "mana_cost": "{2}{R}",
        "type_line": "Creature — Ogre",
        "pt": "3/3",
        "oracle_text": "Menace",
    },
    "Raging Attacker": {
        "mana_cost": "{2}{R}",
        "type_line": "Creature — Warrior",
        "pt": "2/2",
        "oracle_text": "Whenever this creature attacks, it gets +2/+0 until end of turn.",
    },
    "Pacifism": {
        "mana_cost": "{1}{W}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature can't attack or block.",
    },
    "Wild Growth": {
        "mana_cost": "{G}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant land\nWhenever enchanted land is tapped for mana, its controller "
        "adds an additional {G}.",
    },
    "Vernal Bloom": {
        "mana_cost": "{3}{G}",
        "type_line": "Enchantment",
        "oracle_text": "Whenever a Forest is tapped for mana, its controller adds an additional "
        "{G}.",
    },
    "Primal Clay": {
        "mana_cost": "{4}",
        "type_line": "Artifact Creature — Shapeshifter",
        "pt": "*/*",
        "oracle_text": "As Primal Clay enters, it becomes your choice of a 3/3 artifact creature, "
        "a 2/2 artifact creature with flying, or a 1/6 Wall artifact creature with defender in "
        "addition to its other types.",
    },
    "Walking Ballista": {
        "mana_cost": "{X}{X}",
        "type_line": "Artifact Creature — Construct",
        "pt": "0/0",
        "oracle_text": "This creature enters with X +1/+1 counters on it.",
    },
    "Fire // Ice": {
        "layout": "split",
        "card_faces": [
            {
                "name": "Fire",
                "mana_cost": "{1}{R}",
                "type_line": "Instant",
                "oracle_text": "Fire deals 2 damage divided as you choose among one or two "
                "targets.",
                "colors": ["R"],
            },
            {
                "name": "Ice",
                "mana_cost": "{1}{U}",
                "type_line": "Instant",
                "oracle_text": "Tap target permanent.\nDraw a card.",
                "colors": ["U"],
            },
        ],
    },
    "Civilized Scholar // Homicidal Brute": {
        "layout": "transform",
        "card_faces": [
            {
                "name": "Civilized Scholar",
                "mana_cost": "{2}{U}",
                "type_line": "Creature — Human Advisor",
                "power": "0",
                "toughness": "1",
                "oracle_text": "",
                "colors": ["U"],
            },
            {
                "name": "Homicidal Brute",
                "mana_cost": "",
                "type_line": "Creature — Human Mutant",
                "power": "5",
                "toughness": "1",
                "oracle_text": "",
                "colors": ["R"],
            },
        ],
    },
    "Mystery Scholar": {
        "back_face": {
            "name": "Mystery Brute",
            "type_line": "Creature — Mutant",
            "pt": "5/1",
            "oracle_text": "",
        },
        "mana_cost": "{2}{U}",
        "type_line": "Creature — Human",
        "pt": "0/1",
        "oracle_text": "",
    },
    "Dryad Arbor": {
        "type_line": "Land Creature — Forest Dryad",
        "pt": "1/1",
        "oracle_text": "",
    },
    "Bomat Courier": {
        "mana_cost": "{1}",
        "type_line": "Artifact Creature — Construct",
        "pt": "1/1",
        "oracle_text": "Haste",
    },
    "Ornithopter": {
        "mana_cost": "{0}",
        "type_line": "Artifact Creature — Thopter",
        "pt": "0/2",
        "oracle_text": "Flying",
    },
    "Jace Beleren": {
        "mana_cost": "{1}{U}{U}",
        "type_line": "Legendary Planeswalker — Jace",
        "loyalty": "3",
        "oracle_text": "+2: Each player draws a card.",
    },
}
SOURCE = DictCardSource(
    [card_from_mapping(n, d) for n, d in {**CARDS, **EXTRA}.items()],
)


def board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    data: dict[str, Any] = {"turn": {"active": "P1", "number": 6, "step": "declare_blockers"}}
    data["battlefield"] = battlefield
    data.update(extra)
    return load_board(data, SOURCE)


def named(answer: Any, *words: str) -> bool:
    return any(all(w in u for w in words) for u in answer.unmodelled)


# --- 608.2n / 704.3: the resolving spell is in the graveyard when SBAs are checked -----------


def test_resolving_spell_is_in_the_graveyard_when_sbas_are_checked() -> None:
    # graveyards: a creature and a land, so Tarmogoyf is 2/3 before the Bolt resolves; as it
    # finishes resolving the Bolt is in the graveyard too (608.2n), so SBAs see a 3/4 with 3
    # damage, which survives (704.3)
    b = board(
        [{"id": "goyf", "card": "Tarmogoyf", "controller": "P2"}],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
        players={"P1": {"graveyard": ["Grizzly Bears"]}, "P2": {"graveyard": ["Forest"]}},
    )
    answer = ask(b, {"kind": "spell", "card": "Lightning Bolt", "targets": ["goyf"]})
    assert "608.2n" in answer.rules
    assert answer.data["after_sbas"] == []
    assert answer.data["spell_card"] == "lightning_bolt"
    assert answer.verified, answer.unmodelled


def test_goyf_dies_to_bolt_when_the_bolt_is_the_only_new_type() -> None:
    b = board(
        [{"id": "goyf", "card": "Tarmogoyf", "controller": "P2"}],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
        players={"P1": {"graveyard": ["Grizzly Bears"]}, "P2": {"graveyard": []}},
    )
    answer = ask(b, {"kind": "spell", "card": "Lightning Bolt", "targets": ["goyf"]})
    # creature + instant (the Bolt, 608.2n): Tarmogoyf is 2/3 and 3 damage is lethal
    assert any("goyf" in e and "lethal damage" in e for e in answer.data["after_sbas"])
    assert answer.verified


# --- unconsumed restrictions now consumed in block legality ------------------------------------


def test_two_blockers_on_a_creature_that_cant_be_blocked_by_more_than_one_is_flagged() -> None:
    b = board(
        [
            {"id": "tiger", "card": "Stalking Tiger", "controller": "P1", "attacking": "P2"},
            {"id": "b1", "card": "Grizzly Bears", "controller": "P2", "blocking": "tiger"},
            {"id": "b2", "card": "Grizzly Bears", "controller": "P2", "blocking": "tiger"},
        ]
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert not answer.verified
    assert named(answer, "tiger", "more than one creature", "509.1b")


def test_a_second_blocker_cant_join_on_a_max_one_blocker_attacker() -> None:
    b = board(
        [
            {"id": "tiger", "card": "Stalking Tiger", "controller": "P1", "attacking": "P2"},
            {"id": "b1", "card": "Grizzly Bears", "controller": "P2", "blocking": "tiger"},
            {"id": "b2", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "can_block", "object": "b2", "attacker": "tiger"})
    assert answer.data["can_block"] is False
    assert "509.1b" in answer.rules


def test_lone_blocker_on_a_two_or_more_blockers_creature_is_flagged() -> None:
    b = board(
        [
            {"id": "drums", "card": "Goblin War Drums", "controller": "P1", "attacking": "P2"},
            {"id": "b1", "card": "Grizzly Bears", "controller": "P2", "blocking": "drums"},
        ]
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert not answer.verified and named(answer, "drums", "only one creature blocks it")


def test_a_lone_creature_cant_block_a_menace_attacker() -> None:
    # 702.111b: with no other creature to join it, the Bears can't block the Brute at all
    b = board(
        [
            {"id": "brute", "card": "Menacing Brute", "controller": "P1", "attacking": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ],
        turn={"active": "P1", "number": 6, "step": "declare_attackers"},
    )
    answer = ask(b, {"kind": "can_block", "object": "bears", "attacker": "brute"})
    assert answer.data["can_block"] is False and answer.short.startswith("No")
    assert "702.111b" in answer.rules


def test_a_creature_can_block_a_menace_attacker_with_another_that_could_join() -> None:
    b = board(
        [
            {"id": "brute", "card": "Menacing Brute", "controller": "P1", "attacking": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
            {"id": "elves", "card": "Llanowar Elves", "controller": "P2"},
        ],
        turn={"active": "P1", "number": 6, "step": "declare_attackers"},
    )
    answer = ask(b, {"kind": "can_block", "object": "bears", "attacker": "brute"})
    assert answer.data["can_block"] is True and answer.verified
    assert any("together with elves" in s.text for s in answer.steps)


def test_a_tapped_partner_cant_join_a_menace_block() -> None:
    b = board(
        [
            {"id": "brute", "card": "Menacing Brute", "controller": "P1", "attacking": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
            {"id": "elves", "card": "Llanowar Elves", "controller": "P2", "tapped": True},
        ],
        turn={"active": "P1", "number": 6, "step": "declare_attackers"},
    )
    answer = ask(b, {"kind": "can_block", "object": "bears", "attacker": "brute"})
    assert answer.data["can_block"] is False


def test_an_attack_trigger_not_on_the_board_makes_combat_unverified() -> None:
    # 603.2: "whenever this attacks, it gets +2/+0" resolved before blocks; the board must say so
    b = board(
        [{"id": "raider", "card": "Raging Attacker", "controller": "P1", "attacking": "P2"}],
        turn={"active": "P1", "number": 6, "step": "combat_damage"},
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert not answer.verified and named(answer, "raider", "attack trigger", "603.2")


def test_an_attack_trigger_whose_effect_is_listed_stays_verified() -> None:
    b = board(
        [{"id": "raider", "card": "Raging Attacker", "controller": "P1", "attacking": "P2"}],
        turn={"active": "P1", "number": 6, "step": "combat_damage"},
        effects=[{"source": "raider", "text": "raider gets +2/+0 until end of turn"}],
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert not named(answer, "attack trigger")


def test_blocking_two_attackers_needs_an_ability_that_allows_it() -> None:
    fighters = [
        {"id": "a1", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
        {"id": "a2", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
    ]
    bears = board(
        [
            *fighters,
            {"id": "d", "card": "Giant Spider", "controller": "P2", "blocking": ["a1", "a2"]},
        ]
    )
    answer = ask(bears, {"kind": "can_attack", "object": "a1"})
    assert not answer.verified and named(answer, "d blocks 2 creatures", "509.1a")
    guard = board(
        [
            *fighters,
            {"id": "d", "card": "Palace Guard", "controller": "P2", "blocking": ["a1", "a2"]},
        ]
    )
    answer = ask(guard, {"kind": "can_attack", "object": "a1"})
    assert not named(answer, "blocks 2 creatures")


def test_must_attack_creature_that_stayed_home_is_flagged() -> None:
    b = board(
        [
            {"id": "cyclops", "card": "Bloodrock Cyclops", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
        ]
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert not answer.verified and named(answer, "cyclops", "508.1d")
    tapped = board(
        [
            {"id": "cyclops", "card": "Bloodrock Cyclops", "controller": "P1", "tapped": True},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
        ]
    )
    assert ask(tapped, {"kind": "combat_damage"}).verified


# --- impossible boards ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker", "message"),
    [
        ({"id": "a", "card": "Grizzly Bears", "controller": "P1", "attacking": "a"}, "itself"),
        ({"id": "a", "card": "Grizzly Bears", "controller": "P1", "attacking": "P1"}, "controller"),
        ({"id": "a", "card": "Grizzly Bears", "controller": "P2", "attacking": "P1"}, "active"),
    ],
)
def test_impossible_attacks_are_refused(attacker: dict[str, Any], message: str) -> None:
    with pytest.raises(BoardError, match=message):
        board([attacker])


def test_attacking_a_creature_is_flagged() -> None:
    b = board(
        [
            {"id": "a", "card": "Grizzly Bears", "controller": "P1", "attacking": "bears"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert not answer.verified and named(answer, "neither a player, a planeswalker", "508.1b")


def test_attacking_a_planeswalker_is_fine() -> None:
    b = board(
        [
            {"id": "a", "card": "Grizzly Bears", "controller": "P1", "attacking": "jace"},
            {"id": "jace", "card": "Jace Beleren", "controller": "P2", "counters": {"loyalty": 3}},
        ]
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert answer.verified, answer.unmodelled


def test_aura_on_an_object_it_cant_enchant_is_flagged_and_sba_puts_it_away() -> None:
    b = board(
        [
            {"id": "forest", "card": "Forest", "controller": "P2"},
            {"id": "pacifism", "card": "Pacifism", "controller": "P1", "attached_to": "forest"},
        ],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    answer = ask(b, {"kind": "characteristics", "object": "forest"})
    assert not answer.verified and named(answer, "pacifism", "704.5m")
    sba = ask(b, {"kind": "after_sba"})
    assert sba.verified, sba.unmodelled
    assert any("pacifism" in e and "graveyard" in e for e in sba.data["events"])
    assert "704.5m" in sba.rules


def test_legal_aura_is_not_flagged() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
            {"id": "pacifism", "card": "Pacifism", "controller": "P1", "attached_to": "bears"},
        ],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    answer = ask(b, {"kind": "can_attack", "object": "bears"})
    assert answer.verified and answer.data["can_attack"] is False
    assert ask(b, {"kind": "after_sba"}).data["events"] == []


def test_creature_in_combat_outside_the_combat_phase_is_flagged() -> None:
    b = board(
        [{"id": "a", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"}],
        turn={"active": "P1", "number": 6, "step": "postcombat_main"},
    )
    assert named(ask(b, {"kind": "combat_damage"}), "506.1")


def test_summoning_sick_attacker_and_defender_are_flagged_for_every_question() -> None:
    b = board(
        [
            {
                "id": "a",
                "card": "Grizzly Bears",
                "controller": "P1",
                "attacking": "P2",
                "since": "this_turn",
            },
            {"id": "w", "card": "Wall of Stone", "controller": "P1", "attacking": "P2"},
        ]
    )
    answer = ask(b, {"kind": "characteristics", "object": "a"})
    assert named(answer, "a is attacking", "summoning sick")
    assert named(answer, "w is attacking", "defender")


# --- unread clauses for every question kind ---------------------------------------------------


def test_unread_mana_trigger_makes_a_mana_activation_unverified() -> None:
    b = board(
        [
            {"id": "forest", "card": "Forest", "controller": "P1"},
            {"id": "bloom", "card": "Vernal Bloom", "controller": "P2"},
        ],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    for q in (
        {"kind": "can_activate", "object": "forest", "ability": "mana"},
        {"kind": "mana", "object": "forest"},
        {"kind": "mana", "player": "P1"},
    ):
        answer = ask(b, q)
        assert not answer.verified and named(answer, "Vernal Bloom"), q


def test_modelled_mana_trigger_stays_verified() -> None:
    b = board(
        [
            {"id": "forest", "card": "Forest", "controller": "P1"},
            {"id": "growth", "card": "Wild Growth", "controller": "P1", "attached_to": "forest"},
        ],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    answer = ask(b, {"kind": "can_activate", "object": "forest", "ability": "mana"})
    assert answer.verified, answer.unmodelled
    assert answer.data["amount"] == 2


def test_as_enters_choice_pt_is_not_a_dead_zero_zero() -> None:
    b = board(
        [{"id": "clay", "card": "Primal Clay", "controller": "P1"}],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    answer = ask(b, {"kind": "after_sba"})
    assert not answer.verified and named(answer, "Primal Clay")


def test_enters_with_counters_without_counters_given_is_unknown() -> None:
    b = board(
        [{"id": "ballista", "card": "Walking Ballista", "controller": "P1"}],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    answer = ask(b, {"kind": "after_sba"})
    assert not answer.verified and named(answer, "ballista", "counters")
    given = board(
        [
            {
                "id": "ballista",
                "card": "Walking Ballista",
                "controller": "P1",
                "counters": {"+1/+1": 2},
            }
        ],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    assert ask(given, {"kind": "after_sba"}).verified


# --- 509.1h: a blocked creature stays blocked -------------------------------------------------


def test_blocked_creature_whose_blocker_died_to_first_strike_deals_no_damage() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "ace", "card": "Fencing Ace", "controller": "P1", "attacking": "P2"},
            {"id": "chump", "card": "Llanowar Elves", "controller": "P2", "blocking": "bears"},
            {"id": "elf2", "card": "Llanowar Elves", "controller": "P2", "blocking": "ace"},
        ]
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert answer.verified, answer.unmodelled
    assert answer.data["life"]["P2"] == 20
    texts = [s.text for s in answer.steps]
    assert not any("ace is unblocked" in t for t in texts)
    assert "509.1h" in answer.rules


def test_first_striker_blocked_by_a_creature_killed_in_the_first_step_stays_blocked() -> None:
    # Fencing Ace (1/1 double strike) blocked by Llanowar Elves: the elf dies in the first-strike
    # step; in the regular step the Ace is still blocked (509.1h) and, without trample, deals
    # no damage to the player.
    b = board(
        [
            {"id": "ace", "card": "Fencing Ace", "controller": "P1", "attacking": "P2"},
            {"id": "elf", "card": "Llanowar Elves", "controller": "P2", "blocking": "ace"},
        ]
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert answer.verified, answer.unmodelled
    assert answer.data["life"]["P2"] == 20
    assert "509.1h" in answer.rules
    assert not any("unblocked" in s.text for s in answer.steps)


# --- split, transformed and back faces ---------------------------------------------------------


def test_split_card_in_a_graveyard_has_both_halves() -> None:
    b = board(
        [],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
        players={"P1": {"graveyard": [{"id": "fi", "card": "Fire // Ice"}]}},
    )
    answer = ask(b, {"kind": "characteristics", "object": "fi"})
    assert answer.data["name"] == "Fire // Ice"
    assert answer.data["mana_value"] == 4
    assert answer.data["colors"] == ["blue", "red"]
    assert {"709.4", "709.4b"} <= set(answer.rules)


def test_transformed_permanent_takes_its_front_face_mana_value_and_indicator_color() -> None:
    b = board(
        [{"id": "brute", "card": "Civilized Scholar", "controller": "P1", "face": "back"}],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    answer = ask(b, {"kind": "characteristics", "object": "brute"})
    assert answer.verified, answer.unmodelled
    assert answer.data["mana_value"] == 3
    assert answer.data["colors"] == ["red"]
    assert "712.8e" in answer.rules
    assert "202.3a" not in answer.rules  # it has no mana cost, but its mana value isn't 0


def test_back_face_without_layout_or_colors_is_unverified() -> None:
    b = board(
        [{"id": "brute", "card": "Mystery Scholar", "controller": "P1", "face": "back"}],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    answer = ask(b, {"kind": "characteristics", "object": "brute"})
    assert not answer.verified
    assert named(answer, "202.2e") and named(answer, "712.8e")


def test_no_cost_nonland_without_color_data_is_unverified() -> None:
    b = board(
        [{"id": "arbor", "card": "Dryad Arbor", "controller": "P1"}],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    answer = ask(b, {"kind": "characteristics", "object": "arbor"})
    assert not answer.verified and named(answer, "color indicator")


# --- control ------------------------------------------------------------------------------------


def test_stolen_permanent_without_the_effect_on_the_board_is_unverified() -> None:
    b = board(
        [{"id": "bears", "card": "Grizzly Bears", "controller": "P1", "owner": "P2"}],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    answer = ask(b, {"kind": "can_attack", "object": "bears"})
    assert not answer.verified and named(answer, "613.1b")


def test_damage_marked_on_a_planeswalker_is_unverified_not_no_sba() -> None:
    # 120.3c: damage to a planeswalker removes loyalty; "2 loyalty, 3 damage" can't be read
    b = board(
        [
            {
                "id": "jace",
                "card": "Jace Beleren",
                "controller": "P2",
                "counters": {"loyalty": 2},
                "damage": 3,
            }
        ],
        turn={"active": "P1", "number": 6, "step": "postcombat_main"},
    )
    answer = ask(b, {"kind": "after_sba"})
    assert not answer.verified and named(answer, "120.3c")


def test_damage_marked_on_a_creature_stays_verified() -> None:
    b = board(
        [{"id": "bears", "card": "Grizzly Bears", "controller": "P1", "damage": 1}],
        turn={"active": "P1", "number": 6, "step": "postcombat_main"},
    )
    answer = ask(b, {"kind": "after_sba"})
    assert answer.verified and not named(answer, "120.3c")


# --- step texts are true of the board ----------------------------------------------------------


def test_a_copy_of_a_card_is_not_said_to_copy_a_copy() -> None:
    b = board(
        [
            {
                "id": "clone",
                "card": "Clone",
                "controller": "P1",
                "copy_effects": [{"card": "Grizzly Bears", "via": "effect"}],
            }
        ],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    answer = ask(b, {"kind": "characteristics", "object": "clone"})
    assert answer.data["name"] == "Grizzly Bears"
    assert not any("itself a copy" in s.text for s in answer.steps)
    assert "707.3" not in answer.rules


# --- crew is an activated ability (702.122a); other activated keywords aren't "not abilities" ---

VEHICLES = DictCardSource(
    [
        *(card_from_mapping(n, d) for n, d in {**CARDS, **EXTRA}.items()),
        card_from_mapping(
            "Sky Skiff",
            {
                "mana_cost": "{2}",
                "type_line": "Artifact — Vehicle",
                "pt": "2/3",
                "oracle_text": "Flying\nCrew 1",
            },
        ),
        card_from_mapping(
            "Renegade Freighter",
            {
                "mana_cost": "{3}",
                "type_line": "Artifact — Vehicle",
                "pt": "4/3",
                "oracle_text": "Crew 2",
            },
        ),
        card_from_mapping(
            "Lonely Sandbar",
            {"type_line": "Land", "oracle_text": "{T}: Add {U}.\nCycling {U}"},
        ),
    ]
)


def vehicle_board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    data: dict[str, Any] = {"turn": {"active": "P1", "number": 6, "step": "precombat_main"}}
    data["battlefield"] = battlefield
    data.update(extra)
    return load_board(data, VEHICLES)


def test_a_summoning_sick_creature_can_crew() -> None:
    b = vehicle_board(
        [
            {"id": "skiff", "card": "Sky Skiff", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "since": "this_turn"},
        ]
    )
    answer = ask(
        b, {"kind": "can_activate", "object": "skiff", "ability": "crew", "pay_with": ["bears"]}
    )
    assert answer.verified, answer.unmodelled
    assert answer.data["can_activate"] is True
    assert {"702.122a", "302.6"} <= set(answer.rules)


def test_crew_needs_enough_total_power() -> None:
    b = vehicle_board(
        [
            {"id": "freighter", "card": "Renegade Freighter", "controller": "P1"},
            {"id": "elves", "card": "Llanowar Elves", "controller": "P1"},
        ]
    )
    answer = ask(b, {"kind": "can_activate", "object": "freighter", "ability": "crew"})
    assert answer.verified and answer.data["can_activate"] is False
    assert any("total power 1" in r for r in answer.data["reasons"])


def test_a_crewed_vehicle_is_an_artifact_creature_that_can_attack() -> None:
    b = vehicle_board(
        [{"id": "skiff", "card": "Sky Skiff", "controller": "P1"}],
        effects=[{"source": "skiff", "ability": 3}],
    )
    chars = ask(b, {"kind": "characteristics", "object": "skiff"})
    assert chars.verified, chars.unmodelled
    assert chars.data["types"] == ["Artifact", "Creature"]
    assert (chars.data["power"], chars.data["toughness"]) == (2, 3)
    assert ask(b, {"kind": "can_attack", "object": "skiff"}).data["can_attack"] is True
    uncrewed = vehicle_board([{"id": "skiff", "card": "Sky Skiff", "controller": "P1"}])
    assert ask(uncrewed, {"kind": "can_attack", "object": "skiff"}).data["can_attack"] is False


def test_an_unmodelled_activated_keyword_is_not_called_a_non_ability() -> None:
    b = vehicle_board([{"id": "sandbar", "card": "Lonely Sandbar", "controller": "P1"}])
    answer = ask(b, {"kind": "can_activate", "object": "sandbar", "ability": "cycling"})
    assert not answer.verified
    assert not any("not an activated ability" in r for r in answer.data["reasons"])


# --- state-based actions that were missing ------------------------------------------------------

SBA_CARDS = DictCardSource(
    [
        *(card_from_mapping(n, d) for n, d in {**CARDS, **EXTRA}.items()),
        card_from_mapping(
            "The Abyss",
            {"mana_cost": "{3}{B}", "type_line": "World Enchantment", "oracle_text": ""},
        ),
        card_from_mapping(
            "Concordant Crossroads",
            {"mana_cost": "{G}", "type_line": "World Enchantment", "oracle_text": ""},
        ),
        card_from_mapping(
            "Invasion of Ergamon",
            {
                "mana_cost": "{R}{G}",
                "type_line": "Battle — Siege",
                "oracle_text": "",
            },
        ),
    ]
)


def sba_board(battlefield: list[dict[str, Any]]) -> Board:
    data: dict[str, Any] = {"turn": {"active": "P1", "number": 6, "step": "precombat_main"}}
    data["battlefield"] = battlefield
    return load_board(data, SBA_CARDS)


def test_world_rule_keeps_only_the_newest_world_permanent() -> None:
    b = sba_board(
        [
            {"id": "abyss", "card": "The Abyss", "controller": "P1"},
            {"id": "roads", "card": "Concordant Crossroads", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "after_sba"})
    assert answer.verified, answer.unmodelled
    assert "704.5k" in answer.rules
    assert any("abyss" in e and "world rule" in e for e in answer.data["events"])
    assert "roads" in answer.data["battlefield"]


def test_a_creature_attached_to_something_becomes_unattached() -> None:
    b = sba_board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "elves", "card": "Llanowar Elves", "controller": "P1", "attached_to": "bears"},
        ]
    )
    answer = ask(b, {"kind": "after_sba"})
    assert "704.5p" in answer.rules and "elves becomes unattached" in answer.data["events"]
    assert not ask(b, {"kind": "characteristics", "object": "bears"}).verified


def test_a_battle_makes_sba_answers_unverified() -> None:
    b = sba_board([{"id": "siege", "card": "Invasion of Ergamon", "controller": "P1"}])
    answer = ask(b, {"kind": "after_sba"})
    assert not answer.verified and named(answer, "battle", "704.5v")


def test_an_unread_ability_that_works_from_the_graveyard_reaches_the_battlefield() -> None:
    anger = card_from_mapping(
        "Anger",
        {
            "mana_cost": "{3}{R}",
            "type_line": "Creature — Incarnation",
            "pt": "2/2",
            "oracle_text": "Haste\nAs long as Anger is in your graveyard and you control a "
            "Mountain, creatures you control have haste.",
        },
    )
    source = DictCardSource([anger, *(card_from_mapping(n, d) for n, d in CARDS.items())])
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
        "players": {"P1": {"graveyard": ["Anger"]}},
        "battlefield": [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "since": "this_turn"},
            {"id": "mountain", "card": "Mountain", "controller": "P1"},
        ],
    }
    answer = ask(load_board(data, source), {"kind": "can_attack", "object": "bears"})
    assert not answer.verified and named(answer, "Anger")


def test_sorcery_speed_needs_an_empty_stack() -> None:
    equip = card_from_mapping(
        "Bonesplitter",
        {"mana_cost": "{1}", "type_line": "Artifact — Equipment", "oracle_text": "Equip {1}"},
    )
    source = DictCardSource([equip, *(card_from_mapping(n, d) for n, d in CARDS.items())])
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
        "battlefield": [{"id": "split", "card": "Bonesplitter", "controller": "P1"}],
        "stack": [{"id": "bolt", "card": "Lightning Bolt", "controller": "P2"}],
    }
    answer = ask(
        load_board(data, source), {"kind": "can_activate", "object": "split", "ability": "equip"}
    )
    assert answer.data["can_activate"] is False and "602.5d" in answer.rules
    del data["stack"]
    answer = ask(
        load_board(data, source), {"kind": "can_activate", "object": "split", "ability": "equip"}
    )
    assert answer.data["can_activate"] is True


def test_a_spell_below_the_top_of_the_stack_is_unverified() -> None:
    b = board(
        [{"id": "bears", "card": "Grizzly Bears", "controller": "P2"}],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
        stack=[
            {"id": "bolt", "card": "Lightning Bolt", "controller": "P1"},
            {"id": "growth", "card": "Giant Growth", "controller": "P2"},
        ],
    )
    answer = ask(b, {"kind": "spell", "card": "Lightning Bolt", "targets": ["bears"]})
    assert not answer.verified and named(answer, "growth", "405.5")


def test_mana_question_counts_the_extra_mana_of_triggered_mana_abilities() -> None:
    b = board(
        [
            {"id": "forest", "card": "Forest", "controller": "P1"},
            {"id": "growth", "card": "Wild Growth", "controller": "P1", "attached_to": "forest"},
        ],
        turn={"active": "P1", "number": 6, "step": "precombat_main"},
    )
    answer = ask(b, {"kind": "mana", "player": "P1"})
    assert answer.verified, answer.unmodelled
    (row,) = answer.data["sources"]
    assert row["amount"] == 2 and row["extra_from_triggers"] == {"amount": 1, "produces": ["G"]}
    assert {"106.12a", "605.1b"} <= set(answer.rules)
    assert "1 more of {G} from triggers" in answer.short


def test_tokens_answer_is_unverified_when_a_static_ability_would_change_the_token() -> None:
    maker = card_from_mapping(
        "Attended Knight",
        {
            "mana_cost": "{2}{W}",
            "type_line": "Creature — Human Knight",
            "pt": "2/2",
            "oracle_text": "First strike\nWhen this creature enters, create a 1/1 white Soldier "
            "creature token.",
        },
    )
    source = DictCardSource([maker, *(card_from_mapping(n, d) for n, d in CARDS.items())])

    def tokens(battlefield: list[dict[str, Any]]) -> Any:
        data = {"turn": {"active": "P1", "number": 6, "step": "precombat_main"}}
        b = load_board({**data, "battlefield": battlefield}, source)
        return ask(b, {"kind": "tokens", "object": "knight", "ability": 2})

    knight = {"id": "knight", "card": "Attended Knight", "controller": "P1"}
    alone = tokens([knight])
    assert alone.verified, alone.unmodelled
    anthem = tokens([knight, {"id": "anthem", "card": "Glorious Anthem", "controller": "P1"}])
    assert not anthem.verified and named(anthem, "Glorious Anthem")
    theirs = tokens([knight, {"id": "anthem", "card": "Glorious Anthem", "controller": "P2"}])
    assert theirs.verified, theirs.unmodelled


# --- 115.1, 601.2c: a spell's target must be what "target ..." allows ---------------------------


def spell_source() -> DictCardSource:
    extra = {
        "Shatter": {
            "mana_cost": "{1}{R}",
            "type_line": "Instant",
            "oracle_text": "Destroy target artifact.",
        },
        "Smother": {
            "mana_cost": "{1}{B}",
            "type_line": "Instant",
            "oracle_text": "Destroy target creature with mana value 3 or less.",
        },
        "Lava Spike": {
            "mana_cost": "{R}",
            "type_line": "Sorcery",
            "oracle_text": "Lava Spike deals 3 damage to target player or planeswalker.",
        },
    }
    return DictCardSource([card_from_mapping(n, d) for n, d in {**CARDS, **EXTRA, **extra}.items()])


def cast(battlefield: list[dict[str, Any]], spell: str, target: str) -> Any:
    data = {"turn": {"active": "P1", "number": 6, "step": "precombat_main"}}
    b = load_board({**data, "battlefield": battlefield}, spell_source())
    return ask(b, {"kind": "spell", "card": spell, "targets": [target]})


def test_a_spell_cant_target_what_its_target_phrase_excludes() -> None:
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "P2"}
    shatter = cast([bears], "Shatter", "bears")
    assert shatter.verified and shatter.data["illegal_targets"] == ["bears"]
    assert "601.2c" in shatter.rules
    thopter = {"id": "thopter", "card": "Ornithopter", "controller": "P2"}
    assert cast([thopter], "Shatter", "thopter").data["outcome"] == ["thopter is destroyed"]


def test_a_target_filter_is_checked() -> None:
    angel = {"id": "angel", "card": "Serra Angel", "controller": "P2"}
    answer = cast([angel], "Smother", "angel")
    assert answer.verified and answer.data["illegal_targets"] == ["angel"]
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "P2"}
    assert cast([bears], "Smother", "bears").data["outcome"] == [
        "bears (mana value 2) is destroyed"
    ]


def test_a_player_target_must_be_a_player_or_planeswalker() -> None:
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "P2"}
    assert cast([bears], "Lava Spike", "bears").data["illegal_targets"] == ["bears"]
    assert cast([bears], "Lava Spike", "P2").data["outcome"] == ["Lava Spike deals 3 damage to P2"]


def test_a_bestowed_creature_is_not_unattached_as_a_creature() -> None:
    bestow = card_from_mapping(
        "Boon Satyr",
        {
            "mana_cost": "{1}{G}{G}",
            "type_line": "Enchantment Creature — Satyr",
            "pt": "4/2",
            "oracle_text": "Flash\nBestow {3}{G}{G}\nEnchanted creature gets +4/+2.",
        },
    )
    source = DictCardSource([bestow, *(card_from_mapping(n, d) for n, d in CARDS.items())])
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
        "battlefield": [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "satyr", "card": "Boon Satyr", "controller": "P1", "attached_to": "bears"},
        ],
    }
    b = load_board(data, source)
    for q in ({"kind": "after_sba"}, {"kind": "characteristics", "object": "bears"}):
        answer = ask(b, q)
        assert not answer.verified and named(answer, "bestow"), q


# --- 509.1a: "can it block?" during a combat is about the creatures attacking ----------------


def test_can_it_block_with_one_flyer_attacking_is_about_that_flyer() -> None:
    # a blind chat set's "opp swings serra angel at me … can the bears block?" was a verified Yes
    b = board(
        [
            {"id": "angel", "card": "Serra Angel", "controller": "P1", "attacking": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "can_block", "object": "bears"})
    assert answer.data["can_block"] is False and answer.short.startswith("No")
    assert "702.9b" in answer.rules


def test_can_it_block_with_several_attacking_is_yes_for_the_ones_it_can_block() -> None:
    b = board(
        [
            {"id": "angel", "card": "Serra Angel", "controller": "P1", "attacking": "P2"},
            {"id": "elves", "card": "Llanowar Elves", "controller": "P1", "attacking": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "can_block", "object": "bears"})
    assert answer.data["can_block"] is True and answer.data["could_block"] == ["elves"]
    assert answer.short.startswith("Yes") and "not angel" in answer.short


def test_can_it_block_with_no_attack_is_about_blocking_at_all() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P2"}])
    answer = ask(b, {"kind": "can_block", "object": "bears"})
    assert answer.data["can_block"] is True


def test_an_activated_ability_the_engine_cant_read_is_unknown_not_absent() -> None:
    # 602.1: Armistice's "{3}{W}{W}: You draw a card and …" is an activated ability; the engine
    # once answered "No — not an activated ability"
    armistice = card_from_mapping(
        "Armistice",
        {
            "mana_cost": "{2}{W}",
            "type_line": "Enchantment",
            "oracle_text": "{3}{W}{W}: You draw a card and target opponent gains 3 life.",
        },
    )
    b = load_board(
        {
            "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
            "battlefield": [{"id": "armistice", "card": "Armistice", "controller": "P1"}],
        },
        DictCardSource([armistice]),
    )
    answer = ask(b, {"kind": "can_activate", "object": "armistice", "ability": "{3}{W}{W}"})
    assert not answer.verified
    assert "not an activated ability" not in answer.short
