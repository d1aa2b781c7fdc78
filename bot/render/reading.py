"""A board question's reply: how the board was read, the engine's verdict and its CR steps
first, then the rulings and rules retrieval found (so the official text is still shown)."""

from __future__ import annotations

from typing import Any

from bot.render import content, limits
from bot.render.reply import Embed, Field, Reply

ENGINE_COLOR = 0x2E7D32
UNVERIFIED_COLOR = 0xF9A825
MAX_STEPS_SHOWN = 10
ENGINE_SHARE = 2500  # characters of the message's 6000 kept for the engine's part


def board_answer_reply(board: Any, retrieval: Any, cr_date: str | None) -> Reply:
    """``board`` is a ``bot.service.board_questions.BoardQuestion``; ``retrieval`` an Answer."""
    engine = _engine_embed(board).fitted()
    rest = content.answer_reply(retrieval, cr_date)
    embeds = [engine]
    room = limits.EMBED_TOTAL - engine.size()
    for embed in rest.embeds:
        fitted = embed.fitted()
        while fitted.size() > room and fitted.fields:
            fitted.fields.pop()
        if fitted.size() > room:
            fitted.description = limits.truncate(
                fitted.description, max(room - (fitted.size() - len(fitted.description)), 0)
            )
        if fitted.size() <= room and fitted.description:
            embeds.append(fitted)
            room -= fitted.size()
    # an unverified engine answer or a question back is never confident: auto-answers stay quiet
    confidence = "high" if board.verified else "low"
    return Reply(
        content=rest.content if not rest.embeds else "",
        embeds=embeds,
        feedback=True,
        confidence=confidence,
    )


MAX_SPEC_SHOWN = 900  # characters of YAML; a bigger board is left out (it is in ask --json)


def _spec_text(reading: Any) -> str:
    if not reading.spec:
        return ""
    import yaml

    body = {"board": reading.spec["board"], "questions": [reading.question or {}]}
    text = yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=90)
    return f"```yaml\n{text}```" if len(text) <= MAX_SPEC_SHOWN else ""


def _engine_embed(board: Any) -> Embed:
    reading = board.reading
    reply = board.reply
    lines = [limits.truncate(reading.echo, 900)]
    if reading.unread:
        lines.append(limits.truncate("Not read: " + "; ".join(reading.unread), 400))
    if reply.answer:
        state = "verified" if board.verified else "not verified"
        lines.append(f"**{limits.truncate(reply.answer, 700)}** ({state})")
    elif reading.follow_up:
        lines.append(f"**{reading.follow_up}**")
    concerns = [*reading.concerns, *board.missing_rules]
    if concerns and reply.answer:
        lines.append(limits.truncate("Not verified because " + "; ".join(concerns) + ".", 500))
    elif concerns:
        lines.append(limits.truncate("; ".join(concerns).capitalize() + ".", 500))
    if reply.unmodelled:
        lines.append(limits.truncate("Not modelled: " + "; ".join(reply.unmodelled), 300))
    steps = [f"`{rule}` {limits.truncate(text, 160)}" for rule, text in reply.steps]
    if len(steps) > MAX_STEPS_SHOWN:
        extra = len(steps) - MAX_STEPS_SHOWN
        steps = [*steps[:MAX_STEPS_SHOWN], f"{limits.ELLIPSIS} and {extra} more steps"]
    fields = (
        [Field("Rules applied", limits.join_within(steps, limits.FIELD_VALUE))] if steps else []
    )
    spec = _spec_text(reading)
    if spec:  # not your board? correct it and send it to /board
        fields.append(Field("Board as read (edit it and send it to /board)", spec))
    title = "Rules engine" + (" · verified" if board.verified else "")
    embed = Embed(
        title=title,
        description=limits.truncate("\n".join(lines), ENGINE_SHARE - 400),
        fields=fields,
        color=ENGINE_COLOR if board.verified else UNVERIFIED_COLOR,
    )
    return embed
