"""Trial 22 #11: many episodes telling the same lesson in one day.

Thirty "Lesson learned: check the vaccine stock at clinic N before booking; we had to cancel booking i." episodes gave
one lesson citing all thirty, and also fifteen "Kept as nothing; file it?" review items for episodes that were
already its sources; the lesson's rule carried one episode's failure ("…; we had to cancel booking 0.") with "the
episode names no failed step" under "What failed"; and the run report listed the lesson's path 28 times.

Here a bakery chain's cancelled orders (EN and JA), through `memdir consolidate daily` in a
real subprocess: an episode folded into the lesson is reported as folded into it, never as kept as nothing; the
rule is the rule, each episode's failure is under "What failed"; the report names each path once, with a count.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import memdir_stdout

DAY = "2026-03-09"
EN = [
    (
        f"Flour problem {i}",
        f"Lesson learned: check the flour stock at shop {i % 3} before baking; we had to cancel order {i}.",
    )
    for i in range(24)
]
JA = [
    (
        f"在庫切れ{i}",
        f"教訓：受注前に{i % 2 + 1}号店の小麦粉の在庫を確認すること；注文{i}をキャンセルする羽目になった。",
    )
    for i in range(12)
]


def _day_file(stories: list[tuple[str, str]]) -> str:
    parts = [
        f"## {9 + k // 60:02d}:{k % 60:02d} — {title}\n\n{text}\n" for k, (title, text) in enumerate(stories)
    ]
    return f"---\ndate: {DAY}\n---\n\n" + "\n".join(parts)


def _consolidated(base: Path, stories: list[tuple[str, str]]) -> tuple[Path, dict[str, object]]:
    root = base / "root"
    memdir_stdout(root, "init")
    (root / "episodes" / f"{DAY}.md").write_text(_day_file(stories), encoding="utf-8")
    return root, json.loads(memdir_stdout(root, "consolidate", "daily", "--date", DAY, "--json"))


@pytest.fixture(scope="module")
def en(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    return _consolidated(tmp_path_factory.mktemp("report22-en"), EN)


@pytest.fixture(scope="module")
def ja(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    return _consolidated(tmp_path_factory.mktemp("report22-ja"), JA)


def _lessons(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): p.read_text(encoding="utf-8")
        for p in (root / "knowledge" / "lessons").glob("*.md")
    }


def test_no_review_item_calls_an_episode_of_a_lesson_kept_as_nothing(
    en: tuple[Path, dict[str, object]],
) -> None:
    """An episode the lesson keeps raises no "Kept as nothing; file it?" item."""
    root, _ = en
    lessons = "\n".join(_lessons(root).values())
    kept_as_nothing = [
        p.name
        for p in (root / "review").glob("*.md")
        if "kind: file_candidate" in (t := p.read_text(encoding="utf-8"))
        and any(
            f"- {line.split('- ', 1)[1]}" in lessons
            for line in t.splitlines()
            if line.startswith("- episodes/")
        )
    ]
    assert kept_as_nothing == []


def test_a_folded_episode_is_reported_as_in_its_lesson(en: tuple[Path, dict[str, object]]) -> None:
    """The report's row for each episode the lesson holds names the lesson, not a skip."""
    root, report = en
    rows = report["episodes"]
    assert isinstance(rows, list)
    held = {
        line.strip()[2:]
        for text in _lessons(root).values()
        for line in text.split("sources:", 1)[1].split("contexts:", 1)[0].splitlines()
        if line.strip().startswith("- ")
    }
    assert len(held) >= 10
    for ep in held:
        mine = [r for r in rows if r["episode"] == ep]
        assert mine and all(r["action"] != "skip" for r in mine), mine


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_report_names_each_path_once_with_a_count(request: pytest.FixtureRequest, lang: str) -> None:
    """`created` and `updated` hold each path once; how often one was updated is a count."""
    _, report = request.getfixturevalue(lang)
    created, updated, counts = report["created"], report["updated"], report["update_counts"]
    assert isinstance(created, list) and isinstance(updated, list) and isinstance(counts, dict)
    assert len(created) == len(set(created)) and len(updated) == len(set(updated)), report
    assert not set(created) & set(updated), report
    assert any(n > 1 for n in counts.values()), counts


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rule_is_the_rule_and_each_failure_is_what_failed(
    request: pytest.FixtureRequest, lang: str
) -> None:
    """The lesson's description is the rule without one episode's failure; the failures are under "What failed"."""
    root, _ = request.getfixturevalue(lang)
    [text] = [t for t in _lessons(root).values() if ("flour stock" in t if lang == "en" else "小麦粉" in t)]
    description = text.split("description:", 1)[1].splitlines()[0]
    failed = text.split("## What failed", 1)[1].split("\n## ", 1)[0]
    if lang == "en":
        assert "cancel order" not in description and "before baking" in description, text
        assert failed.count("we had to cancel order") >= 10, text
        assert "no failed step" not in failed, text
    else:
        assert "キャンセル" not in description and "在庫を確認" in description, text
        assert failed.count("キャンセルする羽目になった") >= 5, text


def test_the_cli_lines_name_each_path_once(tmp_path: Path) -> None:
    """The plain report prints a lesson once, with how many times the run updated it."""
    root = tmp_path / "root"
    memdir_stdout(root, "init")
    memdir_stdout(root, "consolidate", "daily", "--date", DAY)  # an existing lesson, then more episodes of it
    (root / "episodes" / f"{DAY}.md").write_text(_day_file(EN[:2]), encoding="utf-8")
    memdir_stdout(root, "consolidate", "daily", "--date", DAY)
    more = "2026-03-10"
    (root / "episodes" / f"{more}.md").write_text(
        _day_file(EN[2:12]).replace(f"date: {DAY}", f"date: {more}"), encoding="utf-8"
    )
    out = memdir_stdout(root, "consolidate", "daily", "--date", more)
    lines = [line for line in out.splitlines() if "knowledge/lessons/" in line]
    assert len(lines) == len(set(lines)), out
    assert any("updates)" in line for line in lines), out
