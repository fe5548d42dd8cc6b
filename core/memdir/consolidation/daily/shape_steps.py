"""Which parts of a procedure episode are its steps.

- A fenced shell block's commands are steps, one command each, its comments their words (`shape_shell`);
  when an episode has such a block, its bullet lists are notes about the run (what went wrong, a lesson, a
  link), not steps; a numbered list still is.
- A symptom is never a step: an opening line that says what went wrong ("`database is locked` when the
  watcher and the CLI both write", "Docker build failed: libheif missing", 「CIのキャッシュが効いてない」) is
  what the steps are for, so it is read as the lead, not as step 1.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, strip_marker, units
from memdir.consolidation.daily.shape_shell import code_steps

_CHECKBOX = re.compile(r"^\[[ xX]\]\s*")
# a state gone wrong, said of a subject: "X failed", "X is locked", "X panics", 「…が効いてない」
_SYMPTOM = re.compile(
    r"\S\s+(?:\w+\s+)?(?:fail(?:s|ed)?|crash(?:es|ed)?|panic(?:s|ked)?|hangs|hung|froze|freezes|timed out|"
    r"times out|errors? out|(?:shows?|throws?|returns?|gives?)\s+(?:an?\s+)?error|(?:is|are|was|were|got|gets)\s+(?:still\s+)?(?:locked|missing|broken|stuck|down|"
    r"wrong|empty|corrupt(?:ed)?|slow|not\s+\w+)|(?:does|do|did|will|would|can|could)\s*(?:n't|\s+not)\s+\w+|"
    r"won't|can't|not working|stopped working)\b|"
    r"(?:が|は|で)?(?:失敗|エラー|落ちる|落ちた|落ちて|効いてない|効いていない|効かない|動かない|止まる|止まった|"
    r"固まる|固まった|遅い|できない|壊れ|見つからない|表示されない)",
    re.I,
)
# a line that opens with what to do or a label of its own is no symptom ("Check why the build failed")
_NOT_SYMPTOM = re.compile(
    r"^(?:fix|workaround|solution|cause|root cause|lesson|todo|note|ref|see|then|check|run|look|find|verify|"
    r"confirm|make sure|ensure|investigate|if|when|once|after|before|to)\b|^(?:修正|対処|原因|教訓|メモ|参考)",
    re.I,
)


def is_symptom(text: str) -> bool:
    """Whether a line says what went wrong rather than what to do."""
    plain = text.replace("`", "").strip()
    return bool(_SYMPTOM.search(plain)) and not _NOT_SYMPTOM.match(plain)


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
    return split_symptoms(steps)


def split_symptoms(steps: list[str]) -> tuple[list[str], list[str]]:
    """The opening symptom lines apart from the steps that follow them."""
    n = 0
    while n < len(steps) - 1 and is_symptom(steps[n]):
        n += 1
    return steps[:n], steps[n:]
