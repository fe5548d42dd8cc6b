"""The review queue of a root kept in Git with `git.autocommit` on: each decision is one commit.

`review accept` and `review reject` write notes outside any run (a merged section, the item moved to
`archive/review/`, the archive log); with autocommit on, a person who only ever runs memdir verbs
finds the work tree clean after them, as after a run (trial 18). `Memory.review` hands this out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from memdir.lifecycle.review import ReviewDecision, ReviewQueue
from memdir.runs.gitcommit import commit_verb

if TYPE_CHECKING:
    from memdir.notes.store import NoteStore

_WRITES = ("target", "destination", "written")  # the keys of a decision that name a file it wrote


class CommittedReviewQueue(ReviewQueue):
    """A ReviewQueue whose accept and reject are committed (`autocommit`: `git.autocommit`)."""

    def __init__(self, store: NoteStore, autocommit: bool) -> None:
        super().__init__(store)
        self.autocommit = autocommit

    def accept(self, item_id: str) -> ReviewDecision:
        """ReviewQueue.accept, then one commit of what it wrote (autocommit on, in a Git work tree)."""
        act = super().accept
        return commit_verb(self.root, self.autocommit, lambda: act(item_id), _what("accepted"))

    def reject(self, item_id: str) -> ReviewDecision:
        """ReviewQueue.reject, then one commit of the item's move to the archive."""
        act = super().reject
        return commit_verb(self.root, self.autocommit, lambda: act(item_id), _what("rejected"))


def _what(verb: str) -> Callable[[ReviewDecision], tuple[str, list[str]]]:
    """The commit message and paths of one decision (`verb`: accepted or rejected)."""

    def describe(d: ReviewDecision) -> tuple[str, list[str]]:
        item = f"review/{d['id']}.md"
        fields = cast("dict[str, object]", d)
        written = [v for k in _WRITES if isinstance(v := fields.get(k), str)]
        paths = [item, d["archived"], "archive/archive-log.jsonl", *written]
        head = f"memdir review: {verb} {d['id']} ({d['kind']}{' -> ' + written[0] if written else ''})"
        return head + "\n\n" + "\n".join(f"- {p}" for p in paths) + "\n", paths

    return describe
