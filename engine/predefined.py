"""Predefined tokens (111.10): what a token is when an effect or a board says only "a Treasure".

Each entry is the CR's definition, word for word: its rule, colors, types, subtypes, P/T, name
and ability text (compiled like any card's text, so an ability no template reads stays
``Unsupported`` and keeps the answers it could change unverified). The effect that creates a
predefined token may modify or add to these (111.10); a board that means such a token gives its
defined values instead. The Incubator token (111.10i) is double-faced and isn't listed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.abilities import COLOR_LETTERS, TokenSpec

_COLOR_WORDS = {letter: word for word, letter in COLOR_LETTERS.items()}


@dataclass(frozen=True)
class Predefined:
    """One of 111.10's tokens: its rule letter and its defined characteristics."""

    rule: str
    spec: TokenSpec

    @property
    def name(self) -> str:
        """What 111.10 calls it: "Treasure", "Monster Role"."""
        s = self.spec
        return s.name + " Role" if "Role" in s.subtypes and s.name else (s.name or s.subtypes[0])

    @property
    def definition(self) -> str:
        """The CR's sentence for it, e.g. 'a colorless Treasure artifact token with "..."'."""
        s = self.spec
        color = " and ".join(_COLOR_WORDS[c] for c in s.colors) or "colorless"
        pt = f"{s.power}/{s.toughness} " if s.power is not None else ""
        kinds = " ".join((*s.subtypes, *(t.lower() for t in s.types)))
        named = f" named {s.name}" if s.name else ""
        text = s.ability_text.replace("\n", "; ")
        with_ = f' with "{text}"' if text else ""
        return f"a {pt}{color} {kinds} token{named}{with_}"


def _entry(rule: str, spec: TokenSpec) -> Predefined:
    return Predefined(rule, replace(spec, predefined=rule))


def _artifact(subtype: str, text: str) -> TokenSpec:
    # no name given: its name is its subtype plus "Token" (111.4)
    return TokenSpec(None, (), ("Artifact",), (subtype,), ability_text=text)


def _role(name: str, text: str) -> TokenSpec:
    # 111.10j-r: "a colorless Aura Role enchantment token named X with enchant creature and ..."
    return TokenSpec(
        name, (), ("Enchantment",), ("Aura", "Role"), ability_text=f"Enchant creature\n{text}"
    )


# keyed by the name a message or an effect uses, lowercase ("treasure", "monster role")
PREDEFINED: dict[str, Predefined] = {
    "treasure": _entry(
        "111.10a", _artifact("Treasure", "{T}, Sacrifice this token: Add one mana of any color.")
    ),
    "food": _entry(
        "111.10b", _artifact("Food", "{2}, {T}, Sacrifice this token: You gain 3 life.")
    ),
    "gold": _entry(
        "111.10c", _artifact("Gold", "Sacrifice this token: Add one mana of any color.")
    ),
    "walker": _entry(
        "111.10d", TokenSpec("Walker", ("B",), ("Creature",), ("Zombie",), power=2, toughness=2)
    ),
    "shard": _entry(
        "111.10e",
        TokenSpec(
            None,
            (),
            ("Enchantment",),
            ("Shard",),
            ability_text="{2}, Sacrifice this token: Scry 1, then draw a card.",
        ),
    ),
    "clue": _entry("111.10f", _artifact("Clue", "{2}, Sacrifice this token: Draw a card.")),
    "blood": _entry(
        "111.10g",
        _artifact("Blood", "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."),
    ),
    "powerstone": _entry(
        "111.10h",
        _artifact(
            "Powerstone", "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."
        ),
    ),
    "cursed role": _entry(
        "111.10j", _role("Cursed", "Enchanted creature has base power and toughness 1/1.")
    ),
    "monster role": _entry(
        "111.10k", _role("Monster", "Enchanted creature gets +1/+1 and has trample.")
    ),
    "royal role": _entry(
        "111.10m", _role("Royal", "Enchanted creature gets +1/+1 and has ward {1}.")
    ),
    "sorcerer role": _entry(
        "111.10n",
        _role(
            "Sorcerer",
            'Enchanted creature gets +1/+1 and has "Whenever this creature attacks, scry 1."',
        ),
    ),
    "virtuous role": _entry(
        "111.10p",
        _role("Virtuous", "Enchanted creature gets +1/+1 for each enchantment you control."),
    ),
    "wicked role": _entry(
        "111.10q",
        _role(
            "Wicked",
            "Enchanted creature gets +1/+1.\nWhen this token is put into a graveyard from the "
            "battlefield, each opponent loses 1 life.",
        ),
    ),
    "young hero role": _entry(
        "111.10r",
        _role(
            "Young Hero",
            'Enchanted creature has "Whenever this creature attacks, if its toughness is 3 or '
            'less, put a +1/+1 counter on it."',
        ),
    ),
    "map": _entry(
        "111.10s",
        _artifact(
            "Map",
            "{1}, {T}, Sacrifice this token: Target creature you control explores. Activate only "
            "as a sorcery.",
        ),
    ),
    "junk": _entry(
        "111.10t",
        _artifact(
            "Junk",
            "{T}, Sacrifice this token: Exile the top card of your library. You may play that "
            "card this turn. Activate only as a sorcery.",
        ),
    ),
    "lander": _entry(
        "111.10u",
        _artifact(
            "Lander",
            "{2}, {T}, Sacrifice this token: Search your library for a basic land card, put it "
            "onto the battlefield tapped, then shuffle.",
        ),
    ),
}


def predefined_by_rule(rule: str) -> Predefined | None:
    """The token 111.10 defines in ``rule`` ("111.10a": the Treasure), or None."""
    return next((e for e in PREDEFINED.values() if rule and e.rule == rule), None)


def predefined(name: str) -> Predefined | None:
    """111.10's token called ``name`` ("Treasure", "a Monster Role"), or None."""
    return PREDEFINED.get(name.strip().lower().removesuffix(" token"))
