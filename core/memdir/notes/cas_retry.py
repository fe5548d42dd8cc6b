"""The compare-and-swap retry: read, compute, write guarded by the hash read; on a race, wait and read again.

A write guarded by `expected_hash` raises ConflictError when another writer (another report, a person's
save) changed the note in between. The step is then run again from its read, after a short random wait that
grows with each attempt, at most CAS_ATTEMPTS times; the last conflict is raised. Used by feedback
(`lifecycle/feedback.py`), a procedure found again (`lifecycle/refound.py`) and the weekly run's known
failures (`consolidation/weekly/known_more.py`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

from memdir.errors import ConflictError

CAS_ATTEMPTS = 12

T = TypeVar("T")


def retry_on_conflict(step: Callable[[], T], attempts: int = CAS_ATTEMPTS) -> T:
    """`step()`'s result, run again from its read after each ConflictError; the last conflict is raised."""
    for attempt in range(attempts):
        try:
            return step()
        except ConflictError:
            if attempt == attempts - 1:
                raise
            time.sleep(random.uniform(0.005, 0.05) * (attempt + 1))  # another writer won the race: re-read
    raise ValueError(f"retry_on_conflict needs at least one attempt, not {attempts}")
