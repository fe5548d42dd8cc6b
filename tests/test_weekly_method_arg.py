"""A `method` argument keeps its key unless it names the call itself.

A payment's `{"method": "bank-transfer"}` is an argument: the step said a bare `bank-transfer` (set 30's marquee
week: `take_deposit: booking_id=… percent=30 stripe-link`), and an agent could not tell what it was for. An HTTP
verb (`{"method": "GET", "url": …}`) and a JSON-RPC method (`tools/call`) still name the call.
Domain other than set 30's: a veterinary clinic settling an invoice, logged as plain `tool_call` events.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from test_weekly_run import WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.distill import distil_builtin
from memdir.consolidation.weekly.steps import input_text
from memdir.consolidation.weekly.tasks import group_tasks


def _settle(tid: str, at: int, asked: str, invoice: str) -> list[dict[str, Any]]:
    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            {"type": "tool_call", "tool": "find_invoice", "args": {"invoice": invoice}},
            {"type": "tool_call", "tool": "take_payment",
             "args": {"invoice": invoice, "method": "bank-transfer", "reference": "VET-CLINIC"}},
            {"type": "task_end", "outcome": "success"},
        ],
    )  # fmt: skip


def test_a_payment_method_keeps_its_key(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _settle("v1", 0, "Please settle the invoice for Biscuit's vaccination", "INV-3301")
        + _settle("v2", 1, "Can you close out the bill for Luna's dental clean?", "INV-3318")
        + _settle("v3", 2, "Settle Max's surgery invoice by transfer", "INV-3342")
    )
    tasks = group_tasks(mem.activity.read())
    draft = distil_builtin(tasks, np.eye(len(tasks), dtype=np.float32))
    body = "\n".join(draft.steps)
    assert "method=bank-transfer" in body, body


def test_a_method_that_names_the_call_stays_bare() -> None:
    assert (
        input_text({"method": "GET", "url": "https://api.example.org/pets/7"})
        == "GET https://api.example.org/pets/7"
    )
    assert input_text({"method": "tools/call", "id": 4}).startswith("tools/call")
    assert input_text({"method": "card", "amount": 40}) == "method=card amount=40"
