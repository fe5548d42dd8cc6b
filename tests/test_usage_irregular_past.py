"""An act told in the irregular past is the act of the procedure that writes its present ("Sent the reminders the
usual way" of "Send the rent reminders", "Wrote the invoices …" of "Write the monthly invoices"): a stemmer does not
join `sent` and `send`, so such reports were refused as "another act" and never counted (seen by the fix40c helper
on trial 29's re-check root). A letting agency and a bookkeeper; docs/daily.md "Usage reports" 5."""

from __future__ import annotations

from pathlib import Path

import yaml
from test_daily_support import at, e5_memory, run

from memdir.consolidation.daily.route_usage_act import act_differs
from memdir.notes.frontmatter import render_note

META: dict[str, object] = {"confidence": 0.8, "success_count": 0, "failure_count": 0, "origin": "human"}
REMINDERS = (
    "# Send the rent reminders\n\n1. Export the tenants with rent due this week from the ledger.\n"
    "2. Send each tenant a text with the amount and the due date.\n3. Note the date in the tenancy file.\n"
)
INVOICES = (
    "# Write the monthly invoices\n\n1. Open the hours sheet.\n2. Fill the invoice template per client.\n"
)


def test_a_report_in_the_irregular_past_counts_on_the_procedure_of_its_act(root: Path) -> None:
    mem = e5_memory(root)
    path = root / "procedures" / "send-the-rent-reminders.md"
    path.write_text(render_note(dict(META), REMINDERS), encoding="utf-8")
    mem.add_episode(
        "Sent each tenant with rent due their text the usual way this morning.", title="Rent", at=at(9)
    )
    run(mem)
    meta = yaml.safe_load(path.read_text(encoding="utf-8").split("---", 2)[1])
    assert meta["success_count"] == 1, path.read_text(encoding="utf-8")


def test_the_irregular_past_is_the_same_act_and_another_verb_is_still_another() -> None:
    assert act_differs("Wrote the invoices the usual way.", INVOICES, "Write the monthly invoices") == ""
    assert act_differs(
        "Refunded the deposits the usual way.", INVOICES, "Write the monthly invoices"
    ).startswith('another act: report "refunded"')
