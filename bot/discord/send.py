"""Turning a ``Reply`` into what discord.py sends, and answering interactions safely.

Every send carries ``allowed_mentions`` none: replies may echo user text, and the bot must
never ping @everyone, roles or users on anyone's behalf.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.render import limits
from bot.render.reply import Embed, Reply, error
from bot.service import ServiceError

log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()


def to_embed(embed: Embed) -> discord.Embed:
    return discord.Embed.from_dict(embed.to_dict())


def pack_embeds(embeds: list[Embed]) -> list[list[Embed]]:
    """Group fitted embeds into messages: at most 10 and 6000 characters across each message."""
    groups: list[list[Embed]] = []
    size = 0
    for embed in (e.fitted() for e in embeds):
        if (
            not groups
            or len(groups[-1]) == limits.EMBEDS_PER_MESSAGE
            or (size + embed.size() > limits.EMBED_TOTAL)
        ):
            groups.append([])
            size = 0
        groups[-1].append(embed)
        size += embed.size()
    return groups


def message_kwargs(reply: Reply, view: discord.ui.View | None = None) -> dict[str, Any]:
    content = reply.message_content()
    if reply.choices:
        listed = limits.join_within([f"• {c}" for c in reply.choices], 1000)
        content = limits.truncate(f"{content}\n{listed}".strip(), limits.MESSAGE)
    kwargs: dict[str, Any] = {
        "content": content or None,
        "embeds": [to_embed(e) for e in (pack_embeds(reply.first_embeds()) or [[]])[0]],
        "allowed_mentions": NO_MENTIONS,
    }
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def respond(
    interaction: discord.Interaction,
    work: Awaitable[Reply],
    *,
    defer_after: float,
    view_for: Callable[[Reply], discord.ui.View | None] | None = None,
) -> None:
    """Answer an interaction with ``work``'s reply; defer first if it is not ready in time.

    Discord wants a response within 3 s: past ``defer_after`` the bot sends a "thinking"
    defer and then the follow-up. ``view_for(reply)`` may attach buttons.
    """
    task = asyncio.ensure_future(_safe(work))
    try:
        reply = await asyncio.wait_for(asyncio.shield(task), defer_after)
    except TimeoutError:
        await _try(interaction.response.defer(thinking=True))
        reply = await task
        view = view_for(reply) if view_for else None
        kwargs = message_kwargs(reply, view)
        if view is None:
            kwargs.pop("view", None)
        await _try(interaction.followup.send(**kwargs, ephemeral=reply.ephemeral))
        return
    view = view_for(reply) if view_for else None
    await _try(
        interaction.response.send_message(**message_kwargs(reply, view), ephemeral=reply.ephemeral)
    )


async def _safe(work: Awaitable[Reply]) -> Reply:
    try:
        return await work
    except ServiceError as exc:
        return error(str(exc))
    except Exception:
        log.exception("answering failed")
        return error("Something went wrong answering that. Please try again.")


async def _try(call: Awaitable[Any]) -> Any:
    """Send, logging (not raising) Discord failures: missing permissions, deleted channels."""
    try:
        return await call
    except discord.HTTPException as exc:
        log.warning("Discord refused a reply: %s %s", exc.status, exc.text[:200])
    except discord.InteractionResponded:
        log.warning("interaction already answered")
    return None


async def send_safely(call: Awaitable[Any]) -> Any:
    return await _try(call)
