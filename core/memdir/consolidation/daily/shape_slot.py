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


_WEEKDAYS_MONTHS = frozenset(
    f"{_MONTHS_EN} montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag januar februar märz "
    "maerz april mai juni juli august september oktober november dezember monday tuesday wednesday thursday "
    "friday saturday sunday".split()
)
_WEEKDAYS = frozenset(
    [
        "montag",
        "dienstag",
        "mittwoch",
        "donnerstag",
        "freitag",
        "samstag",
        "sonnabend",
        "sonntag",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
)
_DAYPART = frozenset(
    [
        "morning",
        "afternoon",
        "evening",
        "night",
        "noon",
        "midday",
        "early",
        "late",
        "am",
        "pm",
        "morgens",
        "vormittag",
        "vormittags",
        "mittags",
        "nachmittag",
        "nachmittags",
        "abend",
        "abends",
        "nachts",
        "früh",
        "spät",
        "the",
        "of",
        "am",
        "vom",
        "den",
    ]
)
_DATE = re.compile(r"^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\.\d{1,2}\.(?:\d{2,4})?|\d{1,2}/\d{1,2}(?:/\d{2,4})?)$")
_DAY_NUMBER = re.compile(r"^(?:\d{1,4}\.?|\d{1,2}(?:st|nd|rd|th)|\d{1,2}:\d{2})$")
_WORD = re.compile(r"[^\s,;:|()\[\]–—]+|[\s,;:|()\[\]–—]+")
_JA_DATE = re.compile(
    r"^(?:\d{2,4}\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*日(?:\s*[（(]?[月火水木金土日](?:曜日?)?[)）]?)?[\s、,:：・-]*"
)


def _date_part(words: list[str]) -> bool:
    """Words that are a date: a full date or a weekday/month, with day numbers, clock times and day parts."""
    low = [w.casefold().strip(".,'’") for w in words]
    numbered = any(_DAY_NUMBER.match(w) for w in low)  # "May the force" is no date, "3 May" is
    named = any((w in _WEEKDAYS_MONTHS and (numbered or w in _WEEKDAYS)) or _DATE.match(w) for w in low)
    return (
        bool(words)
        and named
        and all(w in _WEEKDAYS_MONTHS or w in _DAYPART or _DATE.match(w) or _DAY_NUMBER.match(w) for w in low)
    )


def undated(title: str) -> str:
    """A heading without the date it opens or ends with ("Thursday 3 December: call with X" -> "Call with X",
    "2026-12-03 Kickoff" -> "Kickoff", 「12月3日 田中さんと電話」 -> 「田中さんと電話」); a heading that is only
    a date, or has none, is kept as it is (a date names when; the note's sources say that already)."""
    t = title.strip()
    ja = _JA_DATE.match(t)
    if ja and t[ja.end() :].strip():
        return t[ja.end() :].strip()
    pieces = _WORD.findall(t)
    words = [i for i, p in enumerate(pieces) if p.strip(" ,;:|()[]–—")]
    for head in range(len(words) - 1, 0, -1):  # the longest date it opens with
        if _date_part([pieces[i] for i in words[:head]]):
            return _kept("".join(pieces[words[head] :]), t)
    for tail in range(1, len(words)):  # the longest date it ends with
        if _date_part([pieces[i] for i in words[tail:]]):
            return _kept("".join(pieces[: words[tail - 1] + 1]), t)
    return t


def _kept(rest: str, title: str) -> str:
    rest = rest.strip(" ,;:|()[]–—-")
    return rest[:1].upper() + rest[1:] if rest else title
