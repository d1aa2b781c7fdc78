"""Who controls what: "I control / I have / I've got X", "my opponent / opp / they have Y"."""

from __future__ import annotations

import re

from engine.reader.draft import Draft
from engine.reader.patterns import (
    AND_OBJS,
    CONTROL_OBJS,
    ME,
    OBJ,
    OBJS,
    OPPONENT,
    placeholders,
    player_of,
    rule,
)
from engine.reader.spec import controls_enchanted, give_control
from engine.reader.timing import EARLIER, THIS_TURN
from engine.reader.vocabulary import Player

_HAVE = (
    r"(?:also\s+|still\s+|now\s+|only\s+|just\s+)?(?:control|controls|have got|have|has got|has|had"
    r"|'ve got|ve got|'ve|got|'s got|own|owns|run|runs|'m running|am running|am controlling|running"
    r"|controlling)"
)
# (R16) "I have X down", "and Intangible Virtue down": chat for a permanent put onto the
# battlefield, like "out"
_OUT = (
    r"(?:\s+(?:out|down(?!\s+to\b)|in play|on (?:the )?(?:battlefield|board)|on my side"
    r"|on their side)(?![\w/-]))?"
)


def _is_spell(token: str, draft: Draft) -> bool:
    occ = draft.occurrence(token)
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    return entity is not None and entity.is_spell


def _control(m: re.Match[str], draft: Draft, player: Player) -> str | None:
    return _control_objs(m["objs"], m, draft, player)


def _control_objs(objs: str, m: re.Match[str], draft: Draft, player: Player) -> str | None:
    names = []
    for token in placeholders(objs):
        if draft.conflicts(token, player):
            break  # "I have X and my opponent's Y": the list ended at X
        thing = draft.thing(token, head=True)
        if thing is None or thing.entity.is_spell:
            return None  # "I have Lightning Bolt": in hand? cast? not a permanent
        draft.set_controller(thing, player)
        names.append(thing.entity.label)
    if not names:
        return None
    if re.search(r"\bonly\s+(?:untapped\s+)?creatures?\b", m[0]):  # "my only creature is X"
        ids = {t.id for t in map(draft.thing, placeholders(objs)) if t is not None}
        draft.only_creatures.setdefault(player, set()).update(ids)
    draft.last_controller = player
    who = "you control" if player == "P1" else "your opponent controls"
    return f"{who} {', '.join(names)}"


_ONLY = r"(?:(?:only|just|also|still)\s+)?"  # "I have only X", "opp has just a Mountain"


@rule("I control", rf"\b{ME}\s+{_HAVE}\s+{_ONLY}(?:out\s+)?(?P<objs>{CONTROL_OBJS}){_OUT}")
def i_control(m: re.Match[str], draft: Draft) -> str | None:
    return _control(m, draft, "P1")


@rule(
    "they control",
    rf"\b(?:{OPPONENT})\s+{_HAVE}\s+{_ONLY}(?:out\s+)?(?P<objs>{CONTROL_OBJS}){_OUT}",
)
def they_control(m: re.Match[str], draft: Draft) -> str | None:
    return _control(m, draft, "P2")


@rule(
    "X is mine",
    rf"(?P<objs>{AND_OBJS})\s+(?:(?:is|are)\s+)?(?:(?:all|both)\s+)?"
    r"(?P<who>mine|theirs|his|hers|my opponent's|ours)\b",
)
def is_mine(m: re.Match[str], draft: Draft) -> str | None:
    return _control(m, draft, "P1" if m["who"] == "mine" else "P2")


@rule(
    "X is my only land",
    rf"(?P<objs>{OBJS})\s+(?:is|are)\s+(?P<who>my|our|their|his|her|opp'?s|my opponent'?s)\s+only"
    r"\s+(?:lands?|creatures?|permanents?|cards?|things?|artifacts?|enchantments?)\b",
)
def only_one(m: re.Match[str], draft: Draft) -> str | None:
    return _control(m, draft, "P1" if m["who"] in ("my", "our") else "P2")


_KINDS = r"(?:lands?|creatures?|permanents?|cards?|things?|artifacts?|enchantments?|blockers?)"


@rule(
    "all I have is X",
    rf"\b(?:all|the only (?:thing|one|{_KINDS}))\s+(?:that\s+)?(?P<who>{ME}|{OPPONENT})\s+"
    rf"(?:have|has|control|controls|got|'ve got)(?:\s+(?:out|untapped|in play))?\s+(?:is|are)\s+"
    rf"(?:a\s+|an\s+)?(?P<objs>{OBJS})"
    rf"|\b(?P<who2>my|our|their|his|her|opp'?s|my opponent'?s)\s+only\s+(?:untapped\s+)?{_KINDS}"
    rf"\s+(?:is|are)\s+(?:a\s+|an\s+)?(?P<objs2>{OBJS})",
)
def all_i_have(m: re.Match[str], draft: Draft) -> str | None:
    """ "all I have is X", "my only creature is X": X is that player's."""
    who = (m["who"] or m["who2"] or "").strip()
    mine = player_of(who) == "P1" or who in ("our", "i've", "ive", "i'm", "im", "we've", "you've")
    return _control_objs(m["objs"] or m["objs2"], m, draft, "P1" if mine else "P2")


@rule(
    "there is",
    rf"\b(?:there(?:'s| is| are)|on (?:the )?(?:battlefield|board)(?: there(?:'s| is| are))?)"
    rf"\s+(?:also\s+)?(?P<objs>{OBJS}){_OUT}",
)
def there_is(m: re.Match[str], draft: Draft) -> str | None:
    names = [t.entity.label for t in map(draft.thing, placeholders(m["objs"])) if t]
    return f"on the battlefield: {', '.join(names)}" if names else None


@rule(
    "X is on the battlefield",
    rf"(?:\bnow that\s+)?(?P<objs>{OBJS})\s+(?:(?:is|are|'s)\s+)?"
    r"(?:also\s+|still\s+|already\s+|now\s+)?"
    r"(?:out|in play|on (?:the )?(?:battlefield|board|field))\b",
)
def is_out(m: re.Match[str], draft: Draft) -> str | None:
    """ "Humility is on the battlefield": a permanent whose controller isn't said (its static
    ability applies to every creature either way, 611.3a); who controls it is filled in and
    said."""
    return there_is.apply(m, draft)


_STEAL = (
    r"(?:stole|steal|steals|stealing|took|take|takes|taking|nabbed|swiped|grabbed|yoinked|snagged"
    r"|(?:took|take|takes|gained|gain|gains|got|get) control of)"
)


@rule(
    "I stole X with Y",
    rf"\b(?P<who>{ME}|{OPPONENT})\s+(?:just\s+|already\s+)?{_STEAL}\s+(?P<objs>{OBJ})"
    rf"(?:\s+(?:with|using|via|w|through|by casting|off)\s+(?P<how>{OBJ}))?"
    rf"(?:\s+(?P<when>{THIS_TURN}|{EARLIER}))?",
)
def stole(m: re.Match[str], draft: Draft) -> str | None:
    """ "I stole their Elves with Control Magic": an Aura that says "You control enchanted
    creature" is attached to it and is the thief's (613.1b; spec.settle gives the creature to
    the Aura's controller). A spell that gains control ("with Act of Treason") is read as the
    spell cast at it. Stolen by something not named: the control-changing effect isn't on the
    board, and the engine says so (the answer is not verified)."""
    thief: Player = "P1" if re.fullmatch(ME, m["who"]) else "P2"
    target = draft.thing(m["objs"], head=True)
    if target is None:
        return None
    if m["how"]:
        means = draft.thing(m["how"], head=False)
        if means is None:
            return None
        if means.entity.is_spell:
            return None  # a spell: choices reads "I Act of Treasoned X" / "X with Y" as cast
        if not controls_enchanted(means):
            return None
        if means.controller is None:
            draft.set_controller(means, thief)
        if m["when"]:
            draft.set_this_turn(means, not re.fullmatch(EARLIER, m["when"]))
        means.attached_to = target.id
        target.note(f"enchanted with {means.entity.label}")
        give_control(draft, means, target)
        return f"{means.entity.label} on {target.entity.label}, controlled by {who(thief)}"
    owner = target.controller or ("P2" if thief == "P1" else "P1")
    target.owner = owner
    target.controller = thief
    if m["when"]:
        draft.set_this_turn(target, not re.fullmatch(EARLIER, m["when"]))
    draft.owner_said = True
    target.note(f"stolen by {who(thief)}, by something not named")
    return f"{who(thief)} control {target.entity.label} (owned by {who(owner)})"


def who(player: Player) -> str:
    return "you" if player == "P1" else "your opponent"


# Last: "I control <words that name no card>" is a card the knowledge base doesn't know.
_NOT_CARDS = r"(?!priority|no\b|nothing|mana|a question|question|to\b|cards?\b|\d|the turn|lethal)"


@rule(
    "unknown card",
    rf"\b(?:{ME}|{OPPONENT})\s+(?:control|controls|have|has|'ve got|got)\s+{_NOT_CARDS}"
    r"(?P<what>(?:a |an |the |my )?[a-z][a-z'-]+"
    r"(?:\s+(?!and\b|that\b|which\b|with\b)[a-z][a-z'-]+){0,3})",
)
def unknown_card(m: re.Match[str], draft: Draft) -> str | None:
    draft.doubt("unknown_card", m["what"].strip())
    return None


@rule(
    "just names",
    rf"^\s*(?P<bullet>(?:[-*•·+>]|\d{{1,2}}\s*[.),]+)\s*)?(?P<objs>{OBJS})\s*(?:[.!]?\s*$|(?=,(?!\s*@))|;"
    r"|(?=\s+and\b(?!\s*@))|:|\s+(?:question|q|interaction|ruling)\b\s*[:.?]?|\s+[—–-]\s)",
)
def just_names(m: re.Match[str], draft: Draft) -> str | None:
    """ "My Elves and my Forest." — a sentence that only names things; "Tarmogoyf: ...", "goyf
    question." name what the message is about; "- Savannah Lions, enchanted with Rancor" is a
    line of a list, whose a header line said ("my board:")."""
    if draft.list_owner is not None:
        return _control(m, draft, draft.list_owner)
    return there_is.apply(m, draft)


@rule(
    "my board: (a list follows)",
    r"^\W*(?P<who>my board|my side|my stuff|my permanents|my battlefield|mine|me|i have"
    r"|i control|on my side|my side of the (?:board|table)|(?:my\s+)?(?:opp'?s?|opponent'?s?"
    r"|their) (?:board|side|stuff|permanents|battlefield)|opp|opponent|them|they have"
    r"|they control|their side of the (?:board|table)|on their side)\s*(?:is|has|have)?\s*"
    r"[:\-–—]\s*$",
)
def list_header(m: re.Match[str], draft: Draft) -> str | None:
    """ "my board:" on a line of its own: the lines below it list that player's permanents."""
    mine = re.match(r"(?:my |mine|me|i |on my )", m["who"]) is not None
    draft.list_owner = "P1" if mine else "P2"
    return f"{'your' if mine else 'your opponent' + chr(39) + 's'} permanents:"


@rule(
    "and has X",
    rf"\band\s+(?:also\s+)?(?:has|have|controls?|got|has got|'s got)\s+(?:only\s+|just\s+)?"
    rf"(?P<objs>{CONTROL_OBJS})",
)
def and_has(m: re.Match[str], draft: Draft) -> str | None:
    """ "Opponent is at 14 and has Tarmogoyf": the player the clause began with has it."""
    if draft.last_controller is None:
        return None
    return _control(m, draft, draft.last_controller)


@rule(
    "X my opponent had",
    rf"(?P<objs>{OBJS})\s+(?:that\s+|which\s+)?(?P<who>{OPPONENT}|i|we)\s+(?:had|has|have|controls"
    r"|controlled|owns|owned)\b(?!\s+(?:@|a\b|an\b|the\b|no\b|\d))",
)
def x_they_had(m: re.Match[str], draft: Draft) -> str | None:
    """ "an embalmed Angel of Sanctions token my opponent had": whose it is, said after it."""
    return _control(m, draft, "P1" if m["who"] in ("i", "we") else "P2")


@rule(
    "no other permanents",
    r"\b(?:and\s+|with\s+)?(?:no|not any)\s+other\s+(?:lands?|permanents?|creatures?|cards?"
    r"|mana sources?|artifacts?|enchantments?|nonland permanents?)(?:\s+(?:at all|on (?:my|the"
    r"|their|either) (?:side|board|battlefield)|in play|out))*\b"
    r"|\b(?:and\s+)?that'?s (?:all|it for) (?:my|their|his|her) (?:lands?|permanents?|creatures?"
    r"|board|stuff)\b|\b(?:and\s+)?that'?s all (?:i|they|he|she) (?:have|has|control|controls)\b"
    # (R6) "my lands were X and Y and that's it", "those two are my only lands"
    r"|(?<=@\d)\s+and\s+that'?s\s+(?:it|all)\b|(?<=@\d\d)\s+and\s+that'?s\s+(?:it|all)\b"
    r"|\b(?:and\s+)?(?:those|these|the|both)\s+(?:two|three|four)?\s*(?:are|were)\s+(?:my|our|their"
    r"|his|her)\s+only\s+(?:lands?|permanents?|creatures?|mana sources?)\b",
)
def no_other(m: re.Match[str], draft: Draft) -> str | None:
    """ "no other land, no other permanent", "that's all my lands": the board is what is named
    (the reader never invents a permanent, so this is already so)."""
    return "nothing else on the battlefield"


@rule(
    "exactly one land, X",
    rf"\b(?P<who>{ME}|{OPPONENT})\s+(?:has|have|control|controls|got)\s+(?:exactly|only|just)\s+"
    rf"(?:one|a single|1)\s+{_KINDS}\s*[,:]\s*(?P<objs>{OBJ})",
)
def exactly_one(m: re.Match[str], draft: Draft) -> str | None:
    """ "opp has exactly one land, a Mountain": that is theirs, and the only one of its kind."""
    return _control(m, draft, "P1" if re.fullmatch(ME, m["who"]) else "P2")


@rule(
    "and X",
    rf"(?:\band|,|\bplus|,\s*plus)\s+(?:also\s+)?(?P<objs>{OBJS}){_OUT}\s*(?=$|[,.;!]|\s+(?:i|we)\s+"
    r"(?:cast|played)\b)(?!.*\?)",
)
def and_also(m: re.Match[str], draft: Draft) -> str | None:
    """ "I have X I cast this turn and an untapped Y": Y is also the last speaker's."""
    if draft.last_controller is None:
        return ""  # part of a list another rule read ("there's X and Y")
    fresh = [t for t in placeholders(m["objs"]) if not draft.read_before(t)]
    if not fresh:
        return ""  # "graveyards have X and Y": another rule read the whole list
    return _control_objs(" ".join(fresh), m, draft, draft.last_controller)


@rule("X I control", rf"(?P<objs>{OBJS})\s+(?:that\s+|which\s+)?(?:i|we)\s+(?:control|have|own)\b")
def x_i_control(m: re.Match[str], draft: Draft) -> str | None:
    return _control(m, draft, "P1")


@rule(
    "I control both",
    r"\b(?:i|we)\s+(?:control|own)\s+(?:them\s+)?(?:both|all|all of them|them all)\b"
    r"|\b(?:both|they're both|they are both|both are|both of them are|all|all of them are"
    r"|all are|each)\s+(?:mine|ours|under my control|on my side)\b",
)
def control_both(m: re.Match[str], draft: Draft) -> str | None:
    tokens = [t for t in placeholders(m.string[: m.start()]) if draft.occurrence(t)]
    said = []
    for token in tokens:
        thing = draft.thing(token, head=False)
        if thing is not None and not thing.entity.is_spell:
            draft.set_controller(thing, "P1")
            said.append(thing.entity.label)
    return f"you control {', '.join(said)}" if said else None


_SIDE = r"(?:board|side|battlefield|field|permanents)"


@rule(
    "my lands are X",
    rf"\b(?P<who>my|our|their|his|her|opp'?s|(?:my\s+)?opponent'?s)\s+(?:only\s+)?{_KINDS}\s*"
    rf"(?:(?:are|is|were|was)\s+|:\s*)(?:just\s+|only\s+)?(?P<objs>{OBJS})",
)
def my_lands_are(m: re.Match[str], draft: Draft) -> str | None:
    """ "my lands are just the Pool and the Orchard": those are that player's (and all of them,
    but the reader never invents the rest anyway)."""
    return _control(m, draft, "P1" if m["who"] in ("my", "our") else "P2")


@rule(
    "my board is just X",
    rf"\b(?P<who>my|our|their|his|her|opp'?s|(?:my\s+)?opponent'?s)\s+(?:whole\s+)?"
    r"(?:board|side(?: of the (?:board|table|battlefield))?|battlefield)\s*"
    rf"(?:(?:is|was)\s+|:\s*)(?P<just>just|only)\s+(?P<objs>{OBJS})",
)
def my_board_is_just(m: re.Match[str], draft: Draft) -> str | None:
    """(R12) "My board is just a Vampire Nighthawk": that player's permanents are those, so no
    other creature of theirs is there (one named later is a contradiction)."""
    player: Player = "P1" if m["who"] in ("my", "our") else "P2"
    said = _control(m, draft, player)
    if said is not None:
        ids = {t.id for t in map(draft.thing, placeholders(m["objs"])) if t is not None}
        draft.only_creatures.setdefault(player, set()).update(ids)
    return said


@rule(
    "got X", rf"^\W*(?:got|have got|have|running|controlling)\s+(?:out\s+)?(?P<objs>{OBJS}){_OUT}"
)
def got_x(m: re.Match[str], draft: Draft) -> str | None:
    """ "got a Sol Ring out since turn 1": a sentence without its "I" is the speaker's."""
    return _control(m, draft, "P1")


@rule(
    "my board:",
    rf"(?:^|[.;,]\s*)(?P<who>me|mine|i have|my {_SIDE}|on my {_SIDE}|you|opp|opponent|them|board"
    rf"|they have|their {_SIDE}|opp'?s {_SIDE}|(?:my\s+)?opponent'?s {_SIDE}|on their {_SIDE})"
    rf"\s*(?:is\s+)?[:\-–]\s*(?P<objs>{OBJS})",
    accepts=lambda m, draft: not _is_spell(placeholders(m["objs"])[0], draft),
)
def my_board(m: re.Match[str], draft: Draft) -> str | None:
    if m["who"] == "board":  # "board: X and Y, both mine": whose is said after, if at all
        return there_is.apply(m, draft)
    mine = re.match(r"(?:me|mine|i have|my |on my )", m["who"]) is not None
    return _control(m, draft, "P1" if mine else "P2")


@rule(
    "board (mine):",
    rf"(?:^|[.;,]\s*)(?:(?:the|my|our)\s+)?(?:{_SIDE}|{_KINDS})\s*"
    r"(?:[(,]\s*(?:(?:all|both)\s+(?:of\s+(?:them|it)\s+)?)?(?P<who>mine|ours|theirs|his|hers"
    r"|opp'?s|(?:my\s+)?opponent'?s)\s*[),]\s*)?"
    rf"[:\-–]\s*(?P<objs>{OBJS})",
    accepts=lambda m, draft: not _is_spell(placeholders(m["objs"])[0], draft),
)
def board_heading(m: re.Match[str], draft: Draft) -> str | None:
    """(R9) a list under a heading: "Board (all mine): X, Y", "lands: two Reflecting Pool",
    "creatures (theirs): X": whose the bracket says; a heading without one is a board whose
    controller isn't said (the reader's default, said in the echo)."""
    if m["who"] is None:
        return there_is.apply(m, draft)
    return _control(m, draft, "P1" if m["who"] in ("mine", "ours") else "P2")


@rule(
    "nothing else",
    r"\b(?:and\s+|with\s+)?(?:nothing|no other (?:permanents|cards|lands|creatures))\s+else?"
    r"(?:\s+(?:at all|on (?:my|the|their|either) (?:side|board|battlefield)|in play|out|either))*"
    r"(?:\s*,?\s*(?:not even|no)\s+(?:basics|basic lands|lands|other lands|other permanents))?"
    r"(?!\s+(?:in|on)\s+(?:any|the|my|their|either|both)?\s*(?:graveyards?|yards?|hand|exile))",
)
def nothing_else(m: re.Match[str], draft: Draft) -> str | None:
    """ "Reflecting Pool x2 on my side, nothing else at all": the board is what is named (the
    reader never invents a permanent, so this is already so)."""
    return "nothing else on the battlefield"


@rule(
    "opp: nothing",
    r"(?:^|(?<=[,;.]))\W*(?P<who>opp|opps|opponent|my opponent|they|them|their side|his side"
    r"|her side|me|my side|i)\s*(?::|has|have|controls?|got|'ve got|has got)\s*(?:got\s+)?"
    r"(?:nothing|no permanents|an empty board|empty board|no creatures|zero creatures"
    r"|nothing on (?:board|the battlefield)|empty)(?:\s+(?:out|on (?:the )?board|in play|at all))?"
    r"(?:\s*,\s*(?:(?:at|on)\s+)?(?P<n>\d{1,3})\s+life)?(?=\s*(?:[,.;!?)]|$))",
)
def has_nothing(m: re.Match[str], draft: Draft) -> str | None:
    """(R12) "opp: nothing, 20 life", "they have no creatures": no creature of that player's is
    on the battlefield (the reader never invents one; one named later is a contradiction)."""
    player: Player = "P1" if m["who"] in ("me", "my side", "i") else "P2"
    draft.only_creatures.setdefault(player, set())
    who = "you control" if player == "P1" else "your opponent controls"
    if m["n"]:
        draft.life[player] = int(m["n"])
        return f"{who} no creatures; at {m['n']} life"
    return f"{who} no creatures"


RULES = [
    has_nothing,
    my_board_is_just,
    nothing_else,
    stole,
    my_board,
    board_heading,
    my_lands_are,
    got_x,
    all_i_have,
    i_control,
    they_control,
    x_i_control,
    control_both,
    is_mine,
    only_one,
    there_is,
]


@rule(
    "a list's number",
    r"^\s*\d{1,2}\s*[.)]\s*$",
    accepts=lambda m, draft: draft.list_owner is not None,
)
def list_number(m: re.Match[str], draft: Draft) -> str | None:
    """ "1." on its own: the number of a line of the list a header began (the line's names
    follow it)."""
    return ""


RULES += [is_out, list_header, list_number, just_names, no_other, exactly_one, x_they_had]
# "and X" last: "I swing with X and Y" is one list another rule reads whole
LAST_RULES = [and_has, and_also, unknown_card]
__all__ = ["LAST_RULES", "RULES", "player_of"]
