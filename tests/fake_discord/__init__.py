"""A fake Discord on loopback: aiohttp REST routes + a gateway websocket speaking the real protocol.

The unmodified discord.py client logs into it once ``FakeDiscord.install()`` has pointed
``discord.http.Route.BASE`` and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` at it.
"""

from .server import FakeDiscord, Recorded

__all__ = ["FakeDiscord", "Recorded"]
