"""The network sync end to end: downloads into the cache folder, then the build (or no rebuild).

Real httpx against ``FakeSources`` on 127.0.0.1 (Scryfall-shaped index and bulk files, a rules
page linking a CR whose file name holds a space); retry sleeps go to a list.
"""

from __future__ import annotations

import fcntl
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fake_sources import (
    CR_FILE,
    CR_NAME,
    CR_PATH,
    FIXTURES,
    INDEX_PATH,
    ORACLE_PATH,
    RULES_PAGE_PATH,
    RULINGS_PATH,
    FakeSources,
    Fault,
    running_sources,
)

from rulings_db.build import BuildError
from rulings_db.fetch import FetchConfig, FetchError, sync_from_network
from rulings_db.fetch.cache import SIDECAR_NAME
from rulings_db.fetch.config import BULK_INDEX_ENV, CACHE_DIR_ENV, CR_URL_ENV, RULES_PAGE_ENV
from rulings_db.fetch.network import LOCK_NAME, download_sources
from rulings_db.safeguards import SourceMinimums

# The served CR is an 11-rule excerpt with 2 glossary entries, not the published thousands.
FIXTURE_MINIMUMS = SourceMinimums(rules=5, glossary=1)


@pytest.fixture(autouse=True)
def _no_overrides_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (CR_URL_ENV, BULK_INDEX_ENV, RULES_PAGE_ENV, CACHE_DIR_ENV):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def sources() -> Iterator[FakeSources]:
    yield from running_sources()


@pytest.fixture
def sleeps() -> list[float]:
    return []


@pytest.fixture
def config(sources: FakeSources, sleeps: list[float], tmp_path: Path) -> FetchConfig:
    return FetchConfig(
        scryfall_bulk_url=sources.url(INDEX_PATH),
        rules_page_url=sources.url(RULES_PAGE_PATH),
        cache_dir=tmp_path / "downloads",
        connect_timeout=2.0,
        read_timeout=2.0,
        max_attempts=3,
        backoff_base=0.01,
        sleep=sleeps.append,
        jitter=lambda: 0.0,
        minimums=FIXTURE_MINIMUMS,
    )


@pytest.fixture
def target(tmp_path: Path) -> Path:
    return tmp_path / "kb" / "rulesbot.sqlite"


def _cache(config: FetchConfig) -> Path:
    assert config.cache_dir is not None
    return config.cache_dir


def _sidecar(config: FetchConfig) -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = json.loads((_cache(config) / SIDECAR_NAME).read_text())
    return data


def _leftovers(*folders: Path) -> list[str]:
    return sorted(
        p.name
        for folder in folders
        for p in folder.rglob("*")
        if p.name.endswith((".part", ".new", "-journal"))
    )


def _card_count(db: Path) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return int(conn.execute("SELECT count(*) FROM cards").fetchone()[0])


def _meta(db: Path, key: str) -> object:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
    return json.loads(row[0])


# --- downloads on their own -------------------------------------------------------------


def test_downloads_land_in_the_documented_layout_with_their_validators(
    sources: FakeSources, config: FetchConfig
) -> None:
    downloads = download_sources(_cache(config), config=config)
    cache = _cache(config)
    assert (cache / "scryfall/oracle-cards.json").read_bytes() == (
        FIXTURES / "sample-oracle-cards.json"
    ).read_bytes()
    rulings = (cache / "scryfall/rulings.json").read_bytes()
    assert rulings == (FIXTURES / "sample-rulings.json").read_bytes()
    assert (cache / "cr" / CR_NAME).read_bytes() == (FIXTURES / CR_FILE).read_bytes()
    assert [s.name for s in downloads.sources] == ["oracle-cards", "rulings", "cr"]
    sidecar = _sidecar(config)
    assert sidecar["scryfall/oracle-cards.json"]["etag"] == sources.resources[ORACLE_PATH].etag
    assert sidecar[f"cr/{CR_NAME}"]["url"] == sources.url(CR_PATH)
    assert not downloads.all_not_modified and downloads.warnings == ()


def test_second_download_asks_if_none_match_and_keeps_the_files(
    sources: FakeSources, config: FetchConfig
) -> None:
    download_sources(_cache(config), config=config)
    again = download_sources(_cache(config), config=config)
    assert again.all_not_modified
    for path in (ORACLE_PATH, RULINGS_PATH, CR_PATH):
        second = sources.requests_for(path)[1].headers
        assert second["if-none-match"] == sources.resources[path].etag
    assert (_cache(config) / "scryfall/rulings.json").is_file()


def test_progress_reports_bytes_per_file(sources: FakeSources, config: FetchConfig) -> None:
    events: list[tuple[str, int, int | None]] = []
    download_sources(
        _cache(config), config=config, progress=lambda s, d, t: events.append((s, d, t))
    )
    stages = {stage for stage, _, _ in events}
    assert stages == {"download oracle-cards", "download rulings", "download cr"}
    last_cr = [e for e in events if e[0] == "download cr"][-1]
    assert last_cr[1] == last_cr[2] == len((FIXTURES / CR_FILE).read_bytes())


def test_malformed_bulk_index_fails_before_touching_the_cache(
    sources: FakeSources, config: FetchConfig
) -> None:
    sources.put_index({"object": "error", "details": "maintenance"})
    with pytest.raises(FetchError, match=r"bulk index .* is malformed") as caught:
        download_sources(_cache(config), config=config)
    assert sources.url(INDEX_PATH) in str(caught.value)
    assert not (_cache(config) / "scryfall").exists()


def test_failed_download_keeps_the_previous_file_and_its_etag(
    sources: FakeSources, config: FetchConfig
) -> None:
    download_sources(_cache(config), config=config)
    before = _sidecar(config)
    old_bytes = (_cache(config) / "scryfall/rulings.json").read_bytes()
    sources.put(RULINGS_PATH, b'[{"object": "ruling"}]', "application/json")
    sources.fail_always(RULINGS_PATH, Fault(truncate=True))
    with pytest.raises(FetchError, match="after 3 attempts"):
        download_sources(_cache(config), config=config)
    assert (_cache(config) / "scryfall/rulings.json").read_bytes() == old_bytes
    assert _sidecar(config)["scryfall/rulings.json"] == before["scryfall/rulings.json"]
    assert _leftovers(_cache(config)) == []


def test_a_damaged_sidecar_means_full_downloads_not_a_failure(
    sources: FakeSources, config: FetchConfig
) -> None:
    download_sources(_cache(config), config=config)
    (_cache(config) / SIDECAR_NAME).write_text("{not json")
    downloads = download_sources(_cache(config), config=config)
    assert not any(d.not_modified for d in downloads.sources)
    assert "if-none-match" not in sources.requests_for(ORACLE_PATH)[1].headers
    assert _sidecar(config)["scryfall/oracle-cards.json"]["etag"]


def test_leftover_part_files_from_a_killed_sync_are_removed(
    sources: FakeSources, config: FetchConfig
) -> None:
    stale = _cache(config) / "scryfall" / "oracle-cards.json.part"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"half a file")
    download_sources(_cache(config), config=config)
    assert not stale.exists()


def test_missing_cr_link_without_override_or_cache_says_how_to_fix_it(
    sources: FakeSources, config: FetchConfig
) -> None:
    sources.put_rules_page('<a href="/MagicCompRules.pdf">PDF only</a>')
    with pytest.raises(FetchError) as caught:
        download_sources(_cache(config), config=config)
    message = str(caught.value)
    assert "no link to a MagicCompRules" in message and sources.url(RULES_PAGE_PATH) in message
    assert "--cr-url" in message and CR_URL_ENV in message
    assert sources.requests_for(ORACLE_PATH) == []  # failed before the big downloads


def test_cr_override_skips_the_rules_page(sources: FakeSources, config: FetchConfig) -> None:
    sources.put_rules_page("no links at all")
    downloads = download_sources(_cache(config), config=config, cr_url=sources.url(CR_PATH))
    assert downloads.sources[-1].url == sources.url(CR_PATH)
    assert sources.requests_for(RULES_PAGE_PATH) == []
    assert (_cache(config) / "cr" / CR_NAME).is_file()


def test_cr_override_from_the_environment(
    sources: FakeSources, config: FetchConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    sources.put("/elsewhere/MagicCompRules-mirror.txt", b"x", "text/plain")
    monkeypatch.setenv(CR_URL_ENV, sources.url("/elsewhere/MagicCompRules-mirror.txt"))
    downloads = download_sources(_cache(config), config=config)
    assert downloads.sources[-1].file == "cr/MagicCompRules-mirror.txt"
    assert sources.requests_for(RULES_PAGE_PATH) == []


@pytest.mark.parametrize("page_trouble", ["no link", "server down"])
def test_unreadable_rules_page_keeps_the_cached_cr_with_a_warning(
    sources: FakeSources, config: FetchConfig, page_trouble: str
) -> None:
    download_sources(_cache(config), config=config)
    if page_trouble == "no link":
        sources.put_rules_page("redesigned page, no links")
    else:
        sources.fail_always(RULES_PAGE_PATH, Fault(status=503))
    downloads = download_sources(_cache(config), config=config)
    cr = downloads.sources[-1]
    assert cr.from_cache and cr.file == f"cr/{CR_NAME}"
    assert len(downloads.warnings) == 1 and "keeping the cached" in downloads.warnings[0]
    assert (_cache(config) / "cr" / CR_NAME).is_file()


def test_a_new_cr_release_replaces_the_old_cached_file(
    sources: FakeSources, config: FetchConfig
) -> None:
    download_sources(_cache(config), config=config)
    new_path = "/downloads/MagicCompRules 20260417.txt"
    sources.put(new_path, (FIXTURES / CR_FILE).read_bytes(), "text/plain")
    sources.put_rules_page('<a href="/downloads/MagicCompRules%2020260417.txt">TXT</a>')
    download_sources(_cache(config), config=config)
    assert sorted(p.name for p in (_cache(config) / "cr").iterdir()) == [
        "MagicCompRules 20260417.txt"
    ]
    assert f"cr/{CR_NAME}" not in _sidecar(config)


def test_a_second_sync_on_the_same_cache_waits_for_none(
    sources: FakeSources, config: FetchConfig
) -> None:
    cache = _cache(config)
    cache.mkdir(parents=True)
    with (cache / LOCK_NAME).open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        with pytest.raises(FetchError, match="another sync is already using"):
            download_sources(cache, config=config)
    assert sources.requests == []


# --- download, then build -----------------------------------------------------------------


def test_sync_builds_the_database_and_records_each_source_etag(
    sources: FakeSources, config: FetchConfig, target: Path
) -> None:
    report = sync_from_network(target, config=config)
    assert report.changed and report.path == target
    assert report.counts["cards"] == _card_count(target) == 5
    assert report.counts["rules"] > 0 and report.cr_effective_date == "2026-01-16"
    fetch = _meta(target, "fetch")
    assert isinstance(fetch, dict)
    recorded = fetch["sources"]
    assert recorded["oracle-cards"]["etag"] == sources.resources[ORACLE_PATH].etag
    assert recorded["cr"]["url"] == sources.url(CR_PATH)
    assert not recorded["rulings"]["not_modified"]
    assert _leftovers(target.parent, _cache(config)) == []


def test_cache_defaults_to_downloads_beside_the_database(
    sources: FakeSources, config: FetchConfig, target: Path
) -> None:
    config.cache_dir = None
    report = sync_from_network(target, config=config)
    assert report.cache_dir == target.parent / "downloads"
    assert (target.parent / "downloads" / "scryfall" / "oracle-cards.json").is_file()
    assert report.to_json()["cache_dir"] == str(target.parent / "downloads")


def test_second_sync_gets_304s_and_does_not_rebuild(
    sources: FakeSources, config: FetchConfig, target: Path
) -> None:
    sync_from_network(target, config=config)
    built_at = _meta(target, "built_at")
    report = sync_from_network(target, config=config)
    assert not report.changed
    assert all(d.not_modified for d in report.downloads)
    assert _meta(target, "built_at") == built_at
    assert report.counts["cards"] == 5 and "unchanged" in report.summary()
    for path in (ORACLE_PATH, RULINGS_PATH, CR_PATH):
        assert "if-none-match" in sources.requests_for(path)[1].headers


def test_304s_still_rebuild_a_database_built_from_other_files(
    sources: FakeSources, config: FetchConfig, target: Path
) -> None:
    download_sources(_cache(config), config=config)  # cache filled, database never built
    report = sync_from_network(target, config=config)
    assert all(d.not_modified for d in report.downloads)
    assert report.changed and _card_count(target) == 5


def test_same_bytes_without_validators_do_not_rebuild(
    sources: FakeSources, config: FetchConfig, target: Path
) -> None:
    for path in (ORACLE_PATH, RULINGS_PATH, CR_PATH):
        resource = sources.resources[path]
        resource.etag = resource.last_modified = None
    sync_from_network(target, config=config)
    built_at = _meta(target, "built_at")
    report = sync_from_network(target, config=config)
    assert not any(d.not_modified for d in report.downloads)  # full downloads again
    assert not report.changed and _meta(target, "built_at") == built_at


def test_changed_rulings_file_rebuilds(
    sources: FakeSources, config: FetchConfig, target: Path
) -> None:
    first = sync_from_network(target, config=config)
    rulings = json.loads((FIXTURES / "sample-rulings.json").read_text())
    # one ruling withdrawn: a change, and a shrink well inside MAX_SHRINK_FRACTION
    sources.put(RULINGS_PATH, json.dumps(rulings[1:]).encode(), "application/json")
    report = sync_from_network(target, config=config)
    assert report.changed
    assert [d.not_modified for d in report.downloads] == [True, False, True]
    assert report.counts["rulings"] == first.counts["rulings"] - 1


def test_server_error_then_success_syncs(
    sources: FakeSources, config: FetchConfig, target: Path, sleeps: list[float]
) -> None:
    sources.fail(INDEX_PATH, Fault(status=500))
    report = sync_from_network(target, config=config)
    assert report.changed and len(sleeps) == 1


def test_server_error_forever_leaves_the_old_database_serving(
    sources: FakeSources, config: FetchConfig, target: Path
) -> None:
    sync_from_network(target, config=config)
    old = target.read_bytes()
    sources.put(RULINGS_PATH, b"[]", "application/json")  # a new file the server cannot send
    sources.fail_always(RULINGS_PATH, Fault(status=500))
    with pytest.raises(FetchError) as caught:
        sync_from_network(target, config=config)
    message = str(caught.value)
    assert message.startswith("Scryfall rulings bulk file: ")
    assert sources.url(RULINGS_PATH) in message
    assert "HTTP 500" in message and "after 3 attempts" in message
    assert target.read_bytes() == old and _card_count(target) == 5
    assert _leftovers(target.parent, _cache(config)) == []


def test_malformed_json_download_is_rejected_by_the_build_and_not_trusted_later(
    sources: FakeSources, config: FetchConfig, target: Path
) -> None:
    sync_from_network(target, config=config)
    old = target.read_bytes()
    broken = (FIXTURES / "sample-oracle-cards.json").read_bytes()[:-40]  # cut inside the array
    sources.put(ORACLE_PATH, broken, "application/json")
    with pytest.raises(BuildError):
        sync_from_network(target, config=config)
    assert target.read_bytes() == old and _card_count(target) == 5
    assert "scryfall/oracle-cards.json" not in _sidecar(config)
    sync_attempts = sources.requests_for(ORACLE_PATH)
    with pytest.raises(BuildError):
        sync_from_network(target, config=config)
    assert "if-none-match" not in sources.requests_for(ORACLE_PATH)[len(sync_attempts)].headers


# --- real data through the wire -----------------------------------------------------------


@pytest.mark.shared
def test_real_bulk_files_and_the_official_cr_sync_byte_for_byte(
    sources: FakeSources, config: FetchConfig, target: Path
) -> None:
    data = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
    if not data.is_dir():
        pytest.skip(f"../shared/data not present: {data.resolve()} (real-data sync skipped)")
    official = data / "cr" / "MagicCompRules-20250207-official.txt"  # BOM + CRLF, as published
    sources.put(
        ORACLE_PATH,
        (data / "scryfall/oracle-cards.json").read_bytes(),
        "application/json",
        gzip=True,
    )
    sources.put(
        RULINGS_PATH, (data / "scryfall/rulings.json").read_bytes(), "application/json", gzip=True
    )
    real_cr = "/media/MagicCompRules 20250207.txt"
    sources.put(real_cr, official.read_bytes(), "text/plain")
    sources.put_rules_page('<a href="/media/MagicCompRules%2020250207.txt">TXT</a>')
    report = sync_from_network(target, config=config)
    cache = _cache(config)
    for name, original in (
        ("scryfall/oracle-cards.json", data / "scryfall/oracle-cards.json"),
        ("scryfall/rulings.json", data / "scryfall/rulings.json"),
        ("cr/MagicCompRules 20250207.txt", official),
    ):
        assert (cache / name).read_bytes() == original.read_bytes(), name
    assert report.changed and report.cr_effective_date == "2025-02-07"
    assert report.counts["cards"] == _card_count(target) > 20_000
    assert not sync_from_network(target, config=config).changed
