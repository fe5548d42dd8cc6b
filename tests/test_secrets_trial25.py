"""Trial 25 (`fix29a`): secrets in a logged tool input are masked whatever shape carries them.

1. `log_event` (MCP) with an OBJECT `input` wrote `password`, `api_key` and a non-Bearer
   `Authorization` value unmasked; the same values as a string were masked.
2. `memdir log` kept a password given on a command line as `-u user,password` (lftp), `open -u`,
   or `-p` after `-u` (ncftp).

Each case is checked where a user notices it: the event returned, the line on disk, and the notes
a weekly run writes from a log an agent wrote by itself. Domains: a veterinary clinic's booking
API, an observatory's data mirror, a school's timetable service, a brewery's sensors.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

from test_mcp_stdio import serve

from memdir import Memory

ENV = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}


def memdir(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(root), *args],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=300,
    )


def activity_text(root: Path) -> str:
    return "".join(p.read_text(encoding="utf-8") for p in sorted((root / "activity").glob("*.jsonl")))


def written_outside_activity(root: Path) -> str:
    """Every file under the root but activity/ (notes, review items, run state, the index)."""
    out = []
    for path in root.rglob("*"):
        if path.is_file() and "activity" not in path.relative_to(root).parts[:1]:
            out.append(path.read_bytes().decode("utf-8", "replace"))
    return "\n".join(out)


# -- 1. an object input over MCP -------------------------------------------------------------------

VET_KEY = "c0ffee12-9a8b-4c7d-8e6f-5a4b3c2d1e0f:vx"
OKTA = "00aZx9Lq7Wm3Rt5Yu8Io2Pk4Jh6Gf1Ds0Ae"
CLINIC_PW = "Pawprint-7Mossy!"
JA_PW = "ねこ2026Tama"
JA_KEY = "k9Jd82hQm4ZtP0wLx7Rv"
SCHOOL_PW = "Chalk&Bell-42"


def test_mcp_log_event_masks_secrets_in_an_object_input(tmp_path: Path) -> None:
    root = tmp_path / "root"
    Memory(root).init()
    inputs = [
        {
            "url": "https://api.vetclinic.example/v1/slots",
            "headers": {"Authorization": f"VetSys-Key {VET_KEY}"},
        },
        {"headers": {"authorization": f"SSWS {OKTA}", "Accept": "application/json"}},
        {"clinic": "north", "password": CLINIC_PW, "api_key": "9d8c7b6a5f4e3d2c1b0a9f8e"},
        {"ユーザー名": "tanaka", "パスワード": JA_PW, "APIキー": JA_KEY, "予約日": "2026-12-03"},
        {"auth": ["frontdesk", SCHOOL_PW], "timetable": "2026-spring"},
        {"argv": ["psql", "-h", "db.school.example", "-U", "timetable", "--password", SCHOOL_PW]},
    ]
    with serve(tmp_path, root) as served:
        returned = [
            served.ok(
                "log_event",
                {"type": "tool_use", "task_id": f"vet-{i}", "tool": "http.call", "input": value},
            )
            for i, value in enumerate(inputs)
        ]
    shown = json.dumps(returned, ensure_ascii=False)
    on_disk = activity_text(root)
    for text in (shown, on_disk):
        for secret in (VET_KEY, OKTA, CLINIC_PW, "9d8c7b6a5f4e3d2c1b0a9f8e", JA_PW, JA_KEY, SCHOOL_PW):
            assert secret not in text
        # what the call was stays readable: the scheme, the user, the url, the other arguments
        assert "VetSys-Key [REDACTED]" in text and "SSWS [REDACTED]" in text
        assert "https://api.vetclinic.example/v1/slots" in text and '"Accept": "application/json"' in text
        assert '"ユーザー名": "tanaka"' in text and '"予約日": "2026-12-03"' in text
        assert '["frontdesk", "[REDACTED]"]' in text and '"timetable": "2026-spring"' in text
        assert '"--password", "[REDACTED]"' in text
    assert returned[2]["input"] == {"clinic": "north", "password": "[REDACTED]", "api_key": "[REDACTED]"}


# -- 1. the same through `memdir log` and the Python API ------------------------------------------


def test_cli_log_json_input_and_python_api_mask_by_key(tmp_path: Path) -> None:
    root = tmp_path / "root"
    Memory(root).init()
    as_json = json.dumps({"headers": {"Authorization": f"SSWS {OKTA}"}, "query": "appointments?day=tue"})
    done = memdir(
        root, "log", "--type", "tool_use", "--task", "vet-cli", "--tool", "http", "--input", as_json
    )
    assert done.returncode == 0, done.stderr
    mem = Memory(root)
    event = mem.log(
        type="tool_use",
        task_id="brew-1",
        tool="sensors.read",
        input={
            "tank": "FV-3",
            "暗証番号": 4071,
            "token": "gAAAAB9x-brewhouse-Tq81LmZ",
            "token_count": 512,
            "PWD": "/home/brew/logs",
        },
    )
    assert event["input"] == {
        "tank": "FV-3",
        "暗証番号": "[REDACTED]",
        "token": "[REDACTED]",
        "token_count": 512,
        "PWD": "/home/brew/logs",  # the shell's directory, not a password
    }
    text = activity_text(root)
    assert OKTA not in text and "gAAAAB9x-brewhouse-Tq81LmZ" not in text and "4071" not in text
    assert '\\"Authorization\\": \\"SSWS [REDACTED]\\"' in text  # the scheme word stays, as in an object
    assert "appointments?day=tue" in text


def test_a_password_shaped_like_a_record_id_is_masked_under_a_passwords_name(tmp_path: Path) -> None:
    """`Copper-77` under `passphrase` is a password (the lead's find after fix29a: a word of six letters or fewer and
    a number was let through as a record id, so one guest Wi-Fi passphrase of four was masked); under a bare `pass`
    (a ski pass, a boarding pass) such a value is the pass's number and stays."""
    root = tmp_path / "root"
    Memory(root).init()
    mem = Memory(root)
    for i, phrase in enumerate(["Lantern-42", "Copper-77", "Harbor-05"]):
        event = mem.log(
            type="tool_use",
            task_id=f"wifi-{i}",
            tool="router.wlan",
            input={
                "ssid": "Clinic-Guest",
                "passphrase": phrase,
                "パスワード": phrase,
                "ski_pass": "LP-7781203",
            },
        )
        assert event["input"] == {
            "ssid": "Clinic-Guest",
            "passphrase": "[REDACTED]",
            "パスワード": "[REDACTED]",
            "ski_pass": "LP-7781203",
        }
    text = activity_text(root)
    assert "Copper-77" not in text and "Harbor-05" not in text and "Lantern-42" not in text


# -- 2. command lines --------------------------------------------------------------------------------

COMMANDS = {
    "lftp -u astro,Nebula-88x sftp://mirror.observatory.example -e 'mirror /raw'": "Nebula-88x",
    "lftp -u 'astro,Nebula-88y' sftp://mirror.observatory.example": "Nebula-88y",
    "lftp -e 'open -u astro,Nebula-88z ftp.observatory.example; mirror /fits'": "Nebula-88z",
    "ncftp -u astro -p Quasar5k9 ftp.observatory.example": "Quasar5k9",
    "curl -H 'Authorization: StarCat-Token 7f3e9a1c5b2d8e4f6a0b' https://catalog.example/v2": "7f3e9a1c5b2d8e4f6a0b",
    "望遠鏡のデータ取得: lftp -u kansoku,Subaru-2026q sftp://data.example.jp": "Subaru-2026q",
}
# what stays as written: the user, no password at all, a uid:gid, a list of users, a database name
HARMLESS = [
    "lftp -u astro sftp://mirror.observatory.example",
    "docker run -u 1000:1000 -p 8080:80 fits-viewer",
    "ps -u root,daemon -o pid,cmd",
    "mysql -h db.observatory.example -u reader -p observations_2026 < nightly.sql",
    "chown -R astro:staff /data/fits",
]


def test_cli_log_masks_passwords_in_command_lines(tmp_path: Path) -> None:
    root = tmp_path / "root"
    Memory(root).init()
    for i, command in enumerate([*COMMANDS, *HARMLESS]):
        done = memdir(
            root, "log", "--type", "tool_use", "--task", f"obs-{i}", "--tool", "shell", "--input", command
        )
        assert done.returncode == 0, done.stderr
    text = activity_text(root)
    for secret in COMMANDS.values():
        assert secret not in text
    assert "lftp -u astro,[REDACTED] sftp://mirror.observatory.example" in text  # the user stays
    assert "ncftp -u astro -p [REDACTED] ftp.observatory.example" in text
    assert "Authorization: StarCat-Token [REDACTED]" in text
    for command in HARMLESS:
        assert json.dumps(command, ensure_ascii=False) in text


# -- 1 and 2: what a weekly run copies from a log the agent wrote itself -----------------------------


def test_weekly_notes_take_the_masked_input(tmp_path: Path) -> None:
    root = tmp_path / "root"
    Memory(root).init()
    lines = []
    for n, day in enumerate(("2026-11-16", "2026-11-17", "2026-11-18")):
        task = f"sched-{n}"
        lines += [
            {
                "ts": f"{day}T09:00:00+00:00",
                "type": "task_start",
                "task_id": task,
                "summary": "Publish the weekly timetable to the school portal",
            },
            {
                "ts": f"{day}T09:01:00+00:00",
                "type": "tool_use",
                "task_id": task,
                "tool": "timetable.export",
                "input": {"term": "spring", "format": "ics"},
            },
            {
                "ts": f"{day}T09:02:00+00:00",
                "type": "tool_use",
                "task_id": task,
                "tool": "portal.upload",
                "input": {
                    "file": "timetable.ics",
                    "headers": {"Authorization": f"Portal-Key {VET_KEY}"},
                    "password": SCHOOL_PW,
                },
            },
            {
                "ts": f"{day}T09:03:00+00:00",
                "type": "tool_use",
                "task_id": task,
                "tool": "shell",
                "input": "lftp -u teacher,Nebula-88x sftp://files.school.example -e 'put timetable.ics'",
            },
            {"ts": f"{day}T09:04:00+00:00", "type": "task_end", "task_id": task, "outcome": "success"},
        ]
    (root / "activity" / "2026-11-16.jsonl").write_text(
        "".join(json.dumps(e) + "\n" for e in lines), encoding="utf-8"
    )
    report = Memory(root).consolidate_weekly(until=date(2026, 11, 23))
    assert report.created or report.review, report
    written = written_outside_activity(root)
    assert "timetable.export" in written or "portal.upload" in written  # the steps were copied
    for secret in (VET_KEY, SCHOOL_PW, "Nebula-88x"):
        assert secret not in written
