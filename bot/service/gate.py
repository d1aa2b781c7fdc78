"""The auto-answer gate: is a chat message a rules question worth looking up?

Built from the knowledge base rather than a fixed word list: a message passes when it has a
question's shape *and* names something of the game's rules — a card (the mention finder), a
keyword ability or action (CR 701, 702), a glossary term or a players' word from the jargon
table. Everyday words that happen to be glossary terms ("card", "deck", "play", "hand") are
no evidence, and a message about prices, trades, events or deck choices needs two rules terms.
Silence beats a wrong answer: the gate runs before any search (measured by
benchmarks/gate_eval.py on benchmarks/gate/help_chat.jsonl).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, Protocol

from bot.service.parsing import MAX_QUESTION

# -- tuned numbers and word lists (one place) ----------------------------------------------

MIN_CHARS = 12
MIN_WORDS = 3
MENTION_WEIGHT = 0.5  # a card mention at least this sure counts as evidence...
# ...when found this way, or written with a capital: a lower-case word that only begins a
# name or is near one ("questions", "parking") is no card
STRONG_MENTIONS = frozenset({"bracket", "full", "face", "nickname"})
MAX_PHRASE_WORDS = 4
CHATTER_EVIDENCE = 3  # a message with chatter markers passes only with this much evidence
# Glossary terms and keyword names that are everyday chat words as well: no evidence alone.
EVERYDAY_TERMS = frozenset(
    """
    ability card cards deck decks play player players game games hand name day night move pass
    match door room map speed team event option status type level pile world wall case class
    party lock loop locked general limited draft double triple search vote support visit gift
    plot learn echo shadow reach epic fear storm mentor training backup role emperor forest
    island mountain plains swamp basic color colour power owner opponent cost if instead unless
    x y text box sticker prize subgame ante match variant infinity lock unlock unlocked
    kindred historic world snow event concede option saga plane scheme vanguard dungeon
    the ring face up modified party crime station tiered warp mayhem job select harmonize
    affinity devotion monarch option speed max speed become becomes deal placed skip
    """.split()
) | {"text box", "face up", "the ring", "max speed", "job select"}
# Words of chat about the hobby rather than a game's rules (prices, trades, events, decks).
CHATTER_MARKERS = re.compile(
    r"\b(price|prices|worth|buy|buying|sell|selling|trade|trading|cheap|budget|\$|sleeves?|"
    r"playmat|store|shop|tournament|prerelease|fnm|arena|mtgo|art|spoilers?|standard|"
    r"modern|pioneer|legacy|meta|best|favou?rite|good|cut|precons?|box|schedule|lend|borrow|"
    r"announce\w*|rotation|ban ?list|beginner|started|video|decklists?|deck ?tech|"
    r"(?:in|for) (?:my|your|a|the) deck|(?:would|should|do) (?:you|i|we) (?:play|run|cut|add|"
    r"include|pick|take|prefer))\b|"
    # talk to people about the hobby: opinions, plans, favourites
    r"\b(?:anyone|anybody|someone|somebody|you guys|y'?all|do you think|think|favou?rite|fun|"
    r"cool(?:est)?|weird|pronounce|usually|story|(?:you|i|we) (?:usually )?run)\b",
    re.IGNORECASE,
)
# Common nouns of the game that alone don't make a rules question ("the coolest planeswalker",
# "my bolt arrived damaged"): evidence only with another term or a card.
COMMON_TERMS = frozenset(
    """
    creature creatures mana damage block planeswalker land lands spell spells commander counter
    token tokens turn permanent artifact enchantment instant sorcery library graveyard life
    attack draw color colors mechanic
    """.split()
)
# Openings that ask the room about a rule, not for chat: neutral, removed before the check.
ASK_THE_ROOM = re.compile(r"\b(?:(?:does|do|would|can) (?:anyone|anybody|someone) (?:know|tell me|"
                          r"explain)|rules? question)\b", re.IGNORECASE)  # fmt: skip
QUESTION_START = re.compile(
    r"^(?:hey[,!]?\s+|so[,]?\s+|quick (?:rules )?question[:,]?\s+|question[:,]?\s+)?"
    r"(can|could|does|do|did|is|are|was|were|will|would|should|shall|how|what|when|why|who|"
    r"which|where|if|whats|what's|am i|may|must|wondering)\b",
    re.IGNORECASE,
)
QUESTION_PHRASES = re.compile(r"\b(rules? question|question about|how does|how do)\b", re.I)
_CLAUSES = re.compile(r"[,.;:!]+\s")
_CODE = re.compile(r"```.*?(?:```|$)|`[^`\n]*`", re.DOTALL)
_INLINE = re.compile(r"\[\[[?!]?([^\[\]\n|]*)(?:\|[^\]]*)?\]\]")
_WORD = re.compile(r"[a-z0-9][a-z0-9'+/-]*")
_ENDINGS = ("ing", "ed", "es", "s", "d")

GateReason = Literal[
    "question",  # passes: a question's shape and rules evidence
    "too_short",
    "not_chat",  # a command, a link
    "no_question_shape",
    "no_rules_words",
    "chatter",  # about prices, events, decks... with too little rules evidence
]


@dataclass(frozen=True)
class GateVerdict:
    passes: bool
    reason: GateReason
    evidence: tuple[str, ...] = ()  # the rules terms and cards that counted

    def explain(self) -> str:
        found = f" ({', '.join(self.evidence)})" if self.evidence else ""
        return {
            "question": f"a question naming the game's rules{found}",
            "too_short": "too short to be a question",
            "not_chat": "a command or a link, not chat",
            "no_question_shape": "not shaped like a question",
            "no_rules_words": "names no card, keyword or rules term",
            "chatter": f"about the hobby, not a game's rules{found}",
        }[self.reason]


class GateKnowledge(Protocol):
    """What the gate reads from the knowledge base."""

    def rules_vocabulary(self) -> frozenset[str]: ...
    def mentions(self, text: str) -> Iterable[object]: ...


def plain_text(text: str) -> str:
    """The message as words: code removed, ``[[Card]]`` kept as the card's name."""
    return _INLINE.sub(lambda m: m.group(1), _CODE.sub(" ", text)).strip()


def rules_question(text: str, kb: GateKnowledge) -> GateVerdict:
    text = plain_text(text)
    if text.startswith(("/", "!", "http")):
        return GateVerdict(False, "not_chat")
    words = _WORD.findall(text.lower())
    if len(text) < MIN_CHARS or len(words) < MIN_WORDS or len(text) > MAX_QUESTION:
        return GateVerdict(False, "too_short")
    if not _question_shaped(text):
        return GateVerdict(False, "no_question_shape")
    terms = _rules_terms(words, kb.rules_vocabulary())
    cards = [str(getattr(m, "text", "")) for m in kb.mentions(text) if _card_evidence(m)]
    evidence = tuple(dict.fromkeys([*terms, *(f"card: {c}" for c in cards)]))
    if not evidence or (len(evidence) == 1 and terms and terms[0] in COMMON_TERMS):
        return GateVerdict(False, "no_rules_words", evidence)
    if CHATTER_MARKERS.search(ASK_THE_ROOM.sub(" ", text)) and len(evidence) < CHATTER_EVIDENCE:
        return GateVerdict(False, "chatter", evidence)
    return GateVerdict(True, "question", evidence)


def _card_evidence(mention: object) -> bool:
    written = str(getattr(mention, "text", ""))
    if float(getattr(mention, "weight", 0.0)) < MENTION_WEIGHT:
        return False
    return getattr(mention, "how", "") in STRONG_MENTIONS or written[:1].isupper()


def _question_shaped(text: str) -> bool:
    """A question mark, or a question word opening the message or one of its clauses
    ("my opponent cast wrath, can i sacrifice in response")."""
    if "?" in text or QUESTION_PHRASES.search(text):
        return True
    return any(QUESTION_START.match(clause.strip()) for clause in _CLAUSES.split(text))


def _rules_terms(words: list[str], vocabulary: frozenset[str]) -> list[str]:
    """The vocabulary's terms among the message's words and short phrases (inflected forms
    too: "tramples", "sacrificed", "blocking")."""
    found: list[str] = []
    taken = [False] * len(words)  # a word counts once: "creature type", not also "creature"
    forms = [[w, *(_stem(w, e) for e in _ENDINGS if _stem(w, e))] for w in words]
    for size in range(MAX_PHRASE_WORDS, 0, -1):
        for start in range(len(words) - size + 1):
            if any(taken[start : start + size]):
                continue
            head = " ".join(words[start : start + size - 1])
            for last in forms[start + size - 1]:
                phrase = f"{head} {last}".strip()
                if phrase in vocabulary and phrase not in EVERYDAY_TERMS:
                    found.append(phrase)
                    taken[start : start + size] = [True] * size
                    break
    return list(dict.fromkeys(found))


def _stem(word: str, ending: str) -> str:
    return word[: -len(ending)] if word.endswith(ending) and len(word) - len(ending) >= 3 else ""
