"""Engine answers to a board's questions, rendered with the CR steps they used."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.render import limits
from bot.render.reply import Embed, Field, Reply

COLORS = {"verified": 0x27AE60, "unverified": 0xF2C94C, "undecided": 0x828282, "error": 0xEB5757}


@dataclass(frozen=True)
class BoardAnswer:
    """One question's outcome, decoupled from the engine's own types."""

    number: int
    kind: str
    answer: str
    verified: bool
    decided: bool
    steps: tuple[tuple[str, str], ...]  # (CR rule, what was done)
    unmodelled: tuple[str, ...]
    error: str | None = None


def _status(a: BoardAnswer) -> str:
    if a.error is not None:
        return "error"
    if not a.decided:
        return "undecided"
    return "verified" if a.verified else "unverified"


def board_embed(a: BoardAnswer) -> Embed:
    """One question's embed. Answers, steps and errors name the board's own ids and cards,
    which the user chose: every such text is escaped (``limits.defuse``) so it can't ping."""
    status = _status(a)
    if a.error is not None:
        return Embed(
            title=f"Question {a.number}: could not read it",
            description=limits.defuse(a.error),
            color=COLORS[status],
        )
    label = {
        "verified": "verified",
        "unverified": "not verified: some of the board isn't modelled",
        "undecided": "could not decide",
    }[status]
    steps = [f"`{rule}` {limits.defuse(text)}" for rule, text in a.steps]  # rules: CR numbers
    description = limits.defuse(a.answer)
    if steps:
        room = limits.EMBED_DESCRIPTION - len(description) - 20
        description += "\n\n**Steps**\n" + limits.join_within(steps, max(room, 200))
    fields = []
    if a.unmodelled:
        unmodelled = [limits.defuse(u) for u in a.unmodelled]
        fields.append(Field("Not modelled", limits.join_within(unmodelled, 1000)))
    return Embed(
        title=f"Question {a.number} ({limits.quote_user(a.kind, 40)})",
        description=description,
        fields=fields,
        footer=f"Rules engine · {label}",
        color=COLORS[status],
    )


def board_reply(answers: Sequence[BoardAnswer]) -> Reply:
    if not answers:
        return Reply(content="The board is valid, but it asks no questions.", ephemeral=True)
    embeds = [board_embed(a) for a in answers[: limits.EMBEDS_PER_MESSAGE]]
    extra = len(answers) - len(embeds)
    content = f"{limits.ELLIPSIS} and {extra} more questions not shown." if extra > 0 else ""
    return Reply(content=content, embeds=embeds)
