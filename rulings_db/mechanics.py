"""Which rules mechanics a card brings into a question, and the CR rules that govern them.

A question that names Leyline of the Void and Kalitas is about two replacement effects
applying to one event: 616.1 decides it, not either card's rulings. Each card's mechanics
(replacement effect, triggered ability, "can't", copy, control change, ...) are read from its
Oracle text and types, and ``rulings_db/data/interactions.yaml`` (curated) maps a mechanic,
or a pair of mechanics on different named cards, to the rules that govern it.

The build stores each card's mechanics in the ``card_mechanics`` table. The bot hands the
build a function that reads a card with the engine's compiler (``bot/mechanics.py``); without
one, or for what the compiler can't read, ``text_mechanics`` reads the plain text. Retrieval
reads the table and falls back to ``text_mechanics`` on a database built without it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Literal, get_args

import yaml

Mechanic = Literal[
    "replacement",  # "instead", "if ... would", "enters with", "as ... enters" (614.1)
    "prevention",  # "prevent" (615)
    "triggered",  # "When/Whenever/At ..." (603)
    "leaves_trigger",  # "when ... dies / leaves the battlefield" (603.6c, 603.10a)
    "etb_trigger",  # "when ... enters" (603.6a)
    "state_trigger",  # "when ... has no / N or more" (603.8)
    "static",  # a continuous effect from a static ability (604, 611.3)
    "lose_abilities",  # "loses all abilities" (613.1f)
    "set_pt",  # "base power and toughness", "is a 1/1" (613.4b)
    "modify_pt",  # "get +N/+N", "-N/-N" (613.4c)
    "characteristic_defining",  # "power is equal to the number of" (604.3)
    "type_change",  # "is a [type] in addition to its other types", "becomes a" (613.1d)
    "color_change",  # "is [color]", "colorless" (613.1e)
    "grant_ability",  # "have / gains [keyword]" (613.1f)
    "copy",  # "copy", "enter as a copy" (707)
    "control_change",  # "gain control", "exchange control" (613.1b, 108.4)
    "cant",  # "can't" (101.2)
    "cant_lose",  # "can't lose the game" (104.3, 704.3)
    "targets",  # "target" (115)
    "aura",  # an Aura (303.4, 704.5m)
    "equipment",  # an Equipment (301.5, 704.5n)
    "plus_counters",  # +1/+1 counters (122)
    "minus_counters",  # -1/-1 counters (122.3, 704.5q)
    "token_maker",  # "create ... token" (111)
    "token",  # the card is a token or makes copies (111.7, 111.8)
    "legendary",  # legendary supertype (704.5j)
    "planeswalker",  # loyalty abilities (606)
    "sacrifice",  # "sacrifice" (701.17)
    "cost_change",  # "costs {N} less / more" (601.2f)
    "free_cast",  # "without paying its mana cost" (118.9)
    "x_cost",  # {X} in its cost (107.3)
    "mana_ability",  # "Add {..}" (605)
    "face_down",  # morph, manifest, disguise, "face down" (708)
    "transform",  # a double-faced card, "transform" (712)
    "split",  # a split card (709)
    "end_turn",  # "end the turn" (723)
    "extra_turn",  # "extra turn", "control ... next turn" (500.7, 722)
    "damage_change",  # "double that damage", "that much damage plus" (614.1a)
    "indestructible",  # (702.12)
    "regenerate",  # (701.19)
    "protection",  # (702.16)
    "hexproof",  # hexproof, shroud, ward (702.11, 702.18, 702.21)
    "deathtouch",  # (702.2)
    "trample",  # (702.19)
    "lifelink",  # (702.15)
    "infect",  # infect or wither (702.90, 702.80)
    "first_strike",  # first or double strike (702.7, 702.4)
    "phasing",  # (702.26)
    "graveyard_cast",  # flashback, "cast ... from your graveyard" (702.34, 601.3)
    "mutate",  # (702.140, 729)
    "vehicle",  # crew (702.122)
    "saga",  # (714)
    "devotion",  # (700.5)
    "skip",  # "skip your ... step" (614.10)
    "leaves_game",  # "lose the game", "win the game" (104)
    "toxic",  # toxic N (702.164)
    "intervening_if",  # "When/Whenever/At ..., if ..." (603.4)
    "cast_trigger",  # "whenever you cast", storm: triggers once the spell becomes cast (601.2i)
    "additional_cost",  # "as an additional cost to cast" (601.2f, 601.2h)
    "counter_ability",  # "counter target activated or triggered ability" (701.6a)
    "activated",  # a non-mana "[Cost]: [Effect]" ability (602.2, 113.3b)
    "copy_spell",  # copies a spell: storm, replicate, "copy target instant" (707.10)
    "modal",  # "Choose one —" (700.2)
    "color_matters",  # "target green or white creature", "nonblack" (105.2)
    "no_mana_cost",  # a nonland card with no mana cost, an unpayable cost (202.1b, 118.6)
]
MECHANICS: tuple[Mechanic, ...] = get_args(Mechanic)

MechanicsOf = Callable[["CardFacts"], Iterable[str]]


@dataclass(frozen=True)
class CardFacts:
    """What the build knows of a card, handed to a mechanics function."""

    name: str
    type_line: str
    oracle_text: str
    mana_cost: str = ""
    layout: str = ""
    keywords: tuple[str, ...] = ()


_KEYWORD_MECHANICS: dict[str, Mechanic] = {
    "indestructible": "indestructible",
    "protection": "protection",
    "hexproof": "hexproof",
    "shroud": "hexproof",
    "ward": "hexproof",
    "deathtouch": "deathtouch",
    "trample": "trample",
    "lifelink": "lifelink",
    "infect": "infect",
    "wither": "infect",
    "first strike": "first_strike",
    "double strike": "first_strike",
    "phasing": "phasing",
    "flashback": "graveyard_cast",
    "unearth": "graveyard_cast",
    "escape": "graveyard_cast",
    "jump-start": "graveyard_cast",
    "retrace": "graveyard_cast",
    "mutate": "mutate",
    "crew": "vehicle",
    "morph": "face_down",
    "megamorph": "face_down",
    "disguise": "face_down",
    "manifest": "face_down",
    "cloak": "face_down",
    "transform": "transform",
    "daybound": "transform",
    "undying": "plus_counters",
    "persist": "minus_counters",
    "modular": "plus_counters",
    "totem armor": "replacement",
    "umbra armor": "replacement",
    "evoke": "sacrifice",
    "replicate": "copy",
    "storm": "copy",
    "convoke": "cost_change",
    "delve": "cost_change",
    "affinity": "cost_change",
    "enchant": "aura",
    "equip": "equipment",
    "toxic": "toxic",
    "casualty": "copy_spell",
    "conspire": "copy_spell",
}
# A keyword that brings a second mechanic: storm is a cast trigger as well as a copy (702.40a).
_KEYWORD_ALSO: dict[str, tuple[Mechanic, ...]] = {
    "storm": ("copy_spell", "cast_trigger"),
    "replicate": ("copy_spell",),
    "cascade": ("cast_trigger",),
}

_GRANTS = r"\b(?:has|have|gains?)\b[^.:\n]*?"  # "... gain flying, trample and lifelink"
_TEXT_PATTERNS: tuple[tuple[Mechanic, str], ...] = (
    (
        "replacement",  # 614.1a, 614.1c; "enter tapped" is 614.1d
        r"\binstead\b|\bif [^.]* would\b|\benters? with\b|\bas [^.]* enters\b"
        r"|\benters? (?:the battlefield )?tapped\b",
    ),
    ("prevention", r"\bprevent\b"),
    ("triggered", r"(?:^|\n)(?:when|whenever|at the beginning)\b"),
    (
        "leaves_trigger",
        r"\b(?:when|whenever)\b[^.]*\b(?:dies|die|leaves the battlefield|is put into "
        r"(?:a|your|an opponent's) graveyard from (?:the battlefield|anywhere))\b",
    ),
    ("etb_trigger", r"\b(?:when|whenever)\b[^.]*\benters?\b"),
    ("state_trigger", r"\bwhen [^.]* (?:has no|have no|controls? no|has \w+ or more)\b"),
    ("intervening_if", r"(?:^|\n)(?:when|whenever|at)\b[^.\n]*?, if\b"),
    ("lose_abilities", r"\blose(?:s)? all (?:other )?(?:land types and )?abilities\b"),
    (
        "set_pt",  # 613.4b: "becomes a 1/1 ... creature" sets power and toughness too
        r"\bbase power and (?:base )?toughness\b|\b(?:is|becomes?) an? \d+/\d+\b|\b(?:are|become) "
        r"\d+/\d+\b",
    ),
    ("modify_pt", r"\bgets? [+-][\dX]+/[+-][\dX]+"),
    (
        "characteristic_defining",
        r"\b(?:power|toughness)(?: and toughness)? (?:is|are)(?: each)? equal to\b",
    ),
    (
        "type_change",
        r"\bin addition to its other types\b|\bbecomes? an? [^.]*\b(?:creature|land|artifact)"
        r"\b|\bis an? [^.]*\bland\b|\bare [^.]*\blands?\b|\bare (?:plains|islands|swamps|mountains|"
        r"forests)\b|\bis every (?:creature|land) type\b"
        r"|\blose(?:s)? all (?:land|creature) types\b",
    ),
    (
        "color_change",
        r"\bis (?:white|blue|black|red|green|colorless)\b|\bbecomes? (?:the "
        r"color|white|blue|black|red|green|colorless)\b",
    ),
    (
        "grant_ability",
        r"\b(?:have|has|gains?) (?:flying|trample|haste|deathtouch|lifelink|hexproof|"
        r"indestructible|first strike|double strike|vigilance|reach|protection|shroud|infect)",
    ),
    ("copy", r"\bcop(?:y|ies)\b"),
    ("control_change", r"\b(?:gain|exchange|gains) control\b|\bcontrol of\b"),
    ("cant", r"\bcan(?:'|’)t\b|\bcannot\b"),
    ("cant_lose", r"\bcan(?:'|’)t (?:lose|win) the game\b"),
    ("targets", r"\btarget\b"),
    ("plus_counters", r"\+1/\+1 counters?\b"),
    ("minus_counters", r"-1/-1 counters?\b"),
    ("token_maker", r"\bcreates? [^.]*\btokens?\b"),
    ("sacrifice", r"\bsacrifices?\b"),
    ("cost_change", r"\bcosts? (?:\{[^}]+\})+ (?:less|more)\b|\bcosts? [^.]* less to cast\b"),
    ("free_cast", r"\bwithout paying (?:its|their) mana costs?\b"),
    ("mana_ability", r"\badd \{"),
    ("face_down", r"\bface[- ]down\b|\bmanifest\b"),
    ("transform", r"\btransforms?\b"),
    ("end_turn", r"\bend the turn\b"),
    ("extra_turn", r"\bextra turn\b|\bcontrol [^.]* next turn\b"),
    (
        "damage_change",
        r"\bdouble that damage\b|\btwice that much damage\b|\bthat much damage plus\b|"
        r"\bdeals? that much damage plus\b",
    ),
    ("regenerate", r"\bregenerate\b"),
    ("graveyard_cast", r"\b(?:cast|play) [^.]* from (?:your|a|their) graveyard\b"),
    ("devotion", r"\bdevotion\b"),
    ("skip", r"\bskips?\b [^.]*\b(?:step|phase|turn)\b"),
    ("leaves_game", r"\b(?:lose|loses|win|wins) the game\b"),
    ("token", r"\btoken that's a copy\b|\bcreate a token copy\b"),
    ("toxic", r"\btoxic \d+\b"),
    # 601.2i: an ability that triggers on a spell being cast
    ("cast_trigger", r"\b(?:when|whenever)\b[^.\n]*\bcasts?\b"),
    ("additional_cost", r"\bas an additional cost to (?:cast|activate)\b"),
    (
        "counter_ability",
        r"\bcounter target (?:activated|triggered)\b|\bcounter target [^.\n]*\babilit(?:y|ies)\b",
    ),
    # 602.1a: "[Cost]: [Effect]"; a mana ability ("Add {..}") is mana_ability's (605)
    (
        "activated",
        r"(?:^|\n)(?:[^\n:(\"“]*(?:\{[^}]+\}|\b(?:sacrifice|pay|discard|exile|remove)\b))"
        r"[^\n:(\"“]*:(?![^\n]*\badd \{)",
    ),
    (
        "copy_spell",
        r"\bcopy (?:target|that|the|this|each) [^.\n]*\b(?:spell|instant|sorcery)\b|\breplicate\b",
    ),
    ("modal", r"\bchoose (?:one|two|three|four|one or more|one or both|any number)\b ?(?:—|-)"),
    (
        "color_matters",
        r"\b(?:that's|that is|that are|if it's) (?:white|blue|black|red|green)\b|\btarget "
        r"non(?:white|blue|black|red|green)\b|\b(?:white|blue|black|red|green) or "
        r"(?:white|blue|black|red|green) (?:creature|permanent|spell)",
    ),
    # A keyword the card grants ("equipped creature has shroud") is in play as much as its own.
    ("hexproof", rf"{_GRANTS}\b(?:hexproof|shroud|ward)\b"),
    ("protection", rf"{_GRANTS}\bprotection\b|\bprotection from\b"),
    ("deathtouch", rf"{_GRANTS}\bdeathtouch\b"),
    ("trample", rf"{_GRANTS}\btrample\b"),
    ("lifelink", rf"{_GRANTS}\blifelink\b"),
    ("indestructible", rf"{_GRANTS}\bindestructible\b|\bis indestructible\b"),
    ("first_strike", rf"{_GRANTS}\b(?:first|double) strike\b"),
    ("infect", rf"{_GRANTS}\b(?:infect|wither)\b"),
)
_TEXT_MECHANICS = tuple((m, re.compile(p, re.IGNORECASE)) for m, p in _TEXT_PATTERNS)


def text_mechanics(card: CardFacts) -> set[Mechanic]:
    """A card's mechanics read from its plain Oracle text, keywords and types."""
    text = card.oracle_text
    found: set[Mechanic] = {m for m, pattern in _TEXT_MECHANICS if pattern.search(text)}
    for keyword in card.keywords:
        mechanic = _KEYWORD_MECHANICS.get(keyword.lower())
        if mechanic is not None:
            found.add(mechanic)
        found.update(_KEYWORD_ALSO.get(keyword.lower(), ()))
    types = card.type_line
    if "Aura" in types:
        found.add("aura")
    if "Equipment" in types:
        found.add("equipment")
    if "Legendary" in types:
        found.add("legendary")
    if "Planeswalker" in types:
        found.add("planeswalker")
    if "Vehicle" in types:
        found.add("vehicle")
    if "Saga" in types:
        found.add("saga")
    if card.layout == "split" or (" // " in card.name and card.layout in ("split", "")):
        found.add("split")
    if card.layout in ("transform", "modal_dfc", "meld"):
        found.add("transform")
    if "{X}" in card.mana_cost:
        found.add("x_cost")
    if not card.mana_cost and "Land" not in types and card.layout in ("normal", ""):
        found.add("no_mana_cost")  # 202.1b: Lotus Bloom, Wheel of Fate, Ancestral Vision
    if found & {"set_pt", "modify_pt", "type_change", "lose_abilities", "grant_ability"}:
        found.add("static")
    return found


# The mechanics a static effect is made of, whose lines are the static effect's own words.
_STATIC_PARTS: tuple[Mechanic, ...] = (
    "set_pt",
    "modify_pt",
    "type_change",
    "lose_abilities",
    "grant_ability",
)


def mechanic_clause(card: CardFacts, mechanic: Mechanic) -> str:
    """The card's own words for one of its mechanics: each Oracle line its text pattern finds
    (for ``static``, the lines of the effects it is made of) and the keywords that make it.
    Empty for a mechanic that only a type, a layout or the engine's reading gives."""
    wanted = {mechanic, *(_STATIC_PARTS if mechanic == "static" else ())}
    patterns = [p for m, p in _TEXT_MECHANICS if m in wanted]
    lines = [line for line in card.oracle_text.split("\n") if any(p.search(line) for p in patterns)]
    keywords = [
        k
        for k in card.keywords
        if _KEYWORD_MECHANICS.get(k.lower()) in wanted
        or wanted & set(_KEYWORD_ALSO.get(k.lower(), ()))
    ]
    return "\n".join([*lines, *keywords])


def known_mechanics(names: Iterable[str]) -> set[Mechanic]:
    """The names of ``names`` that are mechanics of this vocabulary; others are dropped."""
    allowed = set(MECHANICS)
    return {n for n in names if n in allowed}


def card_mechanics(card: CardFacts, mechanics_of: MechanicsOf | None = None) -> set[Mechanic]:
    """The plain-text reading, plus what ``mechanics_of`` (the engine's reading) adds."""
    found = text_mechanics(card)
    if mechanics_of is not None:
        found |= known_mechanics(mechanics_of(card))
    return found


@dataclass(frozen=True)
class Interaction:
    """The rules that govern one mechanic, or two mechanics meeting on different cards."""

    mechanics: tuple[Mechanic, ...]  # one, or two (a pair; the same one twice is allowed)
    rules: tuple[str, ...]
    why: str
    example: str


@dataclass(frozen=True)
class PairMet:
    """Two named cards whose mechanics meet as a pair of the table: card ``first`` (an index
    into the named cards) with mechanic ``a``, card ``second`` with ``b``."""

    first: int
    a: Mechanic
    second: int
    b: Mechanic
    entry: Interaction


@dataclass(frozen=True)
class InteractionTable:
    single: dict[Mechanic, tuple[Interaction, ...]]
    pairs: dict[frozenset[Mechanic], tuple[Interaction, ...]]
    # the players' words for each mechanic ("trigger", "legend", "clone"): a question that
    # uses one speaks of that mechanic (``cues`` in interactions.yaml)
    cues: dict[Mechanic, tuple[str, ...]] = field(default_factory=dict)

    def pairs_met(self, cards: Sequence[set[Mechanic]]) -> list[PairMet]:
        """Every pair of the table that two different named cards' mechanics make."""
        met: list[PairMet] = []
        for i, first in enumerate(cards):
            for j in range(i + 1, len(cards)):
                for a in sorted(first):
                    for b in sorted(cards[j]):
                        for entry in self.pairs.get(frozenset((a, b)), ()):
                            met.append(PairMet(i, a, j, b, entry))
        return met

    def governing_rules(self, cards: Sequence[set[Mechanic]]) -> list[str]:
        """The rules for the mechanics of the named cards: pairs of mechanics on two different
        cards first (the interaction is the question), then each card's own."""
        rules = self.pair_rules(cards)
        for mechanics in cards:
            for mechanic in sorted(mechanics):
                for entry in self.single.get(mechanic, ()):
                    rules.extend(entry.rules)
        return list(dict.fromkeys(rules))

    def pair_rules(self, cards: Sequence[set[Mechanic]]) -> list[str]:
        return list(dict.fromkeys(r for met in self.pairs_met(cards) for r in met.entry.rules))


def parse_interactions(text: str) -> InteractionTable:
    """Read the curated table; every mechanic named must be one of ``MECHANICS``."""
    data = yaml.safe_load(text) or {}
    single: dict[Mechanic, list[Interaction]] = {}
    pairs: dict[frozenset[Mechanic], list[Interaction]] = {}
    allowed = set(MECHANICS)
    for row in data.get("interactions", []):
        names = tuple(row["mechanics"])
        unknown = [n for n in names if n not in allowed]
        if unknown or not 1 <= len(names) <= 2:
            raise ValueError(f"interactions.yaml: bad mechanics {names} (unknown: {unknown})")
        entry = Interaction(
            names,
            tuple(str(r) for r in row["rules"]),
            str(row.get("why", "")),
            str(row.get("example", "")),
        )
        if len(names) == 1:
            single.setdefault(names[0], []).append(entry)
        else:
            pairs.setdefault(frozenset(names), []).append(entry)
    cues: dict[Mechanic, tuple[str, ...]] = {}
    for name, said in (data.get("cues") or {}).items():
        if name not in allowed:
            raise ValueError(f"interactions.yaml: cues for an unknown mechanic {name!r}")
        cues[name] = tuple(str(w) for w in said)
    return InteractionTable(
        {k: tuple(v) for k, v in single.items()}, {k: tuple(v) for k, v in pairs.items()}, cues
    )


@lru_cache(maxsize=1)
def interactions() -> InteractionTable:
    """The table shipped in ``rulings_db/data/interactions.yaml``."""
    text = resources.files("rulings_db").joinpath("data/interactions.yaml").read_text("utf-8")
    return parse_interactions(text)


def store_mechanics(db: Any, mechanics_of: MechanicsOf | None = None) -> int:
    """Fill ``card_mechanics`` (one JSON list per card) for every card of a database being
    built (a ``sqlite_utils.Database``); returns the number of cards with any mechanic."""
    rows = []
    query = "select oracle_id, name, type_line, oracle_text, mana_cost, layout, keywords from cards"
    for oracle_id, name, type_line, text, cost, layout, keywords in db.execute(query).fetchall():
        facts = CardFacts(
            name or "",
            type_line or "",
            text or "",
            cost or "",
            layout or "",
            tuple(json.loads(keywords or "[]")),
        )
        try:
            found = card_mechanics(facts, mechanics_of)
        except Exception:
            found = text_mechanics(facts)
        if found:
            rows.append({"oracle_id": oracle_id, "mechanics": json.dumps(sorted(found))})
    db.table("card_mechanics").insert_all(rows, pk="oracle_id", replace=True)
    return len(rows)
