# ruff: noqa: E501  (regex templates read better on one line)
"""Targets (115), target filters, selectors ("creatures you control") and counted phrases (604.3)."""

from __future__ import annotations

import re

from engine.abilities import (
    Count,
    CountCards,
    CountOf,
    Selector,
    Target,
    TargetFilter,
)
from engine.oracle.text import CARD_TYPES, COLOR_LETTERS, cap

TARGET_WORDS = frozenset(
    """target another other creature creatures artifact enchantment land planeswalker permanent
    player opponent spell card battle or and noncreature nonland nonartifact nonblack nonwhite
    nongreen nonred nonblue nontoken nonlegendary nonbasic legendary basic tapped untapped
    attacking blocking white blue black red green colorless multicolored token you control
    controls an a don't with flying power toughness mana value less greater of up to
    instant sorcery activated triggered ability your graveyard from in opponent's that
    creature's player's any""".split()
)


def parse_target(phrase: str) -> Target | None:
    phrase = phrase.strip()
    low = phrase.lower()
    if low in ("any target", "target player", "target opponent", "target creature"):
        return Target(low.removeprefix("target "))
    if not re.match(r"(up to (one|two|three) )?(another )?target ", low):
        return None
    words = re.findall(r"[a-z0-9'/+-]+", low)
    if not all(w in TARGET_WORDS or w.isdigit() for w in words):
        return None
    if words.count("target") > 1:
        return None  # "target creature and target land": two targets, not one
    filters: tuple[TargetFilter, ...] = ()
    m = re.search(r"with (mana value|power|toughness) (\d+) or (less|greater)", low)
    if m:
        found = parse_filter(m.group(0).removeprefix("with "))
        if found is None:
            return None
        filters = (found,)
    # "another target creature": it keeps "another" (not the source, or not a target already
    # chosen, 115.3), which the target checks don't read, so they report it unread
    what = re.sub(r"^(up to \w+ )?(another )?target ", r"\2", low)
    return Target(what, filters)


def parse_filter(text: str, when: str = "targeting") -> TargetFilter | None:
    """ "mana value 2 or less" -> TargetFilter("mana value", 2, "or less")."""
    m = re.fullmatch(r"(mana value|power|toughness) (\d+) (or less|or greater)", text.lower())
    if not m:
        return None
    return TargetFilter(m.group(1), int(m.group(2)), m.group(3), when)  # type: ignore[arg-type]


#: capitalised words at a sentence's start that are no subtype ("Those creatures gain ...")
NOT_SUBTYPES = frozenset({"those", "these", "the", "your", "target", "such", "its", "their"})


def parse_selector(phrase: str) -> Selector | None:
    """ "creatures you control", "other Elf creatures you control", "all creatures",
    "enchanted creature", "equipped creature", "~"."""
    p = phrase.strip()
    low = p.lower()
    if low == "~":
        return Selector("self")
    if low in ("enchanted creature", "enchanted permanent", "enchanted land", "enchanted artifact"):
        return Selector("enchanted", (cap(low.split()[1]),) if "permanent" not in low else ())
    if low == "equipped creature":
        return Selector("equipped", ("Creature",))
    m = re.fullmatch(
        r"(all other |all |each |other )?((?:non)?[\w-]+(?: [\w-]+)?? )??"
        r"(creatures|artifacts|enchantments|lands|permanents|artifact creatures|planeswalkers|creature tokens|tokens)"
        r"( you control| your opponents control| an opponent controls)?",
        p,
        flags=re.IGNORECASE,
    )
    if not m:
        return None
    lead = (m.group(1) or "").strip().lower()
    qual = (m.group(2) or "").strip()
    noun = m.group(3).lower()
    ctrl = (m.group(4) or "").strip().lower()
    types: tuple[str, ...] = ()
    tokens_only = noun.endswith("tokens")
    if noun.endswith("tokens"):
        noun = noun.replace("creature tokens", "creatures").replace("tokens", "permanents")
    if noun != "permanents":
        types = tuple(cap(w.rstrip("s")) for w in noun.split())
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    non_types: tuple[str, ...] = ()
    supers: tuple[str, ...] = ()
    non_supers: tuple[str, ...] = ()
    if qual:
        ql = qual.lower()
        if ql in ("basic", "legendary", "snow"):
            supers = (cap(ql),)
        elif ql in ("nonbasic", "nonlegendary", "nonsnow"):
            non_supers = (cap(ql[3:]),)
        elif ql in COLOR_LETTERS:
            colors = (COLOR_LETTERS[ql],)
        elif ql.startswith("non") and ql[3:] in CARD_TYPES:
            non_types = (cap(ql[3:]),)
        elif ql == "token":
            tokens_only = True
        elif ql in NOT_SUBTYPES:
            return None  # "those creatures", "the creatures": a reference, not a kind
        elif re.fullmatch(r"[A-Z][a-z'-]+", qual):
            subtypes = (qual,)
        else:
            return None
    other = "other" in lead
    if ctrl == "you control":
        scope = "others_you_control" if other else "you_control"
    elif ctrl:
        scope = "opponents_control"
    else:
        scope = "all_others" if other else "all"
    return Selector(scope, types, subtypes, colors, non_types, tokens_only, supers, non_supers)  # type: ignore[arg-type]


CARD_TYPE_WORDS = {w: cap(w) for w in CARD_TYPES}


def parse_count(phrase: str) -> tuple[Count, int] | None:
    """What a characteristic-defining ability counts (604.3), and what it adds: "your life
    total", "the number of artifacts you control", "1 plus the number of lands you control",
    "the number of creatures on the battlefield", "the number of instant and sorcery cards in
    your graveyard"."""
    plus = 0
    m = re.fullmatch(r"(\d+) plus (.+)", phrase)
    if m:
        plus, phrase = int(m.group(1)), m.group(2)
    if phrase == "your life total":
        return "your_life_total", plus
    m = re.fullmatch(r"the number of ([\w ]+?) cards in your graveyard", phrase)
    if m:
        words = re.split(r" and | or ", m.group(1))
        if all(w in CARD_TYPE_WORDS for w in words):
            return CountCards(tuple(CARD_TYPE_WORDS[w] for w in words)), plus
        return None
    m = re.fullmatch(r"the number of ([\w ]+?) (you control|on the battlefield)", phrase)
    if not m:
        return None
    sel = parse_selector(m.group(1) + (" you control" if m.group(2) == "you control" else ""))
    if sel is None or sel.scope not in ("you_control", "others_you_control", "all"):
        return None
    return CountOf(sel), plus


def plural(phrase: str) -> str:
    """Plural for parse_selector: "creature token you control" -> "creature tokens you control"."""
    nouns = r"creature token|creature|artifact|enchantment|land|permanent|token|planeswalker"
    m = re.fullmatch(r"(.*?)\b(" + nouns + r")\b( .+)?", phrase)
    if not m:
        return phrase
    return f"{m.group(1)}{m.group(2)}s{m.group(3) or ''}"
