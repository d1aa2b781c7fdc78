"""The ``rulesbot`` command line: one click group, each family of commands in its own module.

A command's module is imported only when that command runs (or help lists them all), so a
one-shot ``rulesbot cr 302.6`` never loads discord.py, the engine or the card-name table
(benchmarks/startup_bench.py measures it).
"""

from __future__ import annotations

import importlib

import click

from bot.cli.errors import RulesbotGroup

# command name -> the module that attaches it to ``main``
COMMAND_MODULES: dict[str, str] = {
    "board": "bot.cli.board",
    "engine-coverage": "bot.cli.board",
    "console": "bot.cli.console",
    "card": "bot.cli.lookup",
    "rulings": "bot.cli.lookup",
    "cr": "bot.cli.lookup",
    "define": "bot.cli.lookup",
    "ask": "bot.cli.lookup",
    "run": "bot.cli.run",
    "sync": "bot.cli.sync",
    "status": "bot.cli.sync",
}


class LazyGroup(RulesbotGroup):
    """Imports a command's module the first time the command is looked up."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMAND_MODULES)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMAND_MODULES.get(cmd_name)
        if module is not None and cmd_name not in self.commands:
            importlib.import_module(module)
        return super().get_command(ctx, cmd_name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rulesbot")
def main() -> None:
    """Magic: The Gathering rules answers from the official rulings and the Comprehensive Rules."""


def load_all_commands() -> None:
    """Import every command module (for tools that walk ``main.commands``)."""
    for module in dict.fromkeys(COMMAND_MODULES.values()):
        importlib.import_module(module)
