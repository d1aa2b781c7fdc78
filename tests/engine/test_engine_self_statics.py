"""Statics about the card itself (E1): conditional statics ("as long as ...", "during your turn",
611.3a), "for each" counting (613.4c) and counting characteristic-defining abilities (604.3),
applied on small boards — each with a board where the clause must not apply."""

from __future__ import annotations

from typing import Any

from engine.abilities import StaticEffect
from engine.board import load_board
from engine.cards import DictCardSource, card_from_mapping
from engine.oracle import compile_card
from engine.questions import ask

CARDS = {
    "Adanto Vanguard": {
        "mana_cost": "{1}{W}",
        "type_line": "Creature — Vampire Soldier",
        "pt": "1/1",
        "oracle_text": "As long as Adanto Vanguard is attacking, it gets +2/+0.\nPay 4 life: "
        "Adanto Vanguard gains indestructible until end of turn.",
    },
    "Aerial Engineer": {
        "mana_cost": "{1}{W}{U}",
        "type_line": "Creature — Human Artificer",
        "pt": "2/4",
        "oracle_text": "As long as you control an artifact, Aerial Engineer gets +2/+0 and has "
        "flying.",
    },
    "Test Threshold": {
        "mana_cost": "{1}{G}{G}",
        "type_line": "Creature — Frog Beast",
        "pt": "2/2",
        "oracle_text": "Test Threshold gets +2/+2 as long as there are seven or more cards in "
        "your graveyard.",
    },
    "Akiri, Line-Slinger": {
        "mana_cost": "{R}{W}",
        "type_line": "Legendary Creature — Kor Soldier Ally",
        "pt": "0/3",
        "oracle_text": "First strike, vigilance\nAkiri, Line-Slinger gets +1/+0 for each "
        "artifact you control.\nPartner",
    },
    "Dawn Charger": {
        "mana_cost": "{1}{W}",
        "type_line": "Creature — Human Knight",
        "pt": "2/2",
        "oracle_text": "During your turn, Dawn Charger has first strike.",
    },
    "Nightmare": {
        "mana_cost": "{5}{B}",
        "type_line": "Creature — Nightmare Horse",
        "pt": "*/*",
        "oracle_text": "Flying\nNightmare's power and toughness are each equal to the number of "
        "Swamps you control.",
    },
    "Counter Cat": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Cat",
        "pt": "2/2",
        "oracle_text": "Counter Cat has trample as long as it has a +1/+1 counter on it.",
    },
    "Lone Hunter": {
        "mana_cost": "{2}{B}",
        "type_line": "Creature — Horror",
        "pt": "2/2",
        "oracle_text": "Lone Hunter gets +3/+3 as long as no opponent controls a creature.",
    },
    "Ornithopter": {
        "mana_cost": "{0}",
        "type_line": "Artifact Creature — Thopter",
        "pt": "0/2",
        "oracle_text": "Flying",
    },
    "Grizzly Bears": {"mana_cost": "{1}{G}", "type_line": "Creature — Bear", "pt": "2/2"},
    "Swamp": {"type_line": "Basic Land — Swamp", "oracle_text": ""},
    "Watery Grave": {
        "type_line": "Land — Island Swamp",
        "oracle_text": "({T}: Add {U} or {B}.)",
    },
    "Island": {"type_line": "Basic Land — Island", "oracle_text": ""},
}
SOURCE = DictCardSource([card_from_mapping(n, d) for n, d in CARDS.items()])


def board(battlefield: list[dict[str, Any]], step: str = "precombat_main", **players: Any) -> Any:
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": step},
        "battlefield": battlefield,
        "players": players,
    }
    return load_board(data, SOURCE)


def pt(b: Any, oid: str) -> tuple[int, int, Any]:
    answer = ask(b, {"kind": "characteristics", "object": oid})
    assert answer.verified, answer.unmodelled
    return answer.data["power"], answer.data["toughness"], answer


def test_every_e1_card_here_is_fully_modelled_with_a_conditional_or_counting_static() -> None:
    for name in CARDS:
        card = SOURCE.get(name)
        assert card is not None and compile_card(card).fully_modelled, name
    vanguard = compile_card(SOURCE.get("Adanto Vanguard"))  # type: ignore[arg-type]
    (static,) = [a for a in vanguard.abilities if isinstance(a, StaticEffect)]
    assert static.condition is not None and static.condition.test == "self_attacking"


def test_an_attacking_vanguard_gets_plus_two_and_one_at_home_does_not() -> None:
    attacking = board(
        [{"id": "v", "card": "Adanto Vanguard", "controller": "P1", "attacking": "P2"}],
        step="declare_attackers",
    )
    power, toughness, answer = pt(attacking, "v")
    assert (power, toughness) == (3, 1)
    assert "611.3a" in answer.rules and "613.4c" in answer.rules
    assert any("it is attacking, so its effect applies" in s.text for s in answer.steps)
    home = board([{"id": "v", "card": "Adanto Vanguard", "controller": "P1"}])
    power, toughness, answer = pt(home, "v")
    assert (power, toughness) == (1, 1)
    assert any("it isn't, so its effect doesn't apply" in s.text for s in answer.steps)


def test_aerial_engineer_flies_only_while_its_controller_controls_an_artifact() -> None:
    def can_block_flyer(extra: list[dict[str, Any]]) -> Any:
        b = board(
            [
                {"id": "eng", "card": "Aerial Engineer", "controller": "P2"},
                {"id": "bird", "card": "Ornithopter", "controller": "P1", "attacking": "P2"},
                *extra,
            ],
            step="declare_attackers",
        )
        return ask(b, {"kind": "can_block", "object": "eng", "attacker": "bird"})

    mine = can_block_flyer([{"id": "t2", "card": "Ornithopter", "controller": "P2"}])
    assert mine.verified and mine.data["can_block"] is True
    # the only artifacts are the opponent's: no flying, so it can't block the flyer
    theirs = can_block_flyer([{"id": "t2", "card": "Ornithopter", "controller": "P1"}])
    assert theirs.verified and theirs.data["can_block"] is False


def test_threshold_counts_only_its_controllers_graveyard() -> None:
    seven = ["Grizzly Bears"] * 7
    on = board([{"id": "t", "card": "Test Threshold", "controller": "P1"}], P1={"graveyard": seven})
    assert pt(on, "t")[:2] == (4, 4)
    off = board(
        [{"id": "t", "card": "Test Threshold", "controller": "P1"}],
        P1={"graveyard": seven[:6]},
        P2={"graveyard": seven},
    )
    assert pt(off, "t")[:2] == (2, 2)


def test_akiri_gets_plus_one_for_each_artifact_its_controller_controls() -> None:
    b = board(
        [
            {"id": "akiri", "card": "Akiri, Line-Slinger", "controller": "P1"},
            {"id": "bird", "card": "Ornithopter", "controller": "P1", "count": 2},
            {"id": "theirs", "card": "Ornithopter", "controller": "P2"},
        ]
    )
    power, toughness, answer = pt(b, "akiri")
    assert (power, toughness) == (2, 3)
    assert any("the board shows 2" in s.text for s in answer.steps)
    alone = board([{"id": "akiri", "card": "Akiri, Line-Slinger", "controller": "P1"}])
    assert pt(alone, "akiri")[:2] == (0, 3)


def test_dawn_charger_has_first_strike_only_during_its_controllers_turn() -> None:
    mine = board([{"id": "dc", "card": "Dawn Charger", "controller": "P1"}])
    assert (
        "First strike" in ask(mine, {"kind": "characteristics", "object": "dc"}).data["abilities"]
    )
    theirs = board([{"id": "dc", "card": "Dawn Charger", "controller": "P2"}])
    answer = ask(theirs, {"kind": "characteristics", "object": "dc"})
    assert answer.verified and "First strike" not in answer.data["abilities"]


def test_nightmare_counts_swamps_by_subtype_and_only_its_controllers() -> None:
    b = board(
        [
            {"id": "nm", "card": "Nightmare", "controller": "P1"},
            {"id": "s", "card": "Swamp", "controller": "P1", "count": 2},
            {"id": "grave", "card": "Watery Grave", "controller": "P1"},
            {"id": "i", "card": "Island", "controller": "P1"},
            {"id": "their_swamp", "card": "Swamp", "controller": "P2"},
        ]
    )
    assert pt(b, "nm")[:2] == (3, 3)


def test_a_counter_condition_reads_the_counters_the_board_gives() -> None:
    with_counter = board(
        [{"id": "cat", "card": "Counter Cat", "controller": "P1", "counters": {"+1/+1": 1}}]
    )
    answer = ask(with_counter, {"kind": "characteristics", "object": "cat"})
    assert answer.verified and "Trample" in answer.data["abilities"]
    assert (answer.data["power"], answer.data["toughness"]) == (3, 3)
    without = board([{"id": "cat", "card": "Counter Cat", "controller": "P1"}])
    answer = ask(without, {"kind": "characteristics", "object": "cat"})
    assert answer.verified and "Trample" not in answer.data["abilities"]


def test_no_opponent_controls_a_creature_is_false_with_one_opposing_creature() -> None:
    alone = board([{"id": "h", "card": "Lone Hunter", "controller": "P1"}])
    assert pt(alone, "h")[:2] == (5, 5)
    faced = board(
        [
            {"id": "h", "card": "Lone Hunter", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
            {"id": "own", "card": "Grizzly Bears", "controller": "P1"},
        ]
    )
    assert pt(faced, "h")[:2] == (2, 2)


def test_an_attacking_vanguard_deals_three_combat_damage() -> None:
    b = board(
        [{"id": "v", "card": "Adanto Vanguard", "controller": "P1", "attacking": "P2"}],
        step="declare_blockers",
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert answer.data["life"]["P2"] == 17


def test_a_changeling_counts_as_an_elf_but_not_as_a_swamp() -> None:
    source = DictCardSource(
        [
            *(card_from_mapping(n, d) for n, d in CARDS.items()),
            card_from_mapping(
                "Test Changeling",
                {
                    "mana_cost": "{1}",
                    "type_line": "Creature — Shapeshifter",
                    "pt": "1/1",
                    "oracle_text": "Changeling",
                },
            ),
            card_from_mapping(
                "Heedless One",
                {
                    "mana_cost": "{3}{G}",
                    "type_line": "Creature — Elf Avatar",
                    "pt": "*/*",
                    "oracle_text": "Trample\nHeedless One's power and toughness are each equal to "
                    "the number of Elves on the battlefield.",
                },
            ),
        ]
    )
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
        "battlefield": [
            {"id": "nm", "card": "Nightmare", "controller": "P1"},
            {"id": "one", "card": "Heedless One", "controller": "P1"},
            {"id": "ch", "card": "Test Changeling", "controller": "P1"},
            {"id": "s", "card": "Swamp", "controller": "P1"},
        ],
    }
    b = load_board(data, source)
    assert pt(b, "nm")[:2] == (1, 1)
    assert pt(b, "one")[:2] == (2, 2)


RESTRICTED = DictCardSource(
    [
        *(card_from_mapping(n, d) for n, d in CARDS.items()),
        card_from_mapping(
            "Test Gravedigger",
            {
                "mana_cost": "{1}{B}",
                "type_line": "Creature — Zombie",
                "pt": "3/3",
                "oracle_text": "Test Gravedigger can't block unless you control another Zombie.",
            },
        ),
        card_from_mapping(
            "Test Crawler",
            {
                "mana_cost": "{1}{B}",
                "type_line": "Creature — Horror",
                "pt": "2/2",
                "oracle_text": "As long as there are seven or more cards in your graveyard, Test "
                "Crawler gets +2/+2 and can't block.",
            },
        ),
        card_from_mapping(
            "Test Zombie",
            {"mana_cost": "{B}", "type_line": "Creature — Zombie", "pt": "1/1"},
        ),
        card_from_mapping(
            "Test Aura",
            {
                "mana_cost": "{W}",
                "type_line": "Enchantment — Aura",
                "oracle_text": "Enchant creature",
            },
        ),
        card_from_mapping(
            "Test Rabbit",
            {
                "mana_cost": "{1}{W}",
                "type_line": "Creature — Rabbit",
                "pt": "1/1",
                "oracle_text": "Test Rabbit gets +2/+2 for each Aura attached to it.",
            },
        ),
    ]
)


def restricted(battlefield: list[dict[str, Any]], **players: Any) -> Any:
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": "declare_attackers"},
        "battlefield": [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            *battlefield,
        ],
        "players": players,
    }
    return load_board(data, RESTRICTED)


def test_cant_block_unless_you_control_another_zombie_reads_the_board() -> None:
    alone = restricted([{"id": "gd", "card": "Test Gravedigger", "controller": "P2"}])
    answer = ask(alone, {"kind": "can_block", "object": "gd", "attacker": "bears"})
    assert answer.verified and answer.data["can_block"] is False
    assert "611.3a" in answer.rules
    friends = restricted(
        [
            {"id": "gd", "card": "Test Gravedigger", "controller": "P2"},
            {"id": "z", "card": "Test Zombie", "controller": "P2"},
        ]
    )
    answer = ask(friends, {"kind": "can_block", "object": "gd", "attacker": "bears"})
    assert answer.verified and answer.data["can_block"] is True
    # the attacker's Zombie is not "another Zombie you control"
    theirs = restricted(
        [
            {"id": "gd", "card": "Test Gravedigger", "controller": "P2"},
            {"id": "z", "card": "Test Zombie", "controller": "P1"},
        ]
    )
    answer = ask(theirs, {"kind": "can_block", "object": "gd", "attacker": "bears"})
    assert answer.verified and answer.data["can_block"] is False


def test_threshold_that_also_says_cant_block_stops_blocking_only_with_threshold() -> None:
    crawler = [{"id": "c", "card": "Test Crawler", "controller": "P2"}]
    seven = ["Grizzly Bears"] * 7
    on = restricted(crawler, P2={"graveyard": seven})
    answer = ask(on, {"kind": "can_block", "object": "c", "attacker": "bears"})
    assert answer.verified and answer.data["can_block"] is False
    off = restricted(crawler, P2={"graveyard": seven[:6]})
    answer = ask(off, {"kind": "can_block", "object": "c", "attacker": "bears"})
    assert answer.verified and answer.data["can_block"] is True


def test_a_rabbit_gets_plus_two_for_each_aura_attached_to_it_not_to_others() -> None:
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
        "battlefield": [
            {"id": "r", "card": "Test Rabbit", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "a1", "card": "Test Aura", "controller": "P1", "attached_to": "r"},
            {"id": "a2", "card": "Test Aura", "controller": "P2", "attached_to": "r"},
            {"id": "a3", "card": "Test Aura", "controller": "P1", "attached_to": "bears"},
        ],
    }
    b = load_board(data, RESTRICTED)
    assert pt(b, "r")[:2] == (5, 5)


BLOCKS = DictCardSource(
    [
        *(card_from_mapping(n, d) for n, d in CARDS.items()),
        card_from_mapping(
            "Test Knight",
            {
                "mana_cost": "{1}{B}",
                "type_line": "Creature — Knight",
                "pt": "2/2",
                "oracle_text": "Test Knight can't be blocked by white creatures.",
            },
        ),
        card_from_mapping(
            "Test Glider",
            {
                "mana_cost": "{1}{U}",
                "type_line": "Creature — Bird",
                "pt": "2/2",
                "oracle_text": "Test Glider can't be blocked except by creatures with flying or "
                "reach.",
            },
        ),
        card_from_mapping(
            "Test Coward",
            {
                "mana_cost": "{R}",
                "type_line": "Creature — Goblin",
                "pt": "1/1",
                "oracle_text": "Test Coward can't block creatures with power 2 or greater.",
            },
        ),
        card_from_mapping(
            "Test Squire",
            {"mana_cost": "{1}{W}", "type_line": "Creature — Human", "pt": "1/2"},
        ),
        card_from_mapping(
            "Test Spider",
            {
                "mana_cost": "{1}{G}",
                "type_line": "Creature — Spider",
                "pt": "1/3",
                "oracle_text": "Reach",
            },
        ),
    ]
)


def can_block(attacker: str, blocker: str) -> Any:
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": "declare_attackers"},
        "battlefield": [
            {"id": "a", "card": attacker, "controller": "P1", "attacking": "P2"},
            {"id": "b", "card": blocker, "controller": "P2"},
        ],
    }
    answer = ask(load_board(data, BLOCKS), {"kind": "can_block", "object": "b", "attacker": "a"})
    assert answer.verified, answer.unmodelled
    return answer


def test_cant_be_blocked_by_white_creatures_stops_only_white_blockers() -> None:
    white = can_block("Test Knight", "Test Squire")
    assert white.data["can_block"] is False and "509.1b" in white.rules
    assert can_block("Test Knight", "Grizzly Bears").data["can_block"] is True


def test_blocked_only_by_flying_or_reach_lets_a_spider_block_and_not_a_bear() -> None:
    assert can_block("Test Glider", "Test Spider").data["can_block"] is True
    assert can_block("Test Glider", "Grizzly Bears").data["can_block"] is False


def test_cant_block_power_two_or_greater_looks_at_the_attackers_power() -> None:
    assert can_block("Grizzly Bears", "Test Coward").data["can_block"] is False
    assert can_block("Test Squire", "Test Coward").data["can_block"] is True


def test_a_block_the_restriction_forbids_makes_the_board_unverified() -> None:
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": "declare_blockers"},
        "battlefield": [
            {"id": "a", "card": "Test Knight", "controller": "P1", "attacking": "P2"},
            {"id": "b", "card": "Test Squire", "controller": "P2", "blocking": "a"},
        ],
    }
    answer = ask(load_board(data, BLOCKS), {"kind": "combat_damage"})
    assert not answer.verified


def test_a_changeling_is_a_wall_so_it_can_block_flow_of_maggots() -> None:
    source = DictCardSource(
        [
            *(card_from_mapping(n, d) for n, d in CARDS.items()),
            card_from_mapping(
                "Flow of Maggots",
                {
                    "mana_cost": "{2}{B}",
                    "type_line": "Creature — Insect",
                    "pt": "2/2",
                    "oracle_text": "Flow of Maggots can't be blocked by non-Wall creatures.",
                },
            ),
            card_from_mapping(
                "Test Changeling",
                {
                    "mana_cost": "{1}",
                    "type_line": "Creature — Shapeshifter",
                    "pt": "1/1",
                    "oracle_text": "Changeling",
                },
            ),
        ]
    )
    for blocker, able in (("Test Changeling", True), ("Grizzly Bears", False)):
        data: dict[str, Any] = {
            "turn": {"active": "P1", "number": 6, "step": "declare_attackers"},
            "battlefield": [
                {"id": "a", "card": "Flow of Maggots", "controller": "P1", "attacking": "P2"},
                {"id": "b", "card": blocker, "controller": "P2"},
            ],
        }
        answer = ask(
            load_board(data, source), {"kind": "can_block", "object": "b", "attacker": "a"}
        )
        assert answer.verified and answer.data["can_block"] is able, blocker


ENTERING = DictCardSource(
    [
        *(card_from_mapping(n, d) for n, d in CARDS.items()),
        card_from_mapping(
            "Test Ghoul",
            {
                "mana_cost": "{2}{B}",
                "type_line": "Creature — Zombie",
                "pt": "0/0",
                "oracle_text": "Test Ghoul enters with a +1/+1 counter on it for each creature "
                "card in your graveyard.",
            },
        ),
        card_from_mapping(
            "Test Kicker",
            {
                "mana_cost": "{1}{G}",
                "type_line": "Creature — Elf",
                "pt": "1/1",
                "oracle_text": "Kicker {2}\nIf Test Kicker was kicked, it enters with two +1/+1 "
                "counters on it.",
            },
        ),
    ]
)


def entering(obj: dict[str, Any], **players: Any) -> Any:
    data = {
        "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
        "battlefield": [obj],
        "players": players,
    }
    return ask(load_board(data, ENTERING), {"kind": "characteristics", "object": obj["id"]})


def test_a_ghoul_enters_with_a_counter_for_each_creature_card_in_its_graveyard() -> None:
    ghoul = {"id": "g", "card": "Test Ghoul", "controller": "P1", "entering": True}
    answer = entering(ghoul, P1={"graveyard": ["Grizzly Bears", "Grizzly Bears", "Swamp"]})
    assert answer.verified, answer.unmodelled
    assert (answer.data["power"], answer.data["toughness"]) == (2, 2)
    assert "614.1c" in answer.rules
    # the opponent's creature cards don't count
    answer = entering(ghoul, P2={"graveyard": ["Grizzly Bears"]})
    assert (answer.data["power"], answer.data["toughness"]) == (0, 0)


def test_whether_a_kicker_creature_was_kicked_is_unknown_while_it_enters() -> None:
    kicked = entering({"id": "k", "card": "Test Kicker", "controller": "P1", "entering": True})
    assert not kicked.verified
    assert any("kicked" in u for u in kicked.unmodelled)
    # on the battlefield the board gives its counters, and then the answer rests on them
    there = entering(
        {"id": "k", "card": "Test Kicker", "controller": "P1", "counters": {"+1/+1": 2}}
    )
    assert there.verified and (there.data["power"], there.data["toughness"]) == (3, 3)
    silent = entering({"id": "k", "card": "Test Kicker", "controller": "P1"})
    assert not silent.verified


def test_a_creature_that_cant_attack_alone_needs_another_attacker() -> None:
    source = DictCardSource(
        [
            *(card_from_mapping(n, d) for n, d in CARDS.items()),
            card_from_mapping(
                "Test Hyena",
                {
                    "mana_cost": "{1}{R}",
                    "type_line": "Creature — Hyena",
                    "pt": "3/3",
                    "oracle_text": "Test Hyena can't attack or block alone.",
                },
            ),
        ]
    )

    def board_with(battlefield: list[dict[str, Any]], step: str) -> Any:
        data = {"turn": {"active": "P1", "number": 6, "step": step}, "battlefield": battlefield}
        return load_board(data, source)

    hyena = {"id": "h", "card": "Test Hyena", "controller": "P1"}
    before = board_with([hyena], "beginning_of_combat")
    answer = ask(before, {"kind": "can_attack", "object": "h"})
    assert not answer.verified and any("only if another creature" in u for u in answer.unmodelled)
    alone = board_with([{**hyena, "attacking": "P2"}], "declare_blockers")
    assert not ask(alone, {"kind": "combat_damage"}).verified
    together = board_with(
        [
            {**hyena, "attacking": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
        ],
        "declare_blockers",
    )
    answer = ask(together, {"kind": "combat_damage"})
    assert answer.verified, answer.unmodelled
    assert answer.data["life"]["P2"] == 15


def test_an_opponents_life_and_a_two_color_permanent_are_read_from_the_board() -> None:
    source = DictCardSource(
        [
            *(card_from_mapping(n, d) for n, d in CARDS.items()),
            card_from_mapping(
                "Test Stalker",
                {
                    "mana_cost": "{1}{R}",
                    "type_line": "Creature — Human",
                    "pt": "1/1",
                    "oracle_text": "Test Stalker gets +2/+1 as long as an opponent has 10 or less "
                    "life.\nTest Stalker has lifelink as long as you control a white or black "
                    "permanent.",
                },
            ),
            card_from_mapping(
                "Test Knight", {"mana_cost": "{W}", "type_line": "Creature — Knight", "pt": "1/1"}
            ),
        ]
    )

    def stalker(p2_life: int, extra: list[dict[str, Any]]) -> Any:
        data = {
            "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
            "battlefield": [{"id": "s", "card": "Test Stalker", "controller": "P1"}, *extra],
            "players": {"P1": {"life": 5}, "P2": {"life": p2_life}},
        }
        answer = ask(load_board(data, source), {"kind": "characteristics", "object": "s"})
        assert answer.verified, answer.unmodelled
        return answer.data

    low = stalker(10, [{"id": "k", "card": "Test Knight", "controller": "P1"}])
    assert (low["power"], low["toughness"]) == (3, 2) and "Lifelink" in low["abilities"]
    # its controller's own low life doesn't count; the opponent's white creature doesn't either
    high = stalker(11, [{"id": "k", "card": "Test Knight", "controller": "P2"}])
    assert (high["power"], high["toughness"]) == (1, 1) and "Lifelink" not in high["abilities"]


def test_cant_be_blocked_while_the_defending_player_controls_an_artifact() -> None:
    source = DictCardSource(
        [
            *(card_from_mapping(n, d) for n, d in CARDS.items()),
            card_from_mapping(
                "Test Spy",
                {
                    "mana_cost": "{1}{U}",
                    "type_line": "Creature — Human Rogue",
                    "pt": "2/2",
                    "oracle_text": "Test Spy can't be blocked as long as defending player "
                    "controls an artifact.",
                },
            ),
        ]
    )

    def can_block_spy(artifact_controller: str) -> Any:
        data = {
            "turn": {"active": "P1", "number": 6, "step": "declare_attackers"},
            "battlefield": [
                {"id": "spy", "card": "Test Spy", "controller": "P1", "attacking": "P2"},
                {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
                {"id": "thopter", "card": "Ornithopter", "controller": artifact_controller},
            ],
        }
        b = load_board(data, source)
        return ask(b, {"kind": "can_block", "object": "bears", "attacker": "spy"})

    theirs = can_block_spy("P2")
    assert theirs.verified and theirs.data["can_block"] is False
    assert any("defending player P2 controls 1" in s.text for s in theirs.steps)
    # the attacker's own artifact doesn't count
    mine = can_block_spy("P1")
    assert mine.verified and mine.data["can_block"] is True


def test_a_toughness_defining_ability_counts_forests_and_keeps_printed_power() -> None:
    source = DictCardSource(
        [
            *(card_from_mapping(n, d) for n, d in CARDS.items()),
            card_from_mapping("Forest", {"type_line": "Basic Land — Forest", "oracle_text": ""}),
            card_from_mapping(
                "Test Treefolk",
                {
                    "mana_cost": "{1}{G}",
                    "type_line": "Creature — Treefolk",
                    "pt": "2/*",
                    "oracle_text": "Test Treefolk's toughness is equal to the number of Forests "
                    "you control.",
                },
            ),
        ]
    )
    data = {
        "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
        "battlefield": [
            {"id": "t", "card": "Test Treefolk", "controller": "P1"},
            {"id": "f", "card": "Forest", "controller": "P1", "count": 3},
            {"id": "theirs", "card": "Forest", "controller": "P2"},
        ],
    }
    assert pt(load_board(data, source), "t")[:2] == (2, 3)


def test_a_soulbond_pair_both_fly_and_an_unpaired_one_does_not() -> None:
    source = DictCardSource(
        [
            *(card_from_mapping(n, d) for n, d in CARDS.items()),
            card_from_mapping(
                "Test Soulbinder",
                {
                    "mana_cost": "{2}{U}",
                    "type_line": "Creature — Spirit",
                    "pt": "2/2",
                    "oracle_text": "Soulbond\nAs long as Test Soulbinder is paired with another "
                    "creature, both creatures have flying.",
                },
            ),
        ]
    )

    def abilities(battlefield: list[dict[str, Any]], oid: str) -> Any:
        data = {
            "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
            "battlefield": battlefield,
        }
        answer = ask(load_board(data, source), {"kind": "characteristics", "object": oid})
        assert answer.verified, answer.unmodelled
        return answer.data["abilities"]

    soul = {"id": "s", "card": "Test Soulbinder", "controller": "P1", "paired_with": "bears"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "P1"}
    other = {"id": "other", "card": "Grizzly Bears", "controller": "P1"}
    paired = [soul, bears, other]
    assert "Flying" in abilities(paired, "bears") and "Flying" in abilities(paired, "s")
    assert "Flying" not in abilities(paired, "other")
    alone = [{**soul, "paired_with": None}, bears]
    assert "Flying" not in abilities(alone, "bears")


def test_a_pair_across_controllers_is_refused() -> None:
    import pytest

    from engine.board import BoardError

    data = {
        "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
        "battlefield": [
            {"id": "a", "card": "Grizzly Bears", "controller": "P1", "paired_with": "b"},
            {"id": "b", "card": "Grizzly Bears", "controller": "P2"},
        ],
    }
    with pytest.raises(BoardError, match="same controller"):
        load_board(data, SOURCE)
