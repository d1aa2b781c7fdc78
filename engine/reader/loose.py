"""(R9, session 11) Board facts the grammar left unread, read loosely, clause by clause.

The sub-grammars read fixed phrases; what they leave is a fragment of the message. Here each
clause of such a fragment is looked at with a closed vocabulary of fact words instead of
phrases: counters ("four +1/+1 counters on it", "grown to 4 counters"), loyalty ("showing 3
loyalty"), damage marked ("been dealt 1 damage this turn"), tapped / untapped, how long a
permanent has been there ("has been beating down all game", "out for a few turns", "fresh"),
a zone ("sitting in my graveyard") and the players' life totals ("Life: me 12, opp 15").

A fact is attached only when the clause is about exactly one thing (its own placeholder, else
the one thing of its fragment, else the one thing of its sentence) and nothing else in the
clause is a board word this vocabulary doesn't explain. A claim ("my friend says it has 3
counters"), a condition ("if it had 3 counters") or a question is never read. Every fact read
here is a ``loose_reading`` doubt, so the answer is never verified, and the echo says it ("read
loosely: Hangarback Walker has 4 +1/+1 counters"); a loose fact that disagrees with what the
grammar read is a contradiction.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.reader.draft import Draft, Thing
from engine.reader.patterns import NUM, number
from engine.reader.vocabulary import MAX_NUMBER, Player, Zone

# a fragment is cut into clauses at punctuation and at the conjunctions that join clauses
_CLAUSE_BREAK = re.compile(r"\s*[,;:()\u2014]\s*|\s+-+\s+|\s+(?:and|but|so|then|while|plus)\s+")
# words that make a clause something other than a fact about the board now
_NOT_A_FACT = re.compile(
    r"\?|\b(?:if|when|whenever|once|whether|unless|would|could|might|should|may|will|wo?n't"
    r"|says?|said|claims?|claimed|thinks?|thought|insists?|believes?|reckons?|argues?|argued"
    r"|wants?|asks?|asked|supposed|pretend|imagine|let's|lets|what|how|can|does|do|did|is it"
    r"|not|n't|never|no longer|nor|without|removed?|removes|lost|loses|lose|would've|before"
    r"|after|until|instead|each|every|all of|both|either|neither|nothing|nobody|no one|none)\b"
)
# (R9) words before the clause that make the whole rest of it a claim or a condition
_CLAIM_BEFORE = re.compile(
    r"\b(?:says?|said|claims?|claimed|thinks?|thought|insists?|believes?|reckons?|argues?"
    r"|argued|swears?|told me|tells me|wants? to know|asked|asks|if|whether|suppose|imagine"
    r"|pretend|let's say|lets say|what if)\b"
)
_OBJ = re.compile(r"@\d+")
# words of time that agree with any fact of the board now (they are cleared before the clause's
# other words are looked at): "been dealt 1 damage this turn", "huge by now", "still the same turn"
_NOW = re.compile(
    r"\b(?:(?:earlier|already|just|still)\s+)?this turn\b|\b(?:still\s+)?(?:the\s+)?same turn\b"
    r"|\bby now\b|\bright now\b|\bat the moment\b|\bcurrently\b|\bso far\b|\bnow\b|\bstill\b"
    r"|\balready\b|\bearlier\b|\bsince\b"
)
_GLUE = frozenset("a an the and but so then also too is are was were it its".split())
_WORD = re.compile(r"[a-z0-9@'/+{}-]+")

_KINDS = r"\+1/\+1|-1/-1|\+\d/\+\d|charge|oil|time|lore|shield|stun|poison|age|fade|quest|level"


@dataclass(frozen=True)
class Fact:
    """One fact word of the vocabulary, where the clause says it, which things it can be said
    of, and what it does to the board (the same fields the grammar sets)."""

    start: int
    end: int
    fits: Callable[[Thing], bool]
    apply: Callable[[Draft, Thing], str]


# -- the vocabulary --------------------------------------------------------------------------

_COUNTERS = re.compile(
    rf"\b(?P<n>{NUM})\s+(?:(?P<more>more|extra|additional)\s+)?(?P<kind>{_KINDS})?\s*counters?\b"
)
_LOYALTY = re.compile(
    rf"\b(?P<n>{NUM})\s+loyalty\b(?:\s+counters?)?|\bloyalty\s*(?:of|at|is|=|:)?\s*(?P<n2>\d{{1,3}})\b"
)
# damage it has: taken, been dealt, marked (never "deals 2 damage": that is what it does)
_DAMAGE = re.compile(
    rf"\b(?:took|taken|takes|has|had|with|been dealt|was dealt|were dealt|got dealt|suffered"
    rf"|got hit for|was hit for|got pinged for|carrying|sitting on|sits on)\s+(?P<n>{NUM})"
    r"(?:\s+damage)?\b(?!\s*(?:/|counters?|loyalty|life|cards?|mana|power|toughness|\+))"
    rf"|\b(?P<n2>{NUM})\s+damage\s+(?:marked|on (?:it|him|her|them|@\d+))\b"
)
_DEALS = re.compile(r"\bdeal(?:s|t|ing)?\b")
_TAPPED = re.compile(r"\b(?P<word>untapped|tapped)\b")
# how long it has been there: since before this turn (302.6)
_SINCE = re.compile(
    r"\b(?:all game|the whole game|for (?:a while|a bit|ages|a long time|forever|turns"
    rf"|(?:a few|a couple(?: of)?|several|many|{NUM}) turns)|since (?:turn \d+|the start"
    r"|the beginning|early|my last turn|their last turn|way back)|(?:a few|a couple(?: of)?|several"
    rf"|many|{NUM}) turns ago|turns ago|earlier in the game|(?:long|a while) ago)\b"
)
# with a "since" fact, what it has been doing is its past, not a state now ("has been
# attacking all game", "'s been beating me down for turns")
_HISTORY = re.compile(r"\b(?:has|have|had|'s|'ve)\s+been\s+[a-z]+ing\b")
# it came in this turn: an entering word and "this turn" / "just", or "fresh"
_THIS_TURN = re.compile(
    r"\b(?:fresh(?:ly)?|brand new|just (?:cast|played|dropped|entered|came in|landed|resolved)"
    r"|(?:entered|came in|came down|landed|arrived|dropped|played|resolved)\s+(?:earlier\s+)?"
    r"this turn)\b"
)
_ZONE = re.compile(
    r"\b(?:is|are|'s|now|still|sits|sitting|went|goes|ended up|got put|was put)?\s*(?:in|into)\s+"
    r"(?P<whose>my|our|their|his|her|the|opp's|its owner's)\s+(?P<zone>graveyard|yard|gy|hand)\b"
    r"|\b(?:is|are|'s|now|still|sits|sitting|went|got)?\s*(?:in|into)\s+exile\b"
)
_ZONES: dict[str, Zone] = {"graveyard": "graveyard", "yard": "graveyard", "gy": "graveyard"}
# "life: me 12, opp 15", "life totals are me 12 and opp 15", "i'm on 12 life, they're on 15"
_LIFE_WORD = re.compile(r"\blife\b")
_LIFE = re.compile(
    r"\b(?P<who>me|i'm|im|i am|i|my|mine|you|opp|opps|oppo|opp's|opponent|opponent's|they're"
    r"|they|them|their|theirs|he's|she's|his|hers)\s*(?:life(?:\s+total)?\s*)?(?:is\s+|are\s+"
    r"|at\s+|on\s+|=\s*|:\s*|-\s*|has\s+)?(?P<n>\d{1,3})\b(?:\s+life\b)?"
)
_LIFE_HEADING = re.compile(r"\W*(?:life(?:\s+totals?)?|totals?)(?:\s+(?:are|is))?\W*")
_ME = frozenset({"me", "i'm", "im", "i am", "i", "my", "mine", "you"})


def _facts(clause: str, thing: Thing) -> list[Fact] | None:
    """The facts of one clause about ``thing``; None when a fact word can't be read here."""
    found: list[Fact] = []
    for m in _LOYALTY.finditer(clause):
        n = number(m["n"] or m["n2"])
        found.append(_counters(m.start(), m.end(), n, "loyalty"))
    for m in _COUNTERS.finditer(clause):
        if any(f.start <= m.start() < f.end for f in found):
            continue
        kind = m["kind"] or _only_counter_kind(thing)
        if kind is None:
            return None  # "4 counters" of a card with no single kind of counter: don't guess
        found.append(_counters(m.start(), m.end(), number(m["n"]), kind, bool(m["more"])))
    counted = [(f.start, f.end) for f in found]
    for m in _DAMAGE.finditer(clause):
        if any(a <= m.start("n" if m["n"] else "n2") < b for a, b in counted):
            continue
        if m["n"] and "damage" not in m.group(0):
            continue  # "has 3": a number with no fact word
        found.append(_damage(m.start(), m.end(), number(m["n"] or m["n2"])))
    if _DEALS.search(clause) and not re.search(r"\b(?:been|was|were|got) dealt\b", clause):
        return None  # what it deals, not what it took
    taps = {m["word"] for m in _TAPPED.finditer(clause)}
    if len(taps) > 1:
        return None
    for m in _TAPPED.finditer(clause):
        found.append(_tapped(m.start(), m.end(), m["word"] == "tapped"))
    since = _SINCE.search(clause)
    fresh = _THIS_TURN.search(clause)
    if since and (fresh or "this turn" in clause):
        return None
    if since:
        found.append(_this_turn(since.start(), since.end(), False))
        for m in _HISTORY.finditer(clause):  # "has been attacking all game": what it did
            found.append(Fact(m.start(), m.end(), lambda thing: True, _nothing))
    if fresh:
        found.append(_this_turn(fresh.start(), fresh.end(), True))
    for m in _ZONE.finditer(clause):
        zone: Zone = _ZONES.get(m["zone"] or "", "hand" if m["zone"] == "hand" else "exile")
        whose = m["whose"]
        player: Player | None = None
        if whose in ("my", "our"):
            player = "P1"
        elif whose in ("their", "his", "her", "opp's"):
            player = "P2"
        found.append(_zone(m.start(), m.end(), zone, player))
    return found


def _nothing(draft: Draft, thing: Thing) -> str:
    return f"{thing.entity.label}: what it has been doing (its past)"


def _only_counter_kind(thing: Thing) -> str | None:
    """The one kind of counter the card's Oracle text speaks of ("enters with X +1/+1
    counters"), for "it's grown to 4 counters"; a planeswalker's are loyalty (306.5b)."""
    text = thing.entity.text
    if text is None:
        return None
    if "Planeswalker" in text.type_line:
        return "loyalty"
    kinds = set(re.findall(rf"({_KINDS}|[a-z]+) counters?\b", text.oracle_text))
    return kinds.pop() if len(kinds) == 1 else None


# -- what each fact does to the board (the same fields the grammar sets) ---------------------

_PT_COUNTER = re.compile(r"[+-]\d/[+-]\d")


def _on_battlefield(thing: Thing) -> bool:
    return thing.zone == "battlefield" and not thing.entity.is_spell


def _counters(start: int, end: int, n: int, kind: str, more: bool = False) -> Fact:
    def fits(thing: Thing) -> bool:
        if kind == "loyalty":
            return _on_battlefield(thing) and _is(thing, "Planeswalker") and n <= MAX_NUMBER
        creature = _is(thing, "Creature") or not _PT_COUNTER.fullmatch(kind)
        return _on_battlefield(thing) and creature and n <= MAX_NUMBER

    def apply(draft: Draft, thing: Thing) -> str:
        total = thing.counters.get(kind, 0) + n if more else n
        if kind in thing.counters and thing.counters[kind] != total:
            draft.doubt("contradiction", f"how many {kind} counters {thing.entity.label} has")
        thing.counters[kind] = total
        thing.note(f"{total} {kind} counter{'s' if total != 1 else ''}")
        word = "loyalty" if kind == "loyalty" else f"{kind} counter{'s' if total != 1 else ''}"
        return f"{thing.entity.label} has {total} {word}"

    return Fact(start, end, fits, apply)


def _damage(start: int, end: int, n: int) -> Fact:
    def fits(thing: Thing) -> bool:  # damage to a planeswalker removes loyalty (120.3c)
        return _on_battlefield(thing) and _is(thing, "Creature") and n <= MAX_NUMBER

    def apply(draft: Draft, thing: Thing) -> str:
        if thing.damage_said and thing.damage != n:
            draft.doubt("contradiction", f"how much damage {thing.entity.label} has")
        thing.damage, thing.damage_said = n, True
        thing.note(f"{n} damage marked")
        return f"{thing.entity.label} has {n} damage marked"

    return Fact(start, end, fits, apply)


def _tapped(start: int, end: int, tapped: bool) -> Fact:
    def apply(draft: Draft, thing: Thing) -> str:
        draft.set_tapped(thing, tapped)  # a contradiction with the grammar's is said there
        return f"{thing.entity.label} is {'tapped' if tapped else 'untapped'}"

    return Fact(start, end, _on_battlefield, apply)


def _this_turn(start: int, end: int, this_turn: bool) -> Fact:
    def apply(draft: Draft, thing: Thing) -> str:
        draft.set_this_turn(thing, this_turn)  # 302.6: under its controller's control since
        when = "entered this turn" if this_turn else "since before this turn"
        return f"{thing.entity.label} {when}"

    return Fact(start, end, _on_battlefield, apply)


def _zone(start: int, end: int, zone: Zone, player: Player | None) -> Fact:
    def fits(thing: Thing) -> bool:
        stateless = not (thing.counters or thing.damage or thing.tapped or thing.attacking)
        # a card is in its owner's graveyard or hand (404.2, 402.1)
        return stateless and (player is None or thing.controller in (None, player))

    def apply(draft: Draft, thing: Thing) -> str:
        draft.set_zone(thing, zone)
        if player is not None:
            thing.controller = player
        where = {"graveyard": "in the graveyard", "hand": "in hand"}.get(zone, "in exile")
        return f"{thing.entity.label} is {where}"

    return Fact(start, end, fits, apply)


def _is(thing: Thing, card_type: str) -> bool:
    text = thing.entity.text
    if text is not None:
        return card_type in text.type_line
    token = thing.entity.token or {}
    return card_type.lower() in str(token.get("types", "creature")).lower()


# -- reading a fragment ----------------------------------------------------------------------


def read_leftovers(
    draft: Draft,
    unread: list[str],
    facts: list[str],
    decisive: re.Pattern[str],
    shown: Callable[[str, Draft], str],
) -> tuple[list[str], list[str]]:
    """After every sentence was read (so a thing placed by a later sentence is known), read the
    leftovers loosely; what is still left replaces each one in ``unread`` and ``facts``."""
    for part in draft.leftovers:
        if part.shown not in unread:
            continue  # read since by another part of the reader (the loose question's words)
        rest = read_loosely(part.fragment, part.before, part.sentence, draft, decisive)
        if rest == part.fragment:
            continue
        now = shown(rest, draft) if rest else ""
        unread = _replace(unread, part.shown, now)
        facts = _replace(facts, part.shown, now if decisive.search(rest) else "")
    return unread, facts


def _replace(items: list[str], old: str, new: str) -> list[str]:
    if old not in items:
        return items
    at = items.index(old)
    return items[:at] + ([new] if new else []) + items[at + 1 :]


def read_loosely(
    fragment: str, before: str, sentence: str, draft: Draft, decisive: re.Pattern[str]
) -> str:
    """Read the facts of ``fragment`` (a part of ``sentence`` no rule read; ``before`` is the
    masked sentence before it) and return what is left unread ("" when every clause was read
    or carried nothing). ``decisive`` is the reader's own test for a board word."""
    if _CLAIM_BEFORE.search(before):
        return fragment
    # what a clause without a name of its own may be about: the fragment's things, else the
    # sentence's (one of them must fit the fact, see _read_clause)
    around = [_things_in(fragment, draft), _things_in(sentence, draft)]
    read_any, left, idle = False, [], []
    for clause in (c for c in _CLAUSE_BREAK.split(fragment) if c.strip()):
        if _life(clause, fragment, draft) or _read_clause(clause, around, draft, decisive):
            read_any = True
        elif not _WORD.findall(_NOW.sub(" ", clause)) or (
            _LIFE_WORD.search(fragment) and _LIFE_HEADING.fullmatch(clause.strip())
        ):
            idle.append(clause)  # "now, still the same turn": only words of time
        else:
            left.append(clause)
    if all(_only_names(c, draft) for c in left):
        idle, left = idle + left, []  # "X, which is huge by now" once its counters were read
    if left and not read_any:
        return fragment  # nothing read: the fragment stays as it was
    if idle and not left and not read_any and not any(_OBJ.search(c) for c in idle):
        return fragment  # only words of time, about nothing named: not taken as read
    for clause in idle:
        _nothing_more(clause, draft)
    return ", ".join(left)


def _nothing_more(clause: str, draft: Draft) -> None:
    """A clause taken as saying nothing new is still a loose reading: never verified."""
    draft.doubt("loose_reading", f"'{_labelled(clause, draft)}' as saying nothing more")


def _labelled(text: str, draft: Draft) -> str:
    def name(m: re.Match[str]) -> str:
        occ = draft.occurrence(m.group(0))
        return draft.entities[occ.entity].label if occ and occ.entity else "it"

    return re.sub(r"\s+", " ", _OBJ.sub(name, text)).strip(" ,.;:!-")


def _only_names(clause: str, draft: Draft) -> bool:
    """Only things the board has, spells the grammar read, and words of time that agree with
    them: "X, which is huge by now" (after its counters), "Giant Growth earlier this turn"."""
    placed = _things_in(clause, draft)
    read = [t for t in _OBJ.findall(clause) if _spell_read(t, draft)]
    return all(w in _GLUE or w in placed or w in read for w in _WORD.findall(_NOW.sub(" ", clause)))


def _spell_read(token: str, draft: Draft) -> bool:
    """A spell the grammar read as cast (this turn's: its effect was read on the board)."""
    occ = draft.occurrence(token)
    if occ is None or occ.entity is None:
        return False
    card = draft.entities[occ.entity].card
    return occ.entity in draft.consumed or any(s.card == card for s in draft.spells)


def _things_in(text: str, draft: Draft) -> list[str]:
    """The things placed on the board that a text names (not spells, not unplaced names)."""
    out = []
    for token in _OBJ.findall(text):
        occ = draft.occurrence(token)
        if occ is None or occ.entity is None or draft.entities[occ.entity].is_spell:
            continue
        if occ.entity in draft.by_entity:
            out.append(token)
    return out


def _read_clause(
    clause: str, around: list[list[str]], draft: Draft, decisive: re.Pattern[str]
) -> bool:
    """True when the clause was read: its facts fit exactly one thing (the one it names, else
    the one of the things around it that the facts fit: +1/+1 counters and damage a creature,
    loyalty a planeswalker) and nothing else in it is a board word."""
    own = _things_in(clause, draft)
    others = [t for t in _OBJ.findall(clause) if t not in own]
    if len(set(own)) > 1 or others or _NOT_A_FACT.search(clause):
        return False  # two things, or a spell or a name not placed: not assigned here
    fitting: list[tuple[Thing, list[Fact]]] = []
    for level in [own] if own else around:
        fitting = _fitting(clause, level, draft)
        if fitting:
            break
    if len(fitting) != 1:
        return False  # no fact here, or more than one thing it could be about: don't guess
    thing, facts = fitting[0]
    rest = list(clause)
    for fact in facts:
        rest[fact.start : fact.end] = " " * (fact.end - fact.start)
    if decisive.search(_NOW.sub(" ", _OBJ.sub(" ", "".join(rest)))):
        return False  # a board word the vocabulary doesn't explain: the clause stays unread
    said = [fact.apply(draft, thing) for fact in facts]
    for s in said:
        draft.read.append(f"read loosely: {s}")
        draft.doubt("loose_reading", s)
    draft.state_said = True  # a clause that says a fact of a thing describes a board
    return True


def _fitting(clause: str, tokens: list[str], draft: Draft) -> list[tuple[Thing, list[Fact]]]:
    """The things named by ``tokens`` that every fact of the clause fits, with the facts."""
    things = {t.id: t for t in (_thing_of(tok, draft) for tok in tokens) if t is not None}
    out = []
    for thing in things.values():
        facts = _facts(clause, thing)
        if facts and all(f.fits(thing) for f in facts):
            out.append((thing, facts))
    return out


def _thing_of(token: str, draft: Draft) -> Thing | None:
    occ = draft.occurrence(token)
    if occ is None or occ.entity is None:
        return None
    ids = draft.by_entity.get(occ.entity, [])
    if len(ids) != 1:
        return None  # two objects of one card: which one isn't said
    return draft.things[ids[0]]


def _life(clause: str, fragment: str, draft: Draft) -> bool:
    """ "Life: me 12, opp 15": each player named with a number, in a fragment that says life
    (119.1); read only when every number of the clause belongs to a player."""
    if not _LIFE_WORD.search(fragment) or _OBJ.search(clause) or _NOT_A_FACT.search(clause):
        return False
    body = _LIFE_WORD.sub(" ", re.sub(r"\btotals?\b", " ", clause))
    pairs = list(_LIFE.finditer(body))
    if not pairs or len(pairs) != len(re.findall(r"\d+", body)):
        return False
    if re.sub(r"\W+", " ", _LIFE.sub(" ", body)).strip():
        return False  # other words than the players and their numbers
    for m in pairs:
        player: Player = "P1" if m["who"] in _ME else "P2"
        n = int(m["n"])
        if draft.life.get(player, n) != n:
            draft.doubt("contradiction", "the life totals")
        draft.life[player] = n
        who = "you are" if player == "P1" else "your opponent is"
        draft.read.append(f"read loosely: {who} at {n} life")
        draft.doubt("loose_reading", f"{who} at {n} life")
    return True
