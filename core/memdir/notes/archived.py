"""Where a note went: the message for a path that holds no note, from archive/archive-log.jsonl.

An agent keeps the path of a procedure it found last week; when failure feedback or forgetting has
archived it since, "no such note" sent it searching for nothing. The path's last archive entry says
when it was archived, why (`forgotten: confidence 0.16 < 0.3 after 3 failures`) and where it is now;
a later restore, or an archived file that is gone, leaves plain "no such note".
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from memdir.confined import read_regular
from memdir.paths import ARCHIVE_DIR

MAX_LOG = 8 * 1024 * 1024  # the archive log read for a message (a few years of a busy root)
NO_NOTE = "no such note"


def gone_message(root: Path, rel: str) -> str:
    """`no such note`, or `archived on <day> (<reason>): now at archive/… (memdir restore … brings it back)`."""
    log = root / ARCHIVE_DIR / "archive-log.jsonl"
    try:
        lines = read_regular(log, MAX_LOG).decode("utf-8", "replace").splitlines()
    except OSError:
        return NO_NOTE
    last: dict[str, object] | None = None
    for line in lines:
        if f'"{rel}"' not in line:  # the path as a JSON string, before parsing the line
            continue
        with contextlib.suppress(ValueError):
            entry = json.loads(line)
            if isinstance(entry, dict) and entry.get("path") == rel:
                last = entry
    if last is None or last.get("action") != "archive":
        return NO_NOTE
    archived, reason, ts = last.get("archived"), last.get("reason"), last.get("ts")
    if not isinstance(archived, str) or not (root / archived).is_file():
        return NO_NOTE
    when = f" on {ts[:10]}" if isinstance(ts, str) else ""
    why = f" ({reason})" if isinstance(reason, str) and reason else ""
    return f"no such note: archived{when}{why}; it is now {archived} (`memdir restore {archived}` brings it back)"
