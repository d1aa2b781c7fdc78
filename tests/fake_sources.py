"""A stand-in for Scryfall and the Wizards rules page on 127.0.0.1, for the network sync tests.

``FakeSources`` serves files with ETags (answering 304 to a matching If-None-Match), records
every request's headers, and misbehaves on demand: a status (with headers such as Retry-After),
a stall before answering (read timeouts), a body cut short of its Content-Length, or an answer
dripped one byte at a time (each read succeeds, the download never ends).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

FIXTURES = Path(__file__).resolve().parent / "http_fixtures"
CR_NAME = "MagicCompRules 20260116.txt"  # the name served; Wizards' style, with a space
CR_FILE = "comprehensive-rules-excerpt.txt"  # the fixture on disk

INDEX_PATH = "/bulk-data"
ORACLE_PATH = "/file/oracle-cards-20260116.json"
RULINGS_PATH = "/file/rulings-20260116.json"
RULES_PAGE_PATH = "/en/rules"
CR_PATH = f"/downloads/{CR_NAME}"


@dataclass
class Resource:
    body: bytes
    content_type: str
    etag: str | None = None
    last_modified: str | None = None
    gzip: bool = False  # Content-Encoding: gzip when the client accepts it
    _gzipped: bytes | None = None

    def gzipped(self) -> bytes:
        if self._gzipped is None:
            self._gzipped = gzip.compress(self.body)
        return self._gzipped


@dataclass
class Fault:
    """How one request goes wrong."""

    status: int | None = None
    headers: dict[str, str] = field(default_factory=dict)
    stall: float = 0.0  # seconds to wait before answering
    truncate: bool = False  # announce the full Content-Length, send half, close
    drip: float = 0.0  # seconds between single bytes of the body (after normal headers)
    drip_headers: bool = False  # with drip: the status line and headers drip too


@dataclass
class Request:
    path: str
    headers: dict[str, str]


class FakeSources:
    def __init__(self) -> None:
        self.resources: dict[str, Resource] = {}
        self.requests: list[Request] = []
        self._faults: dict[str, list[Fault]] = {}
        self._always: dict[str, Fault] = {}
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def url(self, path: str) -> str:
        return self.base_url + quote(path)

    def start(self) -> FakeSources:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def put(
        self,
        path: str,
        body: bytes,
        content_type: str,
        *,
        etag: str | None = "auto",
        last_modified: str | None = None,
        gzip: bool = False,
    ) -> None:
        if etag == "auto":
            etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
        self.resources[path] = Resource(body, content_type, etag, last_modified, gzip)

    def fail(self, path: str, *faults: Fault) -> None:
        """The next requests for ``path`` go wrong in these ways, one fault per request."""
        with self._lock:
            self._faults.setdefault(path, []).extend(faults)

    def fail_always(self, path: str, fault: Fault) -> None:
        self._always[path] = fault

    def requests_for(self, path: str) -> list[Request]:
        with self._lock:
            return [r for r in self.requests if r.path == path]

    def install_standard(self) -> None:
        """Scryfall's bulk index and files; a rules page linking a CR with a space in its name."""
        self.put(
            ORACLE_PATH,
            (FIXTURES / "sample-oracle-cards.json").read_bytes(),
            "application/json",
            last_modified="Fri, 16 Jan 2026 10:00:00 GMT",
            gzip=True,
        )
        self.put(
            RULINGS_PATH,
            (FIXTURES / "sample-rulings.json").read_bytes(),
            "application/json",
            gzip=True,
        )
        self.put(CR_PATH, (FIXTURES / CR_FILE).read_bytes(), "text/plain; charset=utf-8")
        self.put_index()
        self.put_rules_page(
            f'<a href="../downloads/{quote(CR_NAME)}">Comprehensive Rules (TXT)</a>'
        )

    def put_index(self, data: object | None = None) -> None:
        if data is None:
            data = {
                "object": "list",
                "has_more": False,
                "data": [
                    self.bulk_entry("oracle_cards", ORACLE_PATH),
                    self.bulk_entry("rulings", RULINGS_PATH),
                    self.bulk_entry("default_cards", "/file/default-cards.json"),
                ],
            }
        self.put(INDEX_PATH, json.dumps(data).encode(), "application/json", etag=None)

    def bulk_entry(self, kind: str, path: str) -> dict[str, object]:
        resource = self.resources.get(path)
        return {
            "object": "bulk_data",
            "type": kind,
            "updated_at": "2026-01-16T10:00:00.000+00:00",
            "download_uri": self.url(path),
            "size": len(resource.body) if resource else 0,
            "content_type": "application/json",
            "content_encoding": "gzip",
        }

    def put_rules_page(self, links: str) -> None:
        html = f"<!doctype html><html><body><h1>Rules</h1><p>{links}</p></body></html>"
        self.put(RULES_PAGE_PATH, html.encode(), "text/html; charset=utf-8", etag=None)

    def _next_fault(self, path: str) -> Fault | None:
        with self._lock:
            queued = self._faults.get(path)
            if queued:
                return queued.pop(0)
            return self._always.get(path)

    def _record(self, path: str, headers: dict[str, str]) -> None:
        with self._lock:
            self.requests.append(Request(path, headers))


def _handler_for(sources: FakeSources) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            path = unquote(urlsplit(self.path).path)
            sources._record(path, {k.lower(): v for k, v in self.headers.items()})
            fault = sources._next_fault(path)
            try:
                if fault is not None and fault.stall:
                    time.sleep(fault.stall)
                if fault is not None and fault.status is not None:
                    self._answer(fault.status, b"fault\n", "text/plain", fault.headers)
                    return
                if fault is not None and fault.drip:
                    self._drip(path, fault)
                    return
                self._serve(path, truncate=fault is not None and fault.truncate)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout) before the answer

        def _drip(self, path: str, fault: Fault) -> None:
            """The whole resource, one byte every ``fault.drip`` seconds, until the client goes."""
            resource = sources.resources.get(path)
            body = resource.body if resource else b"not found\n"
            head = (
                f"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
            ).encode()
            if not fault.drip_headers:
                self.wfile.write(head)
                self.wfile.flush()
                head = b""
            for byte in head + body:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(fault.drip)
            self.close_connection = True

        def _serve(self, path: str, *, truncate: bool) -> None:
            resource = sources.resources.get(path)
            if resource is None:
                self._answer(404, b"not found\n", "text/plain")
                return
            validators = {
                "ETag": resource.etag or "",
                "Last-Modified": resource.last_modified or "",
            }
            validators = {k: v for k, v in validators.items() if v}
            if resource.etag and self.headers.get("If-None-Match") == resource.etag:
                self._answer(304, b"", None, validators)
                return
            since = self.headers.get("If-Modified-Since")
            if not resource.etag and resource.last_modified and since == resource.last_modified:
                self._answer(304, b"", None, validators)
                return
            body = resource.body
            headers = dict(validators)
            if resource.gzip and "gzip" in self.headers.get("Accept-Encoding", ""):
                body = resource.gzipped()
                headers["Content-Encoding"] = "gzip"
            self._answer(200, body, resource.content_type, headers, truncate=truncate)

        def _answer(
            self,
            status: int,
            body: bytes,
            content_type: str | None,
            headers: dict[str, str] | None = None,
            *,
            truncate: bool = False,
        ) -> None:
            self.send_response(status)
            if content_type:
                self.send_header("Content-Type", content_type)
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            if status != 304:
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2] if truncate else body)
            self.wfile.flush()
            self.close_connection = True

        def log_message(self, format: str, *args: object) -> None:
            pass  # keep test output quiet

    return Handler


def running_sources() -> Iterator[FakeSources]:
    """For a pytest fixture: a started server with the standard routes, stopped afterwards."""
    sources = FakeSources()
    sources.install_standard()
    sources.start()
    try:
        yield sources
    finally:
        sources.stop()
