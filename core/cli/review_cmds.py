"""CLI commands (placeholder until this part lands)."""

from __future__ import annotations

import click

COMMANDS: list[click.Command] = []
