"""HTTP for the sync: honest headers, bounded retries with backoff, streaming downloads.

One ``HttpClient`` serves a whole sync. Retries cover what a later attempt can fix (connection
errors, timeouts, truncated bodies, 408/429/5xx); any other 4xx fails at once. A download is
streamed into ``<name>.part`` and moved into place only when complete, so the cached file a
previous sync left is never overwritten by a partial one.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import TypeVar

import httpx

from rulings_db.fetch.config import FetchConfig, Progress

T = TypeVar("T")

ACCEPT_JSON = "application/json;q=0.9,*/*;q=0.8"
ACCEPT_HTML = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"
ACCEPT_TEXT = "text/plain;q=0.9,*/*;q=0.8"


class FetchError(Exception):
    """A source could not be fetched: the message names the URL, what failed, and the attempts."""


class _Retry(Exception):
    """One attempt failed in a way a later attempt may not (network trouble, 408/429/5xx)."""

    def __init__(self, reason: str, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


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

    def __init__(self, config: FetchConfig) -> None:
        self.config = config
        self._client = httpx.Client(
            headers={"User-Agent": config.user_agent},
            timeout=httpx.Timeout(config.read_timeout, connect=config.connect_timeout),
            follow_redirects=True,
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

        def once() -> str:
            with self._client.stream("GET", url, headers={"Accept": accept}) as response:
                self._check_status(url, response)
                body = bytearray()
                for chunk in response.iter_bytes():
                    body += chunk
                    if len(body) > limit:
                        raise FetchError(f"GET {url}: the answer is larger than {limit} bytes")
                return body.decode(response.encoding or "utf-8", errors="replace")

        text, _ = self._with_retries(url, lambda: self._guard(url, once))
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

        def once() -> Download:
            try:
                return self._download_once(url, dest, part, headers, validators, name, progress)
            finally:
                part.unlink(missing_ok=True)

        result, attempts = self._with_retries(url, lambda: self._guard(url, once))
        return replace(result, attempts=attempts)

    def _download_once(
        self,
        url: str,
        dest: Path,
        part: Path,
        headers: dict[str, str],
        validators: Validators | None,
        stage: str,
        progress: Progress | None,
    ) -> Download:
        with self._client.stream("GET", url, headers=headers) as response:
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
                raise _Retry(f"{_network_reason(exc)} after {received}{of} bytes") from exc
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

    def _with_retries(self, url: str, attempt: Callable[[], T]) -> tuple[T, int]:
        config = self.config
        attempts = max(1, config.max_attempts)
        reason = ""
        for number in range(1, attempts + 1):
            try:
                return attempt(), number
            except _Retry as retry:
                reason = retry.reason
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
                config.sleep(wait)
        raise FetchError(f"GET {url} failed after {attempts} attempts: {reason}")

    def _backoff(self, failed_attempts: int) -> float:
        """Exponential backoff with jitter: half the delay fixed, half random."""
        config = self.config
        delay = min(config.backoff_max, config.backoff_base * 2 ** (failed_attempts - 1))
        return delay * (0.5 + config.jitter() / 2)


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
