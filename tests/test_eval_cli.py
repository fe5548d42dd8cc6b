"""`memdir eval` as a user runs it: a real subprocess, its table, --out lines, --json, --export, errors."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

DATA = Path(__file__).parent / "data" / "eval"
Run = Callable[..., subprocess.CompletedProcess[str]]


def test_longmemeval_fixture_end_to_end(run_cli: Run, tmp_path: Path) -> None:
    out, root = tmp_path / "runs.jsonl", tmp_path / "lme-root"
    res = run_cli(
        "eval",
        "longmemeval",
        str(DATA / "longmemeval.json"),
        "--out",
        str(out),
        "--export",
        str(root),
        timeout=300,
    )
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == f"longmemeval: {DATA / 'longmemeval.json'}"
    assert "5 queries searched each in its own haystack (skipped: 1 abstention)" in lines[1]
    assert "memdir hybrid" in res.stdout and "grep baseline" in res.stdout
    assert {ln.split()[0] for ln in lines if ln.strip()} >= {"single-session-user", "knowledge-update", "ALL"}
    assert f"wrote 20 lines to {out}" in res.stderr and f"root kept at {root}" in res.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["query_id"], r["ranker"]) for r in rows[:4]] == [
        ("e1a4c2f0", "hybrid"),
        ("e1a4c2f0", "lexical"),
        ("e1a4c2f0", "vector"),
        ("e1a4c2f0", "grep"),
    ]
    car = rows[0]
    assert car["gold"] == ["answer_8c1e_1"] and car["ranked"][0] == "answer_8c1e_1"
    assert set(car["ranked"]) <= {"sharegpt_a1b2c3", "answer_8c1e_1", "ultrachat_55501", "e47b_1"}
    lint = run_cli("--root", str(root), "lint")
    assert lint.returncode == 0 and "0 problem(s)" in lint.stdout, lint.stdout + lint.stderr
    grep = subprocess.run(
        ["grep", "-rl", "--include=*.md", "Subaru Outback", str(root)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert grep.stdout.strip() == str(root / car["paths"][0])


def test_jsonl_json_document_and_no_root_left_behind(run_cli: Run, tmp_path: Path) -> None:
    env = {"TMPDIR": str(tmp_path)}
    res = run_cli("eval", "jsonl", str(DATA / "generic.jsonl"), "--json", "--k", "1,3", env=env, timeout=300)
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["dataset"] == "jsonl" and doc["documents"] == 8 and doc["queries"] == 7
    assert doc["k"] == [1, 3] and doc["root"] is None and doc["skipped"] == {"without gold documents": 1}
    assert set(doc["scores"]) == {"hybrid", "lexical", "vector", "grep"}
    assert doc["scores"]["hybrid"]["procedure"]["recall"] == {"1": 1.0, "3": 1.0}
    assert set(doc["ms_per_query"]) == set(doc["scores"])
    assert not list(tmp_path.glob("memdir-eval-*"))  # the temporary root is gone


def test_bad_input_is_one_line_and_a_non_zero_exit(run_cli: Run, tmp_path: Path) -> None:
    missing = run_cli("eval", "locomo", str(tmp_path / "nope.json"), "--no-progress")
    assert (
        missing.returncode == 1 and missing.stderr.strip() == f"error: {tmp_path / 'nope.json'}: no such file"
    )
    bad_k = run_cli("eval", "jsonl", str(DATA / "generic.jsonl"), "--k", "5,x")
    assert bad_k.returncode == 2 and "--k" in bad_k.stderr
    bad_ranker = run_cli("eval", "jsonl", str(DATA / "generic.jsonl"), "--rankers", "bm25")
    assert bad_ranker.returncode == 2 and "--rankers" in bad_ranker.stderr
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "notes.md").write_text("mine\n", encoding="utf-8")
    refused = run_cli(
        "eval",
        "jsonl",
        str(DATA / "generic.jsonl"),
        "--export",
        str(taken),
        "--rankers",
        "grep",
        "--no-progress",
    )
    assert refused.returncode == 1 and len(refused.stderr.strip().splitlines()) == 1
    assert "not an earlier `memdir eval --export`" in refused.stderr
    assert sorted(p.name for p in taken.iterdir()) == ["notes.md"]


def test_compare_puts_another_systems_lines_in_the_table(run_cli: Run, tmp_path: Path) -> None:
    theirs = tmp_path / "theirs.jsonl"
    theirs.write_text(
        json.dumps({"query_id": "q-password", "ranked": ["ops/rotate-db-password"]})
        + "\n"
        + json.dumps({"query_id": "q-ci", "paths": ["episodes/documents/misc-lunch.md"]})
        + "\n",
        encoding="utf-8",
    )
    res = run_cli(
        "eval",
        "jsonl",
        str(DATA / "generic.jsonl"),
        "--rankers",
        "lexical,grep",
        "--compare",
        f"bm25-theirs={theirs}",
        "--no-progress",
        "--json",
    )
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["rankers"] == ["lexical", "grep", "bm25-theirs"] and doc["ms_per_query"]["bm25-theirs"] is None
    assert (
        doc["scores"]["bm25-theirs"]["procedure"]["recall"]["1"] == 0.5
    )  # found the password, not the release
    assert doc["scores"]["bm25-theirs"]["fact"]["mrr"] == 0.0
    assert "5 queries not ranked (scored as nothing found)" in res.stderr
    bad = run_cli("eval", "jsonl", str(DATA / "generic.jsonl"), "--compare", "no-equals-sign")
    assert bad.returncode == 2 and "NAME=FILE" in bad.stderr


def test_in_process_with_progress_bars(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from memdir.cli.main import cli

    out = tmp_path / "lines.jsonl"
    res = CliRunner().invoke(
        cli,
        [
            "eval",
            "locomo",
            str(DATA / "locomo.json"),
            "--rankers",
            "lexical,grep",
            "--out",
            str(out),
            "--limit",
            "3",
        ],
    )
    assert res.exit_code == 0, res.output
    assert "5 documents, 3 queries searched over all documents" in res.output
    assert "ranking queries" in res.output and "writing notes" in res.output  # the progress bars (stderr)
    assert len(out.read_text(encoding="utf-8").splitlines()) == 6


def test_our_own_out_file_is_compared_under_a_name_of_its_own(run_cli: Run, tmp_path: Path) -> None:
    """docs/eval.md: last week's `--out` beside this week's run (`NAME=FILE#RANKER`); a taken name is
    refused before anything is exported or indexed (trial 11: refused after the slow work)."""
    data = tmp_path / "garden.jsonl"
    lines = [
        {
            "type": "document",
            "id": "beds/tomatoes",
            "text": "Water the tomato beds at dawn; mulch keeps them moist.",
        },
        {
            "type": "document",
            "id": "beds/roses",
            "text": "Prune the roses in late February, above an outward bud.",
        },
        {"type": "document", "id": "tools/mower", "text": "The mower's blade is sharpened every spring."},
        {
            "type": "query",
            "id": "g1",
            "text": "when should the tomato beds be watered",
            "gold": ["beds/tomatoes"],
        },
        {"type": "query", "id": "g2", "text": "prune roses", "gold": ["beds/roses"]},
    ]
    data.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    out, export = tmp_path / "last-week.jsonl", tmp_path / "export"
    first = run_cli(
        "eval", "jsonl", str(data), "--rankers", "lexical,grep", "--out", str(out), "--no-progress"
    )
    assert first.returncode == 0, first.stderr
    taken = run_cli(
        "eval",
        "jsonl",
        str(data),
        "--rankers",
        "lexical,grep",
        "--compare",
        f"grep={out}",
        "--export",
        str(export),
    )
    assert taken.returncode == 1 and len(taken.stderr.strip().splitlines()) == 1, taken.stderr
    assert f"--compare grep-2={out}#grep" in taken.stderr and not export.exists()
    unnamed = run_cli("eval", "jsonl", str(data), "--compare", f"old={out}", "--export", str(export))
    assert unnamed.returncode == 1 and "holds rankers grep, lexical, none named 'old'" in unnamed.stderr
    assert "#grep" in unnamed.stderr and not export.exists()
    res = run_cli(
        "eval",
        "jsonl",
        str(data),
        "--rankers",
        "lexical,grep",
        "--compare",
        f"last-week={out}#grep",
        "--json",
    )
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["rankers"] == ["lexical", "grep", "last-week"]
    assert doc["scores"]["last-week"] == doc["scores"]["grep"]
