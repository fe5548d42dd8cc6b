"""The structured content of each tool's result (TypedDicts: the SDK publishes them as output schemas)."""

from __future__ import annotations

from typing_extensions import TypedDict  # pydantic needs it below Python 3.12 (nested TypedDicts)


class Hit(TypedDict):
    """One search hit."""

    path: str
    score: float
    description: str
    snippet: str
    kind: str | None
    title: str
    confidence: float | None
    tags: list[str]
    anchor: str | None
    relevant: bool
    words: float
    cosine: float | None
    title_words: float
    rankers: list[str]


class SearchResult(TypedDict):
    """Hits above the relevance floor, best first; `message` says when nothing matched, or when more
    relevant notes rank below the top k (under weak ones): `hints` are its parts after "no note matched",
    `unreadable` the files memdir cannot read, in no result (`memdir lint` says why)."""

    query: str
    hits: list[Hit]
    message: str
    hints: list[str]
    unreadable: list[str]


class NoteResult(TypedDict):
    """One note (or one episode) as stored."""

    path: str
    kind: str | None
    title: str
    description: str
    tags: list[str]
    confidence: float | None
    text: str
    warning: str | None  # what to fix by hand (frontmatter, a merge conflict), and that the text was cut
    total_chars: int  # characters of the whole text
    next_offset: int | None  # the text was cut: pass this as `offset` to read on


class ContextResult(TypedDict):
    """The context block for a prompt."""

    text: str
    tokens: int
    budget: int


class EpisodeResult(TypedDict):
    """Where an episode was written."""

    id: str
    file: str
    anchor: str
    title: str
    warning: str | None  # a secret the text held was masked: the agent is told, not only the server's log


class EventResult(TypedDict, total=False):
    """The activity event as appended to the log."""

    ts: str
    type: str
    task_id: str | None
    summary: str | None
    tool: str | None
    input: str | dict[str, object] | list[object] | None
    outcome: str | None
    error: str | None
    procedure: str | None
    agent: str | None
    session: str | None


class FeedbackResult(TypedDict):
    """A procedure's counts and confidence after an outcome report."""

    path: str
    success_count: int
    failure_count: int
    confidence: float
    previous_confidence: float | None
    warning: str | None  # a secret the note held was masked


class ReviewItem(TypedDict):
    """One open review item."""

    id: str
    kind: str
    target: str
    similarity: float | None
    description: str
    path: str


class ReviewList(TypedDict):
    """Open review items, oldest first."""

    items: list[ReviewItem]


class DecisionResult(TypedDict):
    """The decision note written."""

    path: str
    warning: str | None  # a secret was masked


class DecisionRow(TypedDict):
    """One decision note: its status and when to ask how it went."""

    path: str
    title: str
    status: str
    chosen: str
    follow_up_at: str | None
    due: bool


class DecisionList(TypedDict):
    """Decision notes (only those due for a follow-up when asked)."""

    decisions: list[DecisionRow]


class OutcomeResult(TypedDict):
    """The decision after its outcome was recorded; `lesson` is the lesson a failure wrote."""

    path: str
    status: str
    outcome: str
    follow_up_at: str | None
    lesson: str | None
    warning: str | None  # a secret was masked
