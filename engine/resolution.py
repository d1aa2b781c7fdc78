"""How a resolving spell or ability changes the board (608.2), and the tokens it makes (111).

The question handlers in ``engine.questions`` read a question's fields and call these; an
effect these can't apply is named in the answer's ``unmodelled`` (so the answer isn't
verified), never guessed.
"""

from __future__ import annotations

import re
from typing import Any

from engine.abilities import (
    Amount,
    BecomesUntilEndOfTurn,
    CountedAmount,
    CounterSpell,
    CreateTokenCopy,
    CreateTokens,
    CreatureDealsPower,
    DamageEach,
    DealDamage,
    Destroy,
    DestroyEach,
    DividedDamage,
    ExileIfDiesThisTurn,
    ExileTarget,
    GainControlOf,
    GainLife,
    IfKicked,
    InsteadIf,
    ItsControllerGainsLife,
    Keyword,
    MayDo,
    Modal,
    PreventDamage,
    PTDefining,
    PumpUntilEndOfTurn,
    PutCounters,
    PutCountersEach,
    Restriction,
    RestrictionEffect,
    SearchLibrary,
    Selector,
    SimpleEffect,
    StaticEffect,
    Target,
    TriggeredAbility,
    ability_text,
)
from engine.answer import EngineLimit, QuestionError
from engine.board import Board, ContinuingEffect, GameObject
from engine.cards import CardText
from engine.characteristics import (
    Chars,
    admits,
    apply_exceptions,
    from_token_spec,
    mana_value_of,
    printed,
)
from engine.dies_replacements import (
    DeathReplacement,
    create_all,
    exiled_instead,
    resolved_exile_if_dies,
)
from engine.game import Game, protection_covers, protection_qualities
from engine.oracle import parse_effects
from engine.oracle.creature_types import CREATURE_TYPES, OTHER_SUBTYPES
from engine.replacements import DamageSource, put_counters_on, replaced_damage
from engine.sba import leave_battlefield, to_graveyard
from engine.targets import REFERENCES, filter_holds, spell_targets, target_allows
from engine.trigger_events import becomes_target_triggers, spell_qualities_match


def effects_on_new_token(game: Game, oid: str, token: Chars) -> None:
    """The answer gives a token's own values (111.3, 707.2); on the battlefield the static
    abilities of permanents there apply to it too (611.3a, 613), which the answer doesn't
    show, so it can't be verified as the token's characteristics on the battlefield."""
    me = game.obj(oid).controller
    for o in game.board.battlefield():
        for a in game.ch(o.id).abilities:
            if not isinstance(a, StaticEffect | RestrictionEffect):
                continue
            scope = a.affected.scope
            reaches = (
                scope in ("all", "all_others")
                or (scope in ("you_control", "others_you_control") and o.controller == me)
                or (scope == "opponents_control" and o.controller != me)
            )
            if reaches and admits(a.affected, token, True):
                game.trace.add("611.3a", f"{o.id}'s '{a.text}' would apply to the new token")
                game.trace.unknown(
                    f"{token.name}: the answer shows the token's own values; on the battlefield "
                    f"{game.ch(o.id).name} ({o.id}) also applies to it"
                )


def token_count(game: Game, oid: str, amount: Any, is_etb: bool, after_event: bool = False) -> int:
    """How many tokens; ``after_event``: the ability triggers on an event other than entering
    (it dies, attacks, ...), so what it counts is read after that event, not on this board."""
    o = game.obj(oid)
    if isinstance(amount, int):
        return amount
    if amount == "X":
        if is_etb and o.copy_effects:
            game.trace.add(
                "107.3m",
                f"{oid} is a copy: no X was chosen for the copied cost when the spell that "
                "became it was cast, so X is 0",
            )
            game.trace.add("603.6a", f"{oid}'s enters-the-battlefield ability")
            return 0
        if is_etb and o.cast_x is not None:
            game.trace.add(
                "107.3m",
                f"X in {oid}'s enters ability is the X the spell was cast with ({o.cast_x})",
            )
            game.trace.add("603.6a", f"{oid}'s enters-the-battlefield ability")
            return o.cast_x
        if not is_etb and o.zone == "stack" and o.cast_x is not None:
            # 107.3a: while a spell is on the stack, X is the value announced as it was cast
            game.trace.add("107.3a", f"X in {oid}'s effect is the X it was cast with ({o.cast_x})")
            return o.cast_x
        if is_etb:
            game.trace.add(
                "400.7",
                f"{oid} wasn't cast as the spell that became it (a new object), so no X was chosen",
            )
            game.trace.add("107.3m", f"with no X chosen for the spell that became {oid}, X is 0")
            return 0
        game.trace.unknown(f"the value of X for {oid}'s ability")
        return 0
    if amount == "counters:+1/+1":
        return game.layers.counters_of(o, game.chars).get("+1/+1", 0)
    if isinstance(amount, CountedAmount) and after_event:
        game.trace.unknown(
            f"{oid}: the number of tokens is counted as the trigger resolves, after the event "
            "that triggered it (608.2h), not on this board"
        )
        return 0
    if isinstance(amount, CountedAmount):  # E1 (s9): Krenko's X, counted as it resolves
        value = game.layers.count(amount.count, o, game.chars) * amount.each + amount.plus
        game.trace.add("608.2h", f"{oid}: the number of tokens is counted as it resolves: {value}")
        return value
    game.trace.unknown(f"amount {amount!r}")
    return 0


def token_with_card_pt(game: Game, reader: Game, e: CreateTokens, targets: list[str]) -> Chars:
    ch = from_token_spec(e.token)
    if not targets:
        game.trace.unknown("the token's P/T refer to a card, but no target was given")
        return ch
    card = reader.ch(targets[0])
    tobj = reader.obj(targets[0])
    ch.power, ch.toughness = card.power, card.toughness
    game.trace.add(
        "608.2h",
        f"the token's P/T are read from {targets[0]} once, as the effect applies: "
        f"{card.power}/{card.toughness}",
    )
    if any(isinstance(a, PTDefining) for a in card.abilities):
        game.trace.add("604.3", f"{targets[0]}'s P/T come from a characteristic-defining ability")
        game.trace.add("113.6a", f"it functions in the {tobj.zone} too")
        game.trace.add(
            "109.5", f"'your' on a card off the battlefield means its owner ({tobj.owner})"
        )
    return ch


def token_copy(game: Game, oid: str, e: CreateTokenCopy, targets: list[str]) -> Chars:
    if e.of == "self":
        base = game.layers.copier.copiable(game.obj(oid))
        what = oid
    else:
        if not targets:
            raise QuestionError("this ability copies a target: give targets")
        base = game.layers.copier.copiable(game.obj(targets[0]))
        what = targets[0]
    game.trace.add("707.2", f"the token copies the copiable values of {what} ({base.name})")
    if not e.exceptions.is_empty():
        game.trace.add("707.9b", "the copy's exceptions become part of the token's copiable values")
    if e.exceptions.power is not None and any(isinstance(a, PTDefining) for a in base.abilities):
        game.trace.add(
            "707.9d", f"the copy sets P/T, so {base.name}'s P/T-defining ability isn't copied"
        )
    ch = apply_exceptions(base, e.exceptions)
    return ch


def damaged_by_resolving(before: Board, after: Board) -> set[str]:
    """Permanents the spell dealt damage to: marked damage, or loyalty lost (120.3c, 120.3e)."""
    out = set()
    for oid, o in after.objects.items():
        old = before.objects.get(oid)
        if old is None or old.zone != "battlefield":
            continue
        lost = old.counters.get("loyalty", 0) - o.counters.get("loyalty", 0)
        if o.damage > old.damage or lost > 0:
            out.add(oid)
    return out


def triggers_before_resolving(
    game: Game, caster: str, targets: list[str], card: CardText | None = None
) -> None:
    """Abilities that trigger on casting the spell (prowess, "whenever you cast") or on a
    target becoming its target go on the stack above it and resolve first (603.3, 405.5); the
    engine doesn't resolve them, so the spell's outcome can't be verified."""
    for o in game.board.battlefield():
        mine = o.controller == caster
        for a in game.ch(o.id).abilities:
            cast = (
                isinstance(a, TriggeredAbility)
                and a.event == "cast_spell"
                and casts_it(a, mine)
                and spell_matches(a, card)
                and spell_qualities_match(game, o, a, card, targets)  # E2: colors, historic, ...
            )
            prowess = mine and isinstance(a, Keyword) and a.name == "prowess"
            targeted = (  # E2: whose targets (its own or "a Dragon you control") and whose spell
                isinstance(a, TriggeredAbility)
                and a.event == "becomes_target"
                and becomes_target_triggers(game, o, a, targets, mine)
            )
            if cast or prowess or targeted:
                game.trace.unknown(
                    f"{o.id}: '{ability_text(a)}' triggers and resolves before the spell does"
                )


def casts_it(a: TriggeredAbility, mine: bool) -> bool:
    """603.2: whose casting triggers it ("you cast", "a player casts", "an opponent casts")."""
    if a.caster == "a_player":
        return True
    if a.caster == "an_opponent":
        return not mine
    return mine


def spell_matches(a: TriggeredAbility, card: CardText | None) -> bool:
    """A cast trigger that names card types or subtypes ("a creature spell", "a Spirit or Arcane
    spell") triggers only on a spell with one of them (205.2a, 205.3)."""
    if not a.spell_filter:
        return True
    if card is None:
        return True  # the spell isn't known: assume it triggers (the answer is then unverified)
    words = set(re.findall(r"[\w'-]+", card.type_line))
    return any(t in words for t in a.spell_filter)


def put_spell_in_graveyard(game: Game, board: Board, card: CardText, caster: str) -> str:
    """608.2n: as the last part of its resolution an instant or sorcery goes to its owner's
    graveyard, so the state-based actions after it (704.3) already see it there. The card on the
    stack is moved if the board lists it; otherwise the caster is taken to own it."""
    on_stack = [
        o
        for o in board.objects.values()
        if o.zone == "stack" and o.card is not None and o.card.name == card.name
    ]
    if on_stack:
        obj = on_stack[-1]
        obj.zone = "graveyard"
        obj.controller = obj.owner
    else:
        base = re.sub(r"\W+", "_", card.name.lower()).strip("_") or "spell"
        oid, n = base, 1
        while oid in board.objects:
            n += 1
            oid = f"{base}#{n}"
        obj = GameObject(id=oid, zone="graveyard", owner=caster, controller=caster, card=card)
        board.objects[oid] = obj
    game.trace.add(
        "608.2n",
        f"{card.name} is put into {obj.owner}'s graveyard as the last part of its resolution, "
        "before state-based actions are checked",
    )
    return obj.id


def illegal_target(
    game: Game, name: str, effects: list[Any], targets: list[str], caster: str
) -> str | None:
    """115.1, 601.2c: each target must be what its "target ..." phrase allows (a creature for
    "target creature", an opponent for "target opponent", ...)."""
    wanted = [
        Target(t.what.removeprefix("target "), t.filters)
        for t in spell_targets(effects)
        if not t.what.startswith("each ")
    ]
    if any(isinstance(e, Modal) for e in effects):
        return None  # the chosen mode's targets are checked as it resolves (not modelled here)
    for tid, want in zip(targets, wanted, strict=False):
        ok = target_allows(game, tid, want.what, caster)
        if ok and tid in game.board.objects:
            ok = all(filter_holds(game, tid, f) for f in want.filters if f.when == "targeting")
        if ok is None:
            game.trace.unknown(f"whether {tid} can be the target of {name} ('target {want.what}')")
        elif not ok:
            game.trace.add("601.2c", f"{tid} isn't a legal 'target {want.what}' for {name}")
            return tid
        else:
            game.trace.add("601.2c", f"{tid} is a legal 'target {want.what}' for {name}")
    return None


def can_be_targeted(game: Game, target: str, caster: str, spell: CardText | None = None) -> bool:
    """601.2c: a target must be legal: shroud (702.18a), hexproof against opponents (702.11b),
    protection from a quality the spell has (702.16b)."""
    o = game.board.objects.get(target)
    if o is not None and o.zone != "battlefield":
        return True  # E3: shroud, hexproof, protection and ward protect permanents, not spells
    if game.has(target, "shroud"):
        game.trace.add("702.18a", f"{target} has shroud: it can't be the target of spells")
        return False
    if game.has(target, "hexproof") and game.obj(target).controller != caster:
        game.trace.add(
            "702.11b", f"{target} has hexproof: its controller's opponents can't target it"
        )
        return False
    if game.has(target, "protection"):
        stops = None
        if spell is not None and not colors_change_off_battlefield(game):
            stops = protection_covers(
                protection_qualities(game, target), printed(spell, 0, "stack")
            )
        if stops:
            game.trace.add(
                "702.16b",
                f"{target} has protection from a quality {spell.name if spell else ''} has",
            )
            return False
        if stops is None:
            game.trace.unknown(f"{target}'s protection against this spell (not modelled)")
    if game.has(target, "ward"):
        game.trace.unknown(f"{target}'s ward against this spell (not modelled)")
    return True


def condition_holds(game: Game, condition: str, player: str) -> bool:
    """Conditions read from the board's history (which lists the events that still matter)."""
    if condition == "permanent_left_battlefield_under_your_control_this_turn":
        return any(
            ev.kind == "left_battlefield" and ev.details.get("player") == player
            for ev in game.board.history
        )
    raise EngineLimit(f"unknown condition {condition}")


def apply_instead(game: Game, effects: list[Any], caster: str) -> list[Any]:
    """An "instead if" sentence replaces the effect before it when its condition holds."""
    out: list[Any] = []
    for e in effects:
        if isinstance(e, InsteadIf):
            holds = condition_holds(game, e.condition, caster)
            game.trace.add(
                "608.2c",
                f"'{e.text}': the condition {'holds' if holds else 'does not hold'} "
                "(from the board's history)",
            )
            if holds and out:
                out[-1:] = list(e.effects)
            continue
        out.append(e)
    return out


def apply_kicked(game: Game, effects: list[Any], name: str, kicked: bool | None) -> list[Any]:
    """E6 (s14): the question's ``kicked`` says whether the spell was kicked (702.33d, decided as
    it was cast): its "If ~ was kicked, ..." parts then happen or not. An "instead" one (it
    replaces the effect before it) stays unknown; without ``kicked`` every one does."""
    if kicked is None:
        return effects
    out: list[Any] = []
    for e in effects:
        if not isinstance(e, IfKicked) or e.instead:
            out.append(e)
            continue
        game.trace.add(
            "702.33d",
            f"{name} was {'' if kicked else 'not '}kicked as it was cast: '{e.text}' "
            + ("applies" if kicked else "does nothing"),
        )
        if kicked:
            out.extend(e.effects)
    return out


def resolve_spell_effect(
    game: Game,
    board: Board,
    name: str,
    caster: str,
    e: Any,
    targets: list[str],
    outcome: list[str],
    x: int | None = None,
    gainers: set[str] | None = None,
) -> int:
    """Apply one effect of a resolving spell to ``board`` (608.2); returns the life its caster
    gained (for "whenever you gain life" triggers), else 0. ``x``: the X announced as it was
    cast (601.2b), if the question gives it."""
    if isinstance(e, DealDamage) and e.target.what == "you":
        targets = [caster]
    if isinstance(e, DealDamage) and e.target.what == "its controller":
        # 109.4: the controller of the object an earlier part of the effect chose
        chosen = board.objects.get(targets[0]) if targets else None
        if chosen is None:
            game.trace.unknown(f"{name}: whose controller '{e.text}' means")
            return 0
        targets = [chosen.controller]
    if isinstance(e, PumpUntilEndOfTurn) and CountedAmount in (type(e.power), type(e.toughness)):
        e = counted_pump_fixed(game, e, name, caster)
    first = targets[0] if targets else None
    if isinstance(e, Destroy | DealDamage | PumpUntilEndOfTurn | ExileTarget) and first is None:
        raise QuestionError(f"{name} needs a target: give targets")
    if isinstance(e, Destroy) and first is not None:
        ch = game.ch(first)
        ok = destroy_filter_ok(game, first, ch, e)
        label = f"{first} (mana value {mana_value_of(ch, 0)})" if e.target.filters else first
        if not ok:
            outcome.append(f"{label} is not destroyed")
        elif game.has(first, "indestructible"):
            game.trace.add("702.12b", f"{first} is indestructible")
            outcome.append(f"{label} is not destroyed (indestructible)")
        elif exiled_instead(game, board, first, game.trace, riders := list[DeathReplacement]()):
            leave_battlefield(board, first, "exile")
            outcome.append(f"{label} would be destroyed, but is exiled instead")
            create_all(game, board, riders, game.trace, outcome)
        else:
            to_graveyard(board, first)
            outcome.append(f"{label} is destroyed")
    elif isinstance(e, DealDamage) and first is not None:
        amount = amount_value(game, e.amount, name, caster, x)
        if amount is not None:
            deal_damage(game, board, name, first, amount, outcome, caster)
    elif isinstance(e, GainControlOf) and first is not None:
        gain_control(game, board, caster, first, e, outcome)
    elif isinstance(e, SimpleEffect) and e.verb == "untap" and e.args == ("it",):
        untap_it(game, board, first, outcome)
    elif isinstance(e, MayDo):
        # 608.2d: its controller chooses as it resolves; the question doesn't say what
        game.trace.add("608.2d", f"{caster} chooses whether to: {e.text}")
        game.trace.unknown(f"{name}: whether {caster} chooses to ({e.text})")
    elif isinstance(e, CreatureDealsPower):
        creature_deals_power(game, board, e, targets, outcome)
    elif isinstance(e, PreventDamage):
        # 615.1: a prevention shield for later damage this turn, which the engine doesn't apply
        game.trace.add("615.1", f"'{e.text}' is a shield against damage dealt later this turn")
        game.trace.unknown(f"{name}: {e.text} (prevention effects aren't applied)")
    elif isinstance(e, IfKicked):
        # 702.33d: kicked or not was decided as it was cast; the question doesn't say
        game.trace.add("702.33d", f"whether {name} was kicked was decided as it was cast")
        game.trace.unknown(f"{name}: whether it was kicked ({e.text})")
    elif isinstance(e, DividedDamage) and e.evenly:
        divide_evenly(game, board, name, caster, e, targets, outcome, x)
    elif isinstance(e, DividedDamage):
        # 601.2d: the division is announced as the spell is cast; the question doesn't give it
        game.trace.add("601.2d", f"{caster} divides {name}'s damage as it is cast")
        game.trace.unknown(f"{name}: how its damage is divided among {', '.join(targets)}")
    elif isinstance(e, SearchLibrary):
        # 401.2: the library is hidden; 701.23b: the searcher needn't find a card even if present
        game.trace.add(
            "701.23b", f"{caster} may find no card for '{e.wanted}' (the library is hidden)"
        )
        game.trace.unknown(f"{name}: what {caster} finds in their library ({e.text})")
    elif isinstance(e, ExileIfDiesThisTurn):
        exile_if_dies_this_turn(game, board, name, e, targets, outcome)
    elif isinstance(e, PutCountersEach):
        put_counters_each(game, board, caster, e, outcome)
    elif isinstance(e, PutCounters) and e.target is not None and first is not None:
        put_counters_on_target(game, board, name, e, first, outcome)
    elif isinstance(e, CounterSpell) and first is not None:
        counter_spell(game, board, first, e, outcome)
    elif isinstance(e, ExileTarget) and first is not None and not e.until_leaves:
        exile_target(game, board, first, outcome)
    elif isinstance(e, ItsControllerGainsLife):
        return controller_gains_life(game, board, name, caster, e, first, outcome, gainers)
    elif isinstance(e, DestroyEach):
        destroy_each(game, board, caster, e, outcome)
    elif isinstance(e, SimpleEffect) and e.verb == "cant_be_regenerated":
        # 701.19c: regeneration shields aren't applied to what it destroys; a board lists none
        # the engine applies (a listed regeneration effect is itself unmodelled)
        game.trace.add("701.19c", f"'{e.text}': no regeneration shield is applied")
    elif isinstance(e, DamageEach):
        amount = amount_value(game, e.amount, name, caster, x)
        if amount is not None:
            for recipient in damaged_group(game, e, caster):
                deal_damage(game, board, name, recipient, amount, outcome, caster)
    elif isinstance(e, GainLife):
        gained = amount_value(game, e.amount, name, caster, x)
        if gained is not None:
            board.players[caster].life += gained
            outcome.append(f"{caster} gains {gained} life")
            if gained > 0 and gainers is not None:
                gainers.add(caster)
            return gained
    elif isinstance(e, BecomesUntilEndOfTurn) and e.affected.scope in GROUP_SCOPES:
        continuous_on_group(game, board, name, caster, e, outcome)
    elif continuous_on_target(e) and first is not None and first in board.objects:
        # 611.2a, 611.2c: a continuous effect from a resolving spell, locking in its target
        stamp = 1 + max((o.timestamp for o in board.objects.values()), default=0)
        stamp = max(stamp, 1 + max((c.timestamp for c in board.effects), default=0))
        board.effects = [*board.effects, ContinuingEffect(None, e.text, None, (first,), stamp)]
        game.trace.add(
            "611.2c", f"{name}'s continuous effect applies to {first}, locked in as it resolves"
        )
        outcome.append(f"{name}: {first} — {e.text.rstrip('.')}")
    else:
        game.trace.unknown(f"{name}: {getattr(e, 'text', type(e).__name__)} (effect not applied)")
    return 0


def divide_evenly(
    game: Game,
    board: Board,
    name: str,
    caster: str,
    e: DividedDamage,
    targets: list[str],
    outcome: list[str],
    x: int | None,
) -> None:
    """Fireball: no choice is made; its damage is divided as it resolves among the targets
    still legal then (608.2c, the card's rulings), each dealt the total divided by their number,
    rounded down."""
    amount = amount_value(game, e.amount, name, caster, x)
    if amount is None:
        return
    if not targets:
        game.trace.add("608.2c", f"{name} has no targets: it deals no damage")
        outcome.append(f"{name} deals no damage (no targets)")
        return
    if len(set(targets)) != len(targets):
        raise QuestionError(f"{name} can't target the same object or player twice (115.3)")
    each = amount // len(targets)
    game.trace.add(
        "608.2c",
        f"{name}'s {amount} damage is divided evenly, rounded down, among its {len(targets)} "
        f"target(s) as it resolves: {each} each",
    )
    for t in targets:
        deal_damage(game, board, name, t, each, outcome, caster)


# E4 (s12): "All creatures / Creatures you control / Creatures your opponents control get -2/-2
# [and gain trample] until end of turn" (Infest, Overrun)
GROUP_SCOPES = ("all", "you_control", "opponents_control")


def continuous_on_group(
    game: Game, board: Board, name: str, caster: str, e: BecomesUntilEndOfTurn, outcome: list[str]
) -> None:
    """611.2c: a continuous effect from a resolving spell that affects a group: the objects it
    affects are those in the group as it resolves (locked in), read relative to its controller
    (109.5); objects that come later aren't affected."""
    sel = e.affected
    if any(t not in CREATURE_TYPES and t not in OTHER_SUBTYPES for t in sel.subtypes) or (
        parse_effects(e.text) is None
    ):
        game.trace.unknown(f"{name}: which objects '{e.text}' affects (effect not applied)")
        return
    chosen = tuple(o.id for o in game.board.battlefield() if selects(game, sel, caster, o.id))
    if not chosen:
        game.trace.add("611.2c", f"{name}'s effect affects no object as it resolves")
        outcome.append(f"{name}: no object is affected")
        return
    stamp = 1 + max((o.timestamp for o in board.objects.values()), default=0)
    stamp = max(stamp, 1 + max((c.timestamp for c in board.effects), default=0))
    board.effects = [*board.effects, ContinuingEffect(None, e.text, None, chosen, stamp)]
    game.trace.add(
        "611.2c",
        f"{name}'s continuous effect applies to {', '.join(chosen)}: the objects it affects are "
        "determined as it resolves",
    )
    outcome.append(f"{name}: {', '.join(chosen)} — {e.text.rstrip('.')}")


def continuous_on_target(e: Any) -> bool:
    """A pump or "becomes" effect on the spell's target with fixed numbers (608.2h)."""
    if isinstance(e, PumpUntilEndOfTurn):
        fixed = isinstance(e.power, int) and isinstance(e.toughness, int)
        return fixed and e.target.what not in ("self", "you") and parse_effects(e.text) is not None
    if isinstance(e, BecomesUntilEndOfTurn):
        return e.affected.scope == "targets" and parse_effects(e.text) is not None
    return False


def destroy_filter_ok(game: Game, target: str, ch: Chars, e: Destroy) -> bool:
    """The target's filters and the "if it has mana value N or less" condition (608.2b)."""
    return all(filter_holds(game, target, f) for f in e.target.filters)


# --- E3: damage to targets and groups, amounts counted on resolution -------------------------


def amount_value(
    game: Game, amount: Amount, name: str, caster: str, x: int | None = None
) -> int | None:
    """The number an effect uses, determined once as it resolves (608.2h); None (and named
    unknown) when the board doesn't fix it. X is the value announced as the spell was cast
    (601.2b, 107.3a) when the question gives it."""
    if isinstance(amount, int):
        return amount
    if amount == "X" and x is not None:
        game.trace.add("107.3a", f"X in {name}'s effect is the X it was cast with ({x})")
        return x
    if isinstance(amount, CountedAmount):
        stand_in = GameObject(
            id=f"{name} (resolving)", zone="stack", owner=caster, controller=caster
        )
        counted = game.layers.count(amount.count, stand_in, game.chars)
        value = counted * amount.each + amount.plus
        game.trace.add("608.2h", f"{name}: the amount is counted once, as it resolves: {value}")
        return value
    game.trace.unknown(f"{name}: the amount {amount!r} (not fixed by the board)")
    return None


def damaged_group(game: Game, e: DamageEach, caster: str) -> list[str]:
    """Every permanent and player a "deals N damage to each ..." effect reaches (no targets),
    fixed as it resolves (608.2h); "you" and "your opponents" are its controller's (109.5)."""
    out: list[str] = [
        o.id
        for o in game.board.battlefield()
        if any(selects(game, sel, caster, o.id) for sel in e.permanents)
        and (e.keyword is None or game.has(o.id, e.keyword) != e.keyword_absent)
    ]
    players = list(game.board.players)
    if e.players == "none":
        return out
    if e.players == "each_player":
        out += players
    elif e.players == "each_opponent":
        out += [p for p in players if p != caster]
    elif e.players == "you":
        out.append(caster)
    return out


def selects(game: Game, sel: Selector, caster: str, oid: str) -> bool:
    """Whether a resolving spell's "each [permanents]" includes ``oid``: the selector's scope
    read relative to the spell's controller (109.5), by the same test the layers use."""
    stand_in = GameObject(id="(resolving spell)", zone="stack", owner=caster, controller=caster)
    return game.layers.matches(sel, stand_in, oid, game.chars)


def deal_damage(
    game: Game,
    board: Board,
    name: str,
    recipient: str,
    amount: int,
    outcome: list[str],
    caster: str | None = None,
) -> None:
    """120.3: damage to a player is life lost (120.3a), to a planeswalker loyalty removed
    (120.3c), to a creature marked on it (120.3e); after the damage replacement effects that
    apply (614.1a, E4 s12). ``name`` is a permanent's id or the resolving spell's card name
    (``caster`` its controller)."""
    if not (recipient in board.objects and game.has(recipient, "protection")):
        amount = replaced_damage(
            game, _damage_source(game, board, name, caster), recipient, amount, False
        )
    if recipient in board.players:
        board.players[recipient].life -= amount
        game.trace.add("120.3a", f"{recipient} loses {amount} life from {name}'s damage")
        outcome.append(f"{name} deals {amount} damage to {recipient}")
        return
    if game.has(recipient, "protection"):
        source = damage_source_chars(game, board, name)
        stops = (
            None
            if source is None
            else protection_covers(protection_qualities(game, recipient), source)
        )
        if stops is None:
            game.trace.unknown(f"{recipient}'s protection against {name}'s damage (702.16e)")
            return
        if stops:
            game.trace.add(
                "702.16e", f"{recipient} has protection from {name}: its damage is prevented"
            )
            outcome.append(f"{name}'s damage to {recipient} is prevented (protection)")
            return
        game.trace.add(
            "702.16a", f"{recipient}'s protection doesn't cover {name}, which deals its damage"
        )
        amount = replaced_damage(
            game, _damage_source(game, board, name, caster), recipient, amount, False
        )
    ch = game.ch(recipient)
    if "Battle" in ch.types:
        game.trace.unknown(f"{name}'s damage to the battle {recipient} (120.3h)")
        return
    if "Planeswalker" in ch.types and "Creature" not in ch.types:
        o = board.objects[recipient]
        o.counters["loyalty"] = max(0, o.counters.get("loyalty", 0) - amount)
        game.trace.add(
            "120.3c",
            f"{amount} loyalty counters are removed from {recipient}: {o.counters['loyalty']} left",
        )
    else:
        board.objects[recipient].damage += amount
        game.trace.add("120.3e", f"{amount} damage is marked on {recipient}")
    outcome.append(f"{name} deals {amount} damage to {recipient}")


def _damage_source(game: Game, board: Board, name: str, caster: str | None) -> DamageSource:
    """A permanent dealing damage (``name`` is its id) or the resolving spell (its card name),
    for the replacement effects that look at its color, type and controller."""
    if name in board.objects:
        return DamageSource(name, board.objects[name].controller, game.ch(name), oid=name)
    controller = caster or ""
    return DamageSource(name, controller, damage_source_chars(game, board, name), is_spell=True)


def damage_source_chars(game: Game, board: Board, name: str) -> Chars | None:
    """E2 (s10): the characteristics of what deals the damage, for protection (702.16e): a
    permanent's (``name`` is its id) or the resolving spell's printed ones (``name`` is its card
    name). None when they could differ from its card (an effect that changes the colors of
    objects off the battlefield, such as Painter's Servant's) or aren't known."""
    if name in board.objects:
        return game.ch(name)
    if colors_change_off_battlefield(game):
        return None
    card = board.card_source.get(name)
    return None if card is None else printed(card, 0, "stack")


def colors_change_off_battlefield(game: Game) -> bool:
    """Whether a permanent's static ability affects objects in every zone (Painter's Servant,
    `Selector("every_object")`): a spell cast now then needn't have its card's printed colors."""
    return any(
        isinstance(a, StaticEffect) and a.affected.scope == "every_object"
        for o in game.board.battlefield()
        for a in game.ch(o.id).abilities
    )


def targets_of_effect(e: Any, targets: list[str], used: int) -> tuple[list[str], int]:
    """The targets one effect of a spell uses: each "target" phrase takes the next chosen target
    in order (601.2c); an effect naming none ("it", "that creature") refers to the last one."""
    wanted = len(spell_targets([e]))
    if isinstance(e, DividedDamage):  # E4 (s12): "among any number of targets" takes them all
        wanted = e.most or len(targets) - used
    if wanted == 0:
        return targets[max(used - 1, 0) :], used
    return targets[used : used + wanted], used + wanted


# --- E3: counterspells -------------------------------------------------------------------------


def counter_spell(
    game: Game, board: Board, target: str, e: CounterSpell, outcome: list[str]
) -> None:
    """701.6a: a countered spell leaves the stack for its owner's graveyard without resolving;
    "can't be countered" wins over it (101.2); "unless its controller pays" is that player's
    choice as it resolves (608.2d), which the board doesn't give."""
    o = board.objects.get(target)
    if o is None or o.zone != "stack" or o.card is None:
        game.trace.unknown(f"{target}: countering what isn't a spell on the stack (not modelled)")
        return
    if any(
        isinstance(a, Restriction) and a.rule == "cant_be_countered"
        for a in game.ch(target).abilities
    ):
        game.trace.add("101.2", f"{target} can't be countered: that wins over the counter effect")
        outcome.append(f"{target} can't be countered")
        return
    if e.unless_pays is not None:
        game.trace.add("608.2d", f"{o.controller} chooses whether to pay {e.unless_pays}")
        game.trace.unknown(f"whether {o.controller} pays {e.unless_pays} for {target}")
        outcome.append(f"{target} is countered unless {o.controller} pays {e.unless_pays}")
        return
    o.zone = "graveyard"
    o.controller = o.owner
    game.trace.add("701.6a", f"{target} is countered: put into {o.owner}'s graveyard")
    outcome.append(f"{target} is countered")


# --- E3: control-changing effects --------------------------------------------------------------


def gain_control(
    game: Game, board: Board, caster: str, target: str, e: GainControlOf, outcome: list[str]
) -> None:
    """613.1b: a control-changing effect (layer 2), for as long as it says (611.2a; "until end of
    turn" ends in the cleanup step, 514.2); the board afterwards states the new controller. The
    creature hasn't been under its new controller's control since their turn began (302.6)."""
    o = board.objects.get(target)
    if o is None or o.zone != "battlefield":
        game.trace.unknown(f"gaining control of {target}, which isn't on the battlefield")
        return
    lasts = "until end of turn" if e.duration == "end_of_turn" else "indefinitely"
    if e.duration == "end_of_turn":
        game.trace.add("514.2", "'until end of turn' effects end in the cleanup step")
    game.trace.add("613.1b", f"{caster} controls {target} (layer 2), {lasts} (611.2a)")
    game.trace.add("611.2a", f"the control change lasts {lasts}")
    if o.controller != caster:
        o.controller = caster
        o.since_turn_start = False
        game.trace.add(
            "302.6",
            f"{caster} hasn't controlled {target} continuously since their most recent turn "
            "began: without haste it can't attack or use {T} abilities",
        )
    outcome.append(f"{caster} gains control of {target} {lasts}")


def untap_it(game: Game, board: Board, target: str | None, outcome: list[str]) -> None:
    """ "Untap that creature": the object an earlier part of the effect chose."""
    o = board.objects.get(target or "")
    if o is None or o.zone != "battlefield":
        game.trace.unknown(f"untapping {target}, which isn't on the battlefield")
        return
    o.tapped = False
    outcome.append(f"{target} untaps")


def exile_if_dies_this_turn(
    game: Game,
    board: Board,
    name: str,
    e: ExileIfDiesThisTurn,
    targets: list[str],
    outcome: list[str],
) -> None:
    """E6 (s14): "If that creature would die this turn, exile it instead": a replacement effect
    for the rest of the turn (614.1a) on the objects locked in as it resolves (611.2c), kept on
    the board as a resolved effect that the state-based actions after it apply (614.6)."""
    locked = resolved_exile_if_dies(game, board, name, e, targets)
    if not locked:
        game.trace.add("611.2c", f"{name}'s '{e.text}' applies to nothing on the battlefield")
        return
    stamp = 1 + max((o.timestamp for o in board.objects.values()), default=0)
    stamp = max(stamp, 1 + max((c.timestamp for c in board.effects), default=0))
    board.effects = [*board.effects, ContinuingEffect(name, e.text, None, locked, stamp)]
    game.trace.add(
        "611.2c",
        f"{name}'s '{e.text}' applies this turn to {', '.join(locked)}, locked in as it resolves",
    )


def put_counters_each(
    game: Game, board: Board, caster: str, e: PutCountersEach, outcome: list[str]
) -> None:
    """122.1: counters put on every permanent the group includes, fixed as it resolves (608.2h);
    +1/+1 and -1/-1 counters then annihilate as a state-based action (704.5q)."""
    chosen = [o.id for o in game.board.battlefield() if selects(game, e.affected, caster, o.id)]
    for oid in chosen:
        put_counters(game, board, oid, e.counter, e.amount, outcome)


def put_counters(
    game: Game, board: Board, oid: str, kind: str, amount: int, outcome: list[str]
) -> None:
    """122.1: ``amount`` counters of ``kind`` put on ``oid``, after the counter replacement
    effects that apply to them (614.1a; E6, s14)."""
    o = board.objects[oid]
    n = put_counters_on(game, oid, kind, amount)
    o.counters[kind] = o.counters.get(kind, 0) + n
    game.trace.add("122.1", f"{n} {kind} counter(s) put on {oid}")
    outcome.append(f"{oid} gets {n} {kind} counter{'s' if n != 1 else ''}")


def put_counters_on_target(
    game: Game, board: Board, name: str, e: PutCounters, target: str, outcome: list[str]
) -> None:
    """E6 (s14): "Put two +1/+1 counters on target creature" (122.1) on the target chosen."""
    o = board.objects.get(target)
    if o is None or o.zone != "battlefield" or not isinstance(e.amount, int):
        game.trace.unknown(f"{name}: {e.text} (effect not applied)")
        return
    put_counters(game, board, target, e.counter, e.amount, outcome)


def exile_target(game: Game, board: Board, target: str, outcome: list[str]) -> None:
    """406.2: the target is put into exile from the battlefield: a new object there (400.7);
    a token there ceases to exist when state-based actions are checked (704.5d). Nothing "dies"
    (700.4)."""
    o = board.objects.get(target)
    if o is None or o.zone != "battlefield":
        game.trace.unknown(f"exiling {target}, which isn't on the battlefield (not modelled)")
        return
    leave_battlefield(board, target, "exile")  # a new object in exile (400.7, 406.2)
    game.trace.add("406.2", f"{target} is exiled")
    outcome.append(f"{target} is exiled")  # a token there ceases to exist as an SBA (704.5d)


def controller_gains_life(
    game: Game,
    board: Board,
    name: str,
    caster: str,
    e: ItsControllerGainsLife,
    chosen: str | None,
    outcome: list[str],
    gainers: set[str] | None,
) -> int:
    """ "Its controller gains life equal to its power": the object the effect chose before
    (109.4), read as it last existed on the battlefield (608.2h): this board, before the spell
    resolved. Returns the life its caster gained."""
    before = game.board.objects.get(chosen or "")
    if before is None or before.zone != "battlefield":
        game.trace.unknown(f"{name}: whose life '{e.text}' means")
        return 0
    ch = game.ch(before.id)
    value = ch.power if e.stat == "power" else ch.toughness
    if value is None:
        game.trace.unknown(f"{name}: the {e.stat} of {before.id}")
        return 0
    amount = max(value, 0)  # 107.1b: life gained can't be negative
    player = before.controller
    game.trace.add(
        "608.2h", f"{before.id}'s {e.stat} as it last existed on the battlefield: {value}"
    )
    board.players[player].life += amount
    outcome.append(f"{player} gains {amount} life")
    if amount > 0 and gainers is not None:
        gainers.add(player)
    return amount if player == caster else 0


def destroy_each(game: Game, board: Board, caster: str, e: DestroyEach, outcome: list[str]) -> None:
    """ "Destroy all creatures": every permanent a group includes as it resolves (608.2h), all at
    once, goes to its owner's graveyard (701.8a); an indestructible one stays (702.12b)."""
    chosen = [
        o.id
        for o in game.board.battlefield()
        if any(selects(game, sel, caster, o.id) for sel in e.affected)
    ]
    if not chosen:
        outcome.append(f"'{e.text}' destroys nothing (no such permanent)")
    riders: list[DeathReplacement] = []  # Kalitas's Zombies, made once all are destroyed
    for oid in chosen:
        if game.has(oid, "indestructible"):
            game.trace.add("702.12b", f"{oid} is indestructible")
            outcome.append(f"{oid} is not destroyed (indestructible)")
            continue
        if exiled_instead(game, board, oid, game.trace, riders):
            leave_battlefield(board, oid, "exile")
            outcome.append(f"{oid} would be destroyed, but is exiled instead")
            continue
        to_graveyard(board, oid)
        game.trace.add("701.8a", f"{oid} is destroyed: moved to its owner's graveyard")
        outcome.append(f"{oid} is destroyed")
    create_all(game, board, riders, game.trace, outcome)


def counted_pump_fixed(
    game: Game, e: PumpUntilEndOfTurn, name: str, caster: str
) -> PumpUntilEndOfTurn:
    """ "+X/+X where X is the number of ..." counted once as it resolves (608.2h): the continuous
    effect then has those numbers (an effect it can't fix stays as it is, and is unknown)."""
    power = amount_value(game, e.power, name, caster)
    toughness = amount_value(game, e.toughness, name, caster)
    if power is None or toughness is None or e.grants or e.target.what in ("self", "you"):
        return e
    text = f"Target creature gets {power:+d}/{toughness:+d} until end of turn"
    return PumpUntilEndOfTurn(e.target, power, toughness, (), text)


# --- E3: a creature deals damage equal to its power ---------------------------------------------

#: a source's abilities that change what its damage does (702.2 deathtouch, 702.15 lifelink,
#: 702.80 wither, 702.90 infect): with one of them the result isn't modelled
DAMAGE_KEYWORDS = ("deathtouch", "lifelink", "wither", "infect")


def creature_deals_power(
    game: Game, board: Board, e: CreatureDealsPower, targets: list[str], outcome: list[str]
) -> None:
    """The first creature (a target, or the one chosen before) deals damage equal to its power,
    read once as the effect resolves (608.2h), to the recipient (120.3)."""
    if e.source.what in REFERENCES or e.recipient.what in REFERENCES:
        game.trace.unknown(f"'{e.text}': which object 'it' or '~' means here")
        return
    if len(targets) < 2:
        raise QuestionError("this effect needs two targets: the creature, then what it damages")
    source, recipient = targets[0], targets[1]
    if source not in board.objects or board.objects[source].zone != "battlefield":
        game.trace.unknown(f"{source} isn't on the battlefield to deal damage")
        return
    if any(game.has(source, kw) for kw in DAMAGE_KEYWORDS):
        game.trace.unknown(f"{source}'s deathtouch, lifelink, wither or infect on this damage")
        return
    power = max(game.ch(source).power or 0, 0)
    game.trace.add("608.2h", f"{source}'s power is read once, as the effect resolves: {power}")
    deal_damage(game, board, source, recipient, power, outcome)
