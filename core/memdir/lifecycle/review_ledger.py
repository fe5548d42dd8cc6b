"""The review ledger: every key ever raised, so the same candidate is never proposed twice.

A key is kept as the ledger's file stores it (its JSON is masked when saved), and so is the item id
made from it: raising the same key again finds it, whatever secret-like text the key holds.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TypedDict, cast

from memdir.masked_refs import stored_ref
from memdir.runs.redact import redact_text
from memdir.runs.state import JsonState


def item_id_for(key: str, length: int = 8) -> str:
    """A short stable id derived from the key: `rv-` + hex of sha256(key), of the key as the ledger keeps it."""
    return "rv-" + hashlib.sha256(ledger_key(key).encode("utf-8")).hexdigest()[:length]


def ledger_key(key: str) -> str:
    """A review key as the ledger stores it (masked when saved), so it is found again when raised again."""
    return stored_ref(redact_text(key))


class ReviewKeyRecord(TypedDict, total=False):
    """The ledger's entry for one review key (raised once, ever)."""

    id: str
    path: str
    status: str  # open | accepted | rejected
    raised_at: str
    decided_at: str


class ReviewLedger(JsonState):
    """Every review key ever raised: key -> {id, path, status, raised_at}."""

    def __init__(self, root: Path) -> None:
        super().__init__(root / ".memdir" / "state" / "review.json")
        keys = self.data.get("keys")
        self.data["keys"] = {stored_ref(k): v for k, v in (keys if isinstance(keys, dict) else {}).items()}

    @property
    def keys(self) -> dict[str, ReviewKeyRecord]:
        """The key -> entry map."""
        return cast(dict[str, ReviewKeyRecord], self.data["keys"])
