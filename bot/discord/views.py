"""Buttons: rulings pages (only the person who asked may turn them), 👍/👎 answer feedback and
"That's not my board" under the rules engine's answers to a described board.

All are ``DynamicItem``s: everything a press needs is in its custom_id, so buttons keep
working across restarts and no per-message state is held in memory.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.send import NO_MENTIONS, message_kwargs, send_safely, to_embed
from bot.render import limits
from bot.render.reply import Reply
from bot.state import Vote

if TYPE_CHECKING:
    from bot.discord.app import BotApp

log = logging.getLogger(__name__)


def _app(interaction: discord.Interaction) -> BotApp:
    return interaction.client.app  # type: ignore[attr-defined]


def _page_turn(
    direction: str, next_label: str, custom_id: str, disabled: bool
) -> discord.ui.Button[Any]:
    """The button of a page button: "◀ Previous" (direction p) or ``next_label`` (n)."""
    label = "◀ Previous" if direction == "p" else next_label
    return discord.ui.Button(
        label=label, style=discord.ButtonStyle.secondary, disabled=disabled, custom_id=custom_id
    )


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rb:pg:(?P<oracle>[0-9a-f-]{1,40}):(?P<page>\d{1,4}):(?P<owner>\d{1,20}):(?P<dir>[pn])",
):
    """Previous/next page of a card's rulings."""

    def __init__(
        self, oracle_id: str, page: int, owner_id: int, direction: str, *, disabled: bool = False
    ) -> None:
        custom_id = f"rb:pg:{oracle_id}:{page}:{owner_id}:{direction}"
        super().__init__(_page_turn(direction, "Next ▶", custom_id, disabled))
        self.oracle_id = oracle_id
        self.page = page
        self.owner_id = owner_id

    @classmethod
    async def from_custom_id(  # type: ignore[override]
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(match["oracle"], int(match["page"]), int(match["owner"]), match["dir"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        await send_safely(
            interaction.response.send_message(
                "Only the person who asked can turn these pages. Use `/rulings` to get your own.",
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )
        )
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        reply = await _app(interaction).rulings_reply_by_id(self.oracle_id)
        if not reply.pages:
            await send_safely(
                interaction.response.send_message(
                    reply.content or "Those rulings are gone.",
                    ephemeral=True,
                    allowed_mentions=NO_MENTIONS,
                )
            )
            return
        page = max(0, min(self.page, len(reply.pages) - 1))
        view = pages_view(self.oracle_id, page, len(reply.pages), self.owner_id)
        await send_safely(
            interaction.response.edit_message(
                embed=to_embed(reply.pages[page]), view=view, allowed_mentions=NO_MENTIONS
            )
        )


def pages_view(oracle_id: str, page: int, total: int, owner_id: int) -> discord.ui.View | None:
    if total <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(oracle_id, max(page - 1, 0), owner_id, "p", disabled=page == 0))
    view.add_item(
        PageButton(oracle_id, min(page + 1, total - 1), owner_id, "n", disabled=page >= total - 1)
    )
    return view


class FeedbackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rb:fb:(?P<vote>up|down):(?P<answer>\d{1,18})",
):
    """👍/👎 on an answer, recorded in the state database (one vote per person per answer)."""

    def __init__(self, vote: str, answer_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                emoji="👍" if vote == "up" else "👎",
                style=discord.ButtonStyle.secondary,
                custom_id=f"rb:fb:{vote}:{answer_id}",
            )
        )
        self.vote = vote
        self.answer_id = answer_id

    @classmethod
    async def from_custom_id(  # type: ignore[override]
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> FeedbackButton:
        return cls(match["vote"], int(match["answer"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        vote: Vote = "up" if self.vote == "up" else "down"
        recorded = _app(interaction).state.record_feedback(
            self.answer_id, interaction.user.id, vote
        )
        text = "Thanks, feedback recorded." if recorded else "That answer is no longer on record."
        await send_safely(
            interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        )


class PickCard(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rb:pick:(?P<kind>card|rulings|image)",
):
    """ "Did you mean": pick one of the candidate names; the answer is posted for everyone."""

    def __init__(self, kind: str, names: list[str] | None = None) -> None:
        options = [
            discord.SelectOption(label=limits.truncate(n, 100), value=n[:100])
            for n in (names or [])[: limits.CHOICES]
        ] or [discord.SelectOption(label="-", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"rb:pick:{kind}", placeholder="Did you mean…", options=options
            )
        )
        self.kind = kind

    @classmethod
    async def from_custom_id(  # type: ignore[override]
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> PickCard:
        return cls(match["kind"])  # discord.py then fills ``item.values`` from the interaction

    async def callback(self, interaction: discord.Interaction) -> None:
        picked = list(self.item.values)
        if not picked:
            return
        service = _app(interaction).service
        name = picked[0]
        if self.kind == "rulings":
            reply = await service.rulings(name)
        elif self.kind == "image":
            reply = await service.card_image(name)
        else:
            reply = await service.card(name)
        view = first_page_view(reply, interaction.user.id) if reply.pages else None
        await send_safely(interaction.response.send_message(**message_kwargs(reply, view)))


def choices_view(kind: str, reply: Reply) -> discord.ui.View | None:
    if not reply.choices:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PickCard(kind, reply.choices))
    return view


class AnswerPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rb:ap:(?P<answer>\d{1,18}):(?P<page>\d{1,2}):(?P<owner>\d{1,20}):(?P<dir>[pn])",
):
    """Previous/next page of an answer ("more sources"): rebuilt from the question on
    record, so the buttons work across restarts."""

    def __init__(
        self, answer_id: int, page: int, owner_id: int, direction: str, *, disabled: bool = False
    ) -> None:
        custom_id = f"rb:ap:{answer_id}:{page}:{owner_id}:{direction}"
        super().__init__(_page_turn(direction, "More sources ▶", custom_id, disabled))
        self.answer_id = answer_id
        self.page = page
        self.owner_id = owner_id

    @classmethod
    async def from_custom_id(  # type: ignore[override]
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> AnswerPageButton:
        return cls(int(match["answer"]), int(match["page"]), int(match["owner"]), match["dir"])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        await send_safely(
            interaction.response.send_message(
                "Only the person who asked can turn these pages. Use `/ask` to get your own.",
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )
        )
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        app = _app(interaction)
        question = app.state.answer_question(self.answer_id)
        reply = await app.service.ask(question) if question else None
        if reply is None or not reply.pages:
            await send_safely(
                interaction.response.send_message(
                    "That answer is no longer on record.",
                    ephemeral=True,
                    allowed_mentions=NO_MENTIONS,
                )
            )
            return
        page = max(0, min(self.page, len(reply.pages) - 1))
        view = answer_view(reply, self.answer_id, self.owner_id, page)
        await send_safely(
            interaction.response.edit_message(
                embed=to_embed(reply.pages[page]), view=view, allowed_mentions=NO_MENTIONS
            )
        )


def source_labels(reply: Reply) -> list[str]:
    """The sources an answer showed, the one it led with first (for feedback records)."""
    return (reply.sources or [f.name for embed in reply.embeds for f in embed.fields])[:10]


def recorded_answer_view(
    app: BotApp, reply: Reply, *, guild_id: int | None, channel_id: int, user_id: int, question: str
) -> discord.ui.View:
    """Records the answer (for 👍/👎 and the page buttons, which find it by its id) and returns
    its buttons; the one path /ask, /board and auto-answers take."""
    answer_id = app.state.record_answer(
        guild_id=guild_id,
        channel_id=channel_id,
        user_id=user_id,
        question=question,
        confidence=reply.confidence or "none",
        sources=source_labels(reply),
    )
    return answer_view(reply, answer_id, user_id)


def answer_view(reply: Reply, answer_id: int, owner_id: int, page: int = 0) -> discord.ui.View:
    """👍/👎 and, when the answer has more sources, its page buttons ("That's not my board"
    too when the rules engine answered a described board)."""
    view = feedback_view(answer_id, reply)
    total = len(reply.pages)
    if total > 1:
        view.add_item(
            AnswerPageButton(answer_id, max(page - 1, 0), owner_id, "p", disabled=page == 0)
        )
        view.add_item(
            AnswerPageButton(
                answer_id, min(page + 1, total - 1), owner_id, "n", disabled=page >= total - 1
            )
        )
    return view


class NotMyBoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rb:spec:(?P<answer>\d{1,18})",
):
    """ "That's not my board": the board spec the reader built from the question, shown only
    to whoever presses, as YAML to correct and send with ``/board``. The answer's question is
    on record (the state database), so the spec is read again from it: nothing kept in memory."""

    def __init__(self, answer_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=NOT_MY_BOARD,
                style=discord.ButtonStyle.secondary,
                custom_id=f"rb:spec:{answer_id}",
            )
        )
        self.answer_id = answer_id

    @classmethod
    async def from_custom_id(  # type: ignore[override]
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> NotMyBoardButton:
        return cls(int(match["answer"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        app = _app(interaction)
        from bot.service.core import ServiceError

        question = app.state.answer_question(self.answer_id)
        try:
            text = (
                await app.service.board_as_read(question)
                if question is not None
                else "That answer is no longer on record."
            )
        except ServiceError as exc:  # busy or timed out: say so, never a failed interaction
            log.warning("board as read for answer %s failed: %s", self.answer_id, exc)
            text = "I couldn't rebuild that board just now. Please try again in a moment."
        await send_safely(
            interaction.response.send_message(
                limits.truncate(text, limits.MESSAGE), ephemeral=True, allowed_mentions=NO_MENTIONS
            )
        )


NOT_MY_BOARD = "That's not my board"


def feedback_view(answer_id: int, reply: Reply | None = None) -> discord.ui.View:
    """👍/👎, and "That's not my board" when the rules engine answered a described board."""
    view = discord.ui.View(timeout=None)
    view.add_item(FeedbackButton("up", answer_id))
    view.add_item(FeedbackButton("down", answer_id))
    if reply is not None and reply.board_spec:
        view.add_item(NotMyBoardButton(answer_id))
    return view


def first_page_view(reply: Reply, owner_id: int) -> discord.ui.View | None:
    if reply.card_id is None:
        return None
    return pages_view(reply.card_id, 0, len(reply.pages), owner_id)
