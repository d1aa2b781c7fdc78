"""Choices and history: "cast with X=3", "chose red", "I gave it Giant Growth this turn",
"Bolted it"."""

from __future__ import annotations

import re
from typing import Any

from engine.cards import CardText
from engine.reader.draft import CastSpell, Draft, Entity, Hints, Occurrence, Question, Thing
from engine.reader.patterns import OBJ, OBJS, OPPONENT, names_a, number, placeholders, rule
from engine.reader.timing import EARLIER, THEIR_TURN, THIS_TURN, when_said
from engine.reader.vocabulary import COLOR_LETTERS, MAX_NUMBER, Player

_PUMP = re.compile(r"target creature gets [+-]\d+/[+-]\d+ until end of turn\.?")
_BURN = re.compile(
    r"~ deals (\d+) damage to (?:any target|target creature(?: or planeswalker)?|target creature"
    r" or player)\.?"
)


@rule(
    "X = 3",
    rf"(?:(?P<obj>{OBJ})\s*,?\s+)?(?:(?:that|which)\s+(?:i|we|they|he|she|opp)\s+)?"
    r"(?:(?:was|is|got)\s+)?(?:(?P<verb>cast|played|paid|casted)\s+)?"
    r"(?:(?:with|for|where|and|at|on)\s+)?"
    r"(?:\bx\s*(?:=|is|was|equals?|equal to|of|:|at|being|as)\s*(?P<n>\d{1,4}|one|two|three|four"
    r"|five|six|seven|eight|nine|ten|zero)\b|\b(?:paying|paid|pay|with)\s+(?P<n2>\d{1,2}|one|two"
    r"|three|four|five|six|seven|eight|nine|ten|zero)\s+(?:mana\s+)?(?:for|as)\s+(?:the\s+)?x\b)"
    rf"(?:\s+(?P<when>{THIS_TURN}|{EARLIER}))?",
)
def x_value(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"]) if m["obj"] else draft.subject(m)
    spell = _stack_spell(m, draft)
    if spell is not None and (thing is None or m["obj"] is None):
        return _spell_x(spell, number(m["n"] or m["n2"]), draft)
    if thing is None or thing.entity.is_spell:
        return None
    n = number(m["n"] or m["n2"])
    if n > MAX_NUMBER:
        draft.doubt("contradiction", f"X={n}")
    if thing.cast_x not in (None, n):
        draft.doubt("contradiction", f"X for {thing.entity.label}")
    thing.cast_x = n
    thing.cast = True
    thing.note(f"cast with X={n}")
    if m["when"]:  # "I cast it with X=2 last turn": when it came in (302.6), said once
        earlier = re.fullmatch(EARLIER, m["when"]) is not None
        if "entered this turn" in thing.said and earlier:  # "I cast X" before it said no when
            thing.this_turn = None
            thing.said.remove("entered this turn")
        draft.set_this_turn(thing, not earlier)
        thing.last_turn = earlier and "last turn" in m["when"]
    if m["obj"] or m["verb"]:
        draft.state_said = True  # "Endless One cast for X=3": a permanent on a board (107.3m)
    return f"{thing.entity.label} cast with X={n}"


def _stack_spell(m: re.Match[str], draft: Draft) -> Thing | None:
    """(R12) "Blaze is on the stack, cast with X=4": the spell said on the stack just before
    (in this sentence, or the one named by the match) is what X was chosen for (107.3m,
    601.2b); a spell with no {X} in its cost is none."""
    tokens = [m["obj"]] if m["obj"] else re.findall(OBJ, m.string[: m.start()])[::-1]
    for token in tokens:
        occ = draft.occurrence(token)
        entity = draft.entities.get(occ.entity) if occ and occ.entity else None
        if entity is None or not entity.is_spell:
            continue
        spell = draft.thing(token, head=False)
        if spell is not None and spell.zone == "stack" and _has_x(spell):
            return spell
        return None
    return None


def _spell_x(spell: Thing, n: int, draft: Draft) -> str:
    """X of a spell on the stack: its mana value counts X (202.3e)."""
    if n > MAX_NUMBER:
        draft.doubt("contradiction", f"X={n}")
    if spell.cast_x not in (None, n):
        draft.doubt("contradiction", f"X for {spell.entity.label}")
    spell.cast_x, spell.cast = n, True
    spell.note(f"cast with X={n}")
    return f"{spell.entity.label} cast with X={n}"


def _has_x(thing: Thing) -> bool:
    return thing.entity.text is not None and "{X}" in thing.entity.text.mana_cost


_N = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|zero)"


@rule(
    "I cast X for 3",
    rf"(?:\b(?P<who>i|we|{OPPONENT})\s+)?(?:just\s+|already\s+)?(?:cast|casted|casts|played"
    rf"|plays|resolved)\s+(?P<obj>{OBJ})\s+(?:for|with|at|paying)\s+(?:x\s*=\s*)?(?P<n>{_N})"
    r"(?:\s+(?:mana|for x|as x|as the x))?\b(?!\s*(?:/|damage|counters?|life|cards?|loyalty|power))"
    rf"(?:\s+(?P<when>{THIS_TURN}|{EARLIER}))?",
    accepts=lambda m, draft: _has_x_token(m["obj"], draft),
)
def cast_for(m: re.Match[str], draft: Draft) -> str | None:
    """ "I cast Endless One for 4": for a card with {X} in its cost, the number paid is X
    (107.3m: "for 4" is X=4 only when X is the cost's one variable; Endless One costs {X})."""
    thing = draft.thing(m["obj"], head=True)
    if thing is None or thing.entity.is_spell or not _has_x(thing):
        return None
    text = thing.entity.text
    generic = re.findall(r"\{(\d+)\}", text.mana_cost) if text else []
    colored = re.findall(r"\{[WUBRGC/P]+\}", text.mana_cost) if text else []
    plain = not generic and not colored and text is not None and text.mana_cost.count("{X}") == 1
    if not plain and not re.search(r"\bx\s*=", m.group(0)):
        return None  # "Hangarback for 4" pays its whole cost; what X was isn't said plainly
    n = number(m["n"])
    if thing.cast_x not in (None, n):
        draft.doubt("contradiction", f"X for {thing.entity.label}")
    thing.cast_x, thing.cast = n, True
    thing.note(f"cast with X={n}")
    if m["who"] and not re.fullmatch(r"i|we", m["who"]):
        draft.set_controller(thing, "P2")
    elif thing.controller is None:
        draft.set_controller(thing, "P1")
    when = m["when"]
    earlier = bool(when and re.fullmatch(EARLIER, when))
    draft.set_this_turn(thing, not earlier)
    thing.last_turn = earlier and "last turn" in str(when)  # spec.settle: whose turn it is now
    return f"{thing.entity.label} cast with X={n}"


@rule(
    "paid 4 for X",
    rf"\b(?:(?:i|we)\s+)?(?:paid|payed|spent)\s+(?P<n>{_N})(?:\s+mana)?\s+(?:for|on)\s+(?P<obj>{OBJ})"
    r"(?!\s*(?:/|x\b))",
    accepts=lambda m, draft: _permanent_without_x(m["obj"], draft),
)
def paid_for(m: re.Match[str], draft: Draft) -> str | None:
    """(R17) "(paid 4 for the clone)": it was cast (601.2) and what was paid changes no
    characteristic of a permanent whose cost has no {X} (202.3: the mana value is its mana
    cost's; an {X} cost is "cast X for 4", above)."""
    thing = draft.thing(m["obj"], head=False)
    if thing is None or thing.zone != "battlefield":
        return None
    thing.cast = True
    return f"{thing.entity.label} cast (paid {m['n']})"


def _permanent_without_x(token: str | None, draft: Draft) -> bool:
    occ = draft.occurrence(token or "")
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    if entity is None or entity.text is None or entity.is_spell:
        return False
    return "{X}" not in entity.text.mana_cost and "Land" not in entity.text.type_line


def _has_x_token(token: str | None, draft: Draft) -> bool:
    occ = draft.occurrence(token or "")
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    return entity is not None and entity.text is not None and "{X}" in entity.text.mana_cost


# "... as it came in": when the choice was made (607.2d), not when it entered
_AS_IT_CAME = (
    rf"(?:\s+(?:as|when)\s+(?:it|{OBJ})\s+(?:came in|entered|enters|comes in|resolved|etb'?d)"
    rf"(?:\s+(?P<came>{THIS_TURN}|{EARLIER}))?)?"
)


@rule(
    "chose a color",
    r"\b(?:and\s+)?(?:i\s+|we\s+)?(?:chose|named|picked|choosing|naming)\s+"
    r"(?P<c3>white|blue|black|red|green)"
    rf"\s+(?:for|on|with)\s+(?P<obj3>{OBJ}){_AS_IT_CAME}|"
    rf"(?:(?P<obj>{OBJ})\s+)?(?:(?:and|with|i|we)\s+)*(?:chose|choosing|chosen|named|naming|picked"
    r"|picking|choose|chooses|on)\s+(?P<c>white|blue|black|red|green)\b"
    r"(?:\s+as\s+(?:the|its)\s+(?:chosen\s+)?colou?r)?"
    rf"{_AS_IT_CAME.replace('?P<came>', '?P<came2>')}"
    r"|(?:the\s+)?chosen\s+colou?r\s+(?:is|was)\s+(?P<c2>white|blue|black|red|green)\b"
    # (R9) said in the passive: "(blue was chosen as it entered)", "red got named for it"
    r"|\b(?P<c4>white|blue|black|red|green)\s+(?:was|is|got|has been|had been)\s+(?:chosen|named"
    rf"|picked)(?:\s+(?:for|on)\s+(?P<obj4>{OBJ}))?{_AS_IT_CAME.replace('?P<came>', '?P<came4>')}",
)
def chose_color(m: re.Match[str], draft: Draft) -> str | None:
    obj = m["obj"] or m["obj3"] or m["obj4"]
    thing = draft.thing(obj) if obj else draft.subject(m)
    if thing is None:
        return None
    if not _chooses_color(thing):
        # "Forest enchanted with Utopia Sprawl, and I chose red for it": the Aura on it chose
        on_it = [t for t in draft.things.values() if t.attached_to == thing.id]
        choosers = [t for t in on_it if _chooses_color(t)]
        if len(choosers) != 1:
            return None
        thing = choosers[0]
    color = m["c"] or m["c2"] or m["c3"] or m["c4"]
    if thing.chosen_color not in (None, COLOR_LETTERS[color]):
        draft.doubt("contradiction", f"the color chosen for {thing.entity.label}")
    thing.chosen_color = COLOR_LETTERS[color]
    thing.note(f"chose {color}")
    came = m["came"] or m["came2"] or m["came4"]
    if came:  # "I chose red when it came in two turns ago": when it entered, too (302.6)
        draft.set_this_turn(thing, re.fullmatch(EARLIER, came) is None)
    return f"{thing.entity.label}: chose {color}"


def _chooses_color(thing: Thing) -> bool:
    text = thing.entity.text.oracle_text.lower() if thing.entity.text else ""
    return "choose a color" in text


def _creature_type(word: str) -> str | None:
    """ "elf", "elves", "Goblins" -> the creature type (205.3m), or None."""
    from engine.oracle.creature_types import CREATURE_TYPES, creature_type_of_plural

    word = word.strip().capitalize()
    return word if word in CREATURE_TYPES else creature_type_of_plural(word)


def _chooses_type(token: str | None, draft: Draft) -> bool:
    occ = draft.occurrence(token or "")
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    text = entity.text.oracle_text.lower() if entity and entity.text else ""
    return "choose a creature type" in text


_TYPE_WORD = r"(?P<t>[a-z][a-z-]{1,20})"


@rule(
    "chose a creature type",
    rf"(?:(?P<obj>{OBJ})\s*,?\s*(?:(?:and|with|i|we|that|which|is|was|has|set|it's|its)\s+)*"
    r"(?:chose|chosen|choosing|named|naming|name|picked|picking|on|set to|set on|for|choose|calling"
    rf"|called)\s+(?:the\s+)?(?:type\s+|creature type\s+)?{_TYPE_WORD}\b(?:\s+as\s+(?:the|its)\s+"
    r"(?:chosen\s+)?(?:creature\s+)?type)?"
    rf"|(?P<obj2>{OBJ})\s*,\s*{_TYPE_WORD.replace('?P<t>', '?P<t2>')}\s*(?=,|$|\.)"
    rf"|\b(?:i\s+|we\s+)?(?:chose|named|picked|choosing|naming)\s+"
    rf"{_TYPE_WORD.replace('?P<t>', '?P<t3>')}\s+(?:for|on|with)\s+(?P<obj3>{OBJ}){_AS_IT_CAME})",
    accepts=lambda m, draft: (
        _chooses_type(m["obj"] or m["obj2"] or m["obj3"], draft)
        and _creature_type(m["t"] or m["t2"] or m["t3"]) is not None
    ),
)
def chose_type(m: re.Match[str], draft: Draft) -> str | None:
    """ "Adaptive Automaton, chose Elf", "Metallic Mimic naming elves", "chose Elf for it":
    the creature type chosen as it entered (607.2d: "the chosen type")."""
    thing = draft.thing(m["obj"] or m["obj2"] or m["obj3"])
    chosen = _creature_type(m["t"] or m["t2"] or m["t3"])
    if thing is None or chosen is None:
        return None
    if thing.chosen_type not in (None, chosen):
        draft.doubt("contradiction", f"the creature type chosen for {thing.entity.label}")
    thing.chosen_type = chosen
    thing.note(f"chose {chosen}")
    return f"{thing.entity.label}: chose {chosen}"


def _is_creature(thing: Thing) -> bool:
    if thing.entity.token is not None:
        return "Creature" in thing.entity.token.get("types", ["Creature"])
    type_line = thing.entity.text.type_line if thing.entity.text else ""
    return "Creature" in type_line and "Planeswalker" not in type_line


def _caster(who: str | None, target: Thing) -> Player | None:
    """Who cast the spell: "I" / "they" said, else unknown."""
    if not who or not who.strip():
        return None
    return "P1" if who.strip() in ("i", "we") else "P2"


def _spell_on(
    draft: Draft, spell_token: str, target: Thing | None, caster: Player | None = None
) -> str | None:
    occ = draft.occurrence(spell_token)
    if occ is None or occ.entity is None or target is None:
        return None
    entity = draft.entities[occ.entity]
    card = entity.text
    if card is None or not re.search(r"\b(?:Instant|Sorcery)\b", card.type_line):
        return None
    text = card.oracle_text.replace(card.name, "~").strip().lower()
    if _PUMP.fullmatch(text):
        draft.consumed.add(entity.key)
        draft.effects.append({"text": card.oracle_text, "targets": [target.id]})
        target.note(f"{card.name} this turn")
        return f"{card.name} on {target.entity.label} this turn"
    burn = _BURN.fullmatch(text)
    spell = CastSpell(card.name, caster or "P1", target.id) if caster else None
    if burn and not _is_creature(target):
        if spell is None:
            return None  # damage to a planeswalker removes loyalty (120.3c): not damage marked
        draft.consumed.add(entity.key)
        draft.spells.append(spell)  # the engine resolves it, if the question asks what happens
        return f"{card.name} cast at {target.entity.label}"
    if burn:
        draft.consumed.add(entity.key)
        target.damage += int(burn.group(1))
        target.said = [s for s in target.said if "damage marked" not in s]
        target.note(f"{target.damage} damage marked (with {card.name})")
        if spell is not None:
            spell.damage = int(burn.group(1))
            draft.spells.append(spell)
        return f"{card.name} dealt {burn.group(1)} damage to {target.entity.label}"
    if spell is not None:
        # a spell the reader doesn't turn into board state: the engine resolves it (608.2) if
        # the question asks what happens; otherwise it is listed as not read
        draft.consumed.add(entity.key)
        draft.spells.append(spell)
        return f"{card.name} cast at {target.entity.label}"
    return None  # a spell whose effect the reader doesn't turn into board state


def spell_on_target(draft: Draft, spell_token: str, target: Thing, caster: Player) -> str | None:
    """A spell a question casts at a target ("can Fatal Push kill their Goyf?", question.py)."""
    return _spell_on(draft, spell_token, target, caster)


_WHO = r"(?P<who>i|we|they|he|she|opp\w*|my opponent)"
# (R18) a kicker said paid or not beside the spell: "Scorching Lava (kicked) at X", "X with
# kicker on Y", "I kicked X at Y" (702.33d: decided as the spell was cast)
_KICK_SAID = (
    r"kicked|unkicked|not kicked|with(?:\s+the)?\s+kicker(?:\s+paid)?|without(?:\s+the)?\s+kicker"
)


def _kicked(words: str) -> bool | None:
    """Whether ``words`` say a kicker was paid (True), said not paid (False), or neither."""
    low = words.lower()
    if re.search(r"\bunkicked\b|\bnot kicked\b|\bwithout\b|\b(?:didn't|did not|never)\b", low):
        return False if "kick" in low else None
    return True if re.search(r"\bkick", low) else None


# when a spell cast at something was cast, told with the event ("they Bolted it in their first
# main phase (it lived), then attacked"): the time of that event, not the step it is now
_CAST_WHEN = (
    r"(?:\s+(?:this turn|earlier(?: this turn)?|(?:in|during|on|at)\s+(?:their|my|his|her|opp'?s"
    r"|the)\s+(?:first |second |precombat |postcombat |pre-combat |post-combat )?(?:main phase"
    r"(?: 1| 2| one| two)?|main(?: 1| 2)?|upkeep|draw step|turn|end step|combat)))?"
)


@rule(
    "I Bolted X",
    rf"\b(?:{_WHO}\s+)?(?:(?:just|then|also|now|were to|was going to|want to|wanna|could)\s+)?"
    r"(?:cast|casts|used|uses|use|hit|hits|targeted|targets|target|pumped|played|plays|play"
    r"|bolted|bolts|bolt|shot|shoots|point|points|pointed|aim|aims|aimed|fire|fires|fired|throw"
    rf"|throws|threw|kicked|kicks|kick)?\s*(?P<spell>{OBJ})(?:\s+\(?(?P<kick>{_KICK_SAID})\)?)?\s+"
    rf"(?:on|at|to|targeting|onto|into)?\s*(?:the\s+)?(?P<tgt>{OBJ}){_CAST_WHEN}",
    accepts=names_a("spell", r"\b(?:Instant|Sorcery)\b"),
)
def spell_on(m: re.Match[str], draft: Draft) -> str | None:
    target = draft.thing(m["tgt"])
    said = _spell_on(draft, m["spell"], target, _caster(m["who"], target) if target else None)
    kicked = _kicked(m.group(0)[: m.start("spell") - m.start()] + (m["kick"] or ""))
    if said is not None and kicked is not None:
        occ = draft.occurrence(m["spell"])
        entity = draft.entities.get(occ.entity) if occ and occ.entity else None
        draft.kicked[entity.card if entity and entity.card else ""] = kicked
        said += ", kicked" if kicked else ", not kicked"
    return said


_PLAYER_TARGET = (
    r"(?P<player>(?:their|his|her|opp'?s?|(?:my\s+|the\s+)?opponent'?s?)\s+(?:face|head|dome)"
    r"|(?:my\s+|the\s+)?opponent|opp|p2|my face|myself|me)\b"
)


@rule(
    "I Bolt a player",
    rf"(?:\b{_WHO}\s+|^\W*(?=@\d+\s+(?:to|at|into)\s+(?:\S+\s+){{1,2}}(?:face|dome|head)))"
    r"(?:just\s+|then\s+|also\s+)?(?:cast|casts|used|uses|bolted|bolt|bolts|aim|aimed"
    rf"|point|pointed|fire|fired|throw|threw)?\s*(?P<spell>{OBJ})\s+(?:(?:on|at|to|targeting|into"
    rf"|aimed at|pointed at)\s+)?(?:the\s+)?{_PLAYER_TARGET}{_CAST_WHEN}",
)
def spell_at_player(m: re.Match[str], draft: Draft) -> str | None:
    """ "I cast Lightning Helix targeting their face", "I Searing Spear their face" (the spell
    said as the verb, R9): the engine resolves it (608.2)."""
    occ = draft.occurrence(m["spell"])
    if occ is None or occ.entity is None:
        return None
    entity = draft.entities[occ.entity]
    if entity.text is None or not entity.is_spell:
        return None
    caster: Player = "P1" if m["who"] in ("i", "we", None) else "P2"
    if m["who"] is None:  # (E7) "lava spike to opp's face": who cast it isn't said
        draft.doubt("assumed_owner", f"you cast {entity.text.name}")
    # "my face", "myself", "me" is the speaker; "my opponent" is not (R9: it was read as "my")
    target: Player = "P1" if m["player"] in ("me", "my face", "myself") else "P2"
    draft.consumed.add(entity.key)
    draft.spells.append(CastSpell(entity.text.name, caster, target))
    draft.owner_said = True  # a spell cast at a player in a game being played
    who = "you" if target == "P1" else "your opponent"
    return f"{entity.text.name} cast at {who}"


@rule(
    "I gave X Giant Growth",
    rf"\b(?:{_WHO}\s+)?(?:gave|give|giving|gives)\s+(?P<tgt>{OBJ})\s+(?:this turn\s+)?(?:a\s+)?"
    rf"(?P<spell>{OBJ})(?P<more>(?:\s*,?\s*(?:and|then|and then|,)\s+(?:then\s+)?(?:a\s+)?{OBJ})*)"
    r"(?:\s+this turn)?",
    accepts=names_a("spell", r"\b(?:Instant|Sorcery)\b"),
)
def gave(m: re.Match[str], draft: Draft) -> str | None:
    """ "I gave my Bears Giant Growth and then Brute Force": each spell's effect, in the order
    cast (613.7: later timestamps apply later)."""
    target = draft.thing(m["tgt"])
    said = []
    for spell in [m["spell"], *placeholders(m["more"] or "")]:
        one = _spell_on(draft, spell, target, _caster(m["who"], target) if target else None)
        if one is None:
            return None
        said.append(one)
    return "; ".join(said)


@rule(
    "me: Bolt it",
    rf"(?:^|[.;,]\s*)(?P<who>me|i|opp|opponent|them|they)\s*:\s*(?P<spell>{OBJ})\s+(?:on\s+|at\s+"
    rf"|targeting\s+|into\s+)?(?:the\s+)?(?P<tgt>{OBJ})",
    accepts=names_a("spell", r"\b(?:Instant|Sorcery)\b"),
)
def says_spell(m: re.Match[str], draft: Draft) -> str | None:
    """ "opp: goyf. me: bolt it.": a board said as lines, one of them a spell the speaker casts
    at a target."""
    target = draft.thing(m["tgt"], head=False)
    caster: Player = "P1" if m["who"] in ("me", "i") else "P2"
    return _spell_on(draft, m["spell"], target, caster if target else None)


@rule(
    "one target",
    r"\b(?:with\s+|at\s+)?(?:one|a single|1|just one)\s+target\b",
    accepts=lambda m, draft: bool(draft.token_spells),
)
def one_target(m: re.Match[str], draft: Draft) -> str | None:
    """ "Fireball with X=4 ... one target": how many targets a spell on the stack has; its
    mana value doesn't depend on it (202.3), and nothing else the reader builds does."""
    return ""


@rule(
    "I responded with Giant Growth on X",
    rf"\b(?:{_WHO}\s+)?(?:responded|respond|responds|responding)\s+(?:to\s+(?:it|that|@\d+)\s+)?"
    rf"(?:with|by casting)\s+(?:a\s+)?(?P<spell>{OBJ})\s+(?:on|targeting|to|at)\s+(?P<tgt>{OBJ})",
    accepts=names_a("spell", r"\b(?:Instant|Sorcery)\b"),
)
def responded(m: re.Match[str], draft: Draft) -> str | None:
    """ "they Bolted my Bears and I responded with Giant Growth on them": the response
    resolves first (608.1, 405.5), so its effect is on the board when the first spell
    resolves."""
    target = draft.thing(m["tgt"], head=False)
    pumps = [e for e in draft.effects if _PUMP.fullmatch(e["text"].strip().lower())]
    said = _spell_on(draft, m["spell"], target, _caster(m["who"], target) if target else None)
    if said is not None and pumps and not _PUMP.fullmatch(_oracle(draft, m["spell"])):
        _not_resolved_yet(draft, pumps, said)
    return said


def _oracle(draft: Draft, token: str) -> str:
    occ = draft.occurrence(token)
    entity = draft.entities[occ.entity] if occ and occ.entity else None
    return entity.text.oracle_text.strip().lower() if entity and entity.text else ""


def _not_resolved_yet(draft: Draft, pumps: list[dict[str, Any]], response: str) -> None:
    """(V1) "I cast Giant Growth on my Bears and they respond with Bolt on it": the response
    resolves first (405.5, 608.1), so the pump isn't on the board when it does; the Bears die
    of lethal damage before Giant Growth resolves (704.5g; it then has no legal target, 608.2b).
    The pump is taken off the board; the spell left on the stack isn't modelled, so the answer is
    never verified."""
    for effect in pumps:
        draft.effects.remove(effect)
        cards = {
            e.text.name
            for e in draft.entities.values()
            if e.text and e.text.oracle_text == effect["text"]
        }
        for thing_id in effect.get("targets", []):
            if (thing := draft.things.get(thing_id)) is not None:
                thing.said = [s for s in thing.said if s not in {f"{c} this turn" for c in cards}]
        draft.read[:] = [r for r in draft.read if not any(r.startswith(f"{c} on ") for c in cards)]
    draft.doubt("stack_order", response)


# (R17) a spell with no target said cast: "I cast Pyroclasm", "opp casts Languish", "I just
# cast Infest in my main phase", "if I cast Wrath of God"
@rule(
    "I cast a sweeper",
    rf"\b{_WHO}\s+(?:just\s+|then\s+|also\s+|finally\s+|now\s+)?(?:cast|casts|casted|resolve"
    rf"|resolves|resolved)\s+(?:a\s+|an\s+)?{OBJ}(?!\s*,?\s*(?:'s|on|at|to|targeting|onto|into"
    r"|with x|for x|x\s*=|in response|last turn|earlier|before|previously|\w+ turns? ago)\b)"
    r"(?:\s+(?:this turn|in my (?:first |second )?main phase))?",
    accepts=lambda m, draft: _untargeted_spell(draft, _cast(m)),
)
def cast_untargeted(m: re.Match[str], draft: Draft) -> str | None:
    """ "I cast Pyroclasm. What dies?": an instant or sorcery without a target is cast, and
    the engine resolves it on the board when the question asks what happens (608.2; each
    creature it deals damage to or shrinks is found as it resolves, 611.2c)."""
    occ = draft.occurrence(_cast(m))
    if occ is None or occ.entity is None:
        return None
    entity = draft.entities[occ.entity]
    if entity.text is None or _EARLIER_CAST.search(m.string[: m.start()]):
        return None  # "Earlier this game I cast Pyroclasm": resolved long ago, not now
    caster: Player = "P1" if m["who"] in ("i", "we") else "P2"
    draft.consumed.add(entity.key)
    draft.spells.append(CastSpell(entity.text.name, caster, UNTARGETED))
    draft.owner_said = True  # a spell cast in a game being played
    return f"{entity.text.name} cast by {'you' if caster == 'P1' else 'your opponent'}"


UNTARGETED = ""  # (R17) CastSpell.target of a spell that has no target
_EARLIER_CAST = re.compile(r"\b(?:earlier|last turn|last game|previously|turns? ago|before that)\b")


def _cast(m: re.Match[str]) -> str:
    """The spell a "cast" match names: in no group, so the words are masked whole and no later
    rule reads the spell as a permanent ("I cast Pyroclasm with my Myr on the field")."""
    return placeholders(m.group(0))[-1]


def _untargeted_spell(draft: Draft, token: str) -> bool:
    """An instant or sorcery whose Oracle text never says "target" (Pyroclasm, Languish) and
    whose effect needs no choice the message may not have said: X (107.3), a mode (700.2), a
    kicker or other optional cost (601.2b)."""
    occ = draft.occurrence(token)
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    if entity is None or entity.text is None or not entity.is_spell:
        return False
    if "{X}" in (entity.text.mana_cost or ""):
        return False
    return _CHOSEN_AS_CAST.search(entity.text.oracle_text) is None


# what an untargeted spell's caster chooses as it is cast: a target, a mode, an optional cost
_CHOSEN_AS_CAST = re.compile(
    r"\btarget|\bchoose\b|\bkick|\boverload|\bentwine|\bescalate|\bspree|\bbuyback|\bif .{0,30}"
    r"\b(?:was|were) (?:kicked|paid|spent)\b|\badditional cost",
    re.IGNORECASE,
)


@rule(
    "once everything resolves",
    r"\b(?:once|after|when)\s+(?:everything|it all|all of (?:it|that)|both(?: spells)?|the stack)"
    r"\s+(?:resolves?|resolved|has resolved|is resolved|have resolved)\b",
)
def all_resolved(m: re.Match[str], draft: Draft) -> str | None:
    """ "once everything resolves": the question is about the board after the spells resolve,
    which is how a spell question is answered (608.2)."""
    return "" if draft.spells else None


@rule(
    "I kicked it",
    r"\b(?:(?:i|we|they|he|she|opp\w*)\s+)?(?P<neg>(?:didn't|did not|never)\s+)?(?:kicked|kick)\s+"
    rf"(?:it|that|the spell|(?P<spell>{OBJ}))(?!\w)"
    r"|\b(?:it|that|the spell)\s+(?:was|wasn't|was not)\s+kicked\b"
    r"|\b(?:(?:i|we|they)\s+)?(?:paid|didn't pay|did not pay)\s+(?:the|its)\s+kicker\b"
    r"|\((?:un|not\s+)?kicked\)",
)
def kicked_it(m: re.Match[str], draft: Draft) -> str | None:
    """(R18) "I kicked it", "it wasn't kicked", "(kicked)": whether the one spell cast had its
    kicker paid (702.33d), passed on by a spell question (``kicker_said``)."""
    kicked = _kicked(m.group(0).replace("wasn't", "not").replace("was not", "not"))
    occ = draft.occurrence(m["spell"]) if m["spell"] else None
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    # "I didn't kick it" with "it" taken for the spell's target: the one spell cast; "I kicked
    # my Grizzly Bears" is not a kicker
    card = entity.card if entity and entity.is_spell and entity.card else ""
    if kicked is None or card in draft.kicked or (occ and not card and not occ.pronoun):
        return None
    draft.kicked[card] = kicked
    return f"{card or 'the spell'} {'kicked' if kicked else 'not kicked'}"


def kicker_said(asked: Question | None, draft: Draft) -> None:
    """(R18) A spell question about a spell with kicker says whether it was kicked (702.33d), as
    the message told it; a kicker told of anything else (a creature spell, a spell no question
    resolves, a card without kicker) isn't modelled, so it may change the answer."""
    if not draft.kicked:
        return
    card = str(asked.fields.get("card", "")) if asked and asked.kind == "spell" else ""
    entity = next((e for e in draft.entities.values() if card and e.card == card), None)
    has_kicker = bool(
        entity and entity.text and re.search(r"^Kicker\b", entity.text.oracle_text, re.MULTILINE)
    )
    told = {c: k for c, k in draft.kicked.items() if c in ("", card)}
    if asked is not None and has_kicker and len(set(told.values())) == 1:
        asked.fields["kicked"] = kicked = next(iter(told.values()))
        asked.text = asked.text.replace(
            f"{card} cast", f"{card} cast{'' if kicked else ' un'}kicked"
        )
        unused = [c for c in draft.kicked if c not in told]
    else:
        unused = list(draft.kicked)
    for other_card in unused:
        draft.doubt("unsupported_question", f"whether {other_card or 'the spell'} was kicked")


@rule(
    "X got Bolted",
    rf"(?P<tgt>{OBJ})\s+(?:got|was|has been|is|took a)\s+(?P<spell>{OBJ})(?:\s+this turn)?",
    accepts=names_a("spell", r"\b(?:Instant|Sorcery)\b"),
)
def got_spell(m: re.Match[str], draft: Draft) -> str | None:
    return _spell_on(draft, m["spell"], draft.thing(m["tgt"]))


RULES = [
    cast_for,
    paid_for,
    x_value,
    chose_color,
    chose_type,
    gave,
    responded,
    says_spell,
    one_target,
    got_spell,
    spell_at_player,
    spell_on,
    cast_untargeted,
    all_resolved,
    kicked_it,
]


@rule(
    "activated X targeting Y",
    rf"\b(?:i\s+|we\s+)?(?:just\s+)?(?:activated|activate|activating|used|use|crack|cracked"
    r"|cracking|pop|popped|popping|sac|sacked|sacrificed|sacrifice)\s+"
    rf"(?P<src>{OBJ})(?:'s)?(?:\s+ability)?\s*,?\s+(?:targeting|on|to exile|and targeted"
    rf"|and exiled|exiling|and exile)\s+(?:the\s+)?(?P<tgt>{OBJ})"
    rf"|\b(?:i\s+|we\s+)?(?:pay|paid)\s+(?:\{{?\d\}}?|\w+)\s*,\s*(?:tap\s+and\s+)?(?:sac|sacrifice)"
    rf"\s+(?P<src2>{OBJ})\s*,?\s+(?:exiling|targeting|and exile)\s+(?:the\s+)?(?P<tgt2>{OBJ})",
)
def activated_targeting(m: re.Match[str], draft: Draft) -> str | None:
    """ "activated Soul Separator targeting the Sage", "I crack Soul Separator on it", "I pay 5,
    tap and sac it, exiling the Serra Angel": the ability's target (what a tokens question
    about the source's ability makes its copy of, 602.2b, 601.2c)."""
    source = draft.thing(m["src"] or m["src2"], head=True)
    target = draft.thing(m["tgt"] or m["tgt2"], head=False)
    if source is None or target is None:
        return None
    draft.targets[source.id] = [target.id]
    draft.token_source = draft.token_source or source.id  # "what tokens do I get"
    if source.controller is None:
        draft.set_controller(source, "P1")
    source.note(f"activated, targeting {target.entity.label}")
    return f"{source.entity.label}'s ability targets {target.entity.label}"


RULES.insert(0, activated_targeting)


def _animation_ability(thing: Thing) -> int | None:
    """The position of the one activated "becomes a ... creature" ability (Mutavault's second,
    Treetop Village's third after "enters tapped"), as the engine counts a card's abilities
    (the engine's own reading of the card, so the two always agree: R12)."""
    from engine.abilities import ActivatedAbility
    from engine.oracle import compile_card

    if thing.entity.text is None:
        return None
    found = [
        i
        for i, ability in enumerate(compile_card(thing.entity.text).abilities, start=1)
        if isinstance(ability, ActivatedAbility)
        and re.search(r"\bbecomes an? [^.]*\bcreature\b", ability.text)
        and "until end of turn" in ability.text
        and not re.search(r"\btarget\b", ability.text)
    ]
    return found[0] if len(found) == 1 else None


@rule(
    "animated X",
    r"(?:(?:\b(?:i|we)\s+(?:just\s+|then\s+)?|\band\s+|,\s*|^\s*|\bnow\s+|\bthen\s+)"
    r"(?:(?:paid|pay|spent|spend|used|use)\s+(?:\{?\d\}?|one|two|three|\{[wubrgc]\})"
    r"(?:\s*(?:mana|\{?\d\}?|\{[wubrgc]\}))*\s+to\s+)?"
    r"(?:animated|activated|turned on|animate|animates|activate|turn on)\s+"
    rf"(?P<obj>{OBJ})"
    rf"(?:\s+with\s+(?:its|{OBJ})\s+(?:own\s+)?(?:ability|\{{1\}} ability))?(?:\s+this turn)?"
    rf"|(?P<obj2>{OBJ})\s+(?:is|was|got|has been)\s+(?:already\s+)?(?:animated|turned on|activated)"
    r"(?:[\s,]+(?:i\s+)?paid\s+(?:\{?\d\}?|one|two|three)(?:\s+mana)?)?(?:\s+this turn)?"
    # (R12) "- Mutavault, in play since turn 2, animated this turn": the thing the line is about
    r"|(?P<bare>(?<=@\d)\s*,\s*|(?<=@\d\d)\s*,\s*|,\s*(?:and\s+)?(?:it\s+)?(?:was\s+|got\s+)?)"
    r"(?:animated|activated|turned on)\s+this turn)"
    # (R12) "animated this turn with a Mountain": the land that paid for it
    rf"(?:\s+(?:with|using|off|by tapping)\s+(?P<payer>{OBJ}))?",
)
def animated(m: re.Match[str], draft: Draft) -> str | None:
    if m["bare"] is not None:
        thing = draft.subject(m, nearest=True)
    else:
        thing = draft.thing(m["obj"] or m["obj2"])
    if thing is None:
        return None
    index = _animation_ability(thing)
    if index is None:
        return None
    if m["payer"]:
        payer = draft.thing(m["payer"], head=False)
        if payer is None or payer is thing:
            return None
        draft.set_tapped(payer, True)  # it paid the cost (602.2b)
        if payer.controller is None and thing.controller is not None:
            draft.set_controller(payer, thing.controller)
    draft.effects.append({"source": thing.id, "ability": index})
    thing.note("animated this turn")
    return f"{thing.entity.label} animated (its ability {index})"


RULES.insert(1, animated)


def _becomes(thing: Thing, pt: str) -> bool:
    """Its "becomes a P/T creature" ability makes that P/T (Mutavault: 2/2)."""
    oracle = thing.entity.text.oracle_text if thing.entity.text else ""
    return re.search(rf"\bbecomes an? {re.escape(pt)}\b", oracle) is not None


_PAID = (
    r"(?:this turn,?\s+)?(?:(?:i|we)\s+)?(?:paid|pay|spent|spend|pumped|put)\s+"
    r"(?:\{?\d\}?|one|two|three|\{[wubrgc]\})"
    r"(?:\s+mana)?(?:\s+(?:into|in|on)\s+(?P<into>@\d+))?(?:\s+(?:from|with|off|using)\s+"
    r"(?P<payer>@\d+))?"
)


@rule(
    "made X a 2/2",
    rf"(?:\b(?:i\s+)?(?:used|tapped)\s+(?P<payer2>{OBJ})(?:\s+(?:that\s+)?i\s+already\s+had)?"
    r"\s+to\s+pay(?:\s+(?:the|for the|for)?\s*\{?\d\}?)?\s+(?:and|to)\s+"
    rf"|\b{_PAID}\s*(?:,\s*)?(?:and|so|to)\s+)?"
    rf"(?:(?:make|made|makes|turn|turned)\s+(?P<obj>{OBJ})\s+(?:into\s+)?"
    rf"|(?:now\s+)?(?P<obj2>{OBJ})\s*(?:(?:is|'s|was)\s+)?(?:now\s+)?)an?\s+"
    r"(?P<pt>\d{1,2}/\d{1,2})"
    r"(?:\s+creature)?(?:\s+(?:now|this turn))?",
    accepts=lambda m, draft: "?" not in m.string,
)
def made_a_creature(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "I paid {1} and it's a 2/2 creature now", "used a Mountain to pay the 1 and make it
    a 2/2", "pumped 1 into it from a mountain so it's a 2/2 now": its "becomes a 2/2 creature"
    ability resolved (an effect until end of turn, 611.2); the land that paid is tapped."""
    thing = draft.thing(m["obj"] or m["obj2"], head=True)
    if thing is None or not _becomes(thing, m["pt"]):
        return None
    index = _animation_ability(thing)
    if index is None:
        return None
    payer_token = m["payer"] or m["payer2"]
    if payer_token:
        payer = draft.thing(payer_token, head=False)
        if payer is None or payer is thing:
            return None
        draft.set_tapped(payer, True)
        if payer.controller is None and thing.controller is not None:
            draft.set_controller(payer, thing.controller)
    draft.effects.append({"source": thing.id, "ability": index})
    thing.note("animated this turn")
    draft.state_said = True
    return f"{thing.entity.label} animated (its ability {index})"


RULES.insert(2, made_a_creature)


def _crew_ability(thing: Thing) -> int | None:
    """The position of the activated ability Crew N compiles to, as board files count a
    source's abilities (the engine's own reading of the card, so the two always agree)."""
    from engine.abilities import ActivatedAbility
    from engine.oracle import compile_card

    if thing.entity.text is None:
        return None
    abilities = compile_card(thing.entity.text).abilities
    for i, ability in enumerate(abilities, start=1):
        if isinstance(ability, ActivatedAbility) and ability.keyword == "crew":
            return i
    return None


@rule(
    "I crewed X",
    rf"\b(?:(?:i|we)\s+(?:just\s+|then\s+|already\s+)?|\band\s+|,\s*)crewed\s+(?P<obj>{OBJ})"
    rf"(?:\s+(?:with|using|by tapping)\s+(?P<crew>{OBJS}))?(?:\s+this turn)?",
)
def crewed(m: re.Match[str], draft: Draft) -> str | None:
    """Crew resolved: the Vehicle is an artifact creature until end of turn (702.122a); the
    creatures that crewed it are tapped."""
    vehicle = draft.thing(m["obj"], head=True)
    if vehicle is None:
        return None
    index = _crew_ability(vehicle)
    if index is None:
        return None
    crew = [t for t in map(draft.thing, placeholders(m["crew"] or "")) if t]
    for creature in crew:
        draft.set_tapped(creature, True)
        if creature.controller is None:
            draft.set_controller(creature, "P1")
    if vehicle.controller is None:
        draft.set_controller(vehicle, "P1")
    draft.effects.append({"source": vehicle.id, "ability": index})
    vehicle.note("crewed this turn")
    return f"{vehicle.entity.label} crewed (its ability {index})"


RULES.insert(2, crewed)


def _pump_ability(thing: Thing) -> int | None:
    """(R6) The position of the one activated ability whose effect is "~ gets +N/+M until end
    of turn" (Shivan Dragon's "{R}: ~ gets +1/+0"), as the engine counts a card's abilities."""
    from engine.abilities import ActivatedAbility
    from engine.oracle import compile_card

    if thing.entity.text is None:
        return None
    found = [
        i
        for i, ability in enumerate(compile_card(thing.entity.text).abilities, start=1)
        if isinstance(ability, ActivatedAbility)
        and re.search(r"\bgets [+-]\d+/[+-]\d+ until end of turn\.?$", ability.text)
        and not re.search(r"\btarget\b", ability.text)
    ]
    return found[0] if len(found) == 1 else None


_TIMES = (
    r"(?P<times>once|twice|thrice|(?:\d{1,2}|one|two|three|four|five|six|seven|eight)\s+times"
    r"|x\s?\d{1,2})"
)


@rule(
    "I pumped X twice",
    r"(?:\b(?:i|we)\s+(?:just\s+|then\s+|also\s+|already\s+|think\s+i\s+)?|\band\s+|,\s*"
    r"|\bto\s+)(?:pumped|pump|pumps|boosted|boost|firebreathed|activated)\s+"
    rf"(?P<obj>{OBJ})(?:\s+{_TIMES})?(?:\s+this turn(?=\s+with\b))?"
    rf"(?:\s+with\s+(?:its|his|her|the|{OBJ})\s+"
    r"(?:\{?[wubrgc0-9]\}?\s+)?(?:ability|pump(?: ability)?|firebreathing)"
    # (R12) "I pump the dragon with R twice", "pumped it with {R} three times"
    r"|\s+(?:with|using|for)\s+(?:\{[wubrgc]\}|\b[wubrgc]\b|red mana|a red|one red|a mountain)"
    r"(?=\s+(?:once|twice|thrice|\d{1,2}\s+times|one|two|three|four|five|six|seven|eight)\b))?"
    rf"(?:\s+{_TIMES.replace('?P<times>', '?P<times2>')})?"
    r"(?:\s+(?:this turn|already))?"
    r"(?:\s*,?\s*and\s+(?:all\s+|both\s+)?(?:(?:two|three|four|five|\d)\s+)?(?:of\s+)?"
    r"(?:(?:them|the activations|activations|the pumps|pumps|of them)\s+)?resolved)?"
    r"(?!\s+(?:with|using)\s+(?:all|the rest|everything|\d+|two|three|four|five|six))",
)
def pumped(m: re.Match[str], draft: Draft) -> str | None:
    """ "I pumped my Shivan Dragon twice with its R ability": the ability resolved that many
    times, each an effect until end of turn (611.2, 613.4c); how many times not said is once."""
    thing = draft.thing(m["obj"], head=True)
    if thing is None:
        return None
    index = _pump_ability(thing)
    if index is None:
        return None
    said = (m["times"] or m["times2"] or "once").lower()
    times = {"once": 1, "twice": 2, "thrice": 3}.get(said)
    if times is None:
        times = number(re.sub(r"\s*times$|^x\s?", "", said))
    if times > MAX_NUMBER:
        draft.doubt("contradiction", f"{times} activations")
    for _ in range(min(times, MAX_NUMBER)):
        draft.effects.append({"source": thing.id, "ability": index})
    thing.note(f"pumped {times} time{'s' if times != 1 else ''} this turn")
    draft.state_said = True
    return f"{thing.entity.label}'s ability {index} resolved {times} time(s)"


RULES.insert(3, pumped)


# --- tokens a spell made ("I cast Raise the Alarm", "opp resolved Dragon Fodder") ---------------

_MAKE_VERB = (
    r"(?:cast|casted|casts|casting|resolved|resolve|resolves|played|plays|flashed in|flashed"
    r"|flash in|flashes in|flashing in"
    r"|fired off|threw down|slammed|used)"
)
_X_SAID = (
    r"(?:\s*,?\s+(?:with|for|where|and|at|paying)\s+x\s*(?:=|is|was|equals?|of|as|:)\s*"
    r"(?P<x>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|zero)\b)"
)
_MADE_WHEN = rf"(?:\s+(?P<when>{THIS_TURN}|{EARLIER}|{THEIR_TURN}))"
_MAKER = re.compile(
    rf"(?:\b(?P<who>i|we|i'm|im|i am|we're|{OPPONENT})\s+|^\W*|\band\s+|\bthen\s+|,\s*)"
    rf"(?:(?:just|then|already|also|now|is|are)\s+)?{_MAKE_VERB}\s+(?P<spell>{OBJ})"
    rf"{_X_SAID}?{_MADE_WHEN}?{_X_SAID.replace('?P<x>', '?P<x2>')}?"
    rf"|(?P<spell2>{OBJ})\s+(?:just\s+)?(?:resolved|was cast|got cast|was played"
    r"|resolves(?:\s+for\s+(?:me|us))?)\b"  # (E7) "Raise the Alarm resolves for me"
    rf"{_X_SAID.replace('?P<x>', '?P<x3>')}?{_MADE_WHEN.replace('?P<when>', '?P<when2>')}?"
)
_ON_STACK = re.compile(
    r"\b(?:it'?s|it is|which is|that'?s|it'?s still|it is still)\s+(?:still\s+)?on the stack\b"
)
MAKING = ", making"  # the clause made_tokens writes after the spell, read by ``made``


def _spell_tokens(card: CardText | None) -> list[tuple[object, dict[str, object]]] | None:
    """The tokens an instant or sorcery's effect creates, as (amount, board-spec token), when
    its effect is only "create ..." with characteristics the effect defines (111.3); else None
    (a choice, a condition, a copy or a token whose size depends on something)."""
    from engine.abilities import CreateTokens, SpellAbility
    from engine.oracle import compile_card

    if card is None or not re.search(r"\b(?:Instant|Sorcery)\b", card.type_line):
        return None
    abilities = compile_card(card).abilities
    spell = [a for a in abilities if isinstance(a, SpellAbility)]
    if len(spell) != 1 or not spell[0].effects:
        return None
    made: list[tuple[object, dict[str, object]]] = []
    for effect in spell[0].effects:
        if not isinstance(effect, CreateTokens):
            return None
        spec = effect.token
        sized = isinstance(spec.power, int) and isinstance(spec.toughness, int)
        if "Creature" in spec.types and not sized:
            return None
        token: dict[str, object] = {"types": list(spec.types)}
        for key, value in (
            ("name", spec.name),
            ("colors", list(spec.colors)),
            ("supertypes", list(spec.supertypes)),
            ("subtypes", list(spec.subtypes)),
            ("power", spec.power if sized else None),
            ("toughness", spec.toughness if sized else None),
            ("text", spec.ability_text),
        ):
            if value not in (None, "", []):
                token[key] = value
        kind = " ".join(spec.subtypes) or spec.name or "token"
        token["label"] = f"{kind} token from {card.name}"
        made.append((effect.amount, token))
    return made


def _same_tokens(draft: Draft, key: str, spec: dict[str, object]) -> None:
    """ "I cast Raise the Alarm ... can my two soldier tokens attack": a token said by its type
    alone (prepare's "2 soldier tokens") is one the spell made."""
    for occ in draft.occurrences:
        other = draft.entities.get(occ.entity or "")
        token = other.token if other else None
        typed = token and occ.entity != key and "power" not in token and "copy_of" not in token
        if typed and token and token.get("subtypes") and token["subtypes"] == spec.get("subtypes"):
            occ.entity = key


def _only_card_named(draft: Draft, key: str) -> bool:
    return all(e.key == key or e.card is None for e in draft.entities.values())


def made_tokens(low: str, draft: Draft) -> str:
    """ "I cast Raise the Alarm (this turn)": the tokens its effect made are on the battlefield,
    its caster's, since this turn (111.1, 608.2). Each becomes a placeholder of its own right
    after the cast (", making @n,") so "the soldier tokens" later is them; a number of tokens
    that is X needs X said ("Secure the Wastes with X=3"). Whether the spell has resolved is
    settled once the question is known (spec.settle): "what tokens do I get" asks about the
    spell on the stack, anything else about the tokens it made."""
    out, at = [], 0
    for m in _MAKER.finditer(low):
        token = m["spell"] or m["spell2"]
        occ = draft.occurrence(token)
        entity = draft.entities.get(occ.entity) if occ and occ.entity else None
        made = _spell_tokens(entity.text) if entity else None
        if entity is None:
            continue
        if _ON_STACK.search(low, m.end()) and entity.is_spell:
            # "I'm casting Fireball with X=4; it's on the stack": not resolved (no tokens yet);
            # "it" there is the spell, and so is any later "it" when nothing else is named (a
            # pronoun is never a spell otherwise)
            draft.token_spells.add(entity.key)
            rest = _ON_STACK.sub(f" {token} on the stack", low[m.end() :], 1)
            if _only_card_named(draft, entity.key):
                rest = re.sub(r"\b(?:it['’]s|its|it)\b", f" {token} ", rest)
            low = low[: m.end()] + rest
            continue
        if not made:
            continue
        draft.token_spells.add(entity.key)
        x_word = m["x"] or m["x2"] or m["x3"]
        clause: list[str] = []
        for amount, spec in made:
            if amount == "X" and x_word is None:
                clause = []
                break
            n = number(x_word) if amount == "X" and x_word else amount
            if not isinstance(n, int) or n < 1 or n > MAX_NUMBER:
                clause = []
                break
            key = f"token:{len(draft.entities)}"
            draft.entities[key] = Entity(key, token=dict(spec))
            draft.occurrences.append(Occurrence(key, Hints(count=n if n > 1 else None)))
            draft.made[key] = entity.key
            clause.append(f"@{len(draft.occurrences) - 1}")
            _same_tokens(draft, key, spec)
        if not clause:
            continue
        out.append(low[at : m.end()])
        end = "" if re.match(r"\s*(?:[,.;!?]|$)", low[m.end() :]) else " ,"
        out.append(f" {MAKING} {' and '.join(clause)}{end}")
        at = m.end()
    out.append(low[at:])
    return "".join(out)


def _makes_tokens(token: str, draft: Draft) -> bool:
    occ = draft.occurrence(token)
    return occ is not None and occ.entity in draft.token_spells


@rule(
    "I cast a spell that made tokens",
    rf"(?:{_MAKER.pattern})(?:\s*{MAKING}\s+(?P<made>{OBJS}))?",
    accepts=lambda m, draft: _makes_tokens(m["spell"] or m["spell2"], draft),
)
def made(m: re.Match[str], draft: Draft) -> str | None:
    """The spell made_tokens found: it is its caster's, cast with X if X was said; the tokens
    are the caster's and came in when it was cast (111.1: a token is created on the
    battlefield; 302.6 counts from then)."""
    spell = draft.thing(m["spell"] or m["spell2"], head=False)
    if spell is None:
        return None
    who = m["who"]
    caster: Player = "P2" if who and not re.fullmatch(r"i|we|i'm|im|i am|we're", who) else "P1"
    draft.set_controller(spell, caster)
    draft.set_zone(spell, "stack")
    spell.cast = True
    x_word = m["x"] or m["x2"] or m["x3"]
    if x_word:
        spell.cast_x = number(x_word)
    draft.token_source = spell.id  # "what tokens do I get": the spell's
    when = m["when"] or m["when2"]
    said = []
    for token in placeholders(m["made"] or ""):
        thing = draft.thing(token, head=True)
        if thing is None:
            return None
        draft.set_controller(thing, caster)
        when_said(thing, draft, when, assumed=False)
        said.append(
            f"{thing.count} × {thing.entity.label}" if thing.count > 1 else thing.entity.label
        )
    x = f" with X={spell.cast_x}" if x_word else ""
    making = f", making {' and '.join(said)}" if said else ""
    return f"{spell.entity.label} cast{x}{making}"


RULES.insert(0, made)
