"""E1 (session 9): clauses players' chat boards used that the engine answered unverified or
wrongly — the chosen color or type in addition (613.1e, 205.1b, 607.2d), the Thriving lands'
"{G} or one mana of the chosen color", "Add {G} for each Elf you control" (605.3b, 608.2h), and
the mana answer's wording when a triggered mana ability adds more (605.1b)."""

from __future__ import annotations

from typing import Any

import pytest
from engine_boards import CARDS as SHARED_CARDS
from engine_boards import main_phase_board, pool

from engine.answer import QuestionError
from engine.board import Board, load_board
from engine.cards import DictCardSource, card_from_mapping
from engine.questions import ask

CARDS: dict[str, dict[str, Any]] = {
    **{
        name: SHARED_CARDS[name]
        for name in ("Grizzly Bears", "Lightning Bolt", "Llanowar Elves", "Forest")
    },
    "Painter's Servant": {
        "mana_cost": "{2}",
        "type_line": "Artifact Creature — Scarecrow",
        "pt": "1/3",
        "oracle_text": "As this creature enters, choose a color.\nAll cards that aren't on the "
        "battlefield, spells, and permanents are the chosen color in addition to their other "
        "colors.",
    },
    "Elvish Archdruid": {
        "mana_cost": "{1}{G}{G}",
        "type_line": "Creature — Elf Druid",
        "pt": "2/2",
        "oracle_text": "Other Elf creatures you control get +1/+1.\n"
        "{T}: Add {G} for each Elf you control.",
    },
    "Gaea's Cradle": {
        "type_line": "Legendary Land",
        "oracle_text": "{T}: Add {G} for each creature you control.",
    },
    "Thriving Grove": {
        "type_line": "Land",
        "oracle_text": "This land enters tapped. As it enters, choose a color other than green.\n"
        "{T}: Add {G} or one mana of the chosen color.",
    },
    "Metallic Mimic": {
        "mana_cost": "{2}",
        "type_line": "Artifact Creature — Shapeshifter",
        "pt": "2/1",
        "oracle_text": "As this creature enters, choose a creature type.\n"
        "This creature is the chosen type in addition to its other types.",
    },
    "Lord of Atlantis": {
        "mana_cost": "{U}{U}",
        "type_line": "Creature — Merfolk",
        "pt": "2/2",
        "oracle_text": "Other Merfolk get +1/+1 and have islandwalk.",
    },
    "Utopia Sprawl": {
        "mana_cost": "{G}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant Forest\nAs this Aura enters, choose a color.\nWhenever "
        "enchanted Forest is tapped for mana, its controller adds an additional one mana of the "
        "chosen color.",
    },
}
SOURCE = pool(CARDS)


def board(battlefield: list[dict[str, Any]], **extra: Any) -> Board:
    return main_phase_board(SOURCE, battlefield, **extra)


# --- Painter's Servant: layer 5 in every zone (613.1e, 607.2d) ---------------------------------


def test_painters_servant_adds_the_chosen_color_to_permanents_of_both_players() -> None:
    b = board(
        [
            {
                "id": "painter",
                "card": "Painter's Servant",
                "controller": "P1",
                "chosen": {"color": "U"},
            },
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "characteristics", "object": "bears"})
    assert answer.verified, answer.unmodelled
    assert set(answer.data["colors"]) == {"blue", "green"}
    assert {"613.1e", "607.2d"} <= set(answer.rules)
    painter = ask(b, {"kind": "characteristics", "object": "painter"})
    assert set(painter.data["colors"]) == {"blue"}  # a colorless artifact becomes blue


def test_painters_servant_colors_cards_in_graveyards_too() -> None:
    b = board(
        [
            {
                "id": "painter",
                "card": "Painter's Servant",
                "controller": "P1",
                "chosen": {"color": "W"},
            }
        ],
        players={"P1": {"graveyard": [{"id": "bolt", "card": "Lightning Bolt"}]}},
    )
    answer = ask(b, {"kind": "characteristics", "object": "bolt"})
    assert answer.verified, answer.unmodelled
    assert set(answer.data["colors"]) == {"red", "white"}


def test_painters_servant_without_its_chosen_color_is_unverified() -> None:
    b = board(
        [
            {"id": "painter", "card": "Painter's Servant", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
        ]
    )
    answer = ask(b, {"kind": "characteristics", "object": "bears"})
    assert not answer.verified
    assert any("no color was chosen" in u for u in answer.unmodelled)
    assert set(answer.data["colors"]) == {"green"}


# --- "is the chosen type in addition to its other types" (205.1b, layer 4) ---------------------


def test_chosen_creature_type_is_added_in_layer_4_so_a_lord_of_that_type_pumps_it() -> None:
    b = board(
        [
            {
                "id": "mimic",
                "card": "Metallic Mimic",
                "controller": "P1",
                "chosen": {"creature type": "Merfolk"},
            },
            {"id": "lord", "card": "Lord of Atlantis", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "characteristics", "object": "mimic"})
    assert answer.verified, answer.unmodelled
    assert "Merfolk" in answer.data["subtypes"] and "Shapeshifter" in answer.data["subtypes"]
    assert answer.data["power"] == 3 and answer.data["toughness"] == 2
    assert {"613.1d", "607.2d", "613.4c"} <= set(answer.rules)


# --- the Thriving lands (607.2d) -------------------------------------------------------------


def test_thriving_land_taps_for_its_own_color_or_the_chosen_one() -> None:
    b = board(
        [{"id": "grove", "card": "Thriving Grove", "controller": "P1", "chosen": {"color": "R"}}]
    )
    answer = ask(b, {"kind": "mana", "object": "grove"})
    assert answer.verified, answer.unmodelled
    assert answer.data["sources"][0]["produces"] == ["R", "G"]
    assert "607.2d" in answer.rules


def test_thriving_land_whose_chosen_color_is_the_excluded_one_is_flagged() -> None:
    b = board(
        [{"id": "grove", "card": "Thriving Grove", "controller": "P1", "chosen": {"color": "G"}}]
    )
    answer = ask(b, {"kind": "mana", "object": "grove"})
    assert not answer.verified
    assert any("can't be {G}" in u for u in answer.unmodelled)


def test_thriving_land_without_a_choice_is_unverified_but_still_makes_its_own_color() -> None:
    b = board([{"id": "grove", "card": "Thriving Grove", "controller": "P1"}])
    answer = ask(b, {"kind": "mana", "object": "grove"})
    assert not answer.verified
    assert answer.data["sources"][0]["produces"] == ["G"]


# --- "Add {G} for each Elf you control" (605.3b, 608.2h) ---------------------------------------


def test_archdruid_adds_one_green_for_each_elf_its_controller_controls() -> None:
    b = board(
        [
            {"id": "druid", "card": "Elvish Archdruid", "controller": "P1"},
            {"id": "e1", "card": "Llanowar Elves", "controller": "P1"},
            {"id": "e2", "card": "Llanowar Elves", "controller": "P1"},
            {"id": "theirs", "card": "Llanowar Elves", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "can_activate", "object": "druid", "ability": "mana"})
    assert answer.verified, answer.unmodelled
    assert answer.short == "Yes — 3 mana: {G}{G}{G}."
    assert {"605.3b", "608.2h"} <= set(answer.rules)
    mana = ask(b, {"kind": "mana", "object": "druid"})
    assert mana.data["sources"][0]["amount"] == 3


def test_gaeas_cradle_with_no_creatures_can_be_tapped_but_adds_no_mana() -> None:
    b = board(
        [
            {"id": "cradle", "card": "Gaea's Cradle", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "can_activate", "object": "cradle", "ability": "mana"})
    assert answer.verified, answer.unmodelled
    assert answer.short.startswith("Yes — it adds no mana: it counts 0")


# --- the mana answer's wording with a triggered mana ability (605.1b) ---------------------------


def test_mana_answer_names_the_lands_own_mana_once_and_the_triggers_extra_apart() -> None:
    # it said "{G}{G} (and 1 more of {R} from triggers)", three mana, verified: the Forest's own
    # mana was multiplied by the total including the trigger's
    b = board(
        [
            {"id": "forest", "card": "Forest", "controller": "P1"},
            {
                "id": "sprawl",
                "card": "Utopia Sprawl",
                "controller": "P1",
                "attached_to": "forest",
                "chosen": {"color": "R"},
            },
        ]
    )
    answer = ask(b, {"kind": "mana", "object": "forest"})
    assert answer.verified, answer.unmodelled
    assert answer.short == "Forest (forest): {G} (and 1 more of {R} from triggers)."
    assert answer.data["sources"][0]["amount"] == 2
    assert {"605.1b", "607.2d"} <= set(answer.rules)


def test_mana_answer_with_a_trigger_whose_color_isnt_given_says_so_unverified() -> None:
    b = board(
        [
            {"id": "forest", "card": "Forest", "controller": "P1"},
            {"id": "sprawl", "card": "Utopia Sprawl", "controller": "P1", "attached_to": "forest"},
        ]
    )
    answer = ask(b, {"kind": "mana", "object": "forest"})
    assert not answer.verified
    assert "1 more of a type the board doesn't give" in answer.short
    assert any("no color was chosen" in u for u in answer.unmodelled)


# --- a characteristics question about mana value / colors / types (613.1) ----------------------

GOYF = {
    "mana_cost": "{1}{G}",
    "type_line": "Creature — Lhurgoyf",
    "pt": "*/1+*",
    "oracle_text": "Tarmogoyf's power is equal to the number of card types among cards in all "
    "graveyards and its toughness is equal to that number plus 1.",
}


def goyf_board() -> Board:
    source = DictCardSource([card_from_mapping("Tarmogoyf", GOYF)])
    return load_board(
        {"battlefield": [{"id": "goyf", "card": "Tarmogoyf", "controller": "P2"}]}, source
    )


def test_mana_value_question_doesnt_need_the_graveyards_goyf_counts_for_its_pt() -> None:
    answer = ask(goyf_board(), {"kind": "characteristics", "object": "goyf", "about": "mana_value"})
    assert answer.verified, answer.unmodelled
    assert answer.data["mana_value"] == 2
    assert answer.data["power"] is None and "(P/T not known)" in answer.short
    assert "613.1" in answer.rules


def test_the_whole_characteristics_question_still_needs_the_graveyards() -> None:
    answer = ask(goyf_board(), {"kind": "characteristics", "object": "goyf"})
    assert not answer.verified
    assert any("graveyard isn't given" in u for u in answer.unmodelled)


def test_an_unknown_about_is_the_askers_mistake() -> None:
    with pytest.raises(QuestionError):
        ask(goyf_board(), {"kind": "characteristics", "object": "goyf", "about": "power"})
