"""E2 (session 10): counted mana beyond "Add {G} for each ..." — devotion (700.5), "equal to ~'s
power", "X mana of any one color / in any combination of colors, where X is ..." (608.2h) — and
protection from a chosen color (607.2d, 608.2d, 702.16a-f)."""

from __future__ import annotations

from typing import Any

from engine_boards import CARDS as SHARED_CARDS
from engine_boards import main_phase_board, pool

from engine.board import Board
from engine.questions import ask

CARDS: dict[str, dict[str, Any]] = {
    **{name: SHARED_CARDS[name] for name in ("Grizzly Bears", "Glorious Anthem", "Lightning Bolt")},
    "Karametra's Acolyte": {
        "mana_cost": "{3}{G}",
        "type_line": "Creature — Human Druid",
        "pt": "1/4",
        "oracle_text": "{T}: Add an amount of {G} equal to your devotion to green. (Each {G} in "
        "the mana costs of permanents you control counts toward your devotion to green.)",
    },
    "Kitchen Finks": {
        "mana_cost": "{1}{G/W}{G/W}",
        "type_line": "Creature — Ouphe",
        "pt": "3/2",
        "oracle_text": "Persist",
    },
    "Marwyn, the Nurturer": {
        "mana_cost": "{2}{G}",
        "type_line": "Legendary Creature — Elf Druid",
        "pt": "1/1",
        "oracle_text": "Whenever another Elf you control enters, put a +1/+1 counter on Marwyn."
        "\n{T}: Add an amount of {G} equal to Marwyn's power.",
    },
    "Sanctum Weaver": {
        "mana_cost": "{1}{G}",
        "type_line": "Enchantment Creature — Dryad",
        "pt": "0/2",
        "oracle_text": "{T}: Add X mana of any one color, where X is the number of enchantments "
        "you control.",
    },
    "Overgrown Battlement": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Wall",
        "pt": "0/4",
        "oracle_text": "Defender\n{T}: Add {G} for each creature you control with defender.",
    },
    "Gyre Sage": {
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Elf Druid",
        "pt": "1/1",
        "oracle_text": "Evolve\n{T}: Add {G} for each +1/+1 counter on this creature.",
    },
    "Nykthos, Shrine to Nyx": {
        "type_line": "Legendary Land",
        "oracle_text": "{T}: Add {C}.\n{2}, {T}: Choose a color. Add an amount of mana of that "
        "color equal to your devotion to that color. (Your devotion to a color is the number of "
        "mana symbols of that color in the mana costs of permanents you control.)",
    },
    "Goblin Piker": {
        "mana_cost": "{1}{R}",
        "type_line": "Creature — Goblin Warrior",
        "pt": "2/1",
        "oracle_text": "This creature can't block.",
    },
    "Painter's Servant": {
        "mana_cost": "{2}",
        "type_line": "Artifact Creature — Scarecrow",
        "pt": "1/3",
        "oracle_text": "As this creature enters, choose a color.\nAll cards that aren't on the "
        "battlefield, spells, and permanents are the chosen color in addition to their other "
        "colors.",
    },
    "Voice of All": {
        "mana_cost": "{2}{W}{W}",
        "type_line": "Creature — Angel",
        "pt": "2/2",
        "oracle_text": "Flying\nAs this creature enters, choose a color.\nThis creature has "
        "protection from the chosen color.",
    },
    "Pyroclasm": {
        "mana_cost": "{1}{R}",
        "type_line": "Sorcery",
        "oracle_text": "Pyroclasm deals 2 damage to each creature.",
    },
}
SOURCE = pool(CARDS)


def board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    return main_phase_board(SOURCE, battlefield, **extra)


def rules(answer: Any) -> set[str]:
    return {s.rule for s in answer.steps}


# --- counted mana (605.3b, 608.2h) -------------------------------------------------------------


def test_devotion_counts_each_green_symbol_of_your_permanents_hybrid_once() -> None:
    # 700.5: Acolyte {3}{G} 1, Finks {1}{G/W}{G/W} 2, Bears {1}{G} 1; the opponent's bears don't
    b = board(
        [
            {"id": "acolyte", "card": "Karametra's Acolyte", "controller": "P1"},
            {"id": "finks", "card": "Kitchen Finks", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "theirs", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "mana", "object": "acolyte"})
    assert answer.verified, answer.unmodelled
    assert answer.short == "Karametra's Acolyte (acolyte): {G}{G}{G}{G}."
    assert {"700.5", "608.2h"} <= rules(answer)


def test_mana_equal_to_its_power_reads_the_power_after_counters_and_anthems() -> None:
    # 608.2h: Marwyn 1/1 + two +1/+1 counters (613.4c) + Glorious Anthem = power 4
    b = board(
        [
            {
                "id": "marwyn",
                "card": "Marwyn, the Nurturer",
                "controller": "P1",
                "counters": {"+1/+1": 2},
            },
            {"id": "anthem", "card": "Glorious Anthem", "controller": "P1"},
        ]
    )
    answer = ask(b, {"kind": "can_activate", "object": "marwyn", "ability": "mana"})
    assert answer.verified, answer.unmodelled
    assert answer.short == "Yes — 4 mana: {G}{G}{G}{G}."


def test_x_mana_of_any_one_color_counts_enchantments_you_control() -> None:
    # Sanctum Weaver is an enchantment itself; with Glorious Anthem X is 2
    b = board(
        [
            {"id": "weaver", "card": "Sanctum Weaver", "controller": "P1"},
            {"id": "anthem", "card": "Glorious Anthem", "controller": "P1"},
            {"id": "theirs", "card": "Glorious Anthem", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "mana", "object": "weaver"})
    assert answer.verified, answer.unmodelled
    assert answer.short.startswith("Sanctum Weaver (weaver): 2 mana of any one color ({W} or")


def test_for_each_creature_you_control_with_defender_counts_itself_and_not_theirs() -> None:
    b = board(
        [
            {"id": "wall", "card": "Overgrown Battlement", "controller": "P1"},
            {"id": "wall2", "card": "Overgrown Battlement", "controller": "P1"},
            {"id": "theirs", "card": "Overgrown Battlement", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
        ]
    )
    answer = ask(b, {"kind": "mana", "object": "wall"})
    assert answer.verified, answer.unmodelled
    assert answer.short == "Overgrown Battlement (wall): {G}{G}."


def test_for_each_counter_on_it_counts_the_counters_the_board_gives() -> None:
    b = board([{"id": "sage", "card": "Gyre Sage", "controller": "P1", "counters": {"+1/+1": 3}}])
    answer = ask(b, {"kind": "mana", "object": "sage"})
    assert answer.verified, answer.unmodelled
    assert answer.short == "Gyre Sage (sage): {G}{G}{G}."


def test_nykthos_adds_one_color_chosen_as_it_resolves_by_devotion_to_it() -> None:
    # 608.2d, 700.5: Finks gives {W} 2 and {G} 2, Bears {G} 1, Piker {R} 1
    b = board(
        [
            {"id": "nykthos", "card": "Nykthos, Shrine to Nyx", "controller": "P1"},
            {"id": "finks", "card": "Kitchen Finks", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "piker", "card": "Goblin Piker", "controller": "P1"},
        ]
    )
    answer = ask(b, {"kind": "mana", "object": "nykthos"})
    assert answer.verified, answer.unmodelled
    assert "{W}x2 or {R}x1 or {G}x3 (one color, chosen as it resolves" in answer.short
    assert {"608.2d", "700.5"} <= rules(answer)


def test_a_count_of_zero_adds_no_mana() -> None:
    # 106.7 / 608.2h: Marwyn with power 0 (a -1/-1 counter) adds nothing
    b = board(
        [
            {
                "id": "marwyn",
                "card": "Marwyn, the Nurturer",
                "controller": "P1",
                "counters": {"-1/-1": 1},
            },
        ]
    )
    answer = ask(b, {"kind": "can_activate", "object": "marwyn", "ability": "mana"})
    assert "adds no mana" in answer.short


# --- protection from a chosen color (702.16) ---------------------------------------------------


def test_voice_of_all_chosen_red_is_not_dealt_damage_by_pyroclasm() -> None:
    # 702.16e: a red source's damage is prevented; the bears (no protection) die
    b = board(
        [
            {"id": "voice", "card": "Voice of All", "controller": "P1", "chosen": {"color": "R"}},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
        ]
    )
    answer = ask(b, {"kind": "spell", "card": "Pyroclasm", "controller": "P2"})
    assert answer.verified, answer.unmodelled
    assert "Pyroclasm's damage to voice is prevented (protection)" in answer.short
    assert "Grizzly Bears (bears) is put into its owner's graveyard" in answer.short
    assert "702.16e" in rules(answer)


def test_painters_servant_makes_a_spells_protection_check_unverified() -> None:
    # the spell cast now is the servant's color too (613.1e), which its card doesn't show
    b = board(
        [
            {"id": "voice", "card": "Voice of All", "controller": "P1", "chosen": {"color": "U"}},
            {
                "id": "painter",
                "card": "Painter's Servant",
                "controller": "P1",
                "chosen": {"color": "U"},
            },
        ]
    )
    answer = ask(
        b, {"kind": "spell", "card": "Lightning Bolt", "controller": "P2", "targets": ["voice"]}
    )
    assert not answer.verified
    assert any("protection against" in u for u in answer.unmodelled)
