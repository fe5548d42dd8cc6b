"""A task of a cluster too small to be a kind, moved into a kind that takes it (split out of `agreement.py`)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memdir.consolidation.weekly.agreement import StepAgreement, Work
from memdir.consolidation.weekly.clustering import allowed
from memdir.consolidation.weekly.features import TaskFeatures


def rehome(
    agreement: StepAgreement,
    groups: dict[int, list[int]],
    work: Sequence[tuple[int, Work]],
    feats: TaskFeatures,
    thr: float,
    tags: np.ndarray,
    low: int,
) -> None:
    """Move a task of a cluster too small to be a kind (< `low` tasks) into a kind that takes it.

    Complete linkage merges the closest pair first: a one-off that reads like one member of a kind
    pairs with it before the kind can take it (held-out `bo-room-1` with a request cancelling its
    room: both requests' words were all the week's slots). The task moves when it is alike to every
    member of a cluster of 2+ (similarity at the threshold, as complete linkage asks; tags allowing)
    AND agrees on the steps with each member at least as well as the members agree among themselves:
    a one-off that only reads alike (`keiri`'s `kr-odd-2`, step agreement 0.53 with the approvals,
    which agree at 1.0) stays. `groups` (label -> indexes; `work[i]` is (row, the task's work)) is
    changed in place.
    """

    def layout() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        index = [(lab, m) for lab, members in groups.items() for m in members]
        labels = np.array([lab for lab, _ in index], dtype=np.int64)
        rows = np.array([work[m][0] for _, m in index], dtype=np.int64)
        sizes = np.bincount(labels, minlength=max(groups, default=0) + 1)
        return labels, rows, sizes

    labels, rows, sizes = layout()
    for label in sorted(groups):
        for i in list(groups[label]):
            own = groups[label]
            if len(own) >= low:
                break
            row, mine = work[i]
            alike = feats.block(row, row + 1)[0]  # one row against all rows, once
            lowest = np.full(len(sizes), np.inf)
            np.minimum.at(lowest, labels, alike[rows])  # each cluster's least alike member
            ok = (lowest >= thr) & (sizes >= max(2, len(own)))
            ok[label] = False
            to = -1
            for other in sorted(np.flatnonzero(ok).tolist(), key=lambda g: -lowest[g]):
                members = groups[other]
                theirs = np.array([work[m][0] for m in members])
                if not np.all(allowed(tags[[row]], tags[theirs])):
                    continue
                agree = agreement.agreement([mine, *(work[m][1] for m in members)])
                if agree[0, 1:].min() >= agree[1:, 1:].min():
                    to = int(other)
                    break
            if to >= 0:
                own.remove(i)
                groups[to].append(i)
                labels, rows, sizes = layout()
    for label in [k for k, v in groups.items() if not v]:
        del groups[label]
