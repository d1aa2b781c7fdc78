"""The Oracle-text compiler: templates read exactly or record the clause as unsupported."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.abilities import (
    ActivatedAbility,
    CopyExceptions,
    CouldProduce,
    CreateTokenCopy,
    CreateTokens,
    EnterAsCopy,
    GainActivatedAbilitiesOf,
    Keyword,
    ManaAbility,
    PTDefining,
    StaticEffect,
    TriggeredAbility,
    Unsupported,
)
from engine.cards import CardText, card_from_mapping
from engine.oracle import compile_all_faces, compile_card

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"


def compiled(text: str, type_line: str = "Creature — Test", name: str = "Testcard") -> tuple:  # type: ignore[type-arg]
    return compile_card(CardText(name, "{1}", type_line, text, "1", "1")).abilities


def test_keyword_line_compiles_to_keywords() -> None:
    assert compiled("Flying, first strike, protection from red") == (
        Keyword("flying"),
        Keyword("first strike"),
        Keyword("protection", "red"),
    )


def test_reminder_text_and_self_names_are_normalised() -> None:
    (ability,) = compiled("Testcard deals 2 damage to any target. (Reminder.)", "Instant")
    assert "~ deals 2 damage" in ability.text  # type: ignore[union-attr]


def test_could_produce_template_reads_whose_lands() -> None:
    (ability,) = compiled(
        "{T}: Add one mana of any color that a land an opponent controls could produce.", "Land"
    )
    assert isinstance(ability, ManaAbility)
    assert ability.produces == CouldProduce("opponents", "color")


def test_embalm_is_a_graveyard_ability_making_a_white_zombie_copy() -> None:
    abilities = compiled("Embalm {3}{W}")
    activated = [a for a in abilities if isinstance(a, ActivatedAbility)]
    assert activated[0].zone == "graveyard"
    assert activated[0].sorcery_speed
    (effect,) = activated[0].effects
    assert isinstance(effect, CreateTokenCopy)
    assert effect.exceptions == CopyExceptions(
        no_mana_cost=True, colors=("W",), add_subtypes=("Zombie",)
    )


def test_eternalize_with_an_extra_cost_reads_the_whole_cost() -> None:
    abilities = compiled("Eternalize—{3}{U}{U}, Discard a card.")
    (activated,) = [a for a in abilities if isinstance(a, ActivatedAbility)]
    assert activated.cost.mana == "{3}{U}{U}" and activated.cost.discard == 1
    (effect,) = activated.effects
    assert isinstance(effect, CreateTokenCopy) and effect.exceptions.power == 4


def test_enter_as_copy_keeps_the_embalmed_only_exception_separate() -> None:
    (entry, *_rest) = compiled(
        "You may have this creature enter as a copy of any creature on the battlefield, except if "
        "this creature was embalmed, the token has no mana cost, it's white, and it's a "
        "Zombie in addition to its other types.\nEmbalm {3}{U}{U}"
    )
    assert isinstance(entry, EnterAsCopy)
    assert entry.exceptions.is_empty()
    assert entry.exceptions_if_embalmed is not None and entry.exceptions_if_embalmed.colors == (
        "W",
    )


def test_vazal_has_the_activated_abilities_of_other_permanents() -> None:
    abilities = compiled(
        "Vigilance, trample\nTestcard has the activated abilities of all other permanents on the "
        "battlefield."
    )
    static = [a for a in abilities if isinstance(a, StaticEffect)]
    assert isinstance(static[0].changes[0], GainActivatedAbilitiesOf)


def test_token_clauses_read_count_characteristics_and_keywords() -> None:
    (trigger,) = compiled(
        "When this creature dies, create two 1/1 white Spirit creature tokens with flying."
    )
    assert isinstance(trigger, TriggeredAbility) and trigger.event == "dies"
    (effect,) = trigger.effects
    assert isinstance(effect, CreateTokens) and effect.amount == 2
    assert effect.token.subtypes == ("Spirit",) and effect.token.abilities == (Keyword("flying"),)


def test_cda_reads_tarmogoyf() -> None:
    (cda,) = compiled(
        "Testcard's power is equal to the number of card types among cards in all graveyards and "
        "its "
        "toughness is equal to that number plus 1."
    )
    assert isinstance(cda, PTDefining) and cda.toughness_plus == 1


def test_unknown_text_is_unsupported_with_its_kind() -> None:
    abilities = compiled("Whenever the moon is full, you win.\nThe sky is green.\n{2}: Do a dance.")
    kinds = [a.kind for a in abilities if isinstance(a, Unsupported)]
    assert kinds == ["triggered", "static", "activated"]


def test_partially_understood_sentences_are_not_half_modelled() -> None:
    (ability,) = compiled("Destroy target creature. Its controller juggles.", "Sorcery")
    assert isinstance(ability, Unsupported)


def test_every_seed_card_is_fully_modelled() -> None:
    oracle = SHARED / "scryfall" / "oracle-cards.json"
    if not oracle.exists():
        pytest.skip("../shared/data not present: seed cards come from the Scryfall file")
    names = {"Vizier of Many Faces", "Soul Separator", "Vazal, the Compleat", "Reflecting Pool"}
    for code in ("AKH", "HOU"):
        data = json.loads((SHARED / "mtgjson" / f"{code}.json").read_text(encoding="utf-8"))
        names |= {
            c["name"]
            for c in data["data"]["cards"]
            if re.search(r"\b(Embalm|Eternalize)\b", c.get("text", ""))
        }
    cards = {
        c["name"]: c for c in json.loads(oracle.read_text(encoding="utf-8")) if c["name"] in names
    }
    assert len(cards) == len(names) >= 24
    gaps = {
        name: [u.text for d in compile_all_faces(card_from_mapping(name, c)) for u in d.unsupported]
        for name, c in cards.items()
    }
    assert not {k: v for k, v in gaps.items() if v}


def test_copy_exceptions_can_add_a_card_type() -> None:
    (entry,) = compiled(
        "You may have this artifact enter as a copy of an artifact or creature on the battlefield, "
        "except it's an artifact in addition to its other types.",
        "Artifact",
    )
    assert isinstance(entry, EnterAsCopy) and entry.exceptions.add_types == ("Artifact",)


def test_creature_land_animation_reads_colors_subtypes_and_keywords() -> None:
    (ability,) = compiled(
        "{3}{W}{U}: Until end of turn, this land becomes a 4/4 white and blue Elemental creature "
        "with flying and vigilance. It's still a land.",
        "Land",
    )
    assert isinstance(ability, ActivatedAbility)
    changes = ability.effects[0].changes  # type: ignore[union-attr]
    assert any(getattr(c, "subtypes", None) == ("Elemental",) for c in changes)
    assert any(getattr(c, "colors", None) == ("W", "U") for c in changes)


def test_modal_spells_keep_each_mode() -> None:
    (spell,) = compiled(
        "Choose one —\n• Testcard deals 3 damage to target creature.\n• Destroy target artifact.",
        "Instant",
    )
    modal = spell.effects[0]  # type: ignore[union-attr]
    assert modal.choose == "one" and len(modal.modes) == 2
    (bad,) = compiled("Choose one —\n• Destroy target artifact.\n• Juggle.", "Instant")
    assert isinstance(bad, Unsupported)


def test_hand_written_definitions_replace_the_compiler() -> None:
    (entry,) = compiled("anything at all", name="Phantasmal Image")
    assert isinstance(entry, EnterAsCopy)
    assert entry.exceptions.add_subtypes == ("Illusion",)
    assert isinstance(entry.exceptions.add_abilities[0], TriggeredAbility)


def test_intervening_if_triggers_keep_their_condition() -> None:
    (trigger,) = compiled(
        "At the beginning of each upkeep, if no spells were cast last turn, "
        "transform this creature."
    )
    assert isinstance(trigger, TriggeredAbility)
    assert trigger.event == "upkeep" and trigger.intervening_if == "no spells were cast last turn"
    (unknown,) = compiled("At the beginning of each upkeep, if the moon is full, transform it.")
    assert isinstance(unknown, Unsupported)
