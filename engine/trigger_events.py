"""Matching game events to triggered abilities where a question meets them (603.2).

The compiler reads a trigger's event and whose event it is (engine/oracle/triggers.py); this
module decides, on a board, which abilities those events triggered:

- declaring attackers and blockers (508.1m, 509.2a): "whenever ~ attacks", "... blocks",
  "... becomes blocked (by a creature)", "... attacks and isn't blocked", battalion, an Aura's or
  Equipment's creature, "a creature you control" — a combat board already shows those
  declarations, so what the triggered ability did must be listed on the board (soundness);
- casting a spell (601.2i): cast triggers with the spell's colors, types or qualities.

Pure: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.abilities import Selector, TriggeredAbility, TriggerEvent
from engine.board import Board, GameObject
from engine.cards import CardText
from engine.characteristics import Chars, admits, printed_colors
from engine.game import Game

#: steps in which blockers have been declared (509.1); declare-blockers triggers exist only then
BLOCKS_DECLARED = ("declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat")
DECLARE_ATTACKERS_EVENTS: tuple[TriggerEvent, ...] = ("attacks",)
DECLARE_BLOCKERS_EVENTS: tuple[TriggerEvent, ...] = (
    "blocks",
    "becomes_blocked",
    "attacks_unblocked",
)
#: the rule each declaration trigger cites, and how its event reads
EVENT_RULES: dict[TriggerEvent, tuple[str, str]] = {
    "attacks": ("508.3a", "attacks"),
    "blocks": ("509.3a", "blocks"),
    "becomes_blocked": ("509.3c", "becomes blocked"),
    "attacks_unblocked": ("509.3g", "attacks and isn't blocked"),
}


@dataclass(frozen=True)
class Triggered:
    """One triggering: whose ability, which one, on whose event."""

    source: str
    ability: TriggeredAbility
    event: TriggerEvent
    subject: str  # the object whose event it was
    rule: str

    def describe(self, game: Game) -> str:
        text = self.ability.text.replace("~", game.ch(self.source).name).rstrip(".")
        whose = "" if self.subject == self.source else f" ({self.subject})"
        cond = self.ability.intervening_if
        return f"{self.source}: {text}{whose}" + (f" (only if {cond})" if cond else "")


def is_subject(game: Game, a: TriggeredAbility, source: GameObject, oid: str) -> bool:
    """Whose event triggers it: its subject, or the source itself for "~ or another ..."."""
    if a.or_self and oid == source.id:
        return True
    return game.layers.matches(a.subject, source, oid, game.chars)


def declared_combat_triggers(game: Game, explain: bool = True) -> list[Triggered]:
    """508.1m, 509.2a: the abilities that triggered as attackers and blockers were declared, on
    the board's combat (which shows those declarations); with ``explain`` each one is a step."""
    board = game.board
    attackers = [o for o in board.battlefield() if o.attacking]
    if not attackers:
        return []
    blocks_declared = board.step in BLOCKS_DECLARED
    out: list[Triggered] = []
    for o in board.battlefield():
        for a in game.ch(o.id).abilities:
            if not isinstance(a, TriggeredAbility):
                continue
            for ev in a.events:
                if ev in DECLARE_ATTACKERS_EVENTS:
                    out += _attack_triggers(game, o, a, attackers)
                elif ev in DECLARE_BLOCKERS_EVENTS and blocks_declared:
                    out += _block_triggers(game, o, a, ev, attackers)
    for t in out if explain else ():
        what = EVENT_RULES[t.event][1]
        when = "attackers" if t.event == "attacks" else "blockers"
        cond = t.ability.intervening_if
        if cond:  # 603.4: it triggered only if the condition held then
            game.trace.add(
                "603.4",
                f"{t.subject} {what}: {t.source}'s ability triggered as {when} were declared "
                f"only if '{cond}' held",
            )
            continue
        game.trace.add(
            t.rule, f"{t.subject} {what}: {t.source}'s ability triggered as {when} were declared"
        )
    return out


def _attack_triggers(
    game: Game, o: GameObject, a: TriggeredAbility, attackers: list[GameObject]
) -> list[Triggered]:
    out = []
    for x in attackers:
        if not is_subject(game, a, o, x.id):
            continue
        if a.attacks_whom is not None and not _attacks_its_controller(game, o, x, a):
            continue  # "Whenever a creature attacks you (or a planeswalker you control)"
        if a.alone and len(attackers) != 1:
            continue  # 506.5: "attacks alone": the only creature declared as an attacker
        if a.with_others and len([y for y in attackers if y.id != x.id]) < a.with_others:
            continue  # battalion: "and at least two other creatures attack"
        out.append(Triggered(o.id, a, "attacks", x.id, "508.3a"))
    return out[:1] if a.one_or_more else out  # "Whenever you attack": once (603.2c)


def _block_triggers(
    game: Game, o: GameObject, a: TriggeredAbility, ev: TriggerEvent, attackers: list[GameObject]
) -> list[Triggered]:
    out = []
    if ev == "blocks":
        for x in game.board.battlefield():
            if x.blocking and is_subject(game, a, o, x.id) and _combatant(game, o, a, x.blocking):
                out.append(Triggered(o.id, a, ev, x.id, "509.3b" if a.combatant else "509.3a"))
        return out
    for x in attackers:
        if not is_subject(game, a, o, x.id):
            continue
        if ev == "attacks_unblocked" and not x.blocked:
            out.append(Triggered(o.id, a, ev, x.id, "509.3g"))
        elif ev == "becomes_blocked" and x.blocked and _combatant(game, o, a, x.blocked_by):
            out.append(Triggered(o.id, a, ev, x.id, "509.3d" if a.combatant else "509.3c"))
    return out


def _combatant(game: Game, source: GameObject, a: TriggeredAbility, others: list[str]) -> bool:
    """509.3b, 509.3d, 509.3f: "blocks a creature with flying", "becomes blocked by a green
    creature": one of the creatures it blocks or is blocked by must be such a creature. A blocked
    creature whose blockers all left combat is still blocked (509.1h): by what is then unknown."""
    if a.combatant is None:
        return True
    if not others:
        game.trace.unknown(
            f"{source.id}: whether '{a.text}' triggered (its blockers have left combat)"
        )
        return False
    return any(
        oid in game.board.objects and game.layers.matches(a.combatant, source, oid, game.chars)
        for oid in others
    )


# --- casting a spell (601.2i) -------------------------------------------------------------------

HISTORIC_WORDS = ("Artifact", "Legendary", "Saga")  # 700.6
#: text that can give a spell colors other than its mana cost's (a color-setting ability, 105.3)
COLOR_SETTING = re.compile(r"\bdevoid\b|\bis (?:colorless|all colors|white|blue|black|red|green)\b")


def spell_qualities_match(
    game: Game, source: GameObject, a: TriggeredAbility, card: CardText | None, targets: list[str]
) -> bool:
    """603.2: a cast trigger's colors ("a white spell", 105.2), quality ("multicolored",
    "colorless", "historic", "noncreature") and "that targets ~" (115.1). An unknown spell, or one
    whose colors its text could change, is taken to match (the answer is then unverified)."""
    if a.spell_quality == "targets_source" and source.id not in targets:
        return False
    if a.spell_quality == "not_on_board":
        return True  # which spell it is (second this turn, kicked, ...) isn't on the board
    if card is None:
        return True
    words = set(re.findall(r"[\w'-]+", card.type_line))
    if a.spell_quality == "historic" and not words & set(HISTORIC_WORDS):
        return False
    if a.spell_quality == "noncreature" and "Creature" in words:
        return False
    if not a.spell_colors and a.spell_quality not in ("multicolored", "colorless"):
        return True
    if COLOR_SETTING.search(card.oracle_text.lower()):
        return True
    colors = printed_colors(card, 0)
    if a.spell_quality == "multicolored" and len(colors) < 2:
        return False
    if a.spell_quality == "colorless" and colors:
        return False
    return not a.spell_colors or bool(colors & set(a.spell_colors))


def one_event_each(abilities: tuple[object, ...]) -> list[object]:
    """An ability with several trigger events ("When ~ enters or dies") as one ability per
    event, for code that checks one event at a time; other abilities unchanged."""
    out: list[object] = []
    for a in abilities:
        if isinstance(a, TriggeredAbility) and a.also:
            out += [replace(a, event=ev, also=()) for ev in a.events]
        else:
            out.append(a)
    return out


# --- damage dealt by the creatures a trigger names (603.2, 603.2c) -------------------------------

#: damage events whose subject can be another creature ("a creature you control", an Aura's)
SUBJECT_DAMAGE_EVENTS: dict[TriggerEvent, str] = {
    "combat_damage_to_player": "combat damage to a player",
    "damage_to_player": "damage to a player",
    "damage_to_opponent": "damage to an opponent",
    "combat_damage_to_player_or_planeswalker": "combat damage to a player or planeswalker",
}


def subject_damage_hits(
    game: Game, source: GameObject, a: TriggeredAbility, dealt: dict[str, set[str]]
) -> list[str]:
    """The creatures whose damage in this combat triggers ``a`` (its subject isn't the source):
    one triggering each ("whenever a creature you control deals ..."), or one in all for "one or
    more" (603.2c). ``dealt`` maps a damage source to what it dealt damage to."""
    players = set(game.board.players)
    hits = []
    for x in game.board.battlefield():
        if not is_subject(game, a, source, x.id):
            continue
        hit = dealt.get(x.id, set()) & players
        if a.event == "combat_damage_to_player_or_planeswalker":
            hit |= {
                r
                for r in dealt.get(x.id, set())
                if r in game.board.objects and "Planeswalker" in game.ch(r).types
            }
        if a.event == "damage_to_opponent":
            hit = {p for p in hit if p != source.controller}
        if hit:
            hits.append(x.id)
    return hits[:1] if a.one_or_more else hits


# --- state triggers (603.8) ---------------------------------------------------------------------


def state_triggers(game: Game) -> list[Triggered]:
    """603.8: "When you control no Islands" triggers as soon as the state is true; on a board
    where it is, it has triggered (and its effect is pending or done), which the board can't
    show."""
    out = []
    for o in game.board.battlefield():
        for a in game.ch(o.id).abilities:
            if not (isinstance(a, TriggeredAbility) and a.event == "controls_none"):
                continue
            if not any(is_subject(game, a, o, x.id) for x in game.board.battlefield()):
                game.trace.add("603.8", f"{o.id}'s '{a.text}': its controller controls none")
                out.append(Triggered(o.id, a, "controls_none", o.id, "603.8"))
    return out


def check_state_triggers(game: Game) -> None:
    """A state trigger that has triggered makes any answer on the board unverified (what it did,
    such as sacrificing the permanent, isn't shown)."""
    for t in state_triggers(game):
        game.trace.unknown(
            f"{t.source}: '{t.ability.text}' has triggered (603.8); what it does isn't on the board"
        )


# --- tokens entering (603.6a) -------------------------------------------------------------------


def enters_triggers_for_token(game: Game, creator: str, token: Chars) -> list[str]:
    """603.6a: a new token is checked against every permanent's enters triggers ("whenever a
    creature you control enters"). They aren't resolved here, and what they do to the token (a
    counter, a pump) isn't in the token's values, so each one makes the answer unverified."""
    me = game.obj(creator).controller
    out = []
    for o in game.board.battlefield():
        for a in game.ch(o.id).abilities:
            if not (isinstance(a, TriggeredAbility) and a.on("enters")):
                continue
            scope = a.subject.scope
            reaches = (
                scope in ("all", "all_others")
                or (scope in ("you_control", "others_you_control") and o.controller == me)
                or (scope == "opponents_control" and o.controller != me)
            )
            if not reaches:
                continue
            text = a.text.replace("~", game.ch(o.id).name)
            if not _plain(a.subject):  # "with flying", "of the chosen type": not decided here
                game.trace.unknown(f"{o.id}: whether '{text}' triggers as the token enters")
            elif admits(a.subject, token, True):
                game.trace.add("603.6a", f"the new {token.name} enters: {o.id}'s ability triggers")
                game.trace.unknown(f"{o.id}: '{text}' triggers as the token enters (not resolved)")
                out.append(f"{o.id}: {text}")
    return out


def _plain(sel: Selector) -> bool:
    """A selector ``admits`` decides alone: none of the filters that read the board (counters,
    keywords in a layer, attachments, a choice) is set."""
    plain = Selector(
        sel.scope,
        sel.types,
        sel.subtypes,
        sel.colors,
        sel.non_types,
        sel.tokens_only,
        sel.supertypes,
        sel.non_supertypes,
        sel.non_subtypes,
        nontoken=sel.nontoken,
    )
    return sel == plain


# --- becoming a target (115.1) ------------------------------------------------------------------


def becomes_target_triggers(
    game: Game, source: GameObject, a: TriggeredAbility, targets: list[str], mine: bool
) -> bool:
    """ "Whenever ~ becomes the target of a spell or ability" (the source, or the objects its
    subject names: "a Dragon you control"); "... an opponent controls" only for an opponent's
    spell."""
    if a.caster == "an_opponent" and mine:
        return False
    return any(
        t in game.board.objects and is_subject(game, a, source, t)
        if a.subject.scope != "self"
        else t == source.id
        for t in targets
    )


def _attacks_its_controller(
    game: Game, source: GameObject, attacker: GameObject, a: TriggeredAbility
) -> bool:
    """508.3a: "attacks you" — the source's controller; "or a planeswalker you control" too."""
    if attacker.attacking == source.controller:
        return True  # "you" and "you or a planeswalker you control" alike
    if a.attacks_whom != "you_or_your_planeswalkers":
        return False  # "you" alone
    target = game.board.objects.get(attacker.attacking or "")
    return (
        target is not None
        and target.controller == source.controller
        and "Planeswalker" in game.ch(target.id).types
    )


# --- other permanents put into a graveyard (700.4) ----------------------------------------------


def to_graveyard_hits(
    game: Game, source: GameObject, a: TriggeredAbility, after: Board
) -> list[str]:
    """ "Whenever an artifact is put into a graveyard from the battlefield": each permanent the
    subject names that went from the battlefield to a graveyard (a token too: it goes there
    before it ceases to exist, 111.7), looked back in time (603.10a)."""
    return [
        x.id
        for x in game.board.battlefield()
        if (x.id not in after.objects or after.objects[x.id].zone == "graveyard")
        and is_subject(game, a, source, x.id)
    ]


# --- "a creature dealt damage by ~ this turn dies" ----------------------------------------------


def damaged_by_it(
    game: Game, source: GameObject, a: TriggeredAbility, died: str, dealt: dict[str, set[str]]
) -> bool:
    """Whether ``died`` was dealt damage by the source this turn: by its damage in this question
    (``dealt``), or unknown when the creature had damage marked before (from whom, the board
    doesn't say)."""
    if not a.damaged_by_source:
        return True
    if died in dealt.get(source.id, set()):
        return True
    if game.obj(died).damage > 0:
        game.trace.unknown(
            f"{source.id}: whether it dealt the damage marked on {died} earlier this turn "
            f"('{a.text}')"
        )
    return False
