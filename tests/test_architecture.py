"""The package arrows point one way (docs/architecture.md), checked on every import statement.

`bot -> rulings_db` and `bot -> engine`; `rulings_db` imports neither, and the Discord layer stays
thin: only `bot/discord/` (and `rulesbot run`, which starts it) import discord.py, and the plain
services and renderers never reach back into the Discord layer or the CLI, and no cog imports
another. Imports inside functions count too: a lazy import is still an arrow.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _modules(folder: str) -> Iterator[Path]:
    yield from sorted((ROOT / folder).rglob("*.py"))


def _imported_roots(path: Path) -> set[str]:
    """Every dotted module name an `import` or `from … import` in the file names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _offenders(folder: str, forbidden: tuple[str, ...], allowed: tuple[str, ...] = ()) -> dict:
    found: dict[str, list[str]] = {}
    for path in _modules(folder):
        rel = path.relative_to(ROOT).as_posix()
        if any(rel.startswith(prefix) for prefix in allowed):
            continue
        bad = sorted(
            name
            for name in _imported_roots(path)
            if any(name == f or name.startswith(f + ".") for f in forbidden)
        )
        if bad:
            found[rel] = bad
    return found


def test_the_packages_being_checked_exist() -> None:
    for folder in ("bot", "rulings_db", "engine"):
        assert any(_modules(folder)), folder


def test_knowledge_base_imports_neither_the_bot_nor_the_engine() -> None:
    assert _offenders("rulings_db", ("bot", "engine", "discord")) == {}


@pytest.mark.parametrize("subpackage", ["bot/service", "bot/render"])
def test_plain_services_never_reach_into_discord_or_the_cli(subpackage: str) -> None:
    assert _offenders(subpackage, ("discord", "bot.discord", "bot.cli")) == {}


def test_only_the_discord_layer_imports_discord_py() -> None:
    allowed = ("bot/discord/", "bot/cli/run.py")
    assert _offenders("bot", ("discord",), allowed=allowed) == {}


def test_each_discord_cog_stands_alone() -> None:
    """A feature is its own cog: what two cogs share lives in bot/discord/views.py or send.py,
    never in one cog that the other imports (the package's __init__ registers them all)."""
    allowed = ("bot/discord/cogs/__init__.py",)
    assert _offenders("bot/discord/cogs", ("bot.discord.cogs",), allowed=allowed) == {}
