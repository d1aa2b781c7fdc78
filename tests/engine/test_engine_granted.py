"""E4: what Auras, Equipment and lords say of other permanents is applied to the right objects in
the right layer — granted quoted abilities become abilities of the affected object (113.10,
613.1f), P/T changes apply in 7b/7c, combat restrictions are checked (509.1) — and never to an
object the text doesn't reach."""

from __future__ import annotations

from typing import Any

from engine.board import load_board
from engine.cards import CardText, DictCardSource, card_from_mapping
from engine.oracle import compile_card
from engine.questions import ask

CARDS = {
    "Forest": {"type_line": "Basic Land — Forest"},
    "Abundant Growth": {
        "mana_cost": "{G}",
        "type_line": "Enchantment — Aura",
        "oracle_text": 'Enchant land\nEnchanted land has "{T}: Add one mana of any color."',
    },
    "Reflecting Pool": {
        "type_line": "Land",
        "oracle_text": "{T}: Add one mana of any type that a land you control could produce.",
    },
    "Cryptolith Rite": {
        "mana_cost": "{1}{G}",
        "type_line": "Enchantment",
        "oracle_text": 'Creatures you control have "{T}: Add one mana of any color."',
    },
    "Grizzly Bears": {"mana_cost": "{1}{G}", "type_line": "Creature — Bear", "pt": "2/2"},
    "Llanowar Elves": {
        "mana_cost": "{G}",
        "type_line": "Creature — Elf Druid",
        "pt": "1/1",
        "oracle_text": "{T}: Add {G}.",
    },
    "Elvish Archdruid": {
        "mana_cost": "{1}{G}{G}",
        "type_line": "Creature — Elf Druid",
        "pt": "2/2",
        "oracle_text": "Other Elves you control get +1/+1.",
    },
    "Brute Force Aura": {
        "mana_cost": "{R}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature gets +2/+2 and can't block.",
    },
    "Abzan Falconer": {
        "mana_cost": "{2}{W}",
        "type_line": "Creature — Human Soldier",
        "pt": "2/3",
        "oracle_text": "Each creature you control with a +1/+1 counter on it has flying.",
    },
    "Wild Growth Aura": {
        "mana_cost": "{1}{G}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature gets +1/+1 for each Forest you "
        "control.",
    },
    "Tempered Steel Lookalike": {
        "mana_cost": "{1}{W}",
        "type_line": "Enchantment",
        "oracle_text": "Creatures you control get +3/+0 as long as you control three or more "
        "artifacts.",
    },
    "Ornithopter": {"mana_cost": "{0}", "type_line": "Artifact Creature — Thopter", "pt": "0/2"},
    "Blazing Torch": {
        "mana_cost": "{1}",
        "type_line": "Artifact — Equipment",
        "oracle_text": 'Equipped creature has "{T}, Sacrifice Blazing Torch: Blazing Torch deals '
        '2 damage to any target."\nEquip {1}',
    },
    "Spreading Seas": {
        "mana_cost": "{1}{U}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant land\nEnchanted land is an Island.",
    },
    "Gemstone Mine": {
        "type_line": "Land",
        "oracle_text": "{T}: Add one mana of any color.",
    },
    "Frogify": {
        "mana_cost": "{1}{U}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature loses all abilities and is a blue "
        "Frog creature with base power and toughness 1/1.",
    },
    "Serra Angel": {
        "mana_cost": "{3}{W}{W}",
        "type_line": "Creature — Angel",
        "pt": "4/4",
        "oracle_text": "Flying, vigilance",
    },
    "Sigil of Distinction": {
        "mana_cost": "{X}",
        "type_line": "Artifact — Equipment",
        "oracle_text": "Sigil of Distinction enters with X charge counters on it.\nEquipped "
        "creature gets +1/+1 for each charge counter on Sigil of Distinction.\nEquip—Remove a "
        "charge counter from Sigil of Distinction.",
    },
    "Stupefying Touch": {
        "mana_cost": "{1}{U}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature's activated abilities can't be "
        "activated.",
    },
    "Favorable Winds": {
        "mana_cost": "{1}{U}",
        "type_line": "Enchantment",
        "oracle_text": "Creatures you control with flying get +1/+1.",
    },
    "Lord of the Chosen": {
        "mana_cost": "{2}{W}",
        "type_line": "Creature — Human",
        "pt": "2/2",
        "oracle_text": "As Lord of the Chosen enters, choose a creature type.\nCreatures you "
        "control of the chosen type get +1/+1.",
    },
    "Clipped Wings": {
        "mana_cost": "{G}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature loses flying.",
    },
    "Wall of Wood": {"mana_cost": "{G}", "type_line": "Creature — Wall", "pt": "0/3"},
    "Hidden Path Aura": {
        "mana_cost": "{U}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature can't be blocked except by Walls.",
    },
    "Pirate Lord Lookalike": {
        "mana_cost": "{2}{R}",
        "type_line": "Creature — Human Pirate",
        "pt": "2/2",
        "oracle_text": "Attacking Pirates you control get +2/+0.",
    },
    "Deckhand": {"mana_cost": "{R}", "type_line": "Creature — Human Pirate", "pt": "1/1"},
    "Moat Lookalike": {
        "mana_cost": "{2}{U}{U}",
        "type_line": "Enchantment",
        "oracle_text": "Creatures without flying can't attack.",
    },
    "Sea Legs": {
        "mana_cost": "{U}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Flash\nEnchant creature\nEnchanted creature gets +0/+2 as long as it's a "
        "Pirate. Otherwise, it gets -2/-0.",
    },
    "Mirror Entity Lookalike": {
        "mana_cost": "{2}{W}",
        "type_line": "Creature — Shapeshifter",
        "pt": "3/3",
        "oracle_text": "Changeling",
    },
    "White Ward": {
        "mana_cost": "{W}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature has protection from white. This "
        "effect doesn't remove White Ward.",
    },
    "Pacifism": {
        "mana_cost": "{1}{W}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature can't attack or block.",
    },
    "Way of the Thief": {
        "mana_cost": "{3}{U}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature gets +2/+2.\nEnchanted creature can't "
        "be blocked as long as you control a Gate.",
    },
    "Azorius Guildgate": {
        "type_line": "Land — Gate",
        "oracle_text": "Azorius Guildgate enters tapped.\n{T}: Add {W} or {U}.",
    },
    "Vow of Flight": {
        "mana_cost": "{2}{U}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature gets +2/+2, has flying, and can't "
        "attack you or planeswalkers you control.",
    },
    "Thraben Watcher": {
        "mana_cost": "{2}{W}{W}",
        "type_line": "Creature — Angel",
        "pt": "2/2",
        "oracle_text": "Flying\nOther nontoken creatures you control get +1/+1 and have vigilance.",
    },
    "Rune Lookalike": {
        "mana_cost": "{1}{W}",
        "type_line": "Enchantment — Aura Rune",
        "oracle_text": "Enchant permanent\nAs long as enchanted permanent is an Equipment, it has "
        '"Equipped creature gets +1/+1."',
    },
    "Rune of Flight Lookalike": {
        "mana_cost": "{1}{U}",
        "type_line": "Enchantment — Aura Rune",
        "oracle_text": "Enchant permanent\nAs long as enchanted permanent is an Equipment, it has "
        '"Equipped creature has flying."',
    },
    "Bone Saw": {
        "mana_cost": "{0}",
        "type_line": "Artifact — Equipment",
        "oracle_text": "Equipped creature gets +1/+0.\nEquip {1}",
    },
}
SOURCE = DictCardSource([card_from_mapping(n, d) for n, d in CARDS.items()])


def board(battlefield: list[dict[str, Any]], step: str = "precombat_main") -> Any:
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": step},
        "battlefield": battlefield,
    }
    return load_board(data, SOURCE)


def test_an_enchanted_land_could_produce_every_color_through_its_granted_ability() -> None:
    b = board(
        [
            {"id": "forest", "card": "Forest", "controller": "P1"},
            {
                "id": "growth",
                "card": "Abundant Growth",
                "controller": "P1",
                "attached_to": "forest",
            },
            {"id": "plain", "card": "Forest", "controller": "P1"},
        ]
    )
    enchanted = ask(b, {"kind": "mana", "object": "forest"})
    assert enchanted.verified
    assert {c for r in enchanted.data["sources"] for c in r["produces"]} == set("WUBRG")
    assert "613.1f" in enchanted.rules
    other = ask(b, {"kind": "mana", "object": "plain"})  # the Aura isn't attached to it
    assert other.verified and [r["produces"] for r in other.data["sources"]] == [["G"]]


def test_reflecting_pool_could_produce_what_the_granted_ability_could() -> None:
    without = board(
        [
            {"id": "forest", "card": "Forest", "controller": "P1"},
            {"id": "pool", "card": "Reflecting Pool", "controller": "P1"},
        ]
    )
    assert ask(without, {"kind": "mana", "object": "pool"}).data["sources"][0]["produces"] == ["G"]
    b = board(
        [
            {"id": "forest", "card": "Forest", "controller": "P1"},
            {
                "id": "growth",
                "card": "Abundant Growth",
                "controller": "P1",
                "attached_to": "forest",
            },
            {"id": "pool", "card": "Reflecting Pool", "controller": "P1"},
        ]
    )
    answer = ask(b, {"kind": "mana", "object": "pool"})  # 106.7: through the gained ability
    assert answer.verified
    assert answer.data["sources"][0]["produces"] == list("WUBRG")


def test_a_creature_that_gained_a_tap_mana_ability_is_still_summoning_sick() -> None:
    b = board(
        [
            {"id": "rite", "card": "Cryptolith Rite", "controller": "P1"},
            {"id": "old", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "new", "card": "Grizzly Bears", "controller": "P1", "since": "this_turn"},
            {"id": "theirs", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    old = ask(b, {"kind": "can_activate", "object": "old", "ability": "mana"})
    new = ask(b, {"kind": "can_activate", "object": "new", "ability": "mana"})
    assert old.verified and old.data["can_activate"] is True
    assert new.verified and new.data["can_activate"] is False and "302.6" in new.rules
    theirs = ask(b, {"kind": "can_activate", "object": "theirs", "ability": "mana"})
    assert theirs.data["can_activate"] is False  # "creatures you control": not the opponent's


def test_an_aura_that_says_cant_block_stops_only_the_enchanted_creature() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
            {"id": "other", "card": "Grizzly Bears", "controller": "P2"},
            {"id": "aura", "card": "Brute Force Aura", "controller": "P1", "attached_to": "bears"},
            {"id": "elf", "card": "Llanowar Elves", "controller": "P1", "attacking": "P2"},
        ],
        step="declare_attackers",
    )
    bears = ask(b, {"kind": "can_block", "object": "bears", "attacker": "elf"})
    assert bears.verified and bears.short.startswith("No")
    other = ask(b, {"kind": "can_block", "object": "other", "attacker": "elf"})
    assert other.verified and other.short.startswith("Yes")
    chars = ask(b, {"kind": "characteristics", "object": "bears"})
    assert (chars.data["power"], chars.data["toughness"]) == (4, 4) and "613.4c" in chars.rules
    assert ask(b, {"kind": "characteristics", "object": "other"}).data["power"] == 2


def test_an_elf_lord_pumps_other_elves_you_control_only() -> None:
    b = board(
        [
            {"id": "druid", "card": "Elvish Archdruid", "controller": "P1"},
            {"id": "elf", "card": "Llanowar Elves", "controller": "P1"},
            {"id": "their_elf", "card": "Llanowar Elves", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
        ]
    )

    def power(oid: str) -> int:
        answer = ask(b, {"kind": "characteristics", "object": oid})
        assert answer.verified
        return int(answer.data["power"])

    assert (power("elf"), power("druid"), power("their_elf"), power("bears")) == (2, 2, 1, 2)


def test_a_creature_with_a_counter_has_flying_and_one_without_does_not() -> None:
    b = board(
        [
            {"id": "falconer", "card": "Abzan Falconer", "controller": "P1"},
            {"id": "bird", "card": "Grizzly Bears", "controller": "P1", "counters": {"+1/+1": 1}},
            {"id": "walker", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "blocker", "card": "Grizzly Bears", "controller": "P2"},
        ],
        step="declare_attackers",
    )
    assert "Flying" in ask(b, {"kind": "characteristics", "object": "bird"}).data["abilities"]
    assert (
        "Flying" not in ask(b, {"kind": "characteristics", "object": "falconer"}).data["abilities"]
    )
    walker = ask(b, {"kind": "can_block", "object": "blocker", "attacker": "walker"})
    assert walker.verified and walker.short.startswith("Yes")


def test_for_each_counts_the_aura_controllers_forests_not_the_creatures() -> None:
    b = board(
        [
            {"id": "forest", "card": "Forest", "controller": "P1", "count": 3},
            {"id": "their_forest", "card": "Forest", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
            {"id": "aura", "card": "Wild Growth Aura", "controller": "P1", "attached_to": "bears"},
        ]
    )
    answer = ask(b, {"kind": "characteristics", "object": "bears"})
    assert answer.verified and (answer.data["power"], answer.data["toughness"]) == (5, 5)


def test_a_group_pump_as_long_as_applies_only_while_the_condition_holds() -> None:
    def bears_power(thopters: int) -> int:
        b = board(
            [
                {"id": "steel", "card": "Tempered Steel Lookalike", "controller": "P1"},
                {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
                {"id": "thopter", "card": "Ornithopter", "controller": "P1", "count": thopters},
            ]
        )
        answer = ask(b, {"kind": "characteristics", "object": "bears"})
        assert answer.verified and "611.3a" in answer.rules
        return int(answer.data["power"])

    assert bears_power(2) == 2
    assert bears_power(3) == 5


def test_the_granting_cards_name_inside_a_quoted_ability_stays_unread() -> None:
    card = card_from_mapping("Blazing Torch", CARDS["Blazing Torch"])
    assert isinstance(card, CardText)
    definition = compile_card(card)
    assert [u.text for u in definition.unsupported] == [
        'Equipped creature has "{T}, Sacrifice Blazing Torch: Blazing Torch deals 2 damage to any '
        'target."'
    ]


def test_an_enchanted_land_that_is_an_island_taps_only_for_blue() -> None:
    b = board(
        [
            {"id": "mine", "card": "Gemstone Mine", "controller": "P2"},
            {"id": "seas", "card": "Spreading Seas", "controller": "P1", "attached_to": "mine"},
            {"id": "other", "card": "Gemstone Mine", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "mana", "object": "mine"})  # 305.7: its own ability is gone
    assert answer.verified and [r["produces"] for r in answer.data["sources"]] == [["U"]]
    assert "305.7" in answer.rules or "613.1d" in answer.rules
    other = ask(b, {"kind": "mana", "object": "other"})
    assert [r["produces"] for r in other.data["sources"]] == [list("WUBRG")]


def test_frogify_makes_a_blue_1_1_frog_without_flying() -> None:
    b = board(
        [
            {"id": "angel", "card": "Serra Angel", "controller": "P2"},
            {"id": "frog", "card": "Frogify", "controller": "P1", "attached_to": "angel"},
            {"id": "free", "card": "Serra Angel", "controller": "P2"},
        ]
    )
    frog = ask(b, {"kind": "characteristics", "object": "angel"})
    assert frog.verified
    data = frog.data
    assert (data["power"], data["toughness"], data["subtypes"]) == (1, 1, ["Frog"])
    assert data["colors"] == ["blue"] and data["abilities"] == []
    free = ask(b, {"kind": "characteristics", "object": "free"}).data
    assert (free["power"], free["subtypes"], free["abilities"]) == (
        4,
        ["Angel"],
        ["Flying", "Vigilance"],
    )


def test_equipment_counts_its_own_charge_counters() -> None:
    def bears(counters: int) -> tuple[int, int]:
        b = board(
            [
                {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
                {
                    "id": "sigil",
                    "card": "Sigil of Distinction",
                    "controller": "P1",
                    "attached_to": "bears",
                    "counters": {"charge": counters},
                },
            ]
        )
        answer = ask(b, {"kind": "characteristics", "object": "bears"})
        assert answer.verified
        return answer.data["power"], answer.data["toughness"]

    assert bears(0) == (2, 2)
    assert bears(3) == (5, 5)


def test_an_aura_stops_the_enchanted_creatures_mana_ability_only() -> None:
    b = board(
        [
            {"id": "elf", "card": "Llanowar Elves", "controller": "P1"},
            {"id": "touch", "card": "Stupefying Touch", "controller": "P2", "attached_to": "elf"},
            {"id": "elf2", "card": "Llanowar Elves", "controller": "P1"},
        ]
    )
    stopped = ask(b, {"kind": "can_activate", "object": "elf", "ability": "mana"})
    assert stopped.verified and stopped.data["can_activate"] is False
    free = ask(b, {"kind": "can_activate", "object": "elf2", "ability": "mana"})
    assert free.verified and free.data["can_activate"] is True


def test_a_lord_for_flyers_pumps_only_the_creatures_that_fly() -> None:
    b = board(
        [
            {"id": "winds", "card": "Favorable Winds", "controller": "P1"},
            {"id": "angel", "card": "Serra Angel", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "wings", "card": "Clipped Wings", "controller": "P2", "attached_to": "angel"},
        ]
    )
    angel = ask(b, {"kind": "characteristics", "object": "angel"})
    # the Aura removes flying in layer 6, so in layer 7c the angel no longer has flying
    assert angel.verified and angel.data["power"] == 4 and "Flying" not in angel.data["abilities"]
    assert ask(b, {"kind": "characteristics", "object": "bears"}).data["power"] == 2
    free = board(
        [
            {"id": "winds", "card": "Favorable Winds", "controller": "P1"},
            {"id": "angel", "card": "Serra Angel", "controller": "P1"},
        ]
    )
    assert ask(free, {"kind": "characteristics", "object": "angel"}).data["power"] == 5


def test_a_creature_that_lost_flying_can_be_blocked_by_a_ground_creature() -> None:
    b = board(
        [
            {"id": "angel", "card": "Serra Angel", "controller": "P1", "attacking": "P2"},
            {"id": "wings", "card": "Clipped Wings", "controller": "P2", "attached_to": "angel"},
            {"id": "flyer", "card": "Serra Angel", "controller": "P1", "attacking": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ],
        step="declare_attackers",
    )
    grounded = ask(b, {"kind": "can_block", "object": "bears", "attacker": "angel"})
    assert grounded.verified and grounded.short.startswith("Yes")
    flying = ask(b, {"kind": "can_block", "object": "bears", "attacker": "flyer"})
    assert flying.verified and flying.short.startswith("No")


def test_the_chosen_type_comes_from_the_board_and_is_unknown_without_it() -> None:
    def elf_power(chosen: dict[str, str]) -> tuple[int, bool]:
        b = board(
            [
                {"id": "lord", "card": "Lord of the Chosen", "controller": "P1", "chosen": chosen},
                {"id": "elf", "card": "Llanowar Elves", "controller": "P1"},
            ]
        )
        answer = ask(b, {"kind": "characteristics", "object": "elf"})
        return int(answer.data["power"]), answer.verified

    assert elf_power({"creature type": "Elf"}) == (2, True)
    assert elf_power({"creature type": "Bear"}) == (1, True)
    assert elf_power({}) == (1, False)  # 607.2d: the board must say what was chosen


def test_an_aura_says_which_creatures_can_block_the_enchanted_creature() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "path", "card": "Hidden Path Aura", "controller": "P1", "attached_to": "bears"},
            {"id": "other", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "wall", "card": "Wall of Wood", "controller": "P2"},
            {"id": "blocker", "card": "Grizzly Bears", "controller": "P2"},
        ],
        step="declare_attackers",
    )
    wall = ask(b, {"kind": "can_block", "object": "wall", "attacker": "bears"})
    assert wall.verified and wall.short.startswith("Yes")
    no = ask(b, {"kind": "can_block", "object": "blocker", "attacker": "bears"})
    assert no.verified and no.short.startswith("No") and "509.1b" in no.rules
    free = ask(b, {"kind": "can_block", "object": "blocker", "attacker": "other"})
    assert free.verified and free.short.startswith("Yes")


def test_attacking_pirates_get_the_bonus_and_pirates_at_home_do_not() -> None:
    b = board(
        [
            {"id": "lord", "card": "Pirate Lord Lookalike", "controller": "P1"},
            {"id": "raider", "card": "Deckhand", "controller": "P1", "attacking": "P2"},
            {"id": "home", "card": "Deckhand", "controller": "P1"},
        ],
        step="declare_attackers",
    )
    raider = ask(b, {"kind": "characteristics", "object": "raider"})
    assert raider.verified and raider.data["power"] == 3
    assert ask(b, {"kind": "characteristics", "object": "home"}).data["power"] == 1


def test_a_moat_stops_ground_creatures_but_not_flyers_from_attacking() -> None:
    b = board(
        [
            {"id": "moat", "card": "Moat Lookalike", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "angel", "card": "Serra Angel", "controller": "P1"},
        ],
        step="beginning_of_combat",
    )
    bears = ask(b, {"kind": "can_attack", "object": "bears"})
    assert bears.verified and bears.short.startswith("No")
    angel = ask(b, {"kind": "can_attack", "object": "angel"})
    assert angel.verified and angel.short.startswith("Yes")


def test_an_aura_with_otherwise_gives_a_pirate_one_bonus_and_others_the_other() -> None:
    def stats(card: str) -> tuple[int, int]:
        b = board(
            [
                {"id": "it", "card": card, "controller": "P1"},
                {"id": "legs", "card": "Sea Legs", "controller": "P1", "attached_to": "it"},
            ]
        )
        answer = ask(b, {"kind": "characteristics", "object": "it"})
        assert answer.verified
        return answer.data["power"], answer.data["toughness"]

    assert stats("Deckhand") == (1, 3)  # a Pirate: +0/+2
    assert stats("Grizzly Bears") == (0, 2)  # not a Pirate: -2/-0
    assert stats("Mirror Entity Lookalike") == (3, 5)  # every creature type, so a Pirate (702.73a)


def test_a_ward_stays_on_the_creature_it_protects_but_another_white_aura_falls_off() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "ward", "card": "White Ward", "controller": "P1", "attached_to": "bears"},
            {"id": "pacifism", "card": "Pacifism", "controller": "P2", "attached_to": "bears"},
        ]
    )
    answer = ask(b, {"kind": "after_sba"})
    assert answer.verified
    assert "ward" in answer.data["battlefield"] and "pacifism" not in answer.data["battlefield"]
    assert "702.16c" in answer.rules
    alone = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "ward", "card": "White Ward", "controller": "P1", "attached_to": "bears"},
        ]
    )
    kept = ask(alone, {"kind": "after_sba"})
    assert kept.verified and kept.short.startswith("No state-based action applies")


def test_an_auras_restriction_as_long_as_you_control_a_gate_follows_the_board() -> None:
    def can_block(gate: bool) -> bool:
        battlefield = [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "way", "card": "Way of the Thief", "controller": "P1", "attached_to": "bears"},
            {"id": "blocker", "card": "Grizzly Bears", "controller": "P2"},
        ]
        if gate:
            battlefield.append({"id": "gate", "card": "Azorius Guildgate", "controller": "P1"})
        answer = ask(
            board(battlefield, step="declare_attackers"),
            {"kind": "can_block", "object": "blocker", "attacker": "bears"},
        )
        assert answer.verified and "611.3a" in answer.rules
        return bool(answer.short.startswith("Yes"))

    assert can_block(gate=False)
    assert not can_block(gate=True)


def test_a_vow_stops_the_creature_attacking_the_auras_controller_only() -> None:
    def can_attack(aura_controller: str) -> tuple[bool, bool]:
        b = board(
            [
                {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
                {
                    "id": "vow",
                    "card": "Vow of Flight",
                    "controller": aura_controller,
                    "attached_to": "bears",
                },
            ],
            step="beginning_of_combat",
        )
        answer = ask(b, {"kind": "can_attack", "object": "bears"})
        return answer.short.startswith("Yes"), answer.verified

    assert can_attack("P2") == (False, True)  # P2 is its only opponent (508.1c)
    assert can_attack("P1") == (True, True)  # it can't attack P1, its own controller, anyway


def test_a_board_with_a_vowed_creature_attacking_the_vows_controller_is_flagged() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "vow", "card": "Vow of Flight", "controller": "P2", "attached_to": "bears"},
        ],
        step="declare_attackers",
    )
    answer = ask(b, {"kind": "characteristics", "object": "bears"})
    assert not answer.verified and any("can't attack P2" in u for u in answer.unmodelled)


def test_a_lord_of_nontoken_creatures_skips_tokens() -> None:
    b = board(
        [
            {"id": "watcher", "card": "Thraben Watcher", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {
                "id": "soldier",
                "controller": "P1",
                "token": {
                    "name": "Soldier",
                    "colors": ["W"],
                    "types": ["Creature"],
                    "subtypes": ["Soldier"],
                    "power": 1,
                    "toughness": 1,
                },
            },
        ]
    )
    bears = ask(b, {"kind": "characteristics", "object": "bears"})
    assert bears.verified and bears.data["power"] == 3 and "Vigilance" in bears.data["abilities"]
    soldier = ask(b, {"kind": "characteristics", "object": "soldier"})
    assert soldier.verified and soldier.data["power"] == 1


def test_an_equipment_that_gained_a_pt_static_passes_it_to_the_equipped_creature() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "saw", "card": "Bone Saw", "controller": "P1", "attached_to": "bears"},
            {"id": "rune", "card": "Rune Lookalike", "controller": "P1", "attached_to": "saw"},
        ]
    )
    answer = ask(b, {"kind": "characteristics", "object": "bears"})
    assert answer.verified and (answer.data["power"], answer.data["toughness"]) == (4, 3)


def test_a_gained_static_that_grants_abilities_stays_unread() -> None:
    # gained in layer 6, it would apply too late to grant flying (613.1f): not read, unverified
    card = card_from_mapping("Rune of Flight Lookalike", CARDS["Rune of Flight Lookalike"])
    assert compile_card(card).unsupported
