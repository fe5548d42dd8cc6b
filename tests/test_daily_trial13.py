"""Trial 13 (a solo developer's terse bullet episodes in Git), read in other domains and languages.

Each test runs the real CLI over hand-written day files, as a person keeping the root in Git does.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from subprocess import CompletedProcess

import pytest

Cli = Callable[..., CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "hashing"}
# recent days: notes of a day months ago would be forgotten (archived) by the run's lifecycle step
DAY1 = (date.today() - timedelta(days=3)).isoformat()
DAY2 = (date.today() - timedelta(days=2)).isoformat()


def _day(root: Path, day: str, body: str) -> None:
    (root / "episodes" / f"{day}.md").write_text(f"---\ndate: {day}\n---\n\n{body}", encoding="utf-8")


KILN = """## 08:30 — bisque firing

- the kiln stopped at 600 °C with error E-3: the vent plug was still in
- lesson: pull the vent plug before starting the program

## 13:00 — 釉薬の調合

- 長石を 40% から 35% に減らしたら縮れが消えた
- 次からは調合を変える前にテストピースを焼く
"""


@pytest.mark.slow
def test_dry_run_lists_the_lessons_the_real_run_writes(root: Path, run_cli: Cli) -> None:
    _day(root, DAY1, KILN)
    dry = run_cli("consolidate", "daily", "--date", DAY1, "--dry-run", "--json", env=ENV)
    assert dry.returncode == 0, dry.stderr
    planned = json.loads(dry.stdout)
    assert not list((root / "knowledge").rglob("*.md"))  # the dry run wrote nothing
    real = run_cli("consolidate", "daily", "--date", DAY1, "--json", env=ENV)
    assert real.returncode == 0, real.stderr
    done = json.loads(real.stdout)
    lessons = [p for p in done["created"] if p.startswith("knowledge/lessons/")]
    assert lessons, done["created"]
    assert sorted(planned["created"]) == sorted(done["created"])
    for rel in lessons:
        assert f"+++ b/{rel}" in planned["diff"]
    text = run_cli("consolidate", "daily", "--date", DAY1, "--dry-run", env=ENV)
    assert "would create" not in text.stdout  # nothing left to do once it ran


PH_STEPS = """## 08:00 — calibrate the pH meter

1. Rinse the electrode with distilled water
2. Dip it in the pH 7 buffer and press CAL
3. Rinse again, dip it in the pH 4 buffer and press CAL
4. Check the slope reads between 95 and 105 percent
"""
PH_USED = """## 08:10 — pH meter

- same as last time: rinse, pH 7 buffer, CAL, pH 4 buffer, CAL, check the slope
- took 6 min
"""
KIOSK_STEPS = """## 09:00 — 受付端末の再起動

1. 受付アプリを終了する
2. 端末を再起動する
3. 受付アプリを起動してプリンタのテスト印刷をする
"""
KIOSK_USED = """## 09:05 — 受付端末

- 前回と同じ：アプリ終了、再起動、テスト印刷
- 3分かかった
"""


@pytest.mark.slow
@pytest.mark.parametrize(("steps", "used"), [(PH_STEPS, PH_USED), (KIOSK_STEPS, KIOSK_USED)])
def test_a_terse_bullet_report_of_the_usual_steps_is_an_outcome(
    root: Path, run_cli: Cli, steps: str, used: str
) -> None:
    _day(root, DAY1, steps)
    first = run_cli("consolidate", "daily", "--date", DAY1, "--json", env=ENV)
    assert first.returncode == 0, first.stderr
    (proc,) = [p for p in json.loads(first.stdout)["created"] if p.startswith("procedures/")]
    _day(root, DAY2, used)
    res = run_cli("consolidate", "daily", "--date", DAY2, "--json", env=ENV)
    assert res.returncode == 0, res.stderr
    rows = json.loads(res.stdout)["episodes"]
    assert [(r["action"], r["target"]) for r in rows] == [("outcome", proc)], rows
    text = (root / proc).read_text(encoding="utf-8")
    assert "success_count: 1" in text and "## Outcome notes" in text


@pytest.mark.slow
@pytest.mark.parametrize(
    ("label", "one", "two"),
    [
        (
            "issue",
            "Greenhouse tomatoes got blight: brown spots on the lower leaves. Fix: removed the leaves and "
            "spaced the plants so the air moves.",
            "Greenhouse heater tripped the breaker at night. Fix: moved the heater to its own circuit "
            "and set the thermostat to 8 degrees.",
        ),
        (
            "不具合",
            "複合機で紙詰まりが続く。原因：給紙トレイのガイドがずれていた。対処：ガイドをA4に合わせ直した。",
            "社用車のタイヤ空気圧の警告灯が点いた。原因：気温が下がったため。対処：スタンドで空気を入れた。",
        ),
    ],
)
def test_two_notes_under_the_same_bare_heading_stay_two_notes(
    root: Path, run_cli: Cli, label: str, one: str, two: str
) -> None:
    # the shipped embedder: the two texts are related (calibrated similarity >= 0.5) but not one subject
    _day(root, DAY1, f"## {label}\n\n{one}\n")
    _day(root, DAY2, f"## {label}\n\n{two}\n")
    assert run_cli("consolidate", "daily", "--date", DAY1, timeout=600).returncode == 0
    res = run_cli("consolidate", "daily", "--date", DAY2, "--json", timeout=600)
    assert res.returncode == 0, res.stderr
    rows = json.loads(res.stdout)["episodes"]
    assert [r["action"] for r in rows] == ["create"], rows
    notes = [p for d in ("knowledge", "procedures") for p in (root / d).glob("*.md")]
    assert len(notes) == 2, notes  # one note per episode, neither holding the other


FIX_NOTES = """## 06:10 — oven door

- oven door seal leaks steam, loaves come out pale
- fix: new gasket (part 42-118) + hinge screws tightened
- ref: https://example.com/deck-oven-manual.pdf

## 11:30 — 複合機

- 複合機で紙詰まりが続く
- 対処：給紙トレイのガイドをA4に合わせ直した
- 参考: https://example.com/manual
"""


@pytest.mark.slow
def test_terse_fix_notes_are_kept_as_knowledge_not_skipped(root: Path, run_cli: Cli) -> None:
    # the shipped embedder's router read both at p(skip)=0.73-0.74: "read as nothing to keep", marked done
    _day(root, DAY1, FIX_NOTES)
    res = run_cli("consolidate", "daily", "--date", DAY1, "--json", timeout=600)
    assert res.returncode == 0, res.stderr
    rows = {r["episode"].split("#")[1]: r for r in json.loads(res.stdout)["episodes"]}
    for anchor, fix in (
        ("0610-oven-door", "new gasket (part 42-118)"),
        ("1130-複合機", "ガイドをA4に合わせ直した"),
    ):
        row = rows[anchor]
        assert row["action"] == "create" and row["target"].startswith("knowledge/"), row
        assert fix in (root / row["target"]).read_text(encoding="utf-8")
