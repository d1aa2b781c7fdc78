"""E3's effect sentences resolve on a board as they read (608.2): damage to groups and to typed
targets, amounts counted on resolution (608.2h), each target taken in order (601.2c), and what
the board can't decide (a choice, a counterspell, "defending player") left unverified."""

from __future__ import annotations

from typing import Any

from engine.board import load_board
from engine.cards import DictCardSource, card_from_mapping
from engine.questions import ask


def _spell(text: str, cost: str = "{1}{R}", kind: str = "Sorcery") -> dict[str, Any]:
    return {"mana_cost": cost, "type_line": kind, "oracle_text": text}


CARDS: dict[str, dict[str, Any]] = {
    "Grizzly Bears": {"mana_cost": "{1}{G}", "type_line": "Creature — Bear", "pt": "2/2"},
    "Wall of Stone": {
        "mana_cost": "{1}{R}{R}",
        "type_line": "Creature — Wall",
        "pt": "0/8",
        "oracle_text": "Defender",
    },
    "Storm Crow": {
        "mana_cost": "{1}{U}",
        "type_line": "Creature — Bird",
        "pt": "1/2",
        "oracle_text": "Flying",
    },
    "Zombie Goliath": {"mana_cost": "{4}{B}", "type_line": "Creature — Zombie Giant", "pt": "4/3"},
    "Mountain": {"type_line": "Basic Land — Mountain"},
    "Forest": {"type_line": "Basic Land — Forest"},
    "Hurricane": _spell(
        "Hurricane deals 2 damage to each creature with flying and each player.", "{X}{G}"
    ),
    "Fault Line": _spell(
        "Fault Line deals 1 damage to each creature without flying and each player."
    ),
    "Cinder Giant Blast": _spell(
        "Cinder Giant Blast deals 2 damage to each other creature you control."
    ),
    "Char": _spell("Char deals 4 damage to any target and 2 damage to you.", "{2}{R}", "Instant"),
    "Lunge": _spell(
        "Lunge deals 2 damage to target creature and 2 damage to target player or planeswalker."
    ),
    "Spitting Earth": _spell(
        "Spitting Earth deals damage to target creature equal to the number of Mountains you "
        "control."
    ),
    "Welding Sparks": _spell(
        "Welding Sparks deals X damage to target creature, where X is 3 plus the number of "
        "artifacts you control.",
        "{2}{R}",
        "Instant",
    ),
    "Blaster Blast": _spell("Destroy target Wall."),
    "Eyeblight's Ending": _spell(
        "Destroy target non-Elf creature.", "{2}{B}{B}", "Kindred Instant"
    ),
    "Smash to Dust": _spell("Destroy target creature with defender."),
    "Power Word Kill": _spell(
        "Destroy target non-Angel, non-Demon, non-Devil, non-Dragon creature.", "{1}{B}", "Instant"
    ),
    "Mage-Ring Bolt": _spell(
        "Mage-Ring Bolt deals 7 damage to target creature defending player controls."
    ),
    "Wither Strike": _spell(
        "Wither Strike deals 3 damage to target creature or planeswalker an opponent controls."
    ),
    "Cancel": _spell("Counter target spell.", "{1}{U}{U}", "Instant"),
    "Essence Scatter": _spell("Counter target creature spell.", "{1}{U}", "Instant"),
    "Mana Leak": _spell(
        "Counter target spell unless its controller pays {3}.", "{1}{U}", "Instant"
    ),
    "Shock": _spell("Shock deals 2 damage to any target.", "{R}", "Instant"),
    "Carnage Tyrant": {
        "mana_cost": "{4}{G}{G}",
        "type_line": "Creature — Dinosaur",
        "pt": "7/6",
        "oracle_text": "This spell can't be countered.\nTrample, hexproof",
    },
    "Act of Treason": _spell(
        "Gain control of target creature until end of turn. Untap that creature. It gains haste "
        "until end of turn.",
        "{2}{R}",
    ),
    "Traitorous Instinct": _spell(
        "Gain control of target creature an opponent controls until end of turn. Untap that "
        "creature. Until end of turn, it gets +2/+0 and gains haste.",
        "{3}{R}",
    ),
    "Swell of Courage": _spell(
        "Put a +1/+1 counter on each creature you control.", "{2}{W}{W}", "Instant"
    ),
    "Dragon Rally": _spell("Put a +1/+1 counter on each other Dragon creature you control."),
    "Soul Feast": _spell("You gain 2 life for each creature you control.", "{1}{W}"),
    "Gerrard's Wisdom": _spell("You gain 2 life for each card in your hand.", "{2}{W}{W}"),
    "Maybe Unsummon": _spell(
        "You may return target creature to its owner's hand.", "{U}", "Instant"
    ),
    "Maybe Shatter": _spell("You may destroy target artifact.", "{1}{R}", "Instant"),
    "Ajani's Pridemate": {
        "mana_cost": "{1}{W}",
        "type_line": "Creature — Cat Soldier",
        "pt": "2/2",
        "oracle_text": "Whenever you gain life, put a +1/+1 counter on this creature.",
    },
    "Elvish Might": _spell(
        "Target creature gets +X/+X until end of turn, where X is the number of Elves on the "
        "battlefield.",
        "{G}",
        "Instant",
    ),
    "Elf Friend": {"mana_cost": "{G}", "type_line": "Creature — Elf", "pt": "1/1"},
    "Grave Shrink": _spell(
        "Target creature gets -X/-X until end of turn, where X is the number of cards in your "
        "graveyard.",
        "{1}{B}",
        "Instant",
    ),
    "Rampant Growth Twin": _spell(
        "Search your library for up to two basic land cards, put them onto the battlefield "
        "tapped, then shuffle.",
        "{1}{G}",
    ),
    "Jaya's Greeting Twin": _spell(
        "Jaya's Greeting Twin deals 3 damage to target creature and 2 damage to that creature's "
        "controller."
    ),
    "Forked Bolt": _spell(
        "Forked Bolt deals 2 damage divided as you choose among one or two targets.", "{R}"
    ),
    "Kicked Insight": {
        "mana_cost": "{1}{U}",
        "type_line": "Instant",
        "oracle_text": (
            "Kicker {2}\nDestroy target creature. If this spell was kicked, draw a card."
        ),
    },
    "Unyaro Bolt": _spell("Counter target red instant or sorcery spell.", "{U}", "Instant"),
    "Opt": _spell("Scry 1. Draw a card.", "{U}", "Instant"),
    "Holy Day Twin": _spell(
        "Prevent all combat damage that would be dealt by target attacking creature this turn.",
        "{W}",
        "Instant",
    ),
    "Rabid Bite": _spell(
        "Target creature you control deals damage equal to its power to target creature you "
        "don't control.",
        "{1}{G}",
    ),
    "Typhoid Rats": {
        "mana_cost": "{B}",
        "type_line": "Creature — Rat",
        "pt": "1/1",
        "oracle_text": "Deathtouch",
    },
}
SOURCE = DictCardSource([card_from_mapping(n, d) for n, d in CARDS.items()])


def board(battlefield: list[dict[str, Any]], **players: Any) -> Any:
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
        "battlefield": battlefield,
        "players": players,
    }
    return load_board(data, SOURCE)


def spell(b: Any, card: str, *targets: str) -> Any:
    return ask(b, {"kind": "spell", "card": card, "targets": list(targets)})


def test_damage_to_each_creature_with_flying_and_each_player_spares_the_ground() -> None:
    b = board(
        [
            {"id": "crow", "card": "Storm Crow", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = spell(b, "Hurricane")
    assert answer.verified, answer.unmodelled
    assert "Hurricane deals 2 damage to crow" in answer.data["outcome"]
    assert not any("bears" in o for o in answer.data["outcome"])
    assert {"Hurricane deals 2 damage to P1", "Hurricane deals 2 damage to P2"} <= set(
        answer.data["outcome"]
    )
    assert "120.3e" in answer.rules and "120.3a" in answer.rules
    assert any("crow" in e for e in answer.data["after_sbas"])


def test_damage_to_each_creature_without_flying_spares_the_flyer() -> None:
    b = board(
        [
            {"id": "crow", "card": "Storm Crow", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
        ]
    )
    answer = spell(b, "Fault Line")
    assert answer.verified, answer.unmodelled
    assert "Fault Line deals 1 damage to bears" in answer.data["outcome"]
    assert not any("crow" in o for o in answer.data["outcome"])


def test_damage_to_each_other_creature_you_control_spares_the_opponents() -> None:
    b = board(
        [
            {"id": "mine", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "theirs", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = spell(b, "Cinder Giant Blast")
    assert answer.data["outcome"] == ["Cinder Giant Blast deals 2 damage to mine"]


def test_two_damage_parts_go_to_their_own_recipients() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P2"}])
    char = spell(b, "Char", "bears")
    assert char.verified, char.unmodelled
    assert char.data["outcome"] == ["Char deals 4 damage to bears", "Char deals 2 damage to P1"]
    lunge = spell(b, "Lunge", "bears", "P2")
    assert lunge.data["outcome"] == ["Lunge deals 2 damage to bears", "Lunge deals 2 damage to P2"]


def test_each_target_of_a_two_target_spell_must_be_legal_in_order() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P2"}])
    answer = spell(b, "Lunge", "P2", "bears")  # a player for "target creature"
    assert answer.data["illegal_targets"] == ["P2"]


def test_damage_equal_to_the_mountains_you_control_counts_on_resolution() -> None:
    b = board(
        [
            {"id": "goliath", "card": "Zombie Goliath", "controller": "P2"},
            {"id": "m", "card": "Mountain", "controller": "P1", "count": 3},
            {"id": "f", "card": "Forest", "controller": "P1"},
            {"id": "theirs", "card": "Mountain", "controller": "P2"},
        ]
    )
    answer = spell(b, "Spitting Earth", "goliath")
    assert answer.verified, answer.unmodelled
    assert answer.data["outcome"] == ["Spitting Earth deals 3 damage to goliath"]
    assert "608.2h" in answer.rules
    assert any("goliath" in e for e in answer.data["after_sbas"])


def test_x_where_x_is_three_plus_artifacts_is_three_with_none() -> None:
    b = board([{"id": "goliath", "card": "Zombie Goliath", "controller": "P2"}])
    answer = spell(b, "Welding Sparks", "goliath")
    assert answer.data["outcome"] == ["Welding Sparks deals 3 damage to goliath"]
    assert any("goliath" in e for e in answer.data["after_sbas"])


def test_a_subtype_target_accepts_only_that_subtype() -> None:
    b = board(
        [
            {"id": "wall", "card": "Wall of Stone", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    assert spell(b, "Blaster Blast", "wall").data["outcome"] == ["wall is destroyed"]
    assert spell(b, "Blaster Blast", "bears").data["illegal_targets"] == ["bears"]
    assert spell(b, "Smash to Dust", "wall").data["outcome"] == ["wall is destroyed"]
    assert spell(b, "Smash to Dust", "bears").data["illegal_targets"] == ["bears"]


def test_a_non_subtype_target_refuses_that_subtype() -> None:
    b = board(
        [
            {"id": "goliath", "card": "Zombie Goliath", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    ok = spell(b, "Power Word Kill", "bears")
    assert ok.verified, ok.unmodelled
    assert ok.data["outcome"] == ["bears is destroyed"]
    b2 = board([{"id": "elf", "card": "Grizzly Bears", "controller": "P2"}])
    assert spell(b2, "Eyeblight's Ending", "elf").data["outcome"] == ["elf is destroyed"]


def test_an_opponent_controls_qualifies_every_alternative() -> None:
    b = board([{"id": "mine", "card": "Grizzly Bears", "controller": "P1"}])
    answer = spell(b, "Wither Strike", "mine")
    assert answer.data["illegal_targets"] == ["mine"]


def test_defending_player_outside_combat_is_not_decided() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P2"}])
    answer = spell(b, "Mage-Ring Bolt", "bears")
    assert not answer.verified


def stack_board(spell_card: str, counter: str) -> Any:
    """The opponent's spell on the stack, the counterspell above it (bottom first)."""
    data: dict[str, Any] = {
        "turn": {"active": "P2", "number": 6, "step": "precombat_main"},
        "battlefield": [],
        "stack": [
            {"id": "theirs", "card": spell_card, "controller": "P2"},
            {"id": "mine", "card": counter, "controller": "P1"},
        ],
        "players": {},
    }
    return load_board(data, SOURCE)


def counter(b: Any, card: str) -> Any:
    return ask(b, {"kind": "spell", "card": card, "targets": ["theirs"], "controller": "P1"})


def test_a_countered_spell_goes_to_its_owners_graveyard() -> None:
    answer = counter(stack_board("Grizzly Bears", "Cancel"), "Cancel")
    assert answer.verified, answer.unmodelled
    assert answer.data["outcome"] == ["theirs is countered"]
    assert "701.6a" in answer.rules


def test_a_creature_counterspell_cannot_target_an_instant() -> None:
    answer = counter(stack_board("Shock", "Essence Scatter"), "Essence Scatter")
    assert answer.data["illegal_targets"] == ["theirs"]
    ok = counter(stack_board("Grizzly Bears", "Essence Scatter"), "Essence Scatter")
    assert ok.data["outcome"] == ["theirs is countered"]


def test_a_spell_that_cant_be_countered_stays_on_the_stack() -> None:
    answer = counter(stack_board("Carnage Tyrant", "Cancel"), "Cancel")
    assert answer.data["outcome"] == ["theirs can't be countered"]
    assert "101.2" in answer.rules


def test_counter_unless_its_controller_pays_is_their_choice_so_unverified() -> None:
    answer = counter(stack_board("Grizzly Bears", "Mana Leak"), "Mana Leak")
    assert not answer.verified
    assert answer.data["outcome"] == ["theirs is countered unless P2 pays {3}"]


def test_a_counterspell_cannot_target_a_permanent() -> None:
    b = board([{"id": "theirs", "card": "Grizzly Bears", "controller": "P2"}])
    assert spell(b, "Cancel", "theirs").data["illegal_targets"] == ["theirs"]


def test_act_of_treason_takes_control_untaps_and_gives_haste() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P2", "tapped": True}])
    answer = spell(b, "Act of Treason", "bears")
    assert answer.verified, answer.unmodelled
    assert answer.data["outcome"][:2] == [
        "P1 gains control of bears until end of turn",
        "bears untaps",
    ]
    assert {"613.1b", "611.2a", "302.6"} <= set(answer.rules)
    assert any("haste" in o for o in answer.data["outcome"])


def test_gaining_control_of_your_own_creature_changes_no_controller() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P1"}])
    answer = spell(b, "Act of Treason", "bears")
    assert "302.6" not in answer.rules


def test_counters_on_each_creature_you_control_skip_the_opponents() -> None:
    b = board(
        [
            {"id": "mine", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "theirs", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = spell(b, "Swell of Courage")
    assert answer.verified, answer.unmodelled
    assert answer.data["outcome"] == ["mine gets 1 +1/+1 counter"]
    assert "122.1" in answer.rules


def test_counters_on_each_other_dragon_skip_non_dragons() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P1"}])
    assert spell(b, "Dragon Rally").data["outcome"] == []


def test_life_for_each_creature_is_counted_as_it_resolves_and_triggers_lifegain() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "count": 2},
            {"id": "cat", "card": "Ajani's Pridemate", "controller": "P1"},
            {"id": "theirs", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = spell(b, "Soul Feast")
    assert answer.data["outcome"] == ["P1 gains 6 life"]
    assert "608.2h" in answer.rules
    assert "cat" in answer.short  # "whenever you gain life" triggers


def test_life_for_each_card_in_hand_with_an_empty_hand_is_no_life_and_no_trigger() -> None:
    b = board([{"id": "cat", "card": "Ajani's Pridemate", "controller": "P1"}], P1={"hand": 0})
    answer = spell(b, "Gerrard's Wisdom")
    assert answer.data["outcome"] == ["P1 gains 0 life"]
    assert "cat" not in answer.short


def test_an_optional_action_is_the_casters_choice_so_unverified() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P2"}])
    answer = spell(b, "Maybe Unsummon", "bears")
    assert not answer.verified
    assert "608.2d" in answer.rules
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P2"}])
    assert spell(b, "Maybe Shatter", "bears").data["illegal_targets"] == ["bears"]


def test_a_counted_pump_is_fixed_as_it_resolves() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "elf", "card": "Elf Friend", "controller": "P2", "count": 2},
        ]
    )
    answer = spell(b, "Elvish Might", "bears")
    assert answer.verified, answer.unmodelled
    assert "608.2h" in answer.rules
    assert answer.data["outcome"] == [
        "Elvish Might: bears — Target creature gets +2/+2 until end of turn"
    ]


def test_a_counted_shrink_with_an_empty_graveyard_does_nothing_lethal() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P2"}])
    answer = spell(b, "Grave Shrink", "bears")
    assert answer.data["outcome"] == [
        "Grave Shrink: bears — Target creature gets +0/+0 until end of turn"
    ]
    assert not any("bears" in e for e in answer.data["after_sbas"])


def test_a_library_search_is_never_verified() -> None:
    b = board([], P1={"library": 30})
    answer = spell(b, "Rampant Growth Twin")
    assert not answer.verified
    assert "701.23b" in answer.rules


def test_damage_to_that_creatures_controller_reaches_the_targets_controller() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P2"}])
    answer = spell(b, "Jaya's Greeting Twin", "bears")
    assert answer.verified, answer.unmodelled
    assert answer.data["outcome"] == [
        "Jaya's Greeting Twin deals 3 damage to bears",
        "Jaya's Greeting Twin deals 2 damage to P2",
    ]


def test_divided_damage_is_announced_on_casting_so_unverified() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P2"}])
    answer = spell(b, "Forked Bolt", "bears")
    assert not answer.verified
    assert "601.2d" in answer.rules


def test_whether_a_spell_was_kicked_is_not_on_the_board_so_unverified() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P2"}])
    answer = spell(b, "Kicked Insight", "bears")
    assert not answer.verified
    assert "702.33d" in answer.rules


def test_a_color_before_two_spell_kinds_qualifies_both() -> None:
    assert counter(stack_board("Shock", "Unyaro Bolt"), "Unyaro Bolt").data["outcome"] == [
        "theirs is countered"
    ]
    blue = counter(stack_board("Opt", "Unyaro Bolt"), "Unyaro Bolt")
    assert blue.data["illegal_targets"] == ["theirs"]


def test_a_prevention_shield_is_not_applied_so_unverified() -> None:
    b = board([{"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"}])
    answer = spell(b, "Holy Day Twin", "bears")
    assert not answer.verified
    assert "615.1" in answer.rules


def test_a_prevention_effect_in_force_makes_combat_damage_unverified() -> None:
    data: dict[str, Any] = {
        "turn": {"active": "P2", "number": 6, "step": "combat_damage"},
        "battlefield": [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2", "attacking": "P1"}
        ],
        "effects": [
            {
                "text": (
                    "Prevent all combat damage that would be dealt by target attacking creature "
                    "this turn"
                ),
                "targets": ["bears"],
            }
        ],
        "players": {},
    }
    answer = ask(load_board(data, SOURCE), {"kind": "combat_damage"})
    assert not answer.verified


def test_a_bite_deals_the_first_creatures_power_to_the_second() -> None:
    b = board(
        [
            {"id": "goliath", "card": "Zombie Goliath", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = spell(b, "Rabid Bite", "goliath", "bears")
    assert answer.verified, answer.unmodelled
    assert answer.data["outcome"] == ["goliath deals 4 damage to bears"]
    assert any("bears" in e for e in answer.data["after_sbas"])
    assert spell(b, "Rabid Bite", "bears", "goliath").data["illegal_targets"] == ["bears"]


def test_a_deathtouch_biter_is_not_modelled_so_unverified() -> None:
    b = board(
        [
            {"id": "rats", "card": "Typhoid Rats", "controller": "P1"},
            {"id": "goliath", "card": "Zombie Goliath", "controller": "P2"},
        ]
    )
    assert not spell(b, "Rabid Bite", "rats", "goliath").verified
