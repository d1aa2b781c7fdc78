"""/card, /rulings, /cr, /define: lookups with autocomplete answered from memory."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.send import refused_as_too_soon, respond
from bot.discord.views import choices_view, first_page_view
from bot.render import limits
from bot.render.reply import Reply
from bot.service.parsing import MAX_NAME

MAX_TERM = 100  # a rule or glossary term typed into /cr or /define
CardName = app_commands.Range[str, 1, MAX_NAME]
Term = app_commands.Range[str, 1, MAX_TERM]

if TYPE_CHECKING:
    from bot.discord.app import BotApp


class LookupCog(commands.Cog):
    def __init__(self, app: BotApp) -> None:
        self.app = app

    async def card_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = self.app.service.complete_card(current, limits.CHOICES)
        return [app_commands.Choice(name=n[: limits.CHOICE_NAME], value=n) for n in names]

    async def rule_numbers(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = self.app.service.complete_rule(current, limits.CHOICES)
        return [
            app_commands.Choice(
                name=limits.truncate(_rule_label(number, label), limits.CHOICE_NAME),
                value=number[: limits.CHOICE_VALUE],
            )
            for number, label in found
        ]

    async def glossary_terms(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        terms = self.app.service.complete_term(current, limits.CHOICES)
        return [app_commands.Choice(name=t[: limits.CHOICE_NAME], value=t) for t in terms]

    async def _too_soon(self, interaction: discord.Interaction) -> bool:
        return await refused_as_too_soon(interaction, self.app.lookup_limiter, "lookups")

    @app_commands.command(name="card", description="Show a card's Oracle text")
    @app_commands.describe(name="Card name (nicknames, typos and name|set are fine)")
    async def card(self, interaction: discord.Interaction, name: CardName) -> None:
        if await self._too_soon(interaction):
            return
        await respond(
            interaction,
            self.app.service.card(name),
            defer_after=self.app.config.defer_after,
            view_for=lambda reply: choices_view("card", reply),
        )

    @app_commands.command(name="rulings", description="Show a card's official rulings")
    @app_commands.describe(name="Card name (nicknames and typos are fine)")
    async def rulings(self, interaction: discord.Interaction, name: CardName) -> None:
        if await self._too_soon(interaction):
            return
        owner = interaction.user.id

        def view_for(reply: Reply) -> discord.ui.View | None:
            if reply.choices:
                return choices_view("rulings", reply)
            return first_page_view(reply, owner) if reply.pages else None

        await respond(
            interaction,
            self.app.service.rulings(name),
            defer_after=self.app.config.defer_after,
            view_for=view_for,
        )

    @app_commands.command(name="cr", description="Show a Comprehensive Rules entry")
    @app_commands.describe(rule="Rule number (702.19b, CR 702.19b) or keyword (trample, fizzle)")
    async def cr(self, interaction: discord.Interaction, rule: Term) -> None:
        if await self._too_soon(interaction):
            return
        await respond(
            interaction, self.app.service.rule(rule), defer_after=self.app.config.defer_after
        )

    @app_commands.command(name="define", description="Define a term from the rules glossary")
    @app_commands.describe(term="A game term or players' word: trample, mana value, etb, fizzle")
    async def define(self, interaction: discord.Interaction, term: Term) -> None:
        if await self._too_soon(interaction):
            return
        await respond(
            interaction, self.app.service.define(term), defer_after=self.app.config.defer_after
        )

    card.autocomplete("name")(card_names)
    rulings.autocomplete("name")(card_names)
    cr.autocomplete("rule")(rule_numbers)
    define.autocomplete("term")(glossary_terms)


def _rule_label(number: str, label: str) -> str:
    return label if label.startswith(number) else f"{number} {label}".strip()
