# ruff: noqa: E501  (regex templates read better on one line)
"""Creating tokens (111), predefined tokens (111.10) and copy exceptions (707.9)."""

from __future__ import annotations

import re
from dataclasses import replace

from engine.abilities import (
    COLOR_LETTERS,
    Ability,
    CopyExceptions,
    CountedAmount,
    CreateTokenCopy,
    CreateTokens,
    Effect,
    TokenSpec,
)
from engine.oracle.keywords import parse_keyword_line
from engine.oracle.selectors import parse_amount
from engine.oracle.text import NUM, cap, number
from engine.predefined import PREDEFINED

# 111.10: predefined tokens, by the name an effect uses ("a Treasure token", "two Clue tokens")
PREDEFINED_TOKENS: dict[str, TokenSpec] = {
    name: entry.spec for name, entry in PREDEFINED.items() if " " not in name
}


def parse_token_clause(text: str) -> CreateTokens | None:
    """ "create X 1/1 white Halfling creature tokens", "a Food token", "two Treasure tokens",
    "a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on ~"."""
    low = text.lower()
    amount: int | str
    m = re.fullmatch(r"(.+?) for each \+1/\+1 counter on ~", text)
    per_counter = False
    if m:
        text, low, per_counter = m.group(1), m.group(1).lower(), True
    m = re.fullmatch(NUM + r" (tapped )?(\w+) tokens?", low)
    if m and m.group(3) in PREDEFINED_TOKENS:
        amount = number(m.group(1))
        spec = PREDEFINED_TOKENS[m.group(3)]
        if m.group(2):
            spec = TokenSpec(**{**spec.__dict__, "tapped": True})
        return CreateTokens("counters:+1/+1" if per_counter else amount, spec, text)
    m = re.fullmatch(
        NUM
        + r" (tapped )?(\d+)/(\d+) ((?:(?:white|blue|black|red|green|colorless)(?:,? and |, | ))+)"
        r"((?:[A-Z][\w'-]+ )+?)((?:artifact |enchantment |legendary )*creature) tokens?"
        r"(?: with ([\w ,]+?))?(?: named ((?:(?!, where )[\w ,'-])+))?",
        text,
        flags=re.IGNORECASE,
    )
    if not m:
        return None
    amount = number(m.group(1))
    colors = tuple(
        COLOR_LETTERS[w] for w in re.findall(r"white|blue|black|red|green", m.group(5).lower())
    )
    subtypes = tuple(m.group(6).split())
    type_words = m.group(7).lower().split()
    supertypes = tuple(cap(w) for w in type_words if w == "legendary")
    types = tuple(cap(w) for w in type_words if w != "legendary")
    abilities: list[Ability] = []
    if m.group(8):
        kws = parse_keyword_line(re.sub(r",? and ", ", ", m.group(8)))
        if kws is None:
            return None
        abilities.extend(kws)
    spec = TokenSpec(
        name=m.group(9),
        colors=colors,
        types=types,
        subtypes=subtypes,
        power=int(m.group(3)),
        toughness=int(m.group(4)),
        supertypes=supertypes,
        abilities=tuple(abilities),
        tapped=bool(m.group(2)),
    )
    return CreateTokens("counters:+1/+1" if per_counter else amount, spec, text)


def parse_exceptions(text: str) -> CopyExceptions | None:
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+(?=it|the token)", text) if p]
    fields: dict[str, object] = {}
    add_subtypes: list[str] = []
    abilities: list[Ability] = []
    extra: list[tuple[str, int]] = []
    for part in parts:
        low = part.lower()
        if m := re.fullmatch(r"it's (\d+)/(\d+)", low):
            fields["power"], fields["toughness"] = int(m.group(1)), int(m.group(2))
        elif m := re.fullmatch(r"it's an? ([A-Z][\w'-]+) in addition to its other types", part):
            add_subtypes.append(m.group(1))
        elif m := re.fullmatch(
            r"it's an? (artifact|enchantment|creature|land) in addition to its other types", part
        ):
            fields["add_types"] = (*fields.get("add_types", ()), cap(m.group(1)))  # type: ignore[misc]
        elif low in ("it has no mana cost", "the token has no mana cost"):
            fields["no_mana_cost"] = True
        elif m := re.fullmatch(r"it's (white|blue|black|red|green)", low):
            fields["colors"] = (COLOR_LETTERS[m.group(1)],)
        elif m := re.fullmatch(
            r"it's a (\d+)/(\d+) (white|blue|black|red|green) ([A-Z][\w'-]+)", part
        ):
            fields["power"], fields["toughness"] = int(m.group(1)), int(m.group(2))
            fields["colors"] = (COLOR_LETTERS[m.group(3).lower()],)
            fields["set_subtypes"] = (m.group(4),)
        elif low == "it isn't legendary":
            fields["remove_supertypes"] = ("Legendary",)
        elif m := re.fullmatch(r"it has (.+)", low):
            kws = parse_keyword_line(m.group(1))
            if kws is None:
                return None
            abilities.extend(kws)
        elif m := re.fullmatch(
            r"it enters with an additional ([+\-\w/]+) counter on it if it's an? (creature|planeswalker)",
            low,
        ):
            extra.append((m.group(1), 1))
        else:
            return None
    if add_subtypes:
        fields["add_subtypes"] = tuple(add_subtypes)
    if abilities:
        fields["add_abilities"] = tuple(abilities)
    if extra:
        fields["extra_counters"] = tuple(extra)
    return CopyExceptions(**fields)  # type: ignore[arg-type]


def e_tokens(s: str) -> list[Effect] | None:
    m = re.fullmatch(r"(?:you may )?create (.+)", s, re.IGNORECASE)
    if not m:
        return None
    body = m.group(1)
    # E1 (s9): Krenko's "X 1/1 red Goblin creature tokens, where X is the number of Goblins you
    # control" — counted as the ability resolves (608.2h)
    m_x = re.fullmatch(r"(X .+?), where X is (the number of .+)", body)
    if m_x:
        counted = parse_amount(m_x.group(2))
        made = parse_token_clause(m_x.group(1))
        if made is None or made.amount != "X" or not isinstance(counted, CountedAmount):
            return None
        return [replace(made, amount=counted)]
    one = parse_token_clause(body)
    if one:
        return [one]
    m2 = re.fullmatch(r"(.+?) and (.+)", body)
    if m2:
        a, b = parse_token_clause(m2.group(1)), parse_token_clause(m2.group(2))
        if a and b:
            return [a, b]
    # Soul Separator's Zombie: P/T read from "that card" (608.2h)
    m3 = re.fullmatch(
        r"an? (white|blue|black|red|green) ([A-Z]\w+) creature token with power equal to that "
        r"card's power and toughness equal to that card's toughness",
        body,
    )
    if m3:
        spec = TokenSpec(
            None,
            (COLOR_LETTERS[m3.group(1)],),
            ("Creature",),
            (m3.group(2),),
            "that card's power",
            "that card's toughness",
        )
        return [CreateTokens(1, spec, s)]
    m4 = re.fullmatch(
        r"a token that's a copy of (~|target [\w ]+|that card)(?:, except (.+))?", body
    )
    if m4:
        exc = parse_exceptions(m4.group(2)) if m4.group(2) else CopyExceptions()
        if exc is None:
            return None
        of = {"~": "self", "that card": "that_card"}.get(m4.group(1), "target")
        return [CreateTokenCopy(of, exc, 1, s)]  # type: ignore[arg-type]
    return None
