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
        board_spec=spec_yaml(board.reading),
    )


SPEC_INTRO = (
    "The board as I read it. Not your board? Correct it, save it as `board.yaml` and send it"
    " with `/board file:` (docs/board-spec.md has the format)."
)


def spec_yaml(reading: Any) -> str:
    """The board the reader built and its question, as a board file (docs/board-spec.md)."""
    if not reading.spec:
        return ""
    import yaml

    body = {"board": reading.spec["board"], "questions": [reading.question or {}]}
    return str(yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=90))


def spec_message(reading: Any, room: int = limits.MESSAGE) -> str:
    """ "That's not my board": the spec as a YAML code block within one message, cut at a line
    with a note saying so when the board is too big to show whole."""
    text = spec_yaml(reading)
    if not text:
        return "I didn't build a board from that message."
    fence_open, fence_close = "```yaml\n", "```"
    whole = f"{SPEC_INTRO}\n{fence_open}{text}{fence_close}"
    if len(whole) <= room:
        return whole
    lines = text.splitlines(keepends=True)
    kept: list[str] = []
    for i, line in enumerate(lines):
        note = (
            f"\n(cut: {len(lines) - i} more lines not shown; `rulesbot ask --json` prints the"
            " whole board)"
        )
        candidate = f"{SPEC_INTRO}\n{fence_open}{''.join([*kept, line])}{fence_close}{note}"
        if len(candidate) > room:
            body = "".join(kept)
            return f"{SPEC_INTRO}\n{fence_open}{body}{fence_close}{note}"
        kept.append(line)
    return whole  # not reached: the whole text did not fit


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
    title = "Rules engine" + (" · verified" if board.verified else "")
    embed = Embed(
        title=title,
        description=limits.truncate("\n".join(lines), ENGINE_SHARE - 400),
        fields=fields,
        color=ENGINE_COLOR if board.verified else UNVERIFIED_COLOR,
    )
    return embed
