# ruff: noqa: E501  (regex templates read better on one line)
"""Mana production: "Add {G}", "one mana of any color", "any type that a land could produce" (106, 605)."""

from __future__ import annotations

import re

from engine.abilities import (
    COLOR_LETTERS,
    AddMana,
    AnyColor,
    ChosenColor,
    CouldProduce,
    Count,
    CountCounters,
    CountDevotion,
    CountedMana,
    CountOf,
    CountSelfPower,
    Effect,
    FixedMana,
    ManaProduction,
    ProducedType,
    Selector,
)
from engine.oracle.creature_types import creature_type_of_plural, is_subtype
from engine.oracle.selectors import parse_count, parse_for_each
from engine.oracle.text import MANA, NUM, number


def mana_symbols(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\{([^}]+)\}", text))


def parse_add_mana(text: str) -> ManaProduction | None:
    low = text.lower()
    m = re.fullmatch(r"add " + MANA, text, flags=re.IGNORECASE)
    if m:
        syms = mana_symbols(m.group(1))
        if all(s in ("W", "U", "B", "R", "G", "C") for s in syms):
            return FixedMana((syms,))
        return None
    m = re.fullmatch(r"add " + MANA + r"(?:, " + MANA + r")*,? or " + MANA, text, re.IGNORECASE)
    if m:
        options = tuple(mana_symbols(o) for o in re.findall(r"(?:\{[^}]+\})+", text))
        if all(s in ("W", "U", "B", "R", "G", "C") for o in options for s in o):
            return FixedMana(options)
        return None
    m = re.fullmatch(r"add " + NUM + r" mana of any (one )?color", low)
    if m and m.group(1) != "x":
        return AnyColor(int(number(m.group(1))), True)
    m = re.fullmatch(
        r"add " + NUM + r" mana of any (type|color) that (a land|lands) (you control|an opponent "
        r"controls|your opponents control) could produce",
        low,
    )
    if m:
        whose = "you" if m.group(4) == "you control" else "opponents"
        amount = number(m.group(1))
        if isinstance(amount, int):
            return CouldProduce(whose, m.group(2), ("Land",), amount)  # type: ignore[arg-type]
    # E5: "Add two mana in any combination of colors" / "... of {R} and/or {G}" (106.1)
    m = re.fullmatch(r"add " + NUM + r" mana in any combination of colors", low)
    if m and isinstance(n := number(m.group(1)), int):
        return AnyColor(n, same_color=False)
    m = re.fullmatch(
        r"add " + NUM + r" mana in any combination of \{([wubrg])\} and/or \{([wubrg])\}", low
    )
    if m and isinstance(n := number(m.group(1)), int) and m.group(2) != m.group(3):
        a, b = m.group(2).upper(), m.group(3).upper()
        return FixedMana(tuple((a,) * (n - k) + (b,) * k for k in range(n + 1)))
    m = re.fullmatch(r"add " + NUM + r" mana of the chosen color", low)
    if m and m.group(1) != "x":
        return ChosenColor(int(number(m.group(1))))
    # E1 (s9): the Thriving lands, "Add {G} or one mana of the chosen color"
    m = re.fullmatch(r"add \{([wubrgc])\} or one mana of the chosen color", low)
    if m:
        return ChosenColor(1, or_fixed=(m.group(1).upper(),))
    # E1 (s9): "Add {G} for each Elf you control" / "... for each creature you control"
    m = re.fullmatch(r"add \{([wubrgc])\} for each (.+)", low)
    if m:
        phrase = text[len(text) - len(m.group(2)) :]
        count = counted_objects(phrase) or x_count("the number of " + plural_of_each(phrase))
        return None if count is None else CountedMana(m.group(1).upper(), count)
    # E2 (s10): "Add an amount of {G} equal to your devotion to green / ~'s power" (700.5)
    m = re.fullmatch(r"add an amount of \{([wubrgc])\} equal to (.+)", low)
    if m:
        count = x_count(text[m.start(2) :])
        return None if count is None else CountedMana(m.group(1).upper(), count)
    # E2 (s10): Nykthos: the color is chosen as the ability resolves (608.2d), the amount is
    # the devotion to it (700.5); ``CountDevotion(())`` is "to that color"
    if low == (
        "choose a color. add an amount of mana of that color equal to your devotion to that color"
    ):
        return CountedMana("", CountDevotion(()), any_color=True)
    # E2 (s10): "Add X mana of any one color / in any combination of colors, where X is ..."
    m = re.fullmatch(
        r"add x mana (of any one color|in any combination of colors), where x is (.+)", low
    )
    if m:
        count = x_count(text[m.start(2) :])
        same = m.group(1) == "of any one color"
        return None if count is None else CountedMana("", count, any_color=True, same_color=same)
    m = re.fullmatch(
        r"add " + NUM + r" (?:additional )?mana of any type that permanent produced", low
    )
    if m:
        return ProducedType(int(number(m.group(1))))
    return None


def plural_of_each(phrase: str) -> str:
    """ "charge counter on ~" -> "charge counters on ~"; "creature you control with defender"
    -> "creatures you control with defender" (what "for each ..." counts, as "the number of")."""
    m = re.fullmatch(r"(.*?)\b(counter|creature)\b(.*)", phrase)
    return f"{m.group(1)}{m.group(2)}s{m.group(3)}" if m else phrase


def x_count(phrase: str) -> Count | None:
    """E2 (s10): what an amount of mana counts: "your devotion to green" (700.5), "your devotion
    to black and red", "~'s power", "your life total", "the number of Allies you control", "the
    number of charge counters on ~", "the number of creatures you control with defender"."""
    if phrase == "~'s power":
        return CountSelfPower()
    m = re.fullmatch(
        r"your devotion to (white|blue|black|red|green)(?: and (white|blue|black|red|green))?",
        phrase,
    )
    if m:
        return CountDevotion(tuple(COLOR_LETTERS[c] for c in m.groups() if c))
    m = re.fullmatch(r"the number of ([A-Z][\w-]*) you control", phrase)
    if m and (subtype := creature_type_of_plural(m.group(1))):
        return CountOf(Selector("you_control", subtypes=(subtype,)))
    m = re.fullmatch(r"the number of (\S+) counters on ~", phrase)
    if m and m.group(1) != "the":
        return CountCounters(m.group(1))
    m = re.fullmatch(r"the number of creatures you control with (defender|flying|reach)", phrase)
    if m:
        return CountOf(Selector("you_control", ("Creature",), with_keyword=m.group(1)))
    counted = parse_count(phrase)
    if counted is None or counted[1]:
        return None
    return counted[0]


def counted_objects(phrase: str) -> Count | None:
    """E1 (s9): what "for each Elf you control" / "for each Elf on the battlefield" / "for each
    creature you control" counts (permanents on the battlefield, as the ability resolves)."""
    m = re.fullmatch(r"([A-Z][\w-]*) (you control|on the battlefield)", phrase)
    if m and is_subtype(m.group(1)):
        scope = "you_control" if m.group(2) == "you control" else "all"
        return CountOf(Selector(scope, subtypes=(m.group(1),)))  # type: ignore[arg-type]
    counted = parse_for_each(phrase)
    if (
        counted is None
        or counted.each != 1
        or counted.plus
        or not isinstance(counted.count, CountOf)
    ):
        return None
    return counted.count


def e_add_mana(s: str) -> list[Effect] | None:
    m = re.fullmatch(r"its controller adds (?:an additional )?(.+)", s, re.IGNORECASE)
    if m:
        s = "add " + re.sub(r"^additional ", "", m.group(1))
    s = re.sub(r"^add (one|two) additional ", r"add \1 ", s, flags=re.IGNORECASE)
    prod = parse_add_mana(s)
    return [AddMana(prod)] if prod else None
