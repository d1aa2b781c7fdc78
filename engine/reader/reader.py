"""``read(text, names) -> Reading``: a chat message to a board spec, one question, and a report
of what was read as what, what wasn't, and why the reading may not be trusted."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from engine.questions import ABOUTS
from engine.reader import choices, control, copies, loose, question, relevance, state, timing, zones
from engine.reader.draft import CastSpell, Draft, Leftover, Question, Thing
from engine.reader.echo import doubt_text, read_as
from engine.reader.names import CardNames
from engine.reader.patterns import MASK, OBJS, Rule
from engine.reader.prepare import (
    clean,
    fold_hints,
    link_anaphora,
    link_short_names,
    mark_cards,
    mark_tokens,
    named_twice_in_a_list,
    question_after_cast,
    resolve_pronouns,
    sentences,
    spells_said_on,
)
from engine.reader.spec import board_spec, settle
from engine.reader.vocabulary import MAX_OBJECTS, MAX_TEXT, Doubt, Focus

# Questions first (they also hold board words: "can I block X with Y"), then the board's
# sub-grammars; "I control <no card>" last.
RULES: list[Rule] = [
    *question.RULES,
    *zones.RULES,
    *control.RULES,
    *copies.RULES,
    *choices.RULES,
    *state.RULES,
    *timing.RULES,
    *control.LAST_RULES,
]
# Words that carry nothing about the board (greetings, glue, hedges).
FILLER = frozenset(
    """a an the and but so then also or if is are was were be been it's its i me my we you your
    hey hi hello yo guys folks all everyone quick question q please pls plz thanks thank ty thx
    lol lmao ok okay well um uh hmm just now currently right here there like actually basically
    wondering wonder curious help anyone someone know does do did this that these those what
    question: so, ok, of to in on at for with about still really exactly hi, here's situation
    scenario board state rules judge ruling wait sorry also, then, game got have has had nothing
    else only plus as well one away immediately while
    am being new get gets very quite has i'm i've im ive don't dont say suppose supposing imagine
    pretty kinda sorta lost confused noob beginner newbie sure guess misclick oops whoops
    somehow apparently weird strange odd obviously clearly honestly basically literally
    hypothetically let's lets assume assuming scenario: situation: context""".split()
)
_QUESTION_START = re.compile(
    r"^\W*(?:(?:so|ok|okay|and|but|then|quick question|question|hey|also)\W+)*"
    r"(?:can|could|what|how|does|do|is|are|will|would|who|which|should|may|did|whats"
    r"|where\s+(?:does|will|would|did)\s+(?:that|this|it|@\d+)\s+(?:leave|put))\b"  # (E7)
)
_ASKED_AFTER = re.compile(
    r"\b(?:how many|how much|what|can (?:i|it|he|she|they|@\d+)|does|do (?:i|we)|is (?:it|@\d+)"
    r"|will (?:i|it|@\d+))\b"
)
_ASKED_WHEN = re.compile(
    r"^\W*(?:this turn|now|right now|yet|already|right away|immediately|at all|anymore|still"
    r"|again|then)\W*$"
)
_QUESTION_WORD = re.compile(r"\b(?:what|how|can|could|does|which|who|will|would|is it)\b")
_SECOND_ASK = re.compile(
    r"^\W*(?:or|and|also)\s+(?:can\s+\S+\s+)?(?:attack|block|tap|activate|use|make|produce|cast)\b"
)
_SEVERAL_BOARDS = re.compile(
    r"\b(?:board|scenario|situation|case|example|game)\s*(?:#\s*)?(?:1|2|one|two|a|b)\s*[:)]"
    r"|\b(?:second|another|other) (?:board|scenario|situation|game)\b"
)
# Board facts: a part of the message that wasn't read and says one of these, or names a thing,
# may be the part the answer turns on ("my Bears are blocking their Giant", "graveyards have an
# instant"); a part without any ("hey quick q", "my friend says otherwise", "we're playing
# commander") may not. bot/service/board_questions.py routes on it (MAX_UNREAD_WORDS).
DECISIVE_WORDS = re.compile(
    r"@\d|\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twice|half|double|no|none"
    r"|without|only|other|another|more|fewer|counters?|damage|tapped|untapped|taps?|untaps?"
    r"|attack\w*|block\w*|swing\w*|swung|chump\w*|enter\w*|came|comes|cast|casts|played"
    r"|turns?|sick\w*|haste|cop(?:y|ies|ying)|clon\w*|enchant\w*|equip\w*|attach\w*|auras?"
    r"|graveyards?|yards?|exile\w*|hand|library|stack|sacrific\w*|dies|died|dead|destroy\w*"
    r"|life|lifelink|flying|reach|trample\w*|deathtouch|strike|menace|vigilance|defender"
    r"|indestructible|hexproof|shroud|protection|ward|pump\w*|until|prevent\w*|control\w*"
    r"|stole|steal\w*|power|toughness|tokens?|trigger\w*|activat\w*|mana|lands?|creatures?"
    r"|artifacts?|enchantments?|planeswalkers?|instants?|sorcer\w*|loyalty|legend\w*|targeting"
    r"|mine|theirs)\b"
)
# (R5) an unread clause in which a player does something to a named thing ("i shock Hill Giant",
# "then they flashed in Ambush Viper"): an event the board may lack, whatever its length
_UNREAD_EVENT = re.compile(
    r"\b(?:i|we|they|he|she|opp\w*|my opponent)\s+(?:just\s+|then\s+|also\s+|already\s+|later\s+)?"
    r"(?!(?:have|had|has|control|controls|am|was|were|is|are|think|thought|say|said|know|want"
    r"|guess|believe|mean|can|could|would|will|should|may|might|do|don't|did|didn't|got|get"
    r"|need|see|saw)\b)[a-z']{3,}\s+(?:(?:my|their|his|her|the|a|an|it|him|them)\s+)?"
    r"[A-Z0-9][\w',-]*"
)
# what someone said about the board is a claim, not the board ("my friend says the bears can
# block it", "he said Spider can't block flyers which sounds wrong to me")
REPORTED = re.compile(
    r"^\W*(?:(?:and|but|so|ok|because)\s+)*(?:my\s+|the\s+|our\s+)?(?:friend|buddy|mate|opp\w*"
    r"|opponent|he|she|they|someone|somebody|a judge|the judge|judge|everyone|people|guy|dude"
    r"|@\d+)\s+(?:(?:keeps?|kept|is|was|were)\s+)?(?:say\w*|said|insist\w*|think\w*|thought"
    r"|claim\w*|told me|tells me|argu\w*|swear\w*|reckon\w*)\b"
)
# (R7) why the player asks, not the board: "asking bc of a 'mana value 2 or less' removal", "for
# Fatal Push purposes", "I have a protection-from-red thing in mind", "opp is holding some
# 'destroy target red creature' card" (a card named in it is still never placed: retrieval)
WHY_ASKING = re.compile(
    r"^\W*(?:(?:and|but|so)\s+)?(?:(?:i'm\s+|im\s+)?asking\s+(?:bc|because|cause|cuz|since|for)\b"
    r"|for\s+(?:[a-z@0-9']+\s+){1,4}?purposes\b"
    r"|i\s+(?:have|had)\s+(?:[a-z@0-9'-]+\s+){1,6}?in mind\b"
    r"|(?:opp|my opponent|they|he|she)(?:'s|\s+is|\s+are)\s+holding\s+(?:some|a|an|up)\b"
    r"|(?:it's|this is)\s+(?:for|because of)\s+(?:a|an|some|their|my)\b)"
)
# "on my board", "my side", "in play on my side": the things named are on the player's own
# battlefield (the reader's default controller), a board and not a question about a card
_MY_BOARD = re.compile(
    r"\b(?:on|in|at)\s+(?:my|our)\s+(?:side|board|battlefield|field)\b|\bmy side of the"
    r" (?:board|table|field)\b|\bi(?:'ve| have)?\s+got\s+\S+(?:\s+\S+)?\s+out\b",
    re.IGNORECASE,
)
_ATTACK_KINDS = ("combat_damage",)
_TIMING_KINDS = ("can_activate", "can_attack", "mana", "combat_damage")


@dataclass(frozen=True)
class Reading:
    """What the reader made of a message."""

    text: str
    spec: dict[str, Any] | None  # {"board": {...}} as a board file has it
    question: dict[str, Any] | None  # one typed question (engine.questions)
    focus: Focus | None = None
    detail: str | None = None  # the mana symbol or keyword asked about
    asked: str = ""
    echo: str = ""  # "Read as: ..."
    read: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()
    unread_facts: tuple[str, ...] = ()  # the unread parts that name a thing or a board fact
    unread_events: tuple[str, ...] = ()  # unread clauses where a player does something to a thing
    asked_parts: tuple[str, ...] = ()  # (R8) the unread parts of the sentences that ask
    unplaced: tuple[str, ...] = ()  # cards named (not guessed) that the reading put nowhere
    doubts: tuple[tuple[Doubt, str], ...] = ()
    assumed: tuple[str, ...] = ()
    concrete: bool = False  # the message describes a board (named things with an owner/state)
    labels: dict[str, str] = field(default_factory=dict)  # object id -> card or token name
    about: str | None = None  # the object id the question is about
    # (R16) each thing on the board and spell cast -> its Oracle text (None when not known: a
    # token): what relevance reads to tell whether a card reads a fact of the players
    texts: dict[str, str | None] = field(default_factory=dict)

    @property
    def answerable(self) -> bool:
        """A board and a question the engine can be asked."""
        return self.concrete and self.spec is not None and self.question is not None

    @property
    def unread_words(self) -> int:
        return sum(len([w for w in u.split() if w not in FILLER]) for u in self.unread)

    @property
    def engine_question(self) -> dict[str, Any] | None:
        """The question as the engine is asked it: a characteristics question about one part
        (mana value, colors, types, name, token or not) says so in ``about`` (R7), so a zone
        the board doesn't give that only its power and toughness count doesn't matter (613.1)."""
        if self.question is None:
            return None
        if self.question.get("kind") == "characteristics" and self.focus in ABOUTS:
            return {**self.question, "about": self.focus}
        return self.question

    @property
    def deciding(self) -> tuple[str, ...]:
        """(R8) The unread parts that could change the answer to the question asked: a fact of
        a kind the question's answer turns on, about an object it depends on
        (``relevance.MATTERS``). The rest is said under "Not read" and keeps the answer
        unverified, but doesn't keep the engine's answer from the player (issue 13, item 4)."""
        kind = self.question.get("kind") if self.question else None
        return relevance.deciding(
            self.unread_facts,
            self.unplaced,
            self.unread_events,
            self.labels,
            kind,
            self.about,
            read=self.read,
            asked_parts=self.asked_parts,
            unread=self.unread,
            texts=self.texts,
        )

    @property
    def overturning(self) -> tuple[str, ...]:
        """(session 15) The deciding parts that may overturn the board as read, rather than add
        to it (``relevance.overturns``), or that are part of the question asked (then the
        question built may not be the one asked): they keep the engine's answer from the
        player."""
        kind = self.question.get("kind") if self.question else None
        facts = relevance.deciding_facts(
            self.unread_facts,
            self.unplaced,
            self.unread_events,
            self.labels,
            kind,
            self.about,
            read=self.read,
            asked_parts=self.asked_parts,
            unread=self.unread,
            texts=self.texts,
        )
        asked = set(self.asked_parts)
        # a deciding part of the sentences that ask is the question itself, not read
        return tuple(
            fact.text for fact in facts if fact.text in asked or relevance.overturns(fact, kind)
        )

    @property
    def trusted(self) -> bool:
        """Nothing doubted and nothing unread: an engine answer may be called verified."""
        return self.answerable and not self.doubts and not self.unread

    @property
    def concerns(self) -> list[str]:
        said = [doubt_text(r, d) for r, d in self.doubts]
        if self.unread:
            # (R8) the parts that could change the answer say so (they keep it from the engine
            # in `ask`; `/board` shows the reading anyway)
            deciding = set(self.deciding)
            parts = [
                f"'{u}'" + (" (it may change the answer)" if u in deciding else "")
                for u in self.unread
            ]
            said.append(doubt_text("unread_text", "; ".join(parts)))
        return said

    @property
    def follow_up(self) -> str | None:
        """A question back, when the reading needs the player to say which."""
        for wanted in ("unknown_card", "ambiguous_pronoun", "which_ability", "two_questions"):
            for reason, detail in self.doubts:
                if reason != wanted:
                    continue
                if reason == "unknown_card":
                    return doubt_text(reason, detail) + "; which card do you mean?"
                if reason == "ambiguous_pronoun" and " or " not in detail:
                    return "I can't tell what “it” refers to; name the card?"
                return doubt_text(reason, detail)
        return None


def read(text: str, names: CardNames) -> Reading:
    if len(text) > MAX_TEXT:
        return Reading(text, None, None, doubts=(("too_long", str(len(text))),))
    cleaned = clean(text)
    draft = Draft()
    low = question_after_cast(mark_cards(cleaned, names, draft))
    named_twice_in_a_list(low, draft)  # (S4) before pronouns and short names are marked too
    low = copies.told_tokens(low)  # (R12) "the token I got from embalming X"
    low = choices.made_tokens(fold_hints(mark_tokens(low, draft), draft), draft)
    low = link_short_names(link_anaphora(low, draft), draft)
    low = fold_hints(low, draft)  # (R5) "the summoning-sick Mystic": a short name's hints
    low = spells_said_on(low, draft)  # (R7) "doom blade on the angel"
    parts = resolve_pronouns(sentences(low), draft)
    if _SEVERAL_BOARDS.search(low):
        draft.doubt("several_boards", _SEVERAL_BOARDS.search(low).group(0).strip())  # type: ignore[union-attr]
    unread: list[str] = []
    facts: list[str] = []
    stated: list[str] = []
    asked_parts: list[str] = []
    # (R10) the sentence before and what of it wasn't read: "is he right?" asks about its
    # claim, "what do I get?" after "if I tap X for mana" about its condition
    claim: tuple[str, list[str]] | None = None
    for sentence in parts:
        # (R7) "i think some of it tramples over? how much damage goes through?": a guess said
        # with a question mark, when another sentence asks, is a claim, not the question
        hedged = _HEDGED.match(sentence) is not None and any(
            "?" in p or _QUESTION_START.match(p) for p in parts if p is not sentence
        )
        got = _read_sentence(sentence, draft, facts, stated, hedged, claim)
        asked_parts += got if _asks(sentence, hedged) else []  # (R8) the question's own words
        unread += claim[1] if claim else []  # (R10) the next sentence may have read some of it
        claim = (sentence, got)
    unread += claim[1] if claim else []
    # (R9) the facts the grammar left, read loosely by their fact words (never verified)
    unread, facts = loose.read_leftovers(draft, unread, facts, DECISIVE_WORDS, _shown)
    return _finish(text, draft, unread, facts, bool(stated), tuple(asked_parts))


# (S4) a state that held once and may not now: "my Elves used to be summoning sick" was read
# as sick (and "used" as tapped) and "No" verified; the grammar reads the words after it as now
_PAST_STATE = re.compile(r"\b(?:used to|previously|formerly)\b")
# (S4) a spell or counter a player meant to put on the board, which didn't happen (or may not
# have): "I was about to Shock their Bears" read as cast, "Yes, it dies" verified. A plan for
# now ("I'm going to Bolt it, does it die?") is the question's own event, like "if I Bolt it".
_PLANNED = re.compile(
    r"\b(?:(?:was|were)\s+(?:about|going|gonna|planning|hoping|trying)|wanted|planned|intended"
    r"|meant|hoped|tried)\s+(?:to\s+)?(?:cast|put|give|pump|target|@\d+)\b"
)
# (S4) a fact said of a group but some of it ("all but one are tapped" read every Forest tapped:
# "0 mana" verified; "both tapped except the Lions")
_EXCEPTED = re.compile(r"\ball but\b|\bexcept\b|\bsave for\b|\bbarring\b|\bapart from\b")
# (S5) a fact said with a negation the rule that read it left out: "I never cast Giant Growth
# on my Bears" read as cast, "my Bears isn't enchanted" as enchanted
_NEGATED_BEFORE = re.compile(
    r"\b(?:not|never|no longer|didn't|didnt|did not|don't|doesn't|does not|haven't|hasn't"
    r"|have not|has not|isn't|aren't|wasn't|weren't|won't)\s+(?:(?:yet|ever|even|actually|really"
    r"|already)\s+)?$"
)
# (S5) a sentence that corrects what was said before ("Sorry, three.", "Actually no, it's a
# -1/-1 counter", "I mean the Lions", "wait, two"): the reader keeps both, or the first
_CORRECTION = re.compile(
    r"^\W*(?:sorry|oops|my bad|correction|scratch that|i mean|i meant|wait|no wait|actually"
    r"|err|erm|er|rather|make that|typo|nope)\b|^\W*no\s*,"
)
# (S5) an effect "until end of turn" said of an earlier turn: it ended in that turn's cleanup
# step (514.2), but the rule reads it as this turn's ("I cast Giant Growth on it last turn")
_THIS_TURN_ONLY = re.compile(r"^(?!.*\bsince\b)[^;]* on [^;]+ this turn$| animated \(its ability")
# (S4) "I don't block the Bears": a block refused for one attacker, named
_NO_BLOCK_OF = re.compile(
    r"\b(?:don't|doesn't|didn't|do not|does not|did not|won't)\s+block\s+"
    r"(?:the\s+|their\s+|his\s+|her\s+|my\s+|your\s+)?@\d+"
)


def _doubt_said(sentence: str, m: re.Match[str], said: str, draft: Draft) -> None:
    """(S5) A statement's fact that a negation before it, a correction, or an earlier turn
    may undo: never verified."""
    if _NEGATED_BEFORE.search(m.string[: m.start()]):
        draft.doubt("negated", said)
    if _THIS_TURN_ONLY.search(said) and state.earlier_turn(m):
        draft.doubt("earlier_turn", said)


def _no_block_of_one(sentence: str, draft: Draft, asking: bool) -> None:
    """(S4) "They attack with Hill Giant and Grizzly Bears. I don't block the Bears." reads "no
    blocks" for every attacker ("You take 5" verified), though naming one attacker says the
    other may be blocked (by the Wall I control): with several attackers, a guess."""
    said = None if asking else _NO_BLOCK_OF.search(sentence)
    if said is not None and sum(1 for t in draft.things.values() if t.attacking) > 1:
        draft.doubt("excepted", _shown(said.group(0), draft))


# (S4) a clause that says again what the one before said, of another player or thing ("and so
# do I", "as does my opponent", "me too"): its words are all glue, so it was dropped unread
_SO_DO_I = re.compile(
    r"\b(?:so|as)\s+(?:do|does|did|have|has|am|is)\s+(?:i|we|my opponent|the opponent|opp"
    r"|they|he|she)\b|\b(?:me|mine|i do|we do)\s+(?:too|as well)\b|\bsame here\b"
)
_HEDGED = re.compile(
    r"^\W*(?:(?:and|but|so|ok|also)\s+)*i\s+(?:think|thought|guess|believe|assume|suspect|reckon"
    r"|feel like)\b(?!\s+(?:i|we)\s+can\b)(?!.*\b(?:right|correct|yeah)\s*\?)"
)
# "if I tap him how many Goblins do I make": a condition, then the question
_CONDITION_START = re.compile(r"^\W*(?:so\s+|and\s+)?(?:if|when|once|say|suppose|after)\b")


def _read_sentence(
    sentence: str,
    draft: Draft,
    facts: list[str],
    stated: list[str],
    hedged: bool = False,
    claim: tuple[str, list[str]] | None = None,
) -> list[str]:
    asking = _asks(sentence, hedged)
    draft.last_controller = None  # "and X" continues a control statement of this sentence
    masked = sentence
    used: set[str] = set()
    claims: list[tuple[int, re.Match[str], Rule]] = []
    for rule in RULES:
        if rule.questions_only and not asking:
            continue
        found = [
            m
            for m in rule.pattern.finditer(masked)
            if m.group(0).strip() and (rule.accepts is None or rule.accepts(m, draft))
        ]
        for m in found:
            claims.append((m.start(), m, rule))
            masked = _mask(masked, m)
            used.update(re.findall(r"@\d+", m.group(0)))
    before = len(draft.questions)
    unread: list[str] = []
    past = None if asking else _PAST_STATE.search(sentence)
    planned = None if asking else _PLANNED.search(sentence)
    excepted = None if asking else _EXCEPTED.search(sentence)
    echoed = _SO_DO_I.search(sentence)
    if echoed is not None:  # (S4) "my opponent controls Anthem and so do I": all glue words
        unread.append(echoed.group(0).strip())
        facts.append(unread[-1])
    for _start, m, rule in sorted(claims, key=lambda c: c[0]):
        said = rule.apply(m, draft)
        if said is None:  # board words that didn't fit the board
            unread.append(_shown(m.group(0), draft))
            facts.append(unread[-1])
        elif said:
            draft.read.append(said)
            if past is not None:  # (S4) "my Elves used to be summoning sick"
                draft.doubt("past_state", said)
            if planned is not None:  # (S4) "I was about to Shock their Bears"
                draft.doubt("intended", said)
            if excepted is not None:  # (S4) "three Forests; all but one are tapped"
                draft.doubt("excepted", said)
            if not asking:
                _doubt_said(sentence, m, said, draft)
            if not asking and _states_a_board(rule, said):
                stated.append(said)  # a statement about the board ("I animated Mutavault.")
    _no_block_of_one(sentence, draft, asking)  # (S4)
    if not asking and draft.read and _CORRECTION.match(sentence):  # (S5) "Sorry, three."
        draft.doubt("corrected", _shown(sentence, draft))
    asked_here = len(draft.questions) - before
    loosely = None  # (R10) no shape read the question: read it from its words, never verified
    if asking and not asked_here and not any(r == "ambiguous_pronoun" for r, _ in draft.doubts):
        loosely = question.loose_question(sentence, draft, claim[0] if claim else None)
        asked_here = len(draft.questions) - before
        if loosely is not None and loosely.context and claim is not None:
            covered = [u for u in claim[1] if loosely.covers(u)]  # the claim's own words
            claim[1][:] = [u for u in claim[1] if u not in covered]
            facts[:] = [f for f in facts if f not in covered]
    at = 0
    for fragment in masked.split(MASK):
        prior, at = masked[:at], at + len(fragment) + 1
        if asking and _ASKED_WHEN.match(fragment):
            continue  # "can the vizier tap for mana this turn?": the turn the board is in
        words = re.findall(r"[a-z0-9@'/+{}-]+", fragment)
        meaningful = [w for w in words if w.strip("'") not in FILLER and w not in used]
        alone = len(re.findall(r"@\d+", fragment)) == 1
        if not meaningful or (
            alone and all(_read_elsewhere(w, draft) or w in _GLUE for w in words)
        ):
            continue  # (R7) "nothing has untapped it": only a thing the sentence read already
        shown = _shown(fragment, draft)
        if loosely is not None and loosely.covers(shown):
            continue  # (R10) the loose question's own words
        if (
            DECISIVE_WORDS.search(fragment)
            and not REPORTED.match(fragment)
            and not WHY_ASKING.search(fragment)
        ):
            facts.append(shown)
        if (
            asking
            and asked_here
            and (_QUESTION_WORD.search(fragment) or _SECOND_ASK.match(fragment))
        ):
            draft.doubt("two_questions", shown)
        unread.append(shown)
        draft.leftovers.append(Leftover(shown, fragment, prior, sentence))  # (R9) loose.py
    if (
        asking
        and not asked_here
        and not (loosely is not None and loosely.asked_back)
        and not any(r == "ambiguous_pronoun" for r, _ in draft.doubts)
    ):
        draft.doubt("unsupported_question", _shown(sentence, draft))
    return unread


def _asks(sentence: str, hedged: bool) -> bool:
    return (
        not hedged
        and (
            "?" in sentence
            or _QUESTION_START.match(sentence) is not None
            or (
                _CONDITION_START.match(sentence) is not None
                and _ASKED_AFTER.search(sentence) is not None
            )
        )
        and not REPORTED.match(sentence)
    )  # (R5) "my buddy says goyf just dies as a 0/0??": a claim


_GLUE = frozenset("and but so then also too nothing has have".split())


def _read_elsewhere(word: str, draft: Draft) -> bool:
    """A placeholder alone for a thing a rule already placed on the board."""
    if not re.fullmatch(r"@\d+", word):
        return False
    occ = draft.occurrence(word)
    return occ is not None and occ.entity is not None and occ.entity in draft.by_entity


# (R5) the sub-grammars whose statements put a permanent in a state ("X is untapped", "I
# animated X", "X enchanted with Y", "I chose red"), or say what the graveyards
# hold: a board, not a rules question about a card ("Colossal Dreadmaw is on the stack. What's
# its mana value?" stays a rules question)
_STATE_MODULES = frozenset({state.__name__, choices.__name__})


def _states_a_board(rule: Rule, said: str) -> bool:
    """Counters say it themselves (``draft.state_said``: "X with two counters" may be a rules
    question); "Clone copying Tarmogoyf, what's its P/T?" with no owner is one too."""
    module = getattr(rule.apply, "__module__", "")
    if module in _STATE_MODULES:
        return "counter" not in said
    return module == zones.__name__ and "graveyard" in said


def _mask(text: str, m: re.Match[str]) -> str:
    """Hide what a rule read, except the names it read about: another rule may say more of
    them ("I control X" and "X entered as a copy of Y")."""
    keep = [
        (m.start(g), m.end(g))
        for g in m.re.groupindex
        if m.group(g) and (g.startswith("keep") or re.fullmatch(OBJS, m.group(g).strip()))
    ]
    out = list(text)
    for i in range(m.start(), m.end()):
        if not any(a <= i < b for a, b in keep):
            out[i] = MASK
    return "".join(out)


def _shown(fragment: str, draft: Draft) -> str:
    """Placeholders back to names, for the report."""

    def name(m: re.Match[str]) -> str:
        occ = draft.occurrence(m.group(0))
        if occ is None or occ.entity is None:
            return "it"
        return draft.entities[occ.entity].label

    text = re.sub(r"@\d+", name, fragment)
    return re.sub(r"\s+", " ", text).strip(" ,.;:!-")


def _only_creatures_hold(draft: Draft) -> None:
    """ "My only creature is a Hill Giant. I attack with my Hill Giant and my Gray Ogre": a
    creature of that player's outside what the message said is all there is contradicts it."""
    for player, ids in draft.only_creatures.items():
        for thing in draft.things.values():
            type_line = thing.entity.text.type_line if thing.entity.text else ""
            creature = "Creature" in type_line or thing.entity.token is not None
            if (
                thing.id not in ids
                and creature
                and thing.zone == "battlefield"
                and thing.controller == player
            ):
                label = thing.entity.label
                draft.doubt(
                    "contradiction",
                    f"{label} is there, but another is said to be the only creature",
                )


def _finish(
    text: str,
    draft: Draft,
    unread: list[str],
    facts: list[str],
    stated: bool = False,
    asked_parts: tuple[str, ...] = (),
) -> Reading:
    # a board, not a rules question about a card: the message says whose something is, or
    # states a fact of the board in a sentence that isn't the question ("I animated Mutavault.
    # Is it still a land?", "Springleaf Drum is untapped but ...") (or a spell cast at a player:
    # "I Helix their face", a board with nothing on it)
    board = bool(draft.things) or any(s.target in ("P1", "P2") for s in draft.spells)
    described = (
        draft.owner_said or draft.state_said or stated or _MY_BOARD.search(text) is not None
    ) and board
    asked = _one_question(draft)
    one_card = not described and board and _one_card_asked_of(asked, draft)
    described = described or one_card
    _only_creatures_hold(draft)
    for thing in draft.things.values():
        empty = draft.empty_graveyards
        if thing.zone == "graveyard" and empty is not None and empty in ("all", thing.controller):
            draft.doubt("contradiction", f"{thing.entity.label} is in a graveyard said to be empty")
        off = thing.zone != "battlefield"
        if off and (thing.counters or thing.damage or thing.tapped or thing.attacking):
            # counters, damage and tapping exist only on the battlefield; "it died with two
            # counters" asks about last known information, which the reader doesn't model
            draft.doubt(
                "contradiction", f"{thing.entity.label} is off the battlefield but has state"
            )
        if thing.zone == "battlefield" and thing.entity.is_spell:
            draft.doubt("unsupported_question", f"{thing.entity.label} is a spell, not a permanent")
    if asked is not None and asked.kind == "can_attack" and draft.active is None:
        attacker = draft.things.get(str(asked.fields.get("object")))
        if attacker is not None and attacker.controller == "P2":
            draft.active = "P2"  # "can their Angel attack?" asks about their turn (508.1)
            draft.active_from_question = True
    asked = _spell_question(asked, draft)
    choices.kicker_said(asked, draft)  # (R18) "I kicked it" (702.33d)
    _which_copy(asked, draft)  # (S4)
    _attacked_pronoun(text, draft, asked)
    if asked is not None and asked.text == question.OPEN_WHAT_HAPPENS and unread:
        # an open "what happens?": anything not read may be the event it asks about
        draft.doubt("unsupported_question", "what happens, after: " + "; ".join(unread))
    if draft.dies_condition and (asked is None or asked.kind != "tokens"):
        unread.append(draft.dies_condition)
        facts.append(draft.dies_condition)
    unplaced = len(unread)
    _unplaced_names(draft, unread)
    guessed = {
        d.split(" read as ", 1)[-1].split(" (")[0] for r, d in draft.doubts if r == "unsure_card"
    }
    placed_nowhere = [u for u in unread[unplaced:] if u not in guessed]  # not "my buddy"
    facts += placed_nowhere
    _blockers_sides(draft)
    assumed = settle(draft)
    if len(draft.things) > MAX_OBJECTS or sum(t.count for t in draft.things.values()) > 500:
        draft.doubt("too_many_objects", str(len(draft.things)))
    q_fields: dict[str, Any] | None = None
    if asked is not None:
        q_fields = _question_fields(asked, draft)
        if asked.kind in _TIMING_KINDS:
            for thing in draft.things.values():
                if thing.timing_assumed:
                    draft.doubt("assumed_timing", thing.entity.label)
    spec = {"board": board_spec(draft)} if board else None
    timing_matters = asked is not None and asked.kind in _TIMING_KINDS
    reading = Reading(
        text=text,
        spec=spec,
        question=q_fields,
        focus=asked.focus if asked else None,
        detail=asked.color if asked else None,
        asked=asked.text if asked else "",
        echo=read_as(draft, timing_matters, asked.text if asked else "") if board else "",
        read=tuple(draft.read),
        unread=tuple(u for u in unread if u),
        unread_facts=tuple(u for u in facts if u),
        unread_events=tuple(u for u in facts if u and _UNREAD_EVENT.search(u)),
        unplaced=tuple(placed_nowhere),
        asked_parts=asked_parts,
        doubts=tuple(draft.doubts),
        assumed=tuple(assumed),
        concrete=described,
        labels={t.id: t.entity.label for t in draft.things.values()},
        about=str(asked.fields["object"]) if asked and "object" in asked.fields else None,
        texts=_texts(draft),
    )
    if one_card and reading.deciding:
        # (R20) a lone card read as the asker's only while nothing else said may change what it
        # is ("if I activate Treetop Village, what are its types?"): otherwise retrieval
        return replace(reading, concrete=False)
    return reading


# (R20) the characteristics a lone card has wherever it is and whoever has it: printed, or
# set by its own characteristic-defining ability, which works in every zone (604.3, 105.2, 205.1)
EVERYWHERE_FOCUSES: tuple[Focus, ...] = ("colors", "types")


def _one_card_asked_of(asked: Question | None, draft: Draft) -> bool:
    """(R20) "is ruination guide blue?", "is dryad arbor a land?": the only thing named is a
    permanent card, the question asks its colour or type, and nothing says whose it is or
    where. It is read as the asker's, on the battlefield (spec.settle says so in the echo):
    neither assumption changes what a card alone is. Other questions about a lone card
    ("can grizzly bears attack?", "what's goyf's power?") depend on a state nobody gave and
    stay with retrieval unless the message says some of it (then the reading is concrete)."""
    if asked is None or asked.kind != "characteristics" or asked.focus not in EVERYWHERE_FOCUSES:
        return False
    if len(draft.things) != 1 or draft.spells or draft.owner_said:
        return False
    (thing,) = draft.things.values()
    if asked.fields.get("object") != thing.id or thing.entity.card is None or thing.entity.is_spell:
        return False
    return thing.zone == "battlefield" and thing.controller is None and thing.count == 1


_AT_HIM_OR_HER = re.compile(
    r"\b(?:attack|attacks|attacked|attacking|swing|swings|swung|swinging|go after|goes after"
    r"|went after)(?:\s+(?:in\s+)?with\s+[^.?!,;]{1,40}?)?\s+(?:at\s+)?(?P<who>him|her)\b",
    re.IGNORECASE,
)


def _attacked_pronoun(text: str, draft: Draft, asked: Question | None) -> None:
    """(lead, session 14) "I swing at her with X", with the opponent's planeswalker on the board:
    "her" is the opponent or that planeswalker (506.3, 508.1b), and the reading took one of them;
    a guess, never verified. Seen in chat-blind-8 (judged after its one blind measurement)."""
    m = _AT_HIM_OR_HER.search(text)
    if m is None:
        _gendered_pronoun(text, draft, asked)
        return
    walkers = [
        t
        for t in draft.things.values()
        if t.zone == "battlefield" and t.controller != "P1" and t.is_planeswalker()
    ]
    if walkers:
        draft.doubt("guessed_pronoun", f"{m['who']} (the opponent, or {walkers[0].entity.label})")
    else:
        _gendered_pronoun(text, draft, asked)


def _asked_things(asked: Question | None, draft: Draft) -> list[Thing]:
    """The things a question names (its object, targets, attacker)."""
    if asked is None:
        return []
    ids: list[str] = []
    for key in ("object", "attacker", "blocker"):
        if asked.fields.get(key):
            ids.append(str(asked.fields[key]))
    targets = asked.fields.get("targets")
    if isinstance(targets, list | tuple):
        ids += [str(t) for t in targets]
    return [draft.things[i] for i in ids if i in draft.things]


_HE_OR_SHE = re.compile(r"\b(?P<who>he|him|his|she|her|hers)\b", re.IGNORECASE)


def _gendered_pronoun(text: str, draft: Draft, asked: Question | None) -> None:
    """(lead, session 15) "Vraska, Relic Seeker at 7 loyalty. my Enormous Baloth hits her
    unblocked, is she dead": players and planeswalkers are "he" and "she" in chat, creatures
    seldom, so with a planeswalker on the battlefield a "he" or "she" may be the planeswalker,
    a player or a creature; a question about no planeswalker is then a guess, never verified
    (it had read "is she dead" as whether the Baloth dies, verified). chat-blind-8's c8b-099
    again: the session 14 fix covered only "swing at her" beside the opponent's planeswalker."""
    m = _HE_OR_SHE.search(text)
    if m is None:
        return
    walkers = [t for t in draft.things.values() if t.zone == "battlefield" and t.is_planeswalker()]
    if walkers and not any(t in walkers for t in _asked_things(asked, draft)):
        draft.doubt("guessed_pronoun", f"{m['who']} (a player, or {walkers[0].entity.label})")


def _which_copy(asked: Question | None, draft: Draft) -> None:
    """(S4) "I control Grizzly Bears and another Grizzly Bears with a +1/+1 counter. What's the
    power of Grizzly Bears?": two objects of one card, and the question names the card: which
    one it asks about is a guess (the counter was read on both, and "3" verified). A copy of
    the card has its name too (707.2): "My Clone entered this turn as a copy of Llanowar Elves.
    Can I tap the Elves?" may ask about the Clone."""
    asked_about = draft.things.get(str(asked.fields.get("object"))) if asked else None
    if asked_about is None:
        return
    twins = [
        t
        for t in draft.things.values()
        if t is not asked_about
        and (t.entity.key == asked_about.entity.key or t.copies == asked_about.id)
    ]
    if twins:
        draft.doubt("which_copy", asked_about.entity.label)


def _texts(draft: Draft) -> dict[str, str | None]:
    """(R16) The Oracle text of everything the reading put somewhere and of the spells cast
    (None: not known, a token); a card placed nowhere or read as words is not on the board."""
    entities = [t.entity for t in draft.things.values()]
    entities += [e for e in draft.entities.values() if e.card in {s.card for s in draft.spells}]
    return {e.label: e.text.oracle_text if e.text else None for e in entities}


# what the player asks about a spell cast at something: what it does, and what dies after
_SPELL_FOCUSES = ("dies", "survives", "fate", "after_sba", "combat", "can", "loyalty_left")


def _dies_of_the_target(asked: Question, draft: Draft, spell: CastSpell) -> Question:
    """(R11) "Opp has Furnace of Rath. I Shock their Hill Giant — does it die?": only a
    creature or planeswalker dies of damage (704.5g, 704.5i); a "does it die" read as about a
    permanent that can't, while the spell is cast at one that can, is about the spell's target:
    a guess, said (never verified)."""
    asked_about = draft.things.get(str(asked.fields.get("object")))
    target = draft.things.get(spell.target)
    if asked_about is None or target is None or asked_about is target:
        return asked
    if question.can_die_of_damage(asked_about) or not question.can_die_of_damage(target):
        return asked
    draft.doubt("guessed_pronoun", f"the question read as about {target.entity.label}")
    text = asked.text.replace(asked_about.entity.label, target.entity.label)
    said = Question(asked.kind, asked.focus, {**asked.fields, "object": target.id}, text)
    said.color = asked.color
    return said


def _spell_question(asked: Question | None, draft: Draft) -> Question | None:
    """ "If I Bolt their Goyf, does it die?": the engine resolves the spell on the board
    (608.2; the spell is in the graveyard before state-based actions are checked, 608.2n) instead
    of the reader marking its damage. A spell cast at something that no question resolves is
    not modelled, so it is listed as not read."""
    spells = draft.spells
    if not spells:
        return asked
    attackers = any(t.attacking for t in draft.things.values())
    resolves = (
        asked is not None
        and asked.kind in ("after_sba", "combat_damage")
        and asked.focus in _SPELL_FOCUSES
        and not attackers
    ) or _tokens_of_the_target(asked, spells)
    if not resolves or len(spells) > 1 or asked is None:
        for spell in spells:
            if spell.on_stack:  # (R6) still on the stack: it changes nothing yet (608.2)
                continue
            if spell.damage == 0 and not _continuing(draft, spell):
                label = _target_label(draft, spell.target) if spell.target else "the board"
                draft.doubt("unsupported_question", f"what {spell.card} does to {label}")
        if len(spells) > 1:
            draft.doubt("unsupported_question", "several spells cast")
        return asked
    spell = spells[0]
    target = draft.things.get(spell.target)
    if target is not None and spell.damage:  # marked by the reader; the engine deals it now
        target.damage = max(0, target.damage - spell.damage)
        target.said = [s for s in target.said if "damage marked" not in s]
        if target.damage:
            target.note(f"{target.damage} damage marked")
    fields: dict[str, object] = {
        "card": spell.card,
        "controller": spell.caster,
        "targets": [spell.target] if spell.target else [],  # (R17) "I cast Pyroclasm"
    }
    if asked.focus in ("dies", "survives", "fate") and "object" in asked.fields:
        fields["object"] = asked.fields["object"]
        asked = _dies_of_the_target(asked, draft, spell)
        fields["object"] = asked.fields["object"]
    if asked.focus == "loyalty_left" and "object" in asked.fields:
        fields["object"] = asked.fields["object"]  # (E7) the planeswalker the spell hits
    at = f" at {_target_label(draft, spell.target)}" if spell.target else ""
    text = f"{spell.card} cast{at}: {asked.text}"
    spell_question = Question("spell", asked.focus, fields, text)
    spell_question.color = asked.color  # (R11) whose life a life question asks about
    return spell_question


def _tokens_of_the_target(asked: Question | None, spells: list[CastSpell]) -> bool:
    """(R17) "Opp just Doom Bladed my Hangarback. How many Thopters do I get?": the tokens
    its dies ability makes once the one spell cast at it resolves (608.2, 603.10a); the
    engine resolves the spell and says what triggers."""
    if asked is None or asked.kind != "tokens" or len(spells) != 1:
        return False
    return spells[0].target != "" and asked.fields.get("object") in (None, spells[0].target)


def _continuing(draft: Draft, spell: CastSpell) -> bool:
    """A resolved spell whose effect lasts (611.2: "until end of turn", "gain control") is a
    continuing effect on the board: its text goes to the engine, which reads it or says it
    can't (then the answer is not verified)."""
    entity = next((e for e in draft.entities.values() if e.card == spell.card), None)
    text = entity.text.oracle_text if entity and entity.text else ""
    if spell.target not in draft.things or not re.search(
        r"until end of turn|\bgain control\b", text, re.IGNORECASE
    ):
        return False
    draft.effects.append({"text": text, "targets": [spell.target]})
    draft.things[spell.target].note(f"{spell.card} this turn")
    return True


def _target_label(draft: Draft, target: str) -> str:
    if target in draft.things:
        return draft.things[target].entity.label
    return "you" if target == "P1" else "your opponent"


def _blockers_sides(draft: Draft) -> None:
    """A blocker is the defending player's (509.1a): "Dreadmaw attacking, blocked by my Bears"
    makes the Dreadmaw theirs; a creature blocking its own controller's attacker is a
    contradiction, never a board."""
    for thing in draft.things.values():
        attacker = draft.things.get(thing.blocking or "")
        if attacker is None:
            continue
        sides = (thing.controller, attacker.controller)
        if sides[0] is None and sides[1] is not None:
            thing.controller = "P2" if sides[1] == "P1" else "P1"
        elif sides[1] is None and sides[0] is not None:
            attacker.controller = "P2" if sides[0] == "P1" else "P1"
        elif sides[0] is not None and sides[0] == sides[1]:
            draft.doubt("contradiction", f"{thing.entity.label} blocks its own side's attacker")


def _unplaced_names(draft: Draft, unread: list[str]) -> None:
    """A card the message names that no rule put anywhere (not on the board, not read as a
    spell) was not read: the board would silently lack it. In the order the message names them,
    so the reply says the same each time."""
    named = dict.fromkeys(o.entity for o in draft.occurrences if o.entity)
    for key in named:
        if key not in draft.by_entity and key not in draft.consumed:
            label = draft.entities[key].label
            if key in draft.loose:  # (R5) "or does menace stop that": words, maybe not a card
                draft.doubt("unsure_card", f"'{label.lower()}' read as words, not the card {label}")
                continue
            unread.append(label)


def _one_question(draft: Draft) -> Question | None:
    """Two questions are one only when they ask the engine the same and want the same part of
    its answer: "who dies, and what's their life after combat?" is one combat but two questions
    (issue 13: never one verified answer to two questions)."""
    distinct: list[Question] = []
    for q in draft.questions:
        if not any(_same_question(q, d) for d in distinct):
            distinct.append(q)
    if not distinct:
        if not draft.doubts:
            draft.doubt("no_question", "")
        return None
    if len(distinct) > 1:
        draft.doubt("two_questions", " / ".join(q.text for q in distinct))
    return distinct[0]


# (R7) the parts of one combat's answer that are one question said twice ("how much damage
# does it deal? what's their life after?"); what dies is another question
_SAME_ANSWER: tuple[frozenset[Focus], ...] = (
    frozenset({"combat", "combat_check"}),
    frozenset({"dies", "survives", "fate"}),
)


def _same_question(a: Question, b: Question) -> bool:
    if a.kind != b.kind or a.fields != b.fields:
        return False
    return a.focus == b.focus or any({a.focus, b.focus} <= same for same in _SAME_ANSWER)


def _question_fields(asked: Question, draft: Draft) -> dict[str, Any]:
    fields: dict[str, Any] = {"kind": asked.kind, **asked.fields}
    others = [fields.get("attacker"), *fields.get("pay_with", [])]
    if fields.get("object") is not None and fields["object"] in others:
        draft.doubt("contradiction", "a permanent asked about against itself")
    attackers = [t for t in draft.things.values() if t.attacking and t.zone == "battlefield"]
    for key in ("object", "attacker"):
        thing = draft.things.get(str(fields.get(key)))
        if thing is not None and thing.count > 1:
            fields[key] = f"{thing.id}#1"  # N identical objects are id#1 ... id#N
    if asked.kind == "combat_damage" and not attackers:
        fields = {"kind": "after_sba"}
    elif asked.kind == "combat_damage" and draft.assignment:
        fields["assignment"] = draft.assignment  # (R6) "I split its 6 damage 3 and 3" (510.1c)
    if asked.kind == "tokens":
        if "object" not in fields:
            makers = [
                t
                for t in draft.things.values()
                if t.entity.text and re.search(r"\bcreates?\b", t.entity.text.oracle_text, re.I)
            ]
            if len(makers) != 1:
                draft.doubt("which_ability", " or ".join(t.entity.label for t in makers) or "it")
                return fields
            fields["object"] = makers[0].id
        targets = draft.targets.get(fields["object"])
        if targets:
            fields["targets"] = targets
    if asked.kind in ("combat_damage", "spell") or asked.focus == "counters_left":
        fields.pop("object", None)
    return fields
