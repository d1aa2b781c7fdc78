"""E5: activation instructions (602.1b) and costs beyond mana and {T} (118.3, 602.1) change
can_activate answers on the board; what the board can't show makes the answer unverified."""

from __future__ import annotations

from typing import Any

from engine.board import load_board
from engine.cards import DictCardSource, card_from_mapping
from engine.questions import ask

CARDS = {
    "Ancient Hellkite": {
        "mana_cost": "{4}{R}{R}{R}",
        "type_line": "Creature — Dragon",
        "pt": "6/6",
        "oracle_text": "Flying\n{R}: Ancient Hellkite deals 1 damage to target creature defending "
        "player controls. Activate only if Ancient Hellkite is attacking.",
    },
    "Chained Brute": {
        "mana_cost": "{1}{R}",
        "type_line": "Creature — Devil",
        "pt": "4/3",
        "oracle_text": "{1}, Sacrifice another creature: Untap Chained Brute. Activate only "
        "during your turn.",
    },
    "Pit Imp": {
        "mana_cost": "{B}",
        "type_line": "Creature — Imp",
        "pt": "0/1",
        "oracle_text": "Flying\n{B}: Pit Imp gets +1/+0 until end of turn. Activate no more "
        "than twice each turn.",
    },
    "Arch of Orazca": {
        "type_line": "Land",
        "oracle_text": "{T}: Add {C}.\n{5}, {T}: Draw a card. Activate only if you have the "
        "city's blessing.",
    },
    "Krosan Tusker Ghoul": {
        "mana_cost": "{B}",
        "type_line": "Creature — Zombie",
        "pt": "1/1",
        "oracle_text": "{B}: Krosan Tusker Ghoul gets +1/+1 until end of turn. Activate only if "
        "there are seven or more cards in your graveyard.",
    },
    "Frozen Watcher": {
        "mana_cost": "{U}",
        "type_line": "Creature — Human",
        "pt": "1/1",
        "oracle_text": "{U}: Frozen Watcher gains flying until end of turn. Activate only "
        "during combat.",
    },
    "Grizzly Bears": {"mana_cost": "{1}{G}", "type_line": "Creature — Bear", "pt": "2/2"},
    "Aphetto Grifter": {
        "mana_cost": "{2}{U}",
        "type_line": "Creature — Human Wizard",
        "pt": "1/1",
        "oracle_text": "Tap two untapped Wizards you control: Tap target permanent.",
    },
    "Prodigal Sorcerer": {
        "mana_cost": "{2}{U}",
        "type_line": "Creature — Human Wizard",
        "pt": "1/1",
    },
    "Canyon Drake": {
        "mana_cost": "{2}{R}{R}",
        "type_line": "Creature — Drake",
        "pt": "1/2",
        "oracle_text": "Flying\n{1}, Discard a card at random: Canyon Drake gets +2/+0 until end "
        "of turn.",
    },
    "Lotleth Troll": {
        "mana_cost": "{B}{G}",
        "type_line": "Creature — Zombie Troll",
        "pt": "2/1",
        "oracle_text": "Discard a creature card: Put a +1/+1 counter on Lotleth Troll.",
    },
    "Cabal Patriarch": {
        "mana_cost": "{3}{B}{B}{B}",
        "type_line": "Creature — Human Wizard",
        "pt": "5/5",
        "oracle_text": "{2}{B}, Sacrifice a creature: Target creature gets -2/-2 until end of "
        "turn.\n{2}{B}, Exile a creature card from your graveyard: Target creature gets -2/-2 "
        "until end of turn.",
    },
    "Floodbringer": {
        "mana_cost": "{1}{U}",
        "type_line": "Creature — Moonfolk Wizard",
        "pt": "1/2",
        "oracle_text": "Flying\n{2}, Return a land you control to its owner's hand: Tap target "
        "land.",
    },
    "Ancient Ziggurat": {
        "type_line": "Land",
        "oracle_text": "{T}: Add one mana of any color. Spend this mana only to cast a creature "
        "spell.",
    },
    "Tainted Field": {
        "type_line": "Land",
        "oracle_text": "{T}: Add {C}.\n{T}: Add {W} or {B}. Activate only if you control a Swamp.",
    },
    "Grove Mage": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Elf",
        "pt": "1/1",
        "oracle_text": "{1}: Draw a card.",
    },
    "Firewood Shaman": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Human Shaman",
        "pt": "1/1",
        "oracle_text": "{T}: Add two mana in any combination of {R} and/or {G}.",
    },
    "Chromatic Sphere": {
        "mana_cost": "{1}",
        "type_line": "Artifact",
        "oracle_text": "{1}, {T}, Sacrifice Chromatic Sphere: Add one mana of any color. Draw a "
        "card.",
    },
    "Aether Theorist": {
        "mana_cost": "{1}{U}",
        "type_line": "Creature — Human Rogue",
        "pt": "1/3",
        "oracle_text": "{T}, Pay {E}: Scry 1.",
    },
    "Duskwielder": {
        "mana_cost": "{B}",
        "type_line": "Creature — Human Berserker",
        "pt": "1/2",
        "oracle_text": "Boast — {1}: Target opponent loses 1 life and you gain 1 life.",
    },
    "Atarka Beastbreaker": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Human Warrior",
        "pt": "2/2",
        "oracle_text": "Formidable — {4}{G}: Atarka Beastbreaker gets +4/+4 until end of turn. "
        "Activate only if creatures you control have total power 8 or greater.",
    },
    "Craw Wurm": {"mana_cost": "{4}{G}{G}", "type_line": "Creature — Wurm", "pt": "6/4"},
    "Forest": {"type_line": "Basic Land — Forest"},
    "Cinder Marsh": {
        "type_line": "Land",
        "oracle_text": "{T}: Add {C}.\n{T}: Add {B} or {R}. Cinder Marsh doesn't untap during your "
        "next untap step.",
    },
    "Bone Altar": {
        "mana_cost": "{B}",
        "type_line": "Enchantment",
        "oracle_text": "Sacrifice an artifact or creature: You gain 1 life.",
    },
    "Ornithopter": {"mana_cost": "{0}", "type_line": "Artifact Creature — Thopter", "pt": "0/2"},
    "Ghave Lite": {
        "mana_cost": "{2}{B}",
        "type_line": "Creature — Fungus",
        "pt": "1/1",
        "oracle_text": "{1}, Remove a +1/+1 counter from a creature you control: Create a 1/1 "
        "green Saproling creature token.",
    },
    "Mountain": {"type_line": "Basic Land — Mountain"},
    "Swamp": {"type_line": "Basic Land — Swamp"},
    "Island": {"type_line": "Basic Land — Island"},
}
SOURCE = DictCardSource([card_from_mapping(n, d) for n, d in CARDS.items()])


def board(
    battlefield: list[dict[str, Any]],
    step: str = "precombat_main",
    active: str = "P1",
    **players: Any,
) -> Any:
    data: dict[str, Any] = {
        "turn": {"active": active, "number": 6, "step": step},
        "battlefield": battlefield,
        "players": players,
    }
    return load_board(data, SOURCE)


def activate(b: Any, oid: str, ability: int) -> Any:
    return ask(b, {"kind": "can_activate", "object": oid, "ability": ability})


# --- "Activate only if / during / no more than" (602.1b) ----------------------------------------


def test_an_only_if_attacking_ability_can_be_activated_while_it_attacks() -> None:
    b = board(
        [
            {"id": "kite", "card": "Ancient Hellkite", "controller": "P1", "attacking": "P2"},
            {"id": "m", "card": "Mountain", "controller": "P1"},
        ],
        step="declare_attackers",
    )
    answer = activate(b, "kite", 2)
    assert answer.data["can_activate"] is True
    assert "602.1b" in answer.rules


def test_an_only_if_attacking_ability_cant_be_activated_when_it_isnt_attacking() -> None:
    b = board(
        [
            {"id": "kite", "card": "Ancient Hellkite", "controller": "P1"},
            {"id": "m", "card": "Mountain", "controller": "P1"},
        ]
    )
    answer = activate(b, "kite", 2)
    assert answer.data["can_activate"] is False
    assert any("attacking" in r for r in answer.data["reasons"])
    assert answer.verified, answer.unmodelled


def test_an_only_during_your_turn_ability_cant_be_activated_on_the_opponents_turn() -> None:
    pieces = [
        {"id": "brute", "card": "Chained Brute", "controller": "P1"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "P1"},
        {"id": "m", "card": "Mountain", "controller": "P1"},
    ]
    mine = activate(board(pieces, step="end", active="P1"), "brute", 1)
    assert mine.data["can_activate"] is True
    theirs = activate(board(pieces, step="end", active="P2"), "brute", 1)
    assert theirs.data["can_activate"] is False
    assert "602.1b" in theirs.rules or "602.5" in theirs.rules


def test_an_only_during_combat_ability_works_in_either_players_combat_only() -> None:
    pieces = [
        {"id": "w", "card": "Frozen Watcher", "controller": "P1"},
        {"id": "i", "card": "Island", "controller": "P1"},
    ]
    assert activate(board(pieces, "declare_attackers", "P2"), "w", 1).data["can_activate"]
    assert not activate(board(pieces, "postcombat_main", "P1"), "w", 1).data["can_activate"]


def test_no_more_than_twice_each_turn_is_never_a_verified_yes() -> None:
    b = board(
        [
            {"id": "imp", "card": "Pit Imp", "controller": "P1"},
            {"id": "s", "card": "Swamp", "controller": "P1"},
        ]
    )
    answer = activate(b, "imp", 2)
    assert answer.data["can_activate"] is True
    assert not answer.verified
    assert any("no more than 2 times" in u for u in answer.unmodelled)


def test_a_condition_about_the_past_makes_the_answer_unverified() -> None:
    b = board(
        [{"id": "arch", "card": "Arch of Orazca", "controller": "P1"}],
    )
    answer = activate(b, "arch", 2)
    assert not answer.verified
    assert any("city's blessing" in u for u in answer.unmodelled)


def test_a_graveyard_count_condition_is_tested_on_the_board() -> None:
    pieces = [
        {"id": "ghoul", "card": "Krosan Tusker Ghoul", "controller": "P1"},
        {"id": "s", "card": "Swamp", "controller": "P1"},
    ]
    six = activate(board(pieces, P1={"graveyard": ["Grizzly Bears"] * 6}), "ghoul", 1)
    assert six.data["can_activate"] is False
    assert any("seven or more" in r for r in six.data["reasons"])
    seven = activate(board(pieces, P1={"graveyard": ["Grizzly Bears"] * 7}), "ghoul", 1)
    assert seven.data["can_activate"] is True
    assert any("the board shows 7" in s.text for s in seven.steps)


# --- costs beyond mana and {T} (118.3, 602.1) ----------------------------------------------------


def test_tapping_two_untapped_wizards_counts_only_wizards_and_a_new_one_may_pay() -> None:
    two = board(
        [
            {"id": "grifter", "card": "Aphetto Grifter", "controller": "P1", "since": "this_turn"},
            {"id": "sorc", "card": "Prodigal Sorcerer", "controller": "P1"},
            {"id": "bear", "card": "Grizzly Bears", "controller": "P1"},
        ]
    )
    answer = activate(two, "grifter", 1)
    assert answer.data["can_activate"] is True, answer.data["reasons"]
    assert "302.6" in answer.rules  # the Grifter is new, but the cost has no {T} symbol
    one = board(
        [
            {"id": "grifter", "card": "Aphetto Grifter", "controller": "P1"},
            {"id": "sorc", "card": "Prodigal Sorcerer", "controller": "P1", "tapped": True},
            {"id": "bear", "card": "Grizzly Bears", "controller": "P1"},
        ]
    )
    answer = activate(one, "grifter", 1)
    assert answer.data["can_activate"] is False  # the Bears are no Wizard
    assert any("Wizard" in r for r in answer.data["reasons"])


def test_a_random_discard_needs_a_card_in_hand() -> None:
    pieces = [
        {"id": "drake", "card": "Canyon Drake", "controller": "P1"},
        {"id": "m", "card": "Mountain", "controller": "P1"},
    ]
    with_cards = activate(board(pieces, P1={"hand": 2}), "drake", 2)
    assert with_cards.data["can_activate"] is True
    assert with_cards.verified, with_cards.unmodelled
    unknown = activate(board(pieces), "drake", 2)
    assert not unknown.verified


def test_discarding_a_creature_card_reads_a_known_hand_and_a_hidden_one_is_unknown() -> None:
    pieces = [{"id": "troll", "card": "Lotleth Troll", "controller": "P1"}]
    lands = activate(board(pieces, P1={"hand": ["Mountain", "Swamp"]}), "troll", 1)
    assert lands.data["can_activate"] is False
    assert lands.verified
    bears = activate(board(pieces, P1={"hand": ["Mountain", "Grizzly Bears"]}), "troll", 1)
    assert bears.data["can_activate"] is True
    hidden = activate(board(pieces, P1={"hand": 3}), "troll", 1)
    assert not hidden.verified
    assert any("creature card" in u for u in hidden.unmodelled)


def test_exiling_a_creature_card_from_your_graveyard_needs_one_there() -> None:
    pieces = [
        {"id": "pat", "card": "Cabal Patriarch", "controller": "P1"},
        {"id": "s", "card": "Swamp", "controller": "P1", "count": 3},
    ]
    none = activate(board(pieces, P1={"graveyard": ["Mountain"]}), "pat", 2)
    assert none.data["can_activate"] is False
    assert "118.3" in none.rules
    one = activate(board(pieces, P1={"graveyard": ["Grizzly Bears"]}), "pat", 2)
    assert one.data["can_activate"] is True
    theirs = activate(board(pieces, P2={"graveyard": ["Grizzly Bears"]}), "pat", 2)
    assert theirs.data["can_activate"] is False  # "your graveyard" only


def test_returning_a_land_you_control_needs_a_land() -> None:
    yes = board(
        [
            {"id": "fb", "card": "Floodbringer", "controller": "P1"},
            {"id": "i", "card": "Island", "controller": "P1", "count": 2},
        ]
    )
    assert activate(yes, "fb", 2).data["can_activate"] is True
    theirs = board(
        [
            {"id": "fb", "card": "Floodbringer", "controller": "P1"},
            {"id": "i", "card": "Island", "controller": "P2"},
        ],
        P1={"mana_pool": "{C}{C}"},
    )
    answer = activate(theirs, "fb", 2)
    assert answer.data["can_activate"] is False
    assert any("return" in r for r in answer.data["reasons"])


def test_removing_a_counter_from_a_creature_you_control_needs_one_with_that_counter() -> None:
    bare = [
        {"id": "ghave", "card": "Ghave Lite", "controller": "P1"},
        {"id": "s", "card": "Swamp", "controller": "P1"},
        {"id": "bear", "card": "Grizzly Bears", "controller": "P1"},
    ]
    assert activate(board(bare), "ghave", 1).data["can_activate"] is False
    countered = [dict(bare[2], counters={"+1/+1": 1}), *bare[:2]]
    answer = activate(board(countered), "ghave", 1)
    assert answer.data["can_activate"] is True
    assert any("bear has a +1/+1 counter" in s.text for s in answer.steps)


# --- mana abilities with a spending restriction (106.6) or activation instructions (602.1b) -----


def test_mana_with_a_spending_restriction_says_so_and_doesnt_pay_other_costs() -> None:
    b = board(
        [
            {"id": "zig", "card": "Ancient Ziggurat", "controller": "P1"},
            {"id": "mage", "card": "Grove Mage", "controller": "P1"},
        ]
    )
    mana = ask(b, {"kind": "mana", "object": "zig"})
    assert "spend this mana only to cast a creature spell" in mana.short
    assert "106.6" in mana.rules
    draw = activate(b, "mage", 1)  # {1}: the Ziggurat's mana can't be spent on it
    assert draw.data.get("can_pay") is not True
    assert not draw.verified


def test_a_mana_ability_that_needs_a_swamp_checks_the_board() -> None:
    without = board([{"id": "field", "card": "Tainted Field", "controller": "P1"}])
    answer = activate(without, "field", 2)
    assert answer.data["can_activate"] is False
    assert any("Swamp" in r for r in answer.data["reasons"])
    with_swamp = board(
        [
            {"id": "field", "card": "Tainted Field", "controller": "P1"},
            {"id": "swamp", "card": "Swamp", "controller": "P1"},
        ]
    )
    answer = activate(with_swamp, "field", 2)
    assert answer.data["can_activate"] is True
    assert answer.data["produces"] == ["W", "B"]


def test_two_mana_in_any_combination_of_red_and_green_is_two_of_red_or_green() -> None:
    b = board([{"id": "shaman", "card": "Firewood Shaman", "controller": "P1"}])
    answer = ask(b, {"kind": "can_activate", "object": "shaman", "ability": "mana"})
    assert answer.data["amount"] == 2
    assert answer.data["produces"] == ["R", "G"]


def test_a_mana_ability_that_also_draws_is_still_a_mana_ability_and_lists_the_draw() -> None:
    b = board(
        [
            {"id": "sphere", "card": "Chromatic Sphere", "controller": "P1"},
            {"id": "m", "card": "Mountain", "controller": "P1"},
        ]
    )
    answer = ask(b, {"kind": "can_activate", "object": "sphere", "ability": "mana"})
    assert answer.data["can_activate"] is True
    assert "605.1a" in answer.rules  # no target: still a mana ability
    assert answer.data["also"] == ["Draw a card"]
    assert answer.data["produces"] == ["W", "U", "B", "R", "G"]


def test_paying_energy_is_never_a_verified_yes() -> None:
    b = board([{"id": "t", "card": "Aether Theorist", "controller": "P1"}])
    answer = activate(b, "t", 1)
    assert not answer.verified
    assert any("energy" in u for u in answer.unmodelled)


def test_sacrificing_an_artifact_or_creature_takes_either_but_not_a_land() -> None:
    lands = [
        {"id": "altar", "card": "Bone Altar", "controller": "P1"},
        {"id": "m", "card": "Mountain", "controller": "P1"},
    ]
    answer = activate(board(lands), "altar", 1)
    assert answer.data["can_activate"] is False
    assert any("sacrifice" in r for r in answer.data["reasons"])
    for extra in ("Ornithopter", "Grizzly Bears"):
        piece = {"id": "x", "card": extra, "controller": "P1"}
        assert activate(board([*lands, piece]), "altar", 1).data["can_activate"] is True
    theirs = {"id": "x", "card": "Ornithopter", "controller": "P2"}
    assert activate(board([*lands, theirs]), "altar", 1).data["can_activate"] is False


def test_boast_needs_the_creature_to_have_attacked_and_is_never_verified() -> None:
    at_rest = board(
        [
            {"id": "dw", "card": "Duskwielder", "controller": "P1"},
            {"id": "s", "card": "Swamp", "controller": "P1"},
        ]
    )
    answer = activate(at_rest, "dw", 1)
    assert not answer.verified
    assert any("attacked this turn" in u for u in answer.unmodelled)
    attacking = board(
        [
            {"id": "dw", "card": "Duskwielder", "controller": "P1", "attacking": "P2"},
            {"id": "s", "card": "Swamp", "controller": "P1"},
        ],
        step="declare_blockers",
    )
    answer = activate(attacking, "dw", 1)
    assert "702.142a" in answer.rules  # it is attacking, so it attacked this turn
    assert not any("attacked this turn" in u for u in answer.unmodelled)
    assert any("once each turn" in u for u in answer.unmodelled)


def test_formidable_adds_up_the_power_of_your_creatures() -> None:
    lands = [{"id": "f", "card": "Forest", "controller": "P1", "count": 5}]
    small = [{"id": "ab", "card": "Atarka Beastbreaker", "controller": "P1"}, *lands]
    answer = activate(board(small), "ab", 1)
    assert answer.data["can_activate"] is False
    assert any("the board shows 2" in s.text for s in answer.steps)
    theirs = {"id": "w", "card": "Craw Wurm", "controller": "P2"}
    assert activate(board([*small, theirs]), "ab", 1).data["can_activate"] is False
    mine = {"id": "w", "card": "Craw Wurm", "controller": "P1"}
    answer = activate(board([*small, mine]), "ab", 1)
    assert answer.data["can_activate"] is True
    assert any("the board shows 8" in s.text for s in answer.steps)


def test_a_land_that_wont_untap_next_turn_still_makes_its_mana_now() -> None:
    b = board([{"id": "marsh", "card": "Cinder Marsh", "controller": "P1"}])
    answer = activate(b, "marsh", 2)
    assert answer.data["can_activate"] is True
    assert answer.data["produces"] == ["B", "R"]
    assert answer.data["also"] == ["Cinder Marsh doesn't untap during your next untap step"]
    tapped = board([{"id": "marsh", "card": "Cinder Marsh", "controller": "P1", "tapped": True}])
    assert activate(tapped, "marsh", 2).data["can_activate"] is False
