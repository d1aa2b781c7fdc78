"""The Oracle compiler: a card's Oracle text to the ability vocabulary (``engine.abilities``).

``compile_card(card_text) -> CardDefinition``. Text is normalised once (``text.normalise``:
self-references become ``~``, reminder text dropped), split into paragraphs, ability words
dropped (207.2c), and each paragraph is read by one sub-grammar, split by clause kind:

- ``keywords``  keyword lines (702) and keywords that are activated abilities (crew, equip, ...)
- ``costs``     costs (602.1, 118)
- ``mana``      mana production (106, 605)
- ``activated`` "cost: effect" abilities and mana abilities (602, 605.1a)
- ``triggers``  triggered abilities and mana triggers (603, 605.1b)
- ``statics``   static abilities (604, 613)
- ``selectors`` targets, target filters, selectors, counted phrases (115, 604.3)
- ``tokens``    tokens and copy exceptions (111, 707.9)
- ``effects``   one effect sentence (spells and abilities)
- ``card``      a whole card: paragraphs, modes (700.2), hand-written definitions

A paragraph no template reads exactly becomes ``Unsupported`` — never a partial guess — with a
diagnosis of the part not understood. ``examples`` holds each template's (text → ability)
examples, run by tests/engine/test_engine_oracle_examples.py.
"""

from engine.oracle.card import CardDefinition, compile_all_faces, compile_card
from engine.oracle.effects import parse_effects
from engine.oracle.text import normalise
from engine.oracle.tokens import parse_exceptions

__all__ = [
    "CardDefinition",
    "compile_all_faces",
    "compile_card",
    "normalise",
    "parse_effects",
    "parse_exceptions",
]
