"""Board questions in plain chat: the knowledge base as the reader's ``CardNames``, and the
engine's answer to a described board, for ``ask`` (CLI, console, Discord ``/ask``, auto-answers).

A message goes to the engine only when the reader finds a concrete board (named permanents with
a controller or a state) and a question kind it can build; everything else is left to retrieval
exactly as before.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import CardText
from engine.reader import CardMention, EngineReply, Reading, answer, read

log = logging.getLogger(__name__)

CERTAIN_MENTION = 0.5  # a mention weaker than this (rulings_db.mentions weights) is a guess
MAX_BOARD_MESSAGE = 1000  # longer messages are cut for retrieval; they are never read as boards


class KnowledgeBaseNames:
    """``engine.reader.CardNames`` over the knowledge base: its mention detection (typos,
    nicknames, possessives, partial names) and exact lookups for card text."""

    def __init__(self, kb: Any) -> None:
        self.kb = kb
        self._cards: dict[str, CardText | None] = {}

    def find(self, text: str) -> Sequence[CardMention]:
        from rulings_db.mentions import token_spans

        spans = token_spans(text)
        found: list[CardMention] = []
        for m in self.kb.mentions(text):
            if m.start < 0 or m.end > len(spans) or not m.oracle_ids:
                continue
            names = [self.kb.names.full_names.get(i, "") for i in m.oracle_ids]
            names = [n for n in names if n]
            if not names:
                continue
            certain = len(names) == 1 and m.weight >= CERTAIN_MENTION
            start, end = spans[m.start][0], spans[m.end - 1][1]
            if _NOT_A_CARD_AFTER.match(text, end):
                continue  # (R16) "Hour of Devastation draft deck": the set or deck, no card
            others = [self.kb.names.full_names.get(i, "") for i in m.others]
            if m.how == "prefix" and any(others):
                # (R16) "helix" begins Helix Pinnacle and others' names: a guess among them
                certain = False
                names += [n for n in others if n and n not in names]
            if _A_KIND_OF_SPELL.match(text, end) and text[start:end].islower():
                certain = False  # (R16) "my burn spell": a kind of spell, maybe no card
            lead = _LEADING_COUNT.match(text, start, end)
            if lead is not None and not names[0][:1].isdigit():
                start = lead.end()  # "2x lord of atlantis": the count is not the name
            trail = _TRAILING_COUNT.search(text, start, end)
            if trail is not None and trail.start() > start:
                end = trail.start()  # "grizzly bears x2" (R3): the count is not the name either
            stop = _SENTENCE_STOP.search(text, start, end)
            if stop is not None:  # "lord of atlantis. opp": a name never runs past a full stop
                end = stop.start()
                if end - start < 3:
                    continue
            found.append(
                CardMention(
                    names[0],
                    start,
                    end,
                    certain=certain,
                    candidates=tuple(names[1:4]),
                )
            )
        found = self._spells_as_verbs(text, found)
        return found + self._bare_plurals(text, found)

    def _spells_as_verbs(self, text: str, found: list[CardMention]) -> list[CardMention]:
        """(R7) An instant or sorcery said as a verb ("i shock it", "they pushed my elves",
        "opp murders the bears", "it got shocked"): a player doing it to a thing, so the
        sentence makes the word the card (certain); ordinary verbs that are also card names
        ("hit", "exile", "burn") are never read this way."""
        out = list(found)
        for m in _SPELL_VERB.finditer(text.lower()):
            group = "verb" if m["verb"] else "verb2"
            start, end = m.start(group), m.end(group)
            if any(f.start < end and start < f.end and f.certain for f in out):
                continue  # "i bolt it": the name detection already knows it
            name = self._spell_named(m[group])
            if name is None:
                continue
            out = [f for f in out if not (f.start < end and start < f.end)]
            out.append(CardMention(name, start, end, certain=True))
        return sorted(out, key=lambda f: f.start)

    def _spell_named(self, word: str) -> str | None:
        """The instant or sorcery a verb's stem names exactly or by nickname (a dictionary
        look-up: no prefix or fuzzy matching, so it costs nothing on ordinary verbs)."""
        from rulings_db.names import normalise
        from rulings_db.schema import NAME_FULL, NAME_NICKNAME

        stems = [word, *(word[: -len(e)] for e in _VERB_ENDINGS if word.endswith(e))]
        for stem in dict.fromkeys(s for s in stems if len(s) >= 3):
            if stem in _ORDINARY_VERBS:
                return None
            ids = self.kb.names.oracle_ids_for(normalise(stem), (NAME_FULL, NAME_NICKNAME))
            names = {self.kb.names.full_names.get(i, "") for i in ids} - {""}
            if len(names) != 1:
                continue
            name = names.pop()
            text = self.card(name)
            if text is not None and re.search(r"\b(?:Instant|Sorcery)\b", text.type_line):
                return name if "//" not in name else None
        return None

    def _bare_plurals(self, text: str, found: list[CardMention]) -> list[CardMention]:
        """ "my elves", "opp's bears": a plural after a possessive that is the last word of
        card names the mention detection left alone (it skips ordinary words). Never
        certain: the reader says it was a guess and names the card it read, so the answer
        is not verified; a card named in full elsewhere in the message is preferred."""
        names = self.kb.names
        out: list[CardMention] = []
        for m in _BARE_PLURAL.finditer(text.lower()):
            word = m["word"]
            if word in _ORDINARY_PLURALS or any(
                f.start < m.end() and m.start("word") < f.end for f in found
            ):
                continue
            if any(f.name.lower().split()[-1] == word for f in found):
                continue  # "Llanowar Elves ... my elves": the reader links the short name
            if self._names_tokens(text, word, found):
                continue  # "I cast Raise the Alarm … the soldiers": the tokens, not a card
            keys = [k for k in names.keys_with_word(word) if k.split()[-1] == word]
            ids = [
                e.oracle_id for k in sorted(keys) for e in names.by_key[k] if e.kind != "nickname"
            ]
            ranked = [names.full_names[i] for i in names._ranked(ids) if i in names.full_names]
            ranked = list(dict.fromkeys(ranked))
            if not ranked:
                continue
            if _ASKS_MANA.search(text):  # "can I tap my elves for G": the premise is a mana maker
                makers = [n for n in ranked[:8] if _makes_mana(self.card(n))]
                ranked = makers + [n for n in ranked if n not in makers]
            first = ranked[0]
            others = tuple(n for n in ranked if n != first)[:3]
            out.append(CardMention(first, m.start("word"), m.end("word"), False, others))
        return out

    def _names_tokens(self, text: str, word: str, found: list[CardMention]) -> bool:
        """(lead, S13) A plural that is the creature type of tokens in the message: "a Spirit
        token", or a card named there that creates that type ("Spectral Procession … the
        spirits", 111.2). The reader refers it to those tokens; guessing a card by the word
        (Blessed Spirits) would answer about a card nobody named."""
        one = word[:-3] + "f" if word.endswith("ves") else word[:-1]
        if re.search(rf"\b{one}s?\b[^.?!]*\btokens?\b", text, re.IGNORECASE):
            return True
        makes = re.compile(rf"\b{one}\b[^.]*\bcreature tokens?\b", re.IGNORECASE)
        for mention in found:
            card = self.card(mention.name)
            if card is not None and makes.search(card.oracle_text):
                return True
        return False

    def card(self, name: str) -> CardText | None:
        if name not in self._cards:
            from bot.boards import card_text

            match = self.kb.card(name)
            ok = match.card is not None and match.how in ("exact", "normalised", "face")
            self._cards[name] = card_text(match.card) if ok else None
        return self._cards[name]


# (R7) a spell said as a verb: a player (or a passive "got") before it, a thing after it
_SPELL_VERB = re.compile(
    r"\b(?:(?:i|we|they|he|she|opp\w*|(?:my\s+)?opponent)\s+(?:just\s+|then\s+|also\s+|already\s+"
    r"|immediately\s+|finally\s+)?(?P<verb>[a-z]{3,}(?:'d|'ed)?)(?=\s+(?:it|him|her|them|my|their|his"
    r"|the|that|this|your|opp\w*|an?\s)\b)"
    r"|\b(?:got|gets|get|was|were|been|getting)\s+(?P<verb2>[a-z]{3,}(?:ed|'d|'ed))\b)"
)
_VERB_ENDINGS = ("'ed", "'d", "ed", "es", "s", "d")
# verbs of the game and of English that are also card names: never a spell said as a verb
_ORDINARY_VERBS = frozenset(
    """hit exile exiled flicker burn snap cancel fight fights counter tap untap attack block cast
    play draw discard mill scry sacrifice sac destroy kill return bounce pump ping shoot gain
    lose copy clone steal have had has got get was were been control controls think say said
    know want need see use used make made give gave put take took deal dealt move swing swung
    chump trade respond pass hold keep choose chose pay paid activate crew equip enchant
    animate resolve target targeted""".split()
)

# (R16) what follows the name of a set, a deck or a kind of spell rather than of a card:
# "Hour of Devastation draft deck", "my Goblin King deck", "a Dominaria prerelease", "a burn spell"
_NOT_A_CARD_AFTER = re.compile(
    r"\s+(?:(?:draft|sealed|cube|prerelease|precon|tribal|commander|constructed)\s+)?(?:deck|decks"
    r"|draft|drafts|prerelease|precon|league|brew|archetype)\b",
    re.IGNORECASE,
)
_A_KIND_OF_SPELL = re.compile(r"\s+(?:spells?|effects?)\b", re.IGNORECASE)
_LEADING_COUNT = re.compile(r"(?:\d{1,3}\s*x|x\s*\d{1,3}|\d{1,3})\s+", re.IGNORECASE)
_TRAILING_COUNT = re.compile(r"\s*\(?\s*x\s?\d{1,2}\s*\)?$", re.IGNORECASE)
_SENTENCE_STOP = re.compile(r"[.;!?](?=\s)|,\s+(?:opp|my|their|i|and|but)\b")
_ASKS_MANA = re.compile(r"\b(?:mana|tap\s+\S+\s+for)\b", re.IGNORECASE)


def _makes_mana(card: CardText | None) -> bool:
    return card is not None and re.search(r"\{T\}[^.]*: Add\b", card.oracle_text) is not None


# "my elves", "their bears": a plural after a possessive or count; the ordinary plurals of game
# words are never card names here.
_BARE_PLURAL = re.compile(
    r"\b(?:my|our|their|his|her|opp'?s|opponent'?s|both|two|three|four|the|untapped|tapped)"
    r"\s+(?P<word>[a-z]{3,}(?:s|ves))\b"
)
_ORDINARY_PLURALS = frozenset(
    """creatures lands cards permanents tokens turns counters artifacts enchantments spells
    blockers attackers players opponents graveyards hands guys things dudes planeswalkers
    instants sorceries abilities effects triggers points lives steps phases colors colours
    types options others ones mana others friends decks games rounds""".split()
)


@dataclass(frozen=True)
class BoardQuestion:
    """What the engine said about a described board (or why it could not say)."""

    reading: Reading
    reply: EngineReply
    missing_rules: tuple[str, ...] = field(default=())

    @property
    def verified(self) -> bool:
        return self.reply.verified and not self.missing_rules

    @property
    def has_answer(self) -> bool:
        return bool(self.reply.answer)

    def to_json(self) -> dict[str, Any]:
        """``ask --json``'s ``sources[0]``."""
        return {
            "kind": "engine",
            "verified": self.verified,
            "answer": self.reply.answer,
            "steps": [{"rule": r, "text": t} for r, t in self.reply.steps],
            "reading": self.reading.echo,
            "unread": list(self.reading.unread),
            "concerns": list(self.reading.concerns) + list(self.missing_rules),
            "unmodelled": list(self.reply.unmodelled),
            "question": self.reading.question,
            "board": (self.reading.spec or {}).get("board", {}),
        }


# A cheap look before the knowledge base's name detection (the costly part of reading): a
# question the engine answers and some word that describes a board. Only a filter: the reader
# decides; it never sees a message that fails this.
_ASKS = re.compile(
    r"\b(?:tap|tapping|attack\w*|swing\w*|block\w*|activate|embalm|eternalize|mana|damage|tokens?|dies?"
    r"|dead|alive|give me|gives me|legendary|legend"
    r"|survives?|trade|lives?|makes?|go(?:es)? through|take|lose|strong|size|big|who|which|gone"
    r"|sacrifice|sac|keep|lethal|stay|stays|remain|remains|white|blue|black|red|green|colou?rless"
    r"|\bcan (?:i|we) (?:still )?(?:cast )?\w+"
    r"|\b(?:is|are) (?:the |my |their |his |her )?\S+ (?:still |now |really )?an? [a-z]+"
    r"|power|toughness|p/t|stats|mana value|cmc|mv|colou?rs?|types?|how big|state[- ]based|sbas?"
    r"|what happens|keep both|which one|token|summoning sick|summoning sickness|life totals?|flying"
    r"|haste|trample"
    r"|deathtouch|lifelink|look like|make|produce|get|legend rule|apply|life|crew|happens?|what is"
    r"|what's|how many|how much|kill|killed|lethal|animate"
    r"|where (?:does|will|would) (?:that|this|it) (?:leave|put))\b"  # (E7) a life total asked
    r"|\b\d{1,2}/\d{1,2}\b",
    re.IGNORECASE,
)
_DESCRIBES = re.compile(
    r"\b(?:i|we)(?:'ve|'m)?\s+(?:just\s+|also\s+|only\s+|still\s+|already\s+|now\s+)?"
    r"(?:control|have|had|got|cast|played|play|attack|attacked|swing|swung|block|blocked|embalmed"
    r"|tap|use|activate|animate|crack|cracked|sac|sacked|pay|paid|resolve|resolved|drop|dropped"
    r"|eternalized|activated|gave|bolted|bolt|tapped|animated|sacrificed|equipped|casting|crewed"
    r"|paid)\b|\bmy\s|\b(?:opponent|opp|opps|they|their|mine|theirs)\b|\b(?:tapped|untapped"
    r"|entered|came in|came down|comes in|enters|attacking|attacks|swings|swinging|blocking|blocks"
    r"|blocked|unblocked|chumps?|copying|copy of|copies of|counters?|graveyards?|yards?|exiled"
    r"|in hand|on the stack|this turn|last turn|loyalty|on my side|has \d+ damage|took \d+ damage"
    r"|\d+ damage on|embalmed|eternalized|crewed|animated|stole|equipped|enchanted|wearing)\b"
    r"|\bx\s*=\s*\d|^\W*(?:just\s+)?(?:cast|played|resolved|resolving)\b|\b(?:me|mine|board|side)\s*:"
    r"|\bin play\b|\bon the (?:field|battlefield|board|table)\b|\bturn \d+\b|\bsitting (?:on|in)\b"
    r"|\bi'?ve got\b",
    re.IGNORECASE,
)

# (R20) a question about one card's own characteristics or what it can do, with no owner said
# ("can sylvan caryatid attack?", "is ruination guide blue?", "what's goyf's power?"): the
# reader reads it as the asker's card on the battlefield, when it names one card
_ASKS_OF_ONE_CARD = re.compile(
    r"^\W*(?:so\s+|wait\s+|quick q\W*\s+)?(?:can|could|does|do|will|is|are)\s+(?!a\s|an\s|any\s)"
    r"[^?.!]{3,40}?\s+(?:attack|block|tap|be tapped|untap|white|blue|black|red|green"
    r"|colou?rless|an? (?:creature|artifact|land|enchantment|planeswalker))\b"
    r"|\bwhat(?:'s|s| is| are)\s+(?!a\s|an\s)[^?.!]{3,40}?'s?\s+(?:power|toughness|p/t"
    r"|mana value|cmc|mv|colou?rs?|types?)\b",
    re.IGNORECASE,
)

# `/board` takes a spec (YAML or JSON) or a plain description: a spec has its top-level keys
# at the start of a line (docs/board-spec.md) or is a JSON object; anything else is read.
_SPEC_KEYS = re.compile(
    r"^\s*(?:[{\[]|(?:board|questions|cards|id|title|source|notes)\s*:)", re.MULTILINE
)

NOT_A_DESCRIBED_BOARD = (
    "I couldn't read a board and a question from that. Say who controls what and ask one"
    " question, e.g. `I control Llanowar Elves, it came in this turn. Can I tap it for mana?`,"
    " or give a board spec (docs/board-spec.md). General rules questions go to `/ask`."
)


def is_board_spec_text(text: str) -> bool:
    """A board spec rather than a chat description (``/board spec:`` takes both)."""
    return _SPEC_KEYS.search(text) is not None


def might_describe_a_board(text: str) -> bool:
    from engine.reader.prepare import clean  # chat spellings written out ("dmg", "gy", "rn")

    text = clean(text)
    if _ASKS_OF_ONE_CARD.search(text) is not None:
        return True
    return _ASKS.search(text) is not None and _DESCRIBES.search(text) is not None


def routes_to_engine(reading: Reading) -> bool:
    """A concrete board and a question kind the reader could build (or a question back about
    which card "it" is), unless a part it didn't read could overturn the board as read
    (``Reading.overturning``: "then my opponent removed it", "the bears aren't tapped"). What
    else wasn't read is said under "Not read" (a part that could change the answer says so)
    and the answer is never verified."""
    reasons = {r for r, _ in reading.doubts}
    if "unsupported_question" in reasons:
        return False  # the engine doesn't answer this question
    if reading.overturning:
        # (session 15) a part not read may overturn the board as read (an event, a removal, a
        # zone's cards, a "not"): retrieval. Other deciding parts keep the answer unverified
        # and are said under "Not read ... (it may change the answer)" (issue 13, item 4).
        return False
    asks_back = "ambiguous_pronoun" in reasons
    return reading.concrete and (reading.question is not None or asks_back)


def board_question(
    kb: Any, text: str, rule_exists: Callable[[str], bool] | None = None
) -> BoardQuestion | None:
    """The engine's answer when ``text`` describes a board; None sends it to retrieval."""
    if len(text) > MAX_BOARD_MESSAGE or not hasattr(kb, "mentions"):
        return None
    if not might_describe_a_board(text):
        return None
    names = KnowledgeBaseNames(kb)
    try:
        reading = read(text, names)
    except Exception:  # the reader is new: a bug in it must never cost the player an answer
        log.exception("reading a board description failed")
        return None
    if not routes_to_engine(reading):
        return None
    try:
        reply = answer(reading, names)
    except Exception:  # a bug in the engine must never cost the player an answer either
        log.exception("answering a described board failed")
        return None
    missing: tuple[str, ...] = ()
    if rule_exists is not None and reply.steps:
        missing = tuple(
            f"rule {n} is not in the Comprehensive Rules this database holds"
            for n in sorted({r for r, _ in reply.steps})
            if not rule_exists(n)
        )
    return BoardQuestion(reading, reply, missing)
