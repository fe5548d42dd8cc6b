"""archive/archive-log.jsonl: one line per note archived or restored, and why.

Each entry gets its UTC time (`ts`), is redacted and appended under a lock through the confined archive
folder (never through a link); reading skips a line that is not JSON. Moved out of store.py unchanged.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from datetime import datetime, timezone
from pathlib import Path

from memdir.confined import open_folder
from memdir.jsonvalue import JSONObject
from memdir.locks import file_lock
from memdir.paths import ARCHIVE_DIR, STATE_DIR
from memdir.redaction import redact_value

LOG_NAME = "archive-log.jsonl"


def append_archive_log(root: Path, entry: Mapping[str, object]) -> None:
    """Append one entry (with its time) to the root's archive log."""
    stamped = {"ts": datetime.now(timezone.utc).isoformat(timespec="seconds"), **entry}
    line = (json.dumps(redact_value(stamped), ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
    with (
        file_lock(root / STATE_DIR / "locks" / "archive-log.lock"),
        open_folder(root, ARCHIVE_DIR) as folder,
    ):
        folder.append(LOG_NAME, line)


def read_archive_log(root: Path) -> list[JSONObject]:
    """Entries of archive/archive-log.jsonl (what was archived or restored, and why)."""
    path = root / ARCHIVE_DIR / LOG_NAME
    out: list[JSONObject] = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines() if path.exists() else []:
        with contextlib.suppress(ValueError):
            out.append(json.loads(line))
    return out
