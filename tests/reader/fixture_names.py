"""A small ``CardNames`` for the reader's tests: the fixture knowledge base's cards, the engine
tests' cards and a few more, found by full name, face name, short name, first word, nickname,
plural and "-ed" verb form. No ../shared needed."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from engine.cards import CardText, card_from_mapping
from engine.reader import CardMention

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "engine"))
from engine_boards import CARDS as ENGINE_CARDS  # noqa: E402

EXTRA = {
    "Farmer Cotton": {
        "mana_cost": "{X}{G}{W}",
        "type_line": "Legendary Creature — Halfling Peasant",
        "pt": "1/1",
        "oracle_text": "When Farmer Cotton enters, create X 1/1 white Halfling creature tokens"
        " and X Food tokens. (They're artifacts with \"{2}, {T}, Sacrifice this token: You gain"
        ' 3 life.")',
    },
    "Exotic Orchard": {
        "type_line": "Land",
        "oracle_text": "{T}: Add one mana of any color that a land an opponent controls could"
        " produce.",
    },
    "Plains": {"type_line": "Basic Land — Plains", "oracle_text": "({T}: Add {W}.)"},
    "Rancor": {
        "mana_cost": "{G}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature gets +2/+0 and has trample.\nWhen"
        " Rancor is put into a graveyard from the battlefield, return Rancor to its owner's hand.",
    },
    "Flicker": {
        "mana_cost": "{1}{W}",
        "type_line": "Sorcery",
        "oracle_text": "Exile target nontoken permanent, then return it to the battlefield under"
        " its owner's control.",
    },
}
EXTRA.update(
    {
        "Goblin Guide": {
            "mana_cost": "{R}",
            "type_line": "Creature — Goblin Scout",
            "pt": "2/2",
            "oracle_text": "Haste\nWhenever Goblin Guide attacks, defending player reveals the top"
            " card of their library. If it's a land card, that player puts it into their hand.",
        },
        "Elvish Mystic": {
            "mana_cost": "{G}",
            "type_line": "Creature — Elf Druid",
            "pt": "1/1",
            "oracle_text": "{T}: Add {G}.",
        },
        "Shock": {
            "mana_cost": "{R}",
            "type_line": "Instant",
            "oracle_text": "Shock deals 2 damage to any target.",
        },
        "Shivan Dragon": {
            "mana_cost": "{4}{R}{R}",
            "type_line": "Creature — Dragon",
            "pt": "5/5",
            "oracle_text": "Flying\n{R}: Shivan Dragon gets +1/+0 until end of turn.",
        },
        "Pacifism": {
            "mana_cost": "{1}{W}",
            "type_line": "Enchantment — Aura",
            "oracle_text": "Enchant creature\nEnchanted creature can't attack or block.",
        },
        "Fyndhorn Elves": {
            "mana_cost": "{G}",
            "type_line": "Creature — Elf Druid",
            "pt": "1/1",
            "oracle_text": "{T}: Add {G}.",
        },
        "Pithing Needle": {
            "mana_cost": "{1}",
            "type_line": "Artifact",
            "oracle_text": "As Pithing Needle enters, choose a card name.\nActivated abilities of"
            " sources with the chosen name can't be activated unless they're mana abilities.",
        },
        "Teferi's Protection": {
            "mana_cost": "{2}{W}",
            "type_line": "Instant",
            "oracle_text": "Until your next turn, your life total can't change and you gain"
            " protection from everything. All permanents you control phase out.\nExile"
            " Teferi's Protection.",
        },
    }
)
# cards the chat descriptions of R1's phrasing families name (real Oracle text)
EXTRA.update(
    {
        "Smuggler's Copter": {
            "mana_cost": "{2}",
            "type_line": "Artifact — Vehicle",
            "pt": "3/3",
            "oracle_text": "Flying\nWhenever this Vehicle attacks or blocks, you may draw a card."
            " If you do, discard a card.\nCrew 1 (Tap any number of creatures you control with"
            " total power 1 or more: This Vehicle becomes an artifact creature until end of turn.)",
        },
        "Lord of Atlantis": {
            "mana_cost": "{U}{U}",
            "type_line": "Creature — Merfolk",
            "pt": "2/2",
            "oracle_text": "Other Merfolk get +1/+1 and have islandwalk. (They can't be blocked as"
            " long as defending player controls an Island.)",
        },
        "Lightning Helix": {
            "mana_cost": "{R}{W}",
            "type_line": "Instant",
            "oracle_text": "Lightning Helix deals 3 damage to any target and you gain 3 life.",
        },
    }
)
# (R17) spells without a target, planeswalkers and copiers for session 14's forms (real Oracle
# text, from the knowledge base)
EXTRA.update(
    {
        "Day of Judgment": {
            "mana_cost": "{2}{W}{W}",
            "type_line": "Sorcery",
            "oracle_text": "Destroy all creatures.",
        },
        "Sweltering Suns": {
            "mana_cost": "{1}{R}{R}",
            "type_line": "Sorcery",
            "oracle_text": "Sweltering Suns deals 3 damage to each creature.\nCycling {3} ({3},"
            " Discard this card: Draw a card.)",
        },
        "Earthquake": {
            "mana_cost": "{X}{R}",
            "type_line": "Sorcery",
            "oracle_text": "Earthquake deals X damage to each creature without flying and each"
            " player.",
        },
        "Chandra, Torch of Defiance": {
            "mana_cost": "{2}{R}{R}",
            "type_line": "Legendary Planeswalker — Chandra",
            "loyalty": "4",
            "oracle_text": "+1: Exile the top card of your library. You may cast that card. If you"
            " don't, Chandra, Torch of Defiance deals 2 damage to each opponent.\n+1: Add {R}{R}."
            "\n−3: Chandra, Torch of Defiance deals 4 damage to target creature.\n−7: You get an"
            ' emblem with "Whenever you cast a spell, this emblem deals 5 damage to any target."',
        },
        "Midnight Haunting": {
            "mana_cost": "{2}{W}",
            "type_line": "Instant",
            "oracle_text": "Create two 1/1 white Spirit creature tokens with flying.",
        },
        "Misdirection": {
            "mana_cost": "{3}{U}{U}",
            "type_line": "Instant",
            "oracle_text": "You may exile a blue card from your hand rather than pay this spell's"
            " mana cost.\nChange the target of target spell with a single target.",
        },
        "Slagstorm": {
            "mana_cost": "{1}{R}{R}",
            "type_line": "Sorcery",
            "oracle_text": "Choose one —\n• Slagstorm deals 3 damage to each creature.\n•"
            " Slagstorm deals 3 damage to each player.",
        },
    }
)
NICKNAMES = {
    "goyf": "Tarmogoyf",
    "bolt": "Lightning Bolt",
    "stp": "Swords to Plowshares",
    "copter": "Smuggler's Copter",
}
ORDINARY = {"opt", "clone", "exile", "charge", "fire", "ice", "flicker", "humility", "stomp"}


def load_cards() -> dict[str, CardText]:
    raw = json.loads(
        (REPO / "tests/fixtures/kb/scryfall/sample-oracle-cards.json").read_text(encoding="utf-8")
    )
    cards = {c["name"]: card_from_mapping(c["name"], c) for c in raw}
    for name, data in {**ENGINE_CARDS, **EXTRA}.items():
        cards.setdefault(name, card_from_mapping(name, data))
    return cards


class FixtureNames:
    def __init__(self) -> None:
        self.cards = load_cards()
        keys: dict[str, str] = {}
        for name in self.cards:
            front = name.split(" // ")[0]
            for key in (name, front, front.split(",")[0]):
                keys.setdefault(key.lower(), name)
            first = front.split()[0].strip(",").lower()
            if len(first) >= 5 and len(front.split()) > 1:
                keys.setdefault(first, name)
        for nick, name in NICKNAMES.items():
            keys[nick] = name
        keys.pop("sage", None)
        self.keys = keys
        words = "|".join(sorted(map(re.escape, keys), key=len, reverse=True))
        self.pattern = re.compile(rf"\b({words})(s|es|ed|'s|s')?\b", re.IGNORECASE)

    def find(self, text: str) -> list[CardMention]:
        found = []
        for m in self.pattern.finditer(text):
            said = m.group(1)
            name = self.keys[said.lower()]
            ordinary = said.lower() in ORDINARY and not said[:1].isupper()
            found.append(CardMention(name, m.start(), m.end(), certain=not ordinary))
        return found

    def card(self, name: str) -> CardText | None:
        return self.cards.get(name)


class FixtureNamesWith(FixtureNames):
    """The fixture names plus some cards of a test's own (Oracle text as a mapping), found by
    full name in any case wherever the fixture names found nothing."""

    def __init__(self, extra: dict[str, dict[str, Any]]) -> None:
        super().__init__()
        self.extra = {name: card_from_mapping(name, data) for name, data in extra.items()}

    def find(self, text: str) -> list[CardMention]:
        found = super().find(text)
        low = text.lower()
        for name in self.extra:
            at = low.find(name.lower())
            while at >= 0:
                end = at + len(name)
                if not any(m.start < end and at < m.end for m in found):
                    found.append(CardMention(name, at, end))
                at = low.find(name.lower(), end)
        return sorted(found, key=lambda m: m.start)

    def card(self, name: str) -> CardText | None:
        return self.extra.get(name) or super().card(name)
