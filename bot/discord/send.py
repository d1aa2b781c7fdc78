"""Turning a ``Reply`` into what discord.py sends, and answering interactions safely.

Every send carries ``allowed_mentions`` none: replies may echo user text, and the bot must
never ping @everyone, roles or users on anyone's behalf.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.render import limits
from bot.render.reply import Embed, Reply, choice_list, error
from bot.service import ServiceError
from bot.service.cooldowns import RateLimiter

log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()


# discord.py retries a REST call that gets 500, 502, 504 or 524 (5 tries, waiting 1, 3, 5, 7 s)
# but not 503, and interaction webhooks already retry every 5xx; this gives 503 the same tries.
UNAVAILABLE = 503
UNAVAILABLE_RETRIES = 4


def retry_when_unavailable(http: Any) -> None:
    """Make ``http`` (a bot's ``discord.http.HTTPClient``) retry a 503 like discord.py retries
    a 500: a single "service unavailable" must not drop a channel reply."""
    request = http.request

    async def request_retrying_503(route: Any, *, files: Any = None, **kwargs: Any) -> Any:
        for attempt in range(UNAVAILABLE_RETRIES + 1):
            try:
                return await request(route, files=files, **kwargs)
            except discord.DiscordServerError as exc:
                if exc.status != UNAVAILABLE or attempt == UNAVAILABLE_RETRIES:
                    raise
            wait = 1 + attempt * 2
            log.warning("Discord answered %d to %s; retrying in %d s", UNAVAILABLE, route, wait)
            for f in files or ():
                f.reset(seek=True)  # an upload starts again from the beginning
            await asyncio.sleep(wait)
        raise AssertionError("unreachable: the last attempt returns or raises")

    http.request = request_retrying_503


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
        listed = choice_list(reply.choices)
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
        # The defer fixes who sees the first follow-up, so it is chosen now: public, as
        # answers are. A reply that turns out to be only for the asker (an error, choices)
        # then replaces the public "thinking…" instead of filling it in for everyone.
        await _try(interaction.response.defer(thinking=True, ephemeral=False))
        reply = await task
        view = view_for(reply) if view_for else None
        kwargs = message_kwargs(reply, view)
        if view is None:
            kwargs.pop("view", None)
        if reply.ephemeral:
            await _try(interaction.delete_original_response())
        await _try(interaction.followup.send(**kwargs, ephemeral=reply.ephemeral))
        return
    view = view_for(reply) if view_for else None
    await _try(
        interaction.response.send_message(**message_kwargs(reply, view), ephemeral=reply.ephemeral)
    )


async def refused_as_too_soon(
    interaction: discord.Interaction, limiter: RateLimiter, what: str
) -> bool:
    """Count this request against the person's limit; past it, say when to try again (only
    they see it) and return True. The key is the person, whichever server they ask in."""
    key = interaction.user.id
    if limiter.allow(key):
        return False
    wait = max(1, math.ceil(limiter.retry_after(key)))
    log.info("%s limit reached for user %s", what, key)
    await _try(
        interaction.response.send_message(
            f"You're sending {what} faster than I can work them out. Try again in {wait} s.",
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
    )
    return True


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
