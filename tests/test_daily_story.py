"""Trial 12 #7: a story of what happened is no procedure, and weekly's well-logged work is not held against it.

In other words and other domains than the trial's (an invoice told as a story): an event planner's deposit,
a pottery studio's kiln firing, a warehouse's stock-take (JA). Each tells what happened, in the past, with
no steps of its own, and the shipped model reads it as steps; daily keeps it as knowledge (the lesson, when
it tells a mistake and its rule), says why in `--json`, and weekly then distils the four well-logged firings
of the same week into a procedure instead of a merge candidate on the story. A narrative that is a
repeatable way of doing a task ("First I drained the node, then …", 「まず…次に…最後に…」) stays a procedure.
Real files, the shipped embedder, the CLI in a subprocess.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest
from test_daily_support import notes

Cli = Callable[..., CompletedProcess[str]]

DEPOSIT = (
    "Venue booking for the Larsen wedding (June)",
    "I booked the garden venue for the Larsen wedding in June. I checked the date with the venue manager, signed "
    "the contract and paid the deposit by bank transfer. The transfer was rejected because the IBAN on the "
    "invoice was outdated; I called the venue, got the new IBAN and paid again, which went through. Lesson "
    "learned: confirm bank details by phone before paying a deposit.",
)
KILN = (
    "Firing the glaze batch for the Mori order",
    "I fired the glaze batch for the Mori order on Thursday. I loaded the kiln at noon, ramped it to 1240 degrees "
    "and held it there for twenty minutes. We unloaded the pieces the next morning and all forty bowls came out "
    "clean.",
)
STOCKTAKE = (
    "3月の棚卸し（倉庫B）",
    "3月の棚卸しで倉庫Bの在庫が合わなかった。私がハンディ端末で数え直したら、ロット番号の読み違いで2箱が別の棚に"
    "登録されていた。登録を直して再集計したら一致した。教訓：棚卸しの前に端末の読み取り設定を確認すること。",
)
STORY = "story of what happened"


def _episode(root: Path, day: str, title: str, text: str, hhmm: str = "09:10") -> None:
    path = root / "episodes" / f"{day}.md"
    head = "" if path.exists() else f"---\ndate: {day}\n---\n"
    with path.open("a", encoding="utf-8") as f:
        f.write(f"{head}\n## {hhmm} — {title}\n\n{text}\n")


@pytest.mark.parametrize(
    ("title", "text", "lesson"),
    [(*DEPOSIT, True), (*KILN, False), (*STOCKTAKE, True)],
    ids=["en-mistake", "en", "ja"],
)
def test_a_story_of_what_happened_is_kept_as_knowledge_not_as_steps(
    ready: Cli, root: Path, title: str, text: str, lesson: bool
) -> None:
    day = "2026-04-09"
    _episode(root, day, title, text)
    res = ready("consolidate", "daily", "--date", day, "--json")
    assert res.returncode == 0, res.stderr
    episodes = json.loads(res.stdout)["episodes"]
    assert notes(root, "procedures") == [], episodes
    (decision,) = [e for e in episodes if e["action"] == "create"]
    assert STORY in decision["reason"], decision
    kept = sorted((root / "knowledge").rglob("*.md"))
    assert len(kept) == 1, kept  # one note: the lesson when it tells a mistake and its rule
    assert (kept[0].parent.name == "lessons") is lesson, kept
    body = kept[0].read_text(encoding="utf-8")
    assert "\n1. " not in body  # its sentences are not numbered as steps
    assert text.split("。")[0].split(".")[0][:25] in body  # the writer's words are kept


@pytest.mark.parametrize(
    ("title", "text"),
    [
        (
            "Draining a node",
            "First I drained the node, then I cordoned it and finally I rebooted it after the pods moved.",
        ),
        (
            "ノードの入れ替え",
            "まずノードをドレインして、次にコードンし、最後にポッドが移動したのを確認してから再起動した。",
        ),
    ],
    ids=["en", "ja"],
)
def test_a_narrative_that_is_a_repeatable_way_of_working_stays_a_procedure(
    ready: Cli, root: Path, title: str, text: str
) -> None:
    day = "2026-04-09"
    _episode(root, day, title, text)
    res = ready("consolidate", "daily", "--date", day, "--json")
    assert res.returncode == 0, res.stderr
    assert len(notes(root, "procedures")) == 1, json.loads(res.stdout)["episodes"]


def test_weekly_distils_well_logged_firings_the_story_of_one_firing_does_not_hold(
    ready: Cli, root: Path
) -> None:
    """The story is knowledge: weekly's duplicate check (procedures/ and skills/) no longer sees it."""
    _episode(root, "2026-04-09", *KILN, hhmm="17:40")
    orders = [("Mori", "B-31", 1240, "09"), ("Lindqvist", "B-32", 1220, "10"), ("Achebe", "B-33", 1240, "11"),
              ("Haddad", "B-34", 1260, "12")]  # fmt: skip
    for i, (name, batch, degrees, d) in enumerate(orders):
        tid = f"fire-{i + 1}"

        def ts(s: str, d: str = d) -> str:
            return f"2026-04-{d}T03:00:{s}+00:00"

        events = [
            {"ts": ts("00"), "type": "task_start", "task_id": tid, "summary": f"Fire the glaze batch for the {name} order"},
            {"ts": ts("10"), "type": "tool_use", "task_id": tid, "tool": "kiln.load",
             "input": json.dumps({"batch": batch, "pieces": 40})},
            {"ts": ts("20"), "type": "tool_use", "task_id": tid, "tool": "kiln.ramp",
             "input": json.dumps({"target_c": degrees, "rate_c_per_h": 150})},
            {"ts": ts("30"), "type": "tool_use", "task_id": tid, "tool": "kiln.hold", "input": json.dumps({"minutes": 20})},
            {"ts": ts("40"), "type": "task_end", "task_id": tid, "outcome": "success"},
        ]  # fmt: skip
        with (root / "activity" / f"2026-04-{d}.jsonl").open("a", encoding="utf-8") as f:
            f.writelines(json.dumps(e) + "\n" for e in events)
    daily = ready("consolidate", "daily", "--json")
    assert daily.returncode == 0, daily.stderr
    weekly = ready("consolidate", "weekly", "--until", "2026-04-12", "--json")
    assert weekly.returncode == 0, weekly.stderr
    report = json.loads(weekly.stdout)
    assert report["review"] == [], report  # no "repeats the story's note, adds no step" candidate
    (made,) = [p for p in report["created"] if p.startswith("procedures/")]
    text = (root / made).read_text(encoding="utf-8")
    assert "kiln.ramp" in text and "kiln.hold" in text
    assert [
        p for p in report["created"] + json.loads(daily.stdout)["created"] if p.startswith("procedures/")
    ] == [made]
