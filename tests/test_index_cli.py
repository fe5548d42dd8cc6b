"""CLI search and index commands in real subprocesses; several processes at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from memdir import Memory

REPO = Path(__file__).resolve().parent.parent
Run = Callable[..., subprocess.CompletedProcess[str]]


def write(root: Path, rel: str, desc: str, body: str, extra: str = "") -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(f"---\ndescription: {desc}\n{extra}---\n\n# {desc}\n\n{body}\n", encoding="utf-8")


def seed(root: Path) -> None:
    write(root, "knowledge/kiwi.md", "Kiwi facts", "Kiwis are flightless birds from New Zealand.")
    write(
        root,
        "knowledge/tea.md",
        "Green tea",
        "Brew green tea at 80 degrees for two minutes.",
        "tags: [drinks]\n",
    )
    write(
        root,
        "procedures/release.md",
        "Cut a release",
        "1. bump the version\n2. tag and push",
        "confidence: 0.6\n",
    )
    write(root, "knowledge/ja.md", "猫の世話", "猫には毎朝ごはんをあげる。")


def test_cli_search_json_equals_library(root: Path, run_cli: Run) -> None:
    seed(root)
    res = run_cli("search", "how do birds that cannot fly live", "-k", "3", "--json")
    assert res.returncode == 0, res.stderr
    cli_hits = json.loads(res.stdout)
    lib_hits = [
        h.to_dict() for h in Memory(root).search("how do birds that cannot fly live", k=3, weak=False)
    ]
    assert cli_hits == lib_hits and cli_hits[0]["path"] == "knowledge/kiwi.md"
    assert set(cli_hits[0]) == {
        "path",
        "score",
        "description",
        "kind",
        "title",
        "confidence",
        "snippet",
        "tags",
        "anchor",
        "relevant",
        "words",
        "cosine",
        "title_words",
        "rankers",
    }
    for args in (
        ["--kind", "procedures"],
        ["--tag", "drinks"],
        ["--mode", "lexical"],
        ["--min-confidence", "0.7"],
    ):
        res = run_cli("search", "release tea 猫", "-k", "5", "--json", *args)
        assert res.returncode == 0, res.stderr
        kw = (
            {"kind": "procedures"}
            if args[0] == "--kind"
            else {"tags": ["drinks"]}
            if args[0] == "--tag"
            else ({"mode": "lexical"} if args[0] == "--mode" else {"min_confidence": 0.7})
        )
        assert json.loads(res.stdout) == [
            h.to_dict() for h in Memory(root).search("release tea 猫", k=5, weak=False, **kw)
        ]


def test_cli_human_output_and_index_commands(root: Path, run_cli: Run) -> None:
    seed(root)
    (root / "knowledge/broken.md").write_bytes(b"---\nx: [\n---\n")
    res = run_cli("index", "sync")
    assert res.returncode == 0, res.stderr
    assert "4 new" in res.stdout and "skipped knowledge/broken.md" in res.stderr
    res = run_cli("index", "sync", "--json")
    data = json.loads(res.stdout)
    assert (
        data["unchanged"] == 4
        and data["embedded_chunks"] == 0
        and data["errors"][0]["path"] == "knowledge/broken.md"
    )
    res = run_cli("index", "rebuild", "--no-progress")
    assert res.returncode == 0 and "rebuilt: requested" in res.stdout
    res = run_cli("search", "猫", "--mode", "lexical")
    assert res.returncode == 0 and "knowledge/ja.md" in res.stdout and "猫の世話" in res.stdout
    res = run_cli("search", "x", "--kind", "bogus")
    assert res.returncode == 2
    res = run_cli("search", "--help")
    assert "Example:" in res.stdout


def test_unreachable_chroma_server_is_one_line_error(root: Path, run_cli: Run) -> None:
    seed(root)
    (root / "memdir.yaml").write_text("index: {backend: http, host: 127.0.0.1, port: 9}\n", encoding="utf-8")
    res = run_cli("index", "sync", "--no-progress")
    assert res.returncode == 1
    assert (
        res.stderr.strip().startswith("error: cannot reach the Chroma server")
        and "Traceback" not in res.stderr
    )


def test_concurrent_processes_sync_and_search_without_errors(root: Path) -> None:
    for i in range(30):
        write(root, f"knowledge/n{i:02d}.md", f"Note {i}", f"common words plus token{i}")
    code = (
        "import sys\nfrom memdir import Memory\nfrom memdir.index.embedder import get_embedder\n"
        "m = Memory(sys.argv[1], embedder=get_embedder('hashing'))\n"
        "for i in range(4):\n"
        "    m.index.sync()\n"
        "    hits = m.search('common words token7', k=3, mode='lexical')\n"
        "    assert hits and hits[0].path == 'knowledge/n07.md', hits\n"
        "print('ok')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO / "core")}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(root)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=str(REPO),
        )
        for _ in range(3)
    ]
    # a writer editing notes while the others sync and search
    for i in range(30, 40):
        write(root, f"knowledge/n{i:02d}.md", f"Note {i}", f"late words token{i}")
    outs = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, err
        assert out.strip() == "ok" and "locked" not in err
    from memdir.index.embedder import get_embedder

    mem = Memory(root, embedder=get_embedder("hashing"))
    mem.index.sync()
    assert len(mem.index.view().catalog.records) == 40
    assert mem.search("late words token39", k=1, mode="lexical")[0].path == "knowledge/n39.md"
