"""Trial 16 #6: a daily lesson files each sentence where a person looks for it.

A public library's IT desk and a café's weekly retrospective (KPT) go through `memdir episode add` and one
`memdir consolidate daily` (real subprocesses). A pasted traceback stays a code block in "What failed"
(it was one flattened line ending in a stray fence); the remedy told as an act ("Restored …") is under
"What worked instead"; a chat turn and the plain line after it are two sentences (the description was
both glued, "**dev:** … fine now From now on …"); "When it applies" stops before a second action; a
Keep / 良かった点 item is never a failure and a figure after its full stop is no orphan.
"""

from __future__ import annotations

import re

import pytest
from cli_support import memdir_stdout as _memdir

TRACE = """Catalogue sync crashed overnight. Pasting the trace:

```
Traceback (most recent call last):
  File "/srv/opac/sync.py", line 41, in pull_records
    rows = marc.read(batch)
  File "/srv/opac/marc.py", line 210, in read
    raise MarcError("bad leader in record 88213")
opac.marc.MarcError: bad leader in record 88213
```

Lesson learned: validate each MARC batch before the nightly import. Restored last night's catalogue from the snapshot before opening.
"""
CHAT = """Teams #branch-desk:
**dev:** the self-checkout kiosks froze at 10:00, receipts stuck in the spooler
**ana:** the print spooler queue was full, 4000 jobs
**dev:** restarted the print server, fine now
From now on clear the spooler queue before opening the branch and reboot the kiosks on Mondays.
"""
KPT = """良かった点：返却ポスト Bを増設したら朝の待ち時間がなくなった。平均 4分。
悪かった点：土曜の午後にレジのロール紙が切れて 20 分止まった。
次からは、土曜の開店前にロール紙の在庫を確認し、予備を 3 本カウンターに置くこと。
"""


@pytest.fixture(scope="module")
def lessons(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("lessons16") / "root"
    _memdir(root, "init")
    for at, title, text in [
        ("2026-10-05T08:10:00Z", "catalogue sync crashed", TRACE),
        ("2026-10-05T10:30:00Z", "kiosks froze", CHAT),
        ("2026-10-05T18:00:00Z", "週次振り返り（KPT）", KPT),
    ]:
        _memdir(root, "episode", "add", "-", "--at", at, "--title", title, text=text)
    _memdir(root, "consolidate", "daily")
    out: dict[str, str] = {}
    for f in (root / "knowledge" / "lessons").glob("*.md"):
        text = f.read_text(encoding="utf-8")
        key = next(k for k in ("catalogue", "kiosks", "kpt") if k in text.lower() or k in f.name)
        out[key] = text
    return out


def _section(text: str, name: str) -> str:
    return text.split(f"## {name}\n", 1)[1].split("\n## ", 1)[0] if f"## {name}\n" in text else ""


def test_a_pasted_trace_stays_a_code_block_and_the_remedy_is_what_worked(lessons: dict[str, str]) -> None:
    lesson = lessons["catalogue"]
    failed = _section(lesson, "What failed")
    assert "- ```\n  Traceback (most recent call last):\n" in failed
    assert '    File "/srv/opac/marc.py", line 210, in read\n' in failed
    assert "  opac.marc.MarcError: bad leader in record 88213\n  ```\n" in failed
    assert not re.search(r"[^\s-] ```", failed)  # no line flattened into one with a stray fence
    worked = _section(lesson, "What worked instead")
    assert "- Restored last night's catalogue from the snapshot before opening." in worked
    assert "Restored" not in failed


def test_each_chat_turn_is_its_own_sentence_and_the_condition_stops_before_the_second_action(
    lessons: dict[str, str],
) -> None:
    lesson = lessons["kiosks"]
    assert (
        "description: From now on clear the spooler queue before opening the branch and reboot the kiosks on Mondays."
        in lesson
    )
    assert _section(lesson, "When it applies").strip() == "- before opening the branch"
    worked = _section(lesson, "What worked instead")
    assert "- **dev:** restarted the print server, fine now\n" in worked
    assert "fine now From now on" not in lesson


def test_a_keep_item_is_not_a_failure_and_a_figure_is_no_orphan(lessons: dict[str, str]) -> None:
    lesson = lessons["kpt"]
    failed = _section(lesson, "What failed")
    assert "ロール紙が切れて" in failed
    assert "良かった点" not in failed and "返却ポスト" not in failed
    assert not any(line.strip() in ("平均 4分。", "- 平均 4分。") for line in lesson.splitlines())
    assert "待ち時間がなくなった。平均 4分。" in lesson  # the Keep item, whole, under Notes
