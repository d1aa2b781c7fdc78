"""Replacement effects that change damage as it is dealt (614.1a, E4 session 12), tokens as they
are created and counters as they are put (E6, session 14).

Only the whole sentence is read ("If a red source you control would deal damage to an opponent
or a permanent an opponent controls, it deals that much damage plus 2 instead."); any other
wording (redirection, "minus 1", "half", a condition before it, a Giant source) stays
unsupported, so a board with it is never verified.
"""

from __future__ import annotations

import re

from engine.abilities import (
    Ability,
    CounterRecipient,
    CounterReplacement,
    DamageChange,
    DamageKind,
    DamageRecipients,
    DamageReplacement,
    DamageSourceKind,
    DiesExileInstead,
    DiesReplacementWho,
    TokenReplacement,
)
from engine.oracle.tokens import parse_token_clause

# "a red source you control" -> (kind, controller, colors, other)
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_SOURCE = re.compile(
    r"(?P<art>a|an|another) (?:(?P<color>white|blue|black|red|green) )?"
    r"(?P<kind>source|creature|instant or sorcery spell|instant or sorcery source|spell)"
    r"(?P<yours> you control)?"
)
_SOURCE_KIND: dict[str, DamageSourceKind] = {
    "source": "source",
    "creature": "creature",
    "instant or sorcery spell": "instant_or_sorcery_spell",
    "instant or sorcery source": "instant_or_sorcery_spell",  # only spells are such sources
    "spell": "spell",
}
# what it would deal damage to -> (recipients, the words allowed after "it deals ... damage")
_RECIPIENTS: dict[str, tuple[DamageRecipients, tuple[str, ...]]] = {
    "": ("any", ("",)),
    " to a permanent or player": ("any", ("", " to that permanent or player")),
    " to an opponent or a permanent an opponent controls": (
        "opponents_side",
        ("", " to that player or permanent"),
    ),
    " to a player": ("player", ("", " to that player")),
    " to an opponent": ("opponent", ("", " to that player")),
}
_DAMAGE_KIND: dict[str, DamageKind] = {"": "any", "combat ": "combat", "noncombat ": "noncombat"}
_SENTENCE = re.compile(
    r"if (?P<source>.+?) would deal (?P<kind>combat |noncombat )?damage(?P<to>(?: to [^,]+)?), "
    r"(?:it|that source) deals (?P<change>double that damage|triple that damage"
    r"|that much damage plus (?P<n>\d+))(?P<again>(?: to [^,]+?)?) instead"
)


def s_damage_replacement(p: str) -> list[Ability] | None:
    m = _SENTENCE.fullmatch(p[:1].lower() + p[1:])
    if not m:
        return None
    source = _SOURCE.fullmatch(m.group("source"))
    to = _RECIPIENTS.get(m.group("to"))
    if source is None or to is None or m.group("again") not in to[1]:
        return None
    other = source.group("art") == "another"
    if other and source.group("yours") is None:
        return None  # "another source" alone: not a wording any card uses
    words = m.group("change")
    change: DamageChange = (
        "plus" if m.group("n") else "double" if words.startswith("double") else "triple"
    )
    color = source.group("color")
    return [
        DamageReplacement(
            source=_SOURCE_KIND[source.group("kind")],
            source_controller="you" if source.group("yours") else "any",
            source_colors=frozenset({_COLORS[color]}) if color else frozenset(),
            other=other,
            recipients=to[0],
            damage=_DAMAGE_KIND[m.group("kind") or ""],
            change=change,
            n=int(m.group("n") or 0),
            text=p,
        )
    ]


# E4 (s12): token doubling (614.1a); other token replacements (Chatterfang's Squirrels, Divine
# Visitation's Angels, Xorn's extra Treasure) stay unread
_TOKENS_YOURS = (
    "if an effect would create one or more tokens under your control, it creates twice that "
    "many of those tokens instead",
    "if one or more tokens would be created under your control, twice that many of those "
    "tokens are created instead",
)
_TOKENS_ANY = (
    "if an effect would create one or more tokens, it creates twice that many of those tokens "
    "instead",
    "if one or more tokens would be created, twice that many of those tokens are created instead",
)


def s_token_replacement(p: str) -> list[Ability] | None:
    low = p.lower()
    if low in _TOKENS_YOURS:
        return [TokenReplacement("you", p)]
    if low in _TOKENS_ANY:
        return [TokenReplacement("any", p)]
    return None


# counters (E6, s14: applied by engine/counter_replacements.py)
_COUNTERS_EFFECT = re.compile(
    r"if an effect would put one or more counters on a permanent(?P<yours> you control)?, it "
    r"puts twice that many of those counters on that permanent instead"
)
_COUNTERS_PUT = re.compile(
    r"if one or more (?P<kind>\+1/\+1 )?counters would be put on (?P<on>a creature|a permanent"
    r"|an artifact or creature|~)(?P<yours> you control)?, (?P<change>twice that many|that many "
    r"plus one) (?:(?P=kind)counters|of each of those kinds of counters) are put on (?:it|that "
    r"creature|that permanent) instead"
)
_COUNTER_ON: dict[str, CounterRecipient] = {
    "a creature": "creature",
    "a permanent": "permanent",
    "an artifact or creature": "artifact_or_creature",
    "~": "self",
}


def s_counter_replacement(p: str) -> list[Ability] | None:
    low = p.lower()
    m = _COUNTERS_EFFECT.fullmatch(low)
    if m:
        return [CounterReplacement(p, "double", "", "permanent", "you" if m["yours"] else "any")]
    m = _COUNTERS_PUT.fullmatch(low)
    if m is None or (m["on"] == "~" and m["yours"]):
        return None
    if m["kind"] is None and "of each of those kinds" not in low:
        return None
    return [
        CounterReplacement(
            p,
            "double" if m["change"] == "twice that many" else "plus_one",
            "+1/+1" if m["kind"] else "",
            _COUNTER_ON[m["on"]],
            "you" if m["yours"] or m["on"] == "~" else "any",
        )
    ]


# E6 (s14): "If ~ would die, exile it instead" and the like (614.1a, 614.6); a rider ("instead
# exile that card and create a 2/2 black Zombie", Kalitas), another destination or a subtype
# ("If a Warlock you control would die") stays unread
_DIES: dict[str, DiesReplacementWho] = {
    "if ~ would die, exile it instead": "self",
    "if another creature would die, exile it instead": "another_creature",
    "if a creature an opponent controls would die, exile it instead": "creature_opponent_controls",
    "if a nontoken creature an opponent controls would die, exile it instead": (
        "nontoken_creature_opponent_controls"
    ),
}


_DIES_AND_CREATE = re.compile(
    r"if (a nontoken creature an opponent controls|a creature an opponent controls) would die, "
    r"instead exile that card and create (.+)"
)


def s_dies_replacement(p: str) -> list[Ability] | None:
    who = _DIES.get(p.lower().rstrip("."))
    if who:
        return [DiesExileInstead(who, p)]
    m = _DIES_AND_CREATE.fullmatch(p[:1].lower() + p[1:].rstrip("."))
    made = parse_token_clause(m.group(2)) if m else None
    if m is None or made is None or not isinstance(made.amount, int) or made.token.abilities:
        return None
    whose: DiesReplacementWho = (
        "nontoken_creature_opponent_controls"
        if "nontoken" in m.group(1)
        else "creature_opponent_controls"
    )
    return [DiesExileInstead(whose, p, made)]
