"""A weekly procedure in an agent's context keeps its placeholders' legend before its provenance (trial 21
re-check N1: at `--budget 600` the cut fell on the one legend line that says a value is what step 2 returns)."""

from __future__ import annotations

from memdir.agents.context import ContextItem

BODY = """# Book a piano tuning

Distilled (builtin) from 4 successful tasks in the activity log, week 2026-W48.

## Steps

1. find_customer: `phone={phone}`
2. create_tuning: `customer_id={customer_id} piano.kind={kind} slot={slot}`
3. send_sms: `to={phone} template=tuning_booked_v2 vars.booking={booking_id}`

## Placeholders

- `{phone}`: a phone number, different between the tasks (4 values seen)
- `{customer_id}`: the `customer_id` that step 1 (`find_customer`) returns
- `{kind}`: a word, different between the tasks (4 values seen)
- `{slot}`: a time, different between the tasks (4 values seen)
- `{booking_id}`: the `booking_id` that step 2 (`create_tuning`) returns

Tools used: `find_customer`, `create_tuning`, `send_sms`
"""


def test_the_last_placeholder_legend_survives_a_tight_excerpt() -> None:
    item = ContextItem("procedures/book-a-piano-tuning.md", "How to book a piano tuning", 0.4, BODY)
    shown = item.render(with_body=True, max_body=560)
    assert "{booking_id}`: the `booking_id` that step 2 (`create_tuning`) returns" in shown
    assert "Distilled (builtin)" not in shown and "Tools used" not in shown
    assert "values seen" not in shown
    assert "3. send_sms: `to={phone} template=tuning_booked_v2 vars.booking={booking_id}`" in shown
