"""Timing and turn: "entered / came in / I played it this turn", "been out since last turn",
"it's my turn", "on their turn", "main phase", "in combat", "declare blockers"."""

from __future__ import annotations

import re

from engine.reader.draft import Draft, Thing
from engine.reader.patterns import OBJ, OBJS, OPPONENT, number, placeholders, rule
from engine.reader.vocabulary import Player, Step

_ENTERED = (
    r"(?:entered(?: the battlefield)?|came in(?:to play)?|came into play|came down|etb'?e?d|etbd"
    r"|was played|was cast|got played|resolved|hit the (?:battlefield|board)|landed|arrived)"
)
_THIS_TURN = r"(?:this turn|today|just now|earlier this turn|on this turn)"
_EARLIER = (
    r"(?:last turn|on my last turn|(?:on|during|in) (?:my|your|the) (?:previous|last) turn"
    r"|(?:a|one|two|three|a few|several|a couple(?: of)?|\d{1,2}) turns? ago"
    r"|on an? (?:earlier|previous) turn"
    r"|before this turn|earlier|ages ago)"
)
_SINCE = (
    r"(?:since\s+(?:my|your|the|their|its|an|a)?\s*(?:last|previous|earlier|prior)\s+turns?"
    r"|since before"
    r" (?:this|my) turn|since (?:the )?(?:start|beginning) of (?:the|this|my) turn|forever"
    r"|for (?:a while|a long time|forever"
    r"|ages|a few turns|several turns|a couple (?:of )?turns|(?:two|three|many) turns)"
    r"|from (?:my |the"
    r" )?(?:last|previous) turn|since (?:turn (?:\d+|one|two|three|four|five)|forever"
    r"|the start of the game)|(?<=been there )(?:a while|ages|forever)"
    r"|(?<=been out )(?:a while|ages|forever)"
    r"|since (?:like |about |around )?(?:\d{1,2}|a|one|two|three|four|five|a few|several|a couple"
    r"(?: of)?) turns? ago|for (?:like |about |around |maybe |at least )?(?:\d{1,2}|two|three|four"
    r"|five|six|seven|eight|nine|ten|a few|several|some|many|multiple|a bunch of)?\s*turns(?: now)?"
    r"|from (?:earlier|previous|past|prior|older|other) turns?|from before"
    r"|since (?:a few|several|a couple(?: of)?|some|many|\d{1,2}|two|three|four|five) turns\b"
    r"|(?<=been mine )(?:ever )?since(?: then)?\b)"
)
# (R6) numbers as words: "on turn two"
_TURN_N = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b"
_ON_TURN_W = rf"(?:on\s+)?(?:my\s+|their\s+)?turn\s+{_TURN_N}"  # in a group of its own below
THIS_TURN, EARLIER = _THIS_TURN, _EARLIER  # for other sub-grammars ("stole it last turn")
_BEEN = (
    r"(?:(?:has|have|had|'s|'ve|is|was)\s+)?(?:(?:both|all|each)\s+)?(?:been\s+)?"
    r"(?:out|on the battlefield|on (?:the )?board"
    r"|in play|there|here|around|down|sitting there|under (?:my|your|their) control|in play|mine"
    r"|(?:sitting|sat|chilling|hanging out|parked) (?:on|in) (?:my|your|their|the opponent's"
    r"|opp'?s|the) (?:side|board|battlefield|table)(?: of the (?:board|battlefield|table))?"
    r"|on (?:my|your|their|the opponent's|opp'?s) side(?: of the (?:board|battlefield|table))?"
    r"|on (?:my|your|their) (?:board|battlefield))?\s*"
)


def every_named_before(m: re.Match[str], draft: Draft) -> list[Thing | None]:
    """ "X, Y and Z, all three have been out since my last turn", "both untapped": every
    permanent named earlier in the sentence (a spell or a card in a graveyard is none)."""
    named = [draft.thing(t, head=False) for t in placeholders(m.string[: m.start()])]
    things = [t for t in named if t is not None]
    if not named:  # "X, Y and Z on my side; all three have been out since my last turn"
        things = list(draft.things.values())
        said = re.search(r"\b(both|two|three|four|five)\b", m.group(0))
        wanted = (
            {"both": 2, "two": 2, "three": 3, "four": 4, "five": 5}.get(said[1]) if said else None
        )
        board = [t for t in things if t.zone == "battlefield" and not t.entity.is_spell]
        if wanted is not None and sum(t.count for t in board) != wanted:
            return []  # the number said isn't the number named: not read
    return [t for t in things if t.zone == "battlefield" and not t.entity.is_spell]


def _subjects(m: re.Match[str], draft: Draft) -> list[Thing | None]:
    """The things a clause is about; "X and Y that entered this turn" is about Y."""
    tokens = _once_each(placeholders(m["objs"] or ""), draft)
    if tokens and re.search(r"\b(?:that|which|who)\b", m.group(0)):
        # "crew it with a Bears that I cast this turn": the relative clause is the Bears'
        return [draft.thing(tokens[-1], head=False)]
    if tokens and m.groupdict().get("i"):
        tokens = tokens[-1:]
    return [draft.clause_subject(t, m.string) for t in tokens] or [draft.subject(m)]


def _once_each(tokens: list[str], draft: Draft) -> list[str]:
    """(R9) A list that names one card twice ("a copy of my elves (the real elves have been out
    since turn 2)": the bracket turned into a comma) is that card once, as its last mention,
    which is the subject (the first may be the object of "a copy of")."""
    keys = [(o.entity if (o := draft.occurrence(t)) else None) for t in tokens]
    return [t for i, t in enumerate(tokens) if keys[i] is None or keys[i] not in keys[i + 1 :]]


_ON_TURN = rf"(?:on\s+)?(?:my\s+|their\s+)?turn\s+(?P<turn>{_TURN_N})"


_THEIR_TURN = (
    r"(?:(?:during|on|in|at) (?:their|my opponent's|the opponent's|opp'?s|his|her) (?:last )?"
    r"(?:turn|end step|upkeep|combat|end of turn|draw step|declare attackers(?: step)?)"
    r"|at (?:the )?end of (?:their|my opponent's|the opponent's|opp'?s|his|her) turn)"
)
THEIR_TURN = _THEIR_TURN


def when_said(thing: Thing, draft: Draft, when: str | None, assumed: bool = True) -> str:
    """When ``thing`` came under its controller's control, as said (302.6); nothing said is
    this turn, assumed unless ``assumed`` is False ("I just cast it")."""
    said = _when(thing, draft, when)
    if not assumed:
        thing.timing_assumed = False
    return said


def _when(thing: Thing, draft: Draft, when: str | None) -> str:
    if when and re.fullmatch(_THEIR_TURN, when):
        # "flashed it in on their turn": this turn if it is still their turn, else before
        # the speaker's turn began (spec.settle decides once whose turn it is is known, 302.6)
        thing.on_their_turn = True
        draft.set_this_turn(thing, False)
        thing.said = [s for s in thing.said if s != "since before this turn"]
        thing.note("came in during their turn")
        return f"{thing.entity.label} came in during the opponent's turn"
    on_turn = re.fullmatch(_ON_TURN, when or "")
    if on_turn:
        # "came down turn 2": before this turn unless this is turn 2 (spec.settle compares)
        thing.entered_turn = number(on_turn["turn"])
        draft.set_this_turn(thing, False)
        thing.said = [s for s in thing.said if s != "since before this turn"]
        thing.note(f"since turn {thing.entered_turn}")
        return f"{thing.entity.label} entered on turn {thing.entered_turn}"
    if when and re.fullmatch(_EARLIER, when):
        draft.set_this_turn(thing, False)
        thing.last_turn = re.search(r"\blast turn\b", when) is not None
        return f"{thing.entity.label} since before this turn"
    draft.set_this_turn(thing, True)
    if not when:
        thing.timing_assumed = True
    return f"{thing.entity.label} entered this turn"


@rule(
    "X entered this turn",
    rf"(?:\b(?P<moment>when|as|after|once)\s+(?=@))?(?:(?P<objs>{OBJS})\s+)?(?:(?:that|which|who)\s+|\(\s*)?(?:(?P<i>i|we)\s+(?:just\s+|only\s+|already\s+)?"
    r"(?:played|cast)"
    r"|just cast|just played|new"
    rf"|(?:just\s+|only\s+)?(?:{_ENTERED}))(?:\s+(?P<when>{_THIS_TURN}|{_EARLIER}|{_ON_TURN_W}|{_THEIR_TURN}))?"
    r"(?:\s+under\s+(?P<whose>my|your|their|his|her|my opponent's|the opponent's)\s+control)?",
)
def entered(m: re.Match[str], draft: Draft) -> str | None:
    if m["moment"] and not m["when"] and not m["i"]:
        # (R6) "I chose blue when it came in": the moment it entered, not when that was
        return "as it entered"
    things = _subjects(m, draft)
    said = []
    for thing in things:
        if thing is not None and thing.entity.is_spell:
            return None
        if thing is not None and m["whose"]:
            draft.set_controller(thing, "P1" if m["whose"] in ("my", "your") else "P2")
        elif thing is not None and m["i"] and thing.controller is None:
            draft.set_controller(thing, "P1")  # "a Grizzly Bears that I cast this turn"
        if thing is not None:
            said.append(_when(thing, draft, m["when"]))
            if m["i"] or re.search(r"\b(?:just|new)\b", m.group(0)):
                thing.timing_assumed = False  # "that I played", "just cast": this turn
            if m["when"] and _stated(m.string):
                # "Birds of Paradise came down this turn." tells of a game being played, not a
                # rules question about a card: a board (whose it is is filled in and said)
                draft.owner_said = True
    return "; ".join(said) or None


def _stated(sentence: str) -> bool:
    """A statement, not a question ("X came in this turn", not "can X attack the turn it came
    in")."""
    return "?" not in sentence and not re.match(
        r"\W*(?:can|could|what|how|does|do|is|are|will|would|should|may|if|when)\b", sentence
    )


_ME_WHO = ("i", "we", "i'm", "im", "i am", "i'd", "i had", "we'd", "we had")


@rule(
    "I played X this turn",
    rf"(?:\b(?P<who>i|we|i'm|im|i am|i'd|i had|we'd|we had|{OPPONENT})\s+|^\s*|\band\s+"
    r"|\bthen\s+|,\s*)"
    r"(?:just\s+|only\s+|then\s+)?"
    r"(?P<verb>played|cast|casted|hard-cast|hardcast|hard cast|dropped|put down|flashed in|flashed"
    r"|casting|playing|play|drop|flash in|flash|resolved|resolve|slammed|landed)\s+"
    rf"(?P<objs>{OBJS})(?:\s+(?:both|all|all of them|each))?"
    rf"(?:\s+(?P<when>{_THIS_TURN}|{_EARLIER}|{_ON_TURN_W}|{_THEIR_TURN}))?",
)
def i_played(m: re.Match[str], draft: Draft) -> str | None:
    said = []
    for token in placeholders(m["objs"]):
        thing = draft.thing(token, head=True)
        if thing is None or thing.entity.is_spell:
            return None  # casting a spell: the engine doesn't resolve spells from chat
        theirs = m["who"] is not None and m["who"] not in _ME_WHO
        if theirs:
            draft.set_controller(thing, "P2")  # "opp just flashed in a Snapcaster Mage"
        elif thing.controller is None:
            draft.set_controller(thing, "P1")
        if m["verb"] in ("cast", "flashed", "flashed in", "casting", "resolved", "hard-cast"):
            thing.cast = True
        said.append(_when(thing, draft, m["when"]))
        thing.timing_assumed = False  # "I just played it": this turn, unless said otherwise
    return "; ".join(said) or None


@rule(
    "X since last turn",
    rf"(?:\b(?:(?:i|we)\s+)?(?:had|have had|'ve had|ve had)\s+(?=@))?(?:(?P<objs>{OBJS})\s+)?"
    rf"(?:(?:that|which)\s+)?(?:(?:i|we|i've|ive|we've|i have)\s+)?"
    rf"(?P<all>(?:both|all|all three|all four|all of them|each|everything(?:'s| has| is)?"
    r"|all of it|the whole board|all my stuff"
    rf"|they(?:'re| are| have)? (?:both|all))"
    rf"\s+)?{_BEEN}{_SINCE}",
)
def since_last_turn(m: re.Match[str], draft: Draft) -> str | None:
    things = every_named_before(m, draft) if m["all"] and not m["objs"] else _subjects(m, draft)
    said = []
    for thing in things:
        if thing is not None:
            draft.set_this_turn(thing, False)
            said.append(f"{thing.entity.label} since before this turn")
    if said and _stated(m.string):
        # (R6) "birds of paradise, been out since last turn." tells of a game being played, as
        # "X came down this turn." does: a board, not a rules question about a card
        draft.owner_said = True
    return "; ".join(said) or None


@rule(
    "not summoning sick",
    rf"(?:(?P<objs>{OBJS})\s*,?\s+)?(?:(?:is|are)\s+)?"
    r"(?P<neg>not\s+|isn't\s+|aren't\s+|no longer\s+)?"
    r"(?:summoning[- ]sick)(?!ness)",
)
def summoning_sick(m: re.Match[str], draft: Draft) -> str | None:
    things = _subjects(m, draft)
    negative = bool(m["neg"])
    said = []
    for thing in things:
        if thing is not None:
            draft.set_this_turn(thing, not negative)
            said.append(f"{thing.entity.label} {'not ' if negative else ''}summoning sick")
    return "; ".join(said) or None


_WHOSE = r"(?P<who>my|your|their|his|her|our|opp'?s|opps|(?:my\s+|the\s+|your\s+)?opponent'?s)"


# (R12) a turn said in a clause about another time or about the rules, not the board's: "I
# didn't use it on my own turn", "you can only use tap abilities on your own turn"
_OTHER_TURN = re.compile(
    r"\b(?:didn't|did not|never|wasn't|weren't|couldn't|only|last|previous|next|every|each)\b"
    r"[^,;:]*$"
)


# "I attacked last turn and now it's their turn": the turn said now is the board's
_PRESENT = re.compile(r"\W*(?:it'?s|it is)\b|\b(?:now|currently)\b")


@rule(
    "whose turn",
    rf"(?:(?P<neg>(?:\bit|{OBJ})(?:'?s|\s+is)?\s+not|(?:\bit|{OBJ})\s+isn't|\bnot)\s+"
    r"|\b(?:it'?s|it is|during|on|in|at)?\s*)"
    rf"{_WHOSE}\s+(?:own\s+)?turn\b",
)
def whose_turn(m: re.Match[str], draft: Draft) -> str | None:
    before = m.string[: m.start()]
    other = _OTHER_TURN.search(before)
    # "it's their turn" (prepare may have made "it's" a placeholder): said as the present
    its = re.search(r"@\d+\s*$", before) is not None and m.group(0).strip().startswith(m["who"])
    if other and not _PRESENT.search(other.group(0)) and not _PRESENT.match(m.group(0)) and not its:
        return "a turn other than this one"  # (R12) not whose turn it is now
    player: Player = "P1" if m["who"] in ("my", "our") else "P2"
    if m["who"] == "your" and "opponent" not in m.group(0):
        player = "P1"
    if m["neg"]:
        player = "P2" if player == "P1" else "P1"  # "it's not my turn": the other player's
    draft.set_active(player)
    return "your turn" if player == "P1" else "your opponent's turn"


STEP_WORDS: dict[str, Step] = {
    "untap step": "untap",
    "upkeep": "upkeep",
    "draw step": "draw",
    "precombat main phase": "precombat_main",
    "precombat main": "precombat_main",
    "pre-combat main": "precombat_main",
    "first main phase": "precombat_main",
    "first main": "precombat_main",
    "main phase 1": "precombat_main",
    "main phase": "precombat_main",
    "main 1": "precombat_main",
    "beginning of combat": "beginning_of_combat",
    "declare attackers step": "declare_attackers",
    "declare attackers": "declare_attackers",
    "declare blockers step": "declare_blockers",
    "declare blockers": "declare_blockers",
    "after blockers": "declare_blockers",
    "after blocks": "declare_blockers",
    "blockers declared": "declare_blockers",
    "blocks declared": "declare_blockers",
    "after attackers": "declare_attackers",
    "attackers declared": "declare_attackers",
    "after attacks": "declare_attackers",
    "end phase": "end",
    "ending phase": "end",
    "main 2": "postcombat_main",
    "mainphase": "precombat_main",
    "main phase one": "precombat_main",
    "main phase two": "postcombat_main",
    "upkeep step": "upkeep",
    "blockers step": "declare_blockers",
    "first strike damage step": "first_strike_damage",
    "first strike damage": "first_strike_damage",
    "combat damage step": "combat_damage",
    "end of combat": "end_of_combat",
    "postcombat main phase": "postcombat_main",
    "postcombat main": "postcombat_main",
    "post-combat main": "postcombat_main",
    "second main phase": "postcombat_main",
    "second main": "postcombat_main",
    "main phase 2": "postcombat_main",
    "end step": "end",
    "end of turn": "end",
    "cleanup step": "cleanup",
}
_STEPS = "|".join(sorted(map(re.escape, STEP_WORDS), key=len, reverse=True))


@rule(
    "step",
    rf"\b(?:it'?s\s+|it is\s+|we'?re\s+in\s+|in\s+|during\s+|on\s+|at\s+)?(?:the\s+)?"
    rf"(?:{_WHOSE}\s+)?(?P<step>{_STEPS})\b",
)
def step(m: re.Match[str], draft: Draft) -> str | None:
    if m["who"]:
        draft.set_active("P1" if m["who"] in ("my", "our", "your") else "P2")
    if draft.step is not None and _now(m):
        # (R6) "During combat I gave it Giant Growth ... Now it's my second main phase", "I
        # pinged in their upkeep. Can I ping again in their end step?": the earlier step was
        # when something happened; the one said now (or asked about) is the board's
        draft.step, draft.step_assumed = STEP_WORDS[m["step"]], False
        return m["step"]
    draft.set_step(STEP_WORDS[m["step"]])
    return m["step"]


def _now(m: re.Match[str]) -> bool:
    """A step said as the present: with "now", or in the question."""
    return re.search(r"\bnow\b", m.string) is not None or not _stated(m.string)


@rule(
    "at the end of their turn",
    rf"\b(?:it'?s\s+|it is\s+)?(?:at|during|in|on)\s+(?:the\s+)?(?:very\s+)?end\s+of\s+{_WHOSE}"
    r"\s+(?:own\s+)?turn\b(?!\s+(?:last|before)\b)",
)
def end_of_turn(m: re.Match[str], draft: Draft) -> str | None:
    """(R17) "At the end of my opponent's turn I flash in X": their end step (513.1), and
    whose turn it is, as "in their end step" says."""
    player: Player = "P1" if m["who"] in ("my", "our") else "P2"
    if m["who"] == "your" and "opponent" not in m.group(0):
        player = "P1"
    draft.set_active(player)
    if draft.step is not None and _now(m):
        draft.step, draft.step_assumed = "end", False
    else:
        draft.set_step("end")
    return "your end step" if player == "P1" else "your opponent's end step"


@rule(
    "in combat",
    r"\b(?:in|during)\s+combat\b|\bit'?s combat\b|(?:^|(?<=,))\s*combat\s*(?=[,.;]|$)",
)
def in_combat(m: re.Match[str], draft: Draft) -> str | None:
    if draft.step is None:
        draft.step = "declare_blockers"
        draft.step_assumed = False
    return "in combat"


@rule("turn number", rf"\b(?:it'?s\s+|on\s+)?turn\s+(?P<n>\d{{1,3}}\b|{_TURN_N})")
def turn_number(m: re.Match[str], draft: Draft) -> str | None:
    draft.turn_number = number(m["n"])
    return f"turn {draft.turn_number}"


@rule(
    "the turn I cast it",
    rf"\bthe\s+(?:same\s+)?turn\s+(?:that\s+)?(?:(?P<i>i|we)\s+(?:cast|casted|played|play|cast)"
    rf"\s+(?P<objs>{OBJS})|(?P<objs2>{OBJS})\s+(?:{_ENTERED}|comes in|enters))",
)
def the_turn_it_came(m: re.Match[str], draft: Draft) -> str | None:
    """ "can I tap it the turn I cast it": it came under my control this turn (302.6)."""
    said = []
    for token in placeholders(m["objs"] or m["objs2"]):
        thing = draft.thing(token, head=False)
        if thing is None or thing.entity.is_spell:
            return None
        if m["i"] and thing.controller is None:
            draft.set_controller(thing, "P1")
        draft.set_this_turn(thing, True)
        said.append(f"{thing.entity.label} entered this turn")
    return "; ".join(said) or None


@rule(
    "X (old)",
    rf"(?P<objs>{OBJS})\s*[,¦]+\s*(?:(?P<mine>mine|theirs|opp'?s|my opponent'?s)\s*,\s*)?"
    r"(?P<when>old|been here(?: a while| forever| for ages| for a while)?"
    r"|been out(?: a while| for a while| forever)?|from before|new|fresh"
    r"|just\s+(?:cast|played)(?:\s+(?:it|@\d+))?(?:\s+this turn)?"
    r"|(?:cast|played)\s+(?:(?:it|@\d+)\s+)?this turn"
    r"|this turn|last turn|since last turn)\s*(?=,|$)"
    r"|(?P<objs2>@\d+)\s*[,¦]+\s*(?P<mine2>mine|theirs)\s*(?=,|$)",
)
def aside(m: re.Match[str], draft: Draft) -> str | None:
    """ "Fervor (old), Vizier (cast it this turn)", "Kinnan (mine, been here a while)": words in
    brackets after a name (prepare turns brackets into commas) say whose it is and since when."""
    said = []
    named = placeholders(m["when"] or "")
    if named:
        # "Vizier copying the elves (cast it this turn)": the bracket names its own subject
        # (the pronoun prepare resolved), not the word just before it
        for token in placeholders(m["objs"] or ""):
            draft.thing(token)
        thing = draft.thing(named[0], head=False)
        if thing is None or thing.entity.is_spell:
            return None
        draft.set_this_turn(thing, True)
        thing.cast = thing.cast or "cast" in (m["when"] or "")
        if thing.controller is None:
            draft.set_controller(thing, "P1")  # "(cast it this turn)": the speaker cast it
        return f"{thing.entity.label} entered this turn"
    for token in placeholders(m["objs"] or m["objs2"]):
        thing = draft.thing(token, head=True)
        if thing is None or thing.entity.is_spell:
            return None
        whose = m["mine"] or m["mine2"]
        if whose:
            draft.set_controller(thing, "P1" if whose == "mine" else "P2")
        when = m["when"] or ""
        if when:
            earlier = re.match(r"old|been|from before|last turn|since", when) is not None
            draft.set_this_turn(thing, not earlier)
        said.append(f"{thing.entity.label}: {whose or ''} {when}".strip())
    return "; ".join(said) or None


# (R12) "and got the token", "and made a token": the token the verb just made, said again
_GOT_IT = (
    rf"(?:\s*,?\s*(?:and\s+)?(?:i\s+|we\s+|they\s+)?(?:got|get|made|created)\s+(?P<again>{OBJ}))?"
)


@rule(
    "a token made last turn",
    rf"(?P<objs>{OBJ})\s+(?P<when>{_THIS_TURN}|{_EARLIER}){_GOT_IT}"
    r"(?=\s*(?:[,.;!?]|$|(?:and|but|so)\b))"
    rf"|^\W*(?:so\s+|and\s+)?(?P<when2>{_THIS_TURN}|{_EARLIER})\s*,?\s+(?P<objs2>{OBJ})"
    rf"{_GOT_IT.replace('again', 'again2')}(?=\s*(?:[,.;]|$))",
    accepts=lambda m, draft: _made_token(m["objs"] or m["objs2"], draft),
)
def token_when(m: re.Match[str], draft: Draft) -> str | None:
    """ "my opp embalmed Angel of Sanctions last turn", (R12) "last turn they eternalized X and
    got the token": the token (prepare read the verb) came in then (111.1)."""
    token = m["objs"] or m["objs2"]
    when = m["when"] or m["when2"]
    occ = draft.occurrence(token)
    again = draft.occurrence(m["again"] or m["again2"] or "")
    if again is not None and (occ is None or again.entity != occ.entity):
        return None  # "and got" another thing: not this token said again
    if occ is not None and re.fullmatch(_EARLIER, when):
        occ.hints.this_turn = False  # "I eternalized X last turn": not this turn after all
    thing = draft.thing(token)
    if thing is None:
        return None
    return _when(thing, draft, when)


def _made_token(token: str, draft: Draft) -> bool:
    occ = draft.occurrence(token)
    entity = draft.entities.get(occ.entity) if occ and occ.entity else None
    return entity is not None and bool((entity.token or {}).get("via"))


def _resolving_told(m: re.Match[str], draft: Draft) -> bool:
    """Told of a game: "I'm resolving X", "Resolving X right now", "X enters, trigger on the
    stack." — not a rules question ("can Llanowar Elves tap for mana the turn it comes in?"),
    unless what it names is already said to be entering."""
    if m["who"] or m["objs"] or _stated(m.string):
        return True
    if re.match(r"(?:when|as|once)\b", m.group(0)) or re.search(
        r"(?:\b(?:from|off|upon|on)|¦)\s*$", m.string[: m.start()]
    ):
        return True  # "what tokens do I get from it entering", "when the Double lands"
    occ = draft.occurrence((placeholders(m["objs2"] or "") or [""])[0])
    key = occ.entity if occ is not None else None
    return any(t.entering for t in draft.things.values() if t.entity.key == key)


@rule(
    "resolving X",
    rf"(?:\b(?P<who>i'?m|i am|we'?re|we are|(?:my\s+)?opponent(?:'s| is)|opp(?:'s| is)|they'?re"
    rf"|they are)\s+(?:just\s+|now\s+)?resolving\s+|^\W*(?:now\s+|just\s+)?resolving\s+)"
    rf"(?P<objs>{OBJS})"
    rf"|(?:\b(?:when|as|once)\s+)?(?P<objs2>{OBJS})\s+(?:is\s+)?(?:resolving|about to resolve"
    r"|is about to resolve|is entering"
    r"|entering|enters|comes in|is coming in|lands|hits the battlefield)"
    r"(?=\s*(?:[,.;!?(]|$|\s+(?:now|right now|and|with|so|but)\b))"
    r"(?:\s+(?:now|right now))?"
    r"(?:\s*,?\s*(?:with\s+)?(?:(?:its|the|his|her|@\d+)\s+)?(?:enters|etb|enter)?\s*triggers?\s+"
    r"(?:is\s+)?(?:on the stack|waiting|pending|not resolved yet))?",
    accepts=lambda m, draft: _resolving_told(m, draft),
)
def resolving(m: re.Match[str], draft: Draft) -> str | None:
    """(R6) "Resolving Siege-Gang Commander right now", "I'm resolving Spark Double copying the
    Walker", "Grave Titan enters, trigger on the stack": a permanent spell resolving becomes a
    permanent entering the battlefield now (608.3, 614.1c); its enters triggers are what a
    tokens question asks about (603.6a)."""
    said = []
    for token in placeholders(m["objs"] or m["objs2"]):
        thing = draft.thing(token, head=True)
        if thing is None or thing.entity.is_spell or thing.zone != "battlefield":
            return None
        who = (m["who"] or "").lower()
        if who and not who.startswith(("i", "we")):
            draft.set_controller(thing, "P2")
        elif who or (m["objs"] and thing.controller is None):  # "(I'm) resolving X"
            draft.set_controller(thing, thing.controller or "P1")
        elif _stated(m.string):
            draft.state_said = True  # "Grave Titan enters, trigger on the stack." tells of a game
        thing.entering = True
        thing.cast = True
        draft.set_this_turn(thing, True)
        thing.timing_assumed = False
        thing.said = [s for s in thing.said if s != "entered this turn"]
        thing.note("entering now")
        said.append(f"{thing.entity.label} entering the battlefield")
    return "; ".join(said) or None


@rule(
    "no responses",
    r"\b(?:no responses?|nobody responds|no one responds|neither (?:of us|player) responds"
    r"|(?:they|opp|my opponent|he|she|i) (?:doesn't|don't|didn't|does not|did not) respond"
    r"|(?:and\s+)?(?:it|they) resolves?\b(?=\s*(?:[,.;!?)]|$)))",
)
def no_responses(m: re.Match[str], draft: Draft) -> str | None:
    """ "(no responses)", "neither of us responds": nothing else goes on the stack first (405.5)."""
    return "no responses"


RULES = [
    resolving,
    no_responses,
    token_when,
    aside,
    the_turn_it_came,
    i_played,
    since_last_turn,
    entered,
    summoning_sick,
    end_of_turn,
    step,
    whose_turn,
    in_combat,
    turn_number,
]
