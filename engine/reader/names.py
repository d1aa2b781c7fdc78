"""Card names come in through a small protocol that the knowledge base implements."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.cards import CardText


@dataclass(frozen=True)
class CardMention:
    """A span of the message (character offsets, end exclusive) that names one card."""

    name: str  # the card's full name, resolved
    start: int
    end: int
    certain: bool = True  # False: a guess (a partial name, an ordinary word, a typo)
    candidates: tuple[str, ...] = ()  # other cards the span could mean


class CardNames(Protocol):
    """Finds the cards a text mentions, and gives a card's Oracle text."""

    def find(self, text: str) -> Sequence[CardMention]: ...

    def card(self, name: str) -> CardText | None: ...
