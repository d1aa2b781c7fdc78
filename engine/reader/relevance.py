"""(R8, session 11) Which unread parts of a message could change the answer to the question asked.

The reader lists what it didn't read (``Reading.unread_facts``: the parts with a board word or a
name). Most of it can't change the answer: chat that repeats a card name ("Shivan Dragon has
been beating down all game"), what someone claims ("they say its mana value is 8"), the story
around the board ("at FNM last night", "i'm on a red/white pile"), a plan that acts on nothing the
question is about. This module reads each unread part for the kinds of board fact it states
(``FactKind``) and keeps those of a kind that matters to the question's kind (``MATTERS``, the one
table of it) and that concern an object the answer depends on. A message with such a part that
may overturn what was read (``overturns``: an event, a removal, a zone's cards, a "not") goes to
retrieval; any other gets the engine's answer, never verified (``Reading.trusted`` needs nothing
unread), with "Not read: ..." saying what was left.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal, get_args

from engine.reader.vocabulary import QuestionKind

FactKind = Literal[
    "tapped",  # tapped / untapped (302.6, 107.5: a tapped permanent can't pay {T})
    "timing",  # entered, cast, this turn, since last turn (302.6 summoning sickness)
    "control",  # who controls it, stolen (108.4, 302.6 "continuously controlled")
    "counters",  # +1/+1 and other counters, loyalty (122.1a)
    "pump",  # "+2/+2 until end of turn", pumped, gave it a Giant Growth (613.4c)
    "attached",  # Auras and Equipment on it (303.4, 301.5)
    "copy",  # a copy, a Clone (706.2)
    "cards",  # what graveyards, hands, libraries and exile hold (Tarmogoyf, threshold)
    "combat",  # attacking, blocking (506-511)
    "damage",  # damage dealt or marked (120.3, 704.5g)
    "keyword",  # flying, reach, trample, haste ... (702)
    "life",  # life totals (119)
    "mana",  # lands, mana, commander identity (106, 903.4)
    "choice",  # a color or name chosen as it entered (607, 614.12)
    "removal",  # dies, destroyed, sacrificed, exiled, returned (700.4, 701.7)
    "effect",  # a trigger, an activation, an effect that lasts (603, 611)
    "type",  # creature, artifact, token, legendary ... (205)
    "x_value",  # the X it was cast with (107.3m)
    "stack",  # a spell or ability on the stack, "in response" (405)
    "plan",  # what a player means to do ("i'm thinking about casting Pyroclasm")
    "event",  # a player did something to a named thing ("i shock Hill Giant")
    "card",  # a card the reading placed nowhere (it may be on the board, or act on it)
    "basic_land",  # (R16) a basic land placed nowhere: it only makes mana (305.6)
    "negation",  # (R16) a "not" left over: what was read beside it may be its opposite
]
FACT_KINDS: tuple[FactKind, ...] = get_args(FactKind)

# The words that say each kind of fact (chat spellings are written out by prepare.clean first).
FACT_WORDS: dict[FactKind, re.Pattern[str]] = {
    "tapped": re.compile(r"\b(?:tap|taps|tapped|tapping|untap\w*)\b"),
    # when it came under its controller's control; "earlier this turn" alone says when
    # something else happened ("i pinged with it earlier this turn")
    "timing": re.compile(
        r"\b(?:enter\w*|came (?:in|down|out)|comes (?:in|down)|cast|casts|casting|played"
        r"|since|summoning|sick\w*|resolv\w*|out for|been out|fresh)\b"
    ),
    "control": re.compile(r"\b(?:control\w*|stole|stolen|steal\w*|mine|theirs|owns?|owner)\b"),
    "counters": re.compile(r"\b(?:counters?|loyalty|grew|grown|grows?)\b|[+-]1/[+-]1(?!\s*until)"),
    "pump": re.compile(
        r"\b(?:pump\w*|until end of turn|gets? \+|gave|giant growth|activations?)\b"
        r"|[+-]\d+/[+-]\d+"
    ),
    "attached": re.compile(
        r"\b(?:enchant\w*|equip\w*|attach\w*|auras?|wearing|wears|holding a|carrying)\b"
    ),
    "copy": re.compile(r"\b(?:cop(?:y|ies|ying|ied)|clon\w*)\b"),
    "cards": re.compile(
        r"\b(?:graveyards?|yards?|exile\w*|hand|hands|library|libraries|drew|draws?|discard\w*"
        r"|mill\w*|(?:land|instant|sorcery|creature|artifact|enchantment) cards?)\b"
    ),
    "combat": re.compile(
        r"\b(?:attack\w*|block\w*|swing\w*|swung|chump\w*|unblocked|combat|in the air)\b"
    ),
    # (R13) "I took the Mastodon", "took 3": damage taken (120.3)
    "damage": re.compile(
        r"\b(?:damage|dmg|deals?|dealt|hit (?:it|him|her|them) for|took|takes?|taking)\b"
    ),
    "keyword": re.compile(
        r"\b(?:flying|flyers?|fliers?|reach|trample\w*|deathtouch|first strike|double strike"
        r"|menace|vigilance|defender|indestructible|hexproof|shroud|protection|ward|haste"
        r"|lifelink|prowess)\b"
    ),
    "life": re.compile(r"\blife\b|\b(?:at|on) \d+\b|\b(?:me|opp\w*|you|them)\s*:?\s*\d+\b"),
    "mana": re.compile(
        r"\b(?:mana|lands?|plains|islands?|swamps?|mountains?|forests?|commander|colou?r identity"
        r"|add|adds)\b"
    ),
    "choice": re.compile(r"\b(?:chose|chosen|choose|choosing|named|naming)\b"),
    "removal": re.compile(
        r"\b(?:dies|died|dead|destroy\w*|sacrific\w*|sac|sacked|exile\w*|bounce\w*|return\w*|remov\w*"
        r"|kill\w*)\b"
    ),
    "effect": re.compile(r"\b(?:trigger\w*|activat\w*|abilit\w*|prevent\w*|emblem|anthem|lord)\b"),
    # "creature" alone is chat ("my only creature"); what a thing is, said of it, is a type
    "type": re.compile(
        r"\b(?:tokens?|legend\w*|tribal|animat\w*|(?:is|was|becomes?|became|now) an? (?:creature"
        r"|artifact|enchantment|land|planeswalker))\b"
    ),
    "x_value": re.compile(r"\bx\s*=\s*\d+|\bfor x\b"),
    "stack": re.compile(r"\b(?:stack|in response|respond\w*|on the way)\b"),
    # (R13) never by a word: "$^" matched an empty part (all of it a plan), which then stated
    # a card and an event
    "plan": re.compile(r"(?!)"),  # said by PLAN below, not by a word
    "event": re.compile(r"(?!)"),  # said by the reader's _UNREAD_EVENT (Reading.unread_events)
    "card": re.compile(r"(?!)"),  # said by the names the reading placed nowhere
    "basic_land": re.compile(r"(?!)"),  # (R16) said by the basic lands placed nowhere
    # (R16) "Grizzly Bears hasn't" left when "been out since last turn" was read: a negation
    # alone at the end of a part, its verb read as a fact elsewhere ("whether…or not" asks)
    "negation": re.compile(
        r"(?<!\bor )\b(?:hasn't|hasnt|has not|haven't|havent|have not|isn't|isnt|is not|aren't"
        r"|arent|are not|wasn't|wasnt|was not|weren't|didn't|didnt|did not|doesn't|doesnt"
        r"|does not|don't|dont|do not|not|never|no longer)\W*$"
    ),
}

_ALL: frozenset[FactKind] = frozenset(FACT_KINDS)
# What each question kind's answer can turn on. A kind missing from a row is one the engine's
# answer to that question never reads: "it entered this turn" can't change a creature's power
# (613), nor a life total its mana (106); "it's tapped" can't change what dies (704).
MATTERS: dict[QuestionKind, frozenset[FactKind]] = {
    "characteristics": _ALL - {"tapped", "timing", "combat", "damage", "life", "control"},
    "can_activate": _ALL - {"damage", "life", "cards", "pump", "combat", "plan"},
    "can_attack": _ALL - {"damage", "life", "cards", "pump", "mana", "x_value", "plan"},
    "can_block": _ALL - {"damage", "life", "cards", "pump", "mana", "x_value", "timing", "plan"},
    "mana": _ALL - {"damage", "life", "combat", "pump", "cards", "plan", "x_value"},
    "combat_damage": _ALL - {"timing", "mana"},
    "after_sba": _ALL - {"timing", "mana", "tapped"},
    "tokens": _ALL,
    "spell": _ALL,
}
# The state of one object: said of another object than the one asked about, it can't change
# whether that one can attack or be activated, or what it is (302.6 and 107.5 are each
# permanent's own); tapping another creature can pay a cost (Springleaf Drum), so "tapped"
# concerns every object of an activation.
OWN_STATE: frozenset[FactKind] = frozenset({"timing", "damage", "tapped", "counters"})
_OBJECT_QUESTIONS: dict[QuestionKind, frozenset[FactKind]] = {
    "characteristics": OWN_STATE,
    "can_attack": OWN_STATE,
    "can_block": OWN_STATE,
    "can_activate": OWN_STATE - {"tapped"},
}

# What someone else says, asks or wants: a claim, not the board ("my friend says the bears can
# block it", "they said he dies because he takes 3", "opponent wants to know", "asked me").
CLAIM = re.compile(
    r"\b(?:(?:my|the|our|a|his|her|their)\s+)?(?:friend|buddy|mate|opp\w*|opponent|he|she|they"
    r"|someone|somebody|judge|everyone|everybody|people|guy|dude|playgroup|group|table"
    r"|nobody|no one|roommate|i)\s+"
    # (R13) who they are, said between: "my buddy who just started says", "my friend watching
    # says", "the guy across from me said" (at most three words of it)
    r"(?:(?:who|that)\s+(?:(?!(?:has|have|had|controls?|cast|played|attack\w*|block\w*)\b)[a-z']+\s+)"
    r"{1,3}?|(?:watching|playing|next to me|across(?: from me)?"
    r"|here|there|over there)\s+)?"
    r"(?:(?:keeps?|kept|is|was|were|all|at the table)\s+)?"
    r"(?:says?|said|saying|insist\w*|think\w*|thought|claim\w*|told|tells|argu\w*|swear\w*|swore"
    r"|reckon\w*|agreed?|disagreed?|asked|asks|wants? to know|ruled|called)\b.*",
)
# the story around the board: where, when, with whom, which decks
STORY = re.compile(
    r"\b(?:last night|yesterday|today|earlier today|the other day|at (?:my |the |our )?(?:fnm|lgs"
    r"|shop|store|prerelease|tournament|table|kitchen table)|kitchen table|playgroup|pod"
    r"|(?:commander|edh|modern|standard|pauper|casual|draft|sealed) (?:game|match|night|pod)"
    r"|\d[- ]?player|1v1|roommate|long story|backstory|weird one|silly (?:one|situation)"
    r"|here goes|need a ruling|first (?:real )?game|everyone else (?:was|is|had) (?:dead|out)"
    r"|kept (?:7|seven)|mulligan\w*|(?:i'm|im|i am|i was|he's|he was|she's"
    r"|she was|they're|they were|opp's|opp was) (?:on|playing) (?:a |an )?[\w/ -]+?(?:deck|pile"
    r"|list|thing|build|brew)|new to [\w ]+|mono[- ]\w+|modern-ish|casual|mana screw\w*"
    r"|mana flood\w*|screwed|flooded|not sure|no idea|i don't know|i didn't know|idk|confus\w*)\b"
)
# what isn't there: "no haste stuff on board", "nothing of mine left the battlefield this
# turn", "opp has no flyers or reach": the board read holds only what the message says, so a
# part that only says something is absent agrees with it ("no longer" says a change: not this)
ABSENCE = re.compile(
    r"^(?:(?:and|but|so|also|plus|with)\s+)?(?:\S+\s+){0,4}?(?:no|nothing|none|never|without"
    r"|not any|isn't any|aren't any)\b(?!\s+(?:longer|wait|more)\b)"
    # (R13) "no, the elves are tapped": "no" answering someone, then a fact
    r"(?<!\bno(?=\s*[,.!:;-]))"
)
# (R13) "Mountain, exactly one land" (what "opp has exactly one land, a mountain" leaves): the
# thing it names is all of its kind there is; the board read holds only what the message names,
# so this agrees with it. Said without the thing ("only one creature") it may contradict the
# board read, and stays news; so does a part that goes on ("... and a Forest")
ONLY = re.compile(
    r"[a-z' -]{2,40}?\s*,\s*(?:exactly|only|just)\s+(?:one|a single|1)\s+(?:land|creature"
    r"|permanent|card|artifact|enchantment)\s*,?"
)
# where a fact the reading holds came from: "(took 1 damage) from my prodigal sorcerer", "(has
# 2 damage) from the first attack", "(the token) from the graveyard": a source, said after it
PROVENANCE = re.compile(r"^(?:(?:and|but)\s+)?from\b(?!.*\b(?:and|but|then|so)\b)")
# a player's plan: what they mean to do, not what the board is
PLAN = re.compile(
    r"(?:\b(?:(?:i'm|im|i am|we're|they're|opp's|he's|she's)\s+(?:thinking (?:about|of)|planning"
    r"|going|gonna|about|considering|hoping)|(?:i|we|they|he|she)\s+(?:want|wants|plan|plans"
    r"|intend|would like|might|may|could|tried|try|attempted|was trying|were trying)"
    r"|i'd (?:like|love)|i'll)"
    # (R16) the subject left out, chat style: "…, want to ramp into a 3 drop", "then wanted to"
    r"|(?:^|,|\bthen\b|\band\b|\bso\b)\s*(?:want|wanted|wanna|hoping|trying|planning)(?=\s+to\b)"
    r")\s+(?:to\s+)?.*"
)
# (R16) a part that says the board named is all there is: "that's my whole mana base", "that's
# it", "those are all my lands", "nothing else": the board read holds only what the message
# names, so it agrees (a part that goes on, "that's it, and a Forest", still says more)
WHOLE = re.compile(
    r"^(?:(?:and|but|so|ok)\s+)?(?:that's|thats|that is|those are|these are|this is|that was)"
    r"\s+(?:it|all|everything|(?:(?:all|the|my|whole|entire|of|only|one|two|three|four|five"
    r"|\d+)\s+)+(?:mana base|mana|board|side|lands|permanents|stuff|things|it|them))"
    r"(?:\s+(?:right now|now|atm|at the moment|on (?:my|the) (?:side|board|battlefield)))?\W*$"
)
# (R16) the time a combat question asks about, said apart from it: "after damage", "once
# combat damage is dealt", "after blocks" (the question says what it asks of that time)
AFTER_COMBAT = re.compile(
    r"^(?:(?:and|so|ok)\s+)?(?:after|once|when)\s+(?:the\s+)?(?:combat\s+)?(?:damage|combat"
    r"|blocks|blockers)(?:\s+(?:is|are)\s+(?:dealt|done|declared|over))?\W*$"
)
# (R13) a reply to someone else's message before the question: "yes it exiles", "thanks, so
# it's the controller who gets the token" (what was said back, not the board; an answer word
# that can open a fact, "no" or "ok", is not one of them)
REPLY = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|thanks|thank you|thx|ty|gotcha|got it|makes sense|fair enough)\b"
)


# The kinds a question's own words say: "can it attack this turn?", "can I tap it for mana to
# cast something?": what is left of the question sentence says when and how it asks, not what
# the board is (a condition in it, "if they don't block", still says a board fact).
QUESTION_WORDS: dict[QuestionKind, frozenset[FactKind]] = {
    "characteristics": frozenset({"timing"}),
    "can_activate": frozenset({"timing", "tapped", "mana"}),
    "can_attack": frozenset({"timing", "combat", "keyword"}),  # "or does menace stop that"
    "can_block": frozenset({"timing", "combat", "keyword"}),
    "mana": frozenset({"timing", "tapped", "mana"}),
    "combat_damage": frozenset({"timing", "keyword"}),  # "how much can I trample over"
    "after_sba": frozenset({"timing"}),
    "tokens": frozenset({"timing"}),
    "spell": frozenset({"timing", "stack"}),
}
# what graveyards, hands, life totals and the stack hold are the players' and the game's, not
# one object's: said once anywhere, the kind is known
_SHARED: frozenset[FactKind] = frozenset({"cards", "life", "stack", "mana"})
# (R13) words for several things at once: a part that says a kind of "both" / "all of them" may
# say it of more objects than the reading gave it to
_SEVERAL = re.compile(r"\b(?:both|all|each|every\w*|them|they|those|these|the rest)\b")
_NUMBER_WORDS = "zero one two three four five six seven eight nine ten".split()
_NUMBER = re.compile(r"(?<![\w/+-])(\d+|" + "|".join(_NUMBER_WORDS) + r")(?![\w/])")


# (R16) Facts about the players' mana and cards rather than about an object ("I'm one mana
# short", "opp: just lands", "cast it off a Forest", "the graveyards hold a land and an
# instant"): they change an answer only through a card that reads them, one on the board that
# counts lands or mana or pays a mana cost (Nightmare, Kird Ape, landwalk, an activation cost,
# 601.2g-h), or one that counts cards in graveyards, hands or libraries (Tarmogoyf, threshold).
# Read in the board's own Oracle text (mana abilities and reminder text left out: every land
# "adds" mana, 605.1a; that doesn't read the player's other lands).
READ_BY_TEXT: dict[FactKind, re.Pattern[str]] = {
    "mana": re.compile(
        r"\b(?:lands?|plains|islands?|swamps?|mountains?|forests?|wastes|basic|mana|pays?|paid"
        r"|spend|commander\w*|colou?r identity|\w+walk)\b"
    ),
    "cards": re.compile(
        r"\b(?:graveyards?|hands?|library|libraries|exiled?|cards?|delirium|threshold|descend\w*"
        r"|discard\w*|draws?|mill\w*)\b"
    ),
}
# a mana cost in an ability's cost ("{2}{G}, {T}: …", "Embalm {5}{W}"): paid with mana
_MANA_COST = re.compile(r"\{(?!t\})[^}]+\}")
_MANA_ABILITY = re.compile(r"\badd\b[^.\n]*|\([^)]*\)")
# (R16) a basic land placed nowhere ("cast it off a Forest") is a fact about mana: its only
# ability is its intrinsic mana ability (305.6)
BASIC_LANDS = frozenset(
    "plains island swamp mountain forest wastes snow-covered plains snow-covered island"
    " snow-covered swamp snow-covered mountain snow-covered forest".split(" ")
)


def read_by_board(
    kind: FactKind, texts: Mapping[str, str | None], question: QuestionKind | None
) -> bool:
    """(R16) Whether some card the message names reads a fact of the players' ``kind`` (mana,
    cards): True when a text isn't known (a token, an unknown card) or no texts were given."""
    pattern = READ_BY_TEXT.get("mana" if kind == "basic_land" else kind)
    if pattern is None or not texts or any(t is None for t in texts.values()):
        return True
    if kind in ("mana", "basic_land") and question in ("mana", "tokens", "spell"):
        return True  # what a player's mana is, what an ability or spell makes of it
    for text in texts.values():
        rest = _MANA_ABILITY.sub(" ", str(text).lower())
        if pattern.search(rest):
            return True
        if kind != "cards" and question == "can_activate" and _MANA_COST.search(rest):
            return True
    return False


@dataclass(frozen=True)
class UnreadFact:
    """An unread part of the message and the kinds of board fact it states."""

    text: str
    kinds: frozenset[FactKind]
    names: frozenset[str]  # the labels of board objects it names


def fact_kinds(text: str, unplaced: Iterable[str] = ()) -> frozenset[FactKind]:
    """The kinds of board fact an unread part states, once claims, the story and a plan are
    set aside (a plan is its own kind: it may be what the question is about)."""
    low = CLAIM.sub(" ", text.lower())
    kinds: set[FactKind] = set()
    if REPLY.match(low):
        return frozenset()  # what was said back to someone, not a fact of the board
    if PROVENANCE.match(low.strip()):
        return frozenset()  # where a fact read came from, not a fact of the board
    plan = PLAN.search(low)
    if plan is not None:
        kinds.add("plan")
        low = low[: plan.start()]
    low = STORY.sub(" ", low)
    low = _without_absent_clauses(low)
    if not low.strip():
        return frozenset(kinds)  # only says what isn't there
    if ONLY.fullmatch(low.strip()):
        return frozenset(kinds)  # (R13) "@X, exactly one land": nothing else of the kind
    if WHOLE.match(low.strip()):
        return frozenset(kinds)  # (R16) "that's my whole mana base": what was named is all
    kinds.update(k for k, pattern in FACT_WORDS.items() if pattern.search(low))
    if any(_names(low, label) for label in unplaced):
        kinds.add("card")
    return frozenset(kinds)


def _without_absent_clauses(low: str) -> str:
    """The part without its clauses that only say what isn't there (``ABSENCE``: "opp has no
    flyers or reach so", "no haste stuff on board"). (R16) Clause by clause, split at commas
    ("Vampire Nighthawk, opp has no flyers"): a clause whose words before the "no" say a fact
    ("tapped with no counters") or that says a number stays, and so do the other clauses ("no
    counters, tapped" keeps "tapped"; a whole part was left out before)."""
    kept = []
    for piece in re.split(r"\s*,\s*", low):
        absent = ABSENCE.match(piece.strip())
        before = piece.strip()[: absent.end()] if absent else ""
        said = any(p.search(before) for p in FACT_WORDS.values())
        if absent is None or said or _numbers(piece):
            kept.append(piece)
    return " , ".join(kept)


def _names(low: str, label: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(label.lower())}(?!\w)", low) is not None


def _numbers(text: str) -> set[int]:
    found = _NUMBER.findall(text.lower())
    return {int(n) if n.isdigit() else _NUMBER_WORDS.index(n) for n in found}


@dataclass(frozen=True)
class Known:
    """What the reading read, by the same kinds: (object label, kind) pairs, the kinds said of
    the players or the game, and the numbers it read."""

    pairs: frozenset[tuple[str, FactKind]]
    shared: frozenset[FactKind]
    numbers: frozenset[int]

    @classmethod
    def of(cls, read: Iterable[str], labels: Iterable[str]) -> Known:
        pairs: set[tuple[str, FactKind]] = set()
        shared: set[FactKind] = set()
        numbers: set[int] = set()
        for said in read:
            if said.lower().startswith("asked:"):
                continue  # the question, not the board
            kinds = fact_kinds(said)
            shared.update(kinds & _SHARED)
            low = said.lower()
            pairs.update((label, k) for label in labels if _names(low, label) for k in kinds)
            numbers.update(_numbers(said))
        return cls(frozenset(pairs), frozenset(shared), frozenset(numbers))

    def restates(self, fact: UnreadFact) -> bool:
        """Every kind the part states was read already, of the objects it names, and it says
        no number the reading didn't read ("Hangarback Walker, which is huge by now, four +1/+1
        counters" after "Hangarback Walker: 4 +1/+1 counters"; "five counters" is news)."""
        if not fact.kinds or fact.kinds & {"card", "event", "plan", "basic_land", "negation"}:
            return False
        if not fact.names and _SEVERAL.search(fact.text.lower()):
            return False  # (R13) "they swung with both": maybe more things than were read
        if not _numbers(fact.text) <= self.numbers:
            return False
        for kind in fact.kinds:
            if kind in self.shared:
                continue
            # a part that names no object ("and this turn", "since t3") restates a kind read of
            # some object; one that names objects, a kind read of one of them
            about = fact.names or {label for label, _ in self.pairs}
            if not any((label, kind) in self.pairs for label in about):
                return False
        return True


def unread_facts(
    parts: Iterable[str],
    unplaced: Iterable[str],
    events: Iterable[str],
    labels: Mapping[str, str],
    unread: Iterable[str] = (),
) -> list[UnreadFact]:
    """Each unread part with the kinds it states. A card placed nowhere that no unread part
    names is a fact of its own (the reader named it, then put it nowhere); one named only in
    a part the reader judged no fact (a claim, why the player asks: "my opponent says their
    Doom Blade can't hit it", "for Fatal Push purposes") is not."""
    parts = tuple(parts)
    told = tuple(unread) + parts
    unplaced = tuple(unplaced)
    events = set(events)
    on_board = set(labels.values())
    out: list[UnreadFact] = []
    for part in parts:
        if part in unplaced:
            continue  # the bare name the reader appends; judged below with its clause
        low = part.lower()
        kinds = set(fact_kinds(part, [u for u in unplaced if u.lower() not in BASIC_LANDS]))
        if any(_names(low, u) for u in unplaced if u.lower() in BASIC_LANDS):
            kinds.add("basic_land")
        if part in events and not (CLAIM.search(low) or PLAN.search(low)):
            kinds.add("event")
        named = frozenset(label for label in on_board if _names(low, label))
        out.append(UnreadFact(part, frozenset(kinds), named))
    for label in unplaced:
        if not any(_names(p.lower(), label) for p in told if p != label):
            kind: FactKind = "basic_land" if label.lower() in BASIC_LANDS else "card"
            out.append(UnreadFact(label, frozenset({kind}), frozenset()))
    return out


def matters(
    fact: UnreadFact,
    kind: QuestionKind | None,
    about: str | None,
    texts: Mapping[str, str | None] | None = None,
) -> bool:
    """Whether an unread fact could change the answer: a kind the question's answer turns on
    (``MATTERS``), about the object asked about or an object that can act on it. Without a
    question, every fact matters. (R16) A fact of the players' mana or cards that names no
    object is news only when a card the message names reads it (``read_by_board``)."""
    if kind is None:
        return bool(fact.kinds)
    relevant = set(fact.kinds & MATTERS[kind])
    if not fact.names and "card" not in fact.kinds:
        relevant = {k for k in relevant if read_by_board(k, texts or {}, kind)}
    elif "basic_land" in relevant and not read_by_board("basic_land", texts or {}, kind):
        relevant.discard("basic_land")
    if not relevant:
        return False
    own = _OBJECT_QUESTIONS.get(kind)
    if own is not None and about is not None and fact.names and about not in fact.names:
        return bool(relevant - own)  # another object's own state: not this one's
    return True


# (R13) "what tokens do I get if it dies (to a removal spell)": dying is the event a tokens
# question asks about (the engine answers a dies trigger from last known information, 603.10a);
# being exiled or bounced is not dying (700.4), so it stays news
_DIES = re.compile(r"\b(?:dies|die|died|dying|destroyed|killed|sacrificed|sacked|sac)\b")
_LEAVES_OTHERWISE = re.compile(r"\b(?:exile\w*|bounce\w*|return\w*|hand|library|flicker\w*)\b")


def _own_words(kind: QuestionKind, text: str) -> frozenset[FactKind]:
    """The kinds a part of the asking sentence says about the question itself."""
    low = text.lower()
    if kind == "tokens" and _DIES.search(low) and not _LEAVES_OTHERWISE.search(low):
        return QUESTION_WORDS[kind] | {"removal"}
    return QUESTION_WORDS[kind]


# (R16) "X didn't enter this turn", "I didn't cast it this turn": it has been there since before
# this turn, which is what the reading takes when it isn't told (302.6: "since your last turn")
NOT_NEW = re.compile(
    r"\b(?:didn't|didnt|did not|never|hasn't|hasnt|has not|haven't|have not|wasn't|wasnt|was not"
    r"|weren't|were not)\s+(?:just\s+)?(?:enter|entered|come in|come down|came in|cast|been cast"
    r"|play|played|been played)\b(?:\s+(?!this\b)\S+){0,3}\s+this turn\W*$"
)


def _not_new(fact: UnreadFact, known: Known) -> bool:
    """(R16) A part that only says the things it names did not come this turn, when nothing
    read says when they came: what the reading already takes (it says so in the echo)."""
    if fact.kinds != {"timing"} or not fact.names or not NOT_NEW.search(fact.text.lower()):
        return False
    return not any((label, "timing") in known.pairs for label in fact.names)


# (R16) a keyword said of a thing in the words chat uses ("a flyer", "it tramples over")
_KEYWORD_SAID = {"flyer": "flying", "flyers": "flying", "flier": "flying", "fliers": "flying"}


def _own_keywords(fact: UnreadFact, texts: Mapping[str, str | None], about: str | None) -> bool:
    """(R16) Every keyword the part says is in the Oracle text of the things it names (or of
    the thing asked about, when it names none): "Mirran Crusader (double strike, pro black and
    pro green)", "it's a 1/1 flyer with infect" of an animated Inkmoth Nexus say what the card
    says (702), not news. A keyword the card lacks ("my Bears has flying now") stays news."""
    things = fact.names or ({about} if about else set())
    said = FACT_WORDS["keyword"].findall(fact.text.lower())
    if not things or not said:
        return False
    for label in things:
        text = (texts.get(label) or "").lower()
        if not text or not all(_KEYWORD_SAID.get(k, k.rstrip("s")) in text for k in said):
            return False
    return True


def deciding(
    parts: Iterable[str],
    unplaced: Iterable[str],
    events: Iterable[str],
    labels: Mapping[str, str],
    kind: QuestionKind | None,
    about: str | None,
    read: Iterable[str] = (),
    asked_parts: Iterable[str] = (),
    unread: Iterable[str] = (),
    texts: Mapping[str, str | None] | None = None,
) -> tuple[str, ...]:
    """The unread parts that could change the answer to the question asked: not a restatement
    of what was read, not the question's own words, and of a kind that matters to it."""
    facts = deciding_facts(
        parts, unplaced, events, labels, kind, about, read, asked_parts, unread, texts
    )
    return tuple(fact.text for fact in facts)


def deciding_facts(
    parts: Iterable[str],
    unplaced: Iterable[str],
    events: Iterable[str],
    labels: Mapping[str, str],
    kind: QuestionKind | None,
    about: str | None,
    read: Iterable[str] = (),
    asked_parts: Iterable[str] = (),
    unread: Iterable[str] = (),
    texts: Mapping[str, str | None] | None = None,
) -> list[UnreadFact]:
    """``deciding``'s parts, each with the kinds of fact it states."""
    about_label = labels.get(about or "") if about else None
    known = Known.of(read, set(labels.values()))
    asked = set(asked_parts)
    out: list[UnreadFact] = []
    for fact in unread_facts(parts, unplaced, events, labels, unread):
        if kind in ("combat_damage", "after_sba") and AFTER_COMBAT.match(fact.text.lower().strip()):
            continue  # (R16) "after damage": the time the question asks about
        if fact.text in asked:
            if kind is None:
                continue  # no question built ("can I tap it?" with two cards): it asks back
            fact = UnreadFact(fact.text, fact.kinds - _own_words(kind, fact.text), fact.names)
        if "keyword" in fact.kinds and texts and _own_keywords(fact, texts, about_label):
            fact = UnreadFact(fact.text, fact.kinds - {"keyword"}, fact.names)
            if not fact.kinds:
                continue  # (R16) it says only what the card's own text says
        if known.restates(fact) or _not_new(fact, known):
            continue
        if matters(fact, kind, about_label, texts):
            out.append(fact)
    return out


# (session 15) What an unread part may say that overturns the board as it was read, rather
# than add to it: a player did something to a thing (an event: "i pumped the bears twice",
# "when it enters i target Watchwolf"), a thing left or lost something (removal: "then my
# opponent removed it", "i removed two counters to ping"), the cards in a zone a card on the
# board counts (cards: Tarmogoyf, 604.3), a card the reading placed nowhere (it may be on the
# board or act on it), or a "not", an "only" or a correction said beside what was read
# ("Grizzly Bears isn't", "no longer", "i only control one creature", "scratch that"), or
# the fact the question's answer is made of (``ANSWERED_BY``). A message with such a part goes
# to retrieval; one whose deciding parts only state a fact of another kind (a keyword beside a
# mana question, a life total, a plan, when a thing came) gets the engine's answer on the board
# as read, never verified, with the part under "Not read ... (it may change the answer)"
# (issue 13, item 4).
OVERTURNING_KINDS: frozenset[FactKind] = frozenset(
    {"event", "removal", "cards", "negation", "card"}
)
REVERSAL = re.compile(
    r"n't\b|\b(?:not|no longer|never|anymore|any more|scratch that|no wait|wait,? no|i mean"
    r"|only|would be|counter(?:ed|s it|s that))\b"
)


# The facts a question's answer is made of, so an unread one is the answer itself: who attacks
# and blocks, and the keywords that change combat damage, for combat's result (506-511, 702.2,
# 702.7, 702.19); the lands a card counts for its power (604.3: Nightmare, Kird Ape, read only
# when a card on the board reads them, ``read_by_board``); whether a thing is tapped for
# tapping it, blocking with it or its mana (302.6, 107.5, 509.1a, 605.1a); who attacks, for
# who can block (509.1a).
ANSWERED_BY: dict[QuestionKind, frozenset[FactKind]] = {
    "combat_damage": frozenset({"combat", "keyword"}),
    "after_sba": frozenset({"combat", "keyword"}),
    "characteristics": frozenset({"mana", "basic_land"}),
    "can_activate": frozenset({"tapped"}),
    "can_block": frozenset({"tapped", "combat"}),
    "mana": frozenset({"tapped"}),
}


def overturns(fact: UnreadFact, kind: QuestionKind | None) -> bool:
    """Whether a deciding part may overturn what was read (``OVERTURNING_KINDS``,
    ``ANSWERED_BY`` the question's kind, ``REVERSAL``)."""
    kinds = OVERTURNING_KINDS | ANSWERED_BY.get(kind, frozenset()) if kind else OVERTURNING_KINDS
    return bool(fact.kinds & kinds) or REVERSAL.search(fact.text.lower()) is not None
