"""One-shot commands import only what they use (benchmarks/startup_bench.py times them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

PROBE = """
import json, sys
from bot.cli import main
code = main({argv!r}, standalone_mode=False)
heavy = ("discord", "aiohttp", "engine.reader", "engine.board", "rulings_db.mentions")
loaded = sorted(m for m in heavy if m in sys.modules)
print(json.dumps({{"code": code, "loaded": loaded}}), file=sys.stderr)
"""


def _loaded(argv: list[str]) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(argv=argv)], capture_output=True, text=True, timeout=60
    )
    return json.loads(done.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize(
    "argv", [["cr", "702.19b"], ["define", "trample"], ["card", "goyf"], ["status"]]
)
def test_one_shot_lookups_never_load_discord_or_the_engine(kb_path: Path, argv):
    result = _loaded([*argv, "--db", str(kb_path)])
    assert result["code"] == 0
    assert result["loaded"] == []


def test_the_name_table_is_read_only_by_commands_that_look_up_names(kb_path: Path):
    from rulings_db.knowledge import KnowledgeBase

    kb = KnowledgeBase(kb_path)
    assert kb.rule("702.19b") is not None and kb._names is None
    assert kb.card("goyf").card is not None and kb._names is not None
