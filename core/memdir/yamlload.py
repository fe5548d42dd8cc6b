"""YAML with limits: the one loader for frontmatter and memdir.yaml.

A YAML document may make a small text stand for a huge value: an alias (`*a`) points back at
an anchored node (`&a`), and nine levels of nine aliases ("billion laughs") stand for 10^9
strings in 1.4 kB. ruamel shares the node rather than copying it, so loading is quick, but
anything that walks the value (joining tags, listing sources, dumping it) expands it.

memdir's files have no use for anchors, aliases or merge keys (`<<: *base`), so this loader
refuses them outright, along with documents over a size, node or depth budget. A refused
document raises `YAMLLimitError` naming the limit and its line; callers turn that into a bad
file (`NoteError`) or a bad config (`ConfigError`), never into a hang.
"""

from __future__ import annotations

from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.composer import Composer
from ruamel.yaml.events import AliasEvent

MAX_YAML_CHARS = 65_536  # frontmatter of real notes is well under 4 KiB
MAX_NODES = 1_000  # scalars, lists and maps together (real frontmatter has tens)
MAX_DEPTH = 32  # nesting of lists and maps


class YAMLLimitError(ValueError):
    """A YAML text over one of the limits (aliases, anchors, size, nodes, depth)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"{message} (line {line})" if line else message)
        self.reason = message
        self.line = line


class _LimitedComposer(Composer):
    """ruamel's composer, refusing anchors and aliases and counting nodes as it goes."""

    def __init__(self, loader: Any = None) -> None:
        super().__init__(loader)
        self.nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.parser.peek_event()
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        if isinstance(event, AliasEvent):
            raise YAMLLimitError(
                f"YAML alias *{event.anchor} is not allowed (memdir never expands aliases)", line
            )
        if getattr(event, "anchor", None) is not None:
            raise YAMLLimitError(
                f"YAML anchor &{event.anchor} is not allowed (memdir never expands aliases)", line
            )
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise YAMLLimitError(f"YAML has more than {MAX_NODES} values", line)
        return super().compose_node(parent, index)


def limited_yaml(typ: str = "rt") -> YAML:
    """A ruamel YAML instance (`rt` round-trip or `safe`) that loads only documents within the limits."""
    y = YAML(typ=typ, pure=True)
    y.Composer = _LimitedComposer
    y.max_depth = MAX_DEPTH
    return y


def check_size(text: str) -> None:
    """Raise YAMLLimitError when text is over the size budget (checked before any parsing)."""
    if len(text) > MAX_YAML_CHARS:
        raise YAMLLimitError(f"YAML is too large ({len(text)} characters > {MAX_YAML_CHARS})")


def load_limited(text: str, typ: str = "safe") -> object:
    """Load one YAML document within the limits (YAMLLimitError, or ruamel's YAMLError when invalid)."""
    check_size(text)
    return limited_yaml(typ).load(text)
