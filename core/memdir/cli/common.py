"""Shared CLI plumbing: the Memory for --root, JSON output, the rich console."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from rich.console import Console

    from memdir.memory import Memory


class CliState:
    """Per-invocation state: the root option and a lazily opened Memory."""

    def __init__(self, root: str | None) -> None:
        self.root = root
        self._memory: Memory | None = None

    @property
    def memory(self) -> Memory:
        """The Memory for this invocation's root."""
        if self._memory is None:
            from memdir.memory import Memory

            self._memory = Memory(self.root)
        return self._memory


pass_state = click.make_pass_decorator(CliState)


def console(stderr: bool = False) -> Console:
    """A rich console (stdout, or stderr for progress and warnings)."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def echo_json(data: object) -> None:
    """Print data as indented JSON (UTF-8, keys in insertion order)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n")
