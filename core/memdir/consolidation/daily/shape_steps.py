"""Which parts of a procedure episode are its steps.

- A fenced shell block's commands are steps, one command each, its comments their words (`shape_shell`);
  when an episode has such a block, its bullet lists are notes about the run (what went wrong, a lesson, a
  link), not steps; a numbered list still is.
- A note of bullets (an item labelled `TODO:`, `fix:`, `ref:`, a link, an opening symptom) or of commands (a
  fenced shell block, pasted shell history) has no steps the person counted: its description never counts
  them. Steps the person numbered or listed (an ordered list, told lines, plain bullets of steps) keep the
  span `N steps, from … to …` (`counted`).
- A symptom is never a step: an opening line that says what went wrong ("`database is locked` when the
  watcher and the CLI both write", "Docker build failed: libheif missing", 「CIのキャッシュが効いてない」) is
  what the steps are for, so it is read as the lead, not as step 1.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, sentences, split_blocks, strip_marker, units
from memdir.consolidation.daily.route_cues import IMPERATIVE_VERBS, first_word
from memdir.consolidation.daily.shape_cols import width
from memdir.consolidation.daily.shape_shell import code_steps, shell_steps

_CHECKBOX = re.compile(r"^\[[ xX]\]\s*")
# what marks a bullet as a note rather than a step: a label, a link ("upstream issue: https://…")
_NOTE_ITEM = re.compile(
    r"^(?:todo|fix(?:ed)?|ref|see|also|decision|workaround|lesson|cause|upstream(?:\s+\w+)?|issue|pr|docs?)\s*[:：]|"
    r"^(?:note|memo|メモ|参考|教訓|原因|対処|修正|決定)\s*[:：]|https?://",
    re.I,
)
# a state gone wrong, said of a subject: "X failed", "X is locked", "X panics", 「…が効いてない」
_SYMPTOM = re.compile(
    r"[\w`'\")\]]\s+(?:\w+\s+)?(?:fail(?:s|ed)?|crash(?:es|ed)?|panic(?:s|ked)?|hangs|hung|froze|freezes|timed out|"
    r"times out|errors? out|(?:shows?|throws?|returns?|gives?)\s+(?:an?\s+)?error|(?:is|are|was|were|got|gets)\s+(?:still\s+)?(?:locked|missing|broken|stuck|down|"
    r"wrong|empty|corrupt(?:ed)?|slow|not\s+\w+)|(?:does|do|did|will|would|can|could)\s*(?:n't|\s+not)\s+\w+|"
    r"won't|can't|not working|stopped working)\b|"
    r"(?:が|は|で)?(?:失敗|エラー|落ちる|落ちた|落ちて|効いてない|効いていない|効かない|動かない|止まる|止まった|"
    r"固まる|固まった|遅い|できない|壊れ|見つからない|表示されない)(?!の[をがで]|まで|よう|ため|前|場合|とき|時|たら|と)",
    re.I,
)
_DONE = re.compile(
    r"(?:i|we)\s+(?!(?:can|could|still|keep|kept|get|got|don|didn|won|am|was|were)\b)\w+", re.I
)
# a line that opens with what to do or a label of its own is no symptom ("Check why the build failed")
_NOT_SYMPTOM = re.compile(
    r"^(?:fix|workaround|solution|cause|root cause|lesson|todo|note|ref|see|then|check|run|look|find|verify|"
    r"confirm|make sure|ensure|investigate|if|when|once|after|before|to)\b|^(?:修正|対処|原因|教訓|メモ|参考)|"
    r"(?:たら|なら|場合|とき)|"  # 「エラーが出たら再起動」 is a step with its condition
    r"\bso (?:that )?(?:it|they|you|we|nothing)\b",  # "whisk it in so it doesn't clump": what a step avoids
    re.I,
)


def is_symptom(text: str) -> bool:
    """Whether a line says what went wrong rather than what to do: one sentence ("E-17 means the flame failed.
    Switch off at the panel." is a step), not opening with a verb of doing ("Restart it when it hangs")."""
    plain = text.replace("`", "").strip()
    before, _, said = plain.partition(":")  # "For one batch: heat the milk" is a step
    if len(sentences(plain)) > 1 or width(plain) > 80 or first_word(plain) in IMPERATIVE_VERBS:
        return (
            False  # a symptom is said short; "I cloned the repo and ran npm install, which failed" is a step
        )
    if _DONE.match(plain):
        return False
    if said and first_word(said) in IMPERATIVE_VERBS and not _SYMPTOM.search(before):
        return False
    return bool(_SYMPTOM.search(plain)) and not _NOT_SYMPTOM.search(plain)


def _item(unit: str) -> str:
    return _CHECKBOX.sub("", strip_marker(unit))


def list_steps(blocks: list[Block]) -> tuple[list[str], list[str]]:
    """(symptoms, steps) of a procedure written as lists and fenced blocks, in the order written."""
    coded = {i: code_steps(b.text) for i, b in enumerate(blocks) if b.kind == "code"}
    commands = any(coded.values())
    steps: list[str] = []
    for i, b in enumerate(blocks):
        if b.kind == "code":
            steps += coded[i]
        elif b.kind == "list" and (b.ordered or not commands):
            steps += [_item(u) for u in units(b)]
    if any(b.kind == "list" and b.ordered for b in blocks):
        return [], steps  # a step the person numbered is a step ("回転が落ちるのを待つ")
    return split_symptoms(steps)


def split_symptoms(steps: list[str]) -> tuple[list[str], list[str]]:
    """The opening symptom lines apart from the steps that follow them."""
    n = 0
    while n < len(steps) - 1 and is_symptom(steps[n]):
        n += 1
    return steps[:n], steps[n:]


def counted(written: str, blocks: list[Block]) -> bool:
    """Whether the person numbered or listed the steps: an ordered list of their own (not pasted shell history
    that `shell_steps` numbered), steps told in lines, or plain bullets of steps. Not a note of bullets (a
    label, a link, an opening symptom) nor one of commands (a fenced shell block, pasted shell history)."""
    if any(b.kind == "list" and b.ordered for b in split_blocks(written)):
        return True
    if (
        any(b.kind == "code" and code_steps(b.text) for b in blocks)
        or shell_steps(written).strip() != written.strip()
    ):
        return False
    items = [_item(u) for b in blocks if b.kind == "list" for u in units(b)]
    return not (any(_NOTE_ITEM.search(i) for i in items) or (items and is_symptom(items[0])))


def shown(body: str, blocks: list[Block], steps: list[str]) -> bool:
    """Whether a procedure's note shows the `steps` its description would count: one step or none (said
    whole, never counted), the episode's own lists or code, or its prose numbered in the note's `body`.
    Prose kept as paragraphs (no step in it, a long letter) has no "N steps" to count (trial 18 #7: a pasted
    mail described as `3 steps, from … to …` with none in its body)."""
    if len(steps) < 2 or any(b.kind in ("list", "code") for b in blocks):
        return True
    return any(b.kind == "list" and b.ordered for b in split_blocks(body))


def labelled(blocks: list[Block]) -> bool:
    """A note of bullets, one or more of them labelled (`TODO:`, `fix:`, `ref:`, 「メモ：」), with no numbered
    list and no fence: described by what it holds."""
    listed = [b for b in blocks if b.kind == "list"]
    if any(b.ordered for b in listed) or any(b.kind == "code" for b in blocks):
        return False
    return any(_NOTE_ITEM.search(_item(u)) for b in listed for u in units(b))
