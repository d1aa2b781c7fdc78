"""From a chat message to marked sentences: card names, tokens and pronouns become ``@n``.

Steps, in order: clean the chat markup (Discord mentions, emoji, links, markdown), find the
cards (through ``CardNames``), describe the tokens the message defines ("a 1/1 white Spirit
token with flying", "an embalmed Angel of Sanctions"), fold the words before a name into hints
("my two tapped Forests"), link "the elves" and "it" to what was just named, and split into
sentences.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from engine.reader.draft import Draft, Entity, Hints, Occurrence
from engine.reader.names import CardMention, CardNames
from engine.reader.patterns import COLORS, NUMBER_WORDS, number, player_of
from engine.reader.vocabulary import COLOR_LETTERS

_CHAT_MARKUP = re.compile(
    r"<a?:\w+:\d+>|<@[!&]?\d+>|<#\d+>|<t:\d+(?::\w)?>|https?://\S+|@(?:everyone|here)\b"
    # (R13) a mention typed or pasted as text ("@Kai yes it exiles"): a person, not a card
    r"|(?<![\w@])@[A-Za-z][\w.]{1,31}\b"
)
_MARKDOWN = re.compile(r"[*_~`|>]+|\[\[|\]\]")
# (R13) emoji and Discord's typed shortcodes (":crossed_swords:") say nothing the reader reads:
# pictographs, dingbats and symbols, their variation selectors, joiners and keycaps
_EMOJI = re.compile(
    "[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\u2300-\u23ff\ufe0e\ufe0f\u200d\u20e3]"
    r"|(?<![\w:]):[a-z0-9_+-]{2,30}:(?![\w:])"
)
# words in front of a name that tell something about it ("my two tapped")
_HINT_WORDS = re.compile(
    r"(?<!@)\b((?:(?:my|your|their|his|her|opp['’]?s|opps['’]?|oppo['’]?s|(?:my\s+|your\s+|the\s+)?"
    r"opponent['’]?s|the|a|an|another|second|other|own|one|two|three|four|five|six|seven|eight"
    r"|nine|ten|\d{1,3}|\d{1,3}\s*x|x\s*\d{1,3}|single|lone|tapped|untapped|new|fresh"
    r"|freshly\s+cast|summoning[- ]sick|sick|basic|nonbasic|snow|trusty|poor|little|lil|old)"
    r"\s+)+)(@\d+)"
)
_TOKEN_KEYWORDS = (
    r"(?:flying|haste|vigilance|trample|lifelink|deathtouch|reach|menace|first strike"
    r"|double strike|defender|indestructible)"
)
_TOKEN = re.compile(
    rf"\b(?:(?P<n>{'|'.join(NUMBER_WORDS)}|\d{{1,3}})\s+)?(?:(?P<tap>tapped|untapped)\s+)?"
    r"(?P<p>\d{1,2})/(?P<t>\d{1,2})\s+"
    # (R13) "a 1/1 flying Thopter token", "a 1/1 white flying Spirit token": its keywords first
    rf"(?P<kw0>(?:{_TOKEN_KEYWORDS}\s+)*)"
    rf"(?P<colors>(?:{COLORS}(?:\s*,\s*|\s+and\s+|\s+))*)"
    rf"(?P<kw1>(?:{_TOKEN_KEYWORDS}\s+)*)"
    r"(?P<sub>(?:(?!token|creature|artifact)[a-z]+\s+){0,2}?)"
    r"(?P<art>artifact\s+)?(?:creature\s+)?tokens?\b"
    r"(?P<kw>(?:\s+(?:with|and)\s+(?:flying|haste|vigilance|trample|lifelink|deathtouch|reach"
    r"|menace|first strike|double strike|defender|indestructible))*)"
    # (R5) "a 1/1 Thopter token (flying)"
    r"(?:\s*\(\s*(?P<kw2>flying|haste|vigilance|trample|lifelink|deathtouch|reach|menace"
    r"|first strike|double strike|defender|indestructible)\s*\))?"
)
_MADE_BY = re.compile(
    r"\b(?:(?P<n>a|an|one|two|three|\d{1,2})\s+)?(?!embalmed\b|eternalized\b)(?P<sub>[a-z]+)\s+tokens?\s+"
    r"(?:from|made by|created by|of)\s+(?:(?:my|their|his|her|your|opp'?s|the)\s+)?(?P<src>@\d+)"
)
# "2 goblin tokens", "a treasure token": a token said by its type alone (no P/T said)
_TYPED_TOKEN = re.compile(
    rf"\b(?:(?P<n>{'|'.join(n for n in NUMBER_WORDS if n not in ('no', 'zero'))}|\d{{1,2}})"
    r"|(?P<own>my|their|his|her|opp'?s|(?:my\s+)?opponent'?s))\s+"
    r"(?:(?P<tap>tapped|untapped)\s+)?(?P<sub>(?!creature|token|copy|other|more|of)[a-z]{3,})\s+"
    r"(?:creature\s+)?tokens?\b(?!\s+(?:from|made by|created by|of)\s+@)"
)
# "attacking with a 3/3", "opp has a 2/2": a creature by its size alone
_VANILLA = re.compile(
    r"(?P<before>\b(?:with|w|have|has|got|control|controls|blocks with|attacks with)\s+)"
    r"(?:a|an|one|my|their|his|her)\s+(?P<p>\d{1,2})/(?P<t>\d{1,2})(?:\s+creature)?\b"
    r"(?!\s*(?:token|counter|@|\w+\s+token))"
)
ARTIFACT_TOKENS = frozenset("treasure food clue blood gold powerstone map incubator junk".split())
_EMBALMED = re.compile(
    r"\b(?:(?:(?P<i>i|we)|(?P<opp>(?:my\s+|the\s+)?(?:opp|opponent|oppo)|they|he|she))\s+"
    r"(?:just\s+)?(?P<verb>embalmed|eternalized)\s+(?:(?:my|their|his|her|the)\s+)?(?P<a>@\d+)"
    r"(?:\s+tokens?)?"
    r"(?:\s+this turn)?"
    r"|(?P<adj>embalmed|eternalized)\s+(?P<b>@\d+)(?:\s+tokens?)?(?:\s+this turn)?"
    r"|(?P<c>@\d+)(?:['’]s)?\s+(?P<kw>embalm|eternalize)\s+tokens?"
    # (R5) "the eternalized token of Champion of Wits"
    r"|(?P<adj2>embalmed|eternalized)\s+tokens?\s+(?:of|from)\s+(?P<d>@\d+))"
)
_DEPENDENT_BEFORE = re.compile(
    r"(?:of|off|using|copying|cloning|(?<!attack\s)(?<!attacks\s)(?<!attacked\s)(?<!attacking\s)(?<!swing\s)"
    r"(?<!swings\s)(?<!swung\s)with|by|to|from|onto|on|at|targeting|enchanting|equipping|blocks"
    r"|blocking|blocked|block)\s*$"
)
# the longest word _DEPENDENT_BEFORE ends on, with what its look-behinds read before it
_DEPENDENT_REACH = 32


def _depends(before: str) -> bool:
    """Whether the text just before a name makes it dependent ("a copy of @1", "blocked by @2").
    Only the end of ``before`` can match, so only that is searched: a long message is not
    scanned again for each name in it."""
    return _DEPENDENT_BEFORE.search(before.rstrip()[-_DEPENDENT_REACH:]) is not None


_PRONOUN = re.compile(
    # (R4) "them: Serra Angel" heads a list; "and that's it" ends one
    r"(?<!that's )(?<!thats )(?<!that is )\b(it['’]s|its|itself|it|them)\b(?!\s*:)"
    # (R4) "it is my precombat main phase", "it's their turn": the time, not a thing
    r"(?!(?:['’]s|\s+is|\s+was)?\s+(?:now\s+)?(?:my|your|their|his|her|our|opp'?s|the)\s+"
    r"(?:[a-z-]+\s+){0,3}?(?:turn|phase|step|upkeep)\b)"
    r"|(?:(?<=can )|(?<=did )|(?<=are )|(?<=do )|(?<=will )|(?<=could )|(?<=were ))(they)\b"
    # (R13) "is he right?" asks about the friend's claim, not a card
    r"|(?:(?<=can )|(?<=does )|(?<=will )|(?<=could )|(?<=is ))(she|he)\b"
    r"(?!\s+(?:right|correct|wrong|mistaken|lying|sure)\b)"
    r"(?!\s+(?:have|has|control))"
    r"|(?:(?<=copying )|(?<=cloning )|(?<=copy of )|(?<=block )|(?<=blocks )|(?<=targeting )"
    r"|(?<=tap )|(?<=activate )|(?<=animate )|(?<=cast )|(?<=crew )|(?<=bolt )|(?<=attack with ))"
    r"(her|him)\b"
    # "I bolt him": the spell's name is a placeholder
    r"|(?:(?<=@\d )|(?<=@\d  )|(?<=@\d\d )|(?<=@\d\d  ))(her|him)\b"
    # (R7) "cast Lightning Bolt at him": the spell's target
    r"|(?:(?<=@\d at )|(?<=@\d  at )|(?<=@\d\d at )|(?<=@\d\d  at ))(her|him)\b"
    r"|\b(they)(?=\s+(?:are|were|'re|came|entered|have been|both|all|can't|cannot)\b|'ve been\b"
    # (R4) "they're attacking me with X": the opponent, not a pronoun
    # (R13) "they're attacking me (now)": the opponent too, not the things just named
    r"|'re (?:untapped|tapped|both|all|attacking|blocking)\b(?!\s+(?:me|us)\b)(?!\s*(?:with|w)\b))"
    # "she survives, right?": the subject of a statement asked as a question
    r"|(?:^|(?<=[.,;]\s)|(?<=\bso\s))(she|he)"
    r"(?=\s+(?:survives|dies|lives|makes it|can|could|is still)\b)"
    # "what's her p/t": a possessive of one named card
    # "which mana value he has now?" (R5): the card asked about, not a person
    r"|(?:(?<=value )|(?<=power )|(?<=toughness )|(?<=p/t )|(?<=color )|(?<=colour )|(?<=type )"
    r"|(?<=types )|(?<=cmc ))(he|she)(?=\s+(?:has|have|is)\b)"
    r"|\b(her|his)(?=\s+(?:p/t|power|toughness|stats|size|mana value|cmc|colou?rs?|types?"
    r"|abilities|counters?)\b)"
)
_NOT_A_THING = re.compile(
    r"\s*(?:is\s+)?(?:now\s+)?(?:(?:my|your|their|his|her|the|our)\s+)?(?:(?:my\s+|the\s+)?opp\w*['’]?s?\s+)?"
    r"(?:own\s+)?(?:turn|main|upkeep|combat|end step|first main|second main|precombat|postcombat"
    r"|draw step|declare|beginning|end of turn)"
)
# (R7) a bracket opens a clause too: "my bears (pacifism is on it)" is the bears
_CLAUSE_START = re.compile(
    r"(?:[,;?(]|\band\b|\bbut\b|\bso\b|\bthen\b)(?!.*(?:[,;?(]|\band\b|\bbut\b|\bso\b|\bthen\b))"
)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+|(?<=\?)(?=\S)")
# Chat spellings of the words the sub-grammars read ("whats", "dmg", "thru", "gy"), written
# out once here so no sub-grammar has to know them.
CHAT_SPELLINGS = {
    "whats": "what's",
    "wats": "what's",
    "thats": "that's",
    "theres": "there's",
    "whos": "who's",
    "theyre": "they're",
    "theyve": "they've",  # (R3) "theyve been out since last turn"
    "doesnt": "doesn't",
    "isnt": "isn't",
    "cant": "can't",
    "didnt": "didn't",
    "dont": "don't",  # (R13) "they dont block"
    "dmg": "damage",
    "thru": "through",
    "gy": "graveyard",
    "gyard": "graveyard",
    "atk": "attack",
    "w/": "with",
    "rn": "right now",
    "+": "and",  # "grizzly bears + savannah lions" (R3); "+1/+1" is kept (a digit follows)
}
_SPELLING = re.compile(
    r"(?<![\w/])(" + "|".join(map(re.escape, CHAT_SPELLINGS)) + r")(?![\w/])", re.IGNORECASE
)
# A run-on message: a question that starts after a clause without a full stop ("opp bolted my
# bears does it die", "X came in this turn, can I tap it"). It is read as its own sentence.
_QUESTION_OPENER = (
    r"(?:can|could|does|do|is|are|will|would|did|am|should)\s+(?:i|we|it|he|she|they|my|the|his"
    r"|her|their|this|that|opp\w*|@\d+)\b|(?:what's|what|how)\b"
    # "which colors can it tap for" (R5), not "X which I cast this turn"
    r"|which\s+(?:[a-z/]+\s+){0,2}(?:can|could|does|do|is|are|will|would)\s+(?:i|it|they|@\d+)\b"
)
_RUN_ON = re.compile(
    rf"(?:,\s*|(?<=[a-z0-9@/+}}])\s+(?=(?:{_QUESTION_OPENER[:-2]})))(?=(?:{_QUESTION_OPENER}))"
)
_RUN_ON_AFTER = re.compile(
    r"(?:\b(?:and|or|but|that|which|if|when|whether|so|then|what|how|this|there|here)|,)\s*$"
)
# "all I have is X", "my only creature is X": a copula after a noun phrase, no question
_COPULA_AFTER = re.compile(
    r"\b(?:have|has|control|controls|got|creatures?|lands?|blockers?|permanents?|things?|guys?"
    r"|dudes?|ones?|attackers?"
    # (R4) "the only cards in both graveyards are X", "it is"; (R6) "top of my library is X"
    r"|cards?|graveyards?|yards?|librar(?:y|ies)|decks?|it)"
    r"(?:\s+(?:untapped|out|in play|left|available|open|on (?:the )?(?:board|battlefield)))?\s*$"
)
# Words inside a phrase that say nothing about the board ("can I tap it again for mana").
# "no other effects": only what is named is on the board anyway (the reader invents nothing)
_ASIDE = re.compile(
    r"\s+(?:again|right now|lol|lmao|pls|plz|please|real quick|right away|from before"
    r"|from combat(?: this turn)?|from earlier|for some reason|btw|tbh|iirc|afaik|haha)\b"
    r"|[,\s]+(?:and\s+)?(?:there are\s+)?no other (?:effects|modifiers|buffs|static effects)\b"
    r"|[,\s(]+(?:and\s+|there are\s+)?no (?:pump spells|tricks|combat tricks|other cards|pump)"
    r"(?:\s+or anything(?: else)?)?\s*\)?|\s+or anything(?: else)?\b|\s*\(\s*why\s*(?:lol)?\s*\)"
    # (R5) "misclick:", "somehow", "at once": nothing about the board
    r"|^\W*(?:misclick|oops|whoops|typo)\s*[:,.!-]|\s+(?:somehow|at once|at the same time)\b"
    # (R5) "settle this pls:", "help settle an argument:"
    r"|\b(?:(?:help\s+(?:us\s+|me\s+)?)?settle\s+(?:this|an argument|a debate)|need a ruling)"
    r"(?:\s+(?:pls|plz|please|for us|for me))?\s*[:,.!-]?"
    # (R7) "we got confused", "i got lost": no card got
    r"|\s*\b(?:but\s+|and\s+)?(?:i|we|they|he|she)\s+got\s+(?:a\s+bit\s+|really\s+|so\s+)?"
    r"(?:confused|lost|stuck|mixed up|it wrong|annoyed|tilted)\b"
    # (R7) where the game was played and who argued: "from last night's commander game", "bit
    # of context: casual game.", "my buddy and I disagree"
    r"|\b(?:from|at|in|during)\s+(?:last night's|yesterday's|today's|tonight's|my|our|a|the)\s+"
    # (V1) "in my last game I had Humility": another game's board, not where this one is played
    r"(?!(?:last|previous|other|earlier|prior|first|second)\s+(?:game|match)\b)"
    r"(?:[a-z-]+\s+){0,2}?(?:game|match|pod|draft|league|fnm|tournament|event)\b\s*[,.:]?"
    r"|(?:^|(?<=[.!?:]\s))(?:it's\s+|this is\s+|we're playing\s+)?(?:a\s+|an\s+|just\s+a\s+)?"
    r"(?:casual|commander|edh|modern|standard|limited|draft|kitchen table|multiplayer)"
    r"(?:\s+(?:game|match|pod))?\s*[.!]"
    r"|\b(?:my|a)\s+(?:buddy|friend|mate|opponent|opp|brother|sister|playgroup)\s+and\s+i\s+(?:disagree"
    r"|are arguing|were arguing|argued|had an argument|can't agree)(?:\s+(?:about|on)\s+this)?\b"
    r"\s*[.,:]?"
    # (R5) "long time lurker, first post": chat about the poster
    r"|\b(?:long[- ]?time\s+(?:lurker|reader|player)|first[- ]time\s+poster|first (?:time )?post"
    r"(?:er)?|new here|noob here)\b[,.!]?"
    # (R5) "he doesn't have any tricks": nothing is on the board that the message doesn't name
    r"|[,\s(]+(?:and\s+)?(?:he|she|they|opp\w*|my opponent)\s+(?:doesn't|does not|don't|do not"
    r"|has no|have no|hasn't got|haven't got)\s+(?:have\s+|got\s+)?(?:any\s+)?(?:tricks|combat"
    r" tricks|pump(?: spells)?|responses?|instants?|cards? to respond)\b\s*\)?"
    # (R13) greetings and chat about the poster or the channel: "hey guys,", "hi all!", "kinda
    # new.", "sorry my english", "idk if this is the right channel", "thanks in advance"
    r"|(?:^|(?<=[.!?\n]))\W*(?:hi|hey|hello|heya|hiya|yo|howdy|greetings|good (?:morning|evening))"
    r"(?:\s+(?:guys|all|everyone|everybody|folks|there|y'all|team|friends|people|judges))?\s*[,!.:]+"
    r"|(?:^|(?<=[.!?,\n]\s)|(?<=[.!?,\n]))\W*(?:i'm\s+|im\s+|i am\s+)?(?:kinda|pretty|still|very"
    r"|super|fairly|quite)"
    r"\s+new(?:\s+(?:here|to (?:this|the game|magic|mtg)))?\s*[.!,]"
    r"|\b(?:sorry|excuse)\s+(?:for\s+)?my\s+(?:english|bad english|grammar|spelling)\b\s*[.!,]?"
    r"|\b(?:idk|not sure|no idea)\s+if\s+this\s+is\s+the\s+(?:right|correct)\s+"
    r"(?:channel|place|spot)(?:\s+for\s+this)?\b\s*[.!,]?(?:\s*but)?"
    r"|\b(?:thanks|thank you|ty)\s+in\s+advance\b\s*[.!]?"
    # (R13) "at sorcery speed": the main phase with an empty stack, the reader's own default
    r"|\s+at sorcery speed\b"
)
# "can I swing with X at them": attacking the player (508.1b), the one the reader assumes
_AT_THE_PLAYER = re.compile(
    r"(\b(?:attack|attacks|attacking|swing|swings|swinging)(?:\s+(?:in\s+)?with\s+@\d+)?)\s+at"
    r"\s+(?:them|him|her|my opponent|the opponent|opp\w*|their face|his face|her face|p2)\b"
    # "how much damage can I push through to them": the defending player, not a thing
    r"|(\b(?:through|over|damage|push|deal|trample)\s+to)\s+(?:them|him|her)\b(?=\s*(?:\?|$|\.))"
)
# "X has Y on it" is Y attached to X ("my Ace has Basilisk Collar on it")
_ON_IT = re.compile(
    r"(@\d+)\s+(?:has|have|has got|got)\s+(@\d+)\s+on"
    r"(?:\s+(?:it|them|him|her)\b|(?=\s*(?:[,.;]|$|and\b|but\b)))"
)


def clean(text: str) -> str:
    text = _CHAT_MARKUP.sub(" ", text)
    text = _EMOJI.sub(" ", text)
    text = _MARKDOWN.sub(" ", text)
    text = re.sub(r"[@¦]", " ", text)  # the reader's own marks: a typed "@1" is no placeholder
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = _SPELLING.sub(lambda m: CHAT_SPELLINGS[m.group(1).lower()], text)
    text = _players_in_first_person(text)
    for pattern, to in _PLAIN_FORMS:
        text = pattern.sub(to, text)
    return re.sub(r"[ \t]+", " ", text).strip()


# (R5) The rules' own words for the players, said as a player would: "the active player
# attacks with X; the defending player blocks it" is "I attack with X; my opponent blocks it"
# (the reader's board is the first player's turn unless it is said otherwise).
_ACTIVE = re.compile(r"\bthe active player(?:'s)?", re.IGNORECASE)
_DEFENDING = re.compile(
    r"\b(?:the\s+)?(?:defending|non-?active|other) player(?P<s>'s)?", re.IGNORECASE
)
_FIRST_PERSON_VERBS = {
    "controls": "control", "has": "have", "attacks": "attack", "casts": "cast", "taps": "tap",
    "activates": "activate", "swings": "swing", "blocks": "block", "plays": "play", "is": "am",
    "chooses": "choose", "gives": "give", "sacrifices": "sacrifice", "pays": "pay",
}  # fmt: skip


def _players_in_first_person(text: str) -> str:
    if not _ACTIVE.search(text):
        return text

    def me(m: re.Match[str]) -> str:
        if m.group(0).lower().endswith("'s"):
            return "my"
        verb = re.match(r"\s+(\w+)", text[m.end() :])
        return "I" if verb is None or verb.group(1).lower() not in _FIRST_PERSON_VERBS else "I\x00"

    text = _ACTIVE.sub(me, text)
    text = re.sub(r"I\x00\s+(\w+)", lambda v: "I " + _FIRST_PERSON_VERBS[v.group(1).lower()], text)
    if not _DEFENDING.search(text):  # "may they activate": the one player the message names
        text = re.sub(
            r"\b(can|could|may)\s+they\s+(?=(?:still\s+)?(?:activate|tap|cast|play|use)\b)",
            r"\1 I ",
            text,
            flags=re.IGNORECASE,
        )
    text = _DEFENDING.sub(lambda m: "my opponent" + (m["s"] or ""), text)
    # "during that player's previous turn": the active player's, once only they were named
    return re.sub(r"\bthat player's\b", "my", text, flags=re.IGNORECASE)


_LIFE_WORDS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
        " fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
# Non-native and chat forms of what the grammar reads: "X enter as copy of Y" (entered as a
# copy), "I am having four cards in hand" (I have), "is on battlefield for me" (mine).
_PLAIN_FORMS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), to)
    for pattern, to in (
        (r"\b(enter|come|came)\s+as\s+copy\s+of\b", r"\1 as a copy of"),
        # (R13) the subject left out: "Just eternalized X", "embalmed my X last turn" (I did)
        (r"(?:^|(?<=[.!?]\s))(just\s+(?:embalmed|eternalized)\b|(?:embalmed|eternalized)(?=\s+my\b))",
         r"I \1"),
        # (R13) "yes it exiles, but here's the real question: ...": what follows is the question
        (r"[,;]?\s*(?:but\s+|so\s+)?(?:here's|heres|here is)\s+(?:the|my)\s+"
         r"(?:real|actual|main|next|other)\s+question\s*:\s*", ". "),
        (r"\b(?<!to )(?<!can )(?<!will )(?<!would )enter as a copy\b(?=.*\bthis turn\b)",
         "entered as a copy"),
        (r"\b(i|we)\s+(?:am|are)\s+having\b", r"\1 have"),
        # "vizier tap for G y/n", "can it block, yes or no": a question
        (r"\s*[,(]?\s*\b(?:y/n|yes or no|yes/no|true or false)\b\s*\)?\s*\??", "?"),
        # "both at 20": each player's life (119.1)
        (r"\b(?:we(?:'re| are)\s+)?both at (\d{1,3})(?:\s+life)?\b", r"I'm at \1 and opp is at \1"),
        # "combat q:", "Springleaf Drum question.", "rules question:" opening the message
        (r"^\W*(?:(?:a|quick|rules?|combat|mana|timing|stack|judge|simple|dumb|noob)\s+){0,2}"
         r"(?:q|qn|question|query)\s*[:.\-—]\s*", ""),
        (r"\bit(?:'s| is)\s+now\s+(?=(?:my|your|their|his|her|the|our|opp)\b)", "it's "),
        # (R7) "with X = 4" is "with x=4"
        (r"\bx\s+=\s*(\d{1,2})\b|\bx\s*=\s+(\d{1,2})\b", r"x=\1\2"),
        # (R7) a life total in words: "I'm at twelve life", "they're at three"
        (r"\b(at|to)\s+(" + "|".join(_LIFE_WORDS) + r")(?=\s+life\b|\s*[,.;]|\s+and\b)",
         lambda m: f"{m[1]} {_LIFE_WORDS[m[2].lower()]}"),
        # (R7) "they've got Humility", "opp's got X": they have it
        (r"\b(they|we|i)'ve\s+got\b", r"\1 have"),
        (r"\b(he|she|opp|my opponent|the opponent)'s\s+got\b", r"\1 has"),
        # (R7) "I named red when it came in": the color chosen (607.2d)
        (r"\b(named|picked|chose|choosing|naming)\s+(white|blue|black|red|green)\b", r"chose \2"),
        # (R7) "post combat", "postcombat": the second main phase (505.1)
        (r"\bpost[- ]?combat\b(?!\s+main)", "second main phase"),
        # (R7) "P1 controls X", "P2 has Y": the players by their numbers in the rules' examples
        (r"\bp1\s+(controls|has|attacks|casts|blocks)\b",
         lambda m: "I " + {"controls": "control", "has": "have", "attacks": "attack",
                          "casts": "cast", "blocks": "block"}[m[1].lower()]),
        (r"\bp2\s+(?=(?:controls|has|attacks|casts|blocks)\b)", "my opponent "),
        # (R7) "I already control Thalia": I control it
        (r"\b(i|we)\s+already\s+(control|have)\b", r"\1 \2"),
        # (R7) "the brand new Elves": new (cast this turn is said elsewhere, if at all)
        (r"\bbrand[- ]new\b", "new"),
        # (R7) non-native "Is their turn, declare blockers step." (a statement, not a question)
        (r"(?:^|(?<=[.!]\s))is\s+(?=(?:my|your|their|his|her|our|opp'?s|the opponent'?s)\s+"
         r"(?:[a-z]+\s+)?turn\s*[,.;])", "it's "),
        (r"\b(is|are)\s+on\s+(?:the\s+)?battlefield\s+for\s+me\b", r"\1 mine"),
        (r"\bcast\s+(it|him|her|them)\s+from\s+(?:my\s+|the\s+)?hand\b(?:\s*,?\s*not\s+"
         r"(?:by\s+|from\s+|with\s+|an?\s+)?(?:embalm\w*|eternaliz\w*|token|the graveyard"
         r"|graveyard))?", r"cast \1"),
    )
)  # fmt: skip


_CAST_THEN_QUESTION = re.compile(
    r"(\b(?:i|we|they|opp\w*)\s+(?:cast|casts|play|plays)\s+@\d+)\s+(?=(?:what|how|which)\b)"
)


def question_after_cast(low: str) -> str:
    """(E7) "if i cast dragon fodder what tokens do i get": the question after the cast is a
    clause of its own, as if its comma were written (before tokens are marked, so "what
    tokens" is the question's, not a token's name)."""
    return _CAST_THEN_QUESTION.sub(r"\1, ", low)


def lower(text: str) -> str:
    """Lower case, one character for one, so offsets stay valid."""
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def mark_cards(text: str, names: CardNames, draft: Draft) -> str:
    """``text`` (lower case) with each card name replaced by ``@n``."""
    low = lower(text)
    out: list[str] = []
    at = 0
    found: Sequence[CardMention] = names.find(text)
    protected = [(p.start(), p.end()) for p in _GAME_PHRASES.finditer(low)]
    loose: set[str] = set()
    slotted: set[str] = set()
    last_end = 0
    for m in sorted(found, key=lambda m: (m.start, -m.end)):
        if m.start < at or m.end > len(text) or m.end <= m.start:
            continue
        end = m.end
        for a, b in protected:
            if a < end and m.start < b:
                # "summoning sick" is not Sick and Tired, "P/T" not Double Dip; "goyf's P/T"
                # is still Tarmogoyf
                end = a if a > m.start else m.start
        if end < m.end:
            cut = re.sub(r"(?:['’]s)?\s*$", "", text[m.start : end])
            if not cut or not m.certain or len(cut) * 2 < m.end - m.start:
                continue  # (R7) "last night's commander pod": no Goldnight Commander
            m = CardMention(m.name, m.start, m.start + len(cut), m.certain, m.candidates)
        said = text[m.start : m.end]
        key = _earlier_card(low[m.start : m.end], m, draft, names)
        # (R7) right after another card, joined as a list ("savannah lions, benalish marshal")
        listed = last_end > 0 and _LIST_JOIN.fullmatch(low[last_end : m.start]) is not None
        slot = _in_a_name_slot(low, m) or listed
        if key == m.name and not m.certain and (not slot or _game_word(said)):
            continue  # "I flickered it", "my turn": an ordinary word, not the card
        if not m.certain and key == m.name:
            others = ", ".join(m.candidates[:3])
            said = text[m.start : m.end]
            draft.doubt(
                "unsure_card", f"'{said}' read as {m.name}" + (f" ({others}?)" if others else "")
            )
        if (
            said.islower()
            and not _in_a_name_slot(low, m)
            and not _after_a_card_verb(low, m)
            and not listed
        ):
            loose.add(key)  # "or does menace stop that": maybe words, not the card Stop That
        else:
            slotted.add(key)
        out.append(low[at : m.start])
        out.append(f" {_occurrence(draft, key, names)} ")
        at = last_end = m.end
    out.append(low[at:])
    draft.loose |= loose - slotted
    return re.sub(r"(@\d+)\s*'s\b", r"\1", "".join(out))


# The game's own phrases: a card name found inside one is a misreading.
_GAME_PHRASES = re.compile(
    r"\bsummoning[- ]sick(?:ness)?\b|\bp/t\b|\bmain phase\b|\bend step\b|\bfirst strike\b"
    r"|\bdouble strike\b|\bstate[- ]based actions?\b|\bmana value\b|\bcombat damage\b"
    r"|\bdeclare (?:attackers|blockers)\b|\b(?:this|last|my|their|your) turn\b|\blegend rule\b"
    r"|\b[+-]\d+/[+-]\d+ counters?\b|\bloyalty counters?\b|\blife totals?\b"
    r"|\b(?:sorry|thanks|please|wait|hello|oops|whoops|nevermind|never mind)\b"
    r"|(?<=\bis it )dead\b|(?<=\bare they )dead\b|\bdead(?=\s*(?:\?|$|yet\b|now\b))"
    r"|\bpush(?:es|ed|ing)?\s+(?:through|over|in)\b"  # "push damage through" is not Fatal Push
    # (R5) an ability said by what it does ("its animation ability") is no card
    r"|\b(?:animation|animate|mana|loyalty|triggered|activated|static|copy|crew|equip|embalm)"
    r"\s+abilit(?:y|ies)\b"
    # (R7) someone saying something: "my friend insists" is no Insist
    r"|\b(?:(?:my|a|the|our|his|her)\s+)?(?:friend|buddy|mate|pal|opponent|opp|he|she|they|someone"
    r"|somebody|judge|guy|dude|brother"
    r"|sister|wife|husband|kid|son|everyone)\s+(?:keeps\s+|kept\s+|is\s+|was\s+)?(?:insist\w*"
    r"|claim\w*|argu\w*|swear\w*|swore|reckon\w*)\b"
    # (R7) formats and ordinary phrases: "last night's commander game" is no Goldnight
    # Commander, "the brand new Elves" no Brand
    r"|\b(?:commander|edh|cedh|modern|standard|legacy|vintage|pauper|pioneer|draft|sealed|casual"
    r"|cube|limited|kitchen table)\s+(?:game|games|match|matches|deck|decks|pod|table|night|league"
    r"|event|tournament|format|player|players|round)\b|\bbrand[- ]new\b"
    # (R5) people and chat, not cards: "my buddy says", "long time lurker", "first post"
    r"|\b(?:my|a|the|our|his|her)\s+(?:buddy|friend|mate|pal|bro|dude|brother|sister|son|kid"
    r"|wife|husband|gf|bf|partner|playgroup|roommate)\b(?=\s+(?:\w+\s+)?(?:says?|said|claims?"
    r"|claimed|thinks?|thought|insists?|argues?|argued|swears?|told|tells|reckons?|keeps|is|was"
    r"|and|who|reckoned)\b)|\blong[- ]?time\s+(?:lurker|reader|player)\b|\bfirst (?:time )?post"
)
GAME_WORDS = frozenset(
    """turn exile fire ice charge opt stomp flicker counter counters draw discard sacrifice mill
    scry fight attack block combat damage life mana land lands creature token tokens spell
    copy clone stack graveyard hand library""".split()
)


def _game_word(said: str) -> bool:
    """A lower-case word the game itself uses ("my turn", "a clone"): not a card name unless
    it is capitalised ("Clone", "Opt")."""
    return said.islower() and said.lower().rstrip("s") in GAME_WORDS | {
        w.rstrip("s") for w in GAME_WORDS
    }


def _after_a_card_verb(low: str, m: CardMention) -> bool:
    """ "blocks with grizzly bears", "has basilisk collar": the words before say a card follows."""
    before = low[: m.start].split()[-1:] or [""]
    return before[0].strip(",") in _CARD_VERBS


_CARD_VERBS = frozenset(
    """with control controls have has had got block blocks blocked attack attacks attacked
    attacking cast casts bolt copying copy cloning targeting enchanting equipping enchanted
    equipped on at into from both and plus""".split()
)


# (E7) "lava spike to opp's face": a spell sent at a player's face, said first in the message
_TO_THE_FACE = re.compile(
    r"\s+(?:to|at|into)\s+(?:the\s+|their\s+|his\s+|her\s+|opp'?s?\s+|(?:my\s+|the\s+)?"
    r"opponent'?s?\s+)(?:face|dome|head)\b"
)


def _in_a_name_slot(low: str, m: CardMention) -> bool:
    before = low[: m.start].split()[-1:] or [""]
    if not low[: m.start].strip(" -*•>") and _TO_THE_FACE.match(low, m.end):
        return True
    if re.fullmatch(r"[=:\-–—*•]|\w+:|\d+[.)]", before[0]):
        return True  # (R7) "opp yard = grizzly bears", "me: savannah lions", "- forest"
    return before[0] in ("my", "your", "their", "his", "her", "a", "an", "the", "control", "of")


# (R7) between two cards of a list: "savannah lions, benalish marshal", "a forest and bears"
_LIST_JOIN = re.compile(
    r"\s*(?:,|&|\+|/|and|,\s*and|plus)\s*(?:(?:a|an|the|my|their|two|three|\d{1,2})\s+)?"
)


def _earlier_card(said: str, m: CardMention, draft: Draft, names: CardNames) -> str:
    """ "the elves", "the vizier": a word of a card already named is that card again."""
    words = set(re.sub(r"['’]s?\b", "", said).split())  # (R7) "the angel's p/t"
    front = re.sub(r"'s?$", "", said.strip())
    for key, entity in reversed(list(draft.entities.items())):
        # (R7) "tap Krenko" after Krenko, Mob Boss and Krenko's Command: the name it fronts
        if entity.card and entity.card.lower().split(",")[0] == front:
            return key
    for key, entity in reversed(list(draft.entities.items())):
        if entity.card and entity.card != m.name and words and words <= _name_words(entity):
            return key
    word = re.sub(r"'s?$", "", said.strip())
    for key, entity in reversed(list(draft.entities.items())):
        # "the vault" after Mutavault, "the goyf" after Tarmogoyf: the end of a one-word name
        whole = entity.card.lower().split(" // ")[0] if entity.card else ""
        if len(word) >= 4 and " " not in whole and whole.endswith(word) and whole != word:
            return key
    return m.name


def _name_words(entity: Entity, subtypes: bool = True) -> set[str]:
    words: set[str] = set()
    if entity.card:
        for w in re.findall(r"[a-z]+", entity.card.lower()):
            if len(w) > 2:
                words |= {w, w + "s", w + "es"}
                if len(w) > 4 and w.endswith("s") and not w.endswith("ss"):
                    words.add(w[:-1])  # (R7) "each raider" of Mons's Goblin Raiders
        if entity.card.lower().endswith("elves"):
            words |= {"elf"}
    type_line = entity.text.type_line if entity.text and subtypes else ""
    if "—" in type_line:
        for w in type_line.split("—", 1)[1].lower().split():
            words |= {w, w + "s"}
            if w == "elf":
                words.add("elves")
    return words


def _occurrence(draft: Draft, key: str, names: CardNames | None, hints: Hints | None = None) -> str:
    if key not in draft.entities:
        draft.entities[key] = Entity(key, card=key, text=names.card(key) if names else None)
    draft.occurrences.append(Occurrence(key, hints or Hints()))
    return f"@{len(draft.occurrences) - 1}"


def _token_entity(draft: Draft, token: dict[str, Any], hints: Hints | None = None) -> str:
    key = f"token:{len(draft.entities)}"
    draft.entities[key] = Entity(key, token=token)
    draft.occurrences.append(Occurrence(key, hints or Hints()))
    return f" @{len(draft.occurrences) - 1} "


def mark_tokens(low: str, draft: Draft) -> str:
    """Token descriptions become placeholders of their own."""

    def defined(m: re.Match[str]) -> str:
        colors = [COLOR_LETTERS[c] for c in re.findall(COLORS, m["colors"]) if c in COLOR_LETTERS]
        subtypes = [w.capitalize() for w in m["sub"].split()]
        keywords = [
            k.strip().capitalize()
            for k in re.findall(r"(?:with|and)\s+([a-z ]+?)(?=\s+(?:with|and)\s|$)", m["kw"])
        ] + ([m["kw2"].capitalize()] if m["kw2"] else [])
        keywords += [k.capitalize() for k in re.findall(_TOKEN_KEYWORDS, m["kw0"] + m["kw1"])]
        token: dict[str, Any] = {
            "types": ["Artifact", "Creature"] if m["art"] else ["Creature"],
            "power": int(m["p"]),
            "toughness": int(m["t"]),
        }
        if colors:
            token["colors"] = colors
        if subtypes:
            token["subtypes"] = subtypes
        if keywords:
            token["text"] = "\n".join(keywords)
        label = f"{m['p']}/{m['t']} " + " ".join([*m["colors"].split(), *m["sub"].split()])
        token["label"] = label.strip() + " token"
        hints = Hints(count=number(m["n"]) if m["n"] else None)
        if m["tap"]:
            hints.tapped = m["tap"] == "tapped"
        return _token_entity(draft, token, hints)

    low = _TOKEN.sub(defined, low)

    def made_by(m: re.Match[str]) -> str:
        occ = draft.occurrence(m["src"])
        card = draft.entities[occ.entity].card if occ and occ.entity else None
        if card is None:
            return m.group(0)
        token = {"created_by": card, "label": f"{m['sub']} token from {card}"}
        hints = Hints(count=number(m["n"]) if m["n"] else None)
        draft.consumed.add(str(occ.entity if occ else ""))  # read as the token's maker
        return _token_entity(draft, token, hints)

    low = _MADE_BY.sub(made_by, low)

    def typed(m: re.Match[str]) -> str:
        sub = m["sub"].rstrip("s") if m["sub"].endswith("ss") is False else m["sub"]
        if m["own"] and any(sub in _name_words(e) for e in draft.entities.values()):
            return m.group(0)  # "their angel token" after Angel of Sanctions: that card's token
        artifact = sub in ARTIFACT_TOKENS
        token: dict[str, Any] = {
            "types": ["Artifact"] if artifact else ["Creature"],
            "subtypes": [sub.capitalize()],
            "label": f"{sub.capitalize()} token",
        }
        hints = Hints(count=number(m["n"]) if m["n"] and m["n"] not in ("a", "an") else None)
        if m["own"]:  # (R5) "my opponent's Thopter token"
            hints.owner = "P1" if m["own"] == "my" else "P2"
        if m["tap"]:
            hints.tapped = m["tap"] == "tapped"
        return _token_entity(draft, token, hints)

    low = _TYPED_TOKEN.sub(typed, low)
    low = _SOURCE_OF_TOKEN.sub(lambda m: _token_source(m, draft), low)

    def vanilla(m: re.Match[str]) -> str:
        # "I attack with a 3/3": a creature no card is named for, said as such in the echo
        token = {
            "types": ["Creature"],
            "power": int(m["p"]),
            "toughness": int(m["t"]),
            "label": f"a vanilla {m['p']}/{m['t']} creature (no card named)",
        }
        draft.doubt("unsure_card", f"'a {m['p']}/{m['t']}' read as a creature with no abilities")
        return f"{m['before']}{_token_entity(draft, token)}"

    low = _VANILLA.sub(vanilla, low)

    def embalmed(m: re.Match[str]) -> str:
        src = m["a"] or m["b"] or m["c"] or m["d"]
        occ = draft.occurrence(src)
        card = draft.entities[occ.entity].card if occ and occ.entity else None
        if card is None:
            return m.group(0)
        how = m["verb"] or m["adj"] or m["kw"] or m["adj2"]
        via = "embalm" if how.startswith("embalm") else "eternalize"
        hints = Hints(owner="P1", this_turn=True) if m["i"] else Hints()
        if m["opp"]:  # "my opp embalmed X (last turn)": their token
            hints = Hints(owner="P2")
        token = {
            "copy_of": {"card": card},
            "via": via,
            "label": f"{card} token ({via}{'d' if via.endswith('e') else 'ed'})",
        }
        draft.state_said = True  # an embalmed / eternalized token exists only on a battlefield
        draft.consumed.add(str(occ.entity if occ else ""))  # read as the token's card
        return _token_entity(draft, token, hints)

    return _EMBALMED.sub(embalmed, low)


# (R5) "a 1/1 Thopter token from their Hangarback Walker", "(the 1/1 flier Hangarback Walker
# made)": the card that made a token, named only as its maker
_SOURCE_OF_TOKEN = re.compile(
    # (R13) "a Thopter token left over from their Hangarback dying"
    r"(?P<tok>@\d+)\s+(?:that\s+|which\s+)?(?:(?:left\s+over|leftover|left\s+behind)\s+)?(?:from"
    r"|made by|created by|(?:was\s+)?made by)\s+"
    r"(?:(?:my|their|his|her|your|opp'?s|the|a|an)\s+)?(?P<src>@\d+)"
    r"(?:(?:\s+|'s\s+)(?:dying|dies|died|death(?:\s+trigger)?|when it died))?"
    r"|(?P<src2>@\d+)\s+(?:made|created|makes|creates|left behind)\b(?=\s*(?:\)|,|\.|$|for\b))"
    r"|\(\s*(?:it\s+|which\s+|that\s+)?(?:came|comes|made|created|left)\s+(?:from|by|behind by)\s+"
    r"(?:(?:my|their|his|her|your|opp'?s|the|a|an)\s+)?(?P<src3>@\d+)(?:\s+(?:dying|dies|died"
    r"|when it died|'s death|death trigger|trigger))?(?=\s*\))"
)


def _token_source(m: re.Match[str], draft: Draft) -> str:
    tokens = [o for o in draft.occurrences if o.entity and draft.entities[o.entity].token]
    if m["tok"] and not draft.entities[draft.occurrence(m["tok"]).entity or ""].token:  # type: ignore[union-attr]
        return m.group(0)
    src = draft.occurrence(m["src"] or m["src2"] or m["src3"])
    if not tokens or src is None or src.entity is None or draft.entities[src.entity].token:
        return m.group(0)
    draft.consumed.add(src.entity)  # read as the token's maker, not a card on the board
    return f" {m['tok']} " if m["tok"] else " "


# (R5) "animated it (paid with a Swamp)", "paid {1} from one of my Mountains": the land that
# paid is the payer's; one named alone ("a Swamp", "my Swamp") was tapped for it (106.4)
_PAID_WITH = re.compile(
    # (R13) "paid the {1} with a Mountain"
    r"(?P<paid>\bpaid\s+(?:for\s+(?:it|@\d+)\s+)?(?:the\s+)?(?:\{[^}]*\}\s*|\d+\s+)?(?:mana\s+)?)"
    r"(?:with|from|using|by tapping)\s+(?P<one>one of\s+)?"
    r"(?P<det>(?:(?:my|a|an|the|two|three)\s+)*)(?P<obj>@\d+)"
)


def _paid_with(m: re.Match[str], draft: Draft) -> str:
    occ = draft.occurrence(m["obj"])
    if occ is None or occ.entity is None or occ.entity in draft.by_entity:
        return m.group(0)
    occ.hints.owner = occ.hints.owner or "P1"
    count = re.search(r"\b(two|three)\b", m["det"])
    if count:
        occ.hints.count = number(count.group(1))
    elif not m["one"]:
        occ.hints.tapped = True
    draft.thing(m["obj"], head=False)  # on the payer's battlefield, no head of the sentence
    if re.match(r"[ \t]*(?:[),.;\n]|$)", m.string[m.end() :]):
        return " "  # "(paid with a swamp)": nothing more was said
    return m["paid"].rstrip() + " "


# (R5) "enchanted with Pacifism (opp put it on)": whose the Aura is, said after it
_WHO_PUT_IT = re.compile(
    r"(?P<obj>@\d+)\s*\(\s*(?P<who>opp\w*|they|my opponent|(?:the\s+)?opponent|i|we)\s+(?:put|cast"
    r"|played|stuck|slapped|attached)\s+(?:it|that|this)(?:\s+on(?:\s+(?:it|him|her|@\d+))?)?"
    r"(?:\s+(?:this turn|last turn|earlier))?\s*\)"
)


def _who_put_it(m: re.Match[str], draft: Draft) -> str:
    occ = draft.occurrence(m["obj"])
    if occ is None or occ.entity is None:
        return m.group(0)
    occ.hints.owner = "P1" if m["who"] in ("i", "we") else "P2"
    return f"{m['obj']} "


# (R5) "instead of Clone, I cast Spark Double": the card it wasn't is on no board
_INSTEAD_OF = re.compile(r"\b(?:instead of|rather than)\s+(?:(?:a|an|the|my)\s+)?(@\d+)\s*,?")


def _instead_of(m: re.Match[str], draft: Draft) -> str:
    occ = draft.occurrence(m.group(1))
    if occ is None or occ.entity is None:
        return m.group(0)
    draft.consumed.add(occ.entity)
    return " "


# (R13) "animated this turn with a Mountain", "animated it using my Swamp": the land paid for it
_ANIMATED_WITH = re.compile(
    r"(?P<act>\banimat(?:ed|e|es|ing)(?:\s+(?:my\s+|the\s+)?(?:it|@\d+))?(?:\s+this turn)?)\s+"
    r"(?:with|using)\s+"
    r"(?=(?:(?:my|a|an|the|one of my)\s+)*(?P<land>@\d+))"
)


def _animated_with(m: re.Match[str], draft: Draft) -> str:
    occ = draft.occurrence(m["land"])
    entity = draft.entities.get(occ.entity or "") if occ else None
    if entity is None or entity.text is None or "Land" not in entity.text.type_line:
        return m.group(0)  # "animated it with Nissa": not a land paying a cost
    return f"{m['act']} , paid with "


def fold_hints(low: str, draft: Draft) -> str:
    """ "my two tapped @3" -> "@3" with owner P1, count 2, tapped."""
    low = _INSTEAD_OF.sub(lambda m: _instead_of(m, draft), low)
    low = _ANIMATED_WITH.sub(lambda m: _animated_with(m, draft), low)
    low = _PAID_WITH.sub(lambda m: _paid_with(m, draft), low)
    low = _WHO_PUT_IT.sub(lambda m: _who_put_it(m, draft), low)
    low = re.sub(
        rf"\b({'|'.join(NUMBER_WORDS)}|\d{{1,3}})\s+cop(?:ies|ys)\s+of\s+(?=@\d)", r"\1 ", low
    )
    # "a pair of @3", "a couple of tapped @3" (R3): two of them
    low = re.sub(r"\ba\s+(?:pair|couple)\s+of\s+(?=(?:[a-z']+\s+)?@\d)", "two ", low)
    # "Reflecting Pool x2", "Llanowar Elves (x3)" (R3): a count after the name
    low = re.sub(r"(@\d+)\s*\(?\s*x\s?(\d{1,2})\b\s*\)?", r" \2 \1 ", low)

    def fold(m: re.Match[str]) -> str:
        occ = draft.occurrence(m.group(2))
        if occ is None:
            return m.group(0)
        said = re.sub(r"['’]s\b|['’]", "", m.group(1))
        words = re.sub(r"\b(\d{1,3})\s+x\b|\bx\s+(\d{1,3})\b", r"\1\2x", said).split()
        hints = occ.hints
        for i, w in enumerate(words):
            if w in ("my", "your", "own") and "opponent" not in words[i + 1 : i + 2]:
                hints.owner = hints.owner or "P1"
            elif w in ("their", "his", "her", "opp", "opps", "oppo", "opponent"):
                hints.owner = "P2"
            elif w in ("another", "second", "other"):
                hints.new = True
            elif w.isdigit() or (w in NUMBER_WORDS and w not in ("a", "an")):
                hints.count = number(w)
            elif re.fullmatch(r"\d{1,3}x|x\d{1,3}", w):  # "2x Lord of Atlantis"
                hints.count = int(w.strip("x"))
            elif w in ("tapped", "untapped"):
                hints.tapped = w == "tapped"
            elif w in ("new", "fresh", "freshly", "summoning-sick", "summoning", "sick"):
                hints.this_turn = True
        if "your" in words and "opponent" in words:
            hints.owner = "P2"
        return f" {m.group(2)}"

    return _HINT_WORDS.sub(fold, low)


def _short_names(entity: Entity) -> set[str]:
    """How players shorten a card already named: the part before the comma ("jace", "urborg"),
    the first word of a longer name ("llanowar", "serra", "spark")."""
    if not entity.card:
        return set()
    front = entity.card.split(" // ")[0].lower()
    out = {front.split(",")[0].strip()}
    words = front.replace(",", "").split()
    if len(words) > 1 and len(words[0]) >= 4:
        out.add(words[0])
    if len(words) > 1 and len(words[-1]) >= 5:
        out.add(words[-1])  # "can spider block?" after Giant Spider
    return {w for w in out if len(w) >= 4 and w not in GAME_WORDS}


def link_short_names(low: str, draft: Draft) -> str:
    """A bare short name of a card named earlier is that card ("... Jace Beleren. what does
    jace look like?")."""
    for key, entity in list(draft.entities.items()):
        for short in sorted(_short_names(entity), key=len, reverse=True):
            pattern = re.compile(rf"(?<![@\w]){re.escape(short)}(?:'s)?(?![\w])")

            def link(m: re.Match[str], key: str = key, text: str = low) -> str:
                named_before = any(
                    draft.occurrences[int(i)].entity == key
                    for i in re.findall(r"@(\d+)", text[: m.start()])
                )
                return f" {_occurrence(draft, key, None)} " if named_before else m.group(0)

            low = pattern.sub(link, low)
    return low


def link_anaphora(low: str, draft: Draft) -> str:
    """ "the token", "the spirit token", "the elves", "my angel": a thing already named."""

    def earlier(word: str, before: str) -> str | None:
        named = [draft.occurrences[int(i)].entity for i in re.findall(r"@(\d+)", before)]
        keys = list(dict.fromkeys(reversed([k for k in named if k])))
        for key in keys:
            entity = draft.entities[key]
            label_words = set(re.findall(r"[a-z]+", entity.label.lower()))
            if word == "token" and entity.token is not None:
                return key
            # a word of the card's own name before a creature type ("my merfolk" is Merfolk of
            # the Pearl Trident, not the Lord of Atlantis that is also a Merfolk)
            if word in _name_words(entity, subtypes=False) or (
                entity.token and word.rstrip("s") in label_words
            ):
                _also_a_type_of(word, key, keys)
                _also_a_name_of(word, key, keys)
                return key
        for key in keys:
            if word in _name_words(draft.entities[key]):
                return key
        return None

    def _also_a_type_of(word: str, key: str, keys: list[str]) -> None:
        """(V1) "Llanowar Elves and Elvish Mystic. The elves came in this turn": a word of one
        card's name that is another named card's creature type may mean either (or both): the
        name is the better guess, said as one, so the answer is never verified."""
        others = [
            draft.entities[k].label
            for k in keys
            if k != key
            and word
            in _name_words(draft.entities[k]) - _name_words(draft.entities[k], subtypes=False)
        ]
        if others:
            label = draft.entities[key].label
            draft.doubt("guessed_pronoun", f"'{word}' as {label} (not {' or '.join(others)})")

    def _also_a_name_of(word: str, key: str, keys: list[str]) -> None:
        """(S4) "Llanowar Elves and Fyndhorn Elves. The Elves came in this turn": a word of
        two named cards' names may mean either or both; the latest is a guess ("can I tap
        Llanowar Elves?" was verified "Yes" with only the Fyndhorn Elves new)."""
        others = [
            draft.entities[k].label
            for k in keys
            if k != key and word in _name_words(draft.entities[k], subtypes=False)
        ]
        if others:
            label = draft.entities[key].label
            draft.doubt("guessed_pronoun", f"'{word}' as {label} (not {' or '.join(others)})")

    def link(m: re.Match[str]) -> str:
        first, second = m.group(1), m.group(2)
        before = low[: m.start()]
        if second:
            key = earlier(second, before)
            if key and (second == "token" or earlier(first, before) in (key, None)):
                return f" {_occurrence(draft, key, None)} "
        key = earlier(first, before)
        if key:
            return f" {_occurrence(draft, key, None)} " + (f" {second}" if second else "")
        if not re.search(r"@\d", before) and len(first) >= 4:
            # (R5) "does the giant die? fireball, x=2, one target: their hill giant": the question
            # first; a word of the one card named after it, when nothing was named before
            later = {
                o.entity
                for i in re.findall(r"@(\d+)", low[m.end() :])
                if (o := draft.occurrences[int(i)]).entity
                and first in _name_words(draft.entities[o.entity], subtypes=False)
            }
            if len(later) == 1:
                return f" {_occurrence(draft, later.pop(), None)} " + (
                    f" {second}" if second else ""
                )
        return m.group(0)

    return re.sub(
        r"\b(?:the|that|this|my|your|their|his|her|each)\s+([a-z]+)(?:\s+([a-z]+))?\b"
        r"(?!\s*@)",
        link,
        low,
    )


# (R7) the question said as a wish to know ("my question is whether", "I'm wondering if")
_WISH = (
    r"\b(?:my question is|the question is|question is|i(?:'m| am)? ?wondering|i wonder"
    r"|i want to know|i'd like to know|wanted to know|i need to know|can someone tell me"
    r"|can (?:someone|anyone|you) tell me)"
)
# The ways players ask "can I / can X", written out once so every question rule reads "can":
# "am I able to tap", "is it possible for my Spider to block", "will it be able to attack",
# "do I get to", "is there any way to".
_ASK_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), to)
    for pattern, to in (
        (r"\b(?:am i|are we)\s+(?:still\s+)?(?:able|allowed|permitted)\s+to\b", "can i"),
        (
            r"\b(?:will|would|could|do)\s+(?:i|we)\s+(?:still\s+)?(?:be\s+able|be\s+allowed|get)"
            r"\s+to\b",
            "can i",
        ),
        (
            r"\bis (?:it|there any way|there a way)\s+(?:possible\s+|legal\s+|allowed\s+|ok\s+)?"
            r"(?:for\s+(?:me|us)\s+)?to\b",
            "can i",
        ),
        (r"\bis it (?:possible|legal|allowed|ok)\s+for\s+(@\d+)\s+to\b", r"can \1"),
        (
            r"\bis it possible\s+(?:that\s+)?(@\d+|it|they|he|she|i|we)\s+(?:can\s+)?(?:still\s+)?"
            r"(make|attack|block|tap|survive|produce|add)s?\b",
            r"can \1 \2",
        ),
        (
            r"\b(?:will|would|could)\s+(it|they|he|she|@\d+)\s+(?:still\s+)?be\s+able\s+to\b",
            r"can \1",
        ),
        (r"\b(?:is|are)\s+(@\d+)\s+(?:still\s+)?(?:able|allowed|permitted)\s+to\b", r"can \1"),
        (
            r"\b(?:is|are)\s+(it|they|he|she)\s+(?:still\s+)?(?:able|allowed|permitted)\s+to\b",
            r"can \1",
        ),
        # (R7) "when the Double lands, what's its p/t?": asked of it once it is in (a spell that
        # resolves first is not this: "when it resolves does the Vanguard die" stays)
        (
            r"(?:^|(?<=[.!?;]\s))\W*(?:once|when|after)\s+(?:it|@\d+)\s+(?:lands|hits the"
            r" battlefield|comes down)\s*,?\s*(?=(?:what|how)\b)",
            "",
        ),
        # "does the bear make it?", "who makes it": survives (not a pronoun)
        (
            r"\b((?:does|do|will|would|did|can|could)\s+(?:@\d+|it|they|he|she))\s+make it"
            r"(?:\s+out)?(?:\s+alive)?\b(?!\s*(?:a\b|an\b|into\b|to\b|\d))",
            r"\1 survive",
        ),
        (
            r"\b(who|which(?: one| creature| of them)?)\s+makes it(?:\s+out)?(?:\s+alive)?\b",
            r"\1 survives",
        ),
        # (R7) "what would happen if I bolt it" is "what happens if I bolt it"
        (r"\bwhat\s+(?:would|will|could|might)\s+happen\b", "what happens"),
        # (R7) hedges inside a question say nothing about the board: "what mana can they
        # actually make", "what is my lions really", "how big is it honestly"
        (
            r"\s+(?:actually|honestly|technically|exactly|really|truly)\b(?!\s+(?:if|though|one"
            r"|1|a\b|an\b|the\b|\d))",
            "",
        ),
        # (R7) the question said as a wish to know: "my question is whether I'm allowed to tap
        # X", "I'm wondering if it can block", "I want to know if the Elves die"
        (
            _WISH + r"\s*,?\s*(?:whether|if)\s+(i|we)(?:'m|'re| am| are)?"
            r"\s+(?:still\s+)?(?:able|allowed|permitted)\s+to\b",
            r"can \1",
        ),
        (
            _WISH + r"\s*,?\s*(?:whether|if)\s+(i|we|it|they|he|she|@\d+)"
            r"\s+(can|could|will|would|does|do|is|are)\b",
            r"\2 \1",
        ),
        # (R7) "who is right, does my goyf die?": the argument is not the question asked
        (
            r"(?:^|(?<=[.!?]\s))\W*(?:so\s+)?(?:who(?:'s| is) right|which of us is right|am i right"
            r"|is (?:he|she) right|are they right|who is correct|who's correct)\s*[,?:;-]+\s*"
            r"(?=[a-z@])",
            "",
        ),
    )
)


# (R7) a spell named before what it was cast at, with no verb: "doom blade on the angel",
# "fatal push on opp's goyf. does it die?"; the caster is the other side's (a player casts
# removal at the opponent's creature; whose it is unsaid: mine)
_SPELL_ON = re.compile(
    r"(?:^|(?<=[.!?;\n]))(?P<lead>\W*(?:then\s+|and\s+|so\s+)?)(?P<spell>@\d+)\s+(?:on|at|into"
    r"|targeting)\s+(?P<whose>(?:my|their|his|her|opp'?s|(?:my\s+)?opponent'?s|the|your)\s+)?"
    r"(?P<target>@\d+)"
)


def spells_said_on(low: str, draft: Draft) -> str:
    def cast(m: re.Match[str]) -> str:
        occ = draft.occurrence(m["spell"])
        entity = draft.entities.get(occ.entity or "") if occ else None
        if entity is None or not entity.is_spell:
            return m.group(0)
        whose = (m["whose"] or "").strip()
        caster = "my opponent" if whose in ("my", "your") else "i"
        return f"{m['lead']}{caster} cast {m['spell']} on {m['whose'] or ''}{m['target']}"

    return _SPELL_ON.sub(cast, low)


# (R7) "I have one on the battlefield" after a card is named: one of it, "it"
# (R7) "theres one on my battlefield": one of the card just named, mine
_THERE_IS_ONE = re.compile(
    r"\bthere(?:'s| is)\s+one\s+(?=(?:on|in)\s+(?:my|their|opp'?s)\s+(?:battlefield|board|side)\b)"
)
_ONE_OF_IT = re.compile(
    r"\b((?:i|we|they|he|she|opp\w*|my opponent)\s+(?:have|has|control|controls|got|run|play))\s+"
    r"one\b(?=\s+(?:on the battlefield|on the board|in play|out|on my side|on their side|too"
    r"|as well|right now|now)\b|\s*[.,;?!]|\s*$)"
)
# (R7) "X is on my battlefield", "Y is on their side": who controls it
_ON_SIDE = re.compile(
    r"(@\d+)\s+(?:is|are|sits|sit|is sitting|are sitting)\s+(?:on|in)\s+(?P<who>my|their|his|her"
    r"|opp'?s|(?:my\s+)?opponent'?s)\s+(?:battlefield|board|side(?: of the (?:board|table|field))?"
    r"|field)\b"
)


def ask_forms(low: str) -> str:
    for pattern, to in _ASK_FORMS:
        low = pattern.sub(to, low)
    return low


def sentences(low: str) -> list[str]:
    low = ask_forms(low)
    low = re.sub(
        r"\b(counters?|damage)(\s+marked)?(?:\s+(?:put|placed))?\s+on\s+(?:it|them)\b", r"\1\2", low
    )
    low = re.sub(r"\bhard[- ]?cast(?:ed)?\b", "cast", low)
    low = re.sub(r"(@\d+|\bit)\s+just\s+(?=got|gets|took|has|had|received)", r"\1 ", low)
    low = _ATTACK_LIST.sub(_attack_list, low)
    low = _ASIDE_BEFORE_VERB.sub(_aside_after, low)
    for pattern, to in _SAID_OTHERWISE:
        low = pattern.sub(to, low)
    low = _AT_THE_PLAYER.sub(lambda m: m[1] or f"{m[2]} my opponent", low)
    # (R5) "paid {1} to make it a 2/2" is animating it; once animated, "so it's a creature
    # (right now)" says nothing more (the animation makes it one)
    low = re.sub(
        r"\bpaid\s+(?:the\s+)?(\{?\d\}?)\s+to\s+(?:make|turn)\s+(it|@\d+)\s+(?:into\s+)?a\s+\d/\d"
        r"(?:\s+creature)?\b",
        r"paid \1 to animate \2",
        low,
    )
    if re.search(r"\banimat", low):
        low = re.sub(
            r"[,;]?\s*(?:so\s+|and\s+)?(?:it|@\d+)(?:'s|\s+is)\s+(?:now\s+)?a\s+(?:2/2\s+)?creature"
            r"(?:\s+(?:now|right now|until end of turn))?\b(?!\s*\?)",
            "",
            low,
        )
    low = _ON_IT.sub(r"\1 wearing \2", _ASIDE.sub("", low))
    # (R7) "my Bears with Rancor on it": the Aura is on the Bears
    low = re.sub(r"(@\d+)\s+with\s+(@\d+)\s+on\s+(?:it|them|him|her)\b", r"\1 wearing \2", low)
    low = _ONE_OF_IT.sub(r"\1 it", _THERE_IS_ONE.sub("it is ", low))
    low = _ON_SIDE.sub(
        lambda m: f"{'i control' if m['who'] == 'my' else 'my opponent controls'} {m[1]}.", low
    )
    parts = [s.strip() for s in _SENTENCE.split(low) if s and s.strip(" .!?;,")]
    return [statement_asked(_time_after_object(p)) for s in parts for p in _split_run_on(s)]


# (R13) a header that says who attacks, then the attackers listed ("my attack:" / "- Signal
# Pest" / "- Hill Giant", "their attackers: X, Y"): the list is what attacks (508.1a)
_ATTACK_LIST = re.compile(
    r"(?m)(?:^|(?<=[,.;]\s))[ \t]*(?P<who>my|our|their|opp'?s?|(?:my\s+)?opponent'?s|i|we|they"
    r"|opp|(?:my\s+)?opponent)\s+(?:attack|attackers|attacks?\s+with|attacking\s+with|(?:am|'m|are"
    r"|'re|is)\s+attacking\s+with|swing\s+with|swings\s+with)(?:\s+(?:this turn|now|right now))?"
    r"[ \t]*:[ \t]*\n?"
    r"(?P<list>[ \t]*[-*•]?[ \t]*@\d+"
    r"(?:[ \t]*(?:,|and|&|\+|\n[ \t]*[-*•]?)[ \t]*(?:and[ \t]+)?@\d+)*)"
    r"[ \t]*(?:\n|$|(?=[.;]))"
    # a list that goes on with more than names ("- Hill Giant (tapped)") is not rewritten: the
    # header stays unread, so the message isn't answered on half a list
    r"(?!\s*[-*•]?[ \t]*@\d)"
)


# (E7) "my Tusker (been out since turn 2) attacks Teferi and they don't block": the aside
# between a creature and its attack or block is told after it, so the verb follows its subject
_ASIDE_BEFORE_VERB = re.compile(
    r"(?P<obj>@\d+)\s*[,(]\s*(?P<aside>(?:it'?s\s+|has\s+)?(?:been\s+)?(?:out\s+|down\s+"
    r"|on the battlefield\s+|in play\s+|around\s+)?since\s+[^,.;!?()]{1,30}?)\s*[,)]\s*"
    r"(?P<clause>(?:attacks|attacked|blocks|blocked|swings|swung|is attacking|is blocking)\b"
    r"[^.;!?]*)"
)


def _aside_after(m: re.Match[str]) -> str:
    return f"{m['obj']} {m['clause'].rstrip()} . {m['obj']} , {m['aside']} "


def _attack_list(m: re.Match[str]) -> str:
    names = re.findall(r"@\d+", m["list"])
    who = "i" if m["who"] in ("my", "our", "i", "we") else "my opponent"
    listed = ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]
    return f"{who} attack{'' if who == 'i' else 's'} with {listed}.\n"


# "opp blocks nothing", "they didn't block": no blocks (509.1)
_NO_BLOCKS = (
    r"\b(?:opp\w*|they|my opponent|the opponent|he|she|i|we)\s+(?:blocks?|blocked)\s+(?:nothing"
    r"|none of (?:them|it)|no ?one)\b|\b(?:opp\w*|they|my opponent|the opponent|he|she|i|we)\s+"
    r"(?:doesn't|does not|didn't|did not|don't|do not)\s+block\b(?!\s+(?:with|@|it|them|him|her))",
    "nobody blocks",
)
# (R5) Other ways of saying what the sub-grammars read, written out once:
_SAID_OTHERWISE: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(pattern), to)
    for pattern, to in (
        _NO_BLOCKS,
        # "my opponent threw their Silvercoat Lion in front of it": a block (509.1a)
        (r"\b(?:threw|throws|throw|put|puts|jumped|jumps|stuck|sticks)\s+(?:(?:their|his|her|my)\s+)?"
         r"(@\d+)\s+in front of\s+(it|him|her|them|@\d+)", r"blocks \2 with \1"),
        # "i cast endless one paying four for x": X is 4 (107.3)
        (r"\bpaying\s+(\d{1,2}|one|two|three|four|five|six|seven|eight)\s+for\s+(?:the\s+)?x\b",
         r"with x=\1"),
        # "once it's on the battlefield what's its p/t": the question after it is about now
        (r"(?:^|(?<=[.!?;]\s))\W*(?:once|when|after)\s+(?:it|@\d+)(?:'s|\s+is|\s+enters|\s+resolves"
         r"|\s+comes in)"
         r"(?:\s+(?:on the battlefield|in play|in|out|down|resolved))?\s*,?\s*(?=(?:what|how)\b)",
         ""),
        # (R13) "board, all mine:", "board (mine):": the header of my board
        (r"\bboard\s*(?:,\s*|\(\s*|-\s*)(?:all\s+|both\s+)?mine\s*\)?\s*:", "my board:"),
        # (R7) "- me: savannah lions, benalish marshal": a bullet before a header that has its
        # list on the same line is only a bullet
        (r"(?m)^[ \t]*[-*•][ \t]+(?=(?:me|mine|opp\w*|them|opponent|my side|their side|my board"
         r"|their board)\s*:\s*\S)", ""),
        # (R7) "so I'm playing Kinnan and Springleaf Drum": the cards I have out
        (r"\bi(?:'m| am)\s+(?:playing|running)\s+(?=@\d+(?:\s*(?:,|and)\s*@\d+)*\s*(?:,|\.|$))",
         "i control "),
        # (R7) "my turn 5", "opp's turn 3": whose turn, and its number
        (r"\b(my|their|opp'?s|your) turn (\d{1,2})\b(?!\s*(?:/|damage|counters?))",
         r"\1 turn, turn \2"),
        # (R7) "Trained Armodon is the only creature I have" / "my only untapped guy is X": my
        # only creature (the reader invents nothing, so the claim only says whose it is)
        (r"(@\d+)\s+(?:is|'s)\s+(?:the|my)\s+only\s+(?:creature|guy|dude|blocker|one)\s+(?:i have"
         r"|i control|i've got|on my side)(?:\s+(?:out|left|untapped|on the battlefield))?",
         r"my only creature is \1"),
        (r"\bmy\s+only\s+(untapped\s+)?(?:guy|dude|blocker|body|creature|one)\s+(?:is|'s)\s+(@\d+)",
         lambda m: f"my only creature is {m[2]}" + (f" , {m[2]} is untapped" if m[1] else "")),
        # (S5) "my Angel is not tapped", "they aren't tapped anymore": untapped (the tapped rule
        # read "tapped" and left the "not" unread)
        (r"(\bit|\bthey|\bboth|@\d+)(?:\s+is|\s+are|'s|'re)?\s+(?:not|no longer)\s+(?:been\s+)?"
         r"tapped\b(?:\s+(?:anymore|any more))?(?!\s+(?:for|to|by)\b)", r"\1 is untapped"),
        (r"(\bit|\bthey|\bboth|@\d+)\s+(?:isn't|isnt|aren't|arent)\s+tapped\b"
         r"(?:\s+(?:anymore|any more))?(?!\s+(?:for|to|by)\b)", r"\1 is untapped"),
        # (R7) "nothing has untapped it", "it hasn't untapped": it is still tapped
        (r"\b(?:nothing|no one|nobody|none of us)\s+(?:has\s+|have\s+)?untapped\s+(it|@\d+)",
         r"\1 is tapped"),
        (r"(\bit|@\d+)\s+(?:hasn't|has not|hasnt|didn't|did not|didnt)\s+(?:been\s+)?"
         r"untap(?:ped)?\b",
         r"\1 is tapped"),
        # (R7) "I cast Clone and copy my own Thalia", "cast clone and copied that token"
        (r"\bcast\s+(@\d+)\s*,?\s+(?:and\s+)?(?:copy|copied|copying|have it copy|had it copy|it"
         r" copies|it copied)\s+(?:my own\s+|my\s+|their\s+|his\s+|her\s+|opp'?s\s+|the\s+"
         r"|that\s+)?(@\d+)", r"cast \1 copying \2"),
        # (R7) "i used a mountain i already had to pay the 1 and make it a 2/2": animated, paid
        # with the Mountain
        (r"\bused\s+(@\d+)\s+(?:(?:that\s+)?i\s+(?:already\s+)?had\s+)?to\s+pay\s+(?:the\s+)?\{?(\d)"
         r"\}?\s+(?:and|to)\s+(?:make|turn)\s+(it|@\d+)\s+(?:into\s+)?a\s+\d/\d(?:\s+creature)?",
         r"paid {\2} to animate \3 , paid with \1 ,"),
        # (R7) "Board check before I do something dumb:", "Bit of context:": a preamble
        (r"(?:^|(?<=[.!?]\s))(?:board check|bit of context|some context|context|background|setup"
         r"|story time|long story short|quick background"
         r"|weird spot|weird one|quick one|okay so|so basically|here's the thing)"
         r"(?:\s+[a-z']+){0,6}?\s*:\s+(?=\S)", ""),
        # (R7) "On my side only two Forests and a Sol Ring": what I have
        (r"(?:^|(?<=[.!?]\s))\W*on my (?:side|board|battlefield)(?: of the (?:board|table))?"
         r"\s*[:,]?\s*(?:there (?:is|are)\s+)?(?:only|just)\s+", "i have only "),
        # (R7) "Wild Nacatl on my side, lands are one Mountain, one Plains and a Forest"
        (r"(?<=[,;]\s)(?:and\s+)?(?:the\s+)?lands are\b", "my lands are"),
        # (R7) "opp: nothing": only what the message names is on the board anyway
        (r"(?m)(?:^|(?<=[.;]\s))\W*(?:opp\w*|them|opponent|my opponent|their side|their board)"
         r"\s*:\s*(?:nothing|empty|none|no creatures|no permanents|nada)\s*(?:[.;]|$)", ""),
        # (R7) "X is coming at me", "X is swinging at me": X attacks (508.1)
        (r"(@\d+)\s+(?:is|comes|came|was)\s+(?:coming|swinging|running)\s+(?:at|in at|for)\s+"
         r"(?:me|my face|us)\b", r"\1 attacks me"),
        # "* my yard - forest, lightning bolt", "* opp yard - empty" (a list on lines)
        (r"(?m)^\W*my\s+(?:yard|graveyard|gy)\s*[-:–—]\s*(?:empty|nothing|none)\s*$",
         "my graveyard is empty."),
        (r"(?m)^\W*(?:opp'?s?|opponent'?s?|their)\s+(?:yard|graveyard|gy)\s*[-:–—]\s*(?:empty|nothing"
         r"|none)\s*$", "my opponent's graveyard is empty."),
        (r"(?m)^\W*my\s+(?:yard|graveyard|gy)\s*[-:–—]\s*(?=\S)", "my graveyard has "),
        (r"(?m)^\W*(?:opp'?s?|opponent'?s?|their)\s+(?:yard|graveyard|gy)\s*[-:–—]\s*(?=\S)",
         "my opponent's graveyard has "),
        # "opp has exactly one land, a mountain": the one named, and the claim kept (not read: a
        # second land would make it a contradiction the reader doesn't check)
        (r"\b((?:exactly|only|just)\s+(?:one|a single)\s+(?:land|creature|permanent|card))\s*,\s*"
         r"(?:a\s+|an\s+|the\s+)?(@\d+)", r"\2 , \1 ,"),
        # "paid {1} with a Mountain to activate its animation ability": animating it
        (r"\bpaid\s+(\{?\d\}?)\s+to\s+(?:activate|use)\s+(?:its|@\d+)\s+(?:animation|animate"
         r"|becomes-a-creature|creature|man-?land)\s+ability\b", r"paid \1 to animate it"),
    )
)  # fmt: skip

# (R5) "last turn i played X", "this turn i cast Y and had it copy X": a time said first is the
# time of the clause's first event, said after its object ("i played X last turn") where the
# timing grammar reads it ("turn 4, I played X" is the current turn and stays)
_FRONTED_TIME = re.compile(
    r"^(?P<lead>\W*(?:so\s+|and\s+|then\s+|ok\s+)?)(?P<when>(?:earlier\s+|just\s+)?this turn"
    r"|(?:on\s+)?(?:my\s+|their\s+|the\s+)?(?:last|previous) turn|(?:two|three|a few|2|3)\s+turns"
    r" ago)\s*,?\s+(?P<subj>(?:i|we|they|he|she|opp\w*|my opponent)\s+(?:just\s+|also\s+)?"
    r"[a-z']+\s+)(?P<obj>@\d+(?:\s*(?:,|and)\s*@\d+)*)(?P<rest>.*)$"
)


def _time_after_object(sentence: str) -> str:
    m = _FRONTED_TIME.match(sentence)
    if m is None:
        return sentence
    return f"{m['lead']}{m['subj']}{m['obj']} {m['when']}{m['rest']}"


# A yes/no question said as a statement: "so I can't tap it for mana, right?", "it can block
# the birds?" is "can it ...?" (the answer says whether it can)
_STATEMENT_ASKED = re.compile(
    r"^(?P<lead>\W*(?:(?:so|ok|okay|and|but|then|also|just to confirm|to confirm|i think"
    r"|pretty sure)[\s,]+)*)(?:(?:the|my|their|his|her|opp'?s|our)\s+)?"  # (R7) "the elves can"
    r"(?P<subj>i|we|it|they|he|she|@\d+)"
    r"\s+(?:can't|cannot|can not|can|could|couldn't)"
    r"\s+(?P<rest>(?:still\s+)?(?:tap|attack|swing|block|activate|use|crew|embalm|eternalize|make"
    r"|produce)\b.*?)\s*,?\s*(?:\b(?:right|correct|yeah|yea|yes|no|or not|isn't it|can it|can i|yep"
    r"|true)\s*\?*|\?+)\s*$"
)


def statement_asked(sentence: str) -> str:
    m = _STATEMENT_ASKED.match(sentence)
    if m is None:
        return sentence
    return f"{m['lead']}can {m['subj']} {m['rest']}?"


_SBA_FIRST = (
    r"\W*(?:after|once|when)\s+(?:the\s+)?(?:state[- ]based actions|sbas?)"
    r"(?:\s+(?:are|have been|get)\s+(?:checked|applied|performed|done))?\s*,?\s*"
)


def _split_run_on(sentence: str) -> list[str]:
    """A question after a clause (a name and a comma, or two words) with no full stop between
    them is a sentence of its own; "can I tap it or attack with it" and "X and can it attack"
    stay one."""
    out: list[str] = []
    start = 0
    for m in _RUN_ON.finditer(sentence):
        before = sentence[start : m.start()]
        least = 1 if "," in m.group(0) else 2  # "my Goyf, what's its power" / "X came in can I"
        if len(before.split()) < least or _RUN_ON_AFTER.search(before):
            continue
        if re.match(r"(?:is|are)\s+(?:a\s+|an\s+|the\s+)?@\d+\s*(?:[.,;]|$)", sentence[m.end() :]):
            continue  # (R7) "my commander is Meren of Clan Nel Toth.": a statement
        if re.match(r"(?:is|are)\b", sentence[m.end() :]) and (
            _COPULA_AFTER.search(before)
            or (re.search(r"@\d+\s*$", before) and "," not in m.group(0))
        ):
            continue  # (R7) "... and Trained Armodon is the only creature I have"
        if re.match(rf"\W*(?:{_QUESTION_OPENER})", before):
            continue  # already inside a question ("how big is it", "what tokens do I get")
        if re.fullmatch(r"\W*(?:which|what)(?:\s+[a-z/]+){1,3}\s*", before):
            continue  # (R5) "which colors | can the Pool tap for"
        if re.fullmatch(_SBA_FIRST, before):
            continue  # (R5) "after state-based actions, what happens to my Lions?"
        if re.search(r"\b(?:what|which|how many)(?:\s+[a-z/]+){1,2}\s*$", before):
            continue  # (R7) "— what token | do i get out of it?": one question
        if re.match(r"\W*(?:if|when|once|after)\b", before) and "," not in m.group(0):
            continue  # "if I tap him how many Goblins do I make": the question's condition
        out.append(before.strip(" ,"))
        start = m.end()
    out.append(sentence[start:].strip(" ,"))
    return [p for p in out if p.strip(" .!?;,")]


def resolve_pronouns(parts: list[str], draft: Draft) -> list[str]:
    """ "it", "its", "them": the thing named as a subject in this sentence (or the one before),
    not the subject of the pronoun's own clause ("can my Bears block it"). When two things could
    be meant, the pronoun stays unresolved: a question back, not a guess."""
    out: list[str] = []
    previous: list[str] = []
    previous_any: list[str] = []
    previous_text: list[str] = []
    every: list[str] = []  # "can I tap it? I have Llanowar Elves": the one thing named anywhere
    _collect_heads(" ".join(parts), draft, [], every)
    # (R7) "fireball on the stack with x=4. what's its mana value": a spell is "it" only when
    # the message names nothing else
    spells = _distinct(
        [
            k
            for i in re.findall(r"@(\d+)", " ".join(parts))
            if (k := draft.occurrences[int(i)].entity) and draft.entities[k].is_spell
        ]
    )
    history: list[list[str]] = []  # each earlier sentence's subjects, oldest first
    for sentence in parts:

        def place(
            m: re.Match[str],
            sentence: str = sentence,
            previous: list[str] = previous,
            previous_any: list[str] = previous_any,
            history: list[list[str]] = history,
        ) -> str:
            word = m.group(0)
            if word.startswith("it") and _NOT_A_THING.match(sentence[m.end() :]):
                return word  # "it's my turn", "it's been out since"
            before = sentence[: m.start()]
            if re.search(r"[(\[]\s*$", before):  # "X copies my Walker (it has 3 counters)"
                found = [draft.occurrences[int(i)].entity for i in re.findall(r"@(\d+)", before)]
                near = [k for k in found if k and not draft.entities[k].is_spell]
                if near:
                    return f" {_occurrence(draft, near[-1], None)} "
            aside = re.search(r"\(([^()]*)$", before)
            if aside and not re.search(r"@\d+", aside.group(1)):
                # "Vizier copying the elves (cast it this turn)": the head of the phrase before
                # the bracket, not what it copies
                phrase = before[: aside.start()].split(",")[-1]
                bracketed = [
                    key
                    for p in re.finditer(r"@(\d+)", phrase)
                    if not _depends(phrase[: p.start()])
                    and (key := draft.occurrences[int(p.group(1))].entity)
                    and not draft.entities[key].is_spell
                ]
                if len(set(bracketed)) == 1:
                    return f" {_occurrence(draft, bracketed[0], None)} "
            clause = _CLAUSE_START.search(before)
            start = clause.end() if clause else 0
            heads: list[str] = []
            named: list[str] = []
            _collect_heads(before[:start], draft, heads, named)
            own: list[str] = []
            _collect_heads(before, draft, own, [])
            clause_own: list[str] = []
            _collect_heads(before[start:], draft, clause_own, [])
            # (R7) the clause's own subject, even when an earlier clause named it too ("they
            # pacifism'd my bears (pacifism is on it)": "it" is not the Pacifism)
            in_clause = set(own) - set(heads) | set(clause_own)
            if _I_DID.search(before[start:]) or _ASKED_SUBJECT.search(before):
                # "... if I cast it": the clause's subject is the player; "if I bolt their
                # Angel is it dead": the pronoun is the subject of a question of its own
                in_clause = set()
            scope = [k for k in _distinct(heads) if k not in in_clause]
            # never the subject of the pronoun's own clause ("can my Bears block it")
            if not scope:  # this sentence's things first, then the sentence before's
                scope = [k for k in _distinct(own) if k not in in_clause]
            if not scope:
                scope = [k for k in _distinct([*own, *previous]) if k not in in_clause]
            if not scope:
                scope = [k for k in _distinct([*named, *previous_any]) if k not in in_clause]
            for earlier in reversed(history):  # "their X attacks. I have a Spider. can the
                if scope:  # spider block it?": the subject of a sentence further back
                    break
                scope = [k for k in earlier if k not in in_clause]
            subjectish = re.search(
                r"(?:^|\b(?:if|when|once|after|before|and|but|because|so|that|while|until"
                r"|the turn|the same turn))\s*$",
                before,
            )
            if not scope and subjectish and len(set(in_clause)) == 1:
                scope = list(in_clause)  # "does my Angel die if it blocks?"
            if not scope:  # "what tokens do I get from my Walker ... when it dies": the one thing
                anywhere: list[str] = []
                _collect_heads(before, draft, [], anywhere)
                only = [k for k in _distinct(anywhere) if k not in in_clause]
                scope = only if len(only) == 1 else scope
            if not scope and not previous_any and len(_distinct(every)) == 1:
                scope = _distinct(every)  # the message names one thing, after the question
            if not scope and not every and len(spells) == 1:
                scope = spells
            if word == "them" or word == "they":
                plural = [k for k in scope if _plural(draft, k)]
                scope = plural or scope
            if (
                len(scope) == 1
                and history
                and scope[0] in history[-1]
                and previous_text
                and _ADDED_ASIDE.search(previous_text[-1])
                and not own
            ):
                # (S2) "I cast Elves this turn. I also control a Forest. Can I tap it?": the
                # sentence that added a thing "also" / "too" doesn't make it the topic; "it"
                # may be what the message was about before (a grammar of two candidates)
                earlier = [k for h in history[:-1] for k in h if k != scope[0]]
                if earlier and earlier[-1] not in in_clause:
                    scope = [earlier[-1], scope[0]]
            grammar = list(scope)  # what the sentence's grammar allows, before any guess
            just = _JUST_NAMED.search(before)
            if len(scope) > 1 and just:
                # "I cast Vizier and had it enter as a copy": the thing the last clause named
                key = draft.occurrences[int(just.group(1))].entity
                scope = [k for k in scope if k == key] or scope
            if word in ("he", "she", "him", "her", "his") and len(scope) > 1:
                # "him": one named card (Krenko), not a group of tokens
                single = [k for k in scope if draft.entities[k].card and not _plural(draft, k)]
                scope = single or scope
            if len(scope) > 1 and re.match(r"\s*(?:still\s+)?block\b", sentence[m.end() :]):
                # "X attacks me, I have a Spider: can it block?": not the attacker (509.1a)
                attackers = _attackers(sentence, previous_text, draft)
                scope = [k for k in scope if k not in attackers] or scope
            if len(scope) > 1 and re.search(r"\bblock\s+@\d+\s+with\s*$", before):
                # "can I block the Brute with it": the blocker, not the attacker (509.1a)
                attackers = _attackers(sentence, previous_text, draft)
                scope = [k for k in scope if k not in attackers] or scope
            if scope and re.search(r"\bblock(?:s|ed|ing)?\s*$", before):
                # "can the Bears block it": what is blocked is what attacks (509.1a)
                attackers = _attackers(sentence, previous_text, draft)
                scope = [k for k in scope if k in attackers] or scope
                told = sorted(k for k in attackers if k not in in_clause)
                if told and not set(scope) & attackers:
                    # (R16) "opp swings X at me. I have a Spider and Bears. Can the bears block
                    # it?": the attacker said further back, not a creature beside the blocker;
                    # two attackers said: which one is asked back
                    scope = told
                # (R5) "their Angel blocks it" after "my Dreadmaw has Collar on": a creature
                creatures = [k for k in scope if _is_creature_card(draft.entities[k])]
                scope = creatures if len(creatures) == 1 else scope
            asks_creature = _ASKS_OF_A_CREATURE.search(f"{before}¦{sentence[m.end() :]}")
            if (
                asks_creature
                and scope
                and not any(_is_creature_card(draft.entities[k]) for k in scope)
            ):
                # "I equipped Collar to my Ace, what's its p/t": not the Equipment
                near = [
                    k
                    for k in _distinct([*named, *previous_any])
                    if _is_creature_card(draft.entities[k])
                ]
                if not near:  # (V1) "I control Bears. I cast Anthem this turn, what is its
                    # toughness?": the one creature named further back (208.3: Anthem has none)
                    further: list[str] = []
                    _collect_heads(" ".join([*previous_text, before]), draft, [], further)
                    near = [k for k in _distinct(further) if _is_creature_card(draft.entities[k])]
                scope = near if len(near) == 1 else scope
            if len(scope) > 1 and _ASKS_FOR_ITS_MANA.search(f"{before}¦{sentence[m.end() :]}"):
                makers = [k for k in scope if _makes_mana(draft.entities[k])]
                scope = makers if len(makers) == 1 else scope
            if len(scope) > 1 and _ASKS_TO_TAP.search(f"{before}¦{sentence[m.end() :]}"):
                # (R20) "can I tap it (to ping their guy)": a permanent of the asker's with a {T}
                # ability (602.2: only its controller activates it; 602.1a: {T} is its cost)
                tappers = [k for k in scope if _askers_tapper(draft, k)]
                scope = tappers if len(tappers) == 1 else scope
            if len(scope) > 1 and asks_creature:
                # "Humility is out, my Angel has a counter, what's its power": only a creature
                # has power or attacks (208.1, 508.1a)
                creatures = [k for k in scope if _is_creature_card(draft.entities[k])]
                scope = creatures or scope
            if len(scope) == 1 and scope != grammar:
                # narrowed by what the question needs (a creature, the attacker, one card): a
                # good guess, said as one, so the answer is not verified
                others = [draft.entities[k].label for k in grammar if k != scope[0]]
                said = draft.entities[scope[0]].label
                draft.doubt(
                    "guessed_pronoun",
                    f"'{word}' as {said}" + (f" (not {' or '.join(others)})" if others else ""),
                )
            if len(scope) == 1 and scope == grammar and _acted_on(before[start:], draft):
                _other_creature_named(draft, scope[0], [*named, *previous_any], in_clause, word)
            elif (
                len(scope) == 1
                and scope == grammar
                and previous_text
                and _IN_COMBAT.search(previous_text[-1])
                and not before[start:].strip(" ,")
                and (word[:3] in ("it'", "it’") or _STATE_AFTER.match(sentence[m.end() :]))
            ):
                # (S4) "My Giant attacks. Their Bears blocks it. It has a +1/+1 counter."
                _other_creature_named(draft, scope[0], previous_any, in_clause, word)
            if len(scope) == 1:
                placed = _occurrence(draft, scope[0], None)
                draft.occurrences[-1].pronoun = True  # (R15) said by a pronoun, not a name
                return f" {placed} "
            labels = tuple(draft.entities[k].label for k in scope)
            draft.occurrences.append(Occurrence(None, candidates=labels))
            return f" @{len(draft.occurrences) - 1} "

        resolved = _PRONOUN.sub(place, sentence)
        previous_text.append(resolved)
        final: list[str] = []
        final_any: list[str] = []
        _collect_heads(resolved, draft, final, final_any)
        # (R7) a sentence that names things only after a word ("I cast Disfigure on the
        # Elves"): what it named is what a pronoun in the next one means, not the sentence before
        previous = _distinct(final) or _distinct(final_any) or previous
        previous_any = _distinct(final_any) or previous_any
        if final:
            history.append(_distinct(final))
        resolved = re.sub(r"(@\d+)\s*'(?:s\b|(?!\w))", r"\1", resolved)  # "the elves' p/t"
        resolved = _one_of_several(resolved, draft)  # (V1) "three Elves, one of them ..."
        resolved = _EVERY_ONE_OF.sub(lambda m: _every_one_of(m, draft), resolved)  # (S4)
        before_this = previous_text[-2] if len(previous_text) > 1 else ""
        _bare_one(resolved, draft, before_this)  # (S4) "I have two Elves. One came in."
        # "one of them"; "how big is each of them" (R5)
        resolved = re.sub(r"\b(?:one|either|each|both) of\s+(@\d+)", r"\1", resolved)
        out.append(re.sub(r"\s*[()\[\]]\s*", " , ", resolved))  # "(just cast)" -> ", just cast ,"
    return out


# (S4) a pronoun that a player's spell, pump or counter is put on: "I cast Giant Growth on it",
# "they Shock it", "I give it +3/+3", "my opponent casts X targeting it"
_ACTED_ON = re.compile(
    r"\b(?:cast|casts|casting|put|puts|putting|pump|pumps|pumped|give|gives|gave|target|targets"
    r"|targeting|@\d+)\b[^.?!]*?\b(?:on|onto|at|targeting|targets?|pumps?|pumped|gives?|gave)\s*$"
)


def _acted_on(clause: str, draft: Draft) -> bool:
    """(S4) The pronoun that ends ``clause`` is what a player's spell, pump or counter is put
    on ("I cast Giant Growth on it", "they Shock it": the spell said as a verb)."""
    spell = re.search(r"@(\d+)\s*$", clause)
    if spell:
        occ = draft.occurrences[int(spell.group(1))]
        return occ.entity is not None and draft.entities[occ.entity].is_spell
    return _ACTED_ON.search(clause) is not None


# (S4) a sentence of combat ("X blocks Y", "attacks"), and a pronoun that a state is said of
_IN_COMBAT = re.compile(r"\b(?:block|blocks|blocked|blocking|attack|attacks|attacked|attacking)\b")
_STATE_AFTER = re.compile(r"\s*(?:has|had|is|was|got|gets|came|entered|still)\b")


def _other_creature_named(
    draft: Draft, key: str, near: list[str], in_clause: set[str], word: str
) -> None:
    """(S4) "My Lions blocks their Bears. I cast Giant Growth on it": the pronoun is read as
    the sentence before's subject, but a player may pump, burn or put a counter on either
    creature it named (the pump went to the Lions and "No, survives" was verified); with
    another creature named there, the reading is a guess. So is a state said of "it" after a
    sentence where two creatures fight ("Their Bears blocks it. It has a +1/+1 counter.")."""
    others = [
        draft.entities[k].label
        for k in _distinct(near)
        if k != key and k not in in_clause and _is_creature_card(draft.entities[k])
    ]
    if others and _is_creature_card(draft.entities[key]):
        label = draft.entities[key].label
        draft.doubt("guessed_pronoun", f"'{word}' as {label} (not {' or '.join(others)})")


# (S4) a bare "one" as the subject: "... two Elves. Just one is tapped", "and only one has"
_BARE_ONE = re.compile(
    r"(?:^|[,;:]|\band\b|\bbut\b)\s*(?:only\s+|just\s+)?one\s+"
    r"(?=(?:is|was|has|had|came|comes|entered|enters|got|gets|goes|went|did|does|can|will)\b)"
)


def _bare_one(sentence: str, draft: Draft, before: str = "") -> None:
    """(S4) "I have two Llanowar Elves. One came in this turn": a bare "one" said of one copy
    of a group reads the fact on the whole group (both new: "No" verified, while the other can
    tap; "just one is tapped" made "0 mana"); unlike "one of them" (V1), no copy is split off,
    so the answer is never verified. After two creatures ("I attack with Hill Giant and
    Savannah Lions; one is blocked by Wall of Stone") it is one of them by a guess."""
    one = _BARE_ONE.search(sentence)
    if "?" in sentence or _QUESTION_OPENS.match(sentence) or one is None:
        return
    groups = [o for o in draft.occurrences if o.entity and (o.hints.count or 1) > 1]
    if groups:
        draft.doubt("one_of_several", draft.entities[str(groups[-1].entity)].label)
        return
    named: list[str] = []
    _collect_heads(f"{before} {sentence[: one.start()]}", draft, [], named)
    creatures = [
        draft.entities[k].label for k in _distinct(named) if _is_creature_card(draft.entities[k])
    ]
    if len(creatures) > 1:
        draft.doubt("guessed_pronoun", f"'one' as one of {' or '.join(creatures)}")


# (S4) "both of my Bears", "each of their Lions", "all of my Elves": several copies
_EVERY_ONE_OF = re.compile(r"\b(?:each|both|all)\s+of\s+(@\d+)")


def _every_one_of(m: re.Match[str], draft: Draft) -> str:
    """(S4) "I attack with both of my Grizzly Bears": several copies of a card whose number
    the message never said is read as one object (so "takes 2" for two attackers, 510.1a), so
    the answer is never verified. "I have two Bears ... both of them" said the number."""
    occ = draft.occurrence(m.group(1))
    if occ is not None and occ.entity is not None and draft.entities[occ.entity].card:
        counts = [o.hints.count or 1 for o in draft.occurrences if o.entity == occ.entity]
        if max(counts) == 1:
            draft.doubt("unsaid_count", draft.entities[occ.entity].label)
    return m.group(0)


# (S4) names in one list: "X, Y and X", "X and X"
_LISTED = re.compile(r"@\d+(?:\s*(?:,|\band\b|&|\+)\s*(?:and\s+)?@\d+)+")


def named_twice_in_a_list(low: str, draft: Draft) -> None:
    """(S4) "I attack with Grizzly Bears, Savannah Lions and Grizzly Bears": a card named twice
    in one list is two objects, but the reading makes one of it ("another X" is not a bare
    list), so the number is a guess ("takes 4" for three attackers was verified). Read on the
    names as marked, before pronouns and short names become placeholders too."""
    for chain in _LISTED.finditer(low):
        seen: set[str] = set()
        for token in re.findall(r"@\d+", chain.group(0)):
            occ = draft.occurrence(token)
            if occ is None or occ.entity is None:
                continue
            if occ.entity in seen:
                draft.doubt("unsaid_count", draft.entities[occ.entity].label)
            seen.add(occ.entity)


# (S2) a sentence that adds a thing to the board in passing: "I also control X", "X too"
_ADDED_ASIDE = re.compile(
    r"\b(?:also|too|as well)\b"
    # "My opponent controls Serra Angel." after "I control Grizzly Bears": a board listed one
    # player at a time names the other player's thing without making it the topic
    r"|^\W*(?:my opponent|the opponent|opp\w*|they|he|she)\s+(?:controls?|has|have|got)"
    r"\s+@\d+\W*$"
)
_QUESTION_OPENS = re.compile(r"^\W*(?:can|could|does|do|is|are|will|would|what|how|which)\b")
_ONE_OF = re.compile(r"(@\d+)(\s*,?\s*)one of (?:which|whom)\b|\bone of\s+(?:the\s+)?(@\d+)")


def _one_of_several(sentence: str, draft: Draft) -> str:
    """(V1) "I have three Llanowar Elves, one of them came in this turn": what is said of one of
    several copies is said of one object, not of all of them; it becomes a copy of its own and
    the group one fewer (the rest keep what else is said of them). Whose it is and how the
    sentence's grammar reads it ("I control two Bears and one of them is tapped") rest on the
    group's, so the answer is never verified. A question's "can one of the Soldiers attack"
    asks of any one of them, alike: the group is kept."""
    if "?" in sentence or _QUESTION_OPENS.match(sentence):
        return sentence

    def split(m: re.Match[str]) -> str:
        token = m.group(1) or m.group(3)
        occ = draft.occurrence(token)
        if occ is None or occ.entity is None:
            return m.group(0)
        group = [
            o for o in draft.occurrences if o.entity == occ.entity and (o.hints.count or 1) > 1
        ]
        if len(group) != 1 or (occ is group[0] and m.group(3)):
            return m.group(0)  # no one group of several (or "one of two Elves": the group itself)
        group[0].hints.count = (group[0].hints.count or 2) - 1
        draft.occurrences.append(
            Occurrence(occ.entity, Hints(owner=group[0].hints.owner, new=True))
        )
        one = f"@{len(draft.occurrences) - 1}"
        draft.doubt("one_of_several", draft.entities[occ.entity].label)
        return f"{m.group(1)}{m.group(2)}{one}" if m.group(1) else one

    return _ONE_OF.sub(split, sentence)


# "... I cast @1 and had it": the pronoun is the thing the clause before it just named
_JUST_NAMED = re.compile(
    r"@(\d+)\s*,?\s*(?:and|then)\s+(?:i\s+|we\s+)?(?:had|made|let|have|make|get|got)\s*$"
)
# the pronoun's clause has the player as its subject ("the turn I cast it", "if we play it")
_I_DID = re.compile(r"\b(?:i|we)\s+(?:just\s+|already\s+|first\s+)?[a-z']+\s*$")
_ASKED_SUBJECT = re.compile(r"@\d+\s+(?:is|are|does|do|did|can|could|will|would|was)\s*$")
# what only a creature has or does, said of the pronoun ("its power", "can it attack")
_ASKS_OF_A_CREATURE = re.compile(
    r"¦\s*(?:power|toughness|p/t|stats|size)\b|\b(?:can|could|will)\s*¦\s*(?:still\s+)?"
    r"(?:attack|block|swing)\b|\bhow big is\s*¦|\battack with\s*¦|\bblock with\s*¦"
    # (R16) "what's it at" (its size), "does it die / survive": only a creature's (208.1; a
    # land or an Aura doesn't die of damage, 704.5g)
    r"|\bwhat(?:'s|s| is)\s*¦\s*at\b|\b(?:does|did|will|would)\s*¦\s*(?:still\s+)?(?:die|survive)\b"
)
# (R16) "can I tap it for mana": only a permanent with a {T} mana ability (605.1a), not the
# Fervor or Aura named beside it
_ASKS_FOR_ITS_MANA = re.compile(r"\btap\s*¦\s*for\s+(?:mana|\{|[wubrgc]\b)")
_MAKES_MANA = re.compile(r"\{T\}[^.:]*:\s*Add\b")
# (R20) "can I tap it", "could we activate it": the asker taps or activates it (602.2)
_ASKS_TO_TAP = re.compile(r"\b(?:i|we)\s+(?:still\s+)?(?:tap|activate)\s*¦")


def _askers_tapper(draft: Draft, key: str) -> bool:
    """(R20) A thing the asker may tap for an ability: not said to be another player's, and
    with {T} in its own text (a land's basic mana ability counts; a card whose text the reader
    doesn't have may have one, and so may a copy of another card: Vizier of Many Faces, 707.2)."""
    if any(o.hints.owner == "P2" for o in draft.occurrences if o.entity == key):
        return False
    entity = draft.entities[key]
    if entity.token is not None:
        return "{T}" in str(entity.token)
    text = entity.text
    return (
        text is None
        or "{T}" in text.oracle_text
        or "Land" in text.type_line
        or re.search(r"\bcopy\b", text.oracle_text) is not None
    )


_ATTACKER = re.compile(
    r"(@\d+)\s+(?:is\s+|are\s+|was\s+)?(?:attacking|attacks|attacked|swings|swinging|swung)"
    r"|(?:attacks?|attacking|attacked|swings?|swinging|swung|sends?|sent)\s+(?:me\s+|us\s+|in\s+)?"
    r"(?:with\s+|w\s+)?(@\d+)"
)


# (R16) several attackers said as the subject of a plural verb: "their Angel and Dragon attack
# me", "@1, @2 and @3 swing"
_ATTACKERS_LISTED = re.compile(
    r"((?:@\d+\s*(?:,|and|&|\+)\s*(?:(?:my|their|his|her|opp'?s)\s+)?)+@\d+)\s+(?:both\s+|all\s+)?"
    r"(?:attack|swing|are attacking|are swinging|attacked|swung)\b"
)


def _attackers(sentence: str, previous_text: list[str], draft: Draft) -> set[str]:
    found: set[str] = set()
    for text in [*previous_text, sentence]:
        said = [m.group(1) or m.group(2) for m in _ATTACKER.finditer(text)]
        said += [t for m in _ATTACKERS_LISTED.finditer(text) for t in re.findall(r"@\d+", m[1])]
        for token in said:
            occ = draft.occurrence(token)
            if occ is not None and occ.entity:
                found.add(occ.entity)
    return found


def _makes_mana(entity: Entity) -> bool:
    """(R16) A card with a {T} mana ability in its own text (a basic land's is reminder text),
    or one that may be a copy of one (Vizier of Many Faces: what it copies, 707.2)."""
    text = entity.text
    return text is None or (
        _MAKES_MANA.search(text.oracle_text) is not None
        or "Land" in text.type_line
        or re.search(r"\bcopy\b", text.oracle_text) is not None
    )


def _is_creature_card(entity: Entity) -> bool:
    if entity.token is not None:
        return "Creature" in entity.token.get("types", ["Creature"])
    return entity.text is not None and "Creature" in entity.text.type_line


def _collect_heads(text: str, draft: Draft, heads: list[str], named: list[str]) -> None:
    heads.clear()
    for m in re.finditer(r"@(\d+)", text):
        occ = draft.occurrences[int(m.group(1))]
        occ.head = not _depends(text[: m.start()])
        entity = draft.entities.get(occ.entity) if occ.entity else None
        spell = (
            entity is not None
            and entity.text is not None
            and (re.search(r"\b(?:Instant|Sorcery)\b", entity.text.type_line) is not None)
        )
        if occ.entity and occ.head and not spell:
            heads.append(occ.entity)
        if occ.entity and not spell:
            named.append(occ.entity)


def _distinct(keys: list[str]) -> list[str]:
    return list(dict.fromkeys(keys))


def _plural(draft: Draft, key: str) -> bool:
    return any((o.hints.count or 1) > 1 for o in draft.occurrences if o.entity == key)


def owner_words(word: str) -> str:
    return player_of(word)
