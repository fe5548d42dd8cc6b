"""Trial 9: "the usual steps" reports and the person's procedure; names kept as written (EN and JA).

In other domains and words than the trial's: a report of having followed a procedure is an outcome for the
procedure whose title, description and steps it names, or nothing; never a procedure of its own made of
its report sentences. Real files: the episodes go in through `Memory.add_episode`, one daily run (the
shipped embedder) writes, the test reads the notes a person would open.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest
from test_daily_support import at, e5_memory, notes, run

from memdir.notes.frontmatter import render_note
from memdir.notes.store import NoteStore

Cli = Callable[..., CompletedProcess[str]]

RELEASE = "procedures/publish-a-release-of-the-mobile-app.md"
RELEASE_STEPS = (
    "Owner: Dana. Ping #mobile before you start, two releases in one day confuse the store reviewers.\n\n"
    "1. Bump `version` and `buildNumber` in `app.json`.\n"
    "2. Build both platforms: `eas build --platform all --profile production`.\n"
    "3. Submit: `eas submit -p ios` (TestFlight) and `eas submit -p android --track internal`.\n"
    "4. Smoke-test on the two office phones, then promote to production in both consoles.\n"
    "5. Post the changelog in #releases.\n"
)
REAGENTS = "procedures/試薬棚の月次点検.md"
WIFI = "procedures/来客用wi-fiのパスワード更新.md"
WIFI_STEPS = (
    "担当：総務。月初の朝、来客が来る前にやること。\n\n"
    "1. ルーターの管理画面（192.168.0.1）にログインする。\n"
    "2. ゲスト SSID のパスワードを新しいものにする。\n"
    "3. 受付のカードを印刷し直して差し替える。\n"
    "4. 共有カレンダーに更新日を書く。\n"
)


def _procedure(root: Path, path: str, title: str, description: str, body: str) -> None:
    """A procedure a person wrote (origin: human, confidence 0.8)."""
    meta = {"description": description, "confidence": 0.8, "origin": "human"}
    (root / path).write_text(render_note(meta, f"# {title}\n\n{body}"), encoding="utf-8")


def release(root: Path) -> None:
    _procedure(
        root,
        RELEASE,
        "Publish a release of the mobile app",
        "Put a new version of the Android and iOS app in the stores without breaking the review queue",
        RELEASE_STEPS,
    )


def _wifi(root: Path) -> None:
    _procedure(
        root, WIFI, "来客用 Wi-Fi のパスワード更新", "来客用の無線 LAN の合言葉を月に一度変える", WIFI_STEPS
    )


@pytest.mark.parametrize(
    "report",
    [
        "Tried to renew the print server certificate the usual way, but step 3 failed: "
        "/etc/cups/ssl/server.key is owned by root. Will fix the permissions on Monday.",
        "Archived the Q3 survey responses with the usual procedure before handing the drive to legal. "
        "The checksum list matched, and the drive is sealed in the cabinet.",
        "いつもの手順で VPN のアカウントを発行した。証明書を USB で渡して、接続テストも問題なし。",
    ],
)
def test_a_usual_steps_report_with_no_procedure_never_becomes_one(root: Path, report: str) -> None:
    """Its sentences say what was done and what happened: no steps of a procedure (it was filed as one)."""
    mem = e5_memory(root)
    ep = mem.add_episode(report, at=at(10))
    result = run(mem)
    assert notes(root, "procedures") == [] and result.created == [], result.created
    assert result.skipped == 1 and ep.text.strip() in (root / ep.file).read_text(encoding="utf-8")


def test_a_failure_report_reaches_the_procedure_whose_steps_it_names(root: Path) -> None:
    """ "push 4.2.2 out" is not the title's "Publish a release", but eas, ios and the buildNumber are its
    steps': a failure on the person's note, not a skip, and no note of its own."""
    release(root)
    mem = e5_memory(root)
    ep = mem.add_episode(
        "Tried to push 4.2.2 out the usual way, but step 3 failed: eas submit for ios was rejected, "
        "the buildNumber was not bumped. Will redo it tomorrow.",
        title="4.2.2 stuck",
        at=at(10),
    )
    result = run(mem)
    note = NoteStore(root).read(RELEASE)
    assert result.created == [] and notes(root, "procedures") == [RELEASE]
    assert (note.get("success_count"), note.get("failure_count")) == (0, 1)
    assert "failure: Tried to push 4.2.2 out the usual way" in note.body and f"({ep.ref})" in note.body


def test_a_japanese_failure_reaches_the_procedure_whose_steps_it_names(root: Path) -> None:
    """受払簿 and 残量 are what the steps of 「試薬棚の月次点検」 check; the title's words are not in the report."""
    _procedure(
        root,
        REAGENTS,
        "試薬棚の月次点検",
        "毒劇物を含む試薬の在庫と期限を月に一度確かめる",
        "担当：技術職員の森。点検の前に鍵を事務室で借りること。\n\n"
        "1. 鍵付きキャビネットを開けて、毒劇物の受払簿を出す。\n"
        "2. 瓶ごとに残量を量り、受払簿の残量と照らし合わせる。\n"
        "3. 使用期限の切れた試薬は廃液ラベルを貼って回収箱へ移す。\n"
        "4. 点検表に日付と署名を書き、鍵を返す。\n",
    )
    mem = e5_memory(root)
    ep = mem.add_episode(
        "いつもの手順でやろうとしたが、手順2で止まった：受払簿の残量とメタノールの瓶が 50 mL 合わない。"
        "明日もう一度量る。",
        title="12月分 止まった",
        at=at(10),
    )
    result = run(mem)
    note = NoteStore(root).read(REAGENTS)
    assert result.created == [] and notes(root, "procedures") == [REAGENTS]
    assert (note.get("success_count"), note.get("failure_count")) == (0, 1) and f"({ep.ref})" in note.body


@pytest.mark.parametrize(
    ("setup", "report"),
    [
        (release, "Renewed the Apple developer membership the usual way, receipt filed."),
        (_wifi, "いつもの手順で受付のプリンターの紙を補充した。問題なし。"),
    ],
)
def test_other_work_sharing_a_word_with_a_procedure_gets_no_outcome(
    root: Path, setup: Callable[[Path], None], report: str
) -> None:
    """One shared word ("app", 受付) names no procedure: the report is skipped and the note unchanged."""
    setup(root)
    before = {p: (root / p).read_bytes() for p in notes(root, "procedures")}
    mem = e5_memory(root)
    mem.add_episode(report, at=at(10))
    result = run(mem)
    assert result.stats["outcomes"] == 0 and result.created == []
    assert {p: (root / p).read_bytes() for p in notes(root, "procedures")} == before
