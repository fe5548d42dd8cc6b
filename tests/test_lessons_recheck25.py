"""Trial 25 re-check N2 and N9: a lesson says what to do, all of it.

N2: a weekly lesson's "What worked instead" and its description carry every call the retry added or changed
against the failed attempt, in order, for the kind (a split archive's first part changed, its second part's
upload added), not only the first changed argument. N9: a daily lesson's description is its rule, not the
fact a label ("Lessons learned:", 「教訓：」) put first. Other domains than the trial's (a photo studio's
albums, a school's lecture videos, a greenhouse, a campsite), English and Japanese, on real files.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_daily_support import at, memory, run

from memdir.notes.store import NoteStore

CORE = Path(__file__).resolve().parents[1] / "core"


def _cli(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(CORE),
        "MEMDIR_ROOT": str(root),
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    }
    subprocess.run(
        [sys.executable, "-m", "memdir", *args], cwd=root.parent, env=env, check=True, capture_output=True
    )


def _task(
    out: list[dict[str, object]], tid: str, day: str, intent: str, steps: list[tuple[str, str]], ok: bool
) -> None:
    ts = lambda m: f"{day}T{2 + m // 60:02d}:{m % 60:02d}:00+00:00"  # noqa: E731
    out.append({"ts": ts(0), "type": "task_start", "task_id": tid, "summary": intent, "agent": "b"})
    m = 1
    for command, error in steps:
        out.append(
            {"ts": ts(m), "type": "tool_use", "task_id": tid, "tool": "shell", "input": {"command": command}}
        )
        res: dict[str, object] = {"ts": ts(m + 1), "type": "tool_result", "task_id": tid, "tool": "shell"}
        res.update({"outcome": "failure", "error": error} if error else {"outcome": "success"})
        out.append(res)
        m += 2
    out.append({"ts": ts(m), "type": "task_end", "task_id": tid, "outcome": "success" if ok else "failure"})


# (intent, clients, the usual steps, the failed task's steps with its error, the retry's steps, what it split)
STUDIO = (
    "Send album {job} for {who} to the print lab",
    [
        ("aspen-studio", "AL-2041"),
        ("brook-photo", "AL-3152"),
        ("crest-weddings", "AL-4263"),
        ("delta-pics", "AL-5374"),
    ],
    lambda who, job: [
        f"lr-export --album {job} --out out/",
        "exiftool -all= -overwrite_original out/*.jpg",
        f"7z a {who}_{job}.7z out/*.jpg",
        f"curl -fsS -T {who}_{job}.7z https://printlab.example.net/upload?album={job}",
        f"mail -s 'Album sent: {job}' desk@{who}.example.net < sent.txt",
    ],
    "413 Request Entity Too Large",
    lambda who, job: [
        f"lr-export --album {job} --out out/",
        "exiftool -all= -overwrite_original out/*.jpg",
        f"7z a -v50m {who}_{job}.7z out/*.jpg",
        f"curl -fsS -T {who}_{job}.7z.001 https://printlab.example.net/upload?album={job}",
        f"curl -fsS -T {who}_{job}.7z.002 https://printlab.example.net/upload?album={job}",
        f"mail -s 'Album sent: {job}' desk@{who}.example.net < sent.txt",
    ],
    ("-v50m", ".7z.001", ".7z.002"),
)
SCHOOL = (
    "{who} の講義動画 {job} を配信サーバーに納める",
    [("北高", "LV-1101"), ("南中", "LV-2202"), ("西小", "LV-3303"), ("東高", "LV-4404")],
    lambda who, job: [
        f"ffmpeg -i {job}.mov -c:v libx264 out/{job}.mp4",
        "ffprobe -v error out/*.mp4",
        f"zip {job}_video.zip out/{job}.mp4",
        f"curl -fsS -F file=@{job}_video.zip https://media.example.jp/{job}/api/put",
        f"mail -s '納品: {job}' office@example.jp < done.txt",
    ],
    "アップロードに失敗しました: 413 ファイルが大きすぎます",
    lambda who, job: [
        f"ffmpeg -i {job}.mov -c:v libx264 out/{job}.mp4",
        "ffprobe -v error out/*.mp4",
        f"zip -s 80m {job}_video.zip out/{job}.mp4",
        f"curl -fsS -F file=@{job}_video.zip https://media.example.jp/{job}/api/put",
        f"curl -fsS -F file=@{job}_video.z01 https://media.example.jp/{job}/api/put",
        f"mail -s '納品: {job}' office@example.jp < done.txt",
    ],
    ("-s 80m", ".z01"),
)


def _week(root: Path, case: tuple) -> None:  # type: ignore[type-arg]
    intent, clients, usual, error, retry, _ = case
    _cli(root, "init", str(root))
    events: list[dict[str, object]] = []
    for k, (who, job) in enumerate(clients):
        day = f"2026-12-0{k + 1}"
        said = intent.format(who=who, job=job)
        if k == 2:  # fails at the upload, then its retry splits the archive and uploads every part
            steps = usual(who, job)
            failed = [(s, error if s.startswith("curl") else "") for s in steps[:4]]
            _task(events, f"t-{k}", day, said, failed, False)
            _task(
                events,
                f"t-{k}r",
                f"2026-12-0{k + 1}",
                said + " (retry, split archive)",
                [(s, "") for s in retry(who, job)],
                True,
            )
            continue
        _task(events, f"t-{k}", day, said, [(s, "") for s in usual(who, job)], True)
    for e in events:
        if str(e["task_id"]).endswith("r"):  # the retry two hours after the failure
            ts = str(e["ts"])
            e["ts"] = ts[:11] + f"{int(ts[11:13]) + 3:02d}" + ts[13:]
    (root / "activity").mkdir(exist_ok=True)
    (root / "activity" / "2026-12-01.jsonl").write_text(
        "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8"
    )
    _cli(root, "consolidate", "weekly", "--until", "2026-12-07")


def _worked(text: str) -> str:
    return text.split("## What worked instead", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("case", [STUDIO, SCHOOL], ids=["studio-en", "school-ja"])
def test_a_weekly_lesson_carries_every_call_the_retry_changed_or_added(tmp_path: Path, case: tuple) -> None:  # type: ignore[type-arg]
    root = tmp_path / "root"
    _week(root, case)
    (path,) = (root / "knowledge" / "lessons").glob("*.md")
    note = NoteStore(root).read(path.relative_to(root).as_posix())
    desc, worked = str(note.meta["description"]), _worked(note.text)
    *_, marks = case
    for text in (desc, worked):  # the split, then every part uploaded, in order, in the rule and the evidence
        assert all(mark in text for mark in marks), text
        assert [text.index(m) for m in marks] == sorted(text.index(m) for m in marks), text
    for who, job in case[1]:  # written for the kind: no one task's names in the rule
        assert who not in desc and job not in desc, desc
        assert who not in worked, worked


# A lesson told under a label whose first sentence is a fact, the rule after it (re-check N9).
LABELLED = [
    (
        "The greenhouse heater tripped the breaker twice last night and the seedlings got cold.\n"
        "Unplugging the kettle fixed it; the heater ran until morning.\n"
        "Lessons learned: The shed circuit trips above 3 kW. From now on always unplug the kettle before the heater runs.",
        "Greenhouse heater tripped",
        "unplug the kettle before the heater runs",
    ),
    (
        "キャンプ場の炊事棟でガスボンベが寒さで使えなくなり、朝食が一時間遅れた。\n"
        "ボンベを車内で温めてから使ったら火がついた。\n"
        "> [!warning] 教訓\n"
        "> ボンベは五度以下では気化しにくい。今後は冬のキャンプでは必ずボンベを寝袋の中で保管する。",
        "炊事棟のガスボンベが使えなかった",
        "必ずボンベを寝袋の中で保管する",
    ),
]


@pytest.mark.parametrize(("text", "title", "rule"), LABELLED, ids=["greenhouse-en", "campsite-ja"])
def test_a_daily_lessons_description_is_its_rule_not_the_fact(
    root: Path, text: str, title: str, rule: str
) -> None:
    mem = memory(root)
    ep = mem.add_episode(text, title=title, at=at(9))
    run(mem)
    store = NoteStore(root)
    (note,) = [n for n in store.iter_notes(("knowledge",)) if ep.ref in n.str_list("sources")]
    assert note.meta["type"] == "lesson"
    assert rule in str(note.meta["description"]), note.meta["description"]
