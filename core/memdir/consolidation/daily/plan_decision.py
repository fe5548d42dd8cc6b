"""A knowledge part that tells a decision of the house becomes a typed decision note (fix36e, trial 27 #13).

The daily plan (route_plan) asks `told_in` of each knowledge part it would create a note for, or add to a note
of the same subject: when the part's text is a decision (decision_told) and the episode records no lesson (the
lesson step's `draft_lesson`: a failure told with its fix, or a rule "from now on", is a lesson, kept as it was),
the part is written as `memdir decision add` writes a decision (lifecycle/decisions.decision_note), in
`knowledge/decisions/<title>.md`: `status: resolved`, `track_outcome: false` when no follow-up is told (it was
decided; nothing is left to ask); `status: open`, `track_outcome: true` and `follow_up_at` when it is, so
`memdir context` asks how it went on that day and `memdir outcome` resolves it, as for a decision added by hand.
An edited episode replaces its words in the note, and the fields and sections read from them are read again
(`redecided`) unless a person or an outcome changed the note since.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

from memdir.consolidation.daily.decision_told import ToldDecision, told_decision
from memdir.consolidation.daily.lessons_step import draft_lesson
from memdir.lifecycle.decisions import DECISION_DIR, DecisionError, DecisionInput, decision_note

if TYPE_CHECKING:
    from memdir.notes.episodes import Episode
    from memdir.notes.store import NoteStore

# the plan's reasons to add a part to an existing note that a told decision overrules: a decision is a note of
# its own, whatever note is on the same subject (a near-duplicate, an edited episode, a replay keep their way)
JOINS = ("same title and related content", "same subject", "engine chose a related note")
DECISION_REASON = "the episode tells a decision of the house"


def told_in(store: NoteStore, ep: Episode, text: str, day: date, started_at: str) -> ToldDecision | None:
    """The decision the part's `text` tells as its content, unless the episode records a lesson."""
    told = told_decision(text, day)
    if told is None or draft_lesson(store, ep, started_at) is not None:
        return None
    return told


_DECIDED_ON = re.compile(
    r"(?i)^(?:(?:we|the team)\s+(?:have\s+|'ve\s+)?)?(?:decided|agreed|decision)(?:\s+(?:on|to)\b|\s*[:：])\s*"
)  # "We decided to accept the deal" as a title: "Decision: Accept the deal" (trial 29 #7)
_LABEL = re.compile(
    r"^[^\s:：。.、,]{1,12}[:：]\s*"
)  # 「ミーティング：」, "Meeting:": the line's label, no reason


def decision_spec(title: str, text: str, told: ToldDecision, source: str) -> DecisionInput:
    """What the decision note is written from: the part's title and words (the plan masked secrets in both), and
    what was read from them."""
    title = title.removeprefix("Decision: ").removeprefix("Decision:").strip() or told.chosen
    title = (
        _DECIDED_ON.sub("", title).strip() or title
    )  # "Decided on the retry policy": "Decision: Decided on" said twice
    title = title[:1].upper() + title[1:]
    if told.chosen and len(title) > len(told.chosen) and title.rstrip("。.").lower() in text.lower():
        # the title is the told sentence itself (no heading named a subject): what was chosen (trial 28 #11)
        title = told.chosen[:1].upper() + told.chosen[1:]
    chosen = _with_ahead(told)
    options = [*told.alternatives, chosen] if told.alternatives else []
    reasons, costs = (
        r[0] if len(r) == 1 else "\n".join(f"- {x}" for x in r)
        for r in ([_LABEL.sub("", x) for x in told.reasons], told.tradeoffs)
    )
    tracked = told.follow_up is not None
    return DecisionInput(
        title=title,
        options=options,
        chosen=chosen,
        reasons=reasons,
        tradeoffs=costs,
        track_outcome=tracked,
        sources=[source],
        status="open" if tracked else "resolved",
        origin="daily",
        told=text,
        description=f"Decision: {chosen}",
    )


def _with_ahead(told: ToldDecision) -> str:
    """What was chosen with its rule ahead ("…; from now on the second big dog goes to table 2"), trial 28 #4."""
    ja = any("\u3040" <= c <= "\u30ff" for c in told.chosen)
    rules = [a[:1].lower() + a[1:] if not ja and a[:2] != "I " else a for a in told.ahead]
    return ("。" if ja else "; ").join([told.chosen, *rules])


def decision_draft(
    title: str, text: str, told: ToldDecision, source: str, started_at: str
) -> tuple[dict[str, object], str] | None:
    """The frontmatter and body of the decision note (None: one a decision note cannot hold, too long)."""
    try:
        return decision_note(decision_spec(title, text, told, source), told.follow_up, started_at)
    except DecisionError:
        return None


def redecided(body: str, old: str, new: str, day: date) -> tuple[str, dict[str, object], list[str]] | None:
    """The body and frontmatter changes of a daily decision note whose episode now says `new` instead of `old`;
    None when the note is no longer what `old` made of it (a person edited it, an outcome was recorded) or `new`
    tells no decision: then only the words are replaced."""
    title = next((ln[2:].strip() for ln in body.splitlines() if ln.startswith("# ")), "")
    before, after = told_decision(old, day), told_decision(new, day)
    if before is None or after is None:
        return None
    was = decision_draft(title, old, before, "", "")
    now = decision_draft(title, new, after, "", "")
    if was is None or now is None or was[1].strip() != body.strip():
        return None
    keys = ("description", "status", "track_outcome", "options", "chosen")
    changes: dict[str, object] = {k: now[0][k] for k in keys}
    follow = now[0].get("follow_up_at")
    if follow is not None:
        changes["follow_up_at"] = follow
    lead = body[: len(body) - len(body.lstrip("\n"))]  # the blank line under the frontmatter stays
    return (
        lead + now[1],
        changes,
        [] if follow is not None else ["follow_up_at"],
    )  # (body, changes, keys gone)


def decision_path(exists: Callable[[str], bool], slug: str) -> str:
    """`knowledge/decisions/<slug>.md`, `-2`, `-3` … when `exists(path)` says it is taken."""
    candidate, n = f"{DECISION_DIR}/{slug}.md", 2
    while exists(candidate):
        candidate, n = f"{DECISION_DIR}/{slug}-{n}.md", n + 1
    return candidate
