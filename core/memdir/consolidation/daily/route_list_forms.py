"""Three list forms the model reads the wrong way when it is unsure (routing round 33).

Round 32 left, and `heldout34` showed, lists whose kind their form tells and the model does not:

- **A table keyed by values** ("0.1  small step on landing", "0.3  large step", "1.0  fall"; 「5点　…」) is read
  as numbered steps. Its keys are values of a scale, not the order of actions (1, 2, 3 …), and its entries say
  what a key means, not what to do: GUIDELINES.md, "a numbered or bulleted list is knowledge when its items are
  facts". Three or more lines keyed by a number (with a unit or none) and set off by a wide gap, a dash or a
  bar; not the run 1, 2, 3 …; at most a minority of entries opening with an imperative (`keyed_table`).
- **Ordered fragments** ("door half closed 20 min / push fire to the left, add 3 splits / wait for the dome to go
  white / first pizza test, THEN open") on scrap paper are read as skip: they are a recipe in shorthand
  (GUIDELINES.md: "recipes", "to do X, do A then B"). Four or more short lines with no sentence end, two or more of
  them holding a sequence word or a duration ("then", "wait", "20 min", 「10分」「待つ」「次に」), no box, and no
  one-time word, weekday or clock time (a day's errands) (`ordered_fragments`).
- **A day's list** ("Tomorrow: 1. return the hall key 2. order three mitts …", 「明日の手順　1. 鍵を返す 2. …」) is
  read as steps: a list under a title or a short first line that names the day it is for (today, tomorrow,
  this week; 今日, 明日, 今週) is "to-do lists and errands for today" (GUIDELINES.md: skip) (`day_list`). A list
  whose items are mostly commands ("Run `make build`", "Restart the pods with kubectl", `$ systemctl …`) under
  "Deploy today" is a runbook written on its day, no errand list (routing round 35): half its items or more holding
  a code span, a prompt or a tool's name (`shape_shell.COMMANDS`, less the words that are plain English) and it is
  no day's list.

Round 35 adds a fourth, acting only where the model reads skip below 0.55 (`UNSURE_SKIP`):

- **A table of facts** (a Markdown table: a header, its rule line and two or more rows: halls and how many sets fit
  each, service intervals, two papers compared) the model is unsure to skip is knowledge: GUIDELINES.md,
  "measurements, configuration facts, comparisons". A table with a day's mark in it (a one-time word, a weekday,
  a clock time, a date: a rota, a running order, sales as of 18:00) is left to the model (`fact_table`).

A line wholly in brackets ("(on the back of an order ticket)", 「（宿帳の最後のページ）」) tells where the text was
written, not what it says, and is not counted (`content_lines`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memdir.consolidation.daily.route_cues import IMPERATIVE_VERBS
from memdir.consolidation.daily.shape_shell import COMMANDS, PROMPT

FRAME = re.compile(r"^\s*[(（\[［【].*[)）\]］】]\s*$")
_UNIT = r"(?:%|pts?|points?|°C?|℃|mm|cm|kg|g|点|度|円)"
KEYED = re.compile(
    rf"^[ \t]*(?:[-*•・][ \t]*)?(?P<key>\d+(?:[.,]\d+)?)(?:[ \t]*{_UNIT})?"
    r"(?:[ \t]{2,}|\t|\u3000|[ \t]*[—–=|｜][ \t]*|[ \t]+-[ \t]+)(?P<value>\S.*)$"
)
SEQUENCE = re.compile(
    r"(?i)\b(?:then|wait|until|after|first|next|finally)\b|\b\d+\s*(?:min|mins|minutes|secs?|seconds|hrs?|hours)\b|"
    r"待つ|待って|次に|それから|してから|(?:\d+|[一二三四五六七八九十]+)分|まで"
)
_SENTENCE_END = re.compile(r"[.。!！?？]\s*$")
_DAY = re.compile(
    r"(?i)\b(?:tomorrow|today|tonight|this (?:morning|afternoon|evening|week|weekend))\b|明日|今日|今夜|今晩|今週|明後日"
)
_ITEM = re.compile(r"^[ \t]*(?:\d+[.)、．]|[０-９]+[．.]|[-*•・])[ \t]*\S")
_MARK = re.compile(r"^[ \t]*(?:\d+[.)、．]|[０-９]+[．.]|[-*•・])[ \t]*")
MIN_KEYS = 3  # a table: three keyed lines or more
MIN_FRAGMENTS = 4  # ordered fragments: four lines or more
FRAGMENT_WORDS = 12  # a fragment is short
FRAGMENT_SHARE = 0.75  # most lines are fragments
MIN_SEQUENCE = 2  # lines that hold a sequence word or a duration
_TICKED = re.compile(r"^[ \t]*(?:[-*•・]|\d+[.)])[ \t]*\[[xX✓✔]\]")
MIN_ITEMS = 3  # a day's list: three items or more
HEAD_WORDS = 6  # a title or first line that names the day is short ("Tomorrow (Fri)", 「今日やること」)
HEAD_CHARS = 30
# a tool's name in an item is a command (`kubectl`, `psql`); these names are English words first ("make dinner")
_ENGLISH = frozenset(
    """
    make go cd cat head tail find free kind top source export service kill mount su ip ping dig node ruby bundle
    rake flux vault python java ln ls cp mv rm du df ps oc gh az
    """.split()  # noqa: SIM905 - a word list reads better as text
)
TOOLS = COMMANDS - _ENGLISH
_RULE_LINE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$")
_DATE = re.compile(r"\b\d{1,2}/\d{1,2}\b|\d{1,2}月\d{1,2}日|本日|当日")
MIN_TABLE_ROWS = 2  # a table of facts: two rows or more under its header
_CODE_SPAN = re.compile(r"`[^`\n]+`")


def content_lines(body: str) -> list[str]:
    """The text's non-empty lines, but a line wholly in brackets (where the text was written)."""
    return [ln for ln in body.splitlines() if ln.strip() and not FRAME.match(ln)]


def _first_word(s: str) -> str:
    words: list[str] = re.findall(r"[A-Za-z][\w'-]*", s)
    return (words or [""])[0].lower()


def keyed_table(body: str) -> bool:
    """Whether the text is a table keyed by values of a scale, not numbered steps (see the module)."""
    rows = [m for m in map(KEYED.match, content_lines(body)) if m]
    if len(rows) < MIN_KEYS:
        return False
    keys = [float(m["key"].replace(",", ".")) for m in rows]
    if keys == [keys[0] + i for i in range(len(keys))]:
        return False  # 1, 2, 3 …: the order of actions
    return 2 * sum(_first_word(m["value"]) in IMPERATIVE_VERBS for m in rows) < len(rows)


def ordered_fragments(body: str, errand: Callable[[str], bool]) -> bool:
    """Whether the text is a sequence in shorthand (see the module); `errand` tells a line that is a day's errand
    or a checklist's box (route_own_kind)."""
    lines = content_lines(body)
    if len(lines) < MIN_FRAGMENTS or any(map(errand, lines)):
        return False
    short = [ln for ln in lines if len(ln.split()) <= FRAGMENT_WORDS and not _SENTENCE_END.search(ln)]
    return (
        len(short) >= FRAGMENT_SHARE * len(lines)
        and sum(bool(SEQUENCE.search(x)) for x in lines) >= MIN_SEQUENCE
    )


def _names_day(head: str) -> bool:
    short = len(head.split()) <= HEAD_WORDS and len(head.strip()) <= HEAD_CHARS
    return bool(head.strip()) and short and bool(_DAY.search(head))


def _command_item(line: str) -> bool:
    """An item that runs a command: a code span, a prompt, or a tool's name (`kubectl`, `psql`)."""
    item = _MARK.sub("", line, count=1)
    words = re.findall(r"[A-Za-z][\w.-]*", item)
    return bool(_CODE_SPAN.search(item) or PROMPT.match(item) or TOOLS.intersection(words))


def day_list(title: str, body: str) -> bool:
    """Whether the text is a list for one day, named in its title or a short first line (see the module)."""
    lines = content_lines(body)
    items = [ln for ln in lines if _ITEM.match(ln)]
    if len(items) < MIN_ITEMS:
        return False
    if 2 * sum(map(_command_item, items)) >= len(items):  # a runbook written on its day (round 35)
        return False
    if any(
        _TICKED.match(ln) for ln in lines
    ):  # a ticked run of a checklist: the usage reading's, not a day's list
        return False
    first = lines[0] if lines and not _ITEM.match(lines[0]) else ""
    return _names_day(title) or _names_day(first)


def fact_table(body: str, errand: Callable[[str], bool]) -> bool:
    """Whether the text holds a table of facts (see the module); `errand` tells a line with a day's mark in it
    (route_own_kind)."""
    lines = content_lines(body)
    rules = [i for i, ln in enumerate(lines) if _RULE_LINE.match(ln) and i > 0 and "|" in lines[i - 1]]
    if not rules:
        return False
    rows = 0
    for ln in lines[rules[0] + 1 :]:
        if "|" not in ln:
            break
        rows += 1
    return rows >= MIN_TABLE_ROWS and not any(errand(ln) or _DATE.search(ln) for ln in lines)
