"""Trial 22 #13: `context()` with a small budget showed nothing for a Japanese procedure, not even its path, and a
bigger budget could show fewer entries (150 gave 3, 200 gave 2).

The block is laid out in passes: first every entry's path (in order, until one does not fit), then their
descriptions, then their bodies, each with the room the passes before left. A bigger budget never shows fewer
entries, and a relevant note whose description line does not fit still shows its path. A bakery's notes, in
Japanese and English.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from memdir import Memory
from memdir.agents.context import estimate_tokens

JA_DESC = (
    "天然酵母のパン生地を一次発酵させるときに室温と湿度を確認しながら発酵箱の設定を決めて"
    "生地の膨らみ具合を指で押して確かめるまでの手順"
)
STEPS = "\n".join(f"{i}. {s}" for i, s in enumerate(["Weigh", "Mix", "Rest", "Fold", "Shape", "Bake"], 1))


def _write(root: Path, rel: str, desc: str, body: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(f"---\ndescription: {desc}\nconfidence: 0.5\n---\n\n{body}\n", encoding="utf-8")


def _entries(text: str) -> list[str]:
    return [line.split("`")[1] for line in text.splitlines() if line.startswith("- `")]


@pytest.fixture
def bakery(root: Path) -> Path:
    _write(root, "procedures/一次発酵.md", JA_DESC, "# 一次発酵\n\n1. 室温を測る。\n2. 発酵箱を27度にする。")
    for name, what in [
        ("sourdough-starter-feeding", "feed the sourdough starter before the morning bake"),
        ("sourdough-proofing", "proof the sourdough loaves overnight in the walk-in fridge"),
        ("sourdough-scoring", "score the sourdough loaves just before they go in the deck oven"),
    ]:
        body = f"# {name}\n\n" + "\n".join(
            f"{i}. {what}: step {i}, check the dough temperature and write it on the sheet."
            for i in range(1, 9)
        )
        _write(root, f"procedures/{name}.md", f"How to {what} without losing the batch", body)
    Memory(root).sync_index()
    return root


def test_a_japanese_procedure_shows_its_path_when_its_line_does_not_fit(bakery: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(bakery), "context", "一次発酵", "--budget", "90"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert _entries(out.stdout) == ["procedures/一次発酵.md"]
    assert estimate_tokens(out.stdout) <= 90
    roomy = Memory(bakery).context("一次発酵", budget=400)
    assert JA_DESC in roomy and "発酵箱を27度にする" in roomy  # with room, its description and steps


def test_a_bigger_budget_never_shows_fewer_entries(bakery: Path) -> None:
    mem = Memory(bakery)
    shown: list[list[str]] = []
    for budget in range(70, 520, 15):
        text = mem.context("sourdough loaves", budget=budget)
        assert estimate_tokens(text) <= budget
        shown.append(_entries(text))
    for smaller, bigger in zip(shown, shown[1:], strict=False):
        assert set(smaller) <= set(bigger), (smaller, bigger)
    assert len(shown[-1]) == 3 and "step 3" in mem.context("sourdough loaves", budget=2000)
