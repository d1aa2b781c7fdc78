"""How the board was read, in one plain line: "Read as: you control ... ; your main phase."""

from __future__ import annotations

from engine.reader.draft import Draft, Thing
from engine.reader.vocabulary import Doubt, Step

DOUBT_TEXT: dict[Doubt, str] = {
    "unknown_card": "I don't know the card '{}'",
    "unsure_card": "I'm not sure of a card name: {}",
    "contradiction": "the message contradicts itself about {}",
    "two_questions": "that is more than one question ({}); ask them one at a time",
    "ambiguous_pronoun": "I can't tell which card you mean: {}?",
    "unread_text": "part of the message wasn't read, and the answer leaves it out: {}",
    "assumed_timing": "you didn't say when {} came under your control (I assumed this turn)",
    "no_question": "I found no question about the board",
    "unsupported_question": "I can't answer that kind of question from a board: {}",
    "too_long": "the message is too long to read as one board ({} characters)",
    "too_many_objects": "that is too many things for one board ({})",
    "several_boards": "that looks like several boards at once ({})",
    "which_ability": "which of {}'s abilities do you mean?",
    "assumed_owner": "you didn't say whose {} (I assumed yours)",
    "guessed_pronoun": "I read a pronoun by a guess: {}",
    "loose_question": "I read the question from its words, not a shape I know: {}",
    "loose_reading": "I read this loosely, from its fact words alone: {}",
    "assumed_turn": "you didn't say whose turn it is ({}); I took turns to alternate",
    "stack_order": "the response resolves first ({}); what it responded to is still on the stack",
    "not_now": "{} may not be on the board now; I answered as if it were",
    "one_of_several": "you said something of one of several {}; I read it as one copy",
    "no_attacker": "you didn't say what {} would block",
    "unsaid_count": "you spoke of several {} without saying how many; I read one",
    "past_state": "you said how it used to be ({}); I read it as now",
    "which_copy": "there are two {}; I answered for one of them",
    "intended": "you said what you meant to do ({}); I answered as if it had happened",
    "excepted": "you left some out of what you said ({}); I may have read it of all of them",
    "negated": "you said it with a 'not' or 'never' ({}); I may have read it as so",
    "corrected": "you corrected something ({}); I may have kept what you corrected",
    "earlier_turn": "you said {} of an earlier turn; it ended then (514.2), I may have read it now",
}

STEP_TEXT: dict[Step, str] = {
    "untap": "untap step",
    "upkeep": "upkeep",
    "draw": "draw step",
    "precombat_main": "main phase",
    "beginning_of_combat": "beginning of combat",
    "declare_attackers": "declare attackers step",
    "declare_blockers": "declare blockers step",
    "first_strike_damage": "first-strike damage step",
    "combat_damage": "combat damage step",
    "end_of_combat": "end of combat",
    "postcombat_main": "second main phase",
    "end": "end step",
    "cleanup": "cleanup step",
}


def doubt_text(reason: Doubt, detail: str) -> str:
    return DOUBT_TEXT[reason].format(detail)


def _thing_text(thing: Thing, draft: Draft, timing_matters: bool) -> str:
    said = list(thing.said)
    label = f"{thing.count} × {thing.entity.label}" if thing.count > 1 else thing.entity.label
    if thing.zone != "battlefield":
        said.insert(
            0, {"graveyard": "in the graveyard", "hand": "in hand"}.get(thing.zone, thing.zone)
        )
    elif timing_matters and not thing.this_turn and not any("since" in s for s in said):
        said.append("since your last turn" if thing.controller == "P1" else "since their last turn")
    if thing.attached_to and thing.attached_to in draft.things:
        said.append(f"on {draft.things[thing.attached_to].entity.label}")
    return f"{label} ({', '.join(said)})" if said else label


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def read_as(draft: Draft, timing_matters: bool, asked: str) -> str:
    """ "Read as: you control A (entered this turn) and B; your opponent controls C; your main
    phase. Asked: can you tap A for mana." """
    parts: list[str] = []
    for player, who in (("P1", "you control"), ("P2", "your opponent controls")):
        things = [
            _thing_text(t, draft, timing_matters)
            for t in draft.things.values()
            if t.controller == player
            and not (t.attached_to and t.zone == "battlefield")
            and t.zone == "battlefield"
        ]
        attached = [
            _thing_text(t, draft, False)
            for t in draft.things.values()
            if t.controller == player
            and t.attached_to
            and t.zone == "battlefield"
            and draft.things.get(t.attached_to, t).controller != player
        ]
        if things or attached:
            parts.append(f"{who} {_join(things + attached)}")
        elsewhere = [
            _thing_text(t, draft, False)
            for t in draft.things.values()
            if t.controller == player and t.zone != "battlefield"
        ]
        if elsewhere:
            whose = "yours" if player == "P1" else "theirs"
            parts.append(f"{whose}: {_join(elsewhere)}")
    if draft.empty_graveyards is not None:
        parts.append(
            {"P1": "your graveyard empty", "P2": "your opponent's graveyard empty"}.get(
                draft.empty_graveyards, "every graveyard empty"
            )
        )
    whose_turn = "your" if (draft.active or "P1") == "P1" else "your opponent's"
    step = STEP_TEXT[draft.step] if draft.step else "main phase"
    parts.append(f"{whose_turn} {step}")
    line = "Read as: " + "; ".join(parts) + "."
    if asked:
        line += f" Asked: {asked}."
    return line
