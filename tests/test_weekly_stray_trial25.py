"""Trial 25 #3 (fix29b): a task with no request is never the third "success" of a kind its calls do not share.

The trial's week: two successful glossary updates and one task logged with `memdir log` (two `shell` calls and a
`task_end`, no `task_start`, nothing in common with them) made a procedure "from 3 successful tasks" citing it.
Here: other domains, English and Japanese, one generic tool and a tool per verb. A task without a request is
read from what it has (its calls, its reply, its thought): it joins a kind when its calls are the kind's, never
because its text (or its first call) happens to sit near the kind's requests.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from cli_helper import memdir_ok

REPO = Path(__file__).resolve().parent.parent
UNTIL = "2026-11-23"


def _cli(root: Path, *args: str) -> str:
    return memdir_ok(root, *args).stdout


def _root(tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    env = {**os.environ, "PYTHONPATH": str(REPO / "core"), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    subprocess.run(
        [sys.executable, "-m", "memdir", "init", str(root)], env=env, check=True, capture_output=True
    )
    return root


def _write(root: Path, events: list[dict[str, Any]]) -> None:
    for ev in events:
        day = ev["ts"][:10]
        with (root / "activity" / f"{day}.jsonl").open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(ev, ensure_ascii=False) + "\n")


def _task(
    tid: str, day: str, request: str | None, calls: list[tuple[str, Any]], **extra: str
) -> list[dict[str, Any]]:
    """A successful task: its start (when it has a request), its calls, a thought/reply if given, its end."""
    evs: list[dict[str, Any]] = []
    if request is not None:
        evs.append({"ts": f"{day}T01:00:00+00:00", "type": "task_start", "task_id": tid, "summary": request})
    for i, (tool, inp) in enumerate(calls):
        evs.append(
            {
                "ts": f"{day}T01:0{i + 1}:00+00:00",
                "type": "tool_use",
                "task_id": tid,
                "tool": tool,
                "input": inp,
            }
        )
    if "thought" in extra:
        evs.append(
            {"ts": f"{day}T01:07:00+00:00", "type": "thought", "task_id": tid, "summary": extra["thought"]}
        )
    if "reply" in extra:
        evs.append(
            {
                "ts": f"{day}T01:08:00+00:00",
                "type": "response_sent",
                "task_id": tid,
                "summary": extra["reply"],
            }
        )
    evs.append({"ts": f"{day}T01:09:00+00:00", "type": "task_end", "task_id": tid, "outcome": "success"})
    return evs


def _log_stray(root: Path, tid: str, day: str, commands: list[str]) -> None:
    """The trial's CLI-logged task: `memdir log` of `shell` calls and an end, no start."""
    for i, cmd in enumerate(commands):
        ts = f"{day}T02:0{i + 1}:00+00:00"
        _cli(root, "log", "--type", "tool_use", "--task", tid, "--tool", "shell", "--input", cmd, "--ts", ts)
    _cli(
        root,
        "log",
        "--type",
        "task_end",
        "--task",
        tid,
        "--outcome",
        "success",
        "--ts",
        f"{day}T02:09:00+00:00",
    )


def _procedures(root: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted((root / "procedures").glob("*.md"))}


# --- English, a tool per verb: two permit renewals and a stray task --------------------------------------


def _permit(tid: str, day: str, car: str, zone: str, request: bool = True) -> list[dict[str, Any]]:
    calls: list[tuple[str, Any]] = [
        ("permits.lookup", {"plate": car, "zone": zone}),
        ("permits.renew", {"plate": car, "months": 12}),
        ("mail.send", {"to": "fleet@example.org", "subject": f"Permit renewed for {car}"}),
    ]
    text = f"Renew the parking permit for car {car} in zone {zone}" if request else None
    return _task(tid, day, text, calls)


def test_a_stray_task_without_a_start_is_not_the_third_success_en(tmp_path: Path) -> None:
    root = _root(tmp_path, "two")
    _write(
        root, _permit("pk-1", "2026-11-17", "KA-4411", "B") + _permit("pk-2", "2026-11-19", "LM-2093", "C")
    )
    _log_stray(root, "ops-7", "2026-11-20", ["mysql -u admin -e 'select 1'", "sftp deploy@files.example.org"])
    out = _cli(root, "consolidate", "weekly", "--until", UNTIL)
    assert _procedures(root) == {}, out  # two renewals are too few for a procedure

    # three real renewals and the stray: the procedure is from the three, and never cites the stray
    root = _root(tmp_path, "three")
    renewals = [("pk-1", "2026-11-17", "KA-4411", "B"), ("pk-2", "2026-11-18", "LM-2093", "C")]
    renewals.append(("pk-3", "2026-11-19", "RT-7720", "A"))
    for r in renewals:
        _write(root, _permit(*r))
    _log_stray(root, "ops-7", "2026-11-20", ["mysql -u admin -e 'select 1'", "sftp deploy@files.example.org"])
    _cli(root, "consolidate", "weekly", "--until", UNTIL)
    [text] = _procedures(root).values()
    assert "ops-7" not in text
    assert "from 3 successful tasks" in text
    # and a task without a request still counts when its calls are the kind's (read by what it has)
    _unasked_counts_by_its_calls(tmp_path)


def _cert(tid: str, day: str, host: str, request: bool = True) -> list[dict[str, Any]]:
    calls: list[tuple[str, Any]] = [
        ("shell", f"certctl fetch --host {host} --issuer internal-ca"),
        ("shell", f"certctl install --host {host} --path /etc/ssl/site.pem"),
        ("shell", f"ssh {host} sudo systemctl reload nginx"),
    ]
    return _task(tid, day, f"Rotate the TLS certificate on host {host}" if request else None, calls)


def _unasked_counts_by_its_calls(tmp_path: Path) -> None:
    """One generic tool: a rotation logged without its start, same calls, is one of the kind; a task whose reply
    reads like a rotation but whose calls only listed certificates is not."""
    root = _root(tmp_path, "unasked")
    _write(root, _cert("tls-1", "2026-11-17", "web-3") + _cert("tls-2", "2026-11-18", "api-7"))
    _write(root, _cert("tls-3", "2026-11-19", "mail-2", request=False))
    _write(
        root,
        _task(
            "ops-8",
            "2026-11-20",
            None,
            [("shell", "certctl list --expiring 30d"), ("shell", "certctl show --host web-9")],
            thought="Only look which certificates expire soon",
            reply="Rotated the TLS certificate on host web-9",
        ),
    )
    _cli(root, "consolidate", "weekly", "--until", UNTIL)
    [text] = _procedures(root).values()
    assert "tls-3" in text and "ops-8" not in text
    assert "from 3 successful tasks" in text


# --- Japanese, one generic tool: two stocktakes and a stray task with a reply and a thought ------------


def _stock(tid: str, day: str, shop: str, shelf: str) -> list[dict[str, Any]]:
    calls: list[tuple[str, Any]] = [
        ("shell", f"zaiko export --shop {shop} --shelf {shelf} -o count.csv"),
        ("shell", "zaiko diff count.csv --against ledger"),
        ("shell", f"zaiko commit --shop {shop} --note 棚卸し済み"),
    ]
    return _task(tid, day, f"{shop} 店の棚 {shelf} の在庫を棚卸しする", calls)


def test_a_stray_task_with_a_reply_is_not_the_third_success_ja(tmp_path: Path) -> None:
    root = _root(tmp_path, "ja")
    _write(root, _stock("zk-1", "2026-11-17", "梅田", "A3") + _stock("zk-2", "2026-11-19", "難波", "B1"))
    _write(
        root,
        _task(
            "ops-9",
            "2026-11-20",
            None,
            [("shell", "lftp -e 'mirror /pub' files.example.jp"), ("shell", "ls -la /pub")],
            thought="在庫の件は終わったので、ファイルを取得する",
            reply="取引先のファイルを取得しました",
        ),
    )
    out = _cli(root, "consolidate", "weekly", "--until", UNTIL)
    assert _procedures(root) == {}, out
