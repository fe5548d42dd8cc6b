"""What a list says it is: a text that calls itself no procedure, facts on labelled lines, a checklist (round 32).

`heldout33` and trial 28 found three shapes GUIDELINES.md labels one way and the model reads another:

- a text that names its own kind as not a procedure ("Not a how-to, just what I learned", 「これは手順書じゃなくて…」,
  「手順書というより心構えの話」) was filed as a procedure. The writer's word on what the text is decides: knowledge,
  however sure the model is (`disowns_procedure`).
- standing facts written as labelled lines (opening hours, a Wi-Fi name, where the gas shut-off is, who to call
  out of hours: "Gas shut-off: red handle behind the flour sacks", 「ガスの元栓：勝手口横の黄色いレバー」) were read as
  procedures. GUIDELINES.md: "a numbered or bulleted list is knowledge when its items are facts …, not actions
  to perform in order". A line is such a fact when it is `label: value`, the label a short name (not an
  instruction: "Walk round: …") and the value no instruction (no imperative opening, no Japanese verb ending).
  Acts where the model reads procedures with less than `route_fact.UNSURE_FACT_SKIP` (`lists_facts`).
- a checklist of checks (`- [ ] Brine tank level above half`, `☐ …`) was read as skip: GUIDELINES.md lists
  "checklists" under procedure and "to-do lists and errands for today" under skip. A list of four or more unticked
  boxes with no item ticked (a ticked list reports a day's work) and no one-time word ("tomorrow", a weekday, 明日)
  is a checklist; it acts where the model reads skip with less than `UNSURE_FACT_SKIP` (`is_checklist`).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_cues import IMPERATIVE_VERBS
from memdir.consolidation.daily.route_fact import UNSURE_FACT_SKIP
from memdir.consolidation.daily.route_list_forms import (
    content_lines,
    day_list,
    fact_table,
    keyed_table,
    ordered_fragments,
)
from memdir.consolidation.daily.route_standing import ONE_TIME

# the text names itself (this, these notes, what follows) as no procedure, or opens a line saying so
_KINDS_EN = (
    r"(?:how-?to|procedure|runbook|step-by-step(?: guide)?|set of (?:steps|instructions)|list of steps|sop)"
)
_SELF_EN = r"(?:this|these|it|what follows|the following|below|this (?:note|page|list|memo)|these notes)"
DISOWNED_EN = re.compile(
    rf"\b{_SELF_EN}\s+(?:is|are)(?:n['’]t|\s+not)\s+(?:really\s+|meant as\s+|supposed to be\s+)?(?:an?\s+)?{_KINDS_EN}\b|"
    rf"^[ \t>*_-]*(?:\*\*)?not\s+an?\s+{_KINDS_EN}\b|"
    rf"\b(?:rather|more)\s+(?:of\s+)?(?:an?\s+)?[\w-]+(?:\s+[\w-]+)?\s+than\s+an?\s+{_KINDS_EN}\b|"
    rf"\bnot so much an?\s+{_KINDS_EN}\b",
    re.I | re.M,
)
_KINDS_JA = r"(?:手順書|手順|マニュアル|ハウツー|作業手順|やり方の説明)"
DISOWNED_JA = re.compile(
    r"(?:これは|このメモは|このノートは|この記録は|以下は|ここ(?:に書くの)?は|今回のは)\s*(?:[^。、\n]{0,8}の)?"
    + _KINDS_JA
    + r"(?:じゃなく|ではなく|じゃない|ではない|ではありません|というより)"
)


def disowns_procedure(body: str) -> bool:
    """Whether the text says of itself that it is no procedure (see the module)."""
    return bool(DISOWNED_EN.search(body) or DISOWNED_JA.search(body))


# `label: value` on one line, the label a short name (a list mark and bold allowed before it)
_LABELLED = re.compile(
    r"^[ \t]*(?:[-*•・][ \t]*)?(?:\*\*)?(?P<label>[^:：\n]{1,40}?)(?:\*\*)?[ \t]*[:：][ \t]*(?P<value>\S.*)$"
)
_PARENS = re.compile(r"[(（][^)）]*[)）]")
_JA_VERB_END = re.compile(r"(?:する|して|しない|ください|こと|[るうくすつむぶぐ])[。.]?$")
# a label that names a phase of a sequence (GUIDELINES.md: "not actions to perform in order")
_PHASE = re.compile(
    r"(?i)^(?:before|after)(?![\w-])|^(?:first|then|next|last|finally|afterwards|beforehand)$|^the (?:day|night) before|"
    r"^on the day|"
    r"^(?:前日|当日|翌日|前夜|翌朝|最初|次|最後|事前|事後|直前|直後)|(?:前|後|朝|夜|目)$"
)
# なら as "if", not 「ならない」 (must not: a rule, routing round 33)
_CONDITION = re.compile(r"(?i)\b(?:if|when|unless|until)\b|なら(?!ない|ず|ぬ)|たら|れば|場合は|まず|次に")
_CHECKBOX = re.compile(r"^[ \t]*(?:[-*][ \t]*)?(?:\[[ \t]\]|☐|□)[ \t]*\S")
_TICKED = re.compile(r"^[ \t]*(?:[-*][ \t]*)?(?:\[[xX✓]\]|☑|✓|✔)")
_WEEKDAY = re.compile(
    r"(?i)\b(?:mon|tues|wednes|thurs|fri|satur|sun)day'?s?\b|[月火水木金土日]曜|\b\d{1,2}:\d\d\b|\d{1,2}時(?!間)"
)
UNSURE_SKIP = 0.55  # router.UNSURE_SKIP: a skip below this is one the model is unsure of
MIN_LINES = 3  # a list of facts or checks: three lines or more
MIN_CHECKS = 4  # a checklist: four boxes or more (a day's two or three errands are a to-do)
FACT_SHARE = 2 / 3  # most lines are labelled facts
LABEL_WORDS = 5  # a label names a thing in a few words ("First aid kit + burns gel")


def _words(s: str) -> list[str]:
    return re.findall(r"[A-Za-z][\w'-]*", s)


def _first(s: str) -> str:
    return (_words(s) or [""])[0].lower()


def _label(line: str) -> str:
    m = _LABELLED.match(line)
    return _PARENS.sub("", m["label"]).strip().lower() if m else ""


def _fact_line(line: str) -> bool:
    m = _LABELLED.match(line)
    if not m or _CHECKBOX.match(line):
        return False
    label, value = _PARENS.sub("", m["label"]).strip(), m["value"].strip()
    # "Step 1: …", "T-10 min: …", 「60分前：…」, a link, a log's time; "if …": a rule to act on
    if not label or re.search(r"\d|^https?$|^\[", label) or _CONDITION.search(value):
        return False
    words = _words(label)
    if len(words) > LABEL_WORDS or (not words and len(label) > 12):
        return False
    if _first(label) in IMPERATIVE_VERBS or _first(value) in IMPERATIVE_VERBS:
        return False  # "Walk round: …", "Oven: preheat to 200"
    return not _JA_VERB_END.search(_PARENS.sub("", value).strip())


def lists_facts(body: str) -> bool:
    """Whether most lines of the text are labelled facts, three or more (see the module); a line wholly in
    brackets, where the text was written, is not counted (round 33)."""
    lines = content_lines(body)
    facts = sum(_fact_line(ln) for ln in lines)
    labels = [x for x in map(_label, lines) if x]
    if len(set(labels)) < len(labels):
        return False  # a label said twice is a speaker or a column: a chat, a log, questions and answers
    if any(_PHASE.search(x) for x in labels):
        return False  # 「前日：…」「当日朝：…」, "The night before: …": actions in order, not facts
    return facts >= MIN_LINES and facts >= FACT_SHARE * len(lines)


def _errand_or_box(line: str) -> bool:
    """A day's errand (a one-time word, a weekday, a clock time) or a checklist's box: no ordered fragment."""
    return bool(_CHECKBOX.match(line) or ONE_TIME.search(line) or _WEEKDAY.search(line))


def is_checklist(body: str) -> bool:
    """Whether the text is a checklist of checks, not a day's to-do list (see the module)."""
    lines = [ln for ln in body.splitlines() if ln.strip()]
    boxes = [ln for ln in lines if _CHECKBOX.match(ln)]
    if len(boxes) < MIN_CHECKS or any(_TICKED.match(ln) for ln in lines):
        return False
    return not any(ONE_TIME.search(ln) or _WEEKDAY.search(ln) for ln in boxes)


def own_kind(kind: str, proba: float, body: str, title: str = "") -> tuple[str, str]:
    """The model's `kind` (read with `proba`) after what the text says it is, and the rule's name ('' when none
    acts): no procedure by its own word, facts on labelled lines, a checklist (see the module); a table keyed by
    values, ordered fragments, a day's list (route_list_forms, round 33); a table of facts on an unsure skip (round 35)."""
    if kind == "procedures" and disowns_procedure(body):
        return "knowledge", "own_kind"
    if kind == "procedures" and proba < UNSURE_FACT_SKIP:
        if lists_facts(body):
            return "knowledge", "fact_lines"
        if keyed_table(body):
            return "knowledge", "keyed_table"
        if day_list(title, body):
            return "skip", "day_list"
    if kind == "skip" and proba < UNSURE_FACT_SKIP and is_checklist(body):
        return "procedures", "checklist"
    if kind == "skip" and proba < UNSURE_SKIP:  # round 33: only where the model is unsure of its skip
        if lists_facts(body):
            return "knowledge", "fact_lines"
        if ordered_fragments(body, _errand_or_box):
            return "procedures", "fragments"
        if fact_table(body, _errand_or_box):  # round 35
            return "knowledge", "fact_table"
    return kind, ""
