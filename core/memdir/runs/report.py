"""RunReport: what one consolidation run did (or would do, with --dry-run), and what it left undone."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, TypedDict

from memdir.errors import ConflictError, MemdirError, NoteNotFound, StoreWriteError
from memdir.jsonvalue import JSONObject

EXIT_INCOMPLETE = 75  # sysexits EX_TEMPFAIL: the run could not finish its work; the next run retries it
_UNITS = {"daily": "episode", "weekly": "task cluster"}


CHANGED_ON_DISK = "a note changed on disk while the run wrote it (the other version is kept)"
WRITE_REFUSED = "a write was refused"


def retry_reason(exc: MemdirError) -> str | None:
    """Why a failed write leaves its input for the next run; None for an error a retry cannot mend.

    A compare-and-swap that lost the race (a person saved the note), a note moved away between
    its read and its write, and a refused write (a full disk) are retried, never dropped.
    """
    if isinstance(exc, ConflictError | NoteNotFound):
        return CHANGED_ON_DISK
    if isinstance(exc, StoreWriteError):
        return WRITE_REFUSED
    return None


@dataclass
class RunReport:
    """Outcome of one daily or weekly run; `to_dict()` is the `--json` output."""

    job: str  # "daily" | "weekly"
    dry_run: bool = False
    started_at: str = ""
    finished_at: str = ""
    created: list[str] = field(default_factory=list)  # new note paths
    updated: list[str] = field(default_factory=list)  # existing note paths that gained content
    review: list[str] = field(default_factory=list)  # review item paths raised
    archived: list[str] = field(default_factory=list)
    skipped: int = 0  # inputs routed to skip / tasks not selected
    processed: int = 0  # inputs looked at
    pending: int = 0  # inputs left for a later run (budget, LLM failure, rejected answers, refused writes)
    pending_reasons: dict[str, int] = field(default_factory=dict)  # why they were left -> how many
    # a reason -> what caused it, in a few words (`the model call failed` -> `connection refused at …`)
    pending_causes: dict[str, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    diff: str = ""  # unified diff of what would change (dry run)
    stats: dict[str, Any] = field(
        default_factory=dict
    )  # engine-specific figures (llm calls, tokens, cost...)
    # daily: what became of each episode looked at, and why: {"episode", "action", "target", "reason"}
    episodes: list[dict[str, str | None]] = field(default_factory=list)
    # a path written again after its first write in the run -> how many updates (trial 22 #11: one lesson
    # given 28 episodes was listed 28 times in `updated`)
    update_counts: dict[str, int] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        """True when the run changed (or would change) any file."""
        return bool(self.created or self.updated or self.review or self.archived)

    def settle(self) -> None:
        """Name each path once (in the order first written): a path the run created is reported as created,
        never also as updated; how many times a path was updated, when more than once or after its creation,
        goes to `update_counts`."""
        counts = Counter(self.updated)
        self.created = list(dict.fromkeys(self.created))
        made = set(self.created)
        self.updated = [p for p in dict.fromkeys(self.updated) if p not in made]
        self.update_counts = {p: n for p, n in counts.items() if n > 1 or p in made}
        self.review = list(dict.fromkeys(self.review))
        self.archived = list(dict.fromkeys(self.archived))

    def leave_pending(self, count: int, reason: str, cause: str | None = None) -> None:
        """Count `count` inputs left for the next run, and why (`cause`: what made it so, the first one kept)."""
        if count > 0:
            self.pending += count
            self.pending_reasons[reason] = self.pending_reasons.get(reason, 0) + count
            if cause:
                self.pending_causes.setdefault(reason, cause)

    @property
    def incomplete(self) -> str | None:
        """One line saying what this run left pending and why; None when it finished its work."""
        if self.pending <= 0:
            return None
        unit = _UNITS.get(self.job, "input")
        plural = "" if self.pending == 1 else "s"
        reasons = "; ".join(
            f"{why}: {n}" + (f", {self.pending_causes[why]}" if self.pending_causes.get(why) else "")
            for why, n in self.pending_reasons.items()
        )
        return (
            f"{self.job} run incomplete: {self.pending} {unit}{plural} left pending"
            + (f" ({reasons})" if reasons else "")
            + "; the next run tries again"
        )

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict."""
        out: JSONObject = asdict(self)
        out["incomplete"] = self.incomplete
        out["episodes"] = part_rows(self.episodes)
        return out


def part_rows(rows: list[dict[str, str | None]]) -> list[JSONObject]:
    """The `episodes` rows, each row of an episode read in several parts saying which part it is (`part`, from 1)
    and of how many (`parts`): one episode listed twice with opposite verdicts ("evidence", then "skip") read as
    a contradiction (trial 29 re-check N5). An episode of one row is listed as before."""
    total = Counter(r.get("episode") for r in rows)
    seen: Counter[str | None] = Counter()
    out: list[JSONObject] = []
    for row in rows:
        ep = row.get("episode")
        seen[ep] += 1
        extra: JSONObject = {"part": seen[ep], "parts": total[ep]} if total[ep] > 1 else {}
        out.append({**row, **extra})
    return out


def later_line(days: Mapping[str, object], today: str = "today") -> str:
    """The line for pending episodes of days after today (a day file written in a zone ahead of this
    machine's): `1 episode(s) of 2026-12-07, after today, wait for that day's run; --date 2026-12-07 takes
    them now`. A default daily run takes every day before today only; the daily run and `status` say it.
    `today` names the day ("today in America/Los_Angeles" when `schedule.timezone` names a zone)."""
    n = sum(v for v in days.values() if isinstance(v, int))
    names = list(days)
    if len(names) == 1:
        return f"{n} episode(s) of {names[0]}, after {today}, wait for that day's run; --date {names[0]} takes them now"
    listed = ", ".join(names[:-1]) + f" and {names[-1]}"
    return f"{n} episode(s) of {listed}, after {today}, wait for their days' runs; --date DAY takes a day now"


class GoneRow(TypedDict):
    """A consolidated episode its day file no longer holds, and the notes that keep its text (run_gone)."""

    episode: str
    notes: list[str]


def gone_line(rows: Sequence[GoneRow]) -> str:
    """One line for the run's summary ("" when none)."""
    if not rows:
        return ""
    first = rows[0]
    kept = ", ".join(first["notes"]) or "no note"
    more = f" and {len(rows) - 1} more" if len(rows) > 1 else ""
    return (
        f"{len(rows)} consolidated episode(s) no longer in their day file ({first['episode']}{more}; a section "
        f"deleted or its heading renamed): the notes keep what they told ({kept}); nothing was taken out"
    )
