"""Degraded sources against a live database, and how fast a dripping server is cut off.

    python benchmarks/sync_faults.py                    # every case once; drip: 3 runs each
    python benchmarks/sync_faults.py --runs 5 --deadlines 0.5 1 2

Part 1 builds a database from the small fixtures (tests/fixtures/kb) through ``rulesbot sync``
against ``FakeSources`` on 127.0.0.1 (or ``sync --from`` a folder), then serves each degraded
source (tests/degraded_sources.py) and syncs again. It prints the exit code, how many of the
lookups the old database answered before it still answers, whether the file was replaced,
what was left behind, and whether the rejected file stayed in the download cache.

Part 2 drips one byte every 50 ms (the body, or the headers too) and times how long the sync
takes to fail at each download deadline: median, p95, and the ratio to the deadline. The
baseline is the same sync from a server that does not drip.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests"), str(REPO)]

from click.testing import CliRunner  # noqa: E402
from degraded_sources import (  # noqa: E402
    FOLDER_CASES,
    KB,
    KB_RULINGS,
    NETWORK_CASES,
    Lookups,
    leftovers,
    serve_fixture_data,
    short_config,
)
from fake_sources import INDEX_PATH, RULES_PAGE_PATH, RULINGS_PATH, FakeSources, Fault  # noqa: E402

from bot.cli import main  # noqa: E402
from rulings_db.fetch import FetchError, network, sync_from_network  # noqa: E402
from rulings_db.fetch.config import BULK_INDEX_ENV, CACHE_DIR_ENV, CR_URL_ENV, RULES_PAGE_ENV  # noqa: E402

DRIP_SECONDS = 0.05


@contextmanager
def serving() -> Iterator[FakeSources]:
    fake = FakeSources()
    fake.install_standard()
    serve_fixture_data(fake)
    fake.start()
    os.environ[BULK_INDEX_ENV] = fake.url(INDEX_PATH)
    os.environ[RULES_PAGE_ENV] = fake.url(RULES_PAGE_PATH)
    try:
        yield fake
    finally:
        fake.stop()


def sync(*args: str) -> int:
    return CliRunner().invoke(main, ["sync", *args]).exit_code


def row(case: str, route: str, db: Path, code: int, kept: str, inode: int, extra: str) -> str:
    replaced = "yes" if db.stat().st_ino != inode else "no"
    left = ", ".join(leftovers(db.parent)) or "none"
    return f"{case:<30} {route:<8} {code:>4}  {kept:>7}  {replaced:>11}  {left:>11}  {extra:>8}"


def degraded_cases(work: Path) -> list[str]:
    lines = []
    for case, (path, body, content_type, file, _) in NETWORK_CASES.items():
        db = work / case.replace(" ", "-") / "kb.sqlite"
        with serving() as fake:
            if sync("--db", str(db)) != 0:
                raise SystemExit(f"{case}: the first sync failed")
            lookups, inode = Lookups.taken_from(db), db.stat().st_ino
            fake.put(path, body, content_type)
            code = sync("--db", str(db))
        kept = f"{lookups.still_answered(db)}/{len(lookups)}"
        cached = "yes" if (db.parent / "downloads" / file).exists() else "no"
        lines.append(row(case, "network", db, code, kept, inode, cached))
    for case, (name, body, _) in FOLDER_CASES.items():
        folder = work / f"from-{case.replace(' ', '-')}"
        shutil.copytree(KB, folder, ignore=shutil.ignore_patterns("*.py"))
        db = folder.parent / f"{folder.name}.sqlite"
        if sync("--from", str(folder), "--db", str(db)) != 0:
            raise SystemExit(f"--from {case}: the first sync failed")
        lookups, inode = Lookups.taken_from(db), db.stat().st_ino
        (folder / name).write_bytes(body)
        code = sync("--from", str(folder), "--db", str(db))
        kept = f"{lookups.still_answered(db)}/{len(lookups)}"
        lines.append(row(case, "--from", db, code, kept, inode, "-"))
    return lines


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def timed_failure(db: Path, fake: FakeSources, deadline: float) -> float:
    config = short_config(
        scryfall_bulk_url=fake.url(INDEX_PATH),
        rules_page_url=fake.url(RULES_PAGE_PATH),
        cache_dir=db.parent / "downloads",
        download_deadline=deadline,
    )
    started = time.perf_counter()
    try:
        sync_from_network(db, config=config())
    except FetchError as exc:
        if "did not finish within" not in str(exc):
            raise
        return time.perf_counter() - started
    raise SystemExit("the dripping sync did not fail")


def drip_cases(work: Path, runs: int, deadlines: list[float]) -> list[str]:
    lines = []
    with serving() as fake:
        db = work / "drip" / "kb.sqlite"
        config = short_config(
            scryfall_bulk_url=fake.url(INDEX_PATH),
            rules_page_url=fake.url(RULES_PAGE_PATH),
            cache_dir=db.parent / "downloads",
        )
        baseline = []
        for number in range(runs):
            # a changed rulings file each time, so every run downloads and rebuilds
            fake.put(RULINGS_PATH, KB_RULINGS.read_bytes() + b" " * (number + 1), "text/plain")
            started = time.perf_counter()
            sync_from_network(db, config=config())
            baseline.append(time.perf_counter() - started)
        lines.append(
            f"{'no drip (baseline)':<22} {'-':>8} {runs:>4} {statistics.median(baseline):>8.2f} "
            f"{percentile(baseline, 0.95):>7.2f} {'-':>11}"
        )
        for headers in (False, True):
            label = "headers and body drip" if headers else "body drips"
            fake.fail_always(RULINGS_PATH, Fault(drip=DRIP_SECONDS, drip_headers=headers))
            for deadline in deadlines:
                fake.put(RULINGS_PATH, KB_RULINGS.read_bytes() + b"\n", "application/json")
                times = [timed_failure(db, fake, deadline) for _ in range(runs)]
                median = statistics.median(times)
                lines.append(
                    f"{label:<22} {deadline:>8g} {runs:>4} {median:>8.2f} "
                    f"{percentile(times, 0.95):>7.2f} {median / deadline:>10.2f}x"
                )
    return lines


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deadlines", type=float, nargs="+", default=[0.5, 1.0, 2.0])
    args = parser.parse_args()
    for name in (CR_URL_ENV, CACHE_DIR_ENV):
        os.environ.pop(name, None)
    network.FetchConfig = short_config()  # type: ignore[misc]  # the fixture CR's minimums
    with tempfile.TemporaryDirectory(prefix="rulesbot-faults-") as tmp:
        work = Path(tmp)
        header = (
            f"{'degraded source':<30} {'route':<8} {'exit':>4}  {'lookups':>7}  "
            f"{'db replaced':>11}  {'left behind':>11}  {'cached':>8}"
        )
        print(header, "-" * len(header), *degraded_cases(work), sep="\n")
        print()
        header = (
            f"{'drip, 1 byte/50 ms':<22} {'deadline':>8} {'runs':>4} {'median s':>8} "
            f"{'p95 s':>7} {'vs deadline':>11}"
        )
        print(header, "-" * len(header), *drip_cases(work, args.runs, args.deadlines), sep="\n")
    print("('cached' = the rejected download is still in the cache; 'lookups' = card, rulings,")
    print(" cr and define answers of the old database still identical after the refused sync)")


if __name__ == "__main__":
    main_()
