"""The board as it is being read: the things named, what was said of each, and the doubts.

Rules (one module per sub-grammar) call these methods in the order the message says things,
so "it" and an unnamed subject always mean something already named.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.cards import CardText
from engine.reader.vocabulary import Doubt, Focus, Player, QuestionKind, Step, Zone


@dataclass
class Entity:
    """One thing the message names: a card, or a token it describes."""

    key: str
    card: str | None = None
    token: dict[str, Any] | None = None  # the board spec's token mapping
    text: CardText | None = None  # the card's Oracle text, when the reader has it

    @property
    def is_spell(self) -> bool:
        """An instant or sorcery: never a permanent (it can't be "controlled" on the board)."""
        type_line = self.text.type_line if self.text else ""
        return re.search(r"\b(?:Instant|Sorcery)\b", type_line) is not None

    @property
    def label(self) -> str:
        if self.card:
            return self.card.split(" // ")[0]
        token = self.token or {}
        if token.get("label"):
            return str(token["label"])
        if token.get("copy_of"):
            return f"{token.get('via', 'copy')} token of {token['copy_of']['card']}"
        if token.get("created_by"):
            return f"token from {token['created_by']}"
        return str(token.get("label") or "token")


@dataclass
class Hints:
    """What the words just before a name say about it ("my two tapped Forests")."""

    owner: Player | None = None
    count: int | None = None
    tapped: bool | None = None
    this_turn: bool = False
    new: bool = False  # "another X", "a second X"


@dataclass
class Occurrence:
    """One placeholder ``@n`` in the marked text."""

    entity: str | None  # None: a pronoun that could not be resolved
    hints: Hints = field(default_factory=Hints)
    head: bool = True  # the subject of what is said, not "a copy of X", "blocked by X"
    candidates: tuple[str, ...] = ()  # for an ambiguous pronoun: what it could mean
    pronoun: bool = False  # (R15) a pronoun resolved to this entity ("they", "it")


@dataclass
class Thing:
    """One object (or N identical ones) on the board as read."""

    id: str
    entity: Entity
    controller: Player | None = None
    owner: Player | None = None  # said only when it differs from the controller (a stolen X)
    zone: Zone = "battlefield"
    this_turn: bool | None = None  # None: not said
    entered_turn: int | None = None  # "came down turn 2"
    last_turn: bool = False  # "I cast it last turn": its controller's previous turn (302.6)
    on_their_turn: bool = False  # "I flashed it in on their turn"
    timing_assumed: bool = False
    entering: bool = False
    tapped: bool | None = None
    count: int = 1
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    damage_said: bool = False  # (R6) the message said what damage it has or took
    loyalty_delta: int = 0  # (R6) "I +1'd it" before its loyalty was said (606.4)
    loyalty_past: bool = False  # (R17) a loyalty ability of an earlier turn: in the loyalty said
    attached_to: str | None = None
    copies: str | None = None
    cast_x: int | None = None
    cast: bool = False
    chosen_color: str | None = None
    chosen_type: str | None = None  # "Adaptive Automaton, chose Elf" (607.2d)
    attacking: str | None = None
    blocking: str | None = None
    unblocked: bool = False
    said: list[str] = field(default_factory=list)  # for the echo, in the order said

    def is_creature(self) -> bool:
        """Its type line (or its token's types) says Creature, as read; animation not counted."""
        if self.entity.token is not None:
            return "Creature" in self.entity.token.get("types", ["Creature"])
        return self.entity.text is not None and "Creature" in self.entity.text.type_line

    def is_planeswalker(self) -> bool:
        """Its type line says Planeswalker (306.5b: only a planeswalker has loyalty)."""
        return self.entity.text is not None and "Planeswalker" in self.entity.text.type_line

    def note(self, text: str) -> None:
        if text not in self.said:
            self.said.append(text)


@dataclass
class Question:
    kind: QuestionKind
    focus: Focus
    fields: dict[str, Any] = field(default_factory=dict)
    text: str = ""  # how the echo states it
    color: str | None = None  # for "can it make {U}?"


@dataclass
class CastSpell:
    """ "I Bolt their Goyf": an instant or sorcery cast at a target (resolved or not)."""

    card: str
    caster: Player
    target: str  # a thing id, a player, or "" for a spell with no target (R17)
    damage: int = 0  # the damage the reader marked for it (taken back if the engine resolves it)
    on_stack: bool = False  # (R6) "Bolt is on the stack targeting X": not resolved (yet)


@dataclass(frozen=True)
class Leftover:
    """(R9) A part of a sentence no rule read, kept for the loose reader (engine/reader/loose.py):
    as reported, as marked, the masked sentence before it and the whole sentence."""

    shown: str
    fragment: str
    before: str
    sentence: str


@dataclass
class Draft:
    entities: dict[str, Entity] = field(default_factory=dict)
    occurrences: list[Occurrence] = field(default_factory=list)
    things: dict[str, Thing] = field(default_factory=dict)  # by id, in the order named
    by_entity: dict[str, list[str]] = field(default_factory=dict)  # entity key -> thing ids
    active: Player | None = None
    active_from_question: bool = False  # whose turn was taken from "can their X attack?" (508.1)
    step: Step | None = None
    step_assumed: bool = True
    turn_number: int | None = None
    effects: list[dict[str, Any]] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    hand: dict[Player, int] = field(default_factory=dict)
    life: dict[Player, int] = field(default_factory=dict)
    empty_graveyards: str | None = None  # "nothing in any graveyard": whose ("all", "P1", "P2")
    graveyards_listed: str | None = None  # "nothing else in any graveyard": the listed is all
    questions: list[Question] = field(default_factory=list)
    targets: dict[str, list[str]] = field(default_factory=dict)  # activated ability -> targets
    consumed: set[str] = field(default_factory=set)  # entities read as something else (a spell)
    loose: set[str] = field(default_factory=set)  # (R5) named in lower case, not in a name slot
    spells: list[CastSpell] = field(default_factory=list)  # "I Bolt X": spells cast at things
    # (R18) "I kicked Scorching Lava": whether a spell's kicker was paid, by card ("" for "I
    # kicked it", the one spell cast); a spell question passes it on (702.33d)
    kicked: dict[str, bool] = field(default_factory=dict)
    dies_condition: str | None = None  # "when it dies": only a tokens question reads it
    made: dict[str, str] = field(default_factory=dict)  # token entity -> the spell that made it
    token_spells: set[str] = field(default_factory=set)  # spells whose effect makes tokens
    stack_said: bool = False  # "it's on the stack": a spell said not to have resolved yet
    list_owner: Player | None = None  # "my board:" on a line of its own: whose the list below is
    # (R6) how the attacking player divided an attacker's combat damage (510.1c): attacker id
    # -> {recipient id or player: amount}
    assignment: dict[str, dict[str, int]] = field(default_factory=dict)
    token_source: str | None = None  # "if I tap him, how many Goblins": what makes the tokens
    last_controller: Player | None = None  # who the last "I control / they have" was about
    owner_said: bool = False  # the message says whose something is ("I control", "my X")
    state_said: bool = False  # a named permanent's counters or damage ("X has a -1/-1 counter")
    # "my only creature is X": whose creatures the message says are all there is, and which
    only_creatures: dict[Player, set[str]] = field(default_factory=dict)
    doubts: list[tuple[Doubt, str]] = field(default_factory=list)
    read: list[str] = field(default_factory=list)
    leftovers: list[Leftover] = field(default_factory=list)  # (R9) what no rule read
    _last_head: str | None = None
    _resolved: dict[str, str] = field(default_factory=dict)  # placeholder -> thing id

    # -- doubts -----------------------------------------------------------------------------

    def doubt(self, reason: Doubt, text: str) -> None:
        if (reason, text) not in self.doubts:
            self.doubts.append((reason, text))

    # -- things -----------------------------------------------------------------------------

    def occurrence(self, token: str) -> Occurrence | None:
        m = re.fullmatch(r"@(\d+)", token.strip())
        if not m or int(m.group(1)) >= len(self.occurrences):
            return None
        return self.occurrences[int(m.group(1))]

    def thing(self, token: str, head: bool | None = None) -> Thing | None:
        """The object a placeholder names, created the first time it is named."""
        occ = self.occurrence(token)
        if occ is None:
            return None
        if occ.entity is None:
            self.doubt("ambiguous_pronoun", " or ".join(occ.candidates) or "it")
            return None
        entity = self.entities[occ.entity]
        ids = self.by_entity.setdefault(entity.key, [])
        hints = occ.hints
        reuse = [i for i in ids if self._fits(self.things[i], hints)]
        if token.strip() in self._resolved:  # one placeholder is one object, however often read
            thing = self.things[self._resolved[token.strip()]]
        elif reuse and not hints.new:
            thing = self.things[reuse[-1]]
        else:
            thing = Thing(self._new_id(entity), entity)
            self.things[thing.id] = thing
            ids.append(thing.id)
            if len(ids) == 1:  # what the words before earlier mentions said ("their X, ...")
                for earlier in self.occurrences:
                    if earlier.entity == entity.key and earlier is not occ:
                        self._apply_hints(thing, earlier.hints)
        self._resolved[token.strip()] = thing.id
        self._apply_hints(thing, hints)
        if head if head is not None else occ.head:
            self._last_head = thing.id
        return thing

    def read_before(self, token: str) -> bool:
        """Some rule already read this placeholder."""
        return token.strip() in self._resolved

    @staticmethod
    def _fits(thing: Thing, hints: Hints) -> bool:
        """A second "my X" is the same X; "their X" after "my X" is another one."""
        return (
            hints.owner is None
            or hints.owner in (thing.controller, thing.owner)
            or (thing.controller is None)
        )

    def _new_id(self, entity: Entity) -> str:
        base = re.sub(r"[^a-z0-9]+", "_", entity.label.lower()).strip("_") or "thing"
        base = base[:40]
        name, n = base, 1
        while name in self.things:
            n += 1
            name = f"{base}_{n}"
        return name

    def _apply_hints(self, thing: Thing, hints: Hints) -> None:
        if hints.owner is not None and hints.owner != thing.owner:  # "their" stolen X is theirs
            self.set_controller(thing, hints.owner)
        if hints.count is not None and hints.count != thing.count:
            if thing.count != 1:
                self.doubt("contradiction", f"how many {thing.entity.label}")
            thing.count = hints.count
        if hints.tapped is not None:
            self.set_tapped(thing, hints.tapped)
        if hints.this_turn:
            self.set_this_turn(thing, True)

    def clause_subject(self, token: str, text: str) -> Thing | None:
        """``token`` when it is a subject; for "X copying Y came in", Y is not: X is."""
        occ = self.occurrence(token)
        if occ is not None and not occ.head:
            at = text.find(token + " ")
            for earlier in reversed(re.findall(r"@\d+", text[: max(at, 0)])):
                other = self.occurrence(earlier)
                spell = other is not None and other.entity and self.entities[other.entity].is_spell
                if other is not None and other.head and other.entity and not spell:
                    return self.thing(earlier, head=False)
        return self.thing(token)

    def conflicts(self, token: str, player: str) -> bool:
        """ "I attack with X and my opponent's Y ...": Y is not in my list."""
        occ = self.occurrence(token)
        return occ is not None and occ.hints.owner not in (None, player)

    def subject(self, m: re.Match[str] | None = None, nearest: bool = False) -> Thing | None:
        """What a clause without a subject is about: the nearest thing named before it in the
        sentence ("X that entered this turn", "my Walker with 3 counters"), else the thing last
        named as a subject."""
        if m is not None:
            for token in reversed(re.findall(r"@\d+", m.string[: m.start()])):
                occ = self.occurrence(token)
                if occ is None or occ.entity is None or self.entities[occ.entity].is_spell:
                    continue
                if nearest or occ.head:
                    return self.thing(token, head=False)
        return self.things.get(self._last_head) if self._last_head else None

    def make_subject(self, thing: Thing) -> None:
        self._last_head = thing.id

    # -- what is said of a thing ------------------------------------------------------------

    def set_controller(self, thing: Thing, player: Player) -> None:
        if thing.controller not in (None, player):
            self.doubt("contradiction", f"who controls {thing.entity.label}")
        thing.controller = player
        self.owner_said = True

    def set_tapped(self, thing: Thing, tapped: bool) -> None:
        if thing.tapped not in (None, tapped):
            self.doubt("contradiction", f"is {thing.entity.label} tapped")
        thing.tapped = tapped
        thing.note("tapped" if tapped else "untapped")

    def set_this_turn(self, thing: Thing, this_turn: bool) -> None:
        if thing.this_turn not in (None, this_turn):
            self.doubt("contradiction", f"when {thing.entity.label} came under your control")
        thing.this_turn = this_turn
        thing.timing_assumed = False
        thing.note("entered this turn" if this_turn else "since before this turn")

    def set_zone(self, thing: Thing, zone: Zone) -> None:
        if thing.zone != "battlefield" and thing.zone != zone:
            self.doubt("contradiction", f"where {thing.entity.label} is")
        thing.zone = zone

    def set_active(self, player: Player) -> None:
        if self.active not in (None, player):
            self.doubt("contradiction", "whose turn it is")
        self.active = player

    def set_step(self, step: Step) -> None:
        if self.step not in (None, step) and not self.step_assumed:
            self.doubt("contradiction", "which step it is")
        self.step = step
        self.step_assumed = False
