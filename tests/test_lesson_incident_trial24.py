"""A rule for the future after an incident told without a failure word is a lesson (trial 24 #1, `fix28c`).

"From now on …" / 「今後は…」 after what happened ("The reminder went to the old address; from now on we
confirm …", 「…旧住所に届いて戻ってきた。次回からは…確かめてから送る。」) made a plain knowledge note, titled and
described by the incident: the lesson reader looked for a failure word. The incident is read by form (a past
event the rule's act checks, or a consequence). A rule with nothing gone wrong before it stays knowledge.

Real files: episodes in, one daily run, the notes read back. Other domains than the trial's, English and Japanese.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_daily_support import at, memory, run

from memdir.notes.store import NoteStore

INCIDENTS = [
    (
        "A tenant's rent reminder went to the old e-mail address on the 3rd. "
        "From now on we confirm the e-mail address by phone before sending the first reminder.",
        "Rent reminder to old address",
        "confirm the e-mail address by phone",
    ),
    (
        "The spring newsletter was printed with last year's board names on the back page. "
        "From now on check the board list against the latest minutes before the file goes to the printer.",
        "Newsletter board names",
        "check the board list",
    ),
    (
        "患者さんへの予約のはがきが旧住所に届いて、戻ってきた。次回からは受付で住所を確かめてから送る。",
        "予約はがきの返送",
        "住所を確かめてから送る",
    ),
    (
        "会議室の予約が前の週の日付で入っていて、当日は部屋が使えなかった。今後は予約のあとに日付をカレンダーで確認する。",
        "会議室の予約日",
        "日付をカレンダーで確認する",
    ),
]

NO_INCIDENT = [
    ("From now on the library opens at 10 on Saturdays.", "Library hours"),
    (
        "We moved the office to the third floor last month. From now on the post room is next to the lifts.",
        "Office move",
    ),
    ("今後は土曜日も図書館を10時に開館します。", "図書館の開館時間"),
]


def _citing(root: Path, ref: str) -> list[tuple[str, object, str]]:
    store = NoteStore(root)
    return sorted(
        (n.path, n.meta.get("type"), str(n.meta.get("description", "")))
        for n in store.iter_notes(("knowledge", "procedures"))
        if ref in n.str_list("sources")
    )


@pytest.mark.parametrize(("text", "title", "rule"), INCIDENTS)
def test_a_rule_after_an_incident_told_without_a_failure_word_is_the_lesson(
    root: Path, text: str, title: str, rule: str
) -> None:
    mem = memory(root)
    ep = mem.add_episode(text, title=title, at=at(9))
    run(mem)
    [(path, kind, description)] = _citing(root, ep.ref)  # one note: the lesson, not the story beside it
    assert path.startswith("knowledge/lessons/"), path
    assert kind == "lesson"
    assert rule in description  # described by the rule, not by the incident
    body = NoteStore(root).read(path).body
    failed = body.split("## What failed", 1)[1].split("## What worked instead", 1)[0]
    assert text.split(". ")[0].split("。")[0][:20] in failed  # the incident is what failed


@pytest.mark.parametrize(("text", "title"), NO_INCIDENT)
def test_a_rule_with_nothing_gone_wrong_before_it_stays_knowledge(root: Path, text: str, title: str) -> None:
    mem = memory(root)
    ep = mem.add_episode(text, title=title, at=at(9))
    run(mem)
    assert all(
        kind != "lesson" and not p.startswith("knowledge/lessons/") for p, kind, _ in _citing(root, ep.ref)
    )
