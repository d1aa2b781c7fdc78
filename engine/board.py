"""The board spec: a concrete game state as plain dataclasses, and a loader from dicts.

``load_board(data, cards, lines=None)`` validates a mapping (parsed from YAML/JSON by the caller)
and returns a ``Board``. Every problem raises ``BoardError`` naming the field path (and the line,
when the caller passes a ``lines`` lookup). See docs/board-spec.md for the format.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from engine.abilities import COLOR_LETTERS, COLORS
from engine.cards import CardSource, CardText
from engine.predefined import PREDEFINED, predefined

MAX_OBJECTS = 500
PLAYERS = ("P1", "P2")
# the steps of a turn a board can be in (500.1)
Step = Literal[
    "untap",
    "upkeep",
    "draw",
    "precombat_main",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
    "postcombat_main",
    "end",
    "cleanup",
]
STEPS: tuple[Step, ...] = get_args(Step)

EVENT_KINDS = ("cast", "entered", "activated", "resolved", "left_battlefield", "note")

Path = tuple[str | int, ...]
LineLookup = Callable[[Path], int | None]


class BoardError(ValueError):
    def __init__(self, path: Path, message: str, line: int | None = None) -> None:
        self.path = path
        self.message = message
        self.line = line
        super().__init__(self.describe())

    def describe(self) -> str:
        where = path_text(self.path) or "(top level)"
        at = f" (line {self.line})" if self.line else ""
        return f"{where}{at}: {self.message}"


def path_text(path: Path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


@dataclass(frozen=True)
class TokenDef:
    """A token: defined values (111.3) or a copy of something (707.2) with exceptions."""

    name: str | None = None
    colors: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    oracle_text: str = ""
    copy_of: str | None = None  # an object id
    copy_of_card: str | None = None  # a card name (e.g. the embalmed card, now exiled)
    via: str = "effect"  # "embalm", "eternalize", "effect", "ability"
    exceptions: Mapping[str, Any] = field(default_factory=dict)
    created_by_card: str | None = None  # a card whose token-making ability defines it
    created_by_ability: int | None = None
    predefined: str | None = None  # E6 (s14): a 111.10 token's name, lowercase ("treasure")


@dataclass(frozen=True)
class CopyEffectSpec:
    copies: str | None  # object id
    copies_card: str | None  # or a card name
    via: str  # "enter_as_copy" (the object's own replacement), "effect"
    timestamp: int
    exceptions: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class GameObject:
    id: str
    zone: str  # "battlefield", "graveyard", "exile", "hand"
    owner: str
    controller: str
    card: CardText | None = None
    token: TokenDef | None = None
    face: int = 0
    face_given: bool = False  # the board said which face (or split half, 709.3)
    since_turn_start: bool = True  # 302.6: under control since controller's most recent turn began
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    counters_given: bool = False
    damage: int = 0
    deathtouch_damage: bool = False
    attached_to: str | None = None
    copy_effects: list[CopyEffectSpec] = field(default_factory=list)
    cast_x: int | None = None  # X chosen when this was cast (107.3m); None: not cast
    chosen: dict[str, str] = field(default_factory=dict)
    timestamp: int = 0
    attacking: str | None = None
    blocked_by: list[str] = field(default_factory=list)
    blocking: list[str] = field(default_factory=list)
    entering: bool = False
    # 509.1h: an attacker with blockers declared is a blocked creature until it leaves combat,
    # even if every blocker is gone (506.4)
    blocked: bool = False
    paired_with: str | None = None  # E1: soulbond pairing (702.95), both ways

    @property
    def is_token(self) -> bool:
        return self.token is not None


@dataclass(frozen=True)
class ContinuingEffect:
    """A continuous effect from a resolved spell or ability (611.2), with its timestamp."""

    source: str | None
    text: str
    ability_index: int | None
    targets: tuple[str, ...]
    timestamp: int
    duration: str = "end_of_turn"
    # E2 (s10): choices made as it resolved ("the color of your choice", 608.2d): {color: R}
    chosen: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Event:
    kind: str
    object: str | None
    details: Mapping[str, Any]


#: the zones a player entry can state; one left out is unknown to the engine, not empty
DESCRIBED_ZONES = ("hand", "graveyard", "exile")


@dataclass
class PlayerState:
    name: str
    life: int = 20
    hand_count: int = 0
    hand: list[str] = field(default_factory=list)
    library: int = 40
    mana_pool: str = ""
    poison: int = 0
    # the zones the board states ("hand", "graveyard", "exile"): a zone it doesn't state is
    # unknown, not empty, so a count over it makes an answer unverified
    described: frozenset[str] = frozenset()


@dataclass
class Board:
    active: str
    turn_number: int
    step: str
    players: dict[str, PlayerState]
    objects: dict[str, GameObject]
    effects: list[ContinuingEffect]
    history: list[Event]
    card_source: CardSource

    def opponent(self, player: str) -> str:
        return "P2" if player == "P1" else "P1"

    def in_zone(self, zone: str) -> list[GameObject]:
        return [o for o in self.objects.values() if o.zone == zone]

    def battlefield(self) -> list[GameObject]:
        return self.in_zone("battlefield")


# --- loader -----------------------------------------------------------------------------------


class _Loader:
    def __init__(self, cards: CardSource, lines: LineLookup | None) -> None:
        self.cards = cards
        self.lines = lines
        self.next_ts = 1
        self.paths: dict[str, Path] = {}

    def fail(self, path: Path, message: str) -> BoardError:
        line = self.lines(path) if self.lines else None
        return BoardError(path, message, line)

    def mapping(self, value: Any, path: Path) -> Mapping[str, Any]:
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise self.fail(path, f"expected a mapping, got {type(value).__name__}")
        return value

    def seq(self, value: Any, path: Path) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {type(value).__name__}")
        return value

    def integer(self, value: Any, path: Path, lo: int = 0, hi: int = 10**6) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, f"expected a whole number, got {value!r}")
        if not lo <= value <= hi:
            raise self.fail(path, f"{value} is out of range ({lo}..{hi})")
        return value

    def player(self, value: Any, path: Path) -> str:
        if value not in PLAYERS:
            raise self.fail(path, f"unknown player {value!r} (use P1 or P2)")
        return str(value)

    def check_keys(self, data: Mapping[str, Any], allowed: set[str], path: Path) -> None:
        for key in data:
            if key not in allowed:
                raise self.fail(
                    (*path, key), f"unknown field (allowed: {', '.join(sorted(allowed))})"
                )

    def card(self, name: Any, path: Path) -> CardText:
        if not isinstance(name, str) or not name.strip():
            raise self.fail(path, "expected a card name")
        card = self.cards.get(name.strip())
        if card is None:
            hint = self.cards.suggest(name.strip())
            more = f"; did you mean {' or '.join(repr(h) for h in hint)}?" if hint else ""
            raise self.fail(path, f"unknown card {name!r}{more}")
        return card

    def stamp(self, explicit: Any, path: Path) -> int:
        if explicit is None:
            self.next_ts += 1
            return self.next_ts
        ts = self.integer(explicit, path, 0, 10**6)
        self.next_ts = max(self.next_ts, ts)
        return ts


OBJECT_FIELDS = {
    "id",
    "card",
    "token",
    "controller",
    "owner",
    "since",
    "tapped",
    "face",
    "counters",
    "damage",
    "deathtouch_damage",
    "attached_to",
    "count",
    "copy_effects",
    "cast",
    "chosen",
    "timestamp",
    "attacking",
    "blocked_by",
    "blocking",
    "entering",
    "paired_with",  # E1: soulbond (702.95)
    "note",
}


def _load_token(ld: _Loader, raw: Any, path: Path) -> TokenDef:
    data = ld.mapping(raw, path)
    ld.check_keys(
        data,
        {
            "name",
            "colors",
            "supertypes",
            "types",
            "subtypes",
            "power",
            "toughness",
            "text",
            "copy_of",
            "via",
            "exceptions",
            "created_by",
            "ability",
            "predefined",
            "note",
        },
        path,
    )
    if "predefined" in data:
        return _load_predefined(ld, data, path)
    colors = tuple(
        _color(ld, c, (*path, "colors", i))
        for i, c in enumerate(ld.seq(data.get("colors"), (*path, "colors")))
    )
    copy_of = data.get("copy_of")
    copy_id: str | None = None
    copy_card: str | None = None
    if isinstance(copy_of, Mapping):
        copy_card = ld.card(copy_of.get("card"), (*path, "copy_of", "card")).name
    elif copy_of is not None:
        copy_id = str(copy_of)
    created_by = data.get("created_by")
    created_card = ld.card(created_by, (*path, "created_by")).name if created_by else None
    via = str(data.get("via", "effect"))
    if via not in ("embalm", "eternalize", "effect", "ability"):
        raise ld.fail((*path, "via"), "expected embalm, eternalize, effect or ability")
    if copy_of is None and created_by is None and not data.get("types"):
        raise ld.fail(path, "a token needs types (defined values), copy_of, or created_by")
    power = data.get("power")
    toughness = data.get("toughness")
    return TokenDef(
        name=data.get("name"),
        colors=colors,
        supertypes=tuple(ld.seq(data.get("supertypes"), (*path, "supertypes"))),
        types=tuple(ld.seq(data.get("types"), (*path, "types"))),
        subtypes=tuple(ld.seq(data.get("subtypes"), (*path, "subtypes"))),
        power=None if power is None else ld.integer(power, (*path, "power"), -100, 1000),
        toughness=None
        if toughness is None
        else ld.integer(toughness, (*path, "toughness"), -100, 1000),
        oracle_text=str(data.get("text") or ""),
        copy_of=copy_id,
        copy_of_card=copy_card,
        via=via,
        exceptions=ld.mapping(data.get("exceptions"), (*path, "exceptions")),
        created_by_card=created_card,
        created_by_ability=(
            None
            if data.get("ability") is None
            else ld.integer(data.get("ability"), (*path, "ability"), 1, 20)
        ),
    )


def _load_predefined(ld: _Loader, data: Mapping[str, Any], path: Path) -> TokenDef:
    """E6 (s14): ``token: {predefined: Treasure}`` is 111.10's token of that name; a token an
    effect modified or added to (111.10) gives its defined values instead."""
    entry = predefined(str(data["predefined"]))
    if entry is None:
        names = ", ".join(sorted(PREDEFINED))
        raise ld.fail((*path, "predefined"), f"not a predefined token of 111.10 ({names})")
    others = sorted(set(data) - {"predefined", "note"})
    if others:
        raise ld.fail(
            path,
            f"a predefined token is what 111.10 says; give its defined values instead of "
            f"predefined to change it ({', '.join(others)})",
        )
    return TokenDef(predefined=str(data["predefined"]).strip().lower().removesuffix(" token"))


def _color(ld: _Loader, value: Any, path: Path) -> str:
    if isinstance(value, str):
        if value.upper() in COLORS:
            return value.upper()
        if value.lower() in COLOR_LETTERS:
            return COLOR_LETTERS[value.lower()]
    raise ld.fail(path, f"unknown color {value!r}")


def _card_or_token(
    ld: _Loader, data: Mapping[str, Any], path: Path
) -> tuple[CardText | None, TokenDef | None]:
    if "card" in data and "token" in data:
        raise ld.fail(path, "give either card or token, not both")
    if "card" in data:
        return ld.card(data["card"], (*path, "card")), None
    if "token" in data:
        return None, _load_token(ld, data["token"], (*path, "token"))
    raise ld.fail(path, "an object needs card or token")


def _face_up(ld: _Loader, raw: Any, path: Path, card: CardText | None) -> int:
    """0 for the front face, 1 for the back face of a double-faced card (712)."""
    face = {"front": 0, "back": 1}.get(raw, raw) if isinstance(raw, str) else raw
    face = ld.integer(face, path, 0, 1)
    if face and (card is None or len(card.faces) < 2):
        raise ld.fail(path, "only a double-faced card has a back face")
    return face


def _combat(
    ld: _Loader, data: Mapping[str, Any], path: Path, zone: str
) -> tuple[str | None, list[str], list[str]]:
    """What an object attacks, is blocked by and blocks: only permanents take part (506.4)."""
    blocked_by = [str(b) for b in ld.seq(data.get("blocked_by"), (*path, "blocked_by"))]
    blocking_raw = data.get("blocking")
    if isinstance(blocking_raw, list):
        blocking = [str(b) for b in blocking_raw]
    else:
        blocking = [str(blocking_raw)] if blocking_raw else []
    attacking = data.get("attacking")
    if zone != "battlefield" and (attacking or blocking or blocked_by or data.get("tapped")):
        raise ld.fail(path, f"an object in the {zone} can't be tapped, attacking or blocking")
    return (None if attacking is None else str(attacking)), blocked_by, blocking


def _load_object(
    ld: _Loader, raw: Any, path: Path, zone: str, default_player: str | None
) -> list[GameObject]:
    if isinstance(raw, str) and zone != "battlefield":
        raw = {"card": raw}
    data = ld.mapping(raw, path)
    ld.check_keys(data, OBJECT_FIELDS, path)
    card, token = _card_or_token(ld, data, path)
    if data.get("controller", default_player) is None:
        raise ld.fail(path, "controller is required (P1 or P2)")
    controller = ld.player(data.get("controller", default_player), (*path, "controller"))
    owner = ld.player(data.get("owner", controller), (*path, "owner"))
    count = ld.integer(data.get("count", 1), (*path, "count"), 1, MAX_OBJECTS)
    base_id = data.get("id")
    if base_id is None:
        base_id = re.sub(r"\W+", "_", (card.name if card else "token").lower()).strip("_")
        if count == 1 and base_id in ld.paths:
            # a second card of that name without an id (a Lightning Bolt in each graveyard)
            n = 2
            while f"{base_id}#{n}" in ld.paths:
                n += 1
            base_id = f"{base_id}#{n}"
    base_id = str(base_id)
    since = data.get("since", "before_this_turn")
    if since not in ("before_this_turn", "this_turn"):
        raise ld.fail((*path, "since"), "expected before_this_turn or this_turn")
    tapped_raw = data.get("tapped", False)
    tapped_list = tapped_raw if isinstance(tapped_raw, list) else [tapped_raw] * count
    if len(tapped_list) != count or not all(isinstance(t, bool) for t in tapped_list):
        raise ld.fail((*path, "tapped"), f"expected true/false or a list of {count} true/false")
    counters: dict[str, int] = {}
    for k, v in ld.mapping(data.get("counters"), (*path, "counters")).items():
        counters[str(k)] = ld.integer(v, (*path, "counters", k), 0, 10**4)
    face = _face_up(ld, data.get("face", 0), (*path, "face"), card)
    cast = ld.mapping(data.get("cast"), (*path, "cast"))
    ld.check_keys(cast, {"x", "from"}, (*path, "cast"))
    cast_x = None
    if "cast" in data:
        cast_x = ld.integer(cast.get("x", 0), (*path, "cast", "x"), 0, 10**4)
    chosen = {str(k): str(v) for k, v in ld.mapping(data.get("chosen"), (*path, "chosen")).items()}
    if "color" in chosen:
        chosen["color"] = _color(ld, chosen["color"], (*path, "chosen", "color"))
    copies = [
        _load_copy_effect(ld, ce, (*path, "copy_effects", i))
        for i, ce in enumerate(ld.seq(data.get("copy_effects"), (*path, "copy_effects")))
    ]
    attacking, blocked_by, blocking = _combat(ld, data, path, zone)
    out: list[GameObject] = []
    ts_given = data.get("timestamp")
    for n in range(count):
        oid = base_id if count == 1 else f"{base_id}#{n + 1}"
        out.append(
            GameObject(
                id=oid,
                zone=zone,
                owner=owner,
                controller=controller,
                card=card,
                token=token,
                face=face,
                face_given="face" in data,
                since_turn_start=since == "before_this_turn",
                tapped=bool(tapped_list[n]),
                counters=dict(counters),
                counters_given="counters" in data,
                damage=ld.integer(data.get("damage", 0), (*path, "damage"), 0, 10**4),
                deathtouch_damage=bool(data.get("deathtouch_damage", False)),
                attached_to=None if data.get("attached_to") is None else str(data["attached_to"]),
                copy_effects=copies,
                cast_x=cast_x,
                chosen=chosen,
                timestamp=ld.stamp(ts_given, (*path, "timestamp")),
                attacking=attacking,
                blocked_by=blocked_by,
                blocking=blocking,
                entering=bool(data.get("entering", False)),
                paired_with=None if data.get("paired_with") is None else str(data["paired_with"]),
            )
        )
    return out


def _load_copy_effect(ld: _Loader, raw: Any, cpath: Path) -> CopyEffectSpec:
    """A copy effect on an object (707.2): what it copies, how and when."""
    cdata = ld.mapping(raw, cpath)
    ld.check_keys(cdata, {"copies", "card", "via", "timestamp", "exceptions", "note"}, cpath)
    via = str(cdata.get("via", "enter_as_copy"))
    via = {"cast": "enter_as_copy", "clone": "enter_as_copy"}.get(via, via)
    if via not in ("enter_as_copy", "effect"):
        raise ld.fail(
            (*cpath, "via"),
            "expected enter_as_copy (alias: cast) or effect; embalm/eternalize copies are "
            "tokens: use token: {copy_of: ..., via: embalm}",
        )
    copies_card = ld.card(cdata["card"], (*cpath, "card")).name if "card" in cdata else None
    if cdata.get("copies") is None and copies_card is None:
        raise ld.fail(cpath, "a copy effect needs copies (an object id) or card")
    return CopyEffectSpec(
        None if cdata.get("copies") is None else str(cdata["copies"]),
        copies_card,
        via,
        ld.stamp(cdata.get("timestamp"), (*cpath, "timestamp")),
        ld.mapping(cdata.get("exceptions"), (*cpath, "exceptions")),
    )


def _default_step(root: Mapping[str, Any]) -> str:
    """Without a step, a board with creatures in combat is in the declare blockers step (the
    first step where attacks and blocks both exist, 509); otherwise the precombat main phase."""
    raw = root.get("battlefield")
    entries = raw if isinstance(raw, list) else []
    fighting = any(
        isinstance(e, Mapping) and (e.get("attacking") or e.get("blocking") or e.get("blocked_by"))
        for e in entries
    )
    return "declare_blockers" if fighting else "precombat_main"


def load_board(data: Any, cards: CardSource, lines: LineLookup | None = None) -> Board:
    """Validate ``data`` (the ``board:`` mapping) and build a Board."""
    ld = _Loader(cards, lines)
    root = ld.mapping(data, ("board",))
    ld.check_keys(
        root, {"turn", "players", "battlefield", "stack", "effects", "history", "note"}, ("board",)
    )
    turn = ld.mapping(root.get("turn"), ("board", "turn"))
    ld.check_keys(turn, {"active", "number", "step", "note", "stack"}, ("board", "turn"))
    active = ld.player(turn.get("active", "P1"), ("board", "turn", "active"))
    step = str(turn.get("step", _default_step(root)))
    if step not in STEPS:
        raise ld.fail(
            ("board", "turn", "step"), f"unknown step {step!r} (one of {', '.join(STEPS)})"
        )
    number = ld.integer(turn.get("number", 1), ("board", "turn", "number"), 1, 10**4)
    objects: dict[str, GameObject] = {}
    players: dict[str, PlayerState] = {}

    def add(obj: GameObject, path: Path) -> None:
        if obj.id in objects:
            raise ld.fail(path, f"duplicate object id {obj.id!r}")
        objects[obj.id] = obj
        ld.paths[obj.id] = path
        if len(objects) > MAX_OBJECTS:
            raise ld.fail(path, f"too many objects (the limit is {MAX_OBJECTS})")

    raw_players = ld.mapping(root.get("players"), ("board", "players"))
    for name in raw_players:
        ld.player(name, ("board", "players", name))
    for name in PLAYERS:
        players[name] = _load_player(ld, name, raw_players.get(name), add)
    for i, raw in enumerate(ld.seq(root.get("battlefield"), ("board", "battlefield"))):
        for obj in _load_object(ld, raw, ("board", "battlefield", i), "battlefield", None):
            add(obj, ("board", "battlefield", i))
    for i, raw in enumerate(ld.seq(root.get("stack"), ("board", "stack"))):
        # spells on the stack (top last); X is the value chosen as it was cast (202.3e)
        for obj in _load_object(ld, raw, ("board", "stack", i), "stack", None):
            add(obj, ("board", "stack", i))
    _check_references(ld, objects, active)
    effects = [
        _load_effect(ld, raw, ("board", "effects", i), objects)
        for i, raw in enumerate(ld.seq(root.get("effects"), ("board", "effects")))
    ]
    history = [
        _load_event(ld, raw, ("board", "history", i), objects)
        for i, raw in enumerate(ld.seq(root.get("history"), ("board", "history")))
    ]
    return Board(active, number, step, players, objects, effects, history, ld.cards)


def _load_player(
    ld: _Loader, name: str, raw: Any, add: Callable[[GameObject, Path], None]
) -> PlayerState:
    """A player's life, counts and hidden zones; the cards of their graveyard and exile are
    added as objects they own."""
    ppath: Path = ("board", "players", name)
    pdata = ld.mapping(raw, ppath)
    ld.check_keys(
        pdata, {"life", "hand", "library", "graveyard", "exile", "mana_pool", "poison"}, ppath
    )
    hand_raw = pdata.get("hand", 0)
    hand_names: list[str] = []
    if isinstance(hand_raw, list):
        hand_names = [ld.card(h, (*ppath, "hand", i)).name for i, h in enumerate(hand_raw)]
        hand_count = len(hand_names)
    else:
        hand_count = ld.integer(hand_raw, (*ppath, "hand"), 0, 1000)
    player = PlayerState(
        name,
        life=ld.integer(pdata.get("life", 20), (*ppath, "life"), -(10**6), 10**6),
        hand_count=hand_count,
        hand=hand_names,
        library=ld.integer(pdata.get("library", 40), (*ppath, "library"), 0, 10**4),
        mana_pool=str(pdata.get("mana_pool") or ""),
        poison=ld.integer(pdata.get("poison", 0), (*ppath, "poison"), 0, 1000),
        described=frozenset(z for z in DESCRIBED_ZONES if z in pdata),
    )
    for zone in ("graveyard", "exile"):
        for i, item in enumerate(ld.seq(pdata.get(zone), (*ppath, zone))):
            for obj in _load_object(ld, item, (*ppath, zone, i), zone, name):
                if obj.owner != name:
                    raise ld.fail(
                        (*ppath, zone, i), f"a card in {name}'s {zone} must be owned by {name}"
                    )
                add(obj, (*ppath, zone, i))
    return player


def _load_effect(
    ld: _Loader, raw: Any, epath: Path, objects: dict[str, GameObject]
) -> ContinuingEffect:
    """A continuous effect from a resolved spell or ability (611.2), by text or by its
    source's ability."""
    ed = ld.mapping(raw, epath)
    ld.check_keys(
        ed,
        {"source", "ability", "text", "targets", "timestamp", "duration", "chosen", "note"},
        epath,
    )
    source = ed.get("source")
    if source is not None and str(source) not in objects:
        raise ld.fail((*epath, "source"), f"no object with id {source!r}")
    if ed.get("ability") is None and not ed.get("text"):
        raise ld.fail(epath, "an effect needs text or (source and ability)")
    if ed.get("ability") is not None and source is None:
        raise ld.fail(epath, "ability needs a source")
    targets = tuple(str(t) for t in ld.seq(ed.get("targets"), (*epath, "targets")))
    for j, tid in enumerate(targets):
        if tid not in objects:
            raise ld.fail((*epath, "targets", j), f"no object with id {tid!r}")
    duration = str(ed.get("duration", "end_of_turn"))
    if duration not in ("end_of_turn", "permanent", "while_source"):
        raise ld.fail((*epath, "duration"), "expected end_of_turn, permanent or while_source")
    chosen = {str(k): str(v) for k, v in ld.mapping(ed.get("chosen"), (*epath, "chosen")).items()}
    if set(chosen) - {"color"}:
        raise ld.fail((*epath, "chosen"), "an effect's choice is a color: {color: R}")
    if "color" in chosen:
        chosen["color"] = _color(ld, chosen["color"], (*epath, "chosen", "color"))
    return ContinuingEffect(
        None if source is None else str(source),
        str(ed.get("text") or ""),
        None
        if ed.get("ability") is None
        else ld.integer(ed["ability"], (*epath, "ability"), 1, 20),
        targets,
        ld.stamp(ed.get("timestamp"), (*epath, "timestamp")),
        duration,
        chosen,
    )


def _load_event(ld: _Loader, raw: Any, hpath: Path, objects: dict[str, GameObject]) -> Event:
    """An event of this turn that still matters; a cast with X sets the spell's X (107.3)."""
    hd = ld.mapping(raw, hpath)
    kind = hd.get("event")
    if kind not in EVENT_KINDS:
        raise ld.fail((*hpath, "event"), f"expected one of {', '.join(EVENT_KINDS)}")
    if kind == "left_battlefield":
        ld.player(hd.get("player"), (*hpath, "player"))
    obj_id = hd.get("object")
    if obj_id is not None and str(obj_id) not in objects:
        raise ld.fail((*hpath, "object"), f"no object with id {obj_id!r}")
    if kind == "cast" and obj_id is not None and "x" in hd:
        objects[str(obj_id)].cast_x = ld.integer(hd["x"], (*hpath, "x"), 0, 10**4)
    return Event(str(kind), None if obj_id is None else str(obj_id), dict(hd))


def _check_attack(
    ld: _Loader, obj: GameObject, objects: dict[str, GameObject], active: str, where: Path
) -> None:
    """508.1a-b: the active player's creatures attack an opponent or a permanent of theirs."""
    target = obj.attacking
    if target not in PLAYERS and target not in objects:
        raise ld.fail(
            (*where, "attacking"), f"attacking must name a player or object, got {target!r}"
        )
    if obj.controller != active:
        raise ld.fail(
            (*where, "attacking"),
            f"only the active player's creatures attack (508.1a); it is {active}'s turn and "
            f"{obj.controller} controls {obj.id}",
        )
    if target == obj.id:
        raise ld.fail((*where, "attacking"), "a creature can't attack itself (508.1b)")
    if target == obj.controller:
        raise ld.fail((*where, "attacking"), "a creature can't attack its own controller (508.1b)")
    victim = objects.get(str(target))
    if victim is not None and victim.zone != "battlefield":
        raise ld.fail((*where, "attacking"), f"{target!r} is not a permanent on the battlefield")
    battle = victim is not None and victim.card is not None and "Battle" in victim.card.type_line
    if victim is not None and victim.controller == obj.controller and not battle:
        raise ld.fail(
            (*where, "attacking"),
            f"{obj.id} can't attack {target!r}, a permanent its own controller controls (508.1b)",
        )


def _check_pair(ld: _Loader, obj: GameObject, objects: dict[str, GameObject], where: Path) -> None:
    """E1, 702.95: a paired creature is paired with another creature on the battlefield with
    the same controller; the pairing holds both ways (the partner is paired with it)."""
    partner = objects.get(obj.paired_with or "")
    if partner is None or partner.zone != "battlefield" or obj.zone != "battlefield":
        raise ld.fail(
            (*where, "paired_with"), f"no permanent {obj.paired_with!r} on the battlefield"
        )
    if partner.id == obj.id:
        raise ld.fail((*where, "paired_with"), "a creature can't be paired with itself")
    if partner.controller != obj.controller:
        raise ld.fail(
            (*where, "paired_with"), "paired creatures have the same controller (702.95e)"
        )
    if partner.paired_with not in (None, obj.id):
        raise ld.fail((*where, "paired_with"), f"{partner.id} is paired with {partner.paired_with}")
    partner.paired_with = obj.id


def _check_references(ld: _Loader, objects: dict[str, GameObject], active: str) -> None:
    for obj in objects.values():
        where: Path = ld.paths.get(obj.id, ("board", "objects", obj.id))
        for cid in [c.copies for c in obj.copy_effects if c.copies] + (
            [obj.token.copy_of] if obj.token and obj.token.copy_of else []
        ):
            if cid not in objects:
                raise ld.fail((*where, "copies"), f"no object with id {cid!r}")
            if cid == obj.id:
                raise ld.fail((*where, "copies"), "an object can't copy itself")
        if obj.attached_to is not None:
            target = objects.get(obj.attached_to)
            if target is None:
                raise ld.fail((*where, "attached_to"), f"no object with id {obj.attached_to!r}")
            if target.zone != "battlefield" or obj.zone != "battlefield":
                raise ld.fail(
                    (*where, "attached_to"), "only permanents on the battlefield can be attached"
                )
            if obj.attached_to == obj.id:
                raise ld.fail((*where, "attached_to"), "an object can't be attached to itself")
        if obj.paired_with is not None:
            _check_pair(ld, obj, objects, where)
        if obj.attacking is not None:
            _check_attack(ld, obj, objects, active, where)
        if obj.attacking and obj.blocking:
            raise ld.fail(where, "a creature can't be attacking and blocking at once")
        for bid in list(obj.blocked_by):
            blocker = objects.get(bid)
            if blocker is not None and blocker.zone in ("graveyard", "exile") and obj.attacking:
                # S1, 506.4, 509.1h: a blocker that left the battlefield was removed from combat;
                # the attacker stays a blocked creature
                obj.blocked_by.remove(bid)
                obj.blocked = True
                continue
            if blocker is None or blocker.zone != "battlefield":
                raise ld.fail(
                    (*where, "blocked_by"), f"no blocking creature {bid!r} on the battlefield"
                )
            if not obj.attacking:
                raise ld.fail((*where, "blocked_by"), "only an attacking creature can be blocked")
            if blocker.controller == obj.controller:
                raise ld.fail(
                    (*where, "blocked_by"),
                    "a creature can't be blocked by its own controller's creature",
                )
            if obj.id not in blocker.blocking:
                blocker.blocking.append(obj.id)
        for aid in obj.blocking:
            att = objects.get(aid)
            if att is None or att.zone != "battlefield" or not att.attacking:
                raise ld.fail(
                    (*where, "blocking"), f"{aid!r} is not an attacking creature on the battlefield"
                )
            if obj.id not in att.blocked_by:
                att.blocked_by.append(obj.id)
    for obj in objects.values():
        obj.blocked = bool(obj.attacking and (obj.blocked_by or obj.blocked))
