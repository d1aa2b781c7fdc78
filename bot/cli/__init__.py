"""The ``rulesbot`` command line: one click group, each family of commands in its own module."""

from __future__ import annotations

import click

from bot.cli.errors import RulesbotGroup


@click.group(cls=RulesbotGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rulesbot")
def main() -> None:
    """Magic: The Gathering rules answers from the official rulings and the Comprehensive Rules."""


# Each module attaches its commands to ``main``.
from bot.cli import board as board  # noqa: E402  (rulesbot board, engine-coverage)
from bot.cli import console as console  # noqa: E402  (rulesbot console)
from bot.cli import lookup as lookup  # noqa: E402  (rulesbot card, rulings, cr, define, ask)
from bot.cli import run as run  # noqa: E402  (rulesbot run)
from bot.cli import sync as sync  # noqa: E402  (rulesbot sync, rulesbot status)
