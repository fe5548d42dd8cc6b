"""What a change leaves, and whether an older note states it (trial 30 #4, fix42c).

A lesson about a shipping label ("… printed the label as normal 宅急便, not cool …") raised "a newer note changes
what this note says" on a Japanese note of tour rules: "warm / nama / zake / complaint" and 「酒蔵 / 見学 / 受付 /
ルール」 paired by meaning term by term (route_change.same_subject), though nothing in the tour rules says "cool".
The decision that did change them ("move the Saturday afternoon tour from 14:00 to 15:00", the rules saying
「10:00 と 14:00」) raised nothing: "move … from … to …" was no change form, and a decision note was never asked.

- `old_values`: what a text says it changes from: ", not X", "instead of X", "rather than X", "move / change /
  shift … from X to Y"; 「XではなくY」「XからYに変更 / 変える / 移す / する」 (a start, 「来月から」, is none).
- `value_keys`: those values as a note would state them, read across the two languages: a time of day
  (`14:00`, `14時`, `2 pm` are one), a weekday (`Friday`, `金曜`), else the value's own words.
- `states_old`: whether an older note's text states one of them.

A change told with its old value ties only to a note that states that value and names the subject in its title
(route_change.same_subject, one term enough); a change with no old value told ("no longer", "moves to") ties by the
titles as before (two terms).
"""

from __future__ import annotations

import re

_EN_OLD = re.compile(
    r"(?i),\s*not\s+(?:on\s+|at\s+|in\s+)?(?P<a>[^,;.:!?]{1,30}?)(?=[,;.:!?]|$)|"
    r"\b(?:instead\s+of|rather\s+than)\s+(?P<b>[^,;.!?]{1,30}?)(?=[,;.!?]|$)|"
    r"\b(?:mov|shift|chang|switch|push|bring|brought|bump)\w*\b[^.;!?]{0,60}?\bfrom\s+(?P<c>[^,;.!?]{1,30}?)\s+to\s+\S"
)
_JA_OLD = re.compile(
    r"(?P<a>[^、。はがをにで「」]{1,30}?)(?:ではなく|でなく|じゃなく)|"
    r"(?P<b>[^、。はがをにで「」]{1,30}?)から(?=[^、。]{1,30}?に(?:変更|変え|替え|切り替え|移|する|します|した|なる|なり|なっ))"
)
_START_JA = re.compile(r"(?:来年度?|来月|来週|来期|今後|これ|\d+月|[一二三四五六七八九十]+月|年|日|週)$")
_TIME = re.compile(
    r"(?i)(?<![\d:])(?P<h>[01]?\d|2[0-3])(?::(?P<m>[0-5]\d)|\s*時(?:(?P<m2>[0-5]?\d)分|半(?P<half>))?|"
    r"\s*(?P<ap>[ap])\.?m\.?\b)"
)
_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = re.compile(r"(?i)\b(?P<en>mon|tues|wednes|thurs|fri|satur|sun)day|(?P<ja>[月火水木金土日])曜")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9-]{2,}|[\u30a0-\u30ff]{2,}|[\u3400-\u9fff]{2,}")
_FUNCTION = frozenset(
    ["the", "and", "for", "from", "with", "this", "that", "now", "new", "not", "our", "one"]
)


def old_values(text: str) -> list[str]:
    """The values `text` says it changes from (see the module)."""
    out = [next(g for g in m.groups() if g) for m in _EN_OLD.finditer(text)]
    for m in _JA_OLD.finditer(text):
        value = (m.group("a") or m.group("b")).strip()
        if m.group("b") and _START_JA.search(value) and not _TIME.search(value):
            continue  # 「来月から」「12月から」: a start, no value left
        out.append(value)
    return [v.strip() for v in out if v.strip()]


def value_keys(value: str) -> set[str]:
    """A value as a note would state it, in either language: times and weekdays, else its words."""
    keys: set[str] = set()
    for m in _TIME.finditer(value):
        hour = int(m.group("h")) + (
            12 if (m.group("ap") or "").lower() == "p" and int(m.group("h")) < 12 else 0
        )
        minute = m.group("m") or m.group("m2") or ("30" if m.group("half") is not None else "00")
        keys.add(f"time {hour:02d}:{int(minute):02d}")
    for m in _WEEKDAY.finditer(value):
        en = m.group("en")
        day = (
            next(i for i, d in enumerate(_WEEKDAYS_EN) if d.startswith(en.lower()))
            if en
            else "月火水木金土日".index(m.group("ja"))
        )
        keys.add(f"weekday {day}")
    if keys:
        return keys
    return {f"word {w.lower()}" for w in _WORD.findall(value) if w.lower() not in _FUNCTION}


def changes_a_value(text: str) -> bool:
    """Whether `text` tells a change with the value it leaves."""
    return bool(old_values(text))


def states_old(text: str, older: str) -> bool:
    """Whether the older note's text `older` states a value `text` says it changes from."""
    olds = set().union(*(value_keys(v) for v in old_values(text))) if old_values(text) else set()
    if not olds:
        return False
    times_days = {k for k in olds if not k.startswith("word ")}
    if times_days:
        return bool(times_days & _stated(older))
    low = older.lower()
    return any(k[5:] in low for k in olds)


def _stated(text: str) -> set[str]:
    keys: set[str] = set()
    for m in _TIME.finditer(text):
        keys |= value_keys(m.group(0))
    for m in _WEEKDAY.finditer(text):
        keys |= value_keys(m.group(0))
    return keys
