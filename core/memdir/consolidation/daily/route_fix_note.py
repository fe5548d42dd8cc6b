"""A fix note: a problem and what fixed it, kept as knowledge even when the model reads it as skip (trial 13).

`- database is locked when the watcher and the CLI both write` / `- fix: PRAGMA journal_mode=WAL; +
busy_timeout 5000` / `- ref: https://…` was skipped at p=0.45-0.50 ("read as nothing to keep"), and so
was an EXIF bug "fixed in src/exif.rs, see …/pull/12": terse bullets without a verb read like status
chatter to the model, yet a symptom with its fix is the fact a person looks up the next time it
happens (daily.md: lessons, decisions and facts go to `knowledge/`). Like a stated decision
(`route_skip_rules.STATED_DECISION`), a text the model reads as skip is knowledge when it records a fix:

- what fixed it, as a label at the start of a line (`fix:`, `workaround:`, `solution:`, `root cause:`,
  「対処：」「回避策：」「原因：」) or told ("fixed in/by …", 「〜で直った」, `lesson_text.REMEDY`), and
- the problem it fixed, in a failure or symptom word ("failed", "error", "locked", "panics", "missing",
  "doesn't work", 「動かない」「表示されない」) in the fix's own line or sentence or one of the two
  before it (a status report's "queue back down" three sentences earlier is no symptom of its
  "printer fixed by IT").

Either alone is not enough: "fix: typo in the README" names no problem, "the build is broken" no fix.
A change log ("New: … / Fixed: … / 修正：…", two change lines or more) lists changes, not one fix.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_remedy import REMEDY
from memdir.consolidation.daily.lesson_sentences import sentences

FIX_LABEL = re.compile(
    r"(?i)^[ \t]*(?:[-*•・][ \t]*|\d+[.)][ \t]*)?(?:\*\*)?"
    r"(?:fix|the fix|workaround|solution|root cause|cause|対処|対策|対応策|回避策|原因|解決策)"
    r"(?:\*\*)?[ \t]*[:：](?:\*\*)?\s*\S"
)
PROBLEM = re.compile(
    r"(?i)\b(?:fail(?:ed|s|ing|ure)?|errors?|broke|broken|wrong|crash(?:ed|es|ing)?|corrupt(?:ed)?|timed out|"
    r"froze|frozen|jammed|leak(?:s|ed|ing)?|panics?|panicked|locked|missing|hangs?|hung|slow|stuck|"
    r"not working|(?:doesn't|does not|don't|won't|can't|cannot|couldn't|didn't) "
    r"(?:work|start|load|open|build|run|find|print|connect)|exception|traceback|segfault|deadlock)\b|"
    r"失敗|エラー|落ちた|落ちる|止まった|止まる|不具合|故障|壊れ|動かない|開かない|起動しない|"
    r"されない|できない|遅い|固まる|詰まり|詰まる"
)
# a change log or release notes: "New: … / Fixed: … / 修正：…" lines list changes, they record no one fix
CHANGE_LINE = re.compile(
    r"(?im)^[ \t]*(?:[-*•・][ \t]*|#+[ \t]*)?(?:\*\*)?(?:added|new|improved|changed|removed|fixed|deprecated|"
    r"security|追加|新機能|改善|変更|修正|削除)(?:\*\*)?[ \t]*(?:[:：]|$)"
)
NEAR = 2  # the problem is told in the fix's own line or sentence, or in one of the NEAR before it


def records_a_fix(body: str) -> bool:
    """Whether `body` states a problem and what fixed it (see the module's docstring)."""
    if len(CHANGE_LINE.findall(body)) >= 2:
        return False
    units = [u for line in body.splitlines() for u in (sentences(line) or [line]) if u.strip()]
    for i, unit in enumerate(units):
        near = units[max(0, i - NEAR) : i + 1]
        if (FIX_LABEL.search(unit) or REMEDY.search(unit)) and any(PROBLEM.search(u) for u in near):
            return True
    return False


# A rule the team adopts, opening its sentence: "From now on, check NAS usage every Monday.", 「次からは、…する。」
# (trial 14: such an episode was skipped at p=0.57). 「今後とも…」 closes a letter; "Next time is Tuesday" is a date.
# Trial 21 #2: 「今後、」「以後、」「以降は」 and "henceforth", "from here on", "in future", "never again", "we will always"
# open a rule the same way.
STATED_RULE = re.compile(
    r"(?i)^[ \t]*(?:[-*•・][ \t]*)?(?:from now on|going forward|from today on|from here on|henceforth|"
    r"in (?:the )?future|next time|never again|(?:we|i)(?:'ll| will| shall) (?:always|never))\b"
    r"(?!\s+(?:is|was|will be|would be|it's|it is)\b)[ \t]*,?[ \t]*\w|"
    r"^[ \t]*(?:[-*•・][ \t]*)?(?:今後(?:は|、|,)|次からは|次回から(?:は|、)|これからは|以後(?:は|、|,)|以降は|"
    r"今度からは)"
)


# What follows "From now on" is the writer's own state, not a rule ("From now on I'm on holiday"), or
# the sentence is hearsay or a guess (「今後は寒くなるそうです」「今後は増えるでしょう」): no rule (trial 21 re-check).
_NO_RULE = re.compile(
    r"(?i)^[ \t]*(?:[-*•・][ \t]*)?(?:from now on|going forward|from today on|from here on|in (?:the )?future)"
    r"[ \t]*,?[ \t]*(?:i'm|i am|i'll be|i will be)\b|"
    # a meeting planned, not a rule: "Next time we meet on Friday" (round 28)
    r"^[ \t]*(?:[-*•・][ \t]*)?next time[ \t]*,?[ \t]*(?:we|i|you|they)(?:'ll| will)? (?:meet|see|visit|talk)\b|"
    r"(?:そうです|そうだ|らしい|らしいです|みたい|みたいです|でしょう|だろう|かもしれない|かもしれません)[。.!！]?\s*$"
)


def states_a_rule(body: str) -> bool:
    """Whether a sentence of `body` opens with a rule for the future (not a question, a state or hearsay)."""
    return any(
        STATED_RULE.search(u) and not u.rstrip().endswith(("?", "？")) and not _NO_RULE.search(u.strip())
        for line in body.splitlines()
        for u in (sentences(line) or [line])
    )


# A table of measurements with a sentence that says what they show (trial 16: a results table "| exp | top1 |
# …" under "Mixup helps ViT (+0.8)" was skipped at p=0.58). GUIDELINES.md: measurements and comparisons are
# knowledge. A table pasted alone (an accounts sheet, terminal output in a code block) is no finding.
_TABLE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$|^[^\t\n]+\t[^\t\n]+\t[^\n]*$")
_RULE_ROW = re.compile(r"^[ \t]*\|[ \t:|-]+\|[ \t]*$")
_NUMBER_CELL = re.compile(r"(?:^|[|\t])[ \t]*[-+±]?\d+(?:[.,]\d+)?[ \t]*%?[ \t]*(?=[|\t]|$)")
_FENCED = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n.*?^[ \t]*\1[ \t]*$", re.M | re.S)
# what the numbers show: a comparison or an effect, told in a sentence ("helps", "than", 「より」「効果」)
FINDING = re.compile(
    r"(?i)\b(?:better|worse|helps?|hurts?|faster|slower|higher|lower|than|outperform\w*|beats?|wins?|"
    r"reproduces?|compared|improve[sd]?|improvement|regress\w*)\b|より|比べ|改善|悪化|効果|上回|下回|向上|低下|再現"
)
MIN_TABLE_ROWS = 3  # rows of a table (header included), of which two or more hold two numbers or more


def reports_results(body: str) -> bool:
    """Whether `body` holds a table of numbers (outside code blocks) and a sentence beside it saying what they
    show (a comparison or an effect: FINDING); a day's figures with "next update at 9" are a status post."""
    text = _FENCED.sub("", body)
    rows = [ln for ln in text.splitlines() if _TABLE_ROW.match(ln) and not _RULE_ROW.match(ln)]
    numeric = sum(len(_NUMBER_CELL.findall(r)) >= 2 for r in rows)
    prose = [
        ln
        for ln in text.splitlines()
        if ln.strip() and not _TABLE_ROW.match(ln) and not ln.lstrip().startswith("#")
    ]
    return len(rows) >= MIN_TABLE_ROWS and numeric >= 2 and any(FINDING.search(ln) for ln in prose)
