"""JSON types for signatures: what `json.loads` returns and what `--json` output is made of.

`JSONValue` is recursive and read-only (Sequence, Mapping), so a `list[str]` or a
`dict[str, int]` is a JSONValue as it stands. Code that reads one narrows it (`isinstance`)
before use, as it would for parsed JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

JSONScalar: TypeAlias = str | int | float | bool | None
JSONValue: TypeAlias = JSONScalar | Sequence["JSONValue"] | Mapping[str, "JSONValue"]
JSONObject: TypeAlias = dict[str, JSONValue]

__all__ = ["JSONObject", "JSONScalar", "JSONValue"]
