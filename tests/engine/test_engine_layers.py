"""Characteristics through the layers (613), one behaviour per test."""

from __future__ import annotations

from engine.answer import Trace
from engine.characteristics import Layers, mana_value
from engine.game import Game


def chars(board, oid):  # type: ignore[no-untyped-def]
    return Layers(board, Trace()).compute()[oid]


def test_layer4_blood_moon_applies_before_urborg_whatever_the_timestamps(board_from) -> None:  # type: ignore[no-untyped-def]
    for moon_ts, urborg_ts in ((1, 2), (2, 1)):
        board = board_from(
            [
                {"id": "moon", "card": "Blood Moon", "controller": "P2", "timestamp": moon_ts * 10},
                {
                    "id": "urborg",
                    "card": "Urborg, Tomb of Yawgmoth",
                    "controller": "P1",
                    "timestamp": urborg_ts * 10,
                },
                {"id": "forest", "card": "Forest", "controller": "P1", "timestamp": 1},
            ]
        )
        game = Game(board)
        assert game.ch("urborg").subtypes == ("Mountain",)
        assert "Swamp" not in game.ch("forest").subtypes
        assert game.could_produce_all()["urborg"] == frozenset({"R"})
        assert game.could_produce_all()["forest"] == frozenset({"G"})


def test_layer4_urborg_alone_makes_every_land_a_swamp(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {"id": "urborg", "card": "Urborg, Tomb of Yawgmoth", "controller": "P1"},
            {"id": "forest", "card": "Forest", "controller": "P2"},
        ]
    )
    game = Game(board)
    assert game.could_produce_all()["forest"] == frozenset({"G", "B"})
    assert game.could_produce_all()["urborg"] == frozenset({"B"})


def test_layer6_humility_removes_abilities_and_layer7b_sets_base_pt(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {"id": "hum", "card": "Humility", "controller": "P2"},
            {"id": "angel", "card": "Serra Angel", "controller": "P1"},
        ]
    )
    ch = chars(board, "angel")
    assert ch.abilities == ()
    assert (ch.power, ch.toughness) == (1, 1)


def test_layer7c_anthem_and_counters_add_after_7b(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {"id": "hum", "card": "Humility", "controller": "P2"},
            {"id": "anthem", "card": "Glorious Anthem", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "counters": {"+1/+1": 2}},
        ]
    )
    ch = chars(board, "bears")
    assert (ch.power, ch.toughness) == (4, 4)


def test_layer7a_tarmogoyf_counts_card_types_in_graveyards(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [{"id": "goyf", "card": "Tarmogoyf", "controller": "P1"}],
        players={
            "P1": {"graveyard": ["Lightning Bolt", "Forest", "Grizzly Bears"]},
            "P2": {"graveyard": ["Darksteel Myr"]},
        },
    )
    ch = chars(board, "goyf")
    assert (ch.power, ch.toughness) == (4, 5)  # instant, land, creature, artifact


def test_layer6_fervor_grants_haste_only_to_its_controllers_creatures(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {"id": "fervor", "card": "Fervor", "controller": "P1"},
            {"id": "mine", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "theirs", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    game = Game(board)
    assert game.has("mine", "haste")
    assert not game.has("theirs", "haste")


def test_layer6_vazal_gains_activated_abilities_of_other_permanents(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {"id": "vazal", "card": "Vazal, the Compleat", "controller": "P1"},
            {"id": "elves", "card": "Llanowar Elves", "controller": "P2"},
            {"id": "drum", "card": "Springleaf Drum", "controller": "P2"},
        ]
    )
    game = Game(board)
    texts = [getattr(a, "text", "") for a in game.ch("vazal").abilities]
    assert "{T}: Add {G}." in texts
    assert any("Springleaf" not in t and "Tap an untapped creature" in t for t in texts)
    assert game.could_produce_all()["vazal"] == frozenset("WUBRG")


def test_resolved_pump_applies_in_7c_to_its_target_only(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {"id": "a", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "b", "card": "Grizzly Bears", "controller": "P1"},
        ],
        effects=[{"text": "Target creature gets +3/+3 until end of turn.", "targets": ["a"]}],
    )
    layers = Layers(board, Trace())
    state = layers.compute()
    assert (state["a"].power, state["a"].toughness) == (5, 5)
    assert (state["b"].power, state["b"].toughness) == (2, 2)


def test_mana_value_counts_x_as_zero_off_the_stack() -> None:
    assert mana_value("{X}{X}") == 0
    assert mana_value("{X}{G}{W}") == 2
    assert mana_value("{X}{G}{W}", x=3) == 5
    assert mana_value("{2/W}{U}") == 3
    assert mana_value(None) == 0


def test_clone_of_a_clone_copies_what_the_first_copied(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {"id": "angel", "card": "Serra Angel", "controller": "P2"},
            {
                "id": "c1",
                "card": "Clone",
                "controller": "P1",
                "copy_effects": [{"copies": "angel"}],
            },
            {"id": "c2", "card": "Clone", "controller": "P1", "copy_effects": [{"copies": "c1"}]},
        ]
    )
    trace = Trace()
    game = Game(board, trace)
    assert game.ch("c2").name == "Serra Angel"
    game.explain_layers("c2")
    assert "707.3" in trace.rules


def test_layer5_enchanted_creature_becomes_black(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {
                "id": "ink",
                "card": "Cursed Scroll of Ink",
                "controller": "P2",
                "attached_to": "bears",
            },
        ]
    )
    assert chars(board, "bears").colors == frozenset({"B"})


def test_layer7d_switch_applies_after_counters_and_pumps(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [{"id": "wall", "card": "Wall of Stone", "controller": "P1", "counters": {"+1/+1": 1}}],
        effects=[
            {
                "text": "Switch target creature's power and toughness until end of turn.",
                "targets": ["wall"],
            },
            {"text": "Target creature gets +3/+3 until end of turn.", "targets": ["wall"]},
        ],
    )
    ch = chars(board, "wall")
    assert (ch.power, ch.toughness) == (12, 4)  # 0/8 +1/+1 +3/+3 = 4/12, switched in 7d


def test_devoid_and_changeling_define_characteristics_everywhere(card_source) -> None:  # type: ignore[no-untyped-def]
    from engine.board import load_board
    from engine.cards import DictCardSource, LayeredCardSource, card_from_mapping

    eldrazi = card_from_mapping(
        "Scion Herald",
        {
            "mana_cost": "{1}{R}",
            "type_line": "Creature — Eldrazi",
            "pt": "2/1",
            "oracle_text": "Devoid",
        },
    )
    shapeshifter = card_from_mapping(
        "Shape Thing",
        {
            "mana_cost": "{1}{U}",
            "type_line": "Creature — Shapeshifter",
            "pt": "1/1",
            "oracle_text": "Changeling",
        },
    )
    cards = LayeredCardSource(DictCardSource([eldrazi, shapeshifter]), card_source)
    board = load_board(
        {
            "battlefield": [{"id": "s", "card": "Shape Thing", "controller": "P1"}],
            "players": {"P1": {"graveyard": [{"id": "e", "card": "Scion Herald"}]}},
        },
        cards,
    )
    state = Layers(board, Trace()).compute()
    assert state["e"].colors == frozenset()
    assert state["s"].all_creature_types


def test_layer4_blood_moon_replaces_nonbasic_land_types_too(card_source) -> None:  # type: ignore[no-untyped-def]
    from engine.board import load_board
    from engine.cards import DictCardSource, LayeredCardSource, card_from_mapping

    mine = card_from_mapping(
        "Urza's Mine", {"type_line": "Land — Urza's Mine", "oracle_text": "{T}: Add {C}."}
    )
    planet = card_from_mapping(
        "Some Planet", {"type_line": "Land — Planet", "oracle_text": "{T}: Add {C}."}
    )
    cards = LayeredCardSource(DictCardSource([mine, planet]), card_source)
    board = load_board(
        {
            "battlefield": [
                {"id": "moon", "card": "Blood Moon", "controller": "P2"},
                {"id": "mine", "card": "Urza's Mine", "controller": "P1"},
                {"id": "planet", "card": "Some Planet", "controller": "P1"},
            ]
        },
        cards,
    )
    game = Game(board)
    # 305.7: the new basic land type replaces every old land type (205.3i lists them).
    assert game.ch("mine").subtypes == ("Mountain",)
    assert game.ch("planet").subtypes == ("Mountain",)
    assert game.could_produce_all()["mine"] == frozenset({"R"})
