"""A title never writes as its own text a value the steps vary (trial 30 #8).

Requests in two languages are grouped by how alike they read, so a title follows one language's phrasing:
the brewery's two English tour bookings both asked for `at 10:00`, the two Japanese ones for `14:00`, and
the title kept `at 10:00` as constant text above a legend that says `{slot}` was seen as `10:00` and
`14:00`. An agent reading the title books 10:00. The words-of-values test (`title_values.keeps_values`)
reads a value by its letters and digits, and `10:00` is neither a word nor one atom of them: a value the
steps vary that the title's constant text writes whole, and that its own task's request wrote, is kept as
well, and the requests are aligned again with each such value as one mark (`title_values.marked_values`):
`Book the brewery tour on {date} at {slot} for {name}, {party} people`. By form, in any language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from memdir.consolidation.weekly.span_types import Span
from memdir.consolidation.weekly.spans import Template, find_word

MIN_VALUE = 2  # one character (`6` people) is too short to tell a value from the text around it


def writes_step_value(template: Template, step_spans: Sequence[Span], intents: Mapping[str, str]) -> bool:
    """Whether a title template's constant text holds whole a value a varying step placeholder takes, as the
    request of a task with that value wrote it (`at 10:00`, the steps' `{slot}` also `14:00`)."""
    text = template.constant()
    for step in step_spans:
        if len(step.seen()) < 2:
            continue
        for task, value in step.values.items():
            value = value.strip()
            if len(value) >= MIN_VALUE and find_word(intents.get(task, ""), value) and find_word(text, value):
                return True
    return False
