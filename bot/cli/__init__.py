"""The ``rulesbot`` command line: one click group, each family of commands in its own module."""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rulesbot")
def main() -> None:
    """Magic: The Gathering rules answers from the official rulings and the Comprehensive Rules."""
