"""Checks that a board could have happened, run before any answer is called verified.

A board snapshot that breaks the rules (a creature attacking its own controller, a blocker that
couldn't block, an Aura on something it can't enchant) can't be answered from the rules: the
answer is still computed, but each contradiction is named in ``unmodelled`` so it is never
verified. The loader (engine/board.py) already refuses contradictions it can see without
characteristics; these need the layer system.
"""

from __future__ import annotations

import re

from engine.abilities import (
    ChooseAsEnters,
    EntersTapped,
    EntersWithCounters,
    Keyword,
)
from engine.answer import Trace
from engine.board import GameObject
from engine.characteristics import SPLIT_LAYOUTS, color_indicator_unknown
from engine.game import COMBAT_STEPS, Game, protection_stops
from engine.predefined import PREDEFINED
from engine.replacements import (
    check_counters_with_replacement,
    check_damage_marked_with_replacement,
    check_tokens_with_replacement,
)
from engine.trigger_events import check_state_triggers, declared_combat_triggers

SBA_KINDS = ("after_sba", "combat_damage", "spell")  # questions that perform SBAs (704.3)
# the combat steps in which creatures can be attacking or blocking: attackers are declared in
# the declare attackers step (508.1), the second of the combat phase's steps (506.1)
IN_COMBAT_STEPS = COMBAT_STEPS[COMBAT_STEPS.index("declare_attackers") :]
AFTER_ATTACKS = IN_COMBAT_STEPS[1:]  # attackers have been declared (508.1d requirements checked)
BLOCKS_DECLARED = ("declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat")
# what the board may not say when attacking, because declared attackers stay attacking
# (506.4a, 506.4b: tapping or losing haste later doesn't remove it from combat)
ATTACK_REASONS_AFTER_THE_FACT = ("it is tapped",)


def check_board(game: Game, kind: str) -> None:  # kind: a questions.QuestionKind
    """Flag every contradiction on the board (for this question kind) in ``game.trace``."""
    trace = game.trace
    check_combat_timing(game, trace)
    check_attackers(game, trace)
    check_blocks(game, trace)
    check_attack_triggers(game, trace)
    check_state_triggers(game)  # E2: "When you control no Islands" (603.8)
    if kind != "after_sba":  # the SBA question performs 704.5m/n itself
        check_attachments(game, trace)
    check_counters_given(game, trace)
    check_predefined_subtype_without_text(game, trace)
    check_choices(game, trace)
    check_damage_marked(game, trace)
    check_damage_marked_with_replacement(game)  # E4 (s12): 614.1a
    check_tokens_with_replacement(game)
    check_counters_with_replacement(game)
    check_faces(game, trace)
    check_control_changes(game, trace)
    if kind != "characteristics":  # whether it's tapped doesn't change its characteristics
        check_entered_untapped(game, trace)
    if kind in SBA_KINDS:
        check_unmodelled_sbas(game, trace)
    if kind != "after_sba":
        check_no_sba_pending(game, trace)
    if kind == "combat_damage":
        check_damage_still_to_come(game, trace)
    if kind == "can_attack":
        check_attackers_still_to_declare(game, trace)


def check_no_sba_pending(game: Game, trace: Trace) -> None:
    """704.3, 117.5: state-based actions are performed before any player receives priority, so
    a board on which one would apply is one nobody could ask about yet (the after_sba question
    performs them)."""
    from engine.sba import pending_sbas  # engine.sba imports this module

    pending = pending_sbas(game)
    if pending:
        trace.unknown(
            f"a state-based action is pending ({pending[0]}): they are performed before a player "
            "receives priority (704.3, 117.5), so the board isn't one a question can be asked "
            "about yet — ask after_sba first"
        )


def check_damage_still_to_come(game: Game, trace: Trace) -> None:
    """A combat damage answer deals the combat's damage from the board (step: combat_damage
    means the damage of both damage steps, 510.4): in the declare attackers step no blockers
    are declared yet (509.1); at end of combat all of it was dealt (511.1)."""
    board = game.board
    fighters = [o.id for o in board.battlefield() if o.attacking or o.blocking]
    if not fighters:
        return
    if board.step == "declare_attackers":
        trace.unknown(
            "it is the declare attackers step: blockers haven't been declared yet (509.1), so the "
            "answer treats every attacker the board doesn't show blocked as unblocked"
        )
    elif board.step == "end_of_combat":
        trace.unknown(
            "it is the end of combat step: combat damage was already dealt (510.2, 511.1), but "
            "the answer deals it from this board"
        )


def check_attackers_still_to_declare(game: Game, trace: Trace) -> None:
    """508.1: attackers are declared once, in the declare attackers step; after it a creature
    that isn't attacking could attack only in an additional combat phase (500.8)."""
    step = game.board.step
    if step in AFTER_ATTACKS or step in ("postcombat_main", "end", "cleanup"):
        trace.unknown(
            f"it is the {step} step: this turn's attackers were declared in the declare "
            "attackers step (508.1), so the answer is about a combat that hasn't begun (an "
            "additional combat phase, 500.8, or a later turn)"
        )


def check_combat_timing(game: Game, trace: Trace) -> None:
    """506.1, 511.3: creatures are attacking or blocking only during the combat phase; blockers
    exist only once blockers are declared (509.1)."""
    step = game.board.step
    fighters = [o for o in game.board.battlefield() if o.attacking or o.blocking]
    if fighters and step not in IN_COMBAT_STEPS:
        trace.unknown(
            f"{fighters[0].id} is in combat, but it is the {step} step: creatures are attacking "
            "or blocking only during the combat phase (506.1, 511.3)"
        )
    blockers = [o for o in fighters if o.blocking or o.blocked]
    if blockers and step == "declare_attackers":
        trace.unknown(
            f"{blockers[0].id} is {'blocked' if blockers[0].blocked else 'blocking'} during the "
            "declare attackers step: blockers are "
            "declared in the declare blockers step (509.1)"
        )


def check_attackers(game: Game, trace: Trace) -> None:
    """508.1a-d: the declared attackers could have attacked, and at what."""
    board = game.board
    probe = Trace()
    for o in board.battlefield():
        if not o.attacking:
            continue
        if not game.is_creature(o.id):
            trace.unknown(f"{o.id} is attacking but isn't a creature (508.1a)")
            continue
        saved, game.trace = game.trace, probe
        try:
            _ok, reasons = game.can_attack(o.id)
        finally:
            game.trace = saved
        for why in reasons:
            if why not in ATTACK_REASONS_AFTER_THE_FACT:
                trace.unknown(
                    f"{o.id} is attacking, but as the board stands it couldn't be declared an "
                    f"attacker: {why} (508.1a); unless it entered attacking (506.3) or that "
                    "changed after attackers were declared (506.4a), the board contradicts itself"
                )
        target = board.objects.get(o.attacking)
        if target is not None:
            check_attack_target(game, trace, o, target)
    if board.step in AFTER_ATTACKS:
        check_attack_requirements(game, trace, probe)


def check_attack_target(game: Game, trace: Trace, o: GameObject, target: GameObject) -> None:
    """508.1b: a creature attacks a player, a planeswalker or a battle its controller's opponent
    controls (or protects)."""
    types = game.ch(target.id).types
    if "Battle" in types:
        trace.unknown(f"{o.id} attacks the battle {target.id}: battles are not modelled")
    elif "Planeswalker" not in types:
        trace.unknown(
            f"{o.id} attacks {target.id}, which is neither a player, a planeswalker nor a battle "
            "(508.1b)"
        )
    elif target.controller == o.controller:
        trace.unknown(
            f"{o.id} attacks {target.id}, a planeswalker its own controller controls (508.1b)"
        )


def check_attack_requirements(game: Game, trace: Trace, probe: Trace) -> None:
    """508.1d: "attacks each combat if able" — an able creature that isn't attacking breaks the
    requirement, unless something the board doesn't show stopped it."""
    for o in game.board.battlefield():
        if o.attacking or o.controller != game.board.active or not game.is_creature(o.id):
            continue
        saved, game.trace = game.trace, probe
        try:
            must = "must_attack" in game.restrictions(o.id)
            able = must and not o.tapped and game.can_attack(o.id)[0]
        finally:
            game.trace = saved
        if able:
            trace.unknown(
                f"{o.id} attacks each combat if able and could have attacked, but isn't "
                "attacking (508.1d)"
            )


def check_blocks(game: Game, trace: Trace) -> None:
    """509.1a-c: every block could have been declared, and the attackers' own restrictions on
    how they are blocked hold."""
    probe = Trace()
    for o in game.board.battlefield():
        for aid in o.blocking:
            ok, reasons = game.can_block_detail(o.id, aid, probe)
            if not ok:
                trace.unknown(
                    f"{o.id} blocks {aid}, but as the board stands it couldn't be declared a "
                    f"blocker for it: {'; '.join(reasons)} (509.1a-b); unless that changed after "
                    "blockers were declared (506.4a), the board contradicts itself"
                )
        allowed = game.blocks_allowed(o.id) if o.blocking else 1
        if allowed is not None and len(o.blocking) > allowed:
            trace.unknown(
                f"{o.id} blocks {len(o.blocking)} creatures but can block only {allowed} (509.1a)"
            )
        if not o.attacking or not o.blocked_by:
            continue
        if game.needs_two_blockers(o.id) and len(o.blocked_by) == 1:
            what = (
                "menace" if game.has(o.id, "menace") else "'can't be blocked except by two or more'"
            )
            rule = "702.111b" if game.has(o.id, "menace") else "509.1b"
            trace.unknown(f"{o.id} has {what} but only one creature blocks it ({rule})")
        if "max_one_blocker" in game.restrictions(o.id) and len(o.blocked_by) > 1:
            trace.unknown(
                f"{o.id} can't be blocked by more than one creature, but {len(o.blocked_by)} "
                "block it (509.1b)"
            )


# --- attachments (303.4, 301.5, 704.5m-n) ------------------------------------------------------


def check_protection_attachment(
    game: Game, trace: Trace, o: GameObject, target: GameObject
) -> None:
    """702.16c-d: a permanent with protection can't be enchanted or equipped by an Aura or
    Equipment with the stated quality; a state-based action removes it (704.5m-n)."""
    stops = protection_stops(game, target.id, o.id)
    if stops is None:
        trace.unknown(f"{o.id} is attached to {target.id}: what its protection covers is not read")
    elif stops:
        trace.unknown(
            f"{o.id} is attached to {target.id}, whose protection covers it (702.16c-d): a "
            "state-based action removes it (704.5m-n)"
        )


TYPE_WORDS = {
    "creature": "Creature",
    "land": "Land",
    "artifact": "Artifact",
    "enchantment": "Enchantment",
    "planeswalker": "Planeswalker",
    "battle": "Battle",
}
CONTROL_WORDS = {
    "you control": "you",
    "an opponent controls": "opponent",
    "you don't control": "opponent",
}


def enchant_allows(game: Game, aura: GameObject, target: GameObject, what: str) -> bool | None:
    """Whether ``target`` is a legal object for "Enchant ``what``" (702.5a); None when the
    engine can't read ``what``."""
    ch = game.ch(target.id)
    for alternative in re.split(r",? or |, ", what.strip()):
        words = alternative.strip()
        whose = None
        for phrase, who in CONTROL_WORDS.items():
            if words.endswith(" " + phrase):
                words, whose = words[: -len(phrase) - 1], who
        ok = _enchant_word_allows(words, ch.types, ch.subtypes, ch.supertypes)
        if ok is None:
            return None
        if whose == "you" and target.controller != aura.controller:
            ok = False
        if whose == "opponent" and target.controller == aura.controller:
            ok = False
        if ok:
            return True
    return False


def _enchant_word_allows(
    words: str, types: tuple[str, ...], subtypes: tuple[str, ...], supertypes: tuple[str, ...]
) -> bool | None:
    if words == "permanent":
        return True
    if words in ("player", "opponent"):
        return False  # attached to an object, but it enchants a player
    m = re.fullmatch(r"(non)?(basic )?(\w+)", words)
    if not m:
        return None
    negate, basic, noun = bool(m.group(1)), bool(m.group(2)), m.group(3)
    if noun == "permanent" and negate:
        return None
    if noun in TYPE_WORDS:
        has = TYPE_WORDS[noun] in types
    elif noun[:1].isalpha() and noun.capitalize() in (
        "Forest",
        "Island",
        "Mountain",
        "Plains",
        "Swamp",
    ):
        has = noun.capitalize() in subtypes
    else:
        return None
    if basic:
        has = has and "Basic" in supertypes
    return not has if negate else has


def check_attachments(game: Game, trace: Trace) -> None:
    """An Aura on an object it can't enchant, or on nothing, would be put into its owner's
    graveyard by a state-based action (704.5m, 303.4c); Equipment on a non-creature becomes
    unattached (704.5n). A snapshot like that is before SBAs were performed, so questions
    other than the SBA question can't be answered from it."""
    board = game.board
    for o in board.battlefield():
        ch = game.ch(o.id)
        target = board.objects.get(o.attached_to or "")
        if target is not None and ch.keywords() & {"bestow", "reconfigure"}:
            trace.unknown(f"{o.id}: attached with bestow or reconfigure (702.103, 702.151)")
            continue
        if "Aura" in ch.subtypes:
            if target is None:
                trace.unknown(
                    f"{o.id} is an Aura attached to nothing: a state-based action puts it into "
                    "its owner's graveyard (704.5m)"
                )
                continue
            if "Creature" in ch.types:
                trace.unknown(
                    f"{o.id} is an Aura that's also a creature: it can't enchant (303.4d)"
                )
                continue
            for kw in ch.abilities:
                if isinstance(kw, Keyword) and kw.name == "enchant" and kw.param:
                    ok = enchant_allows(game, o, target, kw.param)
                    if ok is None:
                        trace.unknown(f"{o.id}: what 'Enchant {kw.param}' allows is not modelled")
                    elif not ok:
                        trace.unknown(
                            f"{o.id} enchants {target.id}, which 'Enchant {kw.param}' doesn't "
                            "allow: a state-based action puts it into its owner's graveyard "
                            "(704.5m)"
                        )
        elif "Equipment" in ch.subtypes and target is not None and not game.is_creature(target.id):
            trace.unknown(
                f"{o.id} is Equipment attached to {target.id}, which isn't a creature: a "
                "state-based action unattaches it (704.5n)"
            )
        if target is not None and ("Aura" in ch.subtypes or "Equipment" in ch.subtypes):
            check_protection_attachment(game, trace, o, target)
        elif target is not None and not _attaches(ch.subtypes):
            trace.unknown(
                f"{o.id} is attached to {target.id} but isn't an Aura, Equipment or "
                "Fortification (301.5, 303.4)"
            )


def _attaches(subtypes: tuple[str, ...]) -> bool:
    return any(s in subtypes for s in ("Aura", "Equipment", "Fortification"))


def check_attack_triggers(game: Game, trace: Trace) -> None:
    """603.2: an ability that triggers on attacking went on the stack when attackers were
    declared and resolves before blockers are (508.1m, 509): what it did ("it gets +2/+0 until
    end of turn") is part of the board only when the board lists it under ``effects``."""
    # E2: block triggers too (509.2a): engine/trigger_events.py matches the declarations
    listed = {e.source for e in game.board.effects if e.source is not None}
    for t in declared_combat_triggers(game, explain=False):
        if t.source in listed:
            continue
        kind = "attack" if t.event == "attacks" else "block"
        when = "attackers" if t.event == "attacks" else "blockers"
        cond = t.ability.intervening_if
        trace.unknown(
            f"{t.source}'s {kind} trigger ({t.ability.text or 'whenever it attacks'}) triggered "
            f"when {when} were declared (603.2)"
            + (f" if '{cond}' held (603.4)" if cond else "")
            + "; what it did isn't on the board (list it under effects)"
        )


def check_counters_given(game: Game, trace: Trace) -> None:
    """A permanent that enters with counters (614.1c) has whatever is on it now; when the board
    doesn't say, its counters are unknown rather than none."""
    for o in game.board.battlefield():
        if o.entering or o.counters_given:
            continue
        ch = game.ch(o.id)
        # a copy effect's "enters with an additional +1/+1 counter" (Spark Double, 614.1c)
        extra = any(
            (kind == "+1/+1" and "Creature" in ch.types)
            or (kind == "loyalty" and "Planeswalker" in ch.types)
            for kind, _n in ch.extra_counters
        )
        if extra or any(isinstance(a, EntersWithCounters) for a in ch.abilities):
            trace.unknown(
                f"{o.id} enters with counters, but the board doesn't say how many it has now "
                "(give counters: {...})"
            )


def check_predefined_subtype_without_text(game: Game, trace: Trace) -> None:
    """E6 (s14): a token given by defined values whose subtype is a predefined token's
    ("types: [Artifact], subtypes: [Treasure]") and no text is most likely that token with its
    111.10 ability left out; the board doesn't say which (``predefined: Treasure`` does)."""
    for o in game.board.objects.values():
        token = o.token
        if token is None or token.predefined or token.copy_of or token.copy_of_card:
            continue
        if token.created_by_card or token.oracle_text:
            continue
        if "Role" in token.subtypes:
            trace.unknown(
                f"{o.id} is a Role token given no abilities: 111.10 defines each Role's (give "
                "predefined: Monster Role, ...)"
            )
            continue
        for entry in PREDEFINED.values():
            kind = entry.spec.subtypes[-1]
            if entry.spec.ability_text and kind in token.subtypes:
                trace.unknown(
                    f"{o.id} is a {kind} token given no abilities: a {entry.name} token has "
                    f"'{entry.spec.ability_text}' ({entry.rule}) unless the effect that made it "
                    f"said otherwise (give predefined: {entry.name})"
                )
                break


def check_choices(game: Game, trace: Trace) -> None:
    """E1 (s9): "choose a color other than green" (the Thriving lands): a board whose chosen
    color is the excluded one couldn't have happened (607.2d links the choice to its use)."""
    for o in game.board.battlefield():
        for a in game.ch(o.id).abilities:
            if not isinstance(a, ChooseAsEnters) or not a.other_than:
                continue
            if o.chosen.get(a.choice) == a.other_than:
                trace.unknown(f"{o.id}: the chosen color can't be {{{a.other_than}}} ('{a.text}')")


def check_damage_marked(game: Game, trace: Trace) -> None:
    """Damage stays marked only on an object that was a creature when it was dealt (120.3e, 120.6).
    Damage dealt to a planeswalker removes its loyalty counters instead (120.3c), so damage
    "marked" on a noncreature can't be read: it could mean lost loyalty, or damage from a turn it
    was a creature."""
    for o in game.board.battlefield():
        if o.damage and not game.is_creature(o.id):
            trace.unknown(
                f"{o.id} has {o.damage} damage marked but isn't a creature: damage to a "
                "planeswalker removes loyalty counters instead (120.3c), and damage stays marked "
                "only on an object that was a creature when it was dealt (120.6)"
            )


def check_faces(game: Game, trace: Trace) -> None:
    """What the card data can't say about a back face: its color indicator (202.2e) and, without
    the card's layout, whether its mana value is the front face's (712.8e) or its own (712.8f)."""
    for o in game.board.objects.values():
        card = o.card
        if card is None or o.copy_effects:
            continue
        if card.layout in SPLIT_LAYOUTS and o.zone == "stack" and not o.face_given:
            trace.unknown(
                f"{o.id}: which half of {card.name} was cast isn't given (709.3) — give face: "
                "front or back"
            )
        if card.layout == "meld" and not o.face and not card.mana_cost:
            trace.unknown(
                f"{o.id}: {card.name} is a meld card's back half: a melded permanent's mana value "
                "is its two front faces' combined (712.8g), which isn't modelled"
            )
        if color_indicator_unknown(card, o.face):
            trace.unknown(
                f"{o.id}: {card.face(o.face).name} has no mana cost and the card data doesn't "
                "give its colors (a color indicator, 202.2e)"
            )
        if not o.face:
            continue
        if card.layout == "meld":
            trace.unknown(f"{o.id}: a melded permanent's characteristics (712.8g)")
        elif not card.layout:
            trace.unknown(
                f"{o.id}: whether {card.name} transforms or is modal (its back face's mana value, "
                "712.8e/712.8f) — give layout: transform or modal_dfc"
            )


def check_control_changes(game: Game, trace: Trace) -> None:
    """613.1b: a permanent its owner doesn't control is under a control-changing effect. When
    no modelled effect on the board explains it, that effect (and its duration) is unknown."""
    for o in game.board.battlefield():
        if o.owner != o.controller and game.ch(o.id).controller != o.controller:
            trace.unknown(
                f"{o.id} is owned by {o.owner} but controlled by {o.controller}: the "
                "control-changing effect isn't on the board (613.1b)"
            )


def check_entered_untapped(game: Game, trace: Trace) -> None:
    """614.1c: a permanent that "enters tapped" (with no "unless") and came under its
    controller's control this turn is untapped only if something untapped it since; the board
    doesn't say what, so an answer that depends on it being untapped isn't verified."""
    for o in game.board.battlefield():
        if o.tapped or o.since_turn_start:
            continue
        if any(isinstance(a, EntersTapped) and a.unless is None for a in game.ch(o.id).abilities):
            trace.unknown(
                f"{o.id} came in this turn and enters tapped (614.1c), but the board has it "
                "untapped: what untapped it isn't on the board"
            )


def check_unmodelled_sbas(game: Game, trace: Trace) -> None:
    """State-based actions the engine doesn't perform (704.5v-x battles; 704.5s Sagas whose
    chapter abilities it reads): an answer that performs SBAs can't be verified with them."""
    for o in game.board.battlefield():
        ch = game.ch(o.id)
        if "Battle" in ch.types:
            trace.unknown(f"{o.id} is a battle: its state-based actions (704.5v-x) aren't modelled")
        if "Saga" in ch.subtypes:
            trace.unknown(f"{o.id} is a Saga: its lore-counter state-based action (704.5s)")
