"""Trial 25 #5, #6: a weekly lesson's fix read at the argument that changed, never against the error's
own advice, and written for the kind (another task's value is a placeholder; How to check reads the step
that failed). A bakery's cake orders (EN) and a clinic's 検査予約 (JA), over the `memdir` CLI (its entry
point, run in this process: tests/cli_inprocess)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from cli_inprocess import run_in_process


def _cli(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    res = run_in_process(args, input=None, env={"MEMDIR_ROOT": str(root)}, cwd=root.parent)
    assert res.returncode == 0, res.stderr
    return res


def _task(out: list[dict[str, object]], tid: str, day: str, hour: int, intent: str, steps, ok: bool) -> None:
    ts = lambda m: f"{day}T{hour:02d}:{m:02d}:00+00:00"  # noqa: E731
    out.append({"ts": ts(0), "type": "task_start", "task_id": tid, "summary": intent, "agent": "a"})
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


def _week(
    root: Path,
    intent: str,
    clients: list[tuple[str, str]],
    steps,
    fail_at: str,
    error: str,
    fixed,
    notes: dict[str, str] | None = None,
) -> None:
    _cli(root, "init", str(root))
    for name, text in (notes or {}).items():
        (root / "procedures" / name).write_text(text, encoding="utf-8")
    events: list[dict[str, object]] = []
    for k, (who, job) in enumerate(clients):
        day = f"2026-12-0{k + 1}"
        if k == 2 and error:  # this one fails at `fail_at`, then its retry changes one step
            run = [(s, error if s.startswith(fail_at) else None) for s in steps(who, job)]
            _task(events, f"t-{k}", day, 2, intent.format(who=who, job=job), run, False)
            again = [fixed(s) for s in steps(who, job)]
            _task(
                events,
                f"t-{k}r",
                day,
                4,
                intent.format(who=who, job=job) + " (retry)",
                [(s, None) for s in again],
                True,
            )
            continue
        _task(
            events,
            f"t-{k}",
            day,
            2,
            intent.format(who=who, job=job),
            [(s, None) for s in steps(who, job)],
            True,
        )
    (root / "activity").mkdir(exist_ok=True)
    (root / "activity" / "2026-12-01.jsonl").write_text(
        "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8"
    )
    _cli(root, "consolidate", "weekly", "--until", "2026-12-07")


def _lesson(root: Path) -> str:
    (path,) = (root / "knowledge" / "lessons").glob("*.md")
    return path.read_text(encoding="utf-8")


CLIENTS = [
    ("alder-cafe", "C-311"),
    ("birch-hotel", "C-412"),
    ("cedar-school", "C-513"),
    ("dune-bar", "C-614"),
]


def _cake(who: str, job: str) -> list[str]:
    return [
        f"bake-plan --order {job}.yaml",
        f"glaze-mix --recipe {job}.txt",
        f"label-print {who}_{job}.pdf",
        f"curl -fsS -F file=@{who}_{job}.pdf https://orders.{who}.example.org/api/confirm",
        f"mail -s 'Order ready: {job}' chef@{who}.example.org < ready.txt",
    ]


def test_a_retry_that_adds_another_argument_is_not_the_fix_the_error_names(tmp_path: Path) -> None:
    """#5: the error says `--oven`; the retry only added `copies=2`: the lesson does not claim that."""
    root = tmp_path / "bakery"
    _week(
        root,
        "Confirm cake order {job} for {who}",
        CLIENTS,
        _cake,
        "label-print",
        "LabelError: oven slot missing from plan (re-run bake-plan with --oven)",
        lambda s: s + " copies=2" if s.startswith("label-print") else s,
    )
    text = _lesson(root)
    desc = text.split("description:", 1)[1].split("\n", 1)[0]
    assert "copies=2" not in desc and "--oven" in desc, desc
    assert "which that change does not do" in text, text


def _bigger_labels(root: Path) -> str:
    _week(
        root,
        "Confirm cake order {job} for {who}",
        CLIENTS,
        _cake,
        "curl",
        "curl: (22) The requested URL returned error: 413 Payload Too Large",
        lambda s: s.replace("label-print ", "label-print -s 2 "),
    )
    return _lesson(root)


def test_an_added_argument_is_read_as_added(tmp_path: Path) -> None:
    """#5: `label-print -s 2 …` after `label-print …` (the upload failed): "add `-s 2` to `label-print`"."""
    text = _bigger_labels(tmp_path / "bakery")
    desc = text.split("description:", 1)[1].split("\n", 1)[0]
    assert "add `-s 2` to `label-print`" in desc, desc


def test_a_kind_lesson_keeps_no_clients_host_and_checks_the_step_that_failed(tmp_path: Path) -> None:
    """#6: the upload's host of one client is `<…>` (the other clients wrote theirs there); How to check
    reads the upload that failed, not the e-mail after it."""
    text = _bigger_labels(tmp_path / "bakery")
    assert "cedar-school.example.org" not in text.split("## What failed")[0], text
    check = text.split("## How to check", 1)[1]
    assert "api/confirm" in check and "mail" not in check, check


def _ja(who: str, job: str) -> list[str]:
    return [
        f"kensa-book --patient {job}",
        f"kensa-form {who}_{job}.pdf",
        f"curl -fsS -F file=@{who}_{job}.pdf https://lab.{who}.example.jp/api/submit",
        f"mail -s '予約確定 {job}' desk@{who}.example.jp < done.txt",
    ]


def test_japanese_kind_lesson_follows_the_errors_advice(tmp_path: Path) -> None:
    root = tmp_path / "clinic"
    _week(
        root,
        "{who} の患者 {job} の検査予約を登録する",
        CLIENTS,
        _ja,
        "kensa-form",
        "FormError: 同意書がありません（--consent を付けて再実行してください）",
        lambda s: s + " lang=ja" if s.startswith("kensa-form") else s,
    )
    text = _lesson(root)
    desc = text.split("description:", 1)[1].split("\n", 1)[0]
    assert "lang=ja" not in desc and "--consent" in desc, desc


_SPLIT = {"sage-inn": "-s 50m ", "reed-club": "-9 -q "}


def _photos(who: str, job: str) -> list[str]:
    return [
        f"darktable-cli raw/{job} out/{job}",
        f"exiftool -all= out/{job}",
        f"zip {_SPLIT.get(who, '')}{who}_{job}_final.zip out/*.jpg",  # two archives made otherwise
        f"curl -fsS -F file=@{who}_{job}_final.zip https://share.{who}.example.net/api/upload",
        f"mail -s 'Photos ready: {job}' hello@{who}.example.net < ready.txt",
    ]


PHOTO_NOTE = """---
description: How we hand edited photos to a client
origin: human
---

# Hand over a photo shoot

1. Develop the raw files: `darktable-cli raw/<shoot> out/<shoot>`.
2. Strip the metadata: `exiftool -all= out/<shoot>`.
3. Zip the edited photos as `<client>_<shoot>_final.zip`.
4. Upload the zip to the client's share (its address is in the client's note).
5. E-mail the client that the photos are up, with the shoot id.
"""

PHOTO_NOTE_JA = """---
description: 撮影データを納品する手順
origin: human
---

# 撮影データの納品

1. RAW を現像する：`darktable-cli raw/<撮影> out/<撮影>`。
2. メタデータを消す：`exiftool -all= out/<撮影>`。
3. 写真を zip で `<顧客>_<撮影>_final.zip` にまとめる。
4. 顧客の共有サーバーにアップロードする（アドレスは顧客のノートにある）。
5. 写真を上げたことを撮影番号つきで顧客にメールする。
"""

SHOOTS = [("oak-studio", "S-210"), ("pine-hall", "S-311"), ("reed-club", "S-412"), ("sage-inn", "S-513")]


# the draft's steps and placeholder values as a week of four hand-overs gave them (trial 25 #7's shape: one
# archive split, one name masked, so one placeholder stands for the whole archive name)
_STEPS = [
    "shell: `darktable-cli raw/{shoot} out/{shoot}`",
    "shell: `exiftool -all= out/{shoot}`",
    "shell: `zip {object} out/*.jpg`",
    "shell: `curl -fsS -F file=@{who}_final.zip https://share.{host}.example.net/api/upload`",
]
_VALUES = {
    "object": [
        "oak-studio_S-210_final.zip",
        "pine-hall_S-311_final.zip",
        "[REDACTED]",
        "-s 50m sage_S-513_final.zip",
    ],
    "shoot": ["S-210", "S-311", "S-412", "S-513"],
}


def _lines(note: str) -> list[str]:
    from memdir.consolidation.weekly.listed import numbered_lines

    return numbered_lines(note.split("\n---\n", 1)[1])


def test_a_merge_candidate_leaves_out_a_step_the_persons_note_has_by_its_own_placeholders() -> None:
    """#7: "3. Zip the edited photos as `<client>_<shoot>_final.zip`." is the zip step: not proposed."""
    from memdir.consolidation.weekly.listed import resolve, unlisted

    left = unlisted(_STEPS[2:3], _lines(PHOTO_NOTE), _STEPS, _VALUES)
    assert left == [], left
    assert resolve(_STEPS, _lines(PHOTO_NOTE), _VALUES).get("object") == "<client>_<shoot>_final.zip"


def test_a_japanese_note_says_the_zip_step_with_its_own_placeholders() -> None:
    from memdir.consolidation.weekly.listed import resolve, unlisted

    assert unlisted(_STEPS[2:3], _lines(PHOTO_NOTE_JA), _STEPS, _VALUES) == []
    assert resolve(_STEPS, _lines(PHOTO_NOTE_JA), _VALUES).get("object") == "<顧客>_<撮影>_final.zip"
    other = ["shell: `tar czf {object} out/`"]  # another command: still proposed
    assert unlisted(other, _lines(PHOTO_NOTE_JA), other, _VALUES) == other


def _told_week(root: Path, text: str, title: str, error: str, intent: str) -> None:
    _cli(root, "init", str(root))
    _cli(root, "episode", "add", text, "--title", title, "--at", "2026-12-03T11:00:00+00:00")
    _cli(root, "consolidate", "daily", "--date", "2026-12-03")
    events = root / "activity"
    tmp = root.parent / "w"
    _week(
        tmp,
        intent,
        CLIENTS,
        _cake,
        "label-print",
        error,
        lambda s: s + " copies=2" if s.startswith("label-print") else s,
    )
    events.mkdir(exist_ok=True)
    (events / "2026-12-01.jsonl").write_text(
        (tmp / "activity" / "2026-12-01.jsonl").read_text("utf-8"), "utf-8"
    )
    _cli(root, "consolidate", "weekly", "--until", "2026-12-07")


def test_a_weekly_lesson_and_the_daily_lesson_of_the_same_failure_name_each_other(tmp_path: Path) -> None:
    """#5: the agent told the failure the same day ("… with --oven"); the daily lesson and the weekly one link."""
    root = tmp_path / "bakery"
    _told_week(
        root,
        "Confirm cake order C-513 for cedar-school failed: the plan had no oven slot. "
        "From now on always run bake-plan with --oven.",
        "Cake order C-513 failed",
        "LabelError: oven slot missing from plan (re-run bake-plan with --oven)",
        "Confirm cake order {job} for {who}",
    )
    lessons = {p.name: p.read_text(encoding="utf-8") for p in (root / "knowledge" / "lessons").glob("*.md")}
    weekly = [n for n, t in lessons.items() if "origin: weekly" in t]
    daily = [n for n, t in lessons.items() if "origin: daily" in t]
    assert weekly and daily, lessons
    assert f"told the same day in `knowledge/lessons/{daily[0]}`" in lessons[weekly[0]], lessons[weekly[0]]
    assert f"`knowledge/lessons/{weekly[0]}`" in lessons[daily[0]], lessons[daily[0]]
