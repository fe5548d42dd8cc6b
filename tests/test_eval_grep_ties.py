"""Trial 13: the grep baseline's figures depended on file-name order (renaming the Japanese
documents' ids moved grep R@5 0.450 -> 0.575). Ties are now scored as the mean over their orders."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memdir.evaluation.metrics import recall_at, reciprocal_rank, tie_aware

DOCS = [
    (
        "garden/tomato-blight",
        "Tomato blight",
        "Remove the lower leaves and water at the base; copper spray in wet weeks.",
    ),
    ("garden/compost", "Compost heap", "Turn the heap every two weeks; keep it as damp as a wrung sponge."),
    ("garden/pruning-roses", "Pruning roses", "Prune roses in late winter to an outward-facing bud."),
    ("garden/slugs", "Slugs", "Beer traps and copper tape keep slugs off the lettuce."),
    ("ja/トマト-疫病", "トマトの疫病", "下葉を取り、株元に水をやる。雨の多い週は銅剤を散布する。"),
    ("ja/堆肥", "堆肥づくり", "二週間ごとに切り返し、固く絞ったスポンジくらいの湿り気を保つ。"),
    ("ja/バラの剪定", "バラの剪定", "冬の終わりに外芽の上で切る。"),
    ("ja/ナメクジ", "ナメクジ対策", "ビールの罠と銅テープでレタスを守る。"),
]
QUERIES = [
    ("q1", "how do I stop tomato blight", ["garden/tomato-blight", "ja/トマト-疫病"], "en"),
    ("q2", "when should roses be pruned", ["garden/pruning-roses", "ja/バラの剪定"], "en"),
    ("q3", "堆肥の切り返しの頻度は", ["ja/堆肥", "garden/compost"], "ja"),
    ("q4", "ナメクジを防ぐには", ["ja/ナメクジ"], "ja"),
]


def _corpus(path: Path, rename: bool) -> None:
    def name(i: str) -> str:
        return "0" + i if rename and i.startswith("ja/") else i

    lines = [{"type": "document", "id": name(i), "title": t, "text": x} for i, t, x in DOCS]
    lines += [
        {"type": "query", "id": q, "text": text, "gold": [name(g) for g in gold], "category": c}
        for q, text, gold, c in QUERIES
    ]
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")


def _grep_rows(tmp_path: Path, rename: bool) -> list[str]:
    data = tmp_path / ("renamed.jsonl" if rename else "plain.jsonl")
    _corpus(data, rename)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    res = subprocess.run(
        [sys.executable, "-m", "memdir", "eval", "jsonl", str(data), "--rankers", "grep", "--no-progress"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    assert res.returncode == 0, res.stderr
    return [ln for ln in res.stdout.splitlines() if ln.split()[:1] in (["en"], ["ja"], ["ALL"], ["grep:"])]


def test_grep_figures_do_not_depend_on_document_names(tmp_path: Path) -> None:
    plain, renamed = _grep_rows(tmp_path, False), _grep_rows(tmp_path, True)
    assert plain == renamed
    ja = next(ln for ln in plain if ln.startswith("ja")).split()
    # the Japanese questions are grepped by their kanji/katakana runs (trial 16; before: chance, 1/8 and 5/8);
    # files tied on those runs are still scored over their orders, so the names still do not count
    assert float(ja[2]) == pytest.approx(0.75, abs=1e-3) and float(ja[3]) == pytest.approx(0.893, abs=1e-3)
    assert "no word to grep" not in plain[-1]


def test_tie_aware_equals_the_mean_over_every_order_of_the_tied_items() -> None:
    scored = [("a", 3.0), ("b", 2.0), ("c", 2.0), ("d", 2.0), ("e", 0.0), ("f", 0.0), ("g", 0.0)]
    for gold in (["c"], ["b", "f"], ["e", "f", "g"], ["a"], ["zz"]):
        for depth in (3, 7):
            groups = [list(g) for _, g in itertools.groupby([p for p, _ in scored], key=dict(scored).get)]
            orders = [
                [p for part in o for p in part]
                for o in itertools.product(*(itertools.permutations(g) for g in groups))
            ]
            ks = [1, 2, 5]
            mean_r = [sum(recall_at(o, gold, k) for o in orders) / len(orders) for k in ks]
            mean_rr = sum(reciprocal_rank(o[:depth], gold) for o in orders) / len(orders)
            got_r, got_rr = tie_aware(scored, gold, ks, depth)
            assert got_r == pytest.approx(mean_r) and got_rr == pytest.approx(mean_rr), (gold, depth)
