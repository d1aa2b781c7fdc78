"""Copies: "Vizier copying Llanowar Elves", "a Clone of my Goyf", "Spark Double enters as a copy
of my Walker". (Token copies, "I embalmed X", "a 1/1 Spirit token", are marked in prepare.py.)"""

from __future__ import annotations

import re

from engine.reader.draft import Draft, Thing
from engine.reader.patterns import OBJ, rule

_ENTERING = (
    r"(?:enters|is entering|entering|comes in|is coming in|will enter|resolves|is resolving)"
)
_ENTERED = r"(?:entered(?: the battlefield)?|came in|cast|played|resolved|became|flickered|blinked)"
_AS_COPY = (
    r"(?:as\s+(?:a\s+)?(?:copy|clone)\s+of|copying|cloning|a\s+copy\s+of|copies|copied|that copies"
    r"|that copied|which copies|which copied|is a copy of|is copying|became a copy of)"
)


# (R12) a token said by where it came from, before the name: "the token I got from embalming
# Sacred Cat", "the zombie token we made by eternalizing X", "a token from embalming my X"
_TOKEN_FROM_KEYWORD = re.compile(
    r"\b(?P<det>the|a|an|my|that)\s+(?:[a-z]+\s+)?tokens?\s+(?:that\s+|which\s+)?"
    r"(?:(?P<i>i|we)\s+(?:just\s+)?(?:got|made|created|have|had)\s+)?(?:from|by|off|via|after)\s+"
    r"(?P<kw>embalm|eternaliz)(?:ing|e|ed)\s+(?:my\s+|the\s+)?(?P<card>@\d+)"
)


def told_tokens(low: str) -> str:
    """(R12) "the token I got from embalming @3" written as prepare's own form, "my embalmed @3
    token" (702.128a, 702.129a: the token is a copy of the card, with the keyword's
    exceptions), so prepare marks it as that token."""

    def form(m: re.Match[str]) -> str:
        how = "embalmed" if m["kw"] == "embalm" else "eternalized"
        whose = "my " if m["i"] or m["det"] == "my" else "the "
        return f"{whose}{how} {m['card']} token"

    return _TOKEN_FROM_KEYWORD.sub(form, low)


def enters_as_copy(thing: Thing) -> bool:
    """The copier's own replacement effect ("enter as a copy of", 707.5, 614.1c)."""
    text = thing.entity.text.oracle_text.lower() if thing.entity.text else ""
    return "as a copy of" in text and "enter" in text


def _copier_named(token: str | None, draft: Draft) -> bool:
    """A copier said by name must be one that enters as a copy ("Painter's Servant as it came
    in" is no copy); one not said is the clause's subject, judged when read."""
    occ = draft.occurrence(token or "")
    if occ is None or occ.entity is None:
        return True
    text = draft.entities[occ.entity].text
    return text is None or ("as a copy of" in text.oracle_text.lower())


def _copy(m: re.Match[str], draft: Draft) -> str | None:
    copier = draft.thing(m["obj"], head=True) if m["obj"] else draft.subject(m)
    source = draft.thing(m["src"], head=False)
    if copier is None or source is None or copier is source or not enters_as_copy(copier):
        return None
    if copier.copies not in (None, source.id):
        draft.doubt("contradiction", f"what {copier.entity.label} copies")
    copier.copies = source.id
    verb = m["verb"] or ""
    when = m["when"] or m["when2"]
    if re.fullmatch(_ENTERING, verb):
        copier.entering = True
        draft.set_this_turn(copier, True)
    elif (verb or m["i"]) and when == "last turn":
        draft.set_this_turn(copier, False)
    elif verb or m["i"] or when == "this turn":
        draft.set_this_turn(copier, True)
    they = m.groupdict().get("they")
    if they:
        draft.set_controller(copier, "P2")
        draft.set_this_turn(copier, True)
    if m["i"] or they or verb == "cast":
        copier.cast = True
        if copier.controller is None and m["i"]:
            draft.set_controller(copier, "P1")
    copier.note(f"a copy of {source.entity.label}")
    draft.make_subject(copier)
    return f"{copier.entity.label} a copy of {source.entity.label}"


@rule(
    "X as a copy of Y",
    rf"(?:\b(?:(?P<i>i|we)|(?P<they>(?:my\s+|the\s+)?(?:opponent|opp)|they|he|she))\s+(?:just\s+)?"
    rf"(?:cast|played|flickered|blinked|resolved|hard-cast)\s+)?(?:(?P<obj>{OBJ})\s*,?\s+)?"
    rf"(?:(?:that|which)\s+)?(?:(?:i\s+)?(?:just\s+)?(?P<verb>{_ENTERING}|{_ENTERED})\s+)?"
    rf"(?:(?P<when>this turn|last turn)\s+)?(?:{_AS_COPY}|(?<=\s)as(?=\s+@))\s+(?P<src>{OBJ})"
    r"(?:\s+(?P<when2>this turn|last turn))?",
    accepts=lambda m, draft: _copier_named(m["obj"], draft),
)
def as_copy(m: re.Match[str], draft: Draft) -> str | None:
    return _copy(m, draft)


@rule(
    "a Clone of X",
    rf"(?:\b(?P<i>i|we)\s+(?:just\s+)?(?:cast|played)\s+)?(?P<obj>{OBJ})\s+of\s+(?P<src>{OBJ})"
    r"(?P<verb>)(?P<when>)(?:\s+(?P<when2>this turn|last turn))?",
)
def clone_of(m: re.Match[str], draft: Draft) -> str | None:
    return _copy(m, draft)


@rule(
    "had X copy Y",
    rf"\b(?:and\s+)?(?:had|have|made|make|let)\s+(?P<obj>{OBJ})\s+(?:copy|clone|enter as a copy of"
    rf"|come in as a copy of|become a copy of)\s+(?P<src>{OBJ})(?P<verb>)(?P<i>)(?P<when>)"
    r"(?:\s+(?P<when2>this turn|last turn))?",
)
def had_copy(m: re.Match[str], draft: Draft) -> str | None:
    return _copy(m, draft)


# whose the copied card is ("my own", "their"; "¦" where the control rules already read it)
_WHOSE = r"(?:(?:my|our|their|his|her|opp'?s|(?:my\s+)?opponent'?s|the)\s+|¦+\s*)?(?:own\s+)?"
_I_OR_THEY = r"\b(?:(?P<i>i|we)|(?P<they>(?:my\s+|the\s+)?(?:opponent|opp)|they))\s+"
_THEN = r"(?:just\s+|then\s+|finally\s+|now\s+)?"


def _said_copier(m: re.Match[str], draft: Draft) -> bool:
    """(R17) The card said as the verb ("I Clone X") or after "with" ("I copy X with Spark
    Double") is one that enters as a copy (707.5); a second name after "with" is that card."""
    first = draft.occurrence(m["obj"] or "")
    with_ = draft.occurrence(m.groupdict().get("obj3") or "")
    if first is None or first.entity is None:
        return False
    text = draft.entities[first.entity].text
    if text is None or "as a copy of" not in text.oracle_text.lower():
        return False
    return with_ is None or with_.entity == first.entity


@rule(
    "I Clone X",
    rf"{_I_OR_THEY}{_THEN}(?P<obj>{OBJ})\s+{_WHOSE}(?P<src>{OBJ})"
    rf"(?:\s+with\s+{_WHOSE}(?P<obj3>{OBJ}))?(?P<verb>)(?P<when>)"
    r"(?:\s+(?P<when2>this turn|last turn))?",
    accepts=_said_copier,
)
def clone_verb(m: re.Match[str], draft: Draft) -> str | None:
    """(R17) "I Clone my own Goyf", "if I Spark Double my Thalia", "I cloned my Bears with
    Clone": the copier said as the verb is cast and enters as a copy of the card after it
    (707.5, 614.1c)."""
    return _copy(m, draft)


@rule(
    "I copy X with Y",
    rf"{_I_OR_THEY}{_THEN}(?:copy|copies|copied|clone|clones|cloned)\s+{_WHOSE}(?P<src>{OBJ})"
    rf"\s+(?:with|using)\s+(?:a\s+)?{_WHOSE}(?P<obj>{OBJ})(?P<verb>)"
    r"(?P<when>)(?:\s+(?P<when2>this turn|last turn))?",
    accepts=_said_copier,
)
def copy_with(m: re.Match[str], draft: Draft) -> str | None:
    """(R17) "I copy my Thalia with Spark Double", "they copied my Angel with their Clone"."""
    return _copy(m, draft)


RULES = [copy_with, clone_verb, had_copy, as_copy, clone_of]
