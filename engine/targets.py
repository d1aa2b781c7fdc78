"""Target legality for a spell's targets (115.1, 601.2c): what "target ..." allows, and the
numeric filters of a target or of a resolution condition ("with mana value 3 or less")."""

from __future__ import annotations

import re

from engine.abilities import (
    COLOR_LETTERS,
    COLORS,
    BecomesUntilEndOfTurn,
    CreatureDealsPower,
    IfKicked,
    IfYouDo,
    MayDo,
    PreventDamage,
    Target,
    TargetFilter,
)
from engine.characteristics import mana_value_of
from engine.game import Game
from engine.oracle.selectors import TARGET_KEYWORDS

NOUNS = {
    "creature": "Creature",
    "artifact": "Artifact",
    "enchantment": "Enchantment",
    "land": "Land",
    "planeswalker": "Planeswalker",
    "battle": "Battle",
}
STATE_WORDS = ("tapped", "untapped", "attacking", "blocking")


def target_allows(game: Game, target: str, what: str, caster: str) -> bool | None:
    """Whether ``target`` (an object id or a player) is a legal choice for "target ``what``";
    None when the engine can't read ``what``."""
    what = re.sub(r" with (?:mana value|power|toughness) \d+ or (?:less|greater)$", "", what)
    # a control or keyword phrase at the end qualifies every alternative before it
    # ("target creature or planeswalker an opponent controls")
    suffixes: list[str] = []
    while True:
        m = re.search(_SUFFIX, what)
        if not m:
            break
        suffixes.insert(0, m.group(1))
        what = what[: m.start()]
    # "non-Angel, non-Demon creature": adjectives in a list, not alternatives
    what = re.sub(r"\b(non-?[\w]+), (?=non)", r"\1 ", what)
    if what == "any target":  # 115.4: a creature, player, planeswalker or battle
        alternatives = ["creature", "player", "planeswalker", "battle"]
    else:
        alternatives = re.split(r",? or |, ", what)
        if what.endswith(" spell"):  # "instant or sorcery spell": each is a kind of spell
            alternatives = [a if a.endswith("spell") else a + " spell" for a in alternatives]
        if len(alternatives) > 1 and any(len(a.split()) > 1 for a in alternatives[:-1]):
            if not what.endswith(" spell"):
                return None  # "tapped artifact or creature": what "tapped" qualifies is unread
            # "red instant or sorcery spell": the first one's adjectives qualify each kind
            lead = alternatives[0].split()[:-2]
            alternatives = [" ".join(lead + a.split()[-2:]) for a in alternatives]
    verdicts = [_alternative_allows(game, target, alt.strip(), caster) for alt in alternatives]
    if any(v is None for v in verdicts):
        return None
    if not any(verdicts):
        return False
    for suffix in suffixes:
        got = _suffix_allows(game, target, suffix, caster)
        if got is not True:
            return got
    return True


_CONTROL_WORDS = (
    "you control|an opponent controls|you don't control|defending player controls|you own"
)
_SUFFIX = r" (" + _CONTROL_WORDS + r"|with(?:out)? (?:" + "|".join(sorted(TARGET_KEYWORDS)) + r"))$"


def _suffix_allows(game: Game, target: str, suffix: str, caster: str) -> bool | None:
    """ "you control", "an opponent controls" (109.5), "you own" (108.3), "with flying"."""
    o = game.board.objects.get(target)
    if o is None or o.zone != "battlefield":
        return None if target not in game.board.players else False
    if suffix.startswith("with"):
        has = game.has(target, suffix.split()[-1])
        return has if suffix.startswith("with ") else not has
    if suffix == "you own":
        return o.owner == caster
    if suffix == "defending player controls":
        return None  # who the defending player is depends on the source's attack (506.2)
    controller = o.controller  # the board states each permanent's controller (613.1b)
    return controller == caster if suffix == "you control" else controller != caster


def _alternative_allows(game: Game, target: str, phrase: str, caster: str) -> bool | None:
    if phrase in ("player", "opponent"):
        if target not in game.board.players:
            return False
        return phrase == "player" or target != caster
    if target in game.board.players:
        return False if _reads(phrase) else None
    o = game.board.objects.get(target)
    words = phrase.split()
    if o is not None and o.zone == "stack":
        return _spell_allows(game, target, words)
    if o is None or o.zone != "battlefield":
        return None  # cards in graveyards: not read here
    if not words:
        return None
    ch = game.ch(target)
    noun = words[-1]
    if noun in ("spell", "ability"):
        return False  # a permanent is no spell (109.2)
    if noun in (*NOUNS, "permanent"):
        ok = noun == "permanent" or NOUNS[noun] in ch.types
        words = words[:-1]
    elif re.fullmatch(r"[A-Z][a-z]+(?:'[a-z]+)?", noun):
        ok = True  # "target Wall": a permanent with that subtype (checked as an adjective)
    else:
        return None
    for w in words:
        got = _adjective(game, target, w)
        if got is None:
            return None
        ok = ok and got
    return ok


def _spell_allows(game: Game, target: str, words: list[str]) -> bool | None:
    """E3: a spell on the stack for "target [instant] spell" (115.1); "target creature" means a
    permanent, never a creature spell (109.2)."""
    o = game.board.objects[target]
    if not words or words[-1] != "spell":
        return False if words and words[-1] in (*NOUNS, "permanent") else None
    if o.card is None:
        return None  # an ability on the stack, or an unnamed object
    ok = True
    for w in words[:-1]:
        got = _adjective(game, target, w)
        if got is None:
            return None
        ok = ok and got
    return ok


def _reads(phrase: str) -> bool:
    """A phrase naming only permanents (so a player can't be it)."""
    last = phrase.split()[-1:]
    subtype = bool(last) and re.fullmatch(r"[A-Z][a-z]+(?:'[a-z]+)?", last[0]) is not None
    return subtype or last in ([n] for n in (*NOUNS, "permanent", "spell"))


def _adjective(game: Game, target: str, word: str) -> bool | None:
    ch, o = game.ch(target), game.board.objects[target]
    if word in STATE_WORDS:
        return {
            "tapped": o.tapped,
            "untapped": not o.tapped,
            "attacking": o.attacking is not None,
            "blocking": bool(o.blocking),
        }[word]
    negate = word.startswith("non")
    base = word[3:] if negate else word
    if re.fullmatch(r"-?[A-Z][a-z]+(?:'[a-z]+)?", base):
        # a subtype (205.3): "Wall", "non-Zombie"; a creature with all creature types has it
        sub = base.removeprefix("-")
        has = sub in ch.subtypes
        if not has and ch.all_creature_types:
            return None  # it has every creature type (205.3m); is this one a creature type?
        return not has if negate else has
    if base in NOUNS or base in ("instant", "sorcery", "kindred", "tribal"):
        has = NOUNS.get(base, base.capitalize()) in ch.types
    elif base in COLOR_LETTERS:
        has = COLOR_LETTERS[base] in ch.colors
    elif base == "colorless":
        has = not (ch.colors & set(COLORS))
    elif base in ("legendary", "basic"):
        has = base.capitalize() in ch.supertypes
    elif base == "token":
        has = o.is_token
    else:
        return None
    return not has if negate else has


def filter_holds(game: Game, target: str, f: TargetFilter) -> bool:
    """202.3 mana value (X is 0 off the stack, 202.3e), or power/toughness, against the bound."""
    ch = game.ch(target)
    if f.quality == "mana value":
        value = mana_value_of(ch, 0)
        on_stack = game.board.objects[target].zone == "stack"
        if on_stack and ch.mana_cost and "{X}" in ch.mana_cost:
            # 202.3e: on the stack X is the value chosen for it, which the board doesn't give
            game.trace.unknown(f"the X {target} was cast with (its mana value on the stack)")
            return True
        if ch.mana_cost is None and not ch.mana_value_cost:
            game.trace.add("202.3a", f"{target} has no mana cost: mana value 0")
        elif ch.mana_cost and "{X}" in ch.mana_cost:
            game.trace.add("202.3e", f"X is 0 off the stack: {target}'s mana value is {value}")
        else:
            game.trace.add("202.3", f"{target}'s mana value is {value}")
    else:
        value = (ch.power if f.quality == "power" else ch.toughness) or 0
    return value <= f.bound if f.direction == "or less" else value >= f.bound


#: Target words that name no new target: the object itself, its controller, or what an earlier
#: part of the effect chose (E3: "that player", "its controller")
REFERENCES = ("self", "you", "that creature", "that player", "its controller")


def spell_targets(effects: list[object]) -> list[Target]:
    """The targets a spell's effects name, in order (one per "target" phrase)."""
    out: list[Target] = []
    for e in effects:
        if isinstance(e, MayDo | IfYouDo | IfKicked):  # E3: an optional part's own targets
            out += spell_targets(list(e.effects))
            continue
        if isinstance(e, CreatureDealsPower):  # E3: the source creature, then the recipient
            out += [t for t in (e.source, e.recipient) if t.what not in REFERENCES]
            continue
        if isinstance(e, BecomesUntilEndOfTurn) and e.affected.scope == "targets":
            # Turn to Frog, "switch target creature's power and toughness": its one target
            # (the only templates giving scope "targets" read "target creature")
            out.append(Target("creature"))
            continue
        if isinstance(e, PreventDamage):  # E3: "dealt to and dealt by target creature": one
            parties = (e.to,) if e.to == e.by else (e.to, e.by)
            out += [t for t in parties if isinstance(t, Target) and t.what not in REFERENCES]
            continue
        t = getattr(e, "target", None)
        if isinstance(t, Target) and t.what not in REFERENCES:
            out.append(t)
    return out
