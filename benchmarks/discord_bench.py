"""Discord bot benchmark: event -> REST reply latency, sustained mixed traffic, RSS.

Runs the real bot (discord.py client, service, state) against the loopback fake Discord from
tests/fake_discord, with a knowledge base built from ../shared/data by ``rulesbot sync --from``.

    python benchmarks/discord_bench.py                 # full run (~40 s)
    python benchmarks/discord_bench.py --samples 50 --seconds 3   # quick
    python benchmarks/discord_bench.py --only-hostile --samples 60  # /ask beside hostile /board

Latency is measured from the moment the fake sends the gateway event to the moment the bot's
REST reply arrives at the fake (both in this process, so the fake's own work is included).
The baseline is the same lookup through the service alone (no Discord), as a ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO / ".." / "shared"
sys.path.insert(0, str(REPO))

from tests.fake_discord.harness import Harness, running_bot  # noqa: E402
from tests.hostile_boards import expensive_board  # noqa: E402


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def ms(values: list[float]) -> str:
    return (
        f"p50 {pct(values, 50) * 1000:6.1f} ms  p95 {pct(values, 95) * 1000:6.1f} ms  "
        f"max {max(values) * 1000:6.1f} ms  (n={len(values)})"
    )


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def proc_memory(pid: int) -> tuple[float, float]:
    """(RSS, peak RSS) of a process in MB."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values.get("VmRSS", float("nan")), values.get("VmHWM", float("nan"))


async def process_rss(db: Path, tmp: Path, names: list[str], asks: list[str]) -> None:
    """The bot alone in its own process (``serve()``, as ``rulesbot run``), with traffic."""
    from tests.fake_discord import FakeDiscord
    from tests.fake_discord.run_against import spawn

    fake = await FakeDiscord().start()
    proc = await spawn(fake, db, tmp / "proc-state.sqlite", capture=False)
    try:
        await fake.wait_ready(timeout=60)
        await fake.wait_request("PUT", r"/commands$", timeout=30)
        idle, _ = proc_memory(proc.pid)
        for i, name in enumerate(names):
            await fake.final_reply(await fake.slash("card", {"name": name}), timeout=10)
            await fake.final_reply(await fake.slash("rulings", {"name": name}), timeout=10)
            await fake.final_reply(
                await fake.slash("ask", {"question": asks[i % len(asks)]}), timeout=10
            )
        now, peak = proc_memory(proc.pid)
        print(
            f"bot process with the full data (target RSS <= 300 MB): after login {idle:.0f} MB,"
            f" after {len(names) * 3} commands {now:.0f} MB, peak {peak:.0f} MB"
        )
        proc.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(proc.wait(), 30)
        print(f"  SIGTERM -> exit code {code}")
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await fake.stop()


def build_kb(target: Path) -> None:
    data = SHARED / "data"
    if not data.is_dir():
        sys.exit(f"../shared/data not present at {data.resolve()}: nothing to benchmark against")
    started = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-c",
            "from bot.cli import main; main()",
            "sync",
            "--from",
            str(data),
            "--db",
            str(target),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    print(f"built knowledge base from {data.resolve()} in {time.perf_counter() - started:.1f} s")


def questions() -> list[str]:
    path = SHARED / "eval" / "questions-dev.jsonl"
    found = [json.loads(line)["question"] for line in path.read_text().splitlines() if line]
    return found or ["can I tap a creature for mana the turn it came in?"]


def card_names(h: Harness, count: int, rng: random.Random) -> list[str]:
    kb: Any = h.app.service.kb
    names = [card.name for card in kb.iter_cards()]
    return rng.sample(names, min(count, len(names)))


async def slash_latency(h: Harness, command: str, option: str, values: list[str]) -> list[float]:
    out = []
    for value in values:
        started = time.perf_counter()
        inter = await h.fake.slash(command, {option: value})
        rec = await h.fake.final_reply(inter, timeout=10)
        out.append(rec.at - started)
    return out


async def autocomplete_latency(h: Harness, names: list[str]) -> list[float]:
    out = []
    for name in names:
        started = time.perf_counter()
        inter = await h.fake.autocomplete("card", "name", name[: max(2, len(name) // 3)])
        rec = await h.fake.reply_to(inter, timeout=10)
        out.append(rec.at - started)
    return out


async def inline_latency(h: Harness, names: list[str]) -> list[float]:
    out = []
    for name in names:
        started = time.perf_counter()
        message = await h.fake.send_message(f"[[{name}]]", author=h.fake.user())
        rec = await h.reply_to_message(message, timeout=10)
        out.append(rec.at - started)
    return out


async def baseline(h: Harness, names: list[str], asks: list[str]) -> dict[str, list[float]]:
    svc = h.app.service
    result: dict[str, list[float]] = {"card": [], "rulings": [], "ask": []}
    for kind, call, values in (
        ("card", svc.card, names),
        ("rulings", svc.rulings, names),
        ("ask", svc.ask, asks),
    ):
        for value in values:
            started = time.perf_counter()
            await call(value)
            result[kind].append(time.perf_counter() - started)
    return result


async def sustained(
    h: Harness, rate: int, seconds: float, names: list[str], asks: list[str], rng: random.Random
) -> None:
    """``rate`` mixed messages per second: inline lookups, questions, chatter, slash commands."""
    guild = h.fake.guilds[0]
    settings = h.app.state.settings(int(guild.id)).with_channel(int(guild.channels[0]), True)
    h.app.state.save_settings(settings)
    h.app.cooldowns.users.window = 0  # measure throughput, not the cooldown policy
    h.app.cooldowns.channels.window = 0
    h.app.inline_limiter.window = 0
    mark = h.fake.mark()
    sent_at: dict[str, float] = {}
    slash_ids: set[str] = set()
    expected = 0
    sent = 0
    max_tasks = 0
    max_queue = 0
    queues = (h.app.service._pool._work_queue, h.app.service._question_pool._work_queue)
    started = time.perf_counter()
    interval = 1 / rate
    while (elapsed := time.perf_counter() - started) < seconds:
        due = int(elapsed * rate) + 1
        while sent < due:
            kind = rng.random()
            user = h.fake.user()
            if kind < 0.45:
                message = await h.fake.send_message(
                    f"[[{rng.choice(names)}]]", author=user, channel=1
                )
                sent_at[message["id"]] = time.perf_counter()
                expected += 1
            elif kind < 0.65:
                await h.fake.send_message(rng.choice(asks), author=user, channel=0)
            elif kind < 0.85:
                await h.fake.send_message("gg, see you at the draft", author=user, channel=1)
            else:
                inter = await h.fake.slash("card", {"name": rng.choice(names)}, user=user)
                slash_ids.add(inter.id)
                expected += 1
            sent += 1
        max_tasks = max(max_tasks, len(asyncio.all_tasks()))
        max_queue = max(max_queue, sum(q.qsize() for q in queues))
        await asyncio.sleep(interval / 2)
    send_time = time.perf_counter() - started
    deadline = time.perf_counter() + 15
    while time.perf_counter() < deadline:
        answered = sum(
            1 for r in h.fake.requests[mark:] if r.status < 300 and _answers(r, sent_at, slash_ids)
        )
        if answered >= expected:
            break
        await asyncio.sleep(0.05)
    drain = time.perf_counter() - started - send_time
    print(f"  lookups answered {answered}/{expected}")
    replies = [r for r in h.fake.requests[mark:] if r.method in ("POST", "PATCH")]
    errors = [r for r in replies if r.status >= 300]
    print(
        f"sustained: {sent} messages in {send_time:.1f} s = {sent / send_time:.0f} msg/s "
        f"(mix: 45% [[card]], 20% questions in an auto-answer channel, 20% chatter, "
        f"15% /card)"
    )
    print(
        f"  replies {len(replies)} (expected at least {expected} lookups), REST errors "
        f"{len(errors)}, drained {drain:.2f} s after the last send"
    )
    under_load = [
        r.at - sent_at[str(r.json["message_reference"]["message_id"])]
        for r in replies
        if r.status < 300
        and str(((r.json or {}).get("message_reference") or {}).get("message_id")) in sent_at
    ]
    if under_load:
        print(f"  [[card]] reply latency under load: {ms(under_load)}")
    print(
        f"  peak asyncio tasks {max_tasks}, peak thread-pool queues {max_queue}, "
        f"tasks now {len(asyncio.all_tasks())}"
    )


async def ask_beside_hostile_boards(
    h: Harness, asks: list[str], hostile: int, where: str = "worker processes", cycles: int = 4
) -> None:
    """/ask timed alone and while ``hostile`` of the most expensive boards the limits admit run
    without pause (each from a new person, so the per-person limits don't stop them), in
    ``cycles`` alternating rounds so both see the same background load. The boards: 25
    questions (the limit), every one running into the engine's budget."""
    h.app.ask_limiter.window = 0  # measure the work, not the per-person limits
    h.app.board_limiter.window = 0
    heavy = expensive_board().encode()
    alone: list[float] = []
    during: list[float] = []
    boards: list[float] = []
    bounded = 0

    async def keep_a_board_running(n: int, stop: asyncio.Event) -> None:
        nonlocal bounded
        while not stop.is_set():
            started = time.perf_counter()
            user = h.fake.user(f"hostile{n}")
            inter = await h.fake.slash("board", attachments={"file": ("h.json", heavy)}, user=user)
            rec = await h.fake.final_reply(inter, timeout=30)
            boards.append(rec.at - started)
            bounded += "Could not decide" in json.dumps(rec.body)

    size = max(1, len(asks) // cycles)
    for cycle in range(cycles):
        chunk = asks[cycle * size : (cycle + 1) * size]
        alone += await slash_latency(h, "ask", "question", chunk)
        stop = asyncio.Event()
        runners = [asyncio.create_task(keep_a_board_running(n, stop)) for n in range(hostile)]
        await asyncio.sleep(0.5)  # the boards are in the engine
        during += await slash_latency(h, "ask", "question", chunk)
        stop.set()
        await asyncio.gather(*runners)  # in-flight boards finish before the next quiet round
    print(
        f"/ask beside {hostile} hostile /board requests worked out in {where} "
        f"({len(heavy) // 1000} kB JSON, 25 questions each at the engine budget; target: /ask "
        f"p95 within its normal p95; {cycles} alternating rounds)"
    )
    print(f"  /ask alone                     {ms(alone)}")
    print(f"  /ask beside hostile boards     {ms(during)}")
    print(
        f"  median x{statistics.median(during) / statistics.median(alone):.2f}, "
        f"p95 x{pct(during, 95) / pct(alone, 95):.2f} against /ask alone"
    )
    print(
        f"  hostile boards answered {len(boards)} ({bounded} ending 'could not decide'), "
        f"{ms(boards)}"
    )


async def hostile_boards_in_threads(h: Harness, asks: list[str], hostile: int) -> None:
    """The baseline, in the same run: the engine in the bot's own threads (as before the worker
    processes), where it competes with every other answer for the interpreter lock."""
    service = h.app.service
    workers, service._board_workers = service._board_workers, None
    try:
        await ask_beside_hostile_boards(h, asks, hostile, "the bot's own threads (baseline)")
    finally:
        service._board_workers = workers


def _answers(rec: Any, inline_ids: dict[str, float], slash_ids: set[str]) -> bool:
    """Is this request the reply to one of the lookups sent (inline message or /card)?"""
    ref = ((rec.json or {}).get("message_reference") or {}).get("message_id")
    if ref is not None:
        return str(ref) in inline_ids
    parts = rec.path.split("/")
    return len(parts) > 2 and parts[1] == "interactions" and parts[2] in slash_ids


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--rate", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--db", type=Path, default=None, help="reuse a built knowledge base")
    parser.add_argument("--hostile-boards", type=int, default=2, help="concurrent hostile /board")
    parser.add_argument(
        "--only-hostile", action="store_true", help="only /ask beside hostile /board requests"
    )
    args = parser.parse_args()
    rng = random.Random(4)
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "rulesbot.sqlite"
        if args.db is None:
            build_kb(db)
        async with running_bot(db, Path(tmp) / "state.sqlite", warm_board_workers=True) as h:
            print(f"RSS after login with the full data: {rss_mb():.0f} MB")
            names = card_names(h, args.samples, rng)
            asks = questions()
            ask_sample = [asks[i % len(asks)] for i in range(args.samples)]
            if args.only_hostile:
                await h.app.service.ask(asks[0])  # warm up
                await ask_beside_hostile_boards(h, ask_sample, args.hostile_boards)
                await hostile_boards_in_threads(h, ask_sample, args.hostile_boards)
                return
            await slash_latency(h, "card", "name", names[:20])  # warm up
            await h.app.service.ask(asks[0])
            base = await baseline(h, names, ask_sample)
            results = {
                "/card": await slash_latency(h, "card", "name", names),
                "/rulings": await slash_latency(h, "rulings", "name", names),
                "[[card]]": await inline_latency(h, names),
                "/ask": await slash_latency(h, "ask", "question", ask_sample),
                "autocomp": await autocomplete_latency(h, names),
            }
            print(
                "event -> REST reply through the whole stack (targets: p95 <= 50 ms lookups, "
                "<= 100 ms /ask)"
            )
            for label, values in results.items():
                if label == "autocomp":
                    print(f"  {label:9s} {ms(values)}   (card-name autocomplete, from memory)")
                    continue
                key = {"/card": "card", "[[card]]": "card", "/rulings": "rulings"}.get(label, "ask")
                ratio = statistics.median(values) / max(statistics.median(base[key]), 1e-9)
                print(
                    f"  {label:9s} {ms(values)}   service alone p50 "
                    f"{statistics.median(base[key]) * 1000:5.1f} ms (x{ratio:.1f})"
                )
            await sustained(h, args.rate, args.seconds, names, asks, rng)
            await ask_beside_hostile_boards(h, ask_sample[:60], args.hostile_boards)
            await hostile_boards_in_threads(h, ask_sample[:60], args.hostile_boards)
            print(
                f"RSS after the traffic: {rss_mb():.0f} MB (bot + fake server + harness, "
                "one process: an upper bound for the bot)"
            )
        await process_rss(db, Path(tmp), names[:50], asks)


if __name__ == "__main__":
    asyncio.run(main())
