"""Zones: "in my graveyard", "in hand", "exiled", "on the stack", and cards in hand."""

from __future__ import annotations

import re

from engine.reader.draft import CastSpell, Draft, Thing
from engine.reader.patterns import (
    AND_OBJS,
    ME,
    NUM,
    OBJ,
    OBJS,
    OPPONENT,
    number,
    placeholders,
    rule,
)
from engine.reader.vocabulary import Player, Zone

_ZONE_WORDS: dict[str, Zone] = {
    "graveyard": "graveyard",
    "yard": "graveyard",
    "gy": "graveyard",
    "grave": "graveyard",
    "graveyards": "graveyard",
    "yards": "graveyard",
    "hand": "hand",
    "exile": "exile",
}
_WHOSE = r"(?P<who>my|your|their|his|her|our|opp'?s|(?:my\s+|the\s+)?opponent'?s|the)?"


@rule(
    "in a zone",
    rf"(?:\b(?:{ME}|{OPPONENT})\s+(?:have|has|'ve got|got)\s+|\bwith\s+|\bthere(?:'s| is| are)\s+)?"
    rf"(?P<objs>{OBJS})(?P<keep>\s+with\s+[^,.;@]*?)?\s+(?:is\s+|are\s+|was\s+|were\s+|sits\s+"
    r"|sitting\s+)?(?:in|into)\s+"
    rf"{_WHOSE}\s*(?P<zone>graveyard|yard|gy|grave|hand|exile)\b",
)
def in_zone(m: re.Match[str], draft: Draft) -> str | None:
    zone = _ZONE_WORDS[m["zone"]]
    said = []
    for token in placeholders(m["objs"]):
        thing = draft.thing(token)
        if thing is None:
            continue
        if m["who"] and m["who"] not in ("the",):
            owner: Player = "P1" if m["who"] in ("my", "your", "our") else "P2"
            draft.set_controller(thing, owner)
        draft.set_zone(thing, zone)
        said.append(thing.entity.label)
    return f"{', '.join(said)} in {zone}" if said else None


@rule(
    "exiled",
    rf"(?P<objs>{OBJS})\s+(?:is\s+|was\s+|got\s+|gets\s+|has been\s+|are\s+)?(?:exiled|in exile)\b"
    r"(?:\s+by an? (?:effect|ability|spell))?",
)
def exiled(m: re.Match[str], draft: Draft) -> str | None:
    said = []
    for token in placeholders(m["objs"]):
        thing = draft.thing(token)
        if thing is not None:
            draft.set_zone(thing, "exile")
            said.append(thing.entity.label)
    return f"{', '.join(said)} exiled" if said else None


_STACKED = r"(?:is\s+|'s\s+|are\s+)?(?:still\s+)?on the stack"


@rule(
    "X on the stack targeting Y",
    rf"(?P<spell>{OBJ})\s+{_STACKED}\s*,?\s+(?:and\s+)?(?:it'?s\s+|is\s+)?(?:targeting|aimed at"
    rf"|pointed at)\s+(?:the\s+)?(?P<tgt>{OBJ})"
    rf"|\b(?P<who>i|we|{OPPONENT})\s+(?:just\s+)?(?:cast|casts|'m casting|am casting|is casting"
    r"|are casting|casting|cast|fire off|fired off)\s+"
    rf"(?P<spell2>{OBJ})\s+(?:targeting|at|on|aimed at|pointed at)\s+(?:the\s+)?(?P<tgt2>{OBJ})"
    rf"\s*,?\s+(?:and|but)\s+(?P<again>{OBJ})\s*{_STACKED}",
    accepts=lambda m, draft: _is_spell_token(m["spell"] or m["spell2"], draft),
)
def stack_targeting(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "Lightning Bolt is on the stack targeting their Elite Vanguard", "i cast Bolt at the
    goyf and it's still on the stack": a spell cast (601.2c) and not resolved. A question that
    resolves it ("when it resolves, does the Vanguard die?") has the engine resolve it (608.2);
    any other question is about the board before it resolves, which it doesn't change yet (and
    it is in no graveyard, 405.1)."""
    token = m["spell"] or m["spell2"]
    occ = draft.occurrence(token)
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    target = draft.thing(m["tgt"] or m["tgt2"], head=False)
    if entity is None or entity.text is None or target is None:
        return None
    if m["again"]:
        again = draft.occurrence(m["again"])
        if again is None or again.entity != entity.key:
            return None
    caster: Player
    if m["who"]:
        caster = "P1" if m["who"] in ("i", "we") else "P2"
    else:
        # not said: the player whose permanent it isn't; a spell whose effect says "you" (its
        # controller, 109.5) depends on the guess, so it is doubted or not read
        caster = "P2" if target.controller == "P1" else "P1"
        if re.search(r"\byou\b", entity.text.oracle_text, re.IGNORECASE):
            if caster == "P2":
                return None
            draft.doubt("assumed_owner", f"{entity.text.name} is")
    draft.consumed.add(entity.key)
    draft.stack_said = True
    draft.spells.append(CastSpell(entity.text.name, caster, target.id, on_stack=True))
    draft.owner_said = draft.owner_said or target.controller is not None
    return f"{entity.text.name} on the stack targeting {target.entity.label}"


def _is_spell_token(token: str | None, draft: Draft) -> bool:
    occ = draft.occurrence(token or "")
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    return entity is not None and entity.is_spell


@rule(
    "before X resolves",
    rf"\b(?:before|until)\s+(?P<obj>{OBJ})\s+resolves\b|\bwhile\s+(?P<obj2>{OBJ})\s+{_STACKED}"
    rf"|\b(?:when|once|after|as)\s+(?P<obj3>{OBJ})\s+resolves\b",
    questions_only=True,
    accepts=lambda m, draft: _is_spell_token(m["obj"] or m["obj2"] or m["obj3"], draft),
)
def before_it_resolves(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "what's goyf's p/t before Bolt resolves?" (the spell on the stack changes nothing
    yet); "when it resolves, does the Vanguard die?" (the question resolves it, 608.2)."""
    token = m["obj"] or m["obj2"] or m["obj3"]
    occ = draft.occurrence(token)
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    if entity is None or not any(s.card == (entity.card or "") for s in draft.spells):
        return None
    draft.consumed.add(entity.key)
    if m["obj3"]:
        for spell in draft.spells:
            if spell.card == entity.card:
                spell.on_stack = False  # asked about as it resolves
        return f"once {entity.label} resolves"
    return f"before {entity.label} resolves"


@rule(
    "on the stack",
    rf"(?P<objs>{OBJS})\s+(?:is\s+|are\s+|'s\s+)?(?:still\s+)?(?:(?:just\s+)?(?:sitting|sits"
    r"|waiting|sat)\s+)?on the stack\b",
)
def on_stack(m: re.Match[str], draft: Draft) -> str | None:
    draft.stack_said = True
    said = []
    for token in placeholders(m["objs"]):
        thing = draft.thing(token)
        if thing is not None:
            draft.set_zone(thing, "stack")
            said.append(thing.entity.label)
    return f"{', '.join(said)} on the stack" if said else None


# (R17) an alternative cost said with the cast: it changes no characteristic (118.9c: the
# mana value is the mana cost's), "by pitching a blue card and paying 1 life"
_ALTERNATIVE_COST = (
    r"\s+by\s+(?:pitching|exiling|discarding|revealing)\s+(?:a|an|one|another)\s+[a-z]+\s+card"
    r"(?:\s+from\s+(?:their|my|his|her)\s+hand)?(?:\s*(?:,|and)\s+(?:paying|paid)\s+\d+\s+life)?"
)


@rule(
    "they cast the spell on the stack",
    rf"\b(?P<who>i|we|{OPPONENT})\s+(?:just\s+)?(?:cast|casts|casted)\s+(?P<obj>{OBJ})"
    rf"(?P<alt>{_ALTERNATIVE_COST})?(?=\s*(?:[,.;!?]|$))",
    accepts=lambda m, draft: _said_on_stack(m["obj"], m.string, draft),
)
def cast_on_stack(m: re.Match[str], draft: Draft) -> str | None:
    """(R17) "Force of Will is on the stack, my opponent cast it": a spell's controller is
    the player who cast it (601.2a, 110.2); said of a spell not on the stack, not read."""
    thing = draft.thing(m["obj"], head=False)
    if thing is None or thing.zone != "stack":
        return None
    draft.set_controller(thing, "P1" if m["who"] in ("i", "we") else "P2")
    who = "you" if thing.controller == "P1" else "your opponent"
    return f"{who} cast {thing.entity.label}" + (" (an alternative cost)" if m["alt"] else "")


def _said_on_stack(token: str, sentence: str, draft: Draft) -> bool:
    """The spell is said on the stack in this sentence, or was placed there before."""
    if re.search(r"\bon the stack\b", sentence):
        return True
    occ = draft.occurrence(token)
    ids = draft.by_entity.get(occ.entity, []) if occ and occ.entity else []
    return any(draft.things[i].zone == "stack" for i in ids)


@rule(
    "cards in hand",
    rf"(?:\b(?P<who>{ME}|{OPPONENT})\s+(?:have|has|'ve got|got|hold|holds|am holding|is holding"
    r"|holding|'m holding)\s+"
    rf"|\band\s+|^|,\s*)(?P<n>{NUM})\s+cards?\s+in\s+(?P<whose>my\s+|your\s+|their\s+|his\s+"
    r"|her\s+)?hand\b"
    rf"|\b(?P<who2>{ME}|{OPPONENT})\s+(?:am\s+|is\s+|are\s+|'m\s+)?holding\s+(?P<n2>{NUM})\s+cards?\b",
)
def cards_in_hand(m: re.Match[str], draft: Draft) -> str | None:
    who = (m["who"] or m["whose"] or m["who2"] or "i").strip()
    mine = re.fullmatch(ME, who) is not None or who in ("my", "your")
    player: Player = "P1" if mine else "P2"
    n = m["n"] or m["n2"]
    if draft.hand.get(player, number(n)) != number(n):  # "no cards in hand ... holding 4"
        draft.doubt("contradiction", "how many cards are in hand")
    draft.hand[player] = number(n)
    return f"{'you have' if player == 'P1' else 'your opponent has'} {n} cards in hand"


@rule(
    "nothing else in hand",
    r"(?:,\s*|\band\s+)?(?:(?:there'?s|there is|i have|i've got|with)\s+)?nothing else in\s+"
    r"(?P<whose>my|their|his|her|opp'?s|(?:my\s+)?opponent'?s)?\s*hand\b"
    r"|\b(?:that'?s|thats)\s+(?P<whose2>my|their|his|her)\s+(?:whole|entire|only)\s+hand\b"
    r"|\b(?:that'?s|thats)\s+(?:all|it)\s+in\s+(?P<whose3>my|their|his|her)\s+hand\b",
)
def nothing_else_in_hand(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "a Lightning Bolt in hand and nothing else in hand", "that's my whole hand": the
    cards said to be in that hand are all of it (402.1), so its size is known."""
    whose = (m["whose"] or m["whose2"] or m["whose3"] or "my").strip()
    player: Player = "P1" if whose == "my" else "P2"
    held = [t for t in draft.things.values() if t.zone == "hand" and t.controller in (None, player)]
    if not held:
        return None
    n = sum(t.count for t in held)
    if draft.hand.get(player, n) != n:
        draft.doubt("contradiction", "how many cards are in hand")
    draft.hand[player] = n
    return f"{'your' if player == 'P1' else 'their'} hand is {n} card{'s' if n != 1 else ''}"


@rule(
    "top of my library",
    rf"\b(?:the\s+)?top(?:\s+card)?\s+of\s+(?P<whose>my|their|his|her|opp'?s|(?:my\s+)?opponent'?s"
    rf"|the)\s+(?:library|deck)\s+(?:is|=|:)\s+(?P<obj>{OBJ})"
    rf"|(?P<obj2>{OBJ})\s+(?:is\s+)?on\s+top\s+of\s+(?:my|their|his|her|the)\s+(?:library|deck)",
)
def library_top(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "the top of my library is a Forest": a board has no order of a library's cards
    (docs/board-spec.md), so it is not read (the answer is not verified), and the card named is
    no permanent on the board."""
    occ = draft.occurrence(m["obj"] or m["obj2"])
    if occ is not None and occ.entity is not None:
        draft.consumed.add(occ.entity)
    return None


@rule(
    "life",
    rf"\b(?P<who>{ME}|i'm|i am|they're|theyre|he's|she's|opp's|{OPPONENT}|(?:my\s+)?opponent is)\s+"
    r"(?:is\s+|am\s+|was\s+|were\s+|are\s+)?"
    r"(?:(?:at|on|have|has)\s+(?P<n>\d{1,3})\s+life\b"
    r"|at\s+(?P<n2>\d{1,3})(?=\s*(?:[,.;!?]|$|\s+(?:and|but|so)\b)))"
    r"(?:\s+(?:before|going into|at the start of)\s+(?:combat|the turn|this turn|damage))?",
)
def life(m: re.Match[str], draft: Draft) -> str | None:
    player: Player = "P1" if m["who"] in ("i", "we", "you", "i'm", "i am", "im") else "P2"
    n = m["n"] or m["n2"]
    _set_life(draft, player, int(n))
    draft.last_controller = player  # "opponent is at 14 and has Tarmogoyf"
    return f"{'you are' if player == 'P1' else 'your opponent is'} at {n} life"


def _set_life(draft: Draft, player: Player, n: int) -> None:
    """(E7) A player's life total (119.1); said twice with two numbers it is a contradiction
    ("opp is at 20 life ... they're at 12 life"), never a verified answer."""
    if draft.life.get(player, n) != n:
        who = "your" if player == "P1" else "your opponent's"
        draft.doubt("contradiction", f"{who} life total said as {draft.life[player]} and {n}")
    draft.life[player] = n


_ME_LIFE = r"(?:me|i'?m|i am|mine|my life|you)"
_OPP_LIFE = (
    r"(?:opp|opps|opp's|opponent|my opponent|the opponent|them|they|theirs|their life|him|her)"
)


@rule(
    "life: me 12, opp 15",
    rf"\blife(?:\s+totals?)?\s*(?::|-|=|is|are)?\s*(?:(?P<me>{_ME_LIFE})\s*(?:at\s+|is\s+|=\s*|:\s*)?"
    rf"(?P<a>\d{{1,3}})\s*(?:,|;|/|and)\s*(?:and\s+)?{_OPP_LIFE}\s*(?:at\s+|is\s+|=\s*|:\s*)?"
    rf"(?P<b>\d{{1,3}})|{_OPP_LIFE}\s*(?:at\s+|is\s+|=\s*|:\s*)?(?P<c>\d{{1,3}})\s*(?:,|;|/|and)\s*"
    rf"(?:and\s+)?{_ME_LIFE}\s*(?:at\s+|is\s+|=\s*|:\s*)?(?P<d>\d{{1,3}}))\b",
)
def life_list(m: re.Match[str], draft: Draft) -> str | None:
    """(R12) "Life: me 12, opp 15", "life totals: opp 7 / me 20": each player's life (119.1)."""
    mine, theirs = (m["a"], m["b"]) if m["me"] else (m["d"], m["c"])
    draft.life["P1"], draft.life["P2"] = int(mine), int(theirs)
    return f"you are at {mine} life; your opponent is at {theirs} life"


@rule(
    "opp life: 15",
    r"\b(?P<who>my|me|opp'?s?|their|his|her|(?:my\s+|the\s+)?opponent'?s?)\s+life(?:\s+total)?"
    r"\s*(?::|=|-|is|at|is at)\s*(?P<n>\d{1,3})\b(?!\s*(?:/|-|\+|damage|cards?))",
)
def whose_life(m: re.Match[str], draft: Draft) -> str | None:
    """(E7) "opp life: 15", "my life total is 12": that player's life total (119.1), which a
    combat or spell answer counts down from (119.3)."""
    player: Player = "P1" if m["who"] in ("my", "me") else "P2"
    _set_life(draft, player, int(m["n"]))
    return f"{'you are' if player == 'P1' else 'your opponent is'} at {m['n']} life"


@rule(
    "both at N life",
    r"\b(?:both players|both of us|each player|every player|everyone|we both|both)\s+"
    r"(?:are\s+|is\s+|were\s+|still\s+)?(?:at|on)\s+(?P<n>\d{1,3})(?:\s+life)?\b"
    r"(?:\s+each)?|\blife(?:\s+totals?)?\s*(?::|is|are)\s*(?P<n2>\d{1,3})\s+(?:each|apiece)\b",
)
def both_life(m: re.Match[str], draft: Draft) -> str | None:
    """ "both players at 20", "life: 20 each": each player's life total (119.1)."""
    n = int(m["n"] or m["n2"])
    draft.life["P1"] = draft.life["P2"] = n
    return f"both players at {n} life"


@rule(
    "nothing in any graveyard",
    r"\b(?:there(?:'s| is| are)\s+)?(?:nothing|no cards?|no other cards?)\s+(?P<else>else\s+)?"
    r"(?:is\s+|are\s+)?in\s+"
    r"(?P<who>any|either|both|the|all|my|their|his|her|opp'?s|(?:my\s+|the\s+)?opponent'?s)?\s*"
    r"(?:graveyards?|yards?)\b"
    r"|\b(?P<who2>all|both|the|my|their|opp'?s|other|(?:my\s+|the\s+)?opponent'?s|his|her)?\s*"
    r"(?:graveyards?|yards?)\s+(?:are|is)\s+"
    r"(?P<else2>otherwise\s+|else\s+)?empty"
    r"(?P<else3>\s+otherwise|\s+besides that|\s+other than that)?\b",
)
def nothing_in_graveyards(m: re.Match[str], draft: Draft) -> str | None:
    """ "graveyards are empty" (404.1: then a graveyard holds nothing); "nothing else in any
    graveyard", "graveyards are otherwise empty": only what the message puts there."""
    who = (m["who"] or m["who2"] or "all").strip()
    whose = (
        "P1"
        if who == "my"
        else "all"
        if who in ("any", "either", "both", "the", "all", "other")
        else "P2"
    )
    if m["else"] or m["else2"] or m["else3"] or who == "other":
        draft.graveyards_listed = whose  # what is listed is all there is
        return {"P1": "nothing else in your graveyard", "P2": "nothing else in theirs"}.get(
            whose, "nothing else in any graveyard"
        )
    draft.empty_graveyards = whose
    return {"P1": "your graveyard is empty", "P2": "your opponent's graveyard is empty"}.get(
        whose, "every graveyard is empty"
    )


@rule(
    "X from my graveyard",
    rf"(?P<objs>{OBJS})\s+from\s+{_WHOSE}\s*(?P<zone>graveyard|yard|gy|grave|hand|exile)\b",
    questions_only=True,
)
def from_zone(m: re.Match[str], draft: Draft) -> str | None:
    """In a question, "can I embalm / cast X from my graveyard" says where X is now."""
    return in_zone.apply(m, draft)


def _keyword_token(token: str | None, draft: Draft) -> bool:
    occ = draft.occurrence(token or "")
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    return entity is not None and (entity.token or {}).get("via") in ("embalm", "eternalize")


@rule(
    "a token embalmed from the graveyard",
    rf"(?P<obj>{OBJ})\s+(?:straight\s+)?(?:from|out of)\s+(?:my|the|their|his|her|our)\s+"
    r"(?:graveyard|yard|gy|grave)\b",
    accepts=lambda m, draft: _keyword_token(m["obj"], draft),
)
def token_from_graveyard(m: re.Match[str], draft: Draft) -> str | None:
    """(R12) "I embalmed my Angel of Sanctions from the graveyard": where the card was when the
    ability was activated (702.128a: exiling it is the cost); the token is on the battlefield."""
    thing = draft.thing(m["obj"])
    if thing is None:
        return None
    return f"{thing.entity.label} made from the card in the graveyard"


@rule(
    "my graveyard has",
    rf"(?:\b(?P<who>my|their|his|her|opp'?s|(?:my\s+|the\s+)?opponent'?s)\s+"
    r"|(?:^|[,;]|\band\b|\bbut\b|\bso\b|\bif\b)\W*(?:the\s+|all\s+|both\s+)?)"
    r"(?P<zone>graveyards?|yards?|gy|hand|exile)\s*(?:only\s+|just\s+|now\s+)?"
    r"(?::\s*(?P<who3>mine|theirs|my opponent's|opp'?s)\s+)?"
    rf"(?:has|have|hold|holds|contains|contain|is|are|:|with)\s+(?:only\s+|just\s+)?(?P<objs>{OBJS})",
)
def zone_has(m: re.Match[str], draft: Draft) -> str | None:
    """ "my graveyard has X", "graveyards: mine has X and Y" (whose is said after the colon)."""
    if m["who3"]:
        return _in_zone_of(m, draft, "P1" if m["who3"] == "mine" else "P2")
    if m["zone"].startswith(("graveyard", "yard", "gy")) and re.search(r"\b(?:only|just)\b", m[0]):
        # "graveyards only have a Forest and a Bears": what is listed is all they hold (404.1)
        plural = m["zone"].endswith("s") and not m["who"]
        whose = m["who"] or ""
        draft.graveyards_listed = "all" if plural else "P1" if whose == "my" else "P2"
    return in_zone.apply(m, draft)


def _in_zone_of(
    m: re.Match[str], draft: Draft, owner: Player, zone: Zone | None = None
) -> str | None:
    zone = zone or _ZONE_WORDS[m["zone"]]
    said = []
    for token in placeholders(m["objs"]):
        thing = draft.thing(token)
        if thing is not None:
            draft.set_controller(thing, owner)
            draft.set_zone(thing, zone)
            said.append(thing.entity.label)
    return f"{', '.join(said)} in {zone}" if said else None


@rule(
    "theirs is empty",
    r"(?:[,;]\s*|\band\s+|^\W*)(?P<who>mine|theirs|my opponent's|opp'?s)\s+(?:(?:is|are)\s+)?"
    r"empty\b"
    r"|\b(?P<who2>my|their|opp'?s?|(?:my\s+)?opponent'?s|his|her)\s+(?:graveyard|yard|gy)\s*:\s*"
    r"(?:empty|nothing|none)\b",
)
def theirs_empty(m: re.Match[str], draft: Draft) -> str | None:
    """ "graveyards: mine has a Forest, theirs is empty": that one graveyard is empty (404.1)."""
    graveyards_said = any(t.zone == "graveyard" for t in draft.things.values())
    if not re.search(r"graveyards?|yards?", m.string) and not graveyards_said:
        return None  # "mine is empty" after a list of graveyard cards ("...; theirs is empty")
    whose = "P1" if (m["who"] or m["who2"]) in ("mine", "my") else "P2"
    if draft.empty_graveyards not in (None, whose):
        draft.empty_graveyards = "all"
    else:
        draft.empty_graveyards = whose
    return "your graveyard is empty" if whose == "P1" else "your opponent's graveyard is empty"


@rule(
    "on my side",
    rf"(?:\b(?:only|just)\s+)?(?P<objs>{OBJS})[\s,¦]+(?:is\s+|are\s+)?(?:on|in)\s+(?P<who>my|their|his"
    r"|her|opp'?s|(?:my\s+|the\s+)?opponent'?s)\s+(?:side|board|battlefield|field)\b"
    r"(?:\s+of the (?:table|board|battlefield|field))?",
)
def on_my_side(m: re.Match[str], draft: Draft) -> str | None:
    player: Player = "P1" if m["who"] == "my" else "P2"
    draft.last_controller = player  # "X and Y on my side, plus Z"
    said = []
    for token in placeholders(m["objs"]):
        thing = draft.thing(token, head=True)
        if thing is not None:
            draft.set_controller(thing, player)
            said.append(thing.entity.label)
    return f"{'you control' if player == 'P1' else 'your opponent controls'} {', '.join(said)}"


_TO_GRAVEYARD = (
    r"(?:milled|mills|discarded|discards|binned|pitched|dumped|self-milled|self milled|trashed)"
)


@rule(
    "I milled X",
    rf"\b(?P<who>{ME}|{OPPONENT})\s+(?:just\s+|already\s+|also\s+)?{_TO_GRAVEYARD}\s+"
    rf"(?P<objs>{OBJS})"
    rf"|(?P<objs2>{OBJS})\s+(?:got|was|were|has been|have been|is|are|gets)\s+(?:already\s+)?"
    rf"(?:{_TO_GRAVEYARD}|put (?:in|into) (?:the|a|my|their) (?:graveyard|yard))",
)
def milled(m: re.Match[str], draft: Draft) -> str | None:
    """ "I milled a Forest", "a Bolt got binned", "opp discarded X": the card is in its owner's
    graveyard (701.17a mill, 701.9a discard, 404.1). Whose, when it's not said, is not known."""
    owner: Player | None = None
    if m["who"]:
        owner = "P1" if re.fullmatch(ME, m["who"]) else "P2"
    said = []
    for token in placeholders(m["objs"] or m["objs2"]):
        thing = draft.thing(token)
        if thing is None:
            continue
        if owner is not None and thing.controller is None:
            draft.set_controller(thing, owner)
        draft.set_zone(thing, "graveyard")
        said.append(thing.entity.label)
    return f"{', '.join(said)} in the graveyard" if said else None


@rule(
    "X died",
    rf"(?:\b(?P<whose>their|my|his|her|opp'?s|(?:my\s+)?opponent'?s)\s+)?(?P<objs>{AND_OBJS})\s+"
    r"(?:already\s+|just\s+)?(?:died|has died|was destroyed|got destroyed|got killed|was killed)"
    r"(?:\s+(?:this turn|last turn|earlier))?(?!\s+with\b)",
)
def died(m: re.Match[str], draft: Draft) -> str | None:
    """ "(their Hangarback died)": a statement that it is in its owner's graveyard now (700.4);
    "does it die?" is a question, read elsewhere; "it died with two counters" asks about last
    known information (608.2h), which the reader doesn't model."""
    if "?" in m.string:
        return None
    said = []
    for token in placeholders(m["objs"]):
        thing = draft.thing(token)
        if thing is None or thing.entity.is_spell:
            return None
        draft.set_zone(thing, "graveyard")
        _left_combat(draft, thing)
        said.append(thing.entity.label)
    return f"{', '.join(said)} died (in the graveyard)" if said else None


def _left_combat(draft: Draft, thing: Thing) -> None:
    """(R6) "Elite Vanguard died": a creature that leaves the battlefield is removed from
    combat (506.4), and so are the blocks it was part of."""
    if not (thing.attacking or thing.blocking):
        return
    for other in draft.things.values():
        if other.blocking == thing.id:
            other.blocking = None
            other.said = [s for s in other.said if not s.startswith("blocking")]
    thing.attacking = thing.blocking = None
    thing.said = [s for s in thing.said if not s.startswith(("attacking", "blocking"))]


# Graveyards said together ("all the graveyards together have ...", "yards: X + Y", "the only
# cards in both graveyards are ...") or one by one ("my graveyard: X, Y"), with what closes the
# list ("nothing else", "and that's it"): then what is listed is all they hold (404.1).
_YARDS = r"(?:graveyards|yards|gys|graves)"
_ALL_YARDS = (
    r"(?:(?:all|both|the|our|all the|both the|all of the|both of the|all our|both our|all our"
    rf"|the two|both of our)\s+)?{_YARDS}"
)
_ANY_YARD = (
    r"(?:(?:any|either|both|all|the|all the|both the)\s+(?:graveyards?|yards?|gys?)"
    r"|(?P<whose2>my|their|his|her|opp'?s|(?:my\s+|the\s+)?opponent'?s)\s+(?:graveyard|yard|gy))"
)
_ONE_YARD = (
    r"(?P<whose>my|their|his|her|opp'?s?|(?:my\s+|the\s+)?opponent'?s?)\s+(?:graveyard|yard|gy"
    r"|grave)"
)
_GATHERED = r"(?:\s+(?:together|combined|between them|between us|in total|total|so far|now))?"
_HOLD = (
    r"(?:have|has|hold|holds|contain|contains|include|includes|are|is|got|with|have got"
    r"|has got|=)"
)
_LISTED = (
    rf"(?P<only>(?:only|just|exactly)\s+)?(?P<objs>{OBJS})"
    r"(?:\s+in (?:them|it|there))?"
)
_CLOSED = (
    r"(?P<close>\s*[,;]?\s*(?:and\s+)?(?:nothing else|nothing more|that'?s it|that'?s all"
    r"|no other cards?|nothing else in (?:them|either|any|there)|thats it|nothing other))?"
)


def _graveyards_said(m: re.Match[str], draft: Draft) -> bool:
    return re.search(r"graveyards?|yards?|\bgy\b", m.string) is not None or any(
        t.zone == "graveyard" for t in draft.things.values()
    )


@rule(
    "theirs has X",
    rf"(?:[,;]\s*|\band\s+|^\W*)(?P<who>mine|theirs|my opponent's|opp'?s)\s+(?:has|have|holds"
    rf"|contains?|is|:)\s+(?:only\s+|just\s+)?(?P<objs>{OBJS})",
    accepts=_graveyards_said,
)
def theirs_has(m: re.Match[str], draft: Draft) -> str | None:
    """ "graveyards: mine has a Forest, theirs has a Grizzly Bears": the second graveyard's."""
    return _in_zone_of(m, draft, "P1" if m["who"] == "mine" else "P2", "graveyard")


@rule(
    "X in mine, Y in theirs",
    rf"(?P<objs>{OBJS})\s+(?:is\s+|are\s+)?in\s+(?P<who>mine|theirs|my opponent's|opp'?s|ours|his"
    r"|hers)\b"
    r"(?P<close>\s*[,;]?\s*(?:and\s+)?(?:nothing else|that'?s it|that'?s all|thats it|thats all))?",
    accepts=_graveyards_said,
)
def in_theirs(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "graveyards: a Forest in mine, a Grizzly Bears in theirs, that's all": each card in
    the graveyard said; a closing "that's all" says the list is all they hold (404.1)."""
    said = _in_zone_of(m, draft, "P1" if m["who"] in ("mine", "ours") else "P2", "graveyard")
    if said and m["close"]:
        draft.graveyards_listed = "all"
    return said


@rule(
    "that's all (graveyards)",
    r"^\W*(?:and\s+)?(?:that'?s|thats)\s+(?:it|all)\b(?:\s+in\s+(?:the\s+)?(?:graveyards?|yards?))?"
    r"|[,;]\s*(?:and\s+)?(?:(?:that'?s|thats)\s+(?:it|all)|nothing else(?: anywhere| at all)?)"
    r"\s*(?=[.;!?]|$)",
    accepts=lambda m, draft: re.search(r"graveyards?|yards?|\bgy\b", m.string) is not None,
)
def thats_all(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "..., a Grizzly Bears in theirs, that's all": the graveyards hold only what was
    listed in this sentence (404.1)."""
    draft.graveyards_listed = "all"
    return "nothing else in any graveyard"


@rule(
    "graveyards hold",
    rf"\b(?:{_ONE_YARD}|{_ALL_YARDS}){_GATHERED}\s*(?::\s*|\s+{_HOLD}\s*:?\s+){_LISTED}{_CLOSED}"
    rf"|\bthe only (?P<the_only>cards?|things?|stuff)\s+in\s+{_ANY_YARD}\s+(?:is|are|:|=)\s+"
    rf"{_LISTED.replace('?P<only>', '?P<only2>').replace('?P<objs>', '?P<objs2>')}"
    rf"|\b(?:in|between|across)\s+(?:{_ALL_YARDS}|both graveyards)\s*[,:]?\s*"
    r"(?:there(?:'s| is| are)\s+|we have\s+|we've got\s+|are\s+|is\s+)"
    rf"{_LISTED.replace('?P<only>', '?P<only3>').replace('?P<objs>', '?P<objs3>')}"
    rf"{_CLOSED.replace('?P<close>', '?P<close3>')}",
)
def graveyards_hold(m: re.Match[str], draft: Draft) -> str | None:
    """ "all the graveyards together have a Bolt and a Forest, nothing else", "the only cards in
    both graveyards are X and Y", "between both graveyards there's X and that's it": those
    cards are in a graveyard (whose, when one is said); "only", "the only" or a closing
    "nothing else" says the list is all the graveyards hold (404.1)."""
    whose_word = m["whose"] or m["whose2"]
    whose: Player | None = None
    if whose_word is not None:
        whose = "P1" if whose_word == "my" else "P2"
    said = []
    for token in placeholders(m["objs"] or m["objs2"] or m["objs3"]):
        thing = draft.thing(token)
        if thing is None:
            return None
        if whose is not None:
            draft.set_controller(thing, whose)
        draft.set_zone(thing, "graveyard")
        said.append(thing.entity.label)
    closed = m["only"] or m["only2"] or m["only3"] or m["the_only"] or m["close"] or m["close3"]
    where = {"P1": "your graveyard", "P2": "your opponent's graveyard"}.get(
        str(whose), "the graveyards"
    )
    if closed:
        draft.graveyards_listed = whose or "all"
        return f"{', '.join(said)}: all that is in {where}"
    return f"{', '.join(said)} in {where}"


# (V1) a supposition or another game: "if I had X", "what if I cast X", "suppose I control X",
# "say opp played X", "last game I had X". A spell cast under "if" is the question's own event
# ("if I Bolt the Bears, does it die?", 608.2) and is not one of these.
_SUPPOSING = (
    r"\b(?:what\s+)?if|\bsuppose|\bsupposing|\bimagine|\bpretend|\blet'?s\s+say|\bhypothetically"
    r"|\b(?:in\s+)?(?:my\s+|the\s+|our\s+|a\s+)?(?:last|previous|other|earlier|prior)\s+game"
)
_PUTS = (
    r"(?:had|have|has|control|controls|controlled|cast|casts|played|play|plays|dropped|drop"
    r"|drops|resolved|resolve|resolves|got|get|gets|put|puts)"
)


@rule(
    "if I had X",
    rf"(?:{_SUPPOSING})\b(?=,?\s+(?:{ME}|{OPPONENT})\s+(?:(?:also|just|still|already|had|were to"
    rf"|was to|would|'d)\s+)*{_PUTS}\s+(?P<objs>{OBJS}))",
)
def supposed(m: re.Match[str], draft: Draft) -> str | None:
    """ "If I had Glorious Anthem, what would ...", "last game I had Humility": a permanent a
    supposition or another game puts on the board may not be there now. It is read as if it
    were (the answer to what was asked), and the answer is never verified. A thing the message
    names again ("if I play Elves this turn, can I tap it?", "is my Angel summoning sick if I
    cast it") is what the question asks about: the supposition is the question's own event,
    like a spell cast under "if" (302.6 answers it)."""
    for token in placeholders(m["objs"]):
        occ = draft.occurrence(token)
        entity = draft.entities.get(occ.entity) if occ and occ.entity else None
        named = [o for o in draft.occurrences if entity and o.entity == entity.key]
        if entity is not None and not entity.is_spell and len(named) == 1:
            draft.doubt("not_now", entity.label)
    return ""


RULES = [
    supposed,  # first: the clause is still unmasked (reader.RULES reads zones before control)
    token_from_graveyard,
    died,
    theirs_empty,
    theirs_has,
    in_theirs,
    thats_all,
    graveyards_hold,
    nothing_in_graveyards,
    milled,
    zone_has,
    in_zone,
    from_zone,
    exiled,
    stack_targeting,
    before_it_resolves,
    cast_on_stack,  # before "on the stack" masks the words it looks for
    on_stack,
    cards_in_hand,
    nothing_else_in_hand,
    library_top,
    life_list,
    whose_life,
    both_life,
    life,
    on_my_side,
]


@rule(
    "sacrificed",
    rf"(?:\b(?:i|we|and)\s+(?:just\s+)?sacrificed\s+(?P<objs>{OBJS})|(?P<objs2>{OBJS})\s+(?:was|is|got|has"
    r" been)\s+sacrificed)",
)
def sacrificed(m: re.Match[str], draft: Draft) -> str | None:
    said = []
    for token in placeholders(m["objs"] or m["objs2"]):
        thing = draft.thing(token)
        if thing is not None:
            if thing.controller is None and m["objs"]:
                draft.set_controller(thing, "P1")
            draft.set_zone(thing, "graveyard")
            thing.note("sacrificed")
            said.append(thing.entity.label)
    return f"{', '.join(said)} sacrificed (in the graveyard)" if said else None


RULES.append(sacrificed)
