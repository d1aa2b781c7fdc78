"""Download throughput and memory of the sync's HTTP client against a loopback server.

    python benchmarks/fetch_download.py [--mb 64] [--runs 7] [--gzip]

Serves a generated Scryfall-shaped JSON array of about --mb megabytes from tests/fake_sources
on 127.0.0.1 and downloads it with ``HttpClient.download`` (streaming into .part, Content-Length
check, SHA-256, fsync, os.replace), beside a plain baseline: ``httpx.get`` of the whole body in
memory, then one write. Prints median/p95 seconds, MB/s, the ratio to the baseline, the peak
Python memory of one run of each (tracemalloc), and the median time of a 304 revalidation.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
import uuid
from collections.abc import Callable
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fake_sources import FakeSources

from rulings_db.fetch import FetchConfig
from rulings_db.fetch.client import ACCEPT_JSON, HttpClient, Validators

PATH = "/file/oracle-cards-bench.json"


def _cards(megabytes: int) -> bytes:
    """Card objects with varied ids and text, so gzip compresses them about as much as the real
    bulk file (5-8x), not the 1000x of one card repeated."""
    rng = random.Random(7)
    words = "creature enters draw card target player damage counter token exile return".split()
    parts: list[bytes] = []
    size = 0
    while size < megabytes * 1024 * 1024:
        card = {
            "object": "card",
            "oracle_id": str(uuid.UUID(int=rng.getrandbits(128))),
            "name": " ".join(rng.choice(words).title() for _ in range(2)),
            "layout": "normal",
            "mana_cost": f"{{{rng.randint(0, 9)}}}{{G}}",
            "cmc": float(rng.randint(1, 10)),
            "type_line": "Creature — Beast",
            "oracle_text": " ".join(rng.choice(words) for _ in range(rng.randint(10, 60))),
            "power": str(rng.randint(0, 9)),
            "toughness": str(rng.randint(0, 9)),
        }
        parts.append(json.dumps(card).encode())
        size += len(parts[-1]) + 2
    return b"[" + b",\n".join(parts) + b"]"


def _timed(runs: int, action: Callable[[], object]) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return times


def _peak_bytes(action: Callable[[], object]) -> int:
    tracemalloc.start()
    action()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=64)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--gzip", action="store_true", help="gzip the body in transit")
    args = parser.parse_args()

    body = _cards(args.mb)
    sources = FakeSources()
    sources.put(PATH, body, "application/json", gzip=args.gzip)
    sources.start()
    url = sources.url(PATH)
    folder = Path(tempfile.mkdtemp(prefix="rulesbot-bench-"))
    ours_dest, base_dest = folder / "ours.json", folder / "baseline.json"
    try:
        with HttpClient(FetchConfig()) as http:

            def ours() -> object:
                return http.download(url, ours_dest, accept=ACCEPT_JSON)

            def baseline() -> object:
                response = httpx.get(url, headers={"Accept": ACCEPT_JSON})
                return base_dest.write_bytes(response.content)

            etag = ours().etag  # type: ignore[attr-defined]
            baseline()

            def revalidate() -> object:
                known = Validators(etag)
                return http.download(url, ours_dest, accept=ACCEPT_JSON, validators=known)

            ours_times = _timed(args.runs, ours)
            base_times = _timed(args.runs, baseline)
            check_times = _timed(args.runs, revalidate)
            ours_peak, base_peak = _peak_bytes(ours), _peak_bytes(baseline)
    finally:
        sources.stop()
        for file in folder.iterdir():
            file.unlink()
        folder.rmdir()

    size_mb = len(body) / (1024 * 1024)
    ours_median, base_median = statistics.median(ours_times), statistics.median(base_times)
    print(f"body {size_mb:.1f} MB, gzip in transit: {args.gzip}, {args.runs} runs each")
    for label, times in (("HttpClient.download", ours_times), ("baseline httpx.get", base_times)):
        median = statistics.median(times)
        print(
            f"{label:22s} median {median:.3f} s  p95 {_p95(times):.3f} s  "
            f"{size_mb / median:.0f} MB/s"
        )
    print(f"ratio (ours / baseline, median): {ours_median / base_median:.2f}")
    print(f"peak Python memory: ours {ours_peak / 1e6:.1f} MB, baseline {base_peak / 1e6:.1f} MB")
    print(f"304 revalidation median {statistics.median(check_times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
