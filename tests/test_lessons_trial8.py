"""Daily lessons and sentences (trial 8): an abbreviation's full stop ends no sentence, a decision with its
reasons is no lesson, a check says how to verify, and an appended outcome line moves `updated_at`.

Real files: episodes in, one daily run, the notes read back. Other words than the trial's (EN and JA).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

from test_daily_support import YESTERDAY, at, e5_memory, memory, run

from memdir.notes.store import NoteStore

Cli = Callable[..., CompletedProcess[str]]


def _lessons_citing(root: Path, ref: str) -> list[str]:
    store = NoteStore(root)
    return sorted(n.path for n in store.iter_notes(("knowledge/lessons",)) if ref in n.str_list("sources"))


def _section(body: str, heading: str) -> str:
    return body.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0] if f"\n{heading}\n" in body else ""


def test_an_abbreviations_full_stop_stays_inside_the_lessons_sentence(root: Path) -> None:
    mem = memory(root)
    ep = mem.add_episode(
        "The courier took the urine samples before anyone signed for them, so the lab rejected the whole batch. "
        "Lesson learned: every pick-up is signed for by Dr. Mori or Mrs. Hara, e.g. on the clipboard by the "
        "door, before the courier leaves at 4 p.m. each day.",
        title="Samples rejected by the lab",
        at=at(9),
    )
    run(mem)
    [path] = _lessons_citing(root, ep.ref)
    note = NoteStore(root).read(path)
    fix = "Every pick-up is signed for by Dr. Mori or Mrs. Hara, e.g. on the clipboard by the door"
    assert str(note.meta["description"]).startswith("E" + fix[1:]), note.meta[
        "description"
    ]  # capital (trial 23)
    assert fix in _section(note.body, "## What worked instead"), note.body


DECISION_EN = (
    "Agreed at this morning's team huddle: from now on, every abnormal lab result gets a phone call to the "
    "patient the same day, a patient who didn't answer twice gets a letter, and Mr. Ueda keeps the call list. Reasons: patients didn't hear about results for "
    "weeks and no-shows at follow-up visits kept rising. Downside: about 20 minutes more on the phone each "
    "afternoon; we'll revisit in April."
)
DECISION_JA = (
    "今日の朝礼で決めた：今後は、無断キャンセルが3回続いた患者さんには受付から電話で確認する。"
    "理由：無断キャンセルで枠が週に5つほど空いていたし、誰が来なかったのか記録していなかった。"
    "デメリット：受付の電話が増える。3月に見直す。"
)
DECISION_AFTER_FAILURE = (
    "Agreed at the huddle: from now on, the desk reads each booking back to the patient. "
    "Reasons: last Tuesday two patients were double-booked into the same slot and one complained."
)


def test_a_decision_with_its_reasons_is_no_lesson_unless_something_went_wrong(root: Path) -> None:
    mem = memory(root)
    en = mem.add_episode(DECISION_EN, title="Huddle: lab result calls", at=at(9))
    ja = mem.add_episode(DECISION_JA, title="無断キャンセルの対応", at=at(10))
    wrong = mem.add_episode(DECISION_AFTER_FAILURE, title="Huddle: read-back", at=at(11))
    run(mem)
    assert _lessons_citing(root, en.ref) == []
    assert _lessons_citing(root, ja.ref) == []
    assert len(_lessons_citing(root, wrong.ref)) == 1  # a failure told as an event still makes one


FRIDGE_JA = (
    "昨夜、検体用の冷蔵庫の扉が閉まっておらず、朝には庫内が 12°C になっていた。"
    "夕方に試薬を補充したとき、箱が扉に当たっていたのが原因。血液検体 3本は検査会社に確認して廃棄になった。"
    "教訓：補充したら必ず扉が閉まったことを確かめ、温度表示が 8°C 以下に戻るまで待つこと。"
)
FRIDGE_EN = (
    "Last night the sample fridge door was not shut and it was at 12 °C by morning. We had to confirm with "
    "the lab and 3 samples were thrown away. Lesson learned: after restocking, always check that the door "
    "clicks shut and wait until the display reads 8 °C or less."
)


def test_a_consequence_is_no_check_and_the_failure_is_under_what_failed(root: Path) -> None:
    mem = memory(root)
    ja = mem.add_episode(FRIDGE_JA, title="検体冷蔵庫の扉", at=at(9))
    en = mem.add_episode(FRIDGE_EN, title="Sample fridge door", at=at(10))
    run(mem)
    for ep, failure, consequence in (
        (ja, "検体用の冷蔵庫の扉が閉まっておらず", "検査会社に確認して廃棄になった"),
        (en, "the sample fridge door was not shut", "We had to confirm with the lab"),
    ):
        [path] = _lessons_citing(root, ep.ref)
        body = NoteStore(root).read(path).body
        assert consequence not in _section(body, "## How to check"), body
        assert failure in _section(body, "## What failed"), body


VPN_JA = (
    "---\ndescription: VPN のクライアント証明書の更新方法\nconfidence: 0.4\nsuccess_count: 0\n"
    "failure_count: 0\norigin: daily\ncreated_at: '2026-01-05T09:00:00+00:00'\n"
    "updated_at: '2026-01-05T09:00:00+00:00'\n---\n\n# VPN証明書の更新手順\n\n"
    "1. 社内ポータルの「証明書」ページを開く\n2. 「再発行」を押して .p12 ファイルをダウンロードする\n"
    "3. キーチェーンアクセスで古い証明書を削除する\n4. 新しい .p12 をダブルクリックしてインポートする\n"
    "5. VPN クライアントを再起動して接続を確認する\n"
)


def test_an_outcome_line_appended_by_the_daily_run_moves_updated_at(root: Path, run_cli: Cli) -> None:
    note = root / "procedures" / "vpn証明書の更新手順.md"
    note.write_text(VPN_JA, encoding="utf-8")
    ep = e5_memory(root).add_episode(
        "いつもの手順で山田さんのVPN証明書を更新した。問題なし。", title="VPN証明書 山田さん", at=at(11)
    )
    res = run_cli("consolidate", "daily", "--date", YESTERDAY.isoformat(), "--json")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["created"] == []
    meta = NoteStore(root).read("procedures/vpn証明書の更新手順.md").meta
    assert f"({ep.ref})" in note.read_text(encoding="utf-8")
    assert meta["created_at"] == "2026-01-05T09:00:00+00:00"
    assert str(meta["updated_at"]) > "2026-01-05T09:00:00+00:00", meta
