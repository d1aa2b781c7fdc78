"""The fake Discord server: REST routes the bot calls, a gateway websocket, event helpers, faults.

Everything listens on 127.0.0.1 with an ephemeral port. Every REST request is recorded
(method, path, query, JSON body, headers) so tests can assert exactly what the bot sent.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import web

API_PREFIX = "/api/v10"
JSON_TYPE = "application/json"

MANAGE_GUILD = 1 << 5
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 31) | (1 << 35)
BOT_PERMISSIONS = MEMBER_PERMISSIONS | (1 << 34) | (1 << 38)

_snowflakes = itertools.count(1_200_000_000_000_000_000)


def snowflake() -> str:
    return str(next(_snowflakes))


def _now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S.000000+00:00", time.gmtime())


@dataclass
class Recorded:
    """One REST request the bot made."""

    method: str
    path: str  # without the /api/v10 prefix
    query: dict[str, str]
    json: Any
    headers: dict[str, str]
    status: int = 200
    at: float = field(default_factory=time.perf_counter)

    @property
    def body(self) -> dict[str, Any]:
        """The message-shaped part of the JSON body (interaction callbacks nest it in ``data``)."""
        if isinstance(self.json, dict) and "type" in self.json and "data" in self.json:
            data = self.json.get("data")
            return data if isinstance(data, dict) else {}
        return self.json if isinstance(self.json, dict) else {}


@dataclass
class Fault:
    method: str
    pattern: re.Pattern[str]
    status: int
    retry_after: float
    times: int


@dataclass
class User:
    id: str
    username: str
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "username": self.username,
            "global_name": self.username,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass
class Guild:
    id: str
    name: str
    channels: list[str]

    def payload(self, bot: User) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": snowflake(),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [
                {
                    "id": self.id,
                    "name": "@everyone",
                    "color": 0,
                    "hoist": False,
                    "position": 0,
                    "permissions": str(MEMBER_PERMISSIONS),
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": _now_iso(),
            "large": False,
            "unavailable": False,
            "member_count": 2,
            "voice_states": [],
            "members": [_member(bot)],
            "channels": [
                {
                    "id": cid,
                    "type": 0,
                    "guild_id": self.id,
                    "name": f"channel-{i}",
                    "position": i,
                    "permission_overwrites": [],
                    "nsfw": False,
                    "parent_id": None,
                    "rate_limit_per_user": 0,
                    "topic": None,
                    "last_message_id": None,
                }
                for i, cid in enumerate(self.channels)
            ],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


def _member(user: User, permissions: int | None = None) -> dict[str, Any]:
    member: dict[str, Any] = {
        "user": user.payload(),
        "roles": [],
        "joined_at": _now_iso(),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "nick": None,
        "avatar": None,
        "pending": False,
    }
    if permissions is not None:
        member["permissions"] = str(permissions)
    return member


@dataclass
class Interaction:
    """An interaction the fake sent; its replies arrive on the paths that carry ``token``."""

    id: str
    token: str
    payload: dict[str, Any]


class FakeDiscord:
    """A loopback Discord: start it, ``install()`` it, run a real discord.py client against it."""

    def __init__(self, *, token: str = "fake-token", heartbeat_ms: int = 41250) -> None:
        self.token = token
        self.heartbeat_ms = heartbeat_ms
        self.application_id = snowflake()
        self.bot = User(self.application_id, "rulesbot", bot=True)
        # guild ids chosen so that with two shards each guild lands on its own shard
        base = int(snowflake()) >> 22
        self.guilds = [
            Guild(str((base + 2) << 22), "Guild One", [snowflake(), snowflake()]),
            Guild(str((base + 3) << 22), "Guild Two", [snowflake(), snowflake()]),
        ]
        self.guilds.sort(key=lambda g: (int(g.id) >> 22) % 2)
        self.requests: list[Recorded] = []
        self.identifies: list[dict[str, Any]] = []
        self.resumes: list[dict[str, Any]] = []
        self.faults: list[Fault] = []
        self.reject_token = False
        self.commands: dict[str, list[dict[str, Any]]] = {}
        self._messages: dict[str, dict[str, Any]] = {}
        self._changed = asyncio.Condition()
        self._sockets: list[web.WebSocketResponse] = []
        self._shards: dict[int, tuple[int, int]] = {}  # id(ws) -> (shard id, shard count)
        self._shards_by_session: dict[str, tuple[int, int]] = {}
        self._ready = asyncio.Event()
        self._session_id = "session-" + snowflake()
        self._seq = 0
        self._pending: list[dict[str, Any]] = []
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._saved: tuple[str, yarl.URL] | None = None
        self.files: dict[str, bytes] = {}

    # ---- lifecycle -------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway/"

    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=16 * 1024 * 1024)
        app.router.add_get("/gateway/", self._gateway)
        app.router.add_get("/cdn/{id}/{filename}", self._cdn)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[union-attr]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    def install(self) -> None:
        """Point discord.py (unmodified) at this server."""
        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.base_url + API_PREFIX
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def uninstall(self) -> None:
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    async def stop(self) -> None:
        self.uninstall()
        for ws in list(self._sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def wait_ready(self, timeout: float = 5.0) -> None:
        await asyncio.wait_for(self._ready.wait(), timeout)

    # ---- faults ----------------------------------------------------------------------------

    def fail_next(
        self,
        method: str,
        path_regex: str,
        status: int,
        *,
        retry_after: float = 0.05,
        times: int = 1,
    ) -> None:
        """Answer the next ``times`` matching requests with ``status`` (429 carries retry-after)."""
        self.faults.append(Fault(method, re.compile(path_regex), status, retry_after, times))

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close the websocket the way a Discord edge restart does; the client must resume."""
        self._ready.clear()
        for ws in list(self._sockets):
            await ws.close(code=code, message=b"dropped by test")

    # ---- recorded requests -----------------------------------------------------------------

    def mark(self) -> int:
        return len(self.requests)

    async def wait_request(
        self, method: str, path_regex: str, *, since: int = 0, timeout: float = 5.0
    ) -> Recorded:
        return await self.wait_request_where(
            method, path_regex, lambda _rec: True, since=since, timeout=timeout
        )

    async def wait_request_where(
        self, method: str, path_regex: str, where: Any, *, since: int = 0, timeout: float = 5.0
    ) -> Recorded:
        """The first recorded request matching method, path and the predicate ``where``."""
        pattern = re.compile(path_regex)

        def find() -> Recorded | None:
            for rec in self.requests[since:]:
                if rec.method == method and pattern.search(rec.path) and where(rec):
                    return rec
            return None

        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(find), timeout)
        found = find()
        assert found is not None
        return found

    async def reply_to(self, interaction: Interaction, *, timeout: float = 5.0) -> Recorded:
        """The first request answering ``interaction`` (callback or webhook follow-up)."""
        return await self.wait_request("POST", f"/interactions/{interaction.id}/", timeout=timeout)

    async def final_reply(self, interaction: Interaction, *, timeout: float = 5.0) -> Recorded:
        """The content-bearing answer: the callback, or after a defer the follow-up/edit."""
        first = await self.reply_to(interaction, timeout=timeout)
        if first.json.get("type") != 5:  # 5 = deferred channel message with source
            return first
        token_re = re.escape(interaction.token)
        async with self._changed:
            await asyncio.wait_for(
                self._changed.wait_for(lambda: self._webhook_for(token_re) is not None), timeout
            )
        found = self._webhook_for(token_re)
        assert found is not None
        return found

    def _webhook_for(self, token_re: str) -> Recorded | None:
        for rec in self.requests:
            if rec.method in ("POST", "PATCH") and re.search(
                f"/webhooks/\\d+/{token_re}", rec.path
            ):
                return rec
        return None

    def requests_to(self, method: str, path_regex: str, since: int = 0) -> list[Recorded]:
        pattern = re.compile(path_regex)
        return [r for r in self.requests[since:] if r.method == method and pattern.search(r.path)]

    async def _record(self, rec: Recorded) -> None:
        self.requests.append(rec)
        async with self._changed:
            self._changed.notify_all()

    # ---- REST --------------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body: Any = None
        if request.can_read_body:
            if request.content_type == "multipart/form-data":
                body = await self._multipart_json(request)
            else:
                raw = await request.read()
                body = json.loads(raw) if raw else None
        rec = Recorded(request.method, path, dict(request.query), body, dict(request.headers))
        fault = self._take_fault(request.method, path)
        if fault is not None:
            rec.status = fault.status
            await self._record(rec)
            return self._fault_response(fault)
        if path == "/users/@me" and (
            self.reject_token or request.headers.get("Authorization") != f"Bot {self.token}"
        ):
            rec.status = 401
            await self._record(rec)
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        status, payload = self._route(request.method, path, body)
        rec.status = status
        await self._record(rec)
        if status == 204:
            return web.Response(status=204)
        return _json(payload, status=status)

    async def _multipart_json(self, request: web.Request) -> Any:
        reader = await request.multipart()
        body: Any = None
        async for part in reader:
            if isinstance(part, aiohttp.BodyPartReader) and part.name == "payload_json":
                body = json.loads(await part.text())
            elif isinstance(part, aiohttp.BodyPartReader):
                await part.read()
        return body

    def _take_fault(self, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.times > 0 and fault.method == method and fault.pattern.search(path):
                fault.times -= 1
                return fault
        return None

    def _fault_response(self, fault: Fault) -> web.Response:
        if fault.status == 429:
            headers = {
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": str(fault.retry_after),
                "X-RateLimit-Bucket": "fakebucket",
                "X-RateLimit-Scope": "user",
                "Retry-After": str(max(1, round(fault.retry_after))),
                "Via": "1.1 google",
            }
            body = {
                "message": "You are being rate limited.",
                "retry_after": fault.retry_after,
                "global": False,
            }
            return _json(body, status=429, headers=headers)
        return _json({"message": f"{fault.status}: fake failure", "code": 0}, status=fault.status)

    def _route(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        app = self.application_id
        if method == "GET" and path == "/users/@me":
            return 200, self.bot.payload()
        if method == "GET" and path == "/oauth2/applications/@me":
            return 200, self._application()
        if method == "GET" and path in ("/gateway", "/gateway/bot"):
            return 200, {
                "url": self.gateway_url.rstrip("/"),
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        if m := re.fullmatch(rf"/applications/{app}(?:/guilds/(\d+))?/commands", path):
            if method == "PUT":
                problems = [p for cmd in (body or []) for p in command_problems(cmd)]
                if problems:  # Discord refuses the whole list (Invalid Form Body)
                    return 400, {"message": "Invalid Form Body", "code": 50035, "errors": problems}
                scope = m.group(1) or "global"
                registered = [
                    {**cmd, "id": snowflake(), "application_id": app, "version": snowflake()}
                    for cmd in (body or [])
                ]
                self.commands[scope] = registered
                return 200, registered
            return 200, self.commands.get(m.group(1) or "global", [])
        if m := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path):
            return 200, self._callback(m.group(1), body or {})
        if m := re.fullmatch(rf"/webhooks/{app}/([^/]+)(?:/messages/([^/]+))?", path):
            return self._webhook(method, m.group(2), body)
        if (m := re.fullmatch(r"/channels/(\d+)/messages", path)) and method == "POST":
            return 200, self._message(m.group(1), body or {})
        if m := re.fullmatch(r"/channels/(\d+)/messages/(\d+)/threads", path):
            return 200, self._thread(m.group(1), (body or {}).get("name", "thread"))
        if m := re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path):
            if method == "PATCH":
                stored = self._messages.get(
                    m.group(2), {"id": m.group(2), "channel_id": m.group(1)}
                )
                stored.update(body or {})
                return 200, self._message(m.group(1), stored, message_id=m.group(2))
            if method == "DELETE":
                return 204, None
        if re.fullmatch(r"/channels/(\d+)/typing", path):
            return 204, None
        return 404, {"message": "404: Not Found (fake)", "code": 10000}

    def _application(self) -> dict[str, Any]:
        return {
            "id": self.application_id,
            "name": "rulesbot",
            "icon": None,
            "description": "",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": User(snowflake(), "owner").payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "bot": self.bot.payload(),
        }

    def _message(
        self, channel_id: str, body: dict[str, Any], *, message_id: str | None = None
    ) -> dict[str, Any]:
        mid = message_id or snowflake()
        message = {
            "id": mid,
            "channel_id": channel_id,
            "author": self.bot.payload(),
            "content": body.get("content") or "",
            "timestamp": _now_iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": body.get("flags") or 0,
        }
        self._messages[mid] = message
        return message

    def _thread(self, parent_id: str, name: str) -> dict[str, Any]:
        guild_id = next((g.id for g in self.guilds if parent_id in g.channels), None)
        return {
            "id": snowflake(),
            "type": 11,
            "guild_id": guild_id,
            "parent_id": parent_id,
            "name": name,
            "owner_id": self.bot.id,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": _now_iso(),
                "locked": False,
            },
        }

    def _callback(self, interaction_id: str, body: dict[str, Any]) -> dict[str, Any]:
        kind = body.get("type")
        data = body.get("data") or {}
        interaction: dict[str, Any] = {"id": interaction_id, "type": kind}
        resource: dict[str, Any] = {"type": kind}
        if kind in (4, 5, 7):  # message, deferred message, update message
            message = self._message("0", data)
            interaction["response_message_id"] = message["id"]
            interaction["response_message_loading"] = kind == 5
            interaction["response_message_ephemeral"] = bool((data.get("flags") or 0) & 64)
            resource["message"] = message
        return {"interaction": interaction, "resource": resource}

    def _webhook(self, method: str, message_id: str | None, body: Any) -> tuple[int, Any]:
        if method == "DELETE":
            return 204, None
        return 200, self._message(
            "0", body or {}, message_id=None if message_id == "@original" else message_id
        )

    async def _cdn(self, request: web.Request) -> web.Response:
        data = self.files.get(request.match_info["id"])
        if data is None:
            return web.Response(status=404)
        return web.Response(body=data, content_type="application/octet-stream")

    # ---- gateway -------------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        self._sockets.append(ws)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": self.heartbeat_ms}}))
        try:
            async for msg in ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    continue
                await self._on_gateway(ws, json.loads(msg.data))
        finally:
            if ws in self._sockets:
                self._sockets.remove(ws)
            self._shards.pop(id(ws), None)
        return ws

    async def _on_gateway(self, ws: web.WebSocketResponse, msg: dict[str, Any]) -> None:
        op = msg.get("op")
        if op == 1:
            await ws.send_str(json.dumps({"op": 11, "d": None}))
        elif op == 2:
            self.identifies.append(msg["d"])
            shard_id, count = msg["d"].get("shard", [0, 1])
            self._shards[id(ws)] = (shard_id, count)
            mine = [g for g in self.guilds if _shard_for(g.id, count) == shard_id]
            session_id = f"{self._session_id}-{shard_id}"
            self._shards_by_session[session_id] = (shard_id, count)
            ready = {
                "v": 10,
                "user": self.bot.payload(),
                "guilds": [{"id": g.id, "unavailable": True} for g in mine],
                "session_id": session_id,
                "resume_gateway_url": self.gateway_url,
                "shard": msg["d"].get("shard", [0, 1]),
                "application": {"id": self.application_id, "flags": 0},
                "private_channels": [],
                "relationships": [],
            }
            await self._send_dispatch(ws, "READY", ready)
            for guild in mine:
                await self._send_dispatch(ws, "GUILD_CREATE", guild.payload(self.bot))
            self._ready.set()
            await self._flush_pending(ws)
        elif op == 6:
            self.resumes.append(msg["d"])
            self._shards[id(ws)] = self._shards_by_session.get(msg["d"].get("session_id"), (0, 1))
            await self._send_dispatch(ws, "RESUMED", {})
            self._ready.set()
            await self._flush_pending(ws)

    async def _send_dispatch(self, ws: web.WebSocketResponse, name: str, data: Any) -> None:
        self._seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": name, "s": self._seq, "d": data}))

    async def _flush_pending(self, ws: web.WebSocketResponse) -> None:
        shard = self._shards.get(id(ws), (0, 1))
        keep: list[dict[str, Any]] = []
        for event in self._pending:
            if _shard_for(event["d"].get("guild_id"), shard[1]) == shard[0]:
                await self._send_dispatch(ws, event["t"], event["d"])
            else:
                keep.append(event)
        self._pending = keep

    async def dispatch(self, name: str, data: dict[str, Any]) -> None:
        """Send a DISPATCH event to the shard that owns its guild (DMs: shard 0).

        Held, and replayed on resume, while that shard's socket is down.
        """
        for ws in self._sockets:
            shard_id, count = self._shards.get(id(ws), (0, 1))
            if ws.closed or _shard_for(data.get("guild_id"), count) != shard_id:
                continue
            if self._ready.is_set():
                await self._send_dispatch(ws, name, data)
                return
        self._pending.append({"t": name, "d": data})

    # ---- event builders --------------------------------------------------------------------------

    def user(self, name: str = "player", *, bot: bool = False) -> User:
        return User(snowflake(), name, bot=bot)

    async def send_message(
        self,
        content: str,
        *,
        author: User | None = None,
        guild: int = 0,
        channel: int = 0,
        dm: bool = False,
        channel_id: str | None = None,
    ) -> dict[str, Any]:
        author = author or self.user()
        g = self.guilds[guild]
        payload: dict[str, Any] = {
            "id": snowflake(),
            "channel_id": channel_id or (snowflake() if dm else g.channels[channel]),
            "author": author.payload(),
            "content": content,
            "timestamp": _now_iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": "@everyone" in content,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
        }
        if not dm:
            payload["guild_id"] = g.id
            member = _member(author)
            member.pop("user")
            payload["member"] = member
        await self.dispatch("MESSAGE_CREATE", payload)
        return payload

    def _interaction(
        self,
        kind: int,
        data: dict[str, Any],
        *,
        user: User | None,
        guild: int,
        channel: int,
        dm: bool,
        permissions: int,
        message: dict[str, Any] | None = None,
    ) -> Interaction:
        user = user or self.user()
        iid = snowflake()
        token = "itok-" + iid
        g = self.guilds[guild]
        channel_id = snowflake() if dm else g.channels[channel]
        payload: dict[str, Any] = {
            "id": iid,
            "application_id": self.application_id,
            "type": kind,
            "data": data,
            "channel_id": channel_id,
            "token": token,
            "version": 1,
            "locale": "en-US",
            "app_permissions": str(BOT_PERMISSIONS),
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "authorizing_integration_owners": {"0": g.id} if not dm else {"1": user.id},
            "context": 1 if dm else 0,
        }
        if dm:
            payload["user"] = user.payload()
            payload["channel"] = {"id": channel_id, "type": 1, "recipients": [user.payload()]}
        else:
            payload["guild_id"] = g.id
            payload["guild_locale"] = "en-US"
            payload["member"] = _member(user, permissions)
            payload["channel"] = {
                "id": channel_id,
                "type": 0,
                "guild_id": g.id,
                "name": "channel",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            }
        if message is not None:
            payload["message"] = message
        return Interaction(iid, token, payload)

    async def slash(
        self,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        user: User | None = None,
        guild: int = 0,
        channel: int = 0,
        dm: bool = False,
        permissions: int = MEMBER_PERMISSIONS,
        subcommand: str | None = None,
        attachments: dict[str, tuple[str, bytes]] | None = None,
    ) -> Interaction:
        """Invoke a slash command (INTERACTION_CREATE type 2).

        ``attachments`` maps an option name to (filename, bytes): uploaded to the fake CDN and
        passed the way Discord does, as an attachment id resolved in ``data.resolved``.
        """
        opts = [_option(k, v) for k, v in (options or {}).items()]
        resolved: dict[str, Any] = {}
        for option, (filename, data) in (attachments or {}).items():
            aid = snowflake()
            self.files[aid] = data
            resolved[aid] = {
                "id": aid,
                "filename": filename,
                "size": len(data),
                "url": f"{self.base_url}/cdn/{aid}/{filename}",
                "proxy_url": f"{self.base_url}/cdn/{aid}/{filename}",
                "content_type": "text/yaml",
            }
            opts.append({"name": option, "type": 11, "value": aid})
        if subcommand is not None:
            opts = [{"name": subcommand, "type": 1, "options": opts}]
        data: dict[str, Any] = {"id": snowflake(), "name": name, "type": 1, "options": opts}
        if resolved:
            data["resolved"] = {"attachments": resolved}
        inter = self._interaction(
            2, data, user=user, guild=guild, channel=channel, dm=dm, permissions=permissions
        )
        await self.dispatch("INTERACTION_CREATE", inter.payload)
        return inter

    async def autocomplete(
        self,
        name: str,
        focused: str,
        value: str,
        *,
        others: dict[str, Any] | None = None,
        guild: int = 0,
    ) -> Interaction:
        """Type into an option with autocomplete (INTERACTION_CREATE type 4)."""
        opts = [_option(k, v) for k, v in (others or {}).items()]
        opts.append({"name": focused, "type": 3, "value": value, "focused": True})
        data = {"id": snowflake(), "name": name, "type": 1, "options": opts}
        inter = self._interaction(
            4, data, user=None, guild=guild, channel=0, dm=False, permissions=MEMBER_PERMISSIONS
        )
        await self.dispatch("INTERACTION_CREATE", inter.payload)
        return inter

    async def click(
        self,
        custom_id: str,
        message: dict[str, Any],
        *,
        user: User | None = None,
        guild: int = 0,
        channel: int = 0,
        values: list[str] | None = None,
    ) -> Interaction:
        """Press a button on ``message``, or pick ``values`` in a select (INTERACTION_CREATE 3)."""
        msg = dict(message)
        msg.setdefault("author", self.bot.payload())
        msg["channel_id"] = self.guilds[guild].channels[channel]
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data = {"custom_id": custom_id, "component_type": 3, "values": values}
        inter = self._interaction(
            3,
            data,
            user=user,
            guild=guild,
            channel=channel,
            dm=False,
            permissions=MEMBER_PERMISSIONS,
            message=msg,
        )
        await self.dispatch("INTERACTION_CREATE", inter.payload)
        return inter

    def message_for(self, rec: Recorded) -> dict[str, Any]:
        """The message the fake created for a recorded reply (to click its buttons)."""
        body = rec.body
        return self._message("0", body)


def _shard_for(guild_id: str | None, count: int) -> int:
    """Discord's rule: shard_id = (guild_id >> 22) % num_shards; DMs go to shard 0."""
    return (int(guild_id) >> 22) % count if guild_id else 0


def _option(name: str, value: Any) -> dict[str, Any]:
    if isinstance(value, bool):
        kind = 5
    elif isinstance(value, int):
        kind = 4
    elif isinstance(value, float):
        kind = 10
    else:
        kind = 3
    return {"name": name, "type": kind, "value": value}


def _json(
    payload: Any, *, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    # discord.py parses JSON only when Content-Type is exactly application/json (no charset).
    return web.Response(
        body=json.dumps(payload).encode(),
        status=status,
        headers={"Content-Type": JSON_TYPE, **(headers or {})},
    )


# Discord's limits on application commands (the API reference, "Application Command Object"):
# what the real API refuses with 400 Invalid Form Body, so a command the bot registers here
# would register there too.
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
MAX_DESCRIPTION = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_STRING_LENGTH = 6000
CHAT_INPUT = 1


def command_problems(cmd: dict[str, Any], where: str = "") -> list[str]:
    """Every way ``cmd`` (a command or one of its options) breaks Discord's limits."""
    name = str(cmd.get("name", ""))
    here = f"{where}/{name}"
    problems = []
    if not COMMAND_NAME.match(name) or name != name.lower():
        problems.append(f"{here}: name must be 1-32 lower-case word characters")
    is_menu_command = not where and cmd.get("type", CHAT_INPUT) != CHAT_INPUT
    description = str(cmd.get("description", ""))
    if not is_menu_command and not 1 <= len(description) <= MAX_DESCRIPTION:
        problems.append(f"{here}: description must be 1-{MAX_DESCRIPTION} characters")
    options = cmd.get("options") or []
    if len(options) > MAX_OPTIONS:
        problems.append(f"{here}: at most {MAX_OPTIONS} options")
    if len(cmd.get("choices") or []) > MAX_CHOICES:
        problems.append(f"{here}: at most {MAX_CHOICES} choices")
    for bound in ("min_length", "max_length"):
        if bound in cmd and not 0 <= int(cmd[bound]) <= MAX_STRING_LENGTH:
            problems.append(f"{here}: {bound} must be 0-{MAX_STRING_LENGTH}")
    for option in options:
        problems += command_problems(option, here)
    return problems
