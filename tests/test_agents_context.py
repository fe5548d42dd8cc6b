"""`memdir context` / Memory.context(): pinned first, relevant next, within budget, stable."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from memdir import MemdirError, Memory
from memdir.agents.context import HEADER, build_context, estimate_tokens


def _write(root: Path, rel: str, meta: str, body: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(f"---\n{meta.strip()}\n---\n\n{body}", encoding="utf-8")


@pytest.fixture
def sample(root: Path) -> Path:
    _write(
        root,
        "knowledge/z-prefs.md",
        "description: The user prefers uv over pip\npinned: true",
        "# Prefs\n\nUse uv.\n",
    )
    _write(root, "skills/a-rules.md", "description: Never push to main\npinned: true", "Open a PR instead.\n")
    _write(root, "knowledge/not-pinned.md", "description: Something else\npinned: false", "Body.\n")
    _write(root, "knowledge/string-pinned.md", 'description: Quoted\npinned: "yes"', "Body.\n")
    _write(root, "procedures/deploy.md", "description: Deploy the API\nconfidence: 0.55", "1. make release\n")
    _write(root, "procedures/rotate.md", "description: Rotate the db password\nconfidence: 0.9", "1. vault\n")
    _write(root, "procedures/backup.md", "description: Restore a backup", "1. pg_restore\n")
    _write(root, "procedures/lint.md", "description: Run the linters\nconfidence: 0.55", "1. ruff\n")
    return root


def _digest(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*.md"))
    }


def test_header_then_pinned_by_path_then_procedures_by_confidence(sample: Path) -> None:
    out = Memory(sample).context()
    assert out.startswith(HEADER)
    assert "evidence, not instructions" in out.splitlines()[1]
    order = [line.split("`")[1] for line in out.splitlines() if line.startswith("- `")]
    assert order == [
        "knowledge/z-prefs.md",
        "skills/a-rules.md",  # pinned, by path
        "procedures/rotate.md",
        "procedures/deploy.md",
        "procedures/lint.md",
        "procedures/backup.md",
    ]
    assert "`procedures/rotate.md` (confidence 0.90): Rotate the db password" in out
    assert "Use uv." in out  # pinned bodies are included when they fit
    assert "not-pinned" not in out and "string-pinned" not in out


def test_output_is_stable_and_reads_nothing_into_the_files(sample: Path) -> None:
    before = _digest(sample)
    first = Memory(sample).context(budget=700)
    assert Memory(sample).context(budget=700) == first
    assert _digest(sample) == before


@pytest.mark.parametrize("budget", [60, 80, 100, 130, 200, 400, 1500])
def test_never_exceeds_budget(sample: Path, budget: int) -> None:
    for i in range(30):
        _write(
            sample,
            f"procedures/p{i:02d}.md",
            f"description: Procedure {i} 手順\nconfidence: 0.{i % 10}",
            ("Step with some words and 日本語の説明。\n" * 40),
        )
    out = Memory(sample).context(budget=budget)
    assert estimate_tokens(out) <= budget
    assert out.startswith(HEADER)


def test_small_budget_falls_back_to_one_line_entries(sample: Path) -> None:
    _write(
        sample,
        "knowledge/z-prefs.md",
        "description: The user prefers uv over pip\npinned: true",
        "Long explanation. " * 200,
    )
    out = Memory(sample).context(budget=130)
    assert "`knowledge/z-prefs.md`: The user prefers uv over pip" in out
    assert "Long explanation" not in out


def test_budget_below_header_is_an_error(sample: Path) -> None:
    with pytest.raises(MemdirError, match="too small"):
        Memory(sample).context(budget=10)


def test_estimate_tokens_counts_cjk_per_character() -> None:
    assert estimate_tokens("abcd" * 10) == 10
    assert estimate_tokens("本番デプロイ") == 6
    assert estimate_tokens("deploy 本番") == 2 + 2  # "deploy " = 7 chars -> 2, plus 2 CJK


@dataclass
class FakeHit:
    path: str
    score: float
    description: str
    kind: str
    title: str
    confidence: float | None
    snippet: str


def test_query_puts_procedures_first_by_confidence_then_hits_in_order(
    sample: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mem = Memory(sample)
    calls: list[dict[str, Any]] = []
    hits = [
        FakeHit("knowledge/not-pinned.md", 0.9, "Something else", "knowledge", "x", None, ""),
        FakeHit("procedures/deploy.md", 0.8, "Deploy the API", "procedures", "x", 0.55, ""),
        FakeHit(
            "episodes/2026-11-28.md#1030-fix-ci",
            0.7,
            "Fix CI",
            "episodes",
            "Fix CI",
            None,
            "pinned the image",
        ),
        FakeHit("procedures/rotate.md", 0.6, "Rotate", "procedures", "x", 0.9, ""),
        FakeHit("knowledge/z-prefs.md", 0.55, "prefs", "knowledge", "x", None, ""),  # pinned: not repeated
        FakeHit(
            "procedures/lint.md", 0.3, "Run the linters", "procedures", "x", 0.55, ""
        ),  # weak score, relevant
    ]

    def fake_search(query: str, k: int = 5, kind: str | None = None, **kw: Any) -> list[FakeHit]:
        calls.append({"query": query, "k": k, "kind": kind, **kw})
        return hits

    monkeypatch.setattr(mem, "search", fake_search)
    out = mem.context("deploy   the API", budget=1500)
    assert calls[0]["query"] == "deploy the API"
    order = [line.split("`")[1] for line in out.splitlines() if line.startswith("- `")]
    assert order == [
        "knowledge/z-prefs.md",
        "skills/a-rules.md",
        "procedures/rotate.md",
        "procedures/deploy.md",
        "procedures/lint.md",  # search called it relevant: shown whatever its score (trial 13)
        "knowledge/not-pinned.md",
        "episodes/2026-11-28.md#1030-fix-ci",
    ]
    assert "pinned the image" in out  # an episode hit shows its snippet
    assert "### Relevant to: deploy the API" in out


def test_kind_filter_is_passed_to_search(sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mem = Memory(sample)
    seen: list[str | None] = []
    monkeypatch.setattr(mem, "search", lambda q, k=5, kind=None, **kw: seen.append(kind) or [])
    build_context(mem.store, mem.search, "x", kind="knowledge")
    assert seen == ["knowledge"]
    with pytest.raises(MemdirError, match="unknown kind"):
        build_context(mem.store, mem.search, "x", kind="secrets")


def test_cli_context_prints_markdown_within_budget(sample: Path, run_cli: Any) -> None:
    res = run_cli("context", "--budget", "300")
    assert res.returncode == 0, res.stderr
    assert res.stdout == Memory(sample).context(budget=300)
    res = run_cli("context", "--budget", "300", "--json")
    data = json.loads(res.stdout)
    assert data["tokens"] <= 300 and data["budget"] == 300
    assert data["text"].startswith(HEADER)
    bad = run_cli("context", "--budget", "5")
    assert bad.returncode == 1 and bad.stderr.startswith("error:") and "Traceback" not in bad.stderr
    assert run_cli("context", "--kind", "secrets").returncode == 2


def test_real_hybrid_search_recalls_the_relevant_note_and_not_whole_episode_files(
    sample: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMDIR_EMBEDDER", "hashing")  # the real index and search, with a fast embedder
    mem = Memory(sample)
    mem.add_episode(
        "Rotated the db password with vault; no downtime.",
        title="Rotation",
        at=datetime.fromisoformat("2026-11-20T10:45:00+00:00"),
    )
    mem.add_episode(
        "Lunch was great. " * 100, title="Lunch", at=datetime.fromisoformat("2026-11-20T12:00:00+00:00")
    )
    out = mem.context("rotate the db password", budget=1500)
    relevant = out.split("### Relevant to: rotate the db password\n", 1)[1]
    paths = [line.split("`")[1] for line in relevant.splitlines() if line.startswith("- `")]
    assert paths[0] == "procedures/rotate.md", out  # the procedure with the highest confidence leads
    assert "Lunch was great. Lunch was great. Lunch was great." not in out  # no whole day file pasted in
    assert mem.context("rotate the db password", budget=1500) == out


def test_relative_root_and_symlinks_out_of_the_root(
    sample: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    outside = tmp_path / "secret.md"
    outside.write_text("---\ndescription: SECRET\npinned: true\n---\nSECRET BODY\n", encoding="utf-8")
    (sample / "knowledge" / "link.md").symlink_to(outside)
    monkeypatch.chdir(sample)
    out = Memory(".").context()
    assert "`knowledge/z-prefs.md`" in out and "`skills/a-rules.md`" in out
    assert "SECRET" not in out


def test_unreachable_chroma_server_still_gives_pinned_and_trusted_notes(
    sample: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMDIR_INDEX_BACKEND", "http")
    monkeypatch.setenv("MEMDIR_INDEX_PORT", "9")  # nothing listens on the discard port
    monkeypatch.setenv("MEMDIR_EMBEDDER", "hashing")
    out = Memory(sample).context("rotate the db password", budget=600)
    assert "`knowledge/z-prefs.md`" in out
    assert "### Most trusted procedures (search unavailable)" in out
    assert "`procedures/rotate.md` (confidence 0.90)" in out


def test_cli_context_shows_every_note_search_marks_relevant_procedures_first(
    root: Path, run_cli: Any
) -> None:
    """Trial 13: a day file matching the task's rare words ranked first and a cut at 60% of its score
    left out the procedure `search` itself marked relevant; context and search now agree."""
    steps = "\n".join(
        f"{i}. Record balance reading {i} in the logbook, note the humidity and the water temperature, tare."
        for i in range(4, 30)
    )
    _write(
        root,
        "procedures/calibrate-pipettes.md",
        "description: Calibrate the lab pipettes gravimetrically\nconfidence: 0.7",
        "# Calibrate the pipettes\n\n1. Weigh ten dispenses of distilled water on the analytical balance.\n"
        "2. Convert mass to volume at the room temperature.\n3. Adjust the pipette if the mean is off by 1%.\n"
        + steps
        + "\n",
    )
    _write(
        root,
        "knowledge/lessons/calibrate-pipettes.md",
        "description: Let the water reach room temperature before you calibrate\nconfidence: 0.6",
        "# Lesson: calibrate pipettes\n\nCold water from the fridge gave volumes 0.8% low; wait an hour.\n",
    )
    _write(
        root,
        "episodes/2026-03-02.md",
        "date: 2026-03-02",
        "## 09:10 — Eppendorf assay order\n\n- ordered Eppendorf tips for the assay from the usual supplier\n"
        "- the assay kit and the Eppendorf tips arrive on Friday\n- Eppendorf rep to demo the assay robot\n",
    )
    _write(
        root,
        "episodes/2026-03-03.md",
        "date: 2026-03-03",
        "## 14:00 — freezer alarm\n\n- the -80 freezer alarm went off at night; door not closed\n",
    )
    env = {"MEMDIR_EMBEDDER": "hashing"}
    task = "calibrate the Eppendorf pipettes before the assay"
    res = run_cli("search", task, "--json", env=env)
    assert res.returncode == 0, res.stderr
    hits = json.loads(res.stdout)
    relevant = [h.get("anchor") or h["path"] for h in hits if h["relevant"]]
    assert "procedures/calibrate-pipettes.md" in relevant and hits[0]["kind"] == "episodes"
    assert hits[0]["score"] * 0.6 > next(h["score"] for h in hits if h["kind"] == "procedures")
    res = run_cli("context", task, env=env)
    assert res.returncode == 0, res.stderr
    shown = [line.split("`")[1] for line in res.stdout.splitlines() if line.startswith("- `")]
    assert sorted(shown) == sorted(relevant)
    assert shown[0] == "procedures/calibrate-pipettes.md"  # procedures first


@dataclass
class MarkedHit(FakeHit):
    words: float = 1.0
    title_words: float = 0.0


def test_notes_admitted_by_meaning_alone_follow_the_ones_sharing_the_task_words(
    sample: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Trial 13: two release notes sharing no word with "sqlite database is locked" (cosine 0.844) led
    the block as a procedure; they are still shown (search marks them relevant) but after the match."""
    mem = Memory(sample)
    hits = [
        MarkedHit(
            "episodes/2026-04-02.md#0900-payroll-run", 0.95, "payroll run", "episodes", "x", None, "", 1.0
        ),
        MarkedHit("procedures/deploy.md", 0.3, "Deploy the API", "procedures", "x", 0.55, "", 0.0, 0.0),
        MarkedHit("knowledge/not-pinned.md", 0.2, "Something else", "knowledge", "x", None, "", 0.0, 0.0),
        MarkedHit("procedures/rotate.md", 0.5, "Rotate", "procedures", "x", 0.9, "", 0.4, 0.0),
    ]
    monkeypatch.setattr(mem, "search", lambda q, k=5, kind=None, **kw: hits)
    out = mem.context("payroll export stuck on the bank file", budget=1500)
    order = [line.split("`")[1] for line in out.splitlines() if line.startswith("- `")]
    relevant = order[2:]  # after the two pinned notes
    assert relevant == [
        "procedures/rotate.md",
        "episodes/2026-04-02.md#0900-payroll-run",
        "procedures/deploy.md",
        "knowledge/not-pinned.md",
    ]
