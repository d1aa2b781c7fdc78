"""A sync that cannot make things worse, end to end through ``rulesbot sync``.

Each degraded source (an empty or HTML rules file, ``[]`` or HTML rulings, a valid but short
card file, ...) is served by ``FakeSources`` on 127.0.0.1, or put in a ``--from`` folder, over
a real database built from the small fixtures. In every refused case: exit 3, a message naming
the source and the counts, the old database still answers every lookup it answered before,
and nothing is left behind (no ``.new``, no ``.part``, no rejected file in the download cache).
Deadlines are short here (about a second) so a dripping server fails fast.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from degraded_sources import (
    FOLDER_CASES,
    HTML,
    KB,
    KB_CR,
    KB_ORACLE,
    KB_RULINGS,
    NETWORK_CASES,
    RULINGS_FILE,
    Lookups,
    first,
    leftovers,
    serve_fixture_data,
    short_config,
)
from fake_sources import (
    CR_PATH,
    INDEX_PATH,
    ORACLE_PATH,
    RULES_PAGE_PATH,
    RULINGS_PATH,
    FakeSources,
    Fault,
    running_sources,
)

from bot.cli import main
from rulings_db.fetch import FetchConfig, FetchError, network, sync_from_network
from rulings_db.fetch.cache import SIDECAR_NAME
from rulings_db.fetch.config import BULK_INDEX_ENV, CACHE_DIR_ENV, CR_URL_ENV, RULES_PAGE_ENV
from rulings_db.fetch.network import LOCK_NAME
from tests.fake_discord.harness import running_bot


def _sidecar(cache: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((cache / SIDECAR_NAME).read_text(encoding="utf-8"))
    return data


@dataclass
class Serving:
    """A live database, what it answered, and the file's identity (to see it was not swapped)."""

    db: Path
    lookups: Lookups
    inode: int

    @classmethod
    def at(cls, db: Path) -> Serving:
        return cls(db, Lookups.taken_from(db), db.stat().st_ino)

    def assert_untouched(self, *folders: Path) -> None:
        assert self.db.stat().st_ino == self.inode, "the database file was replaced"
        assert self.lookups.still_answered(self.db) == len(self.lookups)
        assert leftovers(self.db.parent, *folders) == []


# --- the network sync through the CLI -----------------------------------------------------


@pytest.fixture
def sources(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeSources]:
    for name in (CR_URL_ENV, CACHE_DIR_ENV):
        monkeypatch.delenv(name, raising=False)
    for fake in running_sources():
        serve_fixture_data(fake)
        monkeypatch.setenv(BULK_INDEX_ENV, fake.url(INDEX_PATH))
        monkeypatch.setenv(RULES_PAGE_ENV, fake.url(RULES_PAGE_PATH))
        yield fake


@pytest.fixture
def cli_config(monkeypatch: pytest.MonkeyPatch) -> None:
    """`rulesbot sync` (which builds its own FetchConfig) gets the excerpt's minimums."""
    monkeypatch.setattr(network, "FetchConfig", short_config())


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "kb" / "rulesbot.sqlite"


def _sync(*args: str) -> Result:
    return CliRunner().invoke(main, ["sync", *args])


def _the_error(result: Result) -> str:
    """The one error line of a refused sync: the last line of stderr, after any progress lines
    a piped sync prints; no other line is an error and nothing is a traceback."""
    lines = result.stderr.strip().splitlines()
    assert lines and "Traceback" not in result.output
    assert [line for line in lines if line.startswith("error:")] == lines[-1:]
    return lines[-1]


@pytest.fixture
def live(sources: FakeSources, cli_config: None, db: Path) -> Serving:
    first = _sync("--db", str(db), "--json")
    assert first.exit_code == 0, first.output
    counts = json.loads(first.stdout)["counts"]
    assert counts["cards"] == 45 and counts["rules"] == 80 and counts["glossary"] == 11
    return Serving.at(db)


def _cache(db: Path) -> Path:
    return db.parent / "downloads"


@pytest.mark.parametrize("case", list(NETWORK_CASES))
def test_a_degraded_download_is_refused_and_the_old_database_keeps_answering(
    case: str, sources: FakeSources, live: Serving, db: Path
) -> None:
    path, body, content_type, file, says = NETWORK_CASES[case]
    sources.put(path, body, content_type)
    result = _sync("--db", str(db))
    assert result.exit_code == 3, result.output
    message = _the_error(result)
    assert message.startswith("error: sync refused: ") and says in message
    assert file in message and sources.url(path) in message  # names the source
    live.assert_untouched(_cache(db))
    # the rejected file is gone from the cache, so no later sync trusts or reuses it
    assert not (_cache(db) / file).exists() and file not in _sidecar(_cache(db))


def test_a_refused_sync_with_json_prints_an_error_object(
    sources: FakeSources, live: Serving, db: Path
) -> None:
    sources.put(RULINGS_PATH, b"[]", "application/json")
    result = _sync("--db", str(db), "--json")
    assert result.exit_code == 3
    error = json.loads(result.stdout)
    assert error["exit_code"] == 3 and error["error"].startswith("sync refused: ")
    assert error["refused"] == [
        {
            "kind": "rulings",
            "source": f"{RULINGS_FILE} ({sources.url(RULINGS_PATH)})",
            "before": None,
            "after": 0,
            "reason": "is an empty JSON list, not Scryfall rulings",
        }
    ]
    live.assert_untouched(_cache(db))


def test_allow_shrink_lets_a_short_card_file_through(
    sources: FakeSources, live: Serving, db: Path
) -> None:
    sources.put(ORACLE_PATH, first(KB_ORACLE, 0.1), "application/json")
    result = _sync("--db", str(db), "--allow-shrink", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["counts"]["cards"] == 4
    assert db.stat().st_ino != live.inode and leftovers(db.parent, _cache(db)) == []


def test_allow_shrink_does_not_let_a_file_that_is_not_the_source_through(
    sources: FakeSources, live: Serving, db: Path
) -> None:
    sources.put(CR_PATH, HTML, "text/html")
    result = _sync("--db", str(db), "--allow-shrink")
    assert result.exit_code == 3 and "is an HTML page" in result.stderr
    live.assert_untouched(_cache(db))


def test_after_a_refusal_the_next_sync_downloads_the_file_again_in_full(
    sources: FakeSources, live: Serving, db: Path
) -> None:
    sources.put(RULINGS_PATH, HTML, "text/html")
    assert _sync("--db", str(db)).exit_code == 3
    sources.put(RULINGS_PATH, KB_RULINGS.read_bytes()[:-2] + b",\n]", "application/json")
    before = len(sources.requests_for(RULINGS_PATH))
    again = _sync("--db", str(db), "--json")
    assert again.exit_code == 3  # a trailing comma: malformed JSON, named, refused
    assert "cannot be read as Scryfall rulings" in again.stderr
    sources.put(RULINGS_PATH, KB_RULINGS.read_bytes(), "application/json")
    fixed = _sync("--db", str(db), "--json")
    assert fixed.exit_code == 0, fixed.output
    asked = sources.requests_for(RULINGS_PATH)[before:]
    assert all("if-none-match" not in r.headers for r in asked)  # nothing cached was trusted
    assert json.loads(fixed.stdout)["counts"]["rulings"] == 153


def test_leftover_build_files_are_removed_by_an_up_to_date_sync(
    sources: FakeSources, live: Serving, db: Path
) -> None:
    killed = db.with_name(f"{db.name}.4242-0badc0de.new")  # a build killed mid-way
    killed.write_bytes(b"SQLite format 3\x00" + b"\x00" * 4096)
    older = db.with_name(f"{db.name}.999999.new")  # named the way older versions did
    older.write_bytes(b"")
    running = db.with_name(f"{db.name}.1-feedface.new")  # a build that is still writing
    with running.open("wb") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        result = _sync("--db", str(db))
        assert result.exit_code == 0 and "up to date" in result.stdout, result.output
        assert not killed.exists() and not older.exists()
        assert running.exists()  # its flock says a build holds it
    running.unlink()
    live.assert_untouched(_cache(db))


# --- sync --from a folder with the same contents --------------------------------------------


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / "sources"
    shutil.copytree(KB, copy, ignore=shutil.ignore_patterns("*.py"))
    return copy


@pytest.fixture
def live_from_folder(folder: Path, db: Path) -> Serving:
    first = _sync("--from", str(folder), "--db", str(db))
    assert first.exit_code == 0, first.output
    return Serving.at(db)


@pytest.mark.parametrize("case", list(FOLDER_CASES))
def test_sync_from_a_folder_with_a_degraded_file_is_refused(
    case: str, folder: Path, live_from_folder: Serving, db: Path
) -> None:
    name, body, says = FOLDER_CASES[case]
    (folder / name).write_bytes(body)
    result = _sync("--from", str(folder), "--db", str(db))
    assert result.exit_code == 3, result.output
    message = _the_error(result)
    assert message.startswith("error: sync refused: ")
    assert says in message
    assert "--allow-shrink" in message
    live_from_folder.assert_untouched()


def test_sync_from_a_folder_with_allow_shrink_swaps_the_smaller_database(
    folder: Path, live_from_folder: Serving, db: Path
) -> None:
    (folder / "cr" / "comprehensive-rules-excerpt.txt").write_bytes(b"")
    result = _sync("--from", str(folder), "--db", str(db), "--allow-shrink", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["counts"]["rules"] == 0
    assert leftovers(db.parent) == []


def test_sync_from_a_folder_removes_leftover_build_files(
    folder: Path, live_from_folder: Serving, db: Path
) -> None:
    killed = db.with_name(f"{db.name}.4242-0badc0de.new")
    killed.write_bytes(b"half a database")
    assert _sync("--from", str(folder), "--db", str(db)).exit_code == 0
    assert not killed.exists() and leftovers(db.parent) == []


# --- deadlines ------------------------------------------------------------------------------


@pytest.fixture
def api_config(sources: FakeSources, db: Path) -> partial[FetchConfig]:
    return short_config(
        scryfall_bulk_url=sources.url(INDEX_PATH),
        rules_page_url=sources.url(RULES_PAGE_PATH),
        cache_dir=_cache(db),
    )


@pytest.fixture
def live_api(sources: FakeSources, api_config: partial[FetchConfig], db: Path) -> Serving:
    sync_from_network(db, config=api_config())
    return Serving.at(db)


@pytest.mark.parametrize("headers_too", [False, True], ids=["body drips", "headers drip"])
def test_a_dripping_server_ends_at_the_download_deadline(
    headers_too: bool,
    sources: FakeSources,
    api_config: partial[FetchConfig],
    live_api: Serving,
    db: Path,
) -> None:
    sources.put(RULINGS_PATH, KB_RULINGS.read_bytes() + b" ", "application/json")  # changed
    sources.fail_always(RULINGS_PATH, Fault(drip=0.05, drip_headers=headers_too))
    started = time.monotonic()
    with pytest.raises(FetchError) as caught:
        sync_from_network(db, config=api_config(download_deadline=1.0))
    took = time.monotonic() - started
    message = str(caught.value)
    assert message.startswith("Scryfall rulings bulk file: GET " + sources.url(RULINGS_PATH))
    assert "did not finish within the 1 s download deadline" in message
    assert took < 10.0  # well inside the 30 s read timeout: the deadline ended it
    assert len(sources.requests_for(RULINGS_PATH)) == 2  # the first sync, then one attempt
    live_api.assert_untouched(_cache(db))


def test_the_sync_deadline_bounds_the_downloads_together(
    sources: FakeSources, api_config: partial[FetchConfig], live_api: Serving, db: Path
) -> None:
    sources.put(CR_PATH, KB_CR.read_bytes() + b"\n", "text/plain")
    sources.fail_always(CR_PATH, Fault(drip=0.05))
    with pytest.raises(FetchError, match="did not finish within the 1 s sync deadline"):
        sync_from_network(db, config=api_config(download_deadline=30.0, sync_deadline=1.0))
    live_api.assert_untouched(_cache(db))


def test_an_expired_deadline_fails_a_retry_instead_of_sleeping_past_it(
    sources: FakeSources, api_config: partial[FetchConfig], live_api: Serving, db: Path
) -> None:
    sleeps: list[float] = []
    sources.fail_always(INDEX_PATH, Fault(status=503, headers={"Retry-After": "20"}))
    config = api_config(download_deadline=2.0, max_attempts=5, sleep=sleeps.append)
    with pytest.raises(FetchError, match="did not finish within the 2 s download deadline"):
        sync_from_network(db, config=config)
    assert sleeps == []  # a 20 s wait would end past the deadline: fail now
    live_api.assert_untouched(_cache(db))


# --- the bot's scheduled refresh ------------------------------------------------------------


def _lock_is_free(cache: Path) -> bool:
    with (cache / LOCK_NAME).open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(handle, fcntl.LOCK_UN)
        return True


async def test_the_bots_refresh_never_swaps_in_a_refused_build(
    sources: FakeSources,
    api_config: partial[FetchConfig],
    live_api: Serving,
    db: Path,
    tmp_path: Path,
) -> None:
    sources.put(ORACLE_PATH, first(KB_ORACLE, 0.1), "application/json")
    async with running_bot(db, tmp_path / "state.sqlite") as h:
        h.app.sync = partial(sync_from_network, config=api_config())
        assert await h.app.refresh_once() is False
        assert h.app.refresh_failures == 1 and h.app.refreshes == 0
        body = (await h.fake.final_reply(await h.fake.slash("card", {"name": "bolt"}))).body
        assert body["embeds"][0]["title"].startswith("Lightning Bolt")
    live_api.assert_untouched(_cache(db))


async def test_a_stuck_refresh_ends_at_its_deadline_and_the_bot_answers_meanwhile(
    sources: FakeSources,
    api_config: partial[FetchConfig],
    live_api: Serving,
    db: Path,
    tmp_path: Path,
) -> None:
    sources.put(CR_PATH, KB_CR.read_bytes() + b"\n", "text/plain")
    sources.fail_always(CR_PATH, Fault(drip=0.05))
    async with running_bot(db, tmp_path / "state.sqlite") as h:
        h.app.sync = partial(sync_from_network, config=api_config(download_deadline=1.5))
        refresh = asyncio.create_task(h.app.refresh_once())
        await asyncio.sleep(0.5)
        assert not refresh.done() and not _lock_is_free(_cache(db))  # stuck, holding the lock
        body = (await h.fake.final_reply(await h.fake.slash("card", {"name": "bolt"}))).body
        assert body["embeds"][0]["title"].startswith("Lightning Bolt")
        assert await asyncio.wait_for(refresh, 10.0) is False
        assert h.app.refresh_failures == 1 and _lock_is_free(_cache(db))
    live_api.assert_untouched(_cache(db))
