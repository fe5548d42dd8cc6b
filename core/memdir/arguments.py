"""Argument checks for the Python API: a wrong type is one `InputError` naming the argument.

The CLI and the MCP server parse their arguments with types; a Python caller (an agent's code,
values taken from JSON or a model's answer) can pass anything. Without these checks a wrong type
either escaped the error hierarchy (`AttributeError: 'int' object has no attribute 'strip'`) or,
worse, was read as something else: `feedback(path, success="no")` counted a success (a non-empty
string is true) and `tags="dental"` became six one-letter tags (trial 22 #2, #8).

An outcome is `True`/`False` (a NumPy bool, `numpy.True_`, too), or one of the two words the activity log and the CLI flags use,
`"success"` and `"failure"` (case and surrounding blanks ignored). Anything else is refused,
`"no"`, `"false"`, `"failed"`, `0`, `1` and `None` included: guessing what a free-form word means
is how a failure got counted as a success.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from memdir.errors import InputError

OUTCOME_WORDS = {"success": True, "failure": False}


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _refuse(where: str, name: str, wanted: str, value: object) -> InputError:
    return InputError(f"{where}: `{name}` must be {wanted}, not {type(value).__name__} {_shown(value)}")


def text_arg(value: object, where: str, name: str) -> str:
    """value when it is a str, else InputError (`add_episode: \\`text\\` must be a string, not int 123`)."""
    if not isinstance(value, str):
        raise _refuse(where, name, "a string", value)
    return value


def optional_text(value: object, where: str, name: str) -> str | None:
    """None, or value when it is a str."""
    return None if value is None else text_arg(value, where, name)


def int_arg(value: object, where: str, name: str, minimum: int | None = None) -> int:
    """value when it is an int (not a bool) at least `minimum`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _refuse(where, name, "a whole number", value)
    if minimum is not None and value < minimum:
        raise InputError(f"{where}: `{name}` must be at least {minimum}, not {value}")
    return value


def optional_number(value: object, where: str, name: str) -> float | None:
    """None, or value when it is an int or a float (not a bool)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _refuse(where, name, "a number", value)
    return float(value)


def optional_datetime(value: object, where: str, name: str) -> datetime | None:
    """None, or value when it is a datetime (an ISO string is refused: say `datetime.fromisoformat(...)`)."""
    if value is None or isinstance(value, datetime):
        return value
    hint = " (parse it first: datetime.fromisoformat(...))" if isinstance(value, str) else ""
    raise InputError(
        f"{where}: `{name}` must be a datetime, not {type(value).__name__} {_shown(value)}{hint}"
    )


def tags_arg(value: object, where: str, name: str = "tags") -> list[str] | None:
    """None, or a list (or tuple) of strings; one string is refused, not split into its letters."""
    if value is None:
        return None
    if isinstance(value, str):
        raise InputError(
            f"{where}: `{name}` must be a list of strings, not one string {_shown(value)} "
            f"(for one tag: [{value!r}])"
        )
    if not isinstance(value, list | tuple) or not all(isinstance(t, str) for t in value):
        raise _refuse(where, name, "a list of strings", value)
    return list(value)


def _numpy_bool(value: object) -> bool:
    """A NumPy boolean scalar (`numpy.True_`, a pandas/NumPy comparison's outcome): a bool to its user, though
    not a Python `bool` (`numpy.bool` in NumPy 2, `numpy.bool_` before). Told by its type, with no import of
    NumPy; NumPy's integers (`numpy.int64(1)`) stay refused as `1` is."""
    kind = type(value)
    return kind.__module__.split(".")[0] == "numpy" and kind.__name__ in ("bool", "bool_")


def outcome_arg(value: object, where: str, name: str = "success") -> bool:
    """True or False from a bool (a NumPy bool too) or the words `success` / `failure`; InputError for anything
    else."""
    if isinstance(value, bool):
        return value
    if _numpy_bool(value):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in OUTCOME_WORDS:
        return OUTCOME_WORDS[value.strip().lower()]
    raise InputError(
        f"{where}: `{name}` must be True or False (or the word 'success' or 'failure'), "
        f"not {type(value).__name__} {_shown(value)}; nothing recorded"
    )


def root_arg(value: object) -> str | os.PathLike[str] | None:
    """None, a str or a path-like naming a str path (bytes, numbers and others refused)."""
    if value is None or isinstance(value, str | Path):
        return value
    if isinstance(value, os.PathLike) and isinstance(os.fspath(value), str):
        return value
    raise _refuse("Memory", "root", "a folder path (str or pathlib.Path)", value)
