# ruff: noqa: E501  (regex templates read better on one line)
"""Targets (115), target filters, selectors ("creatures you control") and counted phrases (604.3)."""

from __future__ import annotations

import re

from engine.abilities import (
    Amount,
    Count,
    CountCards,
    CountedAmount,
    CountOf,
    PlayerGroup,
    Selector,
    Target,
    TargetFilter,
)
from engine.oracle.creature_types import is_subtype
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
    words = re.findall(r"[A-Za-z0-9'/+-]+", phrase)
    if not all(
        w.lower() in TARGET_WORDS or w.isdigit() or _target_word(w, n) for n, w in enumerate(words)
    ):
        return None
    if [w.lower() for w in words].count("target") > 1:
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
    what = re.sub(r"^(up to \w+ )?(another )?target ", r"\2", _keep_subtypes(phrase))
    return Target(what, filters)


# --- E3: target words beyond TARGET_WORDS (subtypes, keywords, "defending player", "you own") ---

#: keywords a target phrase may require or exclude ("target creature with defender",
#: "target creature without flying"); targets.target_allows checks them with Game.has
TARGET_KEYWORDS = frozenset(
    "flying reach defender haste trample vigilance deathtouch lifelink menace shadow "
    "horsemanship islandwalk swampwalk forestwalk mountainwalk plainswalk".split()
)
EXTRA_TARGET_WORDS = TARGET_KEYWORDS | {"without", "defending", "own", "owns"}


def _target_word(word: str, position: int) -> bool:
    """A subtype ("target Wall", "target non-Zombie creature") or a keyword or control word."""
    if word.lower() in EXTRA_TARGET_WORDS:
        return True
    return position > 0 and re.fullmatch(r"(?:non-)?[A-Z][a-z]+(?:'[a-z]+)?", word) is not None


def _keep_subtypes(phrase: str) -> str:
    """Lower-case the phrase but keep subtypes as printed ("Wall", "non-Zombie")."""
    return " ".join(
        w if n > 0 and re.fullmatch(r"(?:non-)?[A-Z][a-z]+(?:'[a-z]+)?,?", w) else w.lower()
        for n, w in enumerate(phrase.split())
    )


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
        elif re.fullmatch(r"[A-Z][a-z'-]+", qual) and (is_subtype(qual) or noun == "planeswalkers"):
            # E4 (s12): a known subtype (or a planeswalker type: "a Liliana planeswalker"), not
            # "Attacking / Nonblack / Multicolored / Untapped / Commander creatures" read as one
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


# --- E3: amounts read as an effect resolves, and groups an effect reaches (no targets) -------


#: plural subtypes counted without a card type ("the number of Mountains you control")
BARE_SUBTYPES = {
    "Plains": "Plains",
    "Islands": "Island",
    "Swamps": "Swamp",
    "Mountains": "Mountain",
    "Forests": "Forest",
    "Elves": "Elf",
    "Goblins": "Goblin",
    "Zombies": "Zombie",
    "Vampires": "Vampire",
    "Wizards": "Wizard",
    "Soldiers": "Soldier",
    "Merfolk": "Merfolk",
    "Equipment": "Equipment",
    "Auras": "Aura",
    "Gates": "Gate",
    "Deserts": "Desert",
}


def parse_amount(phrase: str) -> Amount | None:
    """ "its power", "~'s power", "that creature's power", "the number of Mountains you control",
    "the number of cards in your hand", "twice the number of ...", "2 plus the number of ...";
    None for anything else (608.2h: each is counted as the effect resolves)."""
    text = phrase.strip()
    low = text.lower()
    if low in ("its power", "~'s power"):
        return "self_power"
    if low == "that creature's power":
        return "that_creature_power"
    each = 1
    if low.startswith("twice "):
        each, text = 2, text[len("twice ") :]
    plus = 0
    if m := re.fullmatch(r"(\d+) plus (.+)", text):
        plus, text = int(m.group(1)), m.group(2)
    count: Count
    m = re.fullmatch(r"the number of (untapped )?(\w+) (you control|on the battlefield)", text)
    if m and m.group(2) in BARE_SUBTYPES and not m.group(1):
        scope = "you_control" if m.group(3) == "you control" else "all"
        count = CountOf(Selector(scope, subtypes=(BARE_SUBTYPES[m.group(2)],)))  # type: ignore[arg-type]
    elif text.lower() == "the number of cards in your hand":
        count = "cards_in_your_hand"
    elif text.lower() == "the number of cards in your graveyard":
        count = "cards_in_your_graveyard"
    else:
        counted = parse_count(text)
        if counted is None:
            return None
        count, extra = counted
        plus += extra
    return CountedAmount(count, each, plus)


def parse_group(phrase: str) -> tuple[tuple[Selector, ...], PlayerGroup, str | None, bool] | None:
    """ "each creature without flying and each player", "each opponent", "each creature and each
    planeswalker", "each other creature you control": permanents by selector, players by group,
    and a keyword the permanents must have ("with flying") or lack ("without flying")."""
    sels: list[Selector] = []
    players: PlayerGroup = "none"
    keyword: str | None = None
    absent = False
    for part in re.split(r",? and |, ", phrase.strip().lower()):
        if part in ("each player", "each opponent", "you"):
            if players != "none":
                return None
            players = "you" if part == "you" else part.replace(" ", "_")  # type: ignore[assignment]
            continue
        if not part.startswith("each "):
            return None
        m = re.fullmatch(r"(.+?) (with|without) (\w+)", part.removeprefix("each "))
        body = part.removeprefix("each ")
        if m:
            if keyword is not None or m.group(3) not in TARGET_KEYWORDS:
                return None
            body, keyword, absent = m.group(1), m.group(3), m.group(2) == "without"
        sel = parse_selector(plural(_keep_case(phrase, body)))
        if sel is None or sel.scope not in (
            "all",
            "all_others",
            "you_control",
            "others_you_control",
            "opponents_control",
        ):
            return None
        sels.append(sel)
    if len(sels) > 1 and keyword is not None:
        return None  # which of the groups "with flying" qualifies is not read
    return tuple(sels), players, keyword, absent


def _keep_case(original: str, lowered: str) -> str:
    """The words of ``lowered`` as printed in ``original`` (subtypes keep their capital)."""
    i = original.lower().find(lowered)
    return original[i : i + len(lowered)] if i >= 0 else lowered


def parse_for_each(phrase: str) -> CountedAmount | None:
    """ "for each creature you control", "for each card in your hand", "for each artifact card in
    your graveyard": what is counted, as the effect resolves (608.2h)."""
    p = phrase.strip()
    p = re.sub(r"\bcard\b", "cards", p, count=1) if re.search(r"\bcard\b", p) else plural(p)
    counted = parse_amount("the number of " + p)
    return counted if isinstance(counted, CountedAmount) else None
