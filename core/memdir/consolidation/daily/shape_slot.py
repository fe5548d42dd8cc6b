"""A heading that says nothing of its note: only a time of day, a weekday, a date, a clock time or a generic slot.

A day file's sections are often named by when or where in the day they sit (`### Morning`, `### Evening`,
`## 午前`, `## Vormittag`, `## Notes`, `## Misc`, `## Dienstag, 3.12.`): as a note's title (and file name) such a
heading names no fact, so the note is titled from its content instead, the way an episode with no title is
(trial 23 re-check: `knowledge/morning.md` titled `Morning`, a lesson `# Lesson: Evening`).

The decision is by form: every word of the heading is a time-of-day, weekday or slot word, a date or a clock
time, a number, or a joining word ("and", "of", 「の」, "und"). The words are a bounded list in English,
Japanese and German (docs/daily.md "A heading that names only a time or a slot"); a heading with one other
word ("Morning standup", 「午前の打ち合わせ」, "Abendessen mit Kunden") keeps its title. Such a section's
description says the fact its item brought, not the narrator's act before a colon (`fact_after_act`).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_units import plain_act

_EN = (
    "morning mornings afternoon evening evenings night tonight today yesterday tomorrow noon midday midnight "
    "lunch lunchtime early late am pm day daily weekday weekend week "
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun "
    "notes note misc miscellaneous other others log journal diary general random inbox scratch updates update "
    "todo todos to-do to-dos do tasks task agenda summary recap review highlights stuff things jottings "
    "and of the for a on at in part section"
)
_DE = (
    "morgen morgens vormittag vormittags mittag mittags nachmittag nachmittags abend abends nacht nachts "
    "heute gestern früh frueh spät spaet tag tagsüber woche wochenende "
    "montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag mo di mi do fr sa so "
    "notizen notiz sonstiges diverses allgemein allgemeines tagebuch aufgaben erledigt zusammenfassung "
    "januar februar märz maerz april mai juni juli august september oktober november dezember "
    "und vom am im der die das des teil"
)
_MONTHS_EN = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
WORDS = frozenset(f"{_EN} {_DE} {_MONTHS_EN}".split())
# Japanese: times of day, weekdays, generic slots (a heading is read whole after taking these out)
_JA = re.compile(
    r"早朝|午前中?|午後|朝|昼(?:間)?|夕方|夕刻|晩|夜(?:間)?|深夜|今日|本日|昨日|明日|今週|週末|"
    r"[月火水木金土日]曜(?:日)?|[（(][月火水木金土日][)）]|"
    r"メモ|ノート|雑記|日記|日誌|その他|備考|記録|作業ログ|ログ|タスク|やること|まとめ|振り返り|"
    r"\d{1,4}\s*[年月日時分]|[のと・、,\s]"
)
# A date or a clock time: 2026-12-03, 3.12., 12/03, 03.12.2026, 10:00, 9:30–10:00, 3rd
_FIGURE = re.compile(r"^(?:\d{1,4}(?:[-./:]\d{1,4}){0,2}[.]?|\d{1,2}(?:st|nd|rd|th)|\d{1,2}h\d{0,2})$", re.I)
_SPLIT = re.compile(r"[\s,;:|/()\[\]–—\-]+")
_MARKS = re.compile(r"^[#＃\s]+|[#＃\s]+$")


def slot_title(title: str) -> bool:
    """True when the heading names only a time, a day, a date or a generic slot (see the module docstring)."""
    t = _MARKS.sub("", title).strip().strip(".:：")
    if not t:
        return False
    if re.search(r"[\u3040-\u30ff\u3400-\u9fff]", t):
        rest = _JA.sub("", t)
        rest = "".join(w for w in _SPLIT.split(rest) if w and not _latin_slot(w))
        return not rest
    words = [w for w in _SPLIT.split(t) if w]
    return bool(words) and all(_latin_slot(w) for w in words) and not all(_joiner(w) for w in words)


def _latin_slot(word: str) -> bool:
    w = word.casefold().strip(".,'’")
    return not w or w in WORDS or bool(_FIGURE.match(w))


def _joiner(word: str) -> bool:
    return word.casefold() in {
        "and",
        "of",
        "the",
        "for",
        "a",
        "on",
        "at",
        "in",
        "und",
        "vom",
        "am",
        "im",
        "do",
    }


# "Called 田中さん: Tanaka KK switches …", "Met the landlord: the rent goes up in March", 「山田さんに電話した：…」:
# the narrator's act, then the fact it brought, after a colon.
_ACT_LEAD = re.compile(
    r"^(?P<act>[^:：]{3,40}?)\s*[:：]\s+(?P<fact>\S.{11,})$|^(?P<act_ja>[^:：]{3,30}?)：(?P<fact_ja>.{6,})$"
)


def fact_after_act(item: str) -> str:
    """The fact an item tells after the narrator's act ("Called X: <fact>" -> "<fact>"); else the item: a
    description says the fact, not the narration's verb (trial 23 re-check: `description: Called 田中さん`)."""
    m = _ACT_LEAD.match(item.strip())
    if not m:
        return item
    act, fact = (
        (m.group("act"), m.group("fact")) if m.group("act") else (m.group("act_ja"), m.group("fact_ja"))
    )
    return fact if plain_act(act) else item
