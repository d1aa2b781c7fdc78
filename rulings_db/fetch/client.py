"""HTTP for the sync: honest headers, bounded retries with backoff, streaming downloads.

One ``HttpClient`` serves a whole sync. Retries cover what a later attempt can fix (connection
errors, timeouts, truncated bodies, 408/429/5xx); any other 4xx fails at once. A download is
streamed into ``<name>.part`` and moved into place only when complete, so the cached file a
previous sync left is never overwritten by a partial one.

Every request (retries and their waits included) ends by a wall-clock deadline, the earlier of
``FetchConfig.download_deadline`` and the sync's own: a timer shuts the request's socket down
when it passes, which wakes a read that is blocked however slowly the server drips.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import httpx

from rulings_db.fetch.config import FetchConfig, Progress
from rulings_db.safeguards import Deadline, earliest

T = TypeVar("T")

ACCEPT_JSON = "application/json;q=0.9,*/*;q=0.8"
ACCEPT_HTML = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"
ACCEPT_TEXT = "text/plain;q=0.9,*/*;q=0.8"


class FetchError(Exception):
    """A source could not be fetched: the message names the URL, what failed, and the attempts."""


class _Retry(Exception):
    """One attempt failed in a way a later attempt may not (network trouble, 408/429/5xx)."""

    def __init__(
        self, reason: str, retry_after: float | None = None, received: str | None = None
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after
        self.received = received  # "20 of 56488 bytes" when a body was being read


@dataclass(frozen=True)
class Validators:
    """What a previous response said about its body, sent back to ask "has it changed?"."""

    etag: str | None = None
    last_modified: str | None = None

    def headers(self) -> dict[str, str]:
        headers: dict[str, str] = {}
        if self.etag:
            headers["If-None-Match"] = self.etag
        if self.last_modified:
            headers["If-Modified-Since"] = self.last_modified
        return headers


@dataclass(frozen=True)
class Download:
    """The outcome of one download: a fresh file (200) or the cached one confirmed (304)."""

    url: str
    path: Path
    not_modified: bool
    etag: str | None
    last_modified: str | None
    bytes: int  # size of the file on disk (decoded)
    fetched_at: str  # UTC ISO time of the answer
    attempts: int
    sha256: str | None = None  # of the decoded body; None on a 304 (the cache knows it)


def utc_now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


class HttpClient:
    """A synchronous httpx client with the sync's headers, timeouts and retry policy."""

    def __init__(self, config: FetchConfig, deadline: Deadline | None = None) -> None:
        self.config = config
        self.deadline = deadline  # the whole sync's; each request also has its own
        self._client = httpx.Client(
            headers={"User-Agent": config.user_agent},
            timeout=httpx.Timeout(config.read_timeout, connect=config.connect_timeout),
            follow_redirects=True,
            # a fresh connection per request, so the deadline's timer always knows the socket
            limits=httpx.Limits(max_keepalive_connections=0),
        )

    def __enter__(self) -> HttpClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self._client.close()

    def get_text(self, url: str, *, accept: str) -> str:
        """A small document (the bulk index, the rules page), read whole."""

        limit = self.config.max_document_bytes
        deadline = self._deadline_for()

        def once(watchdog: _Watchdog) -> str:
            request = self._request(url, {"Accept": accept}, watchdog)
            with self._client.stream(**request) as response:
                self._check_status(url, response)
                body = bytearray()
                for chunk in response.iter_bytes():
                    body += chunk
                    if len(body) > limit:
                        raise FetchError(f"GET {url}: the answer is larger than {limit} bytes")
                return body.decode(response.encoding or "utf-8", errors="replace")

        text, _ = self._with_retries(url, deadline, once)
        return text

    def download(
        self,
        url: str,
        dest: Path,
        *,
        accept: str,
        validators: Validators | None = None,
        stage: str | None = None,
        progress: Progress | None = None,
    ) -> Download:
        """Stream ``url`` into ``dest`` (via ``dest.part``); a 304 keeps ``dest`` as it is."""
        dest.parent.mkdir(parents=True, exist_ok=True)
        part = dest.with_name(dest.name + ".part")
        headers = {"Accept": accept}
        if validators is not None and dest.exists():
            headers |= validators.headers()
        else:
            validators = None
        name = stage or f"download {dest.name}"
        deadline = self._deadline_for()

        def once(watchdog: _Watchdog) -> Download:
            request = self._request(url, headers, watchdog)
            try:
                return self._download_once(request, dest, part, validators, name, progress)
            finally:
                part.unlink(missing_ok=True)

        result, attempts = self._with_retries(url, deadline, once)
        return replace(result, attempts=attempts)

    def _deadline_for(self) -> Deadline:
        """This request's deadline: its own, or the sync's when that comes first."""
        own = Deadline.after(self.config.download_deadline, "download")
        return earliest([own, self.deadline]) or own

    def _request(self, url: str, headers: dict[str, str], watchdog: _Watchdog) -> dict[str, Any]:
        """Arguments of one attempt: timeouts never past the deadline, the watchdog's trace."""
        left = max(0.001, watchdog.deadline.remaining())
        config = self.config
        timeout = httpx.Timeout(
            min(config.read_timeout, left), connect=min(config.connect_timeout, left)
        )
        return {
            "method": "GET",
            "url": url,
            "headers": headers,
            "timeout": timeout,
            "extensions": {"trace": watchdog.trace},
        }

    def _download_once(
        self,
        request: dict[str, Any],
        dest: Path,
        part: Path,
        validators: Validators | None,
        stage: str,
        progress: Progress | None,
    ) -> Download:
        url = str(request["url"])
        with self._client.stream(**request) as response:
            self._check_status(url, response)
            if response.status_code == 304:
                return self._not_modified(url, dest, response, validators)
            expected = _content_length(response)
            digest = hashlib.sha256()
            try:
                with part.open("wb") as out:
                    for chunk in response.iter_bytes(self.config.chunk_size):
                        out.write(chunk)
                        digest.update(chunk)
                        if progress is not None:
                            progress(stage, response.num_bytes_downloaded, expected)
                    out.flush()
                    os.fsync(out.fileno())
            except httpx.TransportError as exc:
                received = response.num_bytes_downloaded
                of = f" of {expected}" if expected is not None else ""
                got = f"{received}{of} bytes"
                raise _Retry(f"{_network_reason(exc)} after {got}", received=got) from exc
            received = response.num_bytes_downloaded
            if expected is not None and received != expected:
                raise _Retry(f"truncated body: received {received} of {expected} bytes")
            os.replace(part, dest)
            return Download(
                url=url,
                path=dest,
                not_modified=False,
                etag=response.headers.get("ETag"),
                last_modified=response.headers.get("Last-Modified"),
                bytes=dest.stat().st_size,
                fetched_at=utc_now(),
                attempts=1,
                sha256=digest.hexdigest(),
            )

    @staticmethod
    def _not_modified(
        url: str, dest: Path, response: httpx.Response, validators: Validators | None
    ) -> Download:
        if validators is None:
            raise FetchError(f"GET {url} answered 304 Not Modified to a request without validators")
        return Download(
            url=url,
            path=dest,
            not_modified=True,
            etag=response.headers.get("ETag") or validators.etag,
            last_modified=response.headers.get("Last-Modified") or validators.last_modified,
            bytes=dest.stat().st_size,
            fetched_at=utc_now(),
            attempts=1,
        )

    @staticmethod
    def _check_status(url: str, response: httpx.Response) -> None:
        status = response.status_code
        if status < 300 or status == 304:
            return
        reason = f"HTTP {status} {response.reason_phrase}".strip()
        if status in (408, 429) or status >= 500:
            raise _Retry(reason, _retry_after(response))
        raise FetchError(f"GET {url} answered {reason} (not retried: a client error)")

    @staticmethod
    def _guard(url: str, attempt: Callable[[], T]) -> T:
        """Turn httpx's exceptions into a retry or a clear, final error."""
        try:
            return attempt()
        except (httpx.InvalidURL, httpx.UnsupportedProtocol) as exc:
            raise FetchError(f"GET {url}: not a usable URL ({exc})") from exc
        except httpx.TransportError as exc:
            raise _Retry(_network_reason(exc)) from exc
        except httpx.DecodingError as exc:
            raise _Retry(f"could not decode the body ({exc})") from exc

    def _with_retries(
        self, url: str, deadline: Deadline, attempt: Callable[[_Watchdog], T]
    ) -> tuple[T, int]:
        config = self.config
        attempts = max(1, config.max_attempts)
        reason = ""
        for number in range(1, attempts + 1):
            if deadline.expired():
                raise _past_deadline(url, deadline, reason or "no attempt could start", number - 1)
            watchdog = _Watchdog(deadline)
            try:
                with watchdog:
                    return self._guard(url, partial(attempt, watchdog)), number
            except _Retry as retry:
                reason = retry.reason
                if watchdog.fired:  # our own timer cut the connection: say how far it got
                    got = f"received {retry.received}" if retry.received else "no answer yet"
                    raise _past_deadline(url, deadline, f"cut off, {got}", number) from None
                if number == attempts:
                    break
                wait = self._backoff(number)
                if retry.retry_after is not None:
                    if retry.retry_after > config.max_retry_after:
                        raise FetchError(
                            f"GET {url}: {reason}; the server asked to retry after "
                            f"{retry.retry_after:g} s, over the {config.max_retry_after:g} s limit "
                            f"(gave up after {number} attempt{'s' if number > 1 else ''})"
                        ) from None
                    wait = max(wait, retry.retry_after)
                if wait >= deadline.remaining():
                    raise _past_deadline(url, deadline, reason, number) from None
                config.sleep(wait)
            except FetchError:
                if watchdog.fired:
                    raise _past_deadline(url, deadline, "cut off", number) from None
                raise
        raise FetchError(f"GET {url} failed after {attempts} attempts: {reason}")

    def _backoff(self, failed_attempts: int) -> float:
        """Exponential backoff with jitter: half the delay fixed, half random."""
        config = self.config
        delay = min(config.backoff_max, config.backoff_base * 2 ** (failed_attempts - 1))
        return delay * (0.5 + config.jitter() / 2)


class _Watchdog:
    """Ends one attempt at its deadline wherever it is blocked (connecting, waiting for the
    headers, reading the body): a timer thread shuts the attempt's socket down, which makes the
    blocked read return at once. The socket comes from httpcore's ``trace`` events."""

    _CONNECTED = ("connection.connect_tcp.complete", "connection.start_tls.complete")

    def __init__(self, deadline: Deadline) -> None:
        self.deadline = deadline
        self.fired = False
        self._streams: list[Any] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(deadline.remaining(), self._fire)
        self._timer.daemon = True

    def __enter__(self) -> _Watchdog:
        self._timer.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._timer.cancel()

    def trace(self, event: str, info: dict[str, Any]) -> None:
        if event not in self._CONNECTED or info.get("return_value") is None:
            return
        stream = info["return_value"]
        with self._lock:
            self._streams.append(stream)
            fired = self.fired
        if fired:
            _shut(stream)

    def _fire(self) -> None:
        with self._lock:
            self.fired = True
            streams = list(self._streams)
        for stream in streams:
            _shut(stream)


def _shut(stream: Any) -> None:
    """Shut a connection's socket down (both ways); a blocked ``recv`` then returns."""
    sock = stream.get_extra_info("socket")
    if sock is None:
        return
    # the plain socket's shutdown, also for a TLS socket: SSLSocket.shutdown would tear its SSL
    # state down under the reading thread. Errors: the socket is closed already.
    with contextlib.suppress(OSError, TypeError, ValueError):
        socket.socket.shutdown(sock, socket.SHUT_RDWR)


def _past_deadline(url: str, deadline: Deadline, reason: str, attempts: int) -> FetchError:
    tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
    return FetchError(f"GET {url} did not finish within {deadline.describe()} ({tries}; {reason})")


def _content_length(response: httpx.Response) -> int | None:
    value = response.headers.get("Content-Length")
    if value is None or not value.strip().isdigit():
        return None
    return int(value)


def _retry_after(response: httpx.Response) -> float | None:
    """Retry-After in seconds: either a number of seconds or an HTTP date."""
    value = response.headers.get("Retry-After", "").strip()
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def _network_reason(exc: httpx.TransportError) -> str:
    detail = str(exc) or type(exc).__name__
    if isinstance(exc, httpx.ConnectTimeout):
        return "connect timed out"
    if isinstance(exc, httpx.ReadTimeout):
        return "read timed out"
    if isinstance(exc, httpx.TimeoutException):
        return f"timed out ({type(exc).__name__})"
    if isinstance(exc, httpx.ConnectError):
        return f"could not connect ({detail})"
    if isinstance(exc, httpx.RemoteProtocolError):
        return f"connection broken ({detail})"
    return f"network error ({detail})"
