"""The words the reader and the engine share, as types.

Question kinds are the engine's own (``engine.questions.KINDS``); a test checks every kind the
reader can build is one the engine answers, and every doubt has a sentence to say it with.
"""

from __future__ import annotations

from typing import Literal, get_args

# the engine's own vocabularies, re-exported for the reader's modules
from engine.abilities import COLOR_LETTERS as COLOR_LETTERS
from engine.board import STEPS as STEPS
from engine.board import Step as Step

# The engine's question kinds the reader builds (engine.questions.KINDS, docs/board-spec.md).
QuestionKind = Literal[
    "characteristics",
    "can_activate",
    "mana",
    "can_attack",
    "can_block",
    "combat_damage",
    "after_sba",
    "tokens",
    "spell",  # "if I Bolt their Goyf, does it die?": the engine resolves the spell (608.2)
]
QUESTION_KINDS: tuple[QuestionKind, ...] = get_args(QuestionKind)

# What part of the answer the player asked about (how the short answer is phrased).
Focus = Literal[
    "power_toughness",
    "power",
    "toughness",
    "mana_value",
    "colors",
    "types",
    "name",
    "is_token",
    "summoning_sick",
    "keyword",
    "everything",
    "can",  # a yes/no question: can it ...
    "produces",  # can it make {U}?
    "mana",  # what mana can it make
    "amount",  # how much mana
    "combat",  # how much damage, life totals
    "dies",  # does it die / what dies
    "survives",  # does it survive
    "fate",  # (R7) what happens to it (in combat): dies or survives, no Yes/No
    "pt_check",  # is it a 2/3?
    "combat_check",  # does my opponent take 2?
    "legend_rule",  # does the legend rule apply?
    "tokens",
    "after_sba",
    "counters_left",  # (R5) how many +1/+1 counters are left after state-based actions
    "token_attribute",  # (R11) the P/T, colour or mana value of a token the ability makes
    "deals_damage",  # (R11) does X deal combat damage to Y (hit it back)?
    "loyalty_left",  # (R17) a planeswalker's loyalty after combat damage
]
FOCUSES: tuple[Focus, ...] = get_args(Focus)

# Why a reading is not trusted. Each has a sentence in engine/reader/echo.py (DOUBT_TEXT).
Doubt = Literal[
    "unknown_card",
    "unsure_card",
    "contradiction",
    "two_questions",
    "ambiguous_pronoun",
    "unread_text",
    "assumed_timing",
    "no_question",
    "unsupported_question",
    "too_long",
    "too_many_objects",
    "several_boards",
    "which_ability",
    "assumed_owner",
    "guessed_pronoun",
    "loose_question",  # (R10) the question was read from its content words, not a shape
    "loose_reading",  # (R9) a fact read from words the grammar left, by the fact words alone
    "assumed_turn",  # (S2) whose turn it is was inferred from turn numbers, not said
    "stack_order",  # (V1) a response resolves first; the spell it answered is still on the stack
    "not_now",  # (V1) said under "if I ..." or of another game: not on the board now
    "one_of_several",  # (V1) "three Elves, one of them ...": said of one copy of a group
    "no_attacker",  # (lead) "can my bears block?" with no attacker said: what it would block
    "unsaid_count",  # (S4) "both of my Bears" with no number said: read as one copy
    "past_state",  # (S4) "it used to be tapped": a state said of the past, read as now
    "which_copy",  # (S4) two objects of one card, the question names the card: which one
    "intended",  # (S4) "I was about to cast X on it": a plan that may not have happened
    "excepted",  # (S4) "all but one are tapped": said of a group but some, read of all
    "negated",  # (S5) "I never cast X on it": a negation the rule that read the fact left out
    "corrected",  # (S5) "Sorry, three.": a sentence correcting what was said before
    "earlier_turn",  # (S5) "Giant Growth on it last turn": an effect that ended (514.2) read now
]
DOUBTS: tuple[Doubt, ...] = get_args(Doubt)

Player = Literal["P1", "P2"]
Zone = Literal["battlefield", "graveyard", "hand", "exile", "stack"]
ZONES: tuple[Zone, ...] = get_args(Zone)


MANA_LETTERS = {**COLOR_LETTERS, "colorless": "C"}

# Bounds on what one message may hold (bad input: bounded time and memory).
MAX_TEXT = 4000  # characters read; a longer message is refused as a board
MAX_OBJECTS = 60  # distinct things named; more is not a chat message about one board
MAX_COUNT = 500  # the engine's own limit on objects per board (engine.board.MAX_OBJECTS)
MAX_UNREAD_WORDS = 6  # more words not read than this: not a board description, leave to retrieval
MAX_LOOSE_WORDS = 12  # (R10) a question sentence read loosely has at most this many words
MAX_NUMBER = 100  # counters, damage, X: a bigger number is read but doubted
