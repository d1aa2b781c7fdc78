"""The HTTP layer on its own: headers, retries, Retry-After, timeouts, truncation, ETags.

Real httpx against ``FakeSources`` on 127.0.0.1; retry sleeps go to a list instead of the clock.
"""

from __future__ import annotations

import gzip
import socket
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path

import pytest
from fake_sources import (
    CR_FILE,
    CR_PATH,
    FIXTURES,
    ORACLE_PATH,
    RULINGS_PATH,
    FakeSources,
    Fault,
    running_sources,
)

from rulings_db.fetch import FetchConfig, FetchError
from rulings_db.fetch.client import ACCEPT_JSON, HttpClient, Validators

ORACLE_BYTES = (FIXTURES / "sample-oracle-cards.json").read_bytes()


@pytest.fixture
def sources() -> Iterator[FakeSources]:
    yield from running_sources()


@pytest.fixture
def sleeps() -> list[float]:
    return []


@pytest.fixture
def client(sleeps: list[float]) -> Iterator[HttpClient]:
    config = FetchConfig(
        connect_timeout=2.0,
        read_timeout=2.0,
        max_attempts=3,
        backoff_base=0.01,
        backoff_max=1.0,
        sleep=sleeps.append,
        jitter=lambda: 0.0,
    )
    with HttpClient(config) as http:
        yield http


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.part"))


def test_requests_name_the_client_and_what_it_accepts(
    sources: FakeSources, client: HttpClient, tmp_path: Path
) -> None:
    client.download(sources.url(ORACLE_PATH), tmp_path / "o.json", accept=ACCEPT_JSON)
    headers = sources.requests_for(ORACLE_PATH)[0].headers
    assert headers["user-agent"].startswith("rulesbot/")
    assert "+https://github.com/rulesbot/rulesbot" in headers["user-agent"]
    assert headers["accept"].startswith("application/json")


def test_gzip_in_transit_is_decoded_into_the_cached_file(
    sources: FakeSources, client: HttpClient, tmp_path: Path
) -> None:
    events: list[tuple[str, int, int | None]] = []
    dest = tmp_path / "o.json"
    result = client.download(
        sources.url(ORACLE_PATH),
        dest,
        accept=ACCEPT_JSON,
        stage="download oracle-cards",
        progress=lambda stage, done, total: events.append((stage, done, total)),
    )
    assert dest.read_bytes() == ORACLE_BYTES
    assert result.bytes == len(ORACLE_BYTES)
    assert result.etag == sources.resources[ORACLE_PATH].etag
    assert result.last_modified == "Fri, 16 Jan 2026 10:00:00 GMT"
    wire = len(gzip.compress(ORACLE_BYTES))
    assert events[-1] == ("download oracle-cards", wire, wire)
    assert not result.not_modified and result.attempts == 1


def test_matching_etag_gets_304_and_keeps_the_cached_file(
    sources: FakeSources, client: HttpClient, tmp_path: Path
) -> None:
    dest = tmp_path / "o.json"
    first = client.download(sources.url(ORACLE_PATH), dest, accept=ACCEPT_JSON)
    again = client.download(
        sources.url(ORACLE_PATH), dest, accept=ACCEPT_JSON, validators=Validators(first.etag)
    )
    assert sources.requests_for(ORACLE_PATH)[1].headers["if-none-match"] == first.etag
    assert again.not_modified
    assert dest.read_bytes() == ORACLE_BYTES


def test_validators_are_not_sent_when_the_cached_file_is_gone(
    sources: FakeSources, client: HttpClient, tmp_path: Path
) -> None:
    etag = sources.resources[ORACLE_PATH].etag
    dest = tmp_path / "o.json"
    result = client.download(
        sources.url(ORACLE_PATH), dest, accept=ACCEPT_JSON, validators=Validators(etag)
    )
    assert "if-none-match" not in sources.requests_for(ORACLE_PATH)[0].headers
    assert not result.not_modified and dest.read_bytes() == ORACLE_BYTES


def test_last_modified_alone_is_sent_back_as_if_modified_since(
    sources: FakeSources, client: HttpClient, tmp_path: Path
) -> None:
    sources.resources[ORACLE_PATH].etag = None
    dest = tmp_path / "o.json"
    first = client.download(sources.url(ORACLE_PATH), dest, accept=ACCEPT_JSON)
    known = Validators(first.etag, first.last_modified)
    again = client.download(sources.url(ORACLE_PATH), dest, accept=ACCEPT_JSON, validators=known)
    second = sources.requests_for(ORACLE_PATH)[1].headers
    assert second["if-modified-since"] == "Fri, 16 Jan 2026 10:00:00 GMT"
    assert "if-none-match" not in second
    assert again.not_modified and again.last_modified == first.last_modified


def test_server_error_then_success_is_retried_with_backoff(
    sources: FakeSources, client: HttpClient, sleeps: list[float], tmp_path: Path
) -> None:
    sources.fail(ORACLE_PATH, Fault(status=500), Fault(status=503))
    result = client.download(sources.url(ORACLE_PATH), tmp_path / "o.json", accept=ACCEPT_JSON)
    assert result.attempts == 3
    assert sleeps == [0.005, 0.01]  # base 0.01 doubling, jitter 0 keeps the fixed half
    assert (tmp_path / "o.json").read_bytes() == ORACLE_BYTES


def test_server_error_forever_names_url_status_and_attempts_and_keeps_the_old_file(
    sources: FakeSources, client: HttpClient, tmp_path: Path
) -> None:
    dest = tmp_path / "o.json"
    dest.write_bytes(b"previous good copy")
    sources.fail_always(ORACLE_PATH, Fault(status=500))
    url = sources.url(ORACLE_PATH)
    with pytest.raises(FetchError) as caught:
        client.download(url, dest, accept=ACCEPT_JSON)
    message = str(caught.value)
    assert url in message and "HTTP 500" in message and "after 3 attempts" in message
    assert len(sources.requests_for(ORACLE_PATH)) == 3
    assert dest.read_bytes() == b"previous good copy"
    assert _leftovers(tmp_path) == []


def test_429_waits_as_long_as_retry_after_says(
    sources: FakeSources, client: HttpClient, sleeps: list[float], tmp_path: Path
) -> None:
    sources.fail(ORACLE_PATH, Fault(status=429, headers={"Retry-After": "7"}))
    result = client.download(sources.url(ORACLE_PATH), tmp_path / "o.json", accept=ACCEPT_JSON)
    assert result.attempts == 2
    assert sleeps == [7.0]


def test_retry_after_as_an_http_date_is_honoured(
    sources: FakeSources, client: HttpClient, sleeps: list[float], tmp_path: Path
) -> None:
    when = datetime.now(UTC) + timedelta(seconds=30)
    retry_after = {"Retry-After": format_datetime(when, usegmt=True)}
    sources.fail(ORACLE_PATH, Fault(status=503, headers=retry_after))
    client.download(sources.url(ORACLE_PATH), tmp_path / "o.json", accept=ACCEPT_JSON)
    assert len(sleeps) == 1 and 20 < sleeps[0] <= 30


def test_retry_after_beyond_the_limit_fails_at_once(
    sources: FakeSources, sleeps: list[float], tmp_path: Path
) -> None:
    sources.fail(ORACLE_PATH, Fault(status=429, headers={"Retry-After": "3600"}))
    config = FetchConfig(max_retry_after=60, sleep=sleeps.append)
    with HttpClient(config) as http, pytest.raises(FetchError, match="retry after 3600 s"):
        http.download(sources.url(ORACLE_PATH), tmp_path / "o.json", accept=ACCEPT_JSON)
    assert sleeps == []


def test_client_errors_are_not_retried(
    sources: FakeSources, client: HttpClient, sleeps: list[float], tmp_path: Path
) -> None:
    sources.fail(ORACLE_PATH, Fault(status=403))
    with pytest.raises(FetchError, match=r"HTTP 403 .*not retried"):
        client.download(sources.url(ORACLE_PATH), tmp_path / "o.json", accept=ACCEPT_JSON)
    assert len(sources.requests_for(ORACLE_PATH)) == 1 and sleeps == []


def test_missing_file_is_a_404_error(
    sources: FakeSources, client: HttpClient, tmp_path: Path
) -> None:
    with pytest.raises(FetchError, match="HTTP 404"):
        client.download(sources.url("/nothing.json"), tmp_path / "n.json", accept=ACCEPT_JSON)
    assert not (tmp_path / "n.json").exists()


def test_request_timeout_408_is_retried(
    sources: FakeSources, client: HttpClient, tmp_path: Path
) -> None:
    sources.fail(CR_PATH, Fault(status=408))
    result = client.download(sources.url(CR_PATH), tmp_path / "cr.txt", accept="text/plain")
    assert result.attempts == 2


def test_read_timeout_is_retried_then_reported(
    sources: FakeSources, sleeps: list[float], tmp_path: Path
) -> None:
    sources.fail_always(ORACLE_PATH, Fault(stall=1.0))
    config = FetchConfig(read_timeout=0.1, max_attempts=2, sleep=sleeps.append)
    url = sources.url(ORACLE_PATH)
    with HttpClient(config) as http, pytest.raises(FetchError) as caught:
        http.download(url, tmp_path / "o.json", accept=ACCEPT_JSON)
    assert "read timed out" in str(caught.value) and "after 2 attempts" in str(caught.value)
    assert url in str(caught.value)
    assert _leftovers(tmp_path) == [] and not (tmp_path / "o.json").exists()


def test_truncated_body_is_an_error_not_a_file(
    sources: FakeSources, client: HttpClient, tmp_path: Path
) -> None:
    dest = tmp_path / "o.json"
    dest.write_bytes(b"previous good copy")
    sources.fail_always(ORACLE_PATH, Fault(truncate=True))
    with pytest.raises(FetchError) as caught:
        client.download(sources.url(ORACLE_PATH), dest, accept=ACCEPT_JSON)
    wire = len(gzip.compress(ORACLE_BYTES))
    assert f"of {wire} bytes" in str(caught.value)
    assert dest.read_bytes() == b"previous good copy"
    assert _leftovers(tmp_path) == []


def test_truncated_once_then_complete_is_retried(
    sources: FakeSources, client: HttpClient, tmp_path: Path
) -> None:
    sources.fail(ORACLE_PATH, Fault(truncate=True))
    result = client.download(sources.url(ORACLE_PATH), tmp_path / "o.json", accept=ACCEPT_JSON)
    assert result.attempts == 2 and (tmp_path / "o.json").read_bytes() == ORACLE_BYTES


def test_connection_refused_says_it_could_not_connect(client: HttpClient, tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/bulk-data"
    with pytest.raises(FetchError, match="could not connect") as caught:
        client.get_text(url, accept=ACCEPT_JSON)
    assert url in str(caught.value) and "after 3 attempts" in str(caught.value)


def test_an_oversized_index_or_page_is_refused(sources: FakeSources, sleeps: list[float]) -> None:
    cr_size = len((FIXTURES / CR_FILE).read_bytes())
    limit = cr_size + 10
    with HttpClient(FetchConfig(max_document_bytes=limit, sleep=sleeps.append)) as http:
        with pytest.raises(FetchError, match=f"larger than {limit} bytes"):
            http.get_text(sources.url(RULINGS_PATH), accept=ACCEPT_JSON)  # > limit
        assert len(http.get_text(sources.url(CR_PATH), accept="text/plain")) <= cr_size
    assert sleeps == []


def test_a_url_that_is_not_http_fails_clearly(client: HttpClient, tmp_path: Path) -> None:
    with pytest.raises(FetchError, match="not a usable URL"):
        client.download("ftp://example.org/x.txt", tmp_path / "x.txt", accept="text/plain")
