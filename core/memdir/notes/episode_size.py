"""Day files and episodes too large for the daily run (what `episode add` refuses), one line each.

The run leaves them pending and names them (exit 75), `memdir lint` calls each an error (trial 29 #13); nothing
in the file is changed.
"""

from __future__ import annotations

from memdir.inputs import MAX_DAY_FILE_BYTES, MAX_EPISODE_BYTES

TOO_LARGE_FIX = "move the long paste to a file outside episodes/, or cut it down"


def day_file_too_large(rel: str, size: int) -> str | None:
    """`<file>: too large to consolidate (…)` for a day file over MAX_DAY_FILE_BYTES, else None."""
    if size <= MAX_DAY_FILE_BYTES:
        return None
    return f"{rel}: too large to consolidate ({size:,} bytes > {MAX_DAY_FILE_BYTES:,})"


def episode_too_large(ep_id: str, text: str) -> str | None:
    """`<episode id>: episode too large to consolidate (…)` for an episode over MAX_EPISODE_BYTES, else None."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size <= MAX_EPISODE_BYTES:
        return None
    return f"{ep_id}: episode too large to consolidate ({size:,} bytes > {MAX_EPISODE_BYTES:,})"
