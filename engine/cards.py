"""Card definitions as the engine sees them, and the interface that supplies them.

The engine owns this interface; the bot layer adapts the knowledge base to it and tests pass
inline definitions. No I/O happens here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from rapidfuzz import process


@dataclass(frozen=True)
class CardText:
    """One card's Oracle text. For multi-faced cards the top-level fields describe the front face
    and ``faces`` holds every face (front first)."""

    name: str
    mana_cost: str = ""
    type_line: str = ""
    oracle_text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    faces: tuple[CardText, ...] = ()
    # the printed colors when the data gives them (mana cost and color indicator, 202.2e);
    # None: from the mana cost alone
    colors: tuple[str, ...] | None = None
    # Scryfall's layout ("split", "transform", "modal_dfc", "meld", ...); "" when not given
    layout: str = ""

    def face(self, index: int) -> CardText:
        if not self.faces:
            return self
        return self.faces[min(index, len(self.faces) - 1)]


class CardSource(Protocol):
    def get(self, name: str) -> CardText | None: ...

    def suggest(self, name: str) -> list[str]: ...


class DictCardSource:
    """Cards from a mapping (inline ``cards:`` in a board file, tests). Lookup is case-insensitive
    and also finds a card by its front face name."""

    def __init__(self, cards: Iterable[CardText]) -> None:
        self._by_key: dict[str, CardText] = {}
        for card in cards:
            self._by_key[card.name.casefold()] = card
            front = card.name.split(" // ")[0]
            self._by_key.setdefault(front.casefold(), card)

    def get(self, name: str) -> CardText | None:
        return self._by_key.get(name.casefold())

    def suggest(self, name: str) -> list[str]:
        found = process.extract(name.casefold(), list(self._by_key), limit=3, score_cutoff=60)
        return [self._by_key[key].name for key, _score, _i in found]


class LayeredCardSource:
    """Try each source in order (inline cards first, then the knowledge base)."""

    def __init__(self, *sources: CardSource) -> None:
        self._sources = sources

    def get(self, name: str) -> CardText | None:
        for source in self._sources:
            card = source.get(name)
            if card is not None:
                return card
        return None

    def suggest(self, name: str) -> list[str]:
        out: list[str] = []
        for source in self._sources:
            for s in source.suggest(name):
                if s not in out:
                    out.append(s)
        return out[:3]


def card_from_mapping(name: str, data: Mapping[str, object]) -> CardText:
    """Build a CardText from a plain mapping (board files, Scryfall-shaped dicts)."""

    def text(key: str) -> str | None:
        value = data.get(key)
        return None if value is None else str(value)

    power, toughness = text("power"), text("toughness")
    pt = text("pt")
    if pt and "/" in pt:
        power, toughness = (s.strip() for s in pt.split("/", 1))
    mana_cost = text("mana_cost") or ""
    if mana_cost.strip().lower() == "none":
        mana_cost = ""
    faces: list[CardText] = []
    raw_faces = data.get("card_faces") or data.get("faces")
    back = data.get("back_face")
    front = CardText(
        name=str(data.get("name") or name).split(" // ")[0],
        mana_cost=mana_cost,
        type_line=text("type_line") or "",
        oracle_text=text("oracle_text") or "",
        power=power,
        toughness=toughness,
        loyalty=text("loyalty"),
        colors=_printed_colors(data),
    )
    layout = text("layout") or ""
    if isinstance(raw_faces, list) and raw_faces:
        faces = [card_from_mapping(str(f.get("name", name)), f) for f in raw_faces]
        return _with_front(str(data.get("name") or name), faces[0], tuple(faces), layout)
    if isinstance(back, Mapping):
        back_card = card_from_mapping(str(back.get("name", "")), back)
        return _with_front(name, front, (front, back_card), layout)
    return _with_front(name, front, (), layout)


def _printed_colors(data: Mapping[str, object]) -> tuple[str, ...] | None:
    """A face's colors as the data states them: Scryfall's ``color_indicator`` (202.2e) or a
    face's ``colors``. None when the data gives neither (then the mana cost decides)."""
    for key in ("color_indicator", "colors"):
        value = data.get(key)
        if isinstance(value, list | tuple) and all(isinstance(c, str) for c in value):
            return tuple(str(c) for c in value)
    return None


def _with_front(
    name: str, front: CardText, faces: tuple[CardText, ...], layout: str = ""
) -> CardText:
    """A card named ``name`` carrying its front face's values, with ``faces`` listed."""
    return CardText(
        name=name,
        mana_cost=front.mana_cost,
        type_line=front.type_line,
        oracle_text=front.oracle_text,
        power=front.power,
        toughness=front.toughness,
        loyalty=front.loyalty,
        faces=faces,
        colors=front.colors,
        layout=layout,
    )
