"""Rendering: replies as plain data within Discord's limits, and as text for the console."""

from bot.render.reply import Embed, Field, Reply, error

__all__ = ["Embed", "Field", "Reply", "error"]
