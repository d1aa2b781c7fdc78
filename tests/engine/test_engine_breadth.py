"""Breadth where players ask (issue 12, item 3): "for each"-style counting characteristic-
defining abilities (604.3) read and applied on a board."""

from __future__ import annotations

from typing import Any

from engine.abilities import CountCards, CountOf, PTDefining
from engine.board import load_board
from engine.cards import DictCardSource, card_from_mapping
from engine.oracle import compile_card
from engine.questions import ask

CARDS = {
    "Broodstar": {
        "mana_cost": "{8}{U}",
        "type_line": "Creature — Beast",
        "pt": "*/*",
        "oracle_text": "Affinity for artifacts\nFlying\nBroodstar's power and toughness are each "
        "equal to the number of artifacts you control.",
    },
    "Enigma Drake": {
        "mana_cost": "{1}{U}{R}",
        "type_line": "Creature — Drake",
        "pt": "*/4",
        "oracle_text": "Flying\nEnigma Drake's power is equal to the number of instant and sorcery "
        "cards in your graveyard.",
    },
    "Beast of Burden": {
        "mana_cost": "{6}",
        "type_line": "Artifact Creature — Golem",
        "pt": "*/*",
        "oracle_text": "Beast of Burden's power and toughness are each equal to the number of "
        "creatures on the battlefield.",
    },
    "Ornithopter": {
        "mana_cost": "{0}",
        "type_line": "Artifact Creature — Thopter",
        "pt": "0/2",
        "oracle_text": "Flying",
    },
    "Grizzly Bears": {"mana_cost": "{1}{G}", "type_line": "Creature — Bear", "pt": "2/2"},
    "Lightning Bolt": {
        "mana_cost": "{R}",
        "type_line": "Instant",
        "oracle_text": "Lightning Bolt deals 3 damage to any target.",
    },
    "Divination": {
        "mana_cost": "{2}{U}",
        "type_line": "Sorcery",
        "oracle_text": "Draw two cards.",
    },
    "Humility": {
        "mana_cost": "{2}{W}{W}",
        "type_line": "Enchantment",
        "oracle_text": "All creatures lose all abilities and have base power and toughness 1/1.",
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


def test_counting_cdas_compile_to_a_count_of_permanents_or_cards() -> None:
    star = compile_card(SOURCE.get("Broodstar"))  # type: ignore[arg-type]
    (cda,) = [a for a in star.abilities if isinstance(a, PTDefining)]
    assert isinstance(cda.power, CountOf) and cda.power.selector.types == ("Artifact",)
    drake = compile_card(SOURCE.get("Enigma Drake"))  # type: ignore[arg-type]
    (cda,) = [a for a in drake.abilities if isinstance(a, PTDefining)]
    assert cda.power == CountCards(("Instant", "Sorcery")) and cda.toughness is None
    assert star.fully_modelled and drake.fully_modelled


def test_broodstar_counts_the_artifacts_its_controller_controls() -> None:
    b = board(
        [
            {"id": "star", "card": "Broodstar", "controller": "P1"},
            {"id": "thopter", "card": "Ornithopter", "controller": "P1", "count": 3},
            {"id": "theirs", "card": "Ornithopter", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "characteristics", "object": "star"})
    assert answer.verified, answer.unmodelled
    assert (answer.data["power"], answer.data["toughness"]) == (3, 3)
    assert {"604.3", "613.4a"} <= set(answer.rules)


def test_enigma_drake_counts_instants_and_sorceries_in_its_owners_graveyard() -> None:
    b = board(
        [{"id": "drake", "card": "Enigma Drake", "controller": "P1"}],
        P1={"graveyard": ["Lightning Bolt", "Divination", "Grizzly Bears"]},
        P2={"graveyard": ["Lightning Bolt"]},
    )
    answer = ask(b, {"kind": "characteristics", "object": "drake"})
    assert answer.verified, answer.unmodelled
    assert (answer.data["power"], answer.data["toughness"]) == (2, 4)


def test_beast_of_burden_counts_every_creature_itself_included() -> None:
    b = board(
        [
            {"id": "beast", "card": "Beast of Burden", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "characteristics", "object": "beast"})
    assert (answer.data["power"], answer.data["toughness"]) == (2, 2)


def test_a_removed_counting_cda_leaves_humility_s_1_1() -> None:
    b = board(
        [
            {"id": "star", "card": "Broodstar", "controller": "P1"},
            {"id": "thopter", "card": "Ornithopter", "controller": "P1", "count": 3},
            {"id": "humility", "card": "Humility", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "characteristics", "object": "star"})
    assert answer.verified, answer.unmodelled
    assert (answer.data["power"], answer.data["toughness"]) == (1, 1)


# --- paying an activated ability's mana cost (601.2g-h, 602.2b) --------------------------------

PAY = DictCardSource(
    [
        *(card_from_mapping(n, d) for n, d in CARDS.items()),
        card_from_mapping(
            "Mutavault",
            {
                "type_line": "Land",
                "oracle_text": "{T}: Add {C}.\n{1}: Until end of turn, Mutavault becomes a 2/2 "
                "creature with all creature types. It's still a land.",
            },
        ),
        card_from_mapping("Island", {"type_line": "Basic Land — Island", "oracle_text": ""}),
        card_from_mapping("Forest", {"type_line": "Basic Land — Forest", "oracle_text": ""}),
        card_from_mapping(
            "Test Tome",
            {
                "mana_cost": "{3}",
                "type_line": "Artifact",
                "oracle_text": "{U}{U}, {T}: Draw a card.",
            },
        ),
    ]
)


def pay_board(battlefield: list[dict[str, Any]]) -> Any:
    data = {"turn": {"active": "P1", "number": 6, "step": "precombat_main"}}
    return load_board({**data, "battlefield": battlefield}, PAY)


def test_mutavault_can_pay_for_its_own_animation_with_its_own_mana() -> None:
    b = pay_board([{"id": "vault", "card": "Mutavault", "controller": "P1"}])
    answer = ask(b, {"kind": "can_activate", "object": "vault", "ability": 2})
    assert answer.verified, answer.unmodelled
    assert answer.data["can_activate"] is True and answer.data["can_pay"] is True
    assert {"601.2g", "602.2b"} <= set(answer.rules)


def test_a_cost_the_board_cant_pay_is_unverified() -> None:
    stone = {"id": "stone", "card": "Test Tome", "controller": "P1"}
    short = pay_board(
        [
            stone,
            {"id": "i", "card": "Island", "controller": "P1"},
            {"id": "f", "card": "Forest", "controller": "P1"},
        ]
    )
    answer = ask(short, {"kind": "can_activate", "object": "stone", "ability": 1})
    assert not answer.verified and answer.data["can_pay"] is False
    assert any("can pay {U}{U}" in u for u in answer.unmodelled)
    enough = pay_board([stone, {"id": "i", "card": "Island", "controller": "P1", "count": 2}])
    answer = ask(enough, {"kind": "can_activate", "object": "stone", "ability": 1})
    assert answer.verified and answer.data["can_pay"] is True
    tapped = pay_board(
        [
            stone,
            {"id": "i", "card": "Island", "controller": "P1", "count": 2, "tapped": [True, False]},
        ]
    )
    assert not ask(tapped, {"kind": "can_activate", "object": "stone", "ability": 1}).verified


def test_a_mana_ability_with_a_mana_cost_is_checked_too() -> None:
    filter_land = card_from_mapping(
        "Mystic Gate",
        {
            "type_line": "Land",
            "oracle_text": "{T}: Add {C}.\n{W/U}, {T}: Add {W}{W}, {W}{U}, or {U}{U}.",
        },
    )
    signet = card_from_mapping(
        "Azorius Signet",
        {"mana_cost": "{2}", "type_line": "Artifact", "oracle_text": "{1}, {T}: Add {W}{U}."},
    )
    source = DictCardSource(
        [filter_land, signet, *(card_from_mapping(n, d) for n, d in CARDS.items())]
    )
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
        "battlefield": [{"id": "signet", "card": "Azorius Signet", "controller": "P1"}],
    }
    alone = ask(
        load_board(data, source), {"kind": "can_activate", "object": "signet", "ability": "mana"}
    )
    assert not alone.verified and alone.data["can_pay"] is False
    data["battlefield"].append({"id": "gate", "card": "Mystic Gate", "controller": "P1"})
    paid = ask(
        load_board(data, source), {"kind": "can_activate", "object": "signet", "ability": "mana"}
    )
    assert paid.verified, paid.unmodelled
    assert paid.data["can_pay"] is True and paid.data["amount"] == 2


# --- effects that together remove abilities, set type, color and base P/T (613.1d-f, 613.4b) ---

FROG = (
    "Until end of turn, target creature loses all abilities and becomes a blue Frog with base "
    "power and toughness 1/1."
)


def frog_board(battlefield: list[dict[str, Any]], targets: list[str], **players: Any) -> Any:
    data = {
        "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
        "battlefield": battlefield,
        "players": players,
        "effects": [{"text": FROG, "targets": targets}],
    }
    return load_board(data, SOURCE)


def test_turn_to_frog_sets_type_color_abilities_and_base_pt() -> None:
    b = frog_board(
        [
            {"id": "thopter", "card": "Ornithopter", "controller": "P2"},
        ],
        ["thopter"],
    )
    answer = ask(b, {"kind": "characteristics", "object": "thopter"})
    assert answer.verified, answer.unmodelled
    d = answer.data
    assert d["types"] == ["Artifact", "Creature"] and d["subtypes"] == ["Frog"]
    assert d["colors"] == ["blue"] and d["abilities"] == []
    assert (d["power"], d["toughness"]) == (1, 1)
    assert {"613.1d", "613.1e", "613.1f", "613.4b"} <= set(answer.rules)


def test_a_frogged_counting_creature_loses_its_cda() -> None:
    b = frog_board(
        [
            {"id": "star", "card": "Broodstar", "controller": "P1"},
            {"id": "thopter", "card": "Ornithopter", "controller": "P1", "count": 3},
        ],
        ["star"],
    )
    answer = ask(b, {"kind": "characteristics", "object": "star"})
    assert answer.verified, answer.unmodelled
    assert (answer.data["power"], answer.data["toughness"]) == (1, 1)
    assert "flying" not in " ".join(answer.data["abilities"]).lower()


def test_casting_turn_to_frog_on_a_damaged_creature_kills_it() -> None:
    spells = DictCardSource(
        [
            *(card_from_mapping(n, d) for n, d in CARDS.items()),
            card_from_mapping(
                "Turn to Frog",
                {"mana_cost": "{1}{U}", "type_line": "Instant", "oracle_text": FROG},
            ),
            card_from_mapping(
                "Giant Growth",
                {
                    "mana_cost": "{G}",
                    "type_line": "Instant",
                    "oracle_text": "Target creature gets +3/+3 until end of turn.",
                },
            ),
            card_from_mapping(
                "Serra Angel",
                {
                    "mana_cost": "{3}{W}{W}",
                    "type_line": "Creature — Angel",
                    "pt": "4/4",
                    "oracle_text": "Flying\nVigilance",
                },
            ),
        ]
    )
    data = {
        "turn": {"active": "P1", "number": 6, "step": "precombat_main"},
        "battlefield": [{"id": "angel", "card": "Serra Angel", "controller": "P2", "damage": 3}],
    }
    b = load_board(data, spells)
    frog = ask(b, {"kind": "spell", "card": "Turn to Frog", "targets": ["angel"]})
    assert frog.verified, frog.unmodelled
    assert any("angel" in e and "lethal damage" in e for e in frog.data["after_sbas"])
    assert {"611.2c", "613.4b", "704.5g"} <= set(frog.rules)
    growth = ask(b, {"kind": "spell", "card": "Giant Growth", "targets": ["angel"]})
    assert growth.verified, growth.unmodelled
    assert growth.data["after_sbas"] == []
