"""A lesson told in a line is no procedure (trial 29 re-check N3).

"Found the back door unlocked this morning. Nothing missing. Lesson: always lock it twice before leaving." and
"Lesson learned: when we email the supplier about a wrong delivery, always attach a photo of the label" were
written as procedures with no step: a title, a confidence and the sentence as it was told; the second beside the
lesson the daily also made of it (the same sentence twice). A rule on every procedure the shaper leaves without a
step turned passive routines the model is sure of into knowledge (trial 29, 13 right routes wrong); this one is
narrower and reads the text's form, never its words:

- the text labels a sentence as what it learned ("Lesson:", "Lesson learned:", "Takeaway:", 「教訓：」「反省：」
  「学び：」, the German, French and Spanish labels of `lesson_sentences.EU_LABELS`), or
- the text is one sentence and that sentence is no step (`route_no_steps.has_step`, nor a command after a colon or
  a condition: "If the film kinks: cut the leader square, …"),

and, shaped as a procedure, it holds no numbered or bulleted step and no code (`shaped_steps`). Such a text is
knowledge (a labelled one becomes the lesson, `lesson_fold`), never a procedure with no step: a lesson with its
steps in a list stays a procedure.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, sentences
from memdir.consolidation.daily.lesson_sentences import EU_LABELS
from memdir.consolidation.daily.route_no_steps import has_step, shaped_steps

LESSON_LINE_REASON = "a lesson told in a line, no step in it: knowledge, not a procedure"

# a sentence that opens with the label of what was learned, a colon after it
_LESSON_LABEL = re.compile(
    rf"(?i)^\s*(?:[-*+・•]\s*)?(?:\*\*)?(?:lessons? learned|lessons?|takeaways?|{EU_LABELS}|"
    r"教訓|学び|反省点?)\s*(?:\*\*)?\s*[:：]\s*\S"
)
_LABEL_MID = re.compile(
    rf"(?i)(?:^|[.!?。！？]\s*)(?:lessons? learned|lessons?|takeaways?|{EU_LABELS}|教訓|学び|反省点?)\s*[:：]\s*\S"
)


# a command after a colon or an opening condition, whatever its verb ("If the film kinks: cut the leader square, …"):
# `has_step` knows a list of verbs, this reads the form (a bare word, then its object)
_COMMAND_AFTER = re.compile(
    r"(?i)(?:[:：]|^(?:if|when|once|after|before|whenever)\b[^,:;.]{1,60},)\s*(?!(?:i|we|you|he|she|they|it|there|"
    r"this|that|the|a|an|our|my|his|her|their|its)\b)[a-z]+(?<!ed)(?<!ing)\s+(?:the|a|an|it|them|all|each|every|your|"
    r"off|out|up|down|back|in)\b"
)


def labels_a_lesson(body: str) -> bool:
    """Whether a sentence of `body` opens with a lesson's label ("Lesson learned: …", 「反省：…」)."""
    return any(_LESSON_LABEL.match(s) for s in sentences(body)) or any(
        _LABEL_MID.search(ln) for ln in body.splitlines()
    )


def lesson_line(body: str, blocks: list[Block], shaped_text: str, title: str = "") -> bool:
    """A text routed procedures that is a lesson or a fact told in a line: shaped, it holds no step, and it
    labels itself a lesson or is one sentence that is no step (the module's rule)."""
    if shaped_steps(shaped_text):
        return False
    if labels_a_lesson(body):
        return True
    one = sentences(body)
    return len(one) == 1 and not _COMMAND_AFTER.search(one[0].strip()) and not has_step(body, blocks, title)
