"""A nested argument object written with its keys, so that an agent can rebuild the object (round 34).

`steps.input_text` writes a call's input on one line with nested objects flat (`customer=id=C-12 name=Ana
vehicle=year=2019 make=Kia`): every reader of a step (placeholders, titles, the work call, the note
matcher) reads that form, and two rounds that changed it (dotted keys inside the step text) changed titles of
other weeks. So the step text stays as it is, and each step also keeps, in order, where the flat form hides
a key path (`keys`: `customer=id=` is `customer.id=`, ` name=` is ` customer.name=`, an object of a list
`bikes=type=` is `bikes[].type=`). Only the procedure's written step line is re-keyed
(`customer.id={id} customer.name={name} vehicle.year={year}`), from a task whose markers all stand, in order,
in the aligned line; a line where one does not (a hole that swallowed a key) stays flat.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

from memdir.activity import ActivityEvent
from memdir.consolidation.weekly.call_purpose import TARGET_KEYS, split_purpose
from memdir.consolidation.weekly.steps import (
    INPUT_KEYS,
    MAX_INPUT_DEPTH,
    input_purpose,
    input_text,
    names_a_call,
    own_argument,
    without_own_name,
)

Keys = tuple[tuple[str, str], ...]
_BARE_KEYS = frozenset([*INPUT_KEYS, *TARGET_KEYS, "text", "code", "script", "sql"])
_HTTP_METHODS = frozenset(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"])
_OWN_KEY = re.compile(r"(?:^|\s)[^\W\d][\w.-]*=", re.U)  # a `key=` a value writes itself (a command's)


def input_of(event: ActivityEvent, tool: str = "") -> str:
    """A call's input as one line (`steps.input_text`), from the first input key the event holds."""
    for key in INPUT_KEYS:
        text = input_text(without_own_name(event.get(key), tool))
        if text:
            return text
    return ""


def purpose_of(event: ActivityEvent, tool: str = "") -> str:
    """What the call says it is for (a description beside its command), from the input `input_of` read."""
    for key in INPUT_KEYS:
        if input_text(value := without_own_name(event.get(key), tool)):
            return input_purpose(value)
    return ""


def keys_of(event: ActivityEvent, tool: str = "") -> Keys:
    """Where the input `input_of` read hides a key path: (flat marker, keyed marker) pairs, in order; () when
    it nests no object."""
    for key in INPUT_KEYS:
        value = without_own_name(event.get(key), tool)
        if input_text(value):
            pairs = _pairs(value, "", 0)
            if any(f != k for f, k in pairs):
                return tuple(pairs)
            return ()
    return ()


def _pairs(value: object, path: str, depth: int) -> list[tuple[str, str]]:
    """The markers of `value` as `input_text` renders it, its keys under `path`; [] for a leaf or for what is
    not read key by key (a command, a method and its path)."""
    if depth > MAX_INPUT_DEPTH:
        return []
    if isinstance(value, str):
        decoded = _decoded(value)
        return _pairs(decoded, path, depth + 1) if decoded is not None else []
    if isinstance(value, list):
        return _items(value, path, depth)
    if not isinstance(value, dict):
        return []
    items, _ = split_purpose([(str(k), v) for k, v in value.items() if v not in (None, "")])
    if len(items) == 1 and isinstance(items[0][1], str) and items[0][0] in _BARE_KEYS:
        return []
    out: list[tuple[str, str]] = []
    names = [k for k, _ in items]
    for k, v in items:
        named = k == "method" and (not isinstance(v, str) or names_a_call(v))  # a payment's method is keyed
        if own_argument(k, v, names):
            pass  # the tool's own object argument: keyed like any other
        elif k in _HTTP_METHODS or k in INPUT_KEYS or k in TARGET_KEYS or named:
            if _request_line(k, v, names):
                continue  # `POST https://…/jobs`: the request's method and URL, then its body keyed (round 40)
            return []  # written without its key: nothing to re-key safely
        here = f"{path}.{k}" if path else k
        inner = _pairs(v, here, depth + 1) if isinstance(v, dict | list) else []
        if inner and not input_text(v, depth + 1).startswith(inner[0][0]):
            return []
        if inner:  # `customer=id=` -> `customer.id=`: the object's first key rides on its own
            out.append((f"{k}={inner[0][0]}", inner[0][1]))
            out.extend(inner[1:])
        else:
            out.append((f"{k}=", f"{here}="))
    return out


def _request_line(key: str, value: object, names: list[str]) -> bool:
    """Whether a key written without its name is an HTTP request's method or URL (`{method, url, json}`), a
    value with no `key=` of its own: the body's nested keys after it can be re-keyed (`json.contact.phone=`)."""
    request = any(n in _HTTP_METHODS or n == "method" for n in names) and any(n in TARGET_KEYS for n in names)
    return (
        request
        and (key in _HTTP_METHODS or key == "method" or key in TARGET_KEYS)
        and isinstance(value, str)
        and _OWN_KEY.search(value) is None
    )


def _items(values: list[object], path: str, depth: int) -> list[tuple[str, str]]:
    """A list of objects (`bikes=[{type, size}, …]`): each object's keys under `path[]` (jq's spelling; an
    object starts again where its first key does). No index: a `0` the procedure writes would be a value."""
    if not path or not values or not all(isinstance(v, dict) for v in values):
        return []
    out: list[tuple[str, str]] = []
    for v in values:
        inner = _pairs(v, f"{path}[]", depth + 1)
        if not inner:
            return []
        out.extend(inner)
    return out


def _decoded(text: str) -> object | None:
    """A JSON object or list written as a string, else None (as `steps.input_text` reads it)."""
    t = text.strip()
    if not (t.startswith("{") and t.endswith("}") or t.startswith("[") and t.endswith("]")):
        return None
    try:
        value: object = json.loads(t)
    except (ValueError, RecursionError):
        return None
    return value


def keyed_text(text: str, keys: Iterable[Keys]) -> str:
    """`text` (a step's aligned input, holes in it) with its flat markers re-keyed by the first task's keys
    that all stand in it in order; else by the first task's keys that stand in order but for markers a hole
    swallowed (written nowhere in `text`: one task's `qty=2` inside `{size}`), so that one kind's objects are
    not flat beside another's keyed ones (round 37); `text` itself when none do."""
    tried = [pairs for pairs in keys if pairs]
    for swallowed in (False, True):
        for pairs in tried:
            if (done := _rekeyed(text, pairs, swallowed)) is not None:
                return done
    return text


def _rekeyed(text: str, pairs: Keys, swallowed: bool) -> str | None:
    out, pos, kept = [], 0, 0
    for flat, keyed in pairs:
        at = _find(text, flat, pos)
        if at < 0:
            if swallowed and _find(text, flat, 0) < 0:
                continue  # inside a hole: its value and key are one task's
            return None
        out.append(text[pos:at] + keyed)
        pos, kept = at + len(flat), kept + 1
    return "".join(out) + text[pos:] if kept else None


def _find(text: str, marker: str, start: int) -> int:
    """Where `marker` starts a token of `text` at or after `start` (-1 when nowhere)."""
    at = text.find(marker, start)
    while at > 0 and text[at - 1] != " ":
        at = text.find(marker, at + 1)
    return at
