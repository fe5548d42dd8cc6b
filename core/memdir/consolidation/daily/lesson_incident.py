"""An incident told without a failure word, then the rule that answers it (trial 24 #1).

"A customer's order went to the old address; from now on we confirm the address by e-mail before packing."
「窯の温度計がずれていて、実際は40度高く上がっていた。今後は毎回テストピースで確認する。」 Nothing in them says
"failed", yet something went wrong: the rule answers an event told before it. The lesson reader
(`lesson_text.fix_sentences`) took a look-ahead cue ("from now on", 今後は) as a lesson only where a failure
word was told, so these became plain knowledge notes, titled and described by the incident.

The incident is read by form, not by words of failure: a sentence before the rule, told in the past (not a rule
itself, not a condition), that shares a content word with the rule (the thing the rule is about), and either

- tells a consequence: "had to", a passive past ("was held", "were returned", "got sent back"), a negated past
  ("didn't arrive", "never reached"), "came back"; 〜なかった, 〜られた, 戻ってきた／返ってきた, 〜ていた (a state
  that was so), or
- is what the rule's act checks: the rule says check, verify, confirm, make sure, test, inspect (確認, 点検).

The incident may also be told right after the rule, as its reason ("… check the symbols first. Without them the
stacks were unreadable and we wasted an hour.").

A rule that keeps what was done ("Next time I'd do exactly the same") answers no incident. A rule with nothing told before it ("From now on the shop opens at 10.") or after a plain past ("We moved last
month.", "The shop opened at 9 last year.") has no incident: it stays knowledge.
"""

from __future__ import annotations

import re

# a rule for the future at a sentence's or a clause's opening (lesson_text.AHEAD's cues, and 以後は)
RULE_AHEAD = re.compile(
    r"(?i)(?:^|[.;:!?—–]\s*|,\s*)(?:next time|from now on|going forward|in (?:the )?future)(?!\w)"
    r"(?!\s*,?\s*(?:is|was|will be|would be|it's|it is)\b)|"
    r"(?:^|[。、;；]\s*)(?:今後は|次回から(?:は)?|次から(?:は)?|次回は|これからは|今度から(?:は)?|以後は)"
)
# told in the past: an English past form, a Japanese past or past-state ending
_PAST_EN = re.compile(
    r"(?i)\b(?:was|were|went|got|had|did|came|took|sent|said|left|found|put|ended up|\w{2,}ed)\b"
)
_PAST_JA = re.compile(r"(?:た|だ|ていて|でいて|ており|てしまい)(?:[。！、]|$)|(?:た|だ)(?:が|けど|ので|から)")
_CONSEQUENCE = re.compile(
    r"(?i)\bhad to\b|\b(?:was|were|got|had been|has been|have been)\s+(?:\w+ly\s+)?"
    r"(?:\w{2,}ed|held|sent|stuck|kept|left|caught|put|cut|shut|taken|given|thrown|written|sold|told|"
    r"brought|bought|built|paid|spent|hit|made)\b|"
    r"\b(?:didn't|did not|never|couldn't|could not|wasn't|weren't|hadn't)\s+(?:\w+\s+)?\w+|"
    r"\b(?:came|sent|bounced|went) back\b|"
    r"なかった|(?:ら|さ)れ(?:た|て)|(?:戻|返|帰)って(?:き|来)|返送|ていた|でいた|ていて|でいて"
)
# the rule's act checks something ("confirm the address", 「倒れ具合を確認する」)
_CHECKS = re.compile(
    r"(?i)\b(?:check|verify|confirm|make sure|double-check|test|inspect|compare|look up|ask)\w*\b|"
    r"確認|点検|チェック|確かめ|照合|検品|テスト"
)
# a rule or a condition is not an event ("If it is late, …", "We always …")
_NOT_EVENT = re.compile(
    r"(?i)\b(?:if|unless|whenever|otherwise|always|must|should|will)\b|場合|たら|なければ|必ず|こと[。]?$"
)
# a rule that keeps what was done ("Next time I'd do exactly the same", 「次回も同じように」) answers nothing
_SAME = re.compile(
    r"(?i)\b(?:the same|exactly as|as (?:before|this time|we did)|keep (?:doing|it|that))\b|同じ|同様|引き続き"
)
# a sentence that gives reasons ("because", "since", 「…ため」「理由は」) tells why a rule was chosen, not an incident
_REASON = re.compile(r"(?i)\b(?:because|since|as we|so that|reasons?)\b|ため|理由|から[、。]")
_WORD = re.compile(r"[a-z][a-z0-9'-]{2,}|[0-9]+[a-z0-9.]*|[\u30a0-\u30ff\u3400-\u9fff]+", re.I)
_FUNCTION = frozenset(
    [
        "the",
        "and",
        "for",
        "from",
        "now",
        "next",
        "time",
        "going",
        "forward",
        "future",
        "with",
        "that",
        "this",
        "then",
        "than",
        "our",
        "you",
        "your",
        "they",
        "their",
        "them",
        "she",
        "him",
        "her",
        "his",
        "its",
        "one",
        "all",
        "every",
        "each",
        "just",
        "only",
        "also",
        "not",
        "any",
        "some",
        "was",
        "were",
        "had",
        "has",
        "have",
        "did",
        "does",
        "get",
        "got",
        "before",
        "after",
        "into",
        "onto",
        "over",
        "under",
        "again",
    ]  # noqa: SIM905 - a word list reads better as text
)


def content(text: str) -> set[str]:
    """Content words (Latin, three letters or more, not function words) and kanji/katakana bigrams."""
    out: set[str] = set()
    for w in _WORD.findall(text.lower()):
        if re.match(r"[\u30a0-\u30ff\u3400-\u9fff]", w):
            out.update(w[i : i + 2] for i in range(len(w) - 1))
        elif w not in _FUNCTION:
            out.add(w.rstrip("'s") or w)
    return out


def rule_part(s: str) -> str | None:
    """What follows a look-ahead cue in `s` (the rule), or None when `s` opens no rule for the future."""
    m = RULE_AHEAD.search(s)
    return s[m.end() :] if m else None


def is_incident(event: str, rule: str) -> bool:
    """`event` tells, in the past, what `rule` answers: a consequence, or what the rule's act checks."""
    if event.lstrip().startswith(("```", "~~~")):  # a command or output block is no event told (trial 26)
        return False
    past = _PAST_JA.search(event) or (_PAST_EN.search(event) and not re.search(r"[\u3040-\u30ff]", event))
    if not past or _NOT_EVENT.search(event) or event.rstrip().endswith(("?", "？")):
        return False
    if _SAME.search(rule) or not content(event) & content(rule):
        return False
    return bool(_CONSEQUENCE.search(event) or _CHECKS.search(rule))


def incidents(sents: list[str]) -> list[int]:
    """The sentences (or a sentence's clause before its cue) told as the incident a later rule answers."""
    found: list[int] = []
    for k, s in enumerate(sents):
        rule = rule_part(s)
        if rule is None:
            continue
        m = RULE_AHEAD.search(s)
        head = s[: m.start()] if m else ""
        before = [(j, sents[j]) for j in range(max(0, k - 4), k)] + ([(k, head)] if head.strip() else [])
        # ... or the cost told right after the rule, as its reason (「…確認する。シンボルがないと…1 時間無駄にした。」)
        after = sents[k + 1] if k + 1 < len(sents) else ""
        # (not the rule's reasons: "We moved because …" after "From now on rehearsals are at …" is a decision)
        before += [(k + 1, after)] if after and rule_part(after) is None and not _REASON.search(after) else []
        found += [j for j, e in before if is_incident(e, rule) and j not in found]
    return found


def answered(failed: list[str], fixes: list[str]) -> bool:
    """One of `failed` is an incident one of `fixes` (a rule for the future) answers: the episode tells a
    mistake though no failure word says so ("The order went to the old address" / "from now on confirm …")."""
    rules = [r for r in (rule_part(f) for f in fixes) if r is not None]
    return any(is_incident(f, r) for f in failed for r in rules)
