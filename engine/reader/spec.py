"""The draft as a board spec: the same mapping a YAML board file has (docs/board-spec.md)."""

from __future__ import annotations

import re
from typing import Any

from engine.predefined import predefined
from engine.reader.draft import Draft, Thing
from engine.reader.vocabulary import Player


def other(player: Player | None) -> Player:
    return "P1" if player == "P2" else "P2"


def settle(draft: Draft) -> list[str]:
    """Fill in what the message left out; returns the assumptions made (for the echo)."""
    assumed: list[str] = []
    _resolve_token_spells(draft)
    _control_changes(draft, assumed)
    for thing in draft.things.values():
        _counters_from_x(thing, draft)
        _counters_from_copy(thing, draft)
        if thing.entered_turn is not None and thing.entered_turn == draft.turn_number:
            thing.this_turn = True  # "came down turn 5, it's turn 5": this turn (302.6)
            thing.said = [s for s in thing.said if not s.startswith("since turn")]
            thing.note("entered this turn")
    _combat_over(draft)
    _blocks_oppose(draft)
    _counters_met(draft)
    for thing in draft.things.values():
        _entered_tapped(thing)
        _loyalty_after_ability(thing, draft)
    attackers = {t.id: t for t in draft.things.values() if t.attacking}
    for thing in draft.things.values():
        if thing.controller is None and thing.blocking in attackers:
            thing.controller = other(attackers[thing.blocking].controller or "P1")
        if thing.controller is None and thing.attached_to in draft.things:
            thing.controller = draft.things[thing.attached_to].controller
        if thing.controller is None:
            thing.controller = "P1"
            if thing.zone == "battlefield":
                assumed.append(f"{thing.entity.label} is yours")
            elif _whose_graveyard_matters(draft):
                # "graveyards have X": whose, when a card on the battlefield counts only one
                # player's graveyard ("your graveyard", threshold, delirium)
                draft.doubt("assumed_owner", f"{thing.zone} {thing.entity.label} is in")
    for thing in draft.things.values():
        if thing.attacking == "?":
            thing.attacking = other(thing.controller)
    for attacker_id, split in draft.assignment.items():
        if "?player" in split:  # (R6) "... and 2 to them": the player it attacks (510.1c)
            player = draft.things[attacker_id].attacking or other(
                draft.things[attacker_id].controller
            )
            split[player] = split.pop("?player")
    _mana_of_many(draft)
    _yours_to_use(draft)
    _asked_off_the_battlefield(draft)
    sides = {t.controller for t in draft.things.values() if t.attacking}
    if draft.active is None and len(sides) == 1:
        draft.active = sides.pop()  # only the active player attacks (508.1a)
    _blocker_defends(draft)
    if sides_step_needed(draft):
        draft.step = "declare_blockers"  # the engine's own default for a board in combat
    _entered_the_turn_before(draft)
    _tokens_said_by_type_only(draft)
    for thing in draft.things.values():
        if thing.on_their_turn and thing.controller == "P1" and draft.active == "P2":
            thing.this_turn = True  # it came in during this turn, the opponent's (302.6)
        if thing.last_turn and thing.controller != (draft.active or "P1"):
            # "I cast it last turn", asked on the opponent's turn: that was its controller's
            # most recent turn, and it wasn't there when that turn began (302.6)
            thing.this_turn = True
            thing.said = [s for s in thing.said if s != "since before this turn"]
            thing.note(
                "came in during your most recent turn"
                if thing.controller == "P1"
                else "came in during their most recent turn"
            )
    return assumed


def _blocks_oppose(draft: Draft) -> None:
    """ "can my Spirit token block Serra Angel?": a block question sets the attacker against the
    blocker, so an attacker whose controller wasn't said is the other player's (the active player
    attacks, the defending player blocks: 508.1a, 509.1a)."""
    for question in draft.questions:
        if question.kind != "can_block":
            continue
        blocker = draft.things.get(str(question.fields.get("object", "")))
        attacker = draft.things.get(str(question.fields.get("attacker", "")))
        if blocker is None or attacker is None or attacker.controller is not None:
            continue
        blocker.controller = blocker.controller or "P1"
        attacker.controller = other(blocker.controller)


def _blocker_defends(draft: Draft) -> None:
    """ "opp has a Serra Angel, can my bears block?": asking whether a creature can block presumes
    its controller is the defending player (509.1a), so with whose turn it is unsaid it is the
    other player's. What it would block wasn't said, so the answer is never verified."""
    if draft.active is not None:
        return
    for question in draft.questions:
        blocker = draft.things.get(str(question.fields.get("object", "")))
        if question.kind != "can_block" or blocker is None or blocker.controller is None:
            continue
        draft.active = other(blocker.controller)
        if "attacker" in question.fields:
            continue
        theirs = [
            t
            for t in draft.things.values()
            if t.zone == "battlefield" and t.controller == draft.active and t.is_creature()
        ]
        if len(theirs) == 1:  # the one creature that could attack it: a guess, said as one
            theirs[0].attacking = blocker.controller
            question.fields["attacker"] = theirs[0].id
            question.text += f" {theirs[0].entity.label}"
            draft.doubt("no_attacker", f"{blocker.entity.label} (I took {theirs[0].entity.label})")
        else:
            draft.doubt("no_attacker", blocker.entity.label)


def _entered_the_turn_before(draft: Draft) -> None:
    """(S2) "I cast it on turn 5, it's turn 6": turns are the game's, and two players alternate, so
    turn 5 was its controller's most recent turn when turn 6 is the other player's, and it wasn't
    there when that turn began (302.6). Whose turn 6 is, when unsaid, is a guess: a creature is
    cast in its caster's own main phase (302.1), but a player may count only their own turns."""
    for thing in draft.things.values():
        if thing.entered_turn is None or draft.turn_number is None:
            continue
        if thing.entered_turn != draft.turn_number - 1:
            continue  # two or more turns ago: there when its controller's last turn began
        thing.last_turn = True
        thing.said = [s for s in thing.said if not s.startswith("since turn")]
        if draft.active is None:
            draft.active = other(thing.controller)
            draft.doubt("assumed_turn", f"turn {draft.turn_number}")
        elif draft.active_from_question:
            # "they cast it on turn 2, it's turn 3, can it attack?": alternating turns make turn 3
            # the other player's, the question takes it to be theirs; either is a guess (500.1)
            draft.doubt("assumed_turn", f"turn {draft.turn_number}")


def _tokens_said_by_type_only(draft: Draft) -> None:
    """(S2) "a Goblin token": the message gave no power, toughness or abilities (many cards make
    Goblins, some with haste). The token is read, but the reading isn't trusted; a token 111.10
    defines ("two Treasure tokens") is that token (R18, ``_predefined_name``)."""
    for thing in draft.things.values():
        token = thing.entity.token
        if token is None or not set(token) <= {"types", "subtypes", "label"}:
            continue
        if _predefined_name(token) is None:
            draft.doubt("unknown_card", f"{thing.entity.label} (what it is wasn't said)")


def _predefined_name(token: dict[str, Any]) -> str | None:
    """(R18) "two Treasure tokens", "my Clue": an artifact token said by a subtype that 111.10
    defines (111.10a-h, s: Treasure, Food, Gold, Clue, Blood, Powerstone, Map, ...) is that
    token, colors, types and ability included, so the board names it (``{predefined: Treasure}``)
    and its reading is trusted. Incubator (111.10i, double-faced) isn't defined in the engine, and
    a creature token by type alone ("a Goblin token") is still unknown."""
    if not set(token) <= {"types", "subtypes", "label"} or token.get("types") != ["Artifact"]:
        return None
    subtypes = token.get("subtypes") or []
    entry = predefined(subtypes[0]) if len(subtypes) == 1 else None
    if entry is None or entry.spec.types != ("Artifact",) or entry.spec.subtypes != (subtypes[0],):
        return None
    return entry.name


def _loyalty_after_ability(thing: Thing, draft: Draft) -> None:
    """(R6) "I cast Jace and +1'd him": a planeswalker that came in this turn entered with its
    printed loyalty (306.5b) and the ability's cost changed it (606.4); one that didn't, with its
    loyalty not said, has a loyalty the message doesn't give."""
    if not thing.loyalty_delta:
        return
    printed = thing.entity.text.loyalty if thing.entity.text else None
    if thing.this_turn and printed and printed.isdigit():
        total = max(int(printed) + thing.loyalty_delta, 0)
        thing.counters["loyalty"] = total
        thing.note(f"{total} loyalty (entered with {printed})")
    else:
        draft.doubt("unsupported_question", f"{thing.entity.label}'s loyalty before its ability")
    thing.loyalty_delta = 0


_ENTERS_TAPPED = re.compile(
    r"^(?:~|this \w+|it) enters(?: the battlefield)? tapped\.$", re.IGNORECASE | re.MULTILINE
)


def _entered_tapped(thing: Thing) -> None:
    """(R6) "i played Worn Powerstone this turn": a permanent whose own text says it enters
    tapped (an unconditional replacement effect, 614.1c) is tapped when the message doesn't say
    it untapped since. "enters tapped unless ..." depends on the board then and isn't read."""
    if thing.zone != "battlefield" or not thing.this_turn or thing.tapped is not None:
        return
    card = thing.entity.text
    if card is None:
        return
    text = card.oracle_text.replace(card.name, "~")
    if _ENTERS_TAPPED.search(text):
        thing.tapped = True
        thing.note("tapped (it enters tapped)")


def _counters_met(draft: Draft) -> None:
    """(R6) "it had two +1/+1 counters and this turn got a -1/-1 counter": told as history, the
    state-based action already removed the pairs (704.5q, performed before anyone had
    priority, 704.3), so the board now has what is left. A question about that action itself
    ("what happens after state-based actions", "how many counters are left") keeps both."""
    now = ("characteristics", "can_attack", "can_block", "can_activate", "mana", "tokens", "spell")
    fighting = any(t.attacking for t in draft.things.values())
    if not draft.questions or any(
        q.focus in ("counters_left", "after_sba", "dies", "survives", "fate")
        or (q.kind not in now and not (q.kind == "combat_damage" and fighting))
        for q in draft.questions
    ):
        return
    for thing in draft.things.values():
        plus, minus = thing.counters.get("+1/+1", 0), thing.counters.get("-1/-1", 0)
        pairs = min(plus, minus)
        if not pairs or thing.zone != "battlefield":
            continue
        for kind, left in (("+1/+1", plus - pairs), ("-1/-1", minus - pairs)):
            if left:
                thing.counters[kind] = left
            else:
                del thing.counters[kind]
        thing.said = [s for s in thing.said if "/+1 counter" not in s and "/-1 counter" not in s]
        left_text = ", ".join(f"{n} {k}" for k, n in thing.counters.items() if "/" in k)
        thing.note(
            f"{pairs} +1/+1 and -1/-1 counter pair{'s' if pairs > 1 else ''} removed (704.5q)"
            + (
                f", {left_text} counter{'s' if sum(thing.counters.values()) > 1 else ''} left"
                if left_text
                else ""
            )
        )


_AFTER_COMBAT = ("end_of_combat", "postcombat_main", "end", "cleanup")


def _combat_over(draft: Draft) -> None:
    """(R6) "this turn I attacked with X and they blocked with Y ... now in my second main
    phase": that combat is told as history. Attacking and blocking creatures are removed from
    combat at the end of combat (506.4, 511.3), so the board has none; the damage that combat
    dealt is only what the message says ("it put 2 damage on the Courser", "X died"). Two
    creatures that fought with neither's damage nor death said make the board unknown."""
    if draft.step not in _AFTER_COMBAT or draft.step_assumed:
        for event in draft.history:
            if event.get("combat_damage"):
                # (R12) combat damage told as dealt while the board is still in that combat:
                # which step it is now (and what is marked) isn't known (510.2, 510.3)
                draft.doubt("unsupported_question", f"{event['note']} (in which step?)")
        return
    for thing in list(draft.things.values()):
        partner = draft.things.get(thing.blocking or "")
        if partner is not None and _fought_unsaid(thing, partner):
            draft.doubt(
                "unsupported_question",
                f"the damage {partner.entity.label} and {thing.entity.label} dealt in the"
                " earlier combat",
            )
        elif partner is not None:
            _one_side_unsaid(draft, thing, partner)
    for thing in draft.things.values():
        if thing.attacking and thing.tapped is None and not _has_vigilance(thing):
            thing.tapped = True  # declaring it an attacker tapped it (508.1f)
            thing.note("tapped (it attacked)")
        if thing.attacking or thing.blocking:
            thing.attacking = thing.blocking = None
            thing.unblocked = False
            thing.said = [s for s in thing.said if not s.startswith(("attacking", "blocking"))]
            thing.said = [s for s in thing.said if s != "unblocked"]
            thing.note("was in combat earlier this turn")


def _has_vigilance(thing: Thing) -> bool:
    text = thing.entity.text.oracle_text if thing.entity.text else ""
    return re.search(r"^(?:[\w ,]*, )?vigilance\b", text, re.IGNORECASE | re.MULTILINE) is not None


def _one_side_unsaid(draft: Draft, blocker: Thing, attacker: Thing) -> None:
    """(R12) "my Bears got blocked by their Mastodon and dealt it 2 damage": the damage one
    creature took is said, the other's isn't. A question about the one whose damage is said
    doesn't turn on the other's (never verified: part of that combat wasn't told); any other
    question does, so the board is unknown."""
    unsaid = [t for t in (blocker, attacker) if t.zone == "battlefield" and not t.damage_said]
    if len(unsaid) != 1:
        return
    other = attacker if unsaid[0] is blocker else blocker
    asked = [q.fields.get("object") for q in draft.questions]
    said = f"the damage {other.entity.label} dealt {unsaid[0].entity.label} in the earlier combat"
    if asked and all(a == other.id for a in asked):
        draft.doubt("unread_text", f"{said} (not said)")
    else:
        draft.doubt("unsupported_question", said)


def _fought_unsaid(one: Thing, two: Thing) -> bool:
    return all(t.zone == "battlefield" and not t.damage_said for t in (one, two))


# an Aura that changes control: "You control enchanted creature." (Control Magic, Mind Control)
_CONTROL_AURA = re.compile(
    r"\byou control enchanted (?:creature|permanent|artifact|land|planeswalker)\b", re.IGNORECASE
)


def controls_enchanted(thing: Thing) -> bool:
    text = thing.entity.text.oracle_text if thing.entity.text else ""
    return _CONTROL_AURA.search(text) is not None


def give_control(draft: Draft, aura: Thing, host: Thing, final: bool = True) -> str | None:
    """An Aura that says "You control enchanted creature" gives what it enchants to the Aura's
    controller (layer 2, 613.1b); the words before the creature ("their Angel", "my Angel")
    say whose it is, its owner. Whoever's Aura it is, when not said, is the other player (no
    one steals their own creature); the creature came under its new controller when the Aura
    did, else that isn't known (a question that depends on it is not verified, 302.6). Returns
    the assumption made, if any."""
    assumed = None
    if aura.controller is None and host.controller is None and not final:
        return None  # whose either is may be said later in the message
    if aura.controller is None:
        aura.controller = other(host.controller) if host.controller else "P1"
        if host.controller is None:
            assumed = f"{aura.entity.label} is yours"
    if host.owner is None:
        said = host.controller not in (None, aura.controller)
        host.owner = host.controller if said else other(aura.controller)
    host.controller = aura.controller
    host.said = [s for s in host.said if not s.startswith(("owned by", "stolen"))]
    host.note(f"owned by {'your opponent' if host.owner == 'P2' else 'you'}")
    if aura.this_turn is not None and host.this_turn is None:
        # 302.6: what counts is when it came under this control, which is when the Aura came
        host.this_turn, host.timing_assumed = aura.this_turn, False
        host.note("changed control this turn" if aura.this_turn else "since before this turn")
    if host.this_turn is None:
        host.timing_assumed = True
    return assumed


def _control_changes(draft: Draft, assumed: list[str]) -> None:
    for aura in draft.things.values():
        host = draft.things.get(aura.attached_to or "")
        if host is None or not controls_enchanted(aura) or aura.zone != "battlefield":
            continue
        said = give_control(draft, aura, host)
        if said:
            assumed.append(said)


def _forget(draft: Draft, thing: Thing) -> None:
    del draft.things[thing.id]
    draft.by_entity[thing.entity.key] = [
        i for i in draft.by_entity.get(thing.entity.key, []) if i != thing.id
    ]
    draft.consumed.add(thing.entity.key)


def _resolve_token_spells(draft: Draft) -> None:
    """A spell that makes tokens ("I cast Raise the Alarm"): a question about the spell ("what
    tokens do I get", "what's its mana value") or "it's on the stack" keeps it on the stack and
    the tokens not yet made; anything else asks about the board after it resolved (608.2), with
    the tokens on the battlefield and the spell gone (608.2n: to its owner's graveyard, which the
    board lists only when the message does)."""
    asked = draft.questions[0] if draft.questions else None
    about = set(map(str, asked.fields.values())) if asked else set()
    for token_key, spell_key in draft.made.items():
        spells = [draft.things[i] for i in draft.by_entity.get(spell_key, []) if i in draft.things]
        tokens = [draft.things[i] for i in draft.by_entity.get(token_key, []) if i in draft.things]
        if not spells or not tokens:
            continue
        on_stack = draft.stack_said or any(s.id in about for s in spells)
        for thing in tokens if on_stack else spells:
            if thing.id in draft.things:
                _forget(draft, thing)
        if not on_stack:
            for token in tokens:
                token.note(f"made by {spells[0].entity.label}")


def _asked_off_the_battlefield(draft: Draft) -> None:
    """ "my Goyf. the graveyards hold a Bolt and a Forest. what's its p/t", "opp: goyf. me: bolt
    it. graveyards: ... theirs has a Grizzly Bears. dies?": a question about a card in a
    graveyard, hand or exile while a permanent is named is most likely about the permanent (a
    pronoun's or a bare question's nearest name can be a card in a list), so it isn't trusted."""
    asked = draft.questions[0] if draft.questions else None
    if asked is None or asked.kind in ("can_activate", "mana", "tokens"):
        return  # "can I embalm X from my graveyard": where the card is is the question
    thing = draft.things.get(str(asked.fields.get("object")))
    if thing is None or thing.zone == "battlefield":
        return
    if any(t.zone == "battlefield" for t in draft.things.values()):
        draft.doubt(
            "guessed_pronoun", f"the question read as about {thing.entity.label} ({thing.zone})"
        )


def _yours_to_use(draft: Draft) -> None:
    """ "can I tap my Elves" when Control Magic gave them to the opponent: only a permanent's
    controller activates its abilities (602.2), so the engine's answer for its controller is
    not the answer to the question asked."""
    asked = draft.questions[0] if draft.questions else None
    if asked is None or asked.kind != "can_activate" or not asked.text.startswith("can you"):
        return
    for key in ("object", "pay_with"):
        value = asked.fields.get(key)
        for thing_id in value if isinstance(value, list) else [value]:
            thing = draft.things.get(str(thing_id))
            if thing is not None and thing.controller == "P2":
                draft.doubt("contradiction", f"who controls {thing.entity.label} (602.2)")


def _mana_of_many(draft: Draft) -> None:
    """ "I have two Llanowar Elves, how much mana do they make": the mana of all of them, not of
    the first (106.1). When nothing else of that player's makes mana, that is the player's mana;
    otherwise the engine can't be asked for just those, and the reader says so."""
    asked = draft.questions[0] if draft.questions else None
    if asked is None or asked.kind not in ("mana", "can_activate"):
        return
    if asked.focus not in ("amount", "mana"):
        return
    thing = draft.things.get(str(asked.fields.get("object")))
    if thing is None or thing.count < 2:
        return
    others = [
        t
        for t in draft.things.values()
        if t is not thing
        and t.zone == "battlefield"
        and t.controller == thing.controller
        and t.entity.text is not None
        and re.search(r"\badd\b", t.entity.text.oracle_text, re.IGNORECASE)
    ]
    label = f"{thing.count} × {thing.entity.label}"
    if others:
        draft.doubt("unsupported_question", f"the mana of {label} apart from your other sources")
        return
    asked.kind, asked.fields = "mana", {"player": thing.controller}
    whose = "you" if thing.controller == "P1" else "your opponent"
    asked.text = f"how much mana {whose} can make with {label}"


def _counters_from_x(thing: Thing, draft: Draft) -> None:
    """ "Endless One cast for X=3": it entered with X +1/+1 counters (614.1c, 107.3m). On the
    battlefield the board gives its counters, so the ones it entered with are filled in (and
    said) when the message gives none; an "enters with" that depends on more than X (kicked,
    "for each ...") is left to the engine, which says it can't tell."""
    if thing.zone != "battlefield" or thing.cast_x is None or thing.counters or thing.entering:
        return
    if thing.entity.text is None or thing.copies:
        return
    from engine.abilities import EntersWithCounters
    from engine.oracle import compile_card

    entering = [
        a for a in compile_card(thing.entity.text).abilities if isinstance(a, EntersWithCounters)
    ]
    if len(entering) != 1 or entering[0].amount != "X":
        return
    if entering[0].count is not None or entering[0].depends_on is not None:
        return
    changed_by = _counter_replacements(thing, draft)
    if changed_by and thing.this_turn:
        # (R18) "Hardened Scales is out and I cast Walking Ballista with X=2": the counters it
        # entered with were put on it with the effect applying (614.1a, 122.6), so it is given
        # to the engine as entering with them, not with X counters shown
        thing.entering = True
        thing.note(f"entered with its X={thing.cast_x} counters, {' and '.join(changed_by)} out")
        return
    thing.counters[entering[0].counter] = thing.cast_x
    n = thing.cast_x
    thing.note(f"{n} {entering[0].counter} counter{'s' if n != 1 else ''} from X={n}")


def _counter_replacements(thing: Thing, draft: Draft) -> list[str]:
    """(R18) The other permanents on the battlefield with a counter replacement effect
    (Hardened Scales, Doubling Season, Corpsejack Menace), each there since before this turn
    (one that came this turn may have come after ``thing``)."""
    from engine.abilities import CounterReplacement
    from engine.oracle import compile_card

    found = []
    for other_thing in draft.things.values():
        card = other_thing.entity.text
        if other_thing is thing or other_thing.zone != "battlefield" or card is None:
            continue
        if any(isinstance(a, CounterReplacement) for a in compile_card(card).abilities):
            if other_thing.this_turn:
                return []
            found.append(card.name)
    return found


def _counters_from_copy(thing: Thing, draft: Draft) -> None:
    """ "Spark Double copying my Thalia": a copier whose exception gives it an additional
    counter as it enters (707.9b: the exception is part of the copy effect; 614.1c) has it on
    the battlefield when the message gives no counters (said in the echo). The copied card's
    own "enters with X counters" gives a copy none (no X was paid for it, 107.3m); any other
    count it enters with is left to the engine, which says it can't tell."""
    if thing.zone != "battlefield" or not thing.copies or thing.counters or thing.entering:
        return
    source = draft.things.get(thing.copies)
    if thing.entity.text is None or source is None or source.entity.text is None:
        return
    from engine.abilities import EnterAsCopy, EntersWithCounters
    from engine.oracle import compile_card

    copier = [a for a in compile_card(thing.entity.text).abilities if isinstance(a, EnterAsCopy)]
    extra = dict(copier[0].exceptions.extra_counters) if len(copier) == 1 else {}
    entering = [
        a for a in compile_card(source.entity.text).abilities if isinstance(a, EntersWithCounters)
    ]
    if not extra or any(a.amount != "X" or a.count or a.depends_on for a in entering):
        return
    type_line = source.entity.text.type_line
    kind = "+1/+1" if "Creature" in type_line else "loyalty" if "Planeswalker" in type_line else ""
    if kind not in extra:
        return
    thing.counters[kind] = extra[kind]
    thing.note(f"{extra[kind]} {kind} counter from its copy exception")


def _whose_graveyard_matters(draft: Draft) -> bool:
    for thing in draft.things.values():
        text = thing.entity.text.oracle_text if thing.entity.text else ""
        if thing.zone == "battlefield" and re.search(
            r"\b(?:your|their|an opponent's|that player's|its owner's|each opponent's) "
            r"(?:graveyard|hand)|\bthreshold\b|\bdelirium\b|\bdescend",
            text,
            re.IGNORECASE,
        ):
            return True
    return False


def sides_step_needed(draft: Draft) -> bool:
    fighting = any(t.attacking or t.blocking for t in draft.things.values())
    return fighting and draft.step is None


def _battlefield_entry(thing: Thing, draft: Draft) -> dict[str, Any]:
    entry = _identity(thing)
    entry["controller"] = thing.controller
    if thing.owner is not None and thing.owner != thing.controller:
        entry["owner"] = thing.owner
    if thing.this_turn:
        entry["since"] = "this_turn"
    if thing.count > 1:
        entry["count"] = thing.count
    if thing.tapped:
        entry["tapped"] = True
    if thing.counters:
        entry["counters"] = dict(thing.counters)
    if thing.damage:
        entry["damage"] = thing.damage
    if thing.attached_to:
        entry["attached_to"] = thing.attached_to
    if thing.copies:
        entry["copy_effects"] = [{"copies": thing.copies, "via": "enter_as_copy"}]
    if thing.cast:
        entry["cast"] = {"x": thing.cast_x or 0}
    chosen = {"color": thing.chosen_color, "creature_type": thing.chosen_type}
    if any(chosen.values()):
        entry["chosen"] = {k: v for k, v in chosen.items() if v}
    if thing.entering:
        entry["entering"] = True
    if thing.attacking:
        entry["attacking"] = thing.attacking
    if thing.blocking:
        entry["blocking"] = thing.blocking
    return entry


def _identity(thing: Thing) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": thing.id}
    if thing.entity.card:
        entry["card"] = thing.entity.card
    else:
        token = thing.entity.token or {}
        name = _predefined_name(token)
        entry["token"] = (
            {"predefined": name} if name else {k: v for k, v in token.items() if k != "label"}
        )
    return entry


def board_spec(draft: Draft) -> dict[str, Any]:
    turn: dict[str, Any] = {"active": draft.active or "P1"}
    if draft.step:
        turn["step"] = draft.step
    if draft.turn_number:
        turn["number"] = draft.turn_number
    board: dict[str, Any] = {"turn": turn}
    players: dict[str, dict[str, Any]] = {}
    battlefield: list[dict[str, Any]] = []
    stack: list[dict[str, Any]] = []
    for thing in draft.things.values():
        if thing.zone == "battlefield":
            battlefield.append(_battlefield_entry(thing, draft))
        elif thing.zone == "stack":
            entry = {**_identity(thing), "controller": thing.controller}
            entry["cast"] = {"x": thing.cast_x or 0}
            stack.append(entry)
        else:
            player = players.setdefault(str(thing.controller), {})
            if thing.zone == "hand":  # a hand lists card names (docs/board-spec.md)
                player.setdefault("hand", []).extend([thing.entity.label] * thing.count)
            else:
                player.setdefault(thing.zone, []).append(_identity(thing))
    for said in (draft.empty_graveyards, draft.graveyards_listed):
        # "graveyards are empty", "nothing else in any graveyard": stated, so known (404.1)
        for player_name in ("P1", "P2"):
            if said in ("all", player_name):
                players.setdefault(player_name, {}).setdefault("graveyard", [])
    for player_name, count in draft.hand.items():
        player = players.setdefault(player_name, {})
        if "hand" not in player:
            player["hand"] = count
    for player_name, life in draft.life.items():
        players.setdefault(player_name, {})["life"] = life
    if players:
        board["players"] = {p: players[p] for p in sorted(players)}
    board["battlefield"] = battlefield
    if stack:
        board["stack"] = stack
    if draft.effects:
        board["effects"] = list(draft.effects)
    return board
