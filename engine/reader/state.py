"""State: tapped/untapped, counters, damage marked, "enchanted/equipped with X", attacking,
"X blocks Y", "unblocked"."""

from __future__ import annotations

import re
from typing import Literal

from engine.reader.draft import Draft, Thing
from engine.reader.patterns import MASK, NUM, OBJ, OBJS, OPPONENT, number, placeholders, rule
from engine.reader.spec import controls_enchanted, give_control
from engine.reader.timing import EARLIER, THIS_TURN, every_named_before
from engine.reader.vocabulary import MAX_NUMBER, Player


def _things(
    draft: Draft, objs: str | None, m: re.Match[str] | None = None, nearest: bool = False
) -> list[Thing]:
    found = [draft.thing(t) for t in placeholders(objs)] if objs else [draft.subject(m, nearest)]
    if m is not None and objs and len(found) > 1 and _read_just_before(m, objs):
        found = _without_copied(found)
    return [t for t in found if t is not None]


def _read_just_before(m: re.Match[str], objs: str) -> bool:
    """The list's first name closes what another rule read ("@0 ¦ @1 , and @3 has ...")."""
    at = m.group(0).find(objs)
    return m.string[: m.start() + max(at, 0)].rstrip().endswith(MASK)


def _without_copied(found: list[Thing | None]) -> list[Thing | None]:
    """(S5) "My Clone is a copy of Serra Angel, and it has a +1/+1 counter": the list "Serra
    Angel, and it" starts with what the copy just read copies, the end of that clause; the
    counter is the Clone's alone (a copy doesn't copy counters, 707.2)."""
    first = found[0]
    if first is not None and any(t is not None and t.copies == first.id for t in found[1:]):
        return found[1:]
    return found


# (R6) a list whose "and" comes last: "X, Y and Z are tapped"; in "I have X and Y, the Y is
# tapped" the comma after "and" starts another clause
_LIST = rf"{OBJ}(?:\s*,\s*{OBJ})*(?:\s*,?\s*(?:and|&|\+)\s+{OBJ})?"


@rule(
    "tapped",
    rf"(?:(?P<objs>{_LIST})\s*)?(?:(?:is|are|was|were|'s|'re|got|gets|get|stays|is still|are still"
    r"|already|(?P<all>both|all|all three|all of them|each)|still)\s+)*(?P<t>untapped|tapped"
    r"|turned sideways|sideways|tapped down"
    r"|tapped out|face up|unused|standing up)\b(?!\s+(?:for|to)\b)(?:\s+and\s+ready(?: to go)?)?"
    r"(?:\s+(?:already|now|right now|still))?",
)
def tapped(m: re.Match[str], draft: Draft) -> str | None:
    """ "tapped", "turned sideways" (tapped: 701.26a); "untapped and ready", "unused"."""
    untapped = m["t"] in ("untapped", "unused", "standing up")
    said = []
    named = every_named_before(m, draft) if m["all"] and not m["objs"] else None
    for thing in [t for t in named if t] if named else _things(draft, m["objs"], m):
        draft.set_tapped(thing, not untapped)
        said.append(f"{thing.entity.label} {'untapped' if untapped else 'tapped'}")
    return "; ".join(said) or None


def _taps(thing: Thing) -> bool:
    """It has an ability with {T} in its cost: "used" means tapped."""
    return thing.entity.text is not None and "{T}" in thing.entity.text.oracle_text


@rule(
    "I used X for mana",
    rf"(?:\b(?:i|we)\s+(?:already\s+)?(?:used|tapped|tapped out|activated)\s+(?P<objs>{OBJS})"
    r"(?:\s+(?:for mana|for (?:its )?mana|to make mana|to add mana|already))+"
    rf"|(?P<objs2>{OBJS})\s+(?:is\s+|was\s+|has been\s+|got\s+)?(?:already\s+)?(?:used"
    r"|been used|tapped for mana|used for mana)(?:\s+(?:for mana|this turn|already))*)",
)
def used_for_mana(m: re.Match[str], draft: Draft) -> str | None:
    """ "I used my Elves for mana already", "Elves already used this turn": its {T} ability was
    activated, so it is tapped (602.2b: the cost is paid)."""
    said = []
    for token in placeholders(m["objs"] or m["objs2"]):
        thing = draft.thing(token)
        if thing is None or not _taps(thing):
            return None
        draft.set_tapped(thing, True)
        said.append(f"{thing.entity.label} tapped")
    return "; ".join(said) or None


@rule(
    "cast X off my lands",
    rf"(?P<keep_spell>{OBJ})\s+(?:off(?:\s+of)?|by tapping|tapping|using|paid for with|paying with"
    rf"|paid with)\s+(?:(?:my|our|the)\s+)?(?P<objs>{OBJS})",
    accepts=lambda m, draft: (
        re.search(
            r"\b(?:cast|casts|casted|hard ?cast|played|summoned|flashed in)\s*$",
            m.string[: m.start()],
        )
        is not None
    ),
)
def cast_off(m: re.Match[str], draft: Draft) -> str | None:
    """(R9) "I cast Vizier off my 4 Islands", "cast it by tapping two Forests": what paid for
    it tapped for mana (its {T} ability, 602.2b, 605.3a) and is the caster's."""
    who = re.search(
        r"\b(?P<who>i|we|they|he|she|opp\w*|my opponent)\s+\S+\s*$", m.string[: m.start()]
    )
    caster: Player = "P1" if who is None or who["who"] in ("i", "we") else "P2"
    said = []
    for token in placeholders(m["objs"]):
        thing = draft.thing(token, head=False)
        text = None if thing is None else thing.entity.text
        if thing is None or text is None or not _taps(thing) or "Add" not in text.oracle_text:
            return None  # only a mana source pays this way
        if thing.controller is None:
            draft.set_controller(thing, caster)
        draft.set_tapped(thing, True)
        said.append(f"{thing.entity.label} tapped for mana")
    return "; ".join(said) or None


@rule(
    "I tapped X for Y",
    rf"\b(?:i|we)\s+(?P<obj>{OBJ})\s+for\s+(?:(?:mana|an?\s+|one\s+|\{{?[wubrgc]\}}?\s*)+)?"
    rf"(?:(?P<spell>{OBJ})|to\s+(?:cast|pay for|activate)\s+(?:an?\s+)?(?:instant|spell|sorcery"
    rf"|ability|creature|trick|(?P<spell2>{OBJ})))",
    accepts=lambda m, draft: _tapped_hint(m["obj"], draft),
)
def tapped_for(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "I tapped my Island for an Opt", "I tapped my Llanowar Elves for G to cast an
    instant": it is tapped (its mana ability's cost, 106.12); the spell was cast with it and is
    no permanent on the board."""
    thing = draft.thing(m["obj"], head=True)
    if thing is None:
        return None
    draft.set_tapped(thing, True)
    if thing.controller is None:
        draft.set_controller(thing, "P1")
    for token in (m["spell"], m["spell2"]):
        occ = draft.occurrence(token or "")
        if occ is not None and occ.entity is not None and draft.entities[occ.entity].is_spell:
            draft.consumed.add(occ.entity)
    return f"{thing.entity.label} tapped for mana"


def _tapped_hint(token: str | None, draft: Draft) -> bool:
    """ "I tapped my Island": the words before the name said it is tapped (prepare's hints)."""
    occ = draft.occurrence(token or "")
    return occ is not None and occ.hints.tapped is True


@rule("paid with X", rf"(?:,\s*)?\b(?:paid|paying|paid for it)\s+(?:with|using)\s+(?P<objs>{OBJS})")
def paid_with(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "(paid with a Mountain)": the lands that paid a cost were tapped for mana (106.12)."""
    said = []
    for thing in _things(draft, m["objs"], m):
        draft.set_tapped(thing, True)
        said.append(f"{thing.entity.label} tapped")
    return "; ".join(said) or None


@rule("I tapped X", rf"\b(?:i|we)\s+(?:already\s+)?tapped\s+(?P<objs>{OBJS})(?:\s+for mana)?")
def i_tapped(m: re.Match[str], draft: Draft) -> str | None:
    said = []
    for thing in _things(draft, m["objs"], m):
        draft.set_tapped(thing, True)
        said.append(f"{thing.entity.label} tapped")
    return "; ".join(said) or None


_KIND = r"(?P<kind>\+1/\+1|-1/-1|\+\d/\+\d|loyalty|charge|oil|time|lore|shield|stun|poison)"


# "one +1/+1 counter and one -1/-1 counter": two kinds at once (704.5q makes them meet)
_AND_KIND = (
    rf"(?:\s+and\s+(?P<n2>{NUM})\s+(?P<kind2>\+1/\+1|-1/-1|loyalty|charge|oil|time|lore|shield"
    r"|stun|poison)\s+counters?)?"
)


def _counters(
    draft: Draft, things: list[Thing], n: int, kind: str, add: bool = False
) -> str | None:
    said = []
    for thing in things:
        total = thing.counters.get(kind, 0) + n if add else n  # (R6) "another counter"
        thing.said = [
            s for s in thing.said if not s.endswith((f" {kind} counter", f" {kind} counters"))
        ]
        if total > MAX_NUMBER:
            draft.doubt("contradiction", f"{total} counters")
        thing.counters[kind] = total
        thing.note(f"{total} {kind} counter{'s' if total != 1 else ''}")
        said.append(f"{thing.entity.label}: {total} {kind} counters")
    return "; ".join(said) or None


@rule(
    "counters",
    rf"(?:(?P<objs>{OBJS})\s+)?(?:(?:that|which)(?:'s|\s+has|\s+had)?\s+)?(?:been\s+(?=carrying))?"
    r"(?:(?P<also>also|now|then|just|already|later)\s+)?(?:has|have|with|got|gets|has got|'s got"
    rf"|had|carrying|now has|still has|entered with|came in with|enters with)\s+(?P<n>{NUM})\s+"
    rf"{_KIND}\s+counters?{_AND_KIND}(?:\s+(?:put\s+|placed\s+)?on\s+(?P<on>{OBJ}))?"
    # "Grizzly Bears, two +1/+1 counters and one -1/-1 counter on it"
    rf"|(?P<objs2>{OBJ})[\s,¦]*(?P<n3>{NUM})\s+(?P<kind3>\+1/\+1|-1/-1|loyalty|charge|oil|time|lore"
    rf"|shield|stun)\s+counters?{_AND_KIND.replace('n2', 'n4').replace('kind2', 'kind4')}"
    rf"(?:\s+on\s+(?:it|{OBJ}))?",
)
def counters(m: re.Match[str], draft: Draft) -> str | None:
    if m["objs2"]:  # "X, two +1/+1 counters and a -1/-1 counter on it"
        things = _things(draft, m["objs2"], m)
        said = _counters(draft, things, number(m["n3"]), m["kind3"])
        if m["kind4"] and said:
            if m["kind4"] == m["kind3"]:
                draft.doubt("contradiction", f"how many {m['kind3']} counters")
            said = f"{said}; {_counters(draft, things, number(m['n4']), m['kind4'])}"
        draft.state_said = draft.state_said or bool(said)
        return said
    things = _things(draft, m["on"] or m["objs"], m, nearest=" with " in f" {m.group(0)}")
    said = _counters(draft, things, number(m["n"]), m["kind"])
    # "X has a -1/-1 counter" states a board; "X with two counters" may be a rules question
    with_ = " with " in f" {m.group(0)}"
    draft.state_said = draft.state_said or (bool(said) and (not with_ or _names_first(m)))
    if m["kind2"] and said:
        if m["kind2"] == m["kind"]:
            draft.doubt("contradiction", f"how many {m['kind']} counters")
        said = f"{said}; {_counters(draft, things, number(m['n2']), m['kind2'])}"
    return said


@rule(
    "N counters (the card's own kind)",
    rf"(?:(?P<objs>{OBJS})\s+)?(?:(?:that|which)\s+)?(?:has|have|with|got|gets|has got|'s got|had"
    rf"|carrying|now has|still has|entered with|came in with|enters with)\s+(?P<n>{NUM})\s+"
    r"counters?\b(?:\s+on\s+(?P<on>@\d+))?",
)
def bare_counters(m: re.Match[str], draft: Draft) -> str | None:
    """ "Hangarback Walker with 2 counters": the one kind of counter its text names."""
    nearest = " with " in f" {m.group(0)}"
    things = _things(draft, m["on"] or m["objs"], m, nearest=nearest)
    kinds = {
        k
        for t in things
        for k in re.findall(
            r"([+-]\d+/[+-]\d+|\w+) counters?\b",
            t.entity.text.oracle_text if t.entity.text else "",
        )
        if k not in ("those", "the", "a", "of", "its", "x", "that", "many", "more")
    }
    if len(kinds) != 1 or not things:
        return None  # which counters? the card names none or several kinds
    said = _counters(draft, things, number(m["n"]), kinds.pop())
    draft.state_said = draft.state_said or (bool(said) and (not nearest or _names_first(m)))
    return said


def _names_first(m: re.Match[str]) -> bool:
    """ "Llanowar Elves with a -1/-1 counter on it, what happens": a message that opens with a
    named card and its state describes that card on a board; "a creature with a counter" or
    "does X with two counters die" may be a rules question."""
    before = m.string[: m.start()] + (m["objs"] or "" if "objs" in m.re.groupindex else "")
    return re.fullmatch(r"\s*(?:(?:my|their|his|her|the|a|an)\s+)?@\d+\s*", before) is not None


@rule(
    "counters on X",
    rf"(?:\b(?:i|we|{OPPONENT})\s+(?:also\s+|then\s+|just\s+)?(?:put|added|placed|puts|adds"
    r"|places)\s+|\bthere(?:'s| is| are)\s+)?"
    r"(?:(?P<more>another|one more|an additional|an extra"
    rf"|(?P<m>{NUM})\s+(?:more|additional|extra))"
    rf"|(?P<n>{NUM}))\s+{_KIND}\s+counters?\s+(?:is\s+|are\s+)?(?:on|onto)\s+(?P<on>{OBJ})"
    r"(?:\s+(?:this turn|last turn|earlier|earlier this turn|already))?"
    # "... and opp put a -1/-1 counter (on it)": prepare drops a closing "on it"
    rf"|\b(?:i|we|{OPPONENT})\s+(?:also\s+|then\s+|just\s+)?(?:put|added|placed|puts|adds|places)\s+"
    rf"(?:(?P<more2>another|one more|an additional|an extra)|(?P<n2>{NUM}))\s+"
    rf"{_KIND.replace('?P<kind>', '?P<kind2>')}\s+counters?"
    r"(?=\s*(?:[.,;!?]|$|\s+(?:and|this|so)\b))",
)
def counters_on(m: re.Match[str], draft: Draft) -> str | None:
    """ "I put two +1/+1 counters on X", "put another +1/+1 counter on it" (added to what it
    had, 122.1)."""
    things = _things(draft, m["on"], m)
    if m["kind2"] and things and not re.search(r"@\d+", m.string[: m.start()]):
        # (S2) "I control Bears and my opponent controls Lions. I put a counter on it": with
        # several things named before, the dropped "it" is the last one by a guess
        others = [
            t for t in draft.things.values() if t is not things[0] and t.zone == "battlefield"
        ]
        if others:
            draft.doubt("guessed_pronoun", f"the counter as put on {things[0].entity.label}")
    if m["kind2"]:
        if m["more2"]:
            return _counters(draft, things, 1, m["kind2"], add=True)
        return _counters(draft, things, number(m["n2"]), m["kind2"], add=True)
    if m["more"]:
        n = 1 if not m["m"] else number(m["m"])
        return _counters(draft, things, n, m["kind"], add=True)
    return _counters(draft, things, number(m["n"]), m["kind"])


# (S5) counters said gone: "X has no counters anymore", "my opponent removed both (from X)"
_SOME_KIND = _KIND.replace("?P<kind>", "?P<kind2>").replace("|loyalty", "")
_KIND3 = _KIND.replace("?P<kind>", "?P<kind3>")


@rule(
    "counters removed",
    rf"(?P<objs>{OBJS})\s+(?:has|have|now has|'s got)\s+no\s+(?:(?:more|{_SOME_KIND})\s+)?"
    r"counters?(?:\s+on\s+(?:it|them))?(?:\s+(?:anymore|any more|left|now))?"
    rf"|\b(?:i|we|{OPPONENT})\s+(?:then\s+|just\s+|also\s+|later\s+)?(?:removed|removes)\s+"
    rf"(?:(?P<all>both(?:\s+of them)?|all of them|them all|all of its|all its|all the|the|its)"
    rf"(?:\s+{_KIND})?(?:\s+counters?)?|(?P<n>{NUM})(?:\s+of them|\s+(?:{_KIND3}\s+)?counters?)?)"
    rf"(?:\s+from\s+(?P<on>{OBJ}))?(?=\s*(?:[.,;!?]|$|\s+(?:and|so|this|with)\b))",
)
def counters_removed(m: re.Match[str], draft: Draft) -> str | None:
    """(S5) Counters said removed or said not there ("had two +1/+1 counters. My opponent
    removed both"): what is left is on the creature now (122.1). With no creature named, the
    one thing that has counters; several, or none: not read."""
    kind = m["kind"] or m["kind2"] or m["kind3"]
    if m["objs"]:
        things = _things(draft, m["objs"], m)
    elif m["on"]:
        things = _things(draft, m["on"], m)
    else:
        things = [t for t in draft.things.values() if _has_counters(t, kind)]
    said_all = m["objs"] or (m["on"] and m["all"])  # "removed the counters from X": none left
    if len(things) != 1 or (not said_all and not _has_counters(things[0], kind)):
        return None
    if (
        "counter" not in m.group(0)
        and not m["objs"]
        and (len(draft.things) > 1 or things[0].count > 1)
    ):
        return None  # "they removed both": both counters, or both creatures?
    thing = things[0]
    if m["objs"] and _has_counters(thing, kind) and not _SAID_GONE.search(m.group(0)):
        # (lead, session 15) "My Grizzly Bears has two +1/+1 counters on it. It has no
        # counters.": said as it is now, not as a change ("anymore", "left", "removed"), the
        # two facts can't both be true (122.1): a contradiction, never verified
        draft.doubt("contradiction", f"the counters on {thing.entity.label}")
    kinds = [kind] if kind else [k for k, n in thing.counters.items() if n and k != "loyalty"]
    if m["n"] and len(kinds) != 1:
        return None  # "removed two" of which kind?
    said = []
    for k in kinds:
        left = max(0, thing.counters.get(k, 0) - number(m["n"])) if m["n"] else 0
        said.append(_counters(draft, [thing], left, k))
    draft.state_said = True
    if not kinds:  # "X has no counters": none said, none now
        thing.note("no counters")
        return f"{thing.entity.label}: no counters"
    return "; ".join(s for s in said if s)


_SAID_GONE = re.compile(r"\b(?:anymore|any more|left|now|more)\b")


def _has_counters(thing: Thing, kind: str | None) -> bool:
    return any(n for k, n in thing.counters.items() if k != "loyalty" and kind in (None, k))


@rule(
    "loyalty",
    rf"(?:(?P<objs>{OBJ})\s*,?\s*(?:(?:which|that)\s+)?(?:(?P<was>was\s+at|was on|was)\s+"
    r"|(?:is\s+at|is on|at|has|with|on)\s+)?"
    r"|(?P<pron>\b(?:he|she|it)(?:'s|\s+is|\s+sits|\s+stays)\s+(?:now\s+|still\s+)?"
    r"(?:sitting\s+|down\s+|back\s+)?(?=at|on))?(?:(?P<was3>was\s+at|was on|was)|is\s+at|is on"
    r"|at|has|with|on)\s+)"
    rf"(?P<n>\d{{1,3}}|{NUM})\s+loyalty\b"
    r"(?:\s+counters?)?(?:\s+(?:on|in)\s+(?P<who>my|their|his|her|opp'?s|(?:my\s+)?opponent'?s)\s+"
    r"(?:side|board|battlefield))?"
    r"(?:\s+on\s+(?P<on>@\d+|it|him|her)\b)?"  # (E7) "Jace has 5 loyalty on it"
    # "(it was at 3)" after a loyalty ability was said: the loyalty before it
    rf"|(?P<objs2>{OBJ})\s+(?P<was2>was\s+at|was on)\s+(?P<n2>\d{{1,2}}|{NUM})\b(?!\s*(?:life|/))",
)
def loyalty(m: re.Match[str], draft: Draft) -> str | None:
    """ "Jace at three loyalty on their side", "my Jace (4 loyalty)": its loyalty counters
    (306.5b), and whose it is; "it was at 3" before a loyalty ability it activated (606.4)."""
    things = _things(draft, m["objs"] or m["objs2"], m)
    if not m["objs"] and not m["objs2"] and not any(t.is_planeswalker() for t in things):
        things = _the_one_planeswalker(draft)  # (R17) "he's sitting on 10 loyalty"
    if m["objs2"] and not any(t.loyalty_delta for t in things):
        return None  # "X was at 3" of something else (life, a count)
    if m["on"] and m["on"].startswith("@") and draft.thing(m["on"]) not in things:
        return None  # "5 loyalty on" something else
    if m["who"]:
        for thing in things:
            draft.set_controller(thing, "P1" if m["who"] == "my" else "P2")
    n = number(m["n"] or m["n2"])
    if m["was"] or m["was2"] or m["was3"]:
        said = []
        for thing in things:  # the value before this turn's loyalty abilities
            earlier = 0 if thing.loyalty_past else thing.loyalty_delta
            said.append(_counters(draft, [thing], n + earlier, "loyalty") or "")
            thing.loyalty_delta = 0
        return "; ".join(s for s in said if s) or None
    for thing in things:
        if thing.loyalty_past:  # (R17) said now, after an earlier turn's ability: as said
            unsaid = ("unsupported_question", _loyalty_unsaid(thing))
            draft.doubts[:] = [d for d in draft.doubts if d != unsaid]
    return _counters(draft, things, n, "loyalty")


# (E7) what a bare number after "at" / "on" is not: "at 5 life", "on 3/3", "at 2 damage"
_NOT_LOYALTY = (
    r"(?!\s*(?:/|\+|-|%|life|damage|dmg|mana|cards?|counters?|power|toughness|poison|turns?"
    r"|lands?|creatures?|tokens?|cmc|mv|mana value|loyalty|\d))"
)


@rule(
    "planeswalker at N",
    rf"(?P<objs>{OBJ})\s*,?\s*(?:(?:which|that)\s+)?(?:is\s+|'s\s+|s\s+)?"
    r"(?:(?:now|still|sitting|currently)\s+)?"
    rf"(?:at|on)\s+(?P<n>\d{{1,2}}|{NUM})\b{_NOT_LOYALTY}"
    rf"(?:\s+after(?=\s*{MASK}|\s+(?:they|he|she|i|we|you|opp\w*)\s+(?:used\s+)?[+-−]\d))?",
    accepts=lambda m, draft: any(
        t.is_planeswalker() and not t.is_creature() for t in _things(draft, m["objs"], m)
    ),
)
def planeswalker_at(m: re.Match[str], draft: Draft) -> str | None:
    """(E7) "their Teferi is at 5", "Jace on 3 after the +1": a bare number a planeswalker is
    at is its loyalty, the loyalty counters on it (306.5b, 122.1)."""
    things = _things(draft, m["objs"], m)
    if len(things) != 1 or not things[0].is_planeswalker() or things[0].is_creature():
        return None
    for thing in things:
        if thing.loyalty_past:  # said now, after an earlier turn's ability: as said
            unsaid = ("unsupported_question", _loyalty_unsaid(thing))
            draft.doubts[:] = [d for d in draft.doubts if d != unsaid]
    return _counters(draft, things, number(m["n"]), "loyalty")


def _the_one_planeswalker(draft: Draft) -> list[Thing]:
    """(R17) Loyalty said of a pronoun ("he's at 4 loyalty"): only a planeswalker has loyalty
    (306.5b), so it is the one planeswalker named so far; with several, none."""
    walkers = [t for t in draft.things.values() if t.is_planeswalker()]
    return walkers if len(walkers) == 1 else []


_LOYALTY_VERB = r"(?P<sign>[+-−])\s?(?P<d>\d{1,2})(?:'?d|'?ed|\s+(?:him|her|it))?"


@rule(
    "I +1'd X",
    rf"\b(?:and\s+)?(?P<who>i|we|{OPPONENT})?\s*(?:just\s+|already\s+|then\s+)?"
    r"(?:(?:used|activated|did)\s+)?"
    rf"(?:{_LOYALTY_VERB}\s+(?:on\s+)?(?P<obj>{OBJ})"
    rf"|(?:(?P<obj2>{OBJ})(?:'s|s)?|his|her|its|the)\s+(?:(?P<sign2>[+-−])\s?(?P<d2>\d{{1,2}})"
    r"|(?P<zero>0)(?!\s*(?:/|loyalty|damage|life|mana|cards?|counters?)))"
    r"(?:\s+(?:ability|loyalty ability))?"
    r"|(?P<sign3>[+-−])\s?(?P<d3>\d{1,2})(?:\s+(?:him|her|it)\b|(?:'?d|'?ed)(?=\s+(?:last turn"
    r"|already|earlier|this turn|on (?:my|their|his|her) last turn))))"
    r"(?:\s+(?:this turn|already|earlier|last turn|on (?:my|their|his|her) last turn))?",
)
def loyalty_ability(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "I +1'd my Jace", "used Jace's -2": its loyalty cost put or removed loyalty counters
    (606.4); added to a loyalty said before, or to the printed one if it came in this turn
    (306.5b); the value said later ("it was at 3") is the one before it."""
    token = m["obj"] or m["obj2"]
    thing = draft.thing(token, head=True) if token else draft.subject(m)
    if not token and (thing is None or not thing.is_planeswalker()):
        walkers = _the_one_planeswalker(draft)  # (R17) "they used the 0", "+1'd him"
        thing = walkers[0] if walkers else None
    if thing is None or thing.entity.text is None:
        return None
    if "Planeswalker" not in thing.entity.text.type_line:
        return None
    if _NOT_USED.search(m.string[: m.start()]):
        return ""  # (R17) "they didn't +1 him": no loyalty ability, no cost paid
    sign = m["sign"] or m["sign2"] or m["sign3"] or "+"
    amount = m["d"] or m["d2"] or m["d3"]
    delta = 0 if m["zero"] else number(amount) * (1 if sign == "+" else -1)
    if _ability_before_this_turn(m) or _already_in_said_loyalty(m, thing):
        return _earlier_loyalty_ability(thing, draft, sign, abs(delta))
    if m["who"] not in ("i", "we") and thing.controller is None:
        draft.set_controller(thing, "P2")
    elif m["who"] in ("i", "we") and thing.controller is None:
        draft.set_controller(thing, "P1")
    draft.state_said = True
    if "loyalty" in thing.counters:
        total = thing.counters["loyalty"] + delta
        return _counters(draft, [thing], max(total, 0), "loyalty")
    thing.loyalty_delta += delta
    thing.note(f"loyalty ability {sign}{abs(delta)} this turn")
    return f"{thing.entity.label}: {sign}{abs(delta)} loyalty"


# (R17) a loyalty ability said not used, or used on an earlier turn
_NOT_USED = re.compile(
    r"\b(?:didn't|did not|didnt|never|haven't|hasn't|not)\s*(?:use\s+|used\s+)?$"
)
_EARLIER_TURN = re.compile(
    r"\b(?:last turn|(?:on|during)\s+(?:my|their|his|her|your|opp'?s)\s+(?:last|previous)\s+turn"
    r"|a turn ago|(?:two|three|\d+|a few|few) turns ago|the turn before|previous turn"
    r"|earlier in the game)\b"
)


def _ability_before_this_turn(m: re.Match[str]) -> bool:
    """(R17) "(used the +1 last turn)", "Last turn I cast Karn and used his +4": the ability
    was activated on an earlier turn, told after it in its clause, or before it in its clause
    when the sentence says no "this turn" or "now"."""
    after = re.split(r"[,;]", m.string[m.end() :], maxsplit=1)[0]
    before = re.split(r"[,;]", m.string[: m.start()])[-1]
    if _EARLIER_TURN.search(m.group(0) + after):
        return True
    now = re.search(r"\b(?:this turn|now|right now|currently)\b", m.string)
    return _EARLIER_TURN.search(before) is not None and now is None


def _already_in_said_loyalty(m: re.Match[str], thing: Thing) -> bool:
    """(E7) "Sorin, which is on 5 loyalty (they used the +1 already)": a loyalty said before an
    ability told as already used is the loyalty it has now, with the cost paid (606.4)."""
    return "loyalty" in thing.counters and re.search(r"\balready\b", m.group(0)) is not None


# (S5) an earlier turn said of a player's turn: "during my opponent's last turn"
_EARLIER_TURN_OF = re.compile(
    r"\b(?:on|during|in)\s+(?:my|their|his|her|your|opp'?s|(?:my|the)\s+opponent'?s)\s+"
    r"(?:last|previous)\s+turn\b|\byesterday\b|\bon turn \d{1,2}\b(?!\s*(?:,|and)\s*(?:now|this))"
)


def earlier_turn(m: re.Match[str]) -> bool:
    """(S5) The event m read was told of an earlier turn ("I cast Giant Growth on it during my
    opponent's last turn"): what lasted until end of turn ended then (514.2). "since last turn"
    says how long something has been there, not when the event was."""
    text = _SINCE.sub(" ", m.string[: m.start()]) + "\0" + m.group(0) + "\0"
    text += _SINCE.sub(" ", m.string[m.end() :])
    before, event, after = text.split("\0")
    after = re.split(r"[,;]", after, maxsplit=1)[0]
    before = re.split(r"[,;]", before)[-1]
    now = re.search(r"\b(?:this turn|now|right now|currently)\b", text)
    said_then = _EARLIER_TURN_OF.search(event + after) or _EARLIER_TURN.search(event + after)
    return said_then is not None or (
        (_EARLIER_TURN_OF.search(before) or _EARLIER_TURN.search(before)) is not None
        and now is None
    )


_SINCE = re.compile(r"\bsince\s+(?:[a-z'0-9]+\s+){0,3}?(?:turn|turns ago)\b(?:\s+\d{1,2})?")


def _earlier_loyalty_ability(thing: Thing, draft: Draft, sign: str, d: int) -> str:
    """(R17) A loyalty ability of an earlier turn: its cost is in the loyalty the planeswalker
    has now (606.4, 306.5b), so a loyalty said now (before or after) is the one it has; with
    none said, its loyalty is not known (spec doubts it)."""
    draft.state_said = True
    thing.loyalty_past = True
    if "loyalty" not in thing.counters:
        draft.doubt("unsupported_question", _loyalty_unsaid(thing))  # until a loyalty is said
    return f"{thing.entity.label}: {sign}{d} loyalty ability on an earlier turn"


def _loyalty_unsaid(thing: Thing) -> str:
    return f"{thing.entity.label}'s loyalty now"


def _damage(draft: Draft, things: list[Thing], n: int) -> str | None:
    from engine.reader.choices import _is_creature

    said = []
    for thing in things:
        if not _is_creature(thing):
            return None  # damage to a planeswalker removes loyalty (120.3c); none is marked
        if n > MAX_NUMBER:
            draft.doubt("contradiction", f"{n} damage")
        thing.damage = n
        thing.damage_said = True
        thing.said = [s for s in thing.said if "damage marked" not in s]
        thing.note(f"{n} damage marked")
        said.append(f"{thing.entity.label}: {n} damage")
    return "; ".join(said) or None


# damage said of an earlier turn: gone by now (514.2)
_GONE = re.compile(
    r"\s*(?:damage\s+)?(?:last turn|on (?:my|their|his|her|your) last turn|a turn ago|the turn"
    r" before|(?:a few|two|three|\d+) turns ago|yesterday|last game)\b"
)


@rule(
    "damage",
    rf"(?:(?:(?P<objs>{OBJS})\s+)?(?:(?:has|have|with|took|has taken|'s taken|was dealt|is dealt"
    rf"|got dealt|had|suffered|already took|already has|gets|got|takes|receives)\s+)(?P<n>{NUM})"
    r"\s+damage"
    rf"|(?:(?P<objs2>{OBJS})\s+)?(?:(?:has|had|have)\s+)?(?:already\s+)?(?:took|taken|has taken"
    r"|was dealt|got dealt|has been dealt|was hit for|got hit for|been hit for|hit for"
    r"|got pinged for|was pinged for|pinged for|got shot for|was shot for|got burned for"
    r"|was burned for|got zapped for|was zapped for)\s+"
    r"(?P<n2>\d{1,2}|one|two|three|four|five|six)\b"
    r"(?!\s*(?:/|counters?|cards?|life|turns?|mana|poison|power|toughness|more|of\b|from\b))"
    r"(?:\s+damage)?)"
    rf"(?:\s+(?:marked\s+)?on\s+(?P<on>{OBJ}))?"
    r"(?:\s+(?:this turn|already|marked|earlier this turn|earlier|in combat|this combat"
    r"|from (?:a|an) (?:ping|shock|bolt|burn spell|pinger|earlier ping)|from combat))*",
)
def damage(m: re.Match[str], draft: Draft) -> str | None:
    """ "X has 2 damage", "X took 2 (this turn)", "got pinged for 1": damage marked (120.3e)."""
    if _GONE.match(m.string[m.end() :]):
        return None  # (R9) "took 3 damage last turn": damage wears off in the cleanup step (514.2)
    nearest = " with " in f" {m.group(0)}"
    objs = m["on"] or m["objs"] or m["objs2"]
    said = _damage(draft, _things(draft, objs, m, nearest), number(m["n"] or m["n2"]))
    # "X has 2 damage on it" states a board; "X with 2 damage" may be a rules question
    draft.state_said = draft.state_said or (bool(said) and (not nearest or _names_first(m)))
    return said


@rule(
    "nothing dealt damage to X",
    rf"\b(?:but\s+)?(?:nothing|nobody|no one)\s+(?:actually\s+|ever\s+)?(?:dealt|did|has dealt)\s+"
    rf"(?:any\s+)?damage\s+to\s+(?P<obj>{OBJ})(?:\s+(?:this turn|yet))?",
)
def no_damage(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "nothing actually dealt damage to them": it has no damage marked (120.3e)."""
    thing = draft.thing(m["obj"], head=False)
    if thing is None or thing.damage:
        return None
    thing.damage_said = True
    thing.note("no damage marked")
    return f"{thing.entity.label}: no damage"


@rule(
    "damage on X",
    rf"(?P<n>{NUM})\s+damage\s+(?:is\s+)?(?:marked\s+)?on\s+(?P<on>{OBJ})",
)
def damage_on(m: re.Match[str], draft: Draft) -> str | None:
    return _damage(draft, _things(draft, m["on"], m), number(m["n"]))


# (R6) damage an event dealt earlier this turn: "it put 2 damage on the Courser", "my Elves hit
# it for 1", "I pinged the Courser for 1 with Prodigal Pyromancer", "sacrificed Mogg Fanatic to
# ping it for 1", "the Bears took 2 from the Shock": marked on the creature, added to what it
# already had (120.3e, 120.6: damage stays marked until the cleanup step)
_DEALS = r"(?P<verb>dealt|deals|deal|did|does|put|puts)"
_PINGS = (
    r"(?:pinged|pings|ping|shot|shoots|shoot|hit|hits|burned|burns|burn|zapped|zaps|zap|dinged"
    r"|poked)"
)
_WHO_DEALS = rf"(?:(?P<src>{OBJ})\s+|\b(?P<who>i|we|{OPPONENT})\s+)"
_DAMAGE_N = r"(?P<n>\d{1,2}|one|two|three|four|five|six|seven|eight|a)"


@rule(
    "X dealt N damage to Y",
    rf"{_WHO_DEALS}(?:already\s+|also\s+|just\s+|then\s+)?(?:had\s+)?{_DEALS}\s+{_DAMAGE_N}\s+"
    rf"(?:damage\s+|dmg\s+)?(?:on|onto|to|into)\s+(?P<on>{OBJ})(?:\s+(?:earlier(?: this turn)?"
    r"|this turn|already|in combat|last combat|before))*"
    rf"|{_WHO_DEALS.replace('src', 'src2').replace('who', 'who2')}(?:already\s+|also\s+|just\s+"
    rf"|then\s+)?{_PINGS}\s+(?P<on2>{OBJ})\s+for\s+{_DAMAGE_N.replace('?P<n>', '?P<n2>')}"
    rf"(?:\s+damage)?(?:\s+with\s+(?P<src3>{OBJ}))?"
    rf"|\b(?:to|and)\s+{_PINGS}\s+(?P<on4>{OBJ})\s+for\s+{_DAMAGE_N.replace('?P<n>', '?P<n4>')}"
    rf"(?:\s+damage)?"
    rf"|(?P<on3>{OBJ})\s+(?:already\s+)?(?:took|takes|has taken|got|was dealt|had taken)\s+"
    rf"{_DAMAGE_N.replace('?P<n>', '?P<n3>')}\s+(?:damage\s+|dmg\s+)?from\s+(?:the\s+|a\s+|an\s+"
    rf"|my\s+|their\s+)?(?P<src4>{OBJ})"
    r"(?:\s+(?:earlier|this turn|earlier this turn|already|in combat|last combat|before))*",
)
def damage_dealt(m: re.Match[str], draft: Draft) -> str | None:
    if m["verb"] in ("deals", "deal", "does", "put", "puts") and any(
        t.attacking or t.blocking for t in draft.things.values()
    ):
        return None  # "I put 3 on the Angel" in a combat: a division (510.1c), not damage dealt
    host = m["on"] or m["on2"] or m["on3"] or m["on4"]
    target = draft.thing(host, head=False)
    n = number(m["n"] or m["n2"] or m["n3"] or m["n4"] or "1")
    source_token = m["src"] or m["src2"] or m["src3"] or m["src4"]
    source = _damage_source(draft, source_token)
    if target is None or source is False:
        return None
    if source == target.entity.label and not (m["src3"] or m["src4"]):
        return None  # (R9) "X deals 5 damage to them": "them" is a player, not X itself
    if _ability_before_this_turn(m):
        return _damage_gone(target, n)
    return _add_damage(draft, target, n, source if isinstance(source, str) else None)


def _damage_source(draft: Draft, token: str | None) -> str | Literal[False] | None:
    """The card that dealt it, if named: a spell is in a graveyard now, not on the board; a
    source with deathtouch, wither or infect did more than mark damage (702.2b, 702.80a,
    702.90b), which the reader doesn't model (False)."""
    if not token:
        return None
    occ = draft.occurrence(token)
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    if entity is None:
        return None
    text = entity.text.oracle_text if entity.text else ""
    if re.search(r"\b(?:deathtouch|wither|infect)\b", text, re.IGNORECASE):
        return False
    if entity.is_spell:
        draft.consumed.add(entity.key)  # "took 2 from the Shock": the Shock resolved
        return entity.label
    thing = draft.thing(token, head=False)
    return thing.entity.label if thing is not None else None


def _damage_gone(thing: Thing, n: int) -> str:
    """(S5) "Last turn their Goblin Guide dealt 2 damage to my Angel": damage marked on an
    earlier turn was removed in that turn's cleanup step (514.2); none is marked now."""
    return f"{thing.entity.label}: dealt {n} damage on an earlier turn, removed since (514.2)"


def _add_damage(draft: Draft, thing: Thing, n: int, source: str | None) -> str | None:
    """Damage events add up on a creature (120.3e); a planeswalker loses loyalty instead."""
    from engine.reader.choices import _is_creature

    if not _is_creature(thing):
        return None
    total = thing.damage + n
    if total > MAX_NUMBER:
        draft.doubt("contradiction", f"{total} damage")
    thing.damage = total
    thing.damage_said = True
    thing.said = [s for s in thing.said if "damage marked" not in s]
    thing.note(f"{total} damage marked")
    draft.state_said = True
    by = f" by {source}" if source else ""
    return f"{thing.entity.label}: dealt {n} damage{by} ({total} marked)"


def _attach(draft: Draft, attachment: Thing, host: Thing, how: str) -> str | None:
    type_line = attachment.entity.text.type_line if attachment.entity.text else ""
    if not re.search(r"\b(?:Aura|Equipment)\b", type_line):
        return None  # "enchanted with" something that is no Aura or Equipment
    attachment.attached_to = host.id
    # Control Magic is the thief's, not the enchanted creature's controller's (spec.give_control)
    if attachment.controller is None and host.controller is not None:
        attachment.controller = None if controls_enchanted(attachment) else host.controller
    kind = "enchanted" if "Aura" in type_line else "equipped"
    host.note(f"{how or kind} with {attachment.entity.label}")
    if controls_enchanted(attachment) and attachment.zone == "battlefield":
        give_control(draft, attachment, host, final=False)  # Control Magic: layer 2 (613.1b)
    return f"{attachment.entity.label} attached to {host.entity.label}"


@rule(
    "enchanted with",
    rf"(?:(?P<objs>{OBJ})\s+)?(?:(?:is|are|was|were|got|gets|that's|which is|that is|now)\s+)?"
    r"(?P<how>enchanted|equipped|wearing)"
    rf"\s+(?:with|by)\s+(?P<att>{OBJS})",
)
def enchanted_with(m: re.Match[str], draft: Draft) -> str | None:
    hosts = _things(draft, m["objs"], m)
    said = []
    for token in placeholders(m["att"]):
        attachment = draft.thing(token, head=False)
        if attachment is not None and hosts:
            how = m.groupdict().get("how") or ""
            said.append(_attach(draft, attachment, hosts[0], how if how != "wearing" else ""))
    if hosts:
        draft.make_subject(hosts[0])
    return "; ".join(s for s in said if s) or None


@rule(
    "X wearing Y",
    rf"(?P<objs>{OBJ})\s+(?:(?:is|are|was|'s|now)\s+)?(?:wearing|carrying|holding|wielding|with"
    r"|that has|which has|suited up with|suited up in|decked out with|kitted out with|rocking"
    r"|sporting)"
    rf"\s+(?P<att>{OBJS})"
    # "X has Y and Z on it" (one Aura or Equipment: prepare reads it as "X wearing Y")
    rf"|(?P<objs2>{OBJ})\s+(?:has|have|has got|got)\s+(?P<att2>{OBJS})\s+(?:on|attached to)\s+"
    rf"(?:it|them|him|her|{OBJ})\b",
)
def wearing(m: re.Match[str], draft: Draft) -> str | None:
    """ "X is wearing Y", "X suited up with Y", "X has Y and Z on it": Y attached to X."""
    host = draft.thing(m["objs"] or m["objs2"], head=True)
    if host is None:
        return None
    said = []
    for token in placeholders(m["att"] or m["att2"]):
        attachment = draft.thing(token, head=False)
        if attachment is None:
            return None
        said.append(_attach(draft, attachment, host, ""))
    draft.make_subject(host)
    if not all(said):
        return None
    return "; ".join(s for s in said if s)


def _attachment_named(token: str, draft: Draft) -> bool:
    occ = draft.occurrence(token or "")
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    type_line = entity.text.type_line if entity and entity.text else ""
    return re.search(r"\b(?:Aura|Equipment)\b", type_line) is not None


@rule(
    "I Bonesplitter'd X",
    rf"\b(?P<who>i|we|{OPPONENT})\s+(?:just\s+|already\s+)?(?P<att>{OBJ})\s*(?:'?d\b|ed\b)?\s+"
    rf"(?P<host>{OBJ})(?:\s+(?P<when>{THIS_TURN}|{EARLIER}))?",
    accepts=lambda m, draft: _attachment_named(m["att"], draft),
)
def equipment_verb(m: re.Match[str], draft: Draft) -> str | None:
    """ "I Bonesplitter'd my Bears", "opp Rancored their Elves": the card's name as a verb is
    attaching it (701.3a attach; an Aura cast on it, 303.4a)."""
    attachment = draft.thing(m["att"], head=False)
    host = draft.thing(m["host"], head=True)
    if attachment is None or host is None:
        return None
    _attacher(draft, attachment, m["who"], m["when"])
    return _attach(draft, attachment, host, "")


@rule(
    "X attached to Y",
    rf"(?:\b(?P<who>i|we|{OPPONENT})\s+(?:just\s+|already\s+)?(?:equipped|attached|put|moved|cast"
    rf"|casts|played|plays|slapped|slaps|threw|enchanted)\s+)?(?P<att>{OBJ})\s+"
    rf"(?:(?P<when0>{THIS_TURN}|{EARLIER})\s+)?(?:is\s+|are\s+)?"
    rf"(?:attached to|on|onto|to|equipped to|enchanting|equipping|attached on)\s+(?P<host>{OBJ})"
    rf"(?:\s+(?P<when>{THIS_TURN}|{EARLIER}))?",
)
def attached_to(m: re.Match[str], draft: Draft) -> str | None:
    attachment = draft.thing(m["att"], head=False)
    host = draft.thing(m["host"], head=True)
    if attachment is None or host is None:
        return None
    _attacher(draft, attachment, m["who"], m["when"] or m["when0"])  # "put X two turns ago on Y"
    return _attach(draft, attachment, host, "")


def _attached_by(
    draft: Draft, m: re.Match[str], attachment: Thing | None, host: Thing | None
) -> str | None:
    """An attachment someone ("who", "when" in ``m``) put on a host, both already named."""
    if attachment is None or host is None:
        return None
    _attacher(draft, attachment, m["who"], m["when"])
    return _attach(draft, attachment, host, "")


def _attacher(draft: Draft, attachment: Thing, who: str | None, when: str | None = None) -> None:
    """ "I put Rancor on X", "opp cast Control Magic on my Angel": the Aura or Equipment is the
    player's who attached it (303.4, 301.5). "... this turn": an Aura cast this turn entered
    this turn (303.4a); equipping this turn says nothing of when the Equipment came in."""
    if who and attachment.controller is None:
        draft.set_controller(attachment, "P1" if who in ("i", "we") else "P2")
    type_line = attachment.entity.text.type_line if attachment.entity.text else ""
    if when and "Aura" in type_line:
        draft.set_this_turn(attachment, not re.fullmatch(EARLIER, when))


@rule(
    "I enchanted X with Y",
    rf"\b(?P<who>i|we|{OPPONENT})\s+(?:just\s+|already\s+)?(?:enchanted|equipped|suited up)\s+"
    rf"(?P<host>{OBJ})\s+(?:with|w)\s+(?P<att>{OBJ})(?:\s+(?P<when>{THIS_TURN}|{EARLIER}))?",
)
def i_enchanted(m: re.Match[str], draft: Draft) -> str | None:
    host = draft.thing(m["host"], head=True)
    attachment = draft.thing(m["att"], head=False)
    return _attached_by(draft, m, attachment, host)


def _defender(thing: Thing) -> Player:
    return "P1" if thing.controller == "P2" else "P2"


_ATTACKS = (
    r"(?:attacking|attacks|attacked|swings|swinging|swung|is swinging|swing"
    r"|hits|hit|hitting|(?<=\s)(?=goes unblocked|is unblocked|unblocked))"
)


@rule(
    "X attacks",
    rf"(?:(?P<objs>{OBJS})\s+(?:and\s+)?|(?:\band|,)\s+(?:it'?s\s+|is\s+|are\s+)?(?=attacking)"
    r"|(?P<all>(?:^|(?<=[,;:]))\W*(?:(?:and|then|so)\s+)?(?:both|all(?: three| four| of them)?)"
    r"\s+(?:of them\s+)?)(?=attack|swing))"
    rf"(?:(?P<each>both|all|all three|all of them)\s+)?"
    rf"(?:is\s+|are\s+|was\s+|were\s+)?(?:now\s+)?(?:{_ATTACKS}|(?<=both )attack|(?<=all )attack"
    r"|(?<=them )attack|(?<=three )attack|(?<=four )attack)"
    r"(?P<me>\s+(?:at\s+|into\s+)?(?:me|us))?"
    r"(?P<them>\s+(?:at\s+|into\s+)?(?:them|him|her|my opponent|the opponent|opp(?:onent)?))?",
)
def attacks(m: re.Match[str], draft: Draft) -> str | None:
    said = []
    things = _things(draft, m["objs"], m) if not m["all"] else _every_creature(m, draft)
    if m["each"] and len(things) < 2:
        return None  # "both attack" of one thing: not what was named
    for thing in things:
        if thing.attached_to in draft.things:
            thing = draft.things[thing.attached_to]  # "X equipped with Y attacks": X attacks
        elif thing.is_planeswalker():
            thing = combatant(draft, thing)  # (R17) "it's unblocked" of an attacked walker
        if m["me"]:
            draft.set_controller(thing, "P2")
        elif m["them"] and thing.controller is None:
            draft.set_controller(thing, "P1")
        # the other player, once the controller is known; (R17) or the planeswalker said
        thing.attacking = thing.attacking or "?"
        if thing.attacking == "?":
            thing.note("attacking")
        said.append(f"{thing.entity.label} attacking")
    _combat_stated(m, draft, said)
    return "; ".join(said) or None


def _every_creature(m: re.Match[str], draft: Draft) -> list[Thing]:
    """(R12) "both attack", "all three attack" with nothing named in the sentence: every
    creature named so far, when they are one player's and as many as said; else none."""
    from engine.reader.choices import _is_creature
    from engine.reader.timing import every_named_before

    things = [t for t in every_named_before(m, draft) if t is not None and _is_creature(t)]
    said = re.search(r"\b(both|three|four)\b", m["all"] or "")
    wanted = {"both": 2, "three": 3, "four": 4}.get(said[1]) if said else None
    if wanted is not None and sum(t.count for t in things) != wanted:
        return []
    if len({t.controller for t in things}) != 1 or len(things) < 2:
        return []  # whose creatures attack isn't one player's: not read
    return things


def _combat_stated(m: re.Match[str], draft: Draft, said: list[str]) -> None:
    """ "Dreadmaw attacks and gets blocked by Bears." tells of a game in progress: a board
    (whose things are is filled in and said), not a rules question about cards."""
    sentence = m.string
    if (
        said
        and "?" not in sentence
        and not re.match(
            r"\W*(?:can|could|what|how|does|do|is|are|will|would|should|may|if|when|say)\b",
            sentence,
        )
    ):
        draft.state_said = True


def _declare_attacker(draft: Draft, thing: Thing, player: Player) -> str:
    """A creature the player is said to attack with: theirs, and attacking (508.1a); the echo's
    words for it."""
    draft.set_controller(thing, player)
    thing.attacking = "?"
    thing.note("attacking")
    return f"{thing.entity.label} attacking"


@rule(
    "I attack with X",
    rf"(?:\bthis turn,?\s+)?\b(?P<who>i'm|im|we're|they're|theyre|he's|she's|i|we|{OPPONENT})\s+"
    rf"(?:am\s+|is\s+|are\s+|just\s+|now\s+|finally\s+|then\s+)?(?:get to\s+|got to\s+"
    r"|go to\s+|went to\s+|decide to\s+|decided to\s+)?(?:attack|attacks|attacked"
    rf"|attacking|swing|swung|swinging|swings|go|went)\s+(?:me\s+|them\s+|you\s+|in\s+|at me\s+"
    rf"|at them\s+|at you\s+|into me\s+|into them\s+)?(?:with|w)\s+"
    rf"(?P<objs>{OBJS})",
)
def attack_with(m: re.Match[str], draft: Draft) -> str | None:
    player: Player = "P1" if m["who"] in ("i", "we", "i'm", "im", "we're") else "P2"
    said = []
    for token in placeholders(m["objs"]):
        if draft.conflicts(token, player):
            break
        thing = draft.thing(token, head=True)
        if thing is None:
            continue
        said.append(_declare_attacker(draft, thing, player))
    return "; ".join(said) or None


# (R17) an attack on a planeswalker: "they attack Karn with an Alpine Grizzly", "opp attacks
# her with a bear", "my Bears attacks their Jace", "I swing at Liliana with my Giant"
_ATTACK_VERB = (
    r"(?:attack|attacks|attacked|attacking|swing at|swings at|swung at|swinging at|go after"
    r"|goes after|went after|going after)"
)


@rule(
    "they attack X's planeswalker with Y",
    rf"\b(?P<who>{OPPONENT}|i|we)\s+(?:is\s+|are\s+|am\s+|just\s+|now\s+|then\s+)?{_ATTACK_VERB}"
    rf"\s+(?P<pw>{OBJ}|him|her)\s+(?:with|w/?)\s+(?P<objs>{OBJS})"
    rf"|(?P<objs2>{OBJS})\s+(?:is\s+|are\s+|now\s+)?{_ATTACK_VERB}\s+(?P<pw2>{OBJ})",
    accepts=lambda m, draft: _attacked_walker(m, draft) is not None,
)
def attack_walker(m: re.Match[str], draft: Draft) -> str | None:
    """(R17) The creatures attack the planeswalker, not its controller (506.3, 508.1b), so
    combat damage removes its loyalty (120.3c); the attackers are the other player's."""
    walker = _attacked_walker(m, draft)
    if walker is None or _EARLIER_TURN.search(m.string):
        return None  # "they attacked Jace with X last turn": an earlier combat, not this one
    said = []
    for token in placeholders(m["objs"] or m["objs2"]):
        thing = draft.thing(token, head=True)
        if thing is None or thing is walker or thing.is_planeswalker():
            return None
        if m["who"]:
            player: Player = "P1" if m["who"] in ("i", "we") else "P2"
            if draft.conflicts(token, player):
                return None
            draft.set_controller(thing, player)
        if thing.controller is not None and walker.controller is None:
            draft.set_controller(walker, "P1" if thing.controller == "P2" else "P2")
        thing.attacking = walker.id
        thing.note(f"attacking {walker.entity.label}")
        said.append(f"{thing.entity.label} attacking {walker.entity.label}")
    if said and walker.controller is not None:
        for thing in draft.things.values():
            if thing.attacking == walker.id and thing.controller is None:
                draft.set_controller(thing, "P1" if walker.controller == "P2" else "P2")
    _combat_stated(m, draft, said)
    return "; ".join(said) or None


def _attacked_walker(m: re.Match[str], draft: Draft) -> Thing | None:
    """The planeswalker a "they attack X with Y" names: X a planeswalker, or "him" / "her"
    when the attacker is the opponent and one planeswalker is on the board (the opponent
    doesn't attack themself)."""
    said = m["pw"] or m["pw2"]
    if said in ("him", "her"):
        if m["who"] in ("i", "we"):
            return None  # "I attack her with X": the opponent, or their planeswalker
        walkers = _the_one_planeswalker(draft)
        return walkers[0] if walkers else None
    occ = draft.occurrence(said or "")
    if occ is None or occ.entity is None:
        return None
    text = draft.entities[occ.entity].text
    if text is None or "Planeswalker" not in text.type_line:
        return None
    return draft.thing(said or "", head=False)


_AT_PLAYER = r"(?:at|into)\s+(?P<at>me|us|them|him|her|my opponent|the opponent|opp|my face|face)"


@rule(
    "they swing X at me",
    rf"\b(?P<who>{OPPONENT}|i|we)\s+(?:is\s+|are\s+|am\s+|just\s+)?(?:attacks?|attacked|attacking"
    rf"|swings?|swung|swinging|sends?|sent|sending)\s+(?:in\s+)?(?P<objs>{OBJS})(?:\s+{_AT_PLAYER})?",
)
def swing_x(m: re.Match[str], draft: Draft) -> str | None:
    """ "opp swings Serra Angel at me": the subject's creature attacks (508.1). "I attack
    their Jace" names what is attacked instead, so a planeswalker or battle is not read."""
    player: Player = "P1" if m["who"] in ("i", "we") else "P2"
    said = []
    for token in placeholders(m["objs"]):
        thing = draft.thing(token, head=True)
        if thing is None or draft.conflicts(token, player):
            return None
        type_line = thing.entity.text.type_line if thing.entity.text else ""
        if re.search(r"\b(?:Planeswalker|Battle)\b", type_line) or thing.entity.is_spell:
            return None
        said.append(_declare_attacker(draft, thing, player))
    return "; ".join(said) or None


@rule(
    "unblocked",
    rf"(?:(?P<objs>{OBJS})\s+)?(?:is\s+|was\s+|goes\s+|went\s+|stays\s+|are\s+)?(?:unblocked"
    r"|not blocked|isn't blocked|wasn't blocked|no blocks?|no blockers)\b",
)
def unblocked(m: re.Match[str], draft: Draft) -> str | None:
    said = []
    for thing in map(lambda t: combatant(draft, t), _things(draft, m["objs"], m)):
        thing.attacking = thing.attacking or "?"
        thing.unblocked = True
        if thing.attacking == "?":
            thing.note("attacking")
        thing.note("unblocked")
        said.append(f"{thing.entity.label} unblocked")
    return "; ".join(said) or None


def _is_creature_thing(thing: Thing) -> bool:
    return thing.entity.text is not None and "Creature" in thing.entity.text.type_line


def combatant(draft: Draft, thing: Thing) -> Thing:
    """(R6) An Aura or Equipment said where its creature is meant ("X w/ Bonesplitter on it,
    unblocked", "their Angel blocks it" with "it" read as the Collar): the creature it is
    attached to is what attacks, blocks or is blocked (506.1: only creatures are in combat)."""
    if thing.attached_to in draft.things and not _is_creature_thing(thing):
        return draft.things[thing.attached_to]
    if thing.is_planeswalker() and not _is_creature_thing(thing):
        # (R17) "they attack Karn with a Grizzly ... it's unblocked": the one creature
        # attacking the planeswalker (506.3)
        attackers = [t for t in draft.things.values() if t.attacking == thing.id]
        if len(attackers) == 1:
            return attackers[0]
    return thing


def _block(draft: Draft, blocker: Thing, attacker: Thing) -> str:
    attacker = combatant(draft, attacker)
    blocker = combatant(draft, blocker)
    attacker.attacking = attacker.attacking or "?"
    attacker.note("attacking")
    if blocker.blocking not in (None, attacker.id):
        draft.doubt("contradiction", f"what {blocker.entity.label} blocks")
    blocker.blocking = attacker.id
    blocker.note(f"blocking {attacker.entity.label}")
    return f"{blocker.entity.label} blocks {attacker.entity.label}"


def block(draft: Draft, blocker: Thing, attacker: Thing) -> str:
    """A block a question supposes ("will the Wall survive blocking it?", question.py)."""
    return _block(draft, blocker, attacker)


def _blocker_of(draft: Draft, blocker: Thing, who: str) -> None:
    """ "opp blocks with X": X is the blocking player's (509.1a)."""
    player: Player = "P1" if who in ("i", "we") else "P2"
    if blocker.controller is None:
        draft.set_controller(blocker, player)
    elif blocker.controller != player:
        draft.doubt("contradiction", f"who controls {blocker.entity.label}")


@rule(
    "X blocks Y",
    rf"(?P<b>{OBJ})\s+(?:is\s+|was\s+)?(?:blocks|blocked|blocking|block|chumps|chump blocks"
    r"|chump-blocks|chump-blocked|chump blocked|chumped)\s+"
    r"(?:(?P<whose>my|their|his|her|opp'?s|(?:my\s+)?opponent'?s)\s+|an?\s+"
    rf"|the\s+)?(?:attacking\s+)?(?P<a>{OBJ})",
)
def blocks(m: re.Match[str], draft: Draft) -> str | None:
    """ "X blocks Y", "it blocks my attacking Grizzly Bears" (the attacker's controller said)."""
    blocker = draft.thing(m["b"], head=True)
    attacker = draft.thing(m["a"], head=False)
    if not (blocker and attacker):
        return None
    if m["whose"]:
        draft.set_controller(attacker, "P1" if m["whose"] == "my" else "P2")
    said = [_block(draft, blocker, attacker)]
    _combat_stated(m, draft, said)
    return said[0]


def _statement(m: re.Match[str]) -> bool:
    """Told, not asked: "and my Bears block." (not "can my Bears block?")."""
    return "?" not in m.string and not re.match(
        r"\W*(?:can|could|what|how|does|do|is|are|will|would|should|may|if|when|say)\b", m.string
    )


@rule(
    "X blocks",
    rf"(?P<b>{OBJ})\s+(?:blocks|block|blocked|chumps|chump blocks|chump-blocks|chump-blocked"
    r"|chump blocked|chumped)(?:\s+(?:it|him|her|them))?\b(?!\s+(?:with|by|w)\b)(?!\s*@)",
    accepts=lambda m, draft: _statement(m),
)
def blocks_alone(m: re.Match[str], draft: Draft) -> str | None:
    """ "Hill Giant attacks and my Bears block": the one attacker is what it blocks (509.1a)."""
    attackers = [t for t in draft.things.values() if t.attacking]
    blocker = draft.thing(m["b"], head=True)
    if blocker is None or len(attackers) != 1 or attackers[0] is blocker:
        return None
    return _block(draft, blocker, attackers[0])


@rule(
    "X is blocked by Y",
    rf"(?:(?P<a>{OBJ})\s+)?(?:is\s+|gets\s+|got\s+|was\s+|and\s+)?(?:blocked|chump(?:ed|-blocked)?)"
    rf"\s+by\s+(?P<b>{OBJS})"
    # (R12) "... and dealt it 2 damage": the attacker's damage to its one blocker (510.2)
    rf"(?:\s*,?\s+and\s+(?:it\s+)?(?:dealt|did|put)\s+(?:(?P<hit>{OBJ})\s+{_DAMAGE_N}\s+"
    rf"(?:damage|dmg)\b|{_DAMAGE_N.replace('?P<n>', '?P<n2>')}\s+(?:damage\s+|dmg\s+)?(?:to|on)\s+"
    rf"(?P<hit2>{OBJ})))?",
)
def blocked_by(m: re.Match[str], draft: Draft) -> str | None:
    if m["hit"] or m["hit2"]:
        return _blocked_and_dealt(m, draft)
    attacker = draft.thing(m["a"], head=True) if m["a"] else draft.subject(m)
    if attacker is None:
        return None
    if attacker.attached_to in draft.things and not _is_creature_thing(attacker):
        # "my Dreadmaw wearing Basilisk Collar is blocked by ...": the creature is (506.1)
        attacker = draft.things[attacker.attached_to]
    said = []
    for token in placeholders(m["b"]):
        blocker = draft.thing(token, head=False)
        if blocker is not None:
            said.append(_block(draft, blocker, attacker))
    draft.make_subject(attacker)
    _combat_stated(m, draft, said)
    return "; ".join(said) or None


def _blocked_and_dealt(m: re.Match[str], draft: Draft) -> str | None:
    """(R12) "my Bears got blocked by their Mastodon and dealt it 2 damage": the attacker dealt
    that damage to its blocker, marked on it (510.2, 120.3e). "it" there can't be the attacker
    itself (a creature deals combat damage to what blocks it), so with one blocker it is that
    blocker; with several the recipient isn't read."""
    attacker = draft.thing(m["a"], head=True) if m["a"] else draft.subject(m)
    blockers = [draft.thing(t, head=False) for t in placeholders(m["b"])]
    hit = draft.occurrence(m["hit"] or m["hit2"])
    if attacker is None or len(blockers) != 1 or blockers[0] is None or hit is None:
        return None
    blocker = blockers[0]
    if hit.entity not in (attacker.entity.key, blocker.entity.key):
        return None
    said = [_block(draft, blocker, attacker)]
    dealt = _add_damage(draft, blocker, number(m["n"] or m["n2"]), attacker.entity.label)
    if dealt is None:
        return None
    draft.make_subject(attacker)
    _combat_stated(m, draft, said)
    note = f"{attacker.entity.label} dealt combat damage to {blocker.entity.label}"
    draft.history.append({"event": "note", "note": note, "combat_damage": True})
    return f"{said[0]}; {dealt}"


@rule(
    "they block X with Y",
    rf"\b(?P<who>i|we|{OPPONENT})\s+(?:block|blocked|blocks|chump|chumped|chump-blocked)\s+(?P<a>{OBJ})"
    rf"\s+(?:with|w)\s+(?P<b>{OBJS})",
)
def block_with(m: re.Match[str], draft: Draft) -> str | None:
    attacker = draft.thing(m["a"], head=False)
    if attacker is None:
        return None
    said = []
    for token in placeholders(m["b"]):
        blocker = draft.thing(token, head=True)
        if blocker is not None:
            _blocker_of(draft, blocker, m["who"])
            said.append(_block(draft, blocker, attacker))
    return "; ".join(said) or None


@rule(
    "they throw their guys in front of it",
    rf"\b(?P<who>i|we|{OPPONENT})\s*,?\s+(?:[^.;@]{{0,60}}?\s)?(?:throws?|threw|puts?|put|sends?"
    r"|sent|jumps?|jumped)\s+(?:both\s+(?:of\s+)?|all\s+(?:of\s+)?|two\s+(?:of\s+)?)?"
    r"(?:their|his|her|my)\s+(?:guys|creatures|dudes|blockers|boys)\s+in front of\s+"
    rf"(?:(?P<a>{OBJ})|it|him|her)\s*:\s*(?P<b>{OBJS})",
)
def in_front_of(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "my opponent throws both of their guys in front of it: Grizzly Bears and Centaur
    Courser": each blocks it (509.1a), and is the blocking player's."""
    attackers = [t for t in draft.things.values() if t.attacking]
    if m["a"]:
        attacker = draft.thing(m["a"], head=False)
    else:
        attacker = attackers[0] if len(attackers) == 1 else None
    if attacker is None:
        return None
    said = []
    for token in placeholders(m["b"]):
        blocker = draft.thing(token, head=False)
        if blocker is None or blocker is attacker:
            return None
        _blocker_of(draft, blocker, m["who"])
        said.append(_block(draft, blocker, attacker))
    return "; ".join(said) or None


@rule("a double block", r"(?:,\s*)?\b(?:a|it'?s a)\s+(?:double|triple|gang)[- ]block\b")
def double_block(m: re.Match[str], draft: Draft) -> str | None:
    """ "..., a double block": what the blocks already said (509.1a); nothing more."""
    return "a double block" if any(t.blocking for t in draft.things.values()) else None


@rule(
    "they block with Y",
    rf"\b(?P<who>i|we|{OPPONENT})\s+(?:block|blocked|blocks|chump|chumps|chumped|chump-blocked"
    r"|chump blocks?|chump-blocks?|chump blocked|double blocks?|double-blocks?|double blocked"
    r"|double-blocked|triple blocks?|gang blocks?)\s+(?:(?:it|that|the attacker)\s+)?(?:with|w)\s+"
    rf"(?P<b>{OBJS})",
)
def block_it_with(m: re.Match[str], draft: Draft) -> str | None:
    attackers = [t for t in draft.things.values() if t.attacking]
    if len(attackers) != 1:
        return None
    said = []
    for token in placeholders(m["b"]):
        blocker = draft.thing(token, head=False)
        if blocker is not None:
            _blocker_of(draft, blocker, m["who"])
            said.append(_block(draft, blocker, attackers[0]))
    return "; ".join(said) or None


@rule(
    "they don't block",
    rf"\b(?:{OPPONENT}|i|we)\s+(?:(?:doesn't|don't|does not|do not|didn't|did not|won't|can't)"
    r"\s+block"
    r"(?:\s+(?:it|them))?|(?:has|have)\s+no\s+(?:blockers|blocks|creatures|untapped creatures))"
    r"|\b(?:nobody|no one|noone|no-one|nothing)\s+(?:blocks|blocked|is blocking|can block)\b",
)
def no_block(m: re.Match[str], draft: Draft) -> str | None:
    attackers = [t for t in draft.things.values() if t.attacking]
    for thing in attackers:
        thing.unblocked = True
        thing.note("unblocked")
    return "no blocks" if attackers else None


_SPLIT_N = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)"
_RECIPIENT = (
    rf"(?:{OBJ}|them|him|her|the player|the defending player|my opponent|the opponent|opp"
    r"|their face|face|me)"
)


@rule(
    "I split the damage",
    rf"\b(?P<who>i|we|they|he|she|opp\w*|my opponent)\s+(?:split|splits|divide|divided|divides"
    r"|assign|assigned|assigns|put|puts|deal|dealt|deals)\s+"
    rf"(?:(?P<src>{OBJ})(?:'s)?\s+|(?:its|his|her|the|all)\s+)?(?:{_SPLIT_N}\s+)?(?:combat\s+)?"
    rf"(?:damage\s+)?(?:as\s+|into\s+)?(?P<a>{_SPLIT_N})\s+(?:and|/|-)\s+(?P<b>{_SPLIT_N})\s+"
    rf"(?:between|among|across)\s+(?:them|the blockers|both(?: of them)?|the two"
    rf"|(?P<objs>{OBJ}\s+and\s+{OBJ})|{OBJ}\b)"
    rf"|\b(?P<who2>i|we|they|he|she|opp\w*|my opponent)\s+(?:assign|assigned|assigns|put|puts"
    r"|split|deal|dealt|deals|send|sent)\s+"
    rf"(?P<n1>{_SPLIT_N})\s+(?:damage\s+)?(?:to|on|onto|at)\s+(?:the\s+)?(?P<r1>{_RECIPIENT})"
    rf"\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:(?:the other|the remaining|the last)\s+)?"
    rf"(?P<n2>{_SPLIT_N})\s+(?:damage\s+)?(?:to|on|onto|at)\s+(?:the\s+)?(?P<r2>{_RECIPIENT})"
    # "I put 1 damage on the Angel and trample the other 5 over"
    rf"|\b(?P<who3>i|we|they|he|she)\s+(?:assign|assigned|put|puts|deal|send|split)\s+"
    rf"(?P<n5>{_SPLIT_N})\s+(?:damage\s+)?(?:to|on|onto|at)\s+(?:the\s+)?(?P<r5>{OBJ})\s*,?\s+and\s+"
    r"(?:trample|push|send|put|swing)\s+(?:the\s+)?(?:other|remaining|rest of the|last)?\s*"
    rf"(?P<n6>{_SPLIT_N})\s+(?:damage\s+)?(?:over|through)(?:\s+to\s+(?:them|the player|my opponent"
    r"|opp|their face))?",
)
def split_damage(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "I split the Wurm's six damage three and three between them", "I assign 3 to the
    Bears and 2 to the Courser": how the attacking player divided an attacker's combat damage
    among its blockers (and, with trample, the player: 510.1c, 702.19b). The engine checks the
    division is legal; the one attacker that is blocked is the one that divides."""
    attackers = [t for t in draft.things.values() if t.attacking]
    src = draft.thing(m["src"], head=False) if m["src"] else None
    attacker = src if src in attackers else attackers[0] if len(attackers) == 1 else None
    if attacker is None:
        return None
    blockers = [t for t in draft.things.values() if t.blocking == attacker.id]
    if m["a"]:
        named = [draft.thing(t, head=False) for t in placeholders(m["objs"] or "")]
        order = [t for t in named if t is not None] if m["objs"] else blockers
        if len(order) != 2 or any(t not in blockers for t in order):
            return None
        split = {order[0].id: number(m["a"]), order[1].id: number(m["b"])}
    elif m["n5"]:  # "... and trample the other 5 over": to the player it attacks (702.19b)
        blocker = draft.thing(m["r5"], head=False)
        if blocker not in blockers or blocker is None:
            return None
        split = {blocker.id: number(m["n5"]), "?player": number(m["n6"])}
    else:
        split = {}
        for n, r in ((m["n1"], m["r1"]), (m["n2"], m["r2"])):
            recipient = _recipient(draft, r, attacker, blockers)
            if recipient is None or recipient in split:
                return None
            split[recipient] = number(n)
    if draft.assignment.get(attacker.id, split) != split:
        draft.doubt("contradiction", f"how {attacker.entity.label}'s damage is divided")
    draft.assignment[attacker.id] = split
    shown = ", ".join(
        f"{n} to {draft.things[r].entity.label if r in draft.things else 'the player it attacks'}"
        for r, n in split.items()
    )
    attacker.note(f"assigns {shown}")
    return f"{attacker.entity.label} assigns {shown}"


def _recipient(draft: Draft, word: str, attacker: Thing, blockers: list[Thing]) -> str | None:
    """A blocker of the attacker, or the player it attacks ("them", "the player")."""
    if word.startswith("@"):
        thing = draft.thing(word, head=False)
        if thing is attacker:
            return "?player"  # "... and 4 on them": a pronoun read as the attacker is the player
        return thing.id if thing in blockers else None
    if word == "me":
        return None  # the attacking player doesn't damage themself
    return "?player"


@rule(
    "front side up",
    rf"(?:(?P<objs>{OBJ})\s*,?\s*)?(?:is\s+)?(?:on\s+its\s+)?(?:front|day)\s+(?:side|face)(?:\s+up)?\b"
    r"|\b(?:front|day)[- ]side[- ]up\b|\bnot (?:transformed|flipped)\b"
    # (R6) "Sage of Ancient Lore (the human side, not flipped)": its front face's own words
    rf"|(?P<objs2>{OBJ})\s*,\s*(?:the\s+)?(?:{OBJ}\s+|human\s+|front\s+|day\s+|unflipped\s+"
    r"|untransformed\s+|normal\s+)side(?:\s+up)?(?:\s*,\s*not (?:flipped|transformed))?",
)
def front_face(m: re.Match[str], draft: Draft) -> str | None:
    """ "Sage of Ancient Lore (front side up)": a double-faced permanent's front face is up, as
    a board has it unless it says otherwise (712.8a)."""
    things = _things(draft, m["objs"] or m["objs2"], m)
    for thing in things:
        thing.note("front face up")
    return "; ".join(f"{t.entity.label} front face up" for t in things) or None


@rule(
    "nothing happened to X",
    rf"\bnothing(?:\s+else)?\s+(?:has\s+)?happened\s+to\s+(?:it|them|{OBJ})(?:\s+since)?"
    r"|\b(?:haven't|have not|didn't|did not|not)\s+(?:animated|activated|tapped|used)\s+(?:it|@\d+)"
    r"(?:\s+yet)?|\bas my land(?: drop)?(?: for the turn)?\b",
)
def nothing_happened(m: re.Match[str], draft: Draft) -> str | None:
    """ "nothing has happened to it since", "haven't animated it", "as my land drop": what the
    board already says (no counters moved, not animated, played as a land, 305.1)."""
    return "nothing else happened"


@rule(
    "then attacked with X",
    rf"(?:\bthen|\band then|\band|,)\s+(?:attacked|attacks|swung|swings|swung in|attacked me)\s+"
    rf"(?:me\s+|us\s+|them\s+)?(?:with|w)\s+(?P<objs>{OBJS})",
)
def then_attacked(m: re.Match[str], draft: Draft) -> str | None:
    """ "Their turn: they Bolted it, then attacked with Hill Giant": the active player attacks
    (508.1a), so a subject left out is whoever's turn it was said to be; not said, not read."""
    if draft.active is None:
        return None
    said = []
    for token in placeholders(m["objs"]):
        thing = draft.thing(token, head=True)
        if thing is None or draft.conflicts(token, draft.active):
            return None
        said.append(_declare_attacker(draft, thing, draft.active))
    return "; ".join(said) or None


@rule(
    "X survived",
    rf"(?P<objs>{OBJS})\s+(?:lived|survived(?:\s+it)?|didn't die|did not die|is still alive"
    r"|stayed alive|is still (?:on the battlefield|around|there|here))\b(?!\s*\?)",
)
def survived(m: re.Match[str], draft: Draft) -> str | None:
    """ "(it lived)": told of an earlier event, it is still on the battlefield with whatever
    damage the event marked (120.3e), which the event's own words say."""
    if "?" in m.string:
        return None
    names = [t.entity.label for t in map(draft.thing, placeholders(m["objs"])) if t]
    return f"{' and '.join(names)} still on the battlefield" if names else None


@rule(
    "X is about to die",
    rf"(?:(?P<obj>{OBJ})\s+|\band\s+)(?:is\s+|'s\s+)?(?:about to|going to|gonna|will)\s+"
    r"(?:die|be destroyed|be sacrificed|get destroyed|get sacrificed)\b",
)
def about_to_die(m: re.Match[str], draft: Draft) -> str | None:
    """ "my Hangarback has two counters and it's about to die. what tokens do I get?": the
    dies trigger is what a tokens question asks about (603.6c, 700.4); any other question
    doesn't read it (reader._finish lists it as not read)."""
    thing = draft.thing(m["obj"], head=False) if m["obj"] else draft.subject(m)
    if thing is None:
        return None
    draft.dies_condition = m.group(0)
    draft.token_source = thing.id
    return f"if {thing.entity.label} dies"


@rule(
    "nothing left the battlefield",
    r"\b(?:nothing|no (?:permanents?|creatures?|cards?))\s+(?:has\s+|have\s+)?(?:left|died)"
    r"(?:\s+the battlefield)?(?:\s+under\s+(?:his|her|their|my|our|anyone'?s)\s+control)?"
    r"(?:\s+this turn)?\b"
    r"|\bno revolt(?:\s+(?:for|on)\s+(?:them|him|her|me|my opponent|opp|either of us))?"
    r"(?:\s+this turn)?\b",
)
def nothing_left(m: re.Match[str], draft: Draft) -> str | None:
    """ "Nothing left the battlefield under his control this turn": a board's history lists the
    events that still matter, so an event not listed didn't happen (docs/board-spec.md; what
    revolt and Fatal Push check)."""
    return "nothing left the battlefield this turn"


RULES = [
    then_attacked,
    survived,
    about_to_die,
    nothing_left,
    no_block,
    front_face,
    nothing_happened,
    # blocks before "X with Y" ("opp blocks it with a Grizzly Bears" is no Equipment)
    attack_walker,
    attack_with,
    swing_x,
    blocked_by,
    in_front_of,
    block_with,
    block_it_with,
    i_enchanted,
    equipment_verb,
    enchanted_with,
    wearing,
    attached_to,
    blocks,
    attacks,
    blocks_alone,
    split_damage,
    double_block,
    unblocked,
    counters_removed,
    counters,
    bare_counters,
    counters_on,
    loyalty_ability,
    loyalty,
    planeswalker_at,
    damage_dealt,
    no_damage,
    damage,
    damage_on,
    used_for_mana,
    cast_off,
    tapped_for,
    paid_with,
    i_tapped,
    tapped,
]
