"""The activity log: append-only JSON lines in `activity/YYYY-MM-DD[.HOST].jsonl`.

Writers append whole lines under a lock; readers skip malformed lines with a warning
and count them, never failing the run. Every string of the events appended at once (type, ids,
names, free text, extra fields at any depth, keys) is redacted as one write before it is written.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import cast

from memdir.confined import append_bytes
from memdir.errors import InputError, MemdirError
from memdir.inputs import MAX_EVENT_BYTES, check_text, check_when, no_such_day
from memdir.jsonvalue import JSONObject, JSONValue
from memdir.locks import file_lock
from memdir.paths import STATE_DIR
from memdir.redaction import find_secrets, redact_record
from memdir.secret_named import named_value

log = logging.getLogger(__name__)

_FILE = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:\.[A-Za-z0-9_.-]+)?\.jsonl$")
MAX_LINE = 1_000_000
MAX_DEPTH = 32  # nesting of an event's lists and maps: deeper is refused on write, skipped on read


def parse_ts(value: object) -> datetime | None:
    """Parse an ISO 8601 timestamp; naive times are taken as UTC. None if unparseable."""
    if not isinstance(value, str) or not value:
        return None
    try:
        dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return dt if dt.tzinfo else dt.replace(tzinfo=timezone.utc)


@dataclass
class ActivityEvent:
    """One activity line. `data` keeps every field, known or not."""

    ts: datetime
    type: str
    data: JSONObject
    source: str = ""  # file:line

    @property
    def task_id(self) -> str | None:
        """The task id, if the event names one."""
        tid = self.data.get("task_id")
        return str(tid) if tid not in (None, "") else None

    def get(self, key: str, default: JSONValue = None) -> JSONValue:
        """A field of the event."""
        return self.data.get(key, default)


@dataclass
class ReadStats:
    """What a read saw: lines read and malformed lines skipped."""

    lines: int = 0
    events: int = 0
    malformed: int = 0
    malformed_at: list[str] = field(default_factory=list)


def validate_event(event: Mapping[str, object]) -> dict[str, object]:
    """Check the required fields and return a clean dict (raises MemdirError)."""
    if not isinstance(event, Mapping):
        raise MemdirError("an activity event must be a JSON object")
    data = {str(k): v for k, v in event.items() if v is not None}
    for key, value in data.items():
        _check_value(value, f"the event's `{key}`")
    etype = data.get("type")
    if not isinstance(etype, str) or not etype.strip():
        raise MemdirError("an activity event needs a non-empty `type`")
    ts = data.get("ts")
    if ts is None:
        data["ts"] = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
    else:
        when = parse_ts(ts)
        if when is None:
            raise MemdirError(no_such_day(str(ts), "`ts`") or f"invalid `ts` {ts!r}: use ISO 8601")
        check_when(when, "`ts`")
    outcome = data.get("outcome")
    if outcome is not None and outcome not in ("success", "failure"):
        raise MemdirError(f"invalid outcome {outcome!r}: use success or failure")
    return {"ts": data.pop("ts"), **data}  # `ts` first, as docs/formats.md shows the lines


def _check_value(value: object, what: str, depth: int = 0) -> None:
    """Refuse control characters and non-UTF-8 text anywhere in an event (keys and nested values too)."""
    if depth > MAX_DEPTH:
        raise InputError(f"{what} is nested too deeply; nothing written")
    if isinstance(value, str):
        check_text(value, what)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            check_text(str(k), what)
            _check_value(v, what, depth + 1)
    elif isinstance(value, list | tuple):
        for v in value:
            _check_value(v, what, depth + 1)


def _too_deep(value: object) -> bool:
    """Nested deeper than MAX_DEPTH (a hand-written line `memdir log` would have refused), without recursion."""
    todo: list[tuple[object, int]] = [(value, 0)]
    while todo:
        v, depth = todo.pop()
        if depth > MAX_DEPTH:
            return True
        if isinstance(v, dict):
            todo.extend((x, depth + 1) for x in v.values())
        elif isinstance(v, list):
            todo.extend((x, depth + 1) for x in v)
    return False


class ActivityLog:
    """Appends and reads activity events under `<root>/activity/`."""

    def __init__(self, root: str | os.PathLike[str], host: str | None = None) -> None:
        self.root = Path(root)
        self.dir = self.root / "activity"
        self.host = host

    def path_for(self, ts: datetime) -> Path:
        """The file an event with this timestamp belongs to (UTC day)."""
        day = ts.astimezone(timezone.utc).date().isoformat()
        name = f"{day}.{self.host}.jsonl" if self.host else f"{day}.jsonl"
        return self.dir / name

    def append(self, event: Mapping[str, object]) -> dict[str, object]:
        """Append one event as one whole line under a file lock; returns what was written."""
        return self.append_many([event])[0]

    def append_many(self, events: Iterable[Mapping[str, object]]) -> list[dict[str, object]]:
        """Append events (each one line), grouping writes per file under one lock."""
        # every field (type, ids, names, extras at any depth) is masked before it is written, and the
        # events are one write: a value found a secret in one field is masked in every event's fields
        clean = cast(list[dict[str, object]], redact_record([validate_event(e) for e in events]))
        by_file: dict[Path, list[str]] = {}
        for data in clean:
            ts = parse_ts(data["ts"])
            assert ts is not None
            line = json.dumps(data, ensure_ascii=False, sort_keys=False, default=str)
            if len(line.encode("utf-8")) > MAX_EVENT_BYTES:
                raise InputError(
                    f"activity event too large ({len(line.encode('utf-8')):,} bytes > {MAX_EVENT_BYTES:,}); "
                    "nothing written"
                )
            by_file.setdefault(self.path_for(ts), []).append(line + "\n")
        for path, lines in by_file.items():
            lock = self.root / STATE_DIR / "locks" / f"activity-{path.name}.lock"
            with file_lock(lock):
                # confined: no link followed on the way or at the file, no file with other hard links
                append_bytes(path, "".join(lines).encode("utf-8"), root=self.root)
        return clean

    def files(self, since: date | None = None, until: date | None = None) -> list[Path]:
        """Activity files whose day is in [since, until), sorted by name."""
        if not self.dir.is_dir():
            return []
        out = []
        for p in sorted(self.dir.iterdir()):
            m = _FILE.match(p.name)
            if not m or not p.is_file():
                continue
            try:
                day = date.fromisoformat(m.group(1))
            except ValueError:
                continue
            if (since and day < since) or (until and day >= until):
                continue
            out.append(p)
        return out

    def read(
        self,
        since: datetime | None = None,
        until: datetime | None = None,
        stats: ReadStats | None = None,
        warn: bool = True,
    ) -> Iterator[ActivityEvent]:
        """Events with since <= ts < until, file by file; malformed lines are skipped and counted (and
        logged once per read unless `warn` is off: `status` counts them, `lint` names each)."""
        stats = stats if stats is not None else ReadStats()
        d_since = (since.astimezone(timezone.utc).date() - timedelta(days=1)) if since else None
        d_until = (until.astimezone(timezone.utc).date() + timedelta(days=2)) if until else None
        for path in self.files(d_since, d_until):
            with open(path, "rb") as fh:
                for lineno, raw in enumerate(fh, 1):
                    stats.lines += 1
                    event = self._parse_line(raw, f"{path.name}:{lineno}")
                    if event is None:
                        if raw.strip():
                            stats.malformed += 1
                            if len(stats.malformed_at) < 20:
                                stats.malformed_at.append(f"{path.name}:{lineno}")
                        continue
                    if (since and event.ts < since) or (until and event.ts >= until):
                        continue
                    stats.events += 1
                    yield event
        if stats.malformed and warn:
            log.warning(
                "skipped %d malformed activity line(s), first at %s", stats.malformed, stats.malformed_at[0]
            )

    def malformed(self) -> list[tuple[str, int, str]]:
        """(file, line, why) of every line no read takes as an event: what `memdir lint` reports (once)."""
        out: list[tuple[str, int, str]] = []
        for path in self.files():
            with open(path, "rb") as fh:
                for lineno, raw in enumerate(fh, 1):
                    if raw.strip() and self._parse_line(raw, "") is None:
                        out.append((f"{self.dir.name}/{path.name}", lineno, _why(raw)))
        return out

    def secrets(self) -> list[tuple[str, int, list[str]]]:
        """(file, line, keys) of every line holding a secret-like value: a line a tool or agent appended
        itself, unmasked (re-check N8); `keys` name where (`input.command`), never the value."""
        out: list[tuple[str, int, list[str]]] = []
        for path in self.files():
            with open(path, "rb") as fh:
                for lineno, raw in enumerate(fh, 1):
                    event = self._parse_line(raw, "")
                    if event is not None and (keys := secret_keys(event.data)):
                        out.append((f"{self.dir.name}/{path.name}", lineno, keys))
        return out

    @staticmethod
    def _parse_line(raw: bytes, where: str) -> ActivityEvent | None:
        if not raw.strip() or len(raw) > MAX_LINE:
            return None
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return None
        if not isinstance(data, dict) or _too_deep(data):
            return None
        ts = parse_ts(data.get("ts"))
        etype = data.get("type")
        if ts is None or not isinstance(etype, str):
            return None
        return ActivityEvent(ts=ts, type=etype, data=data, source=where)


def _why(raw: bytes) -> str:
    """Why a line is no activity event, in a few words."""
    if len(raw) > MAX_LINE:
        return f"longer than {MAX_LINE:,} bytes"
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return "not JSON"
    if not isinstance(data, dict):
        return (
            f"a JSON {type(data).__name__.replace('list', 'array').replace('str', 'string')}, not an object"
        )
    if _too_deep(data):
        return "nested too deep"
    return "no valid `ts` or no `type`"


def secret_keys(event: Mapping[str, object]) -> list[str]:
    """Where in an event a string holds a secret-like value, as `key.key[i]` paths (the values are never
    returned): the text detectors `memdir lint` runs on notes (`find_secrets`), on each string and key.
    The key-name rule `append` masks by is one too when the name says which credential it is
    (`api_token`, `client_secret`, `password`, `x-api-key`) and the value is one a person could use
    (trial 27 #9); a bare issued id (`token`, `session_id`) or a pagination token (`next_token`) is not:
    webhook payloads carry response ids under such names (the weekly sets' Typeform `form_response.token`)."""
    out: list[str] = []
    _walk_strings(dict(event), "", out)
    return out


def _walk_strings(value: object, where: str, out: list[str]) -> None:
    if isinstance(value, str):
        if find_secrets(value):
            out.append(where or "(value)")
    elif isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str) and find_secrets(k):
                out.append(f"a key of `{where}`" if where else "a key")
                continue
            at = f"{where}.{k}" if where else str(k)
            if isinstance(k, str) and isinstance(v, str) and _named_credential(k, v) and not find_secrets(v):
                out.append(at)
                continue
            _walk_strings(v, at, out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _walk_strings(v, f"{where}[{i}]", out)


_ISSUED_ID = re.compile(r"(?i)_*(?:session|sessid|sid|token)(?:[-_.]?(?:id|no|number|code))?")
_PAGING = re.compile(
    r"(?i)(?:^|[-_.]|(?<=[a-z]))(?:next|prev|previous|page|cursor|continuation|paging)(?=[-_.]?[A-Za-z])"
)


def _named_credential(key: str, value: str) -> bool:
    """A value under a name that says which credential it is (`api_token`, `password`), shaped like one."""
    if _ISSUED_ID.fullmatch(key) or _PAGING.search(key):
        return False
    return named_value(key, value)  # the rule the text detector masks `key=value` by (trial 30 #14)
