"""The agent guide's commands work as written; the docs' examples and links hold."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
MY_DOCS = [
    "architecture.md",
    "formats.md",
    "configuration.md",
    "scaling.md",
    "benchmarks.md",
    "context-example.md",
    "cli.md",
    "cli-json.md",
    "mcp.md",
]
sys.path.insert(0, str(REPO / "scripts"))


def _bash_commands(markdown: str) -> list[list[str]]:
    """memdir commands in ```bash blocks, with continuation lines and multi-line quotes joined."""
    commands = []
    for block in re.findall(r"```bash\n(.*?)```", markdown, re.S):
        buf = ""
        for line in block.splitlines():
            buf = f"{buf}\n{line}" if buf else line
            if buf.endswith("\\"):
                buf = buf[:-1]
                continue
            try:
                argv = shlex.split(buf, comments=True)
            except ValueError:  # an open quote: the command goes on
                continue
            buf = ""
            if argv and argv[0] == "memdir":
                commands.append(argv[1:])
    return commands


def test_agent_guide_commands_run_as_written(root: Path, run_cli: Any) -> None:
    guide = (REPO / "prompts" / "agent-guide.md").read_text(encoding="utf-8")
    assert "never override" in guide.lower() and "evidence" in guide
    (root / "procedures" / "deploy-api.md").write_text(
        "---\ndescription: Deploy the API\nconfidence: 0.4\nsuccess_count: 0\nfailure_count: 0\norigin: weekly\n---\n\n"
        "1. make release\n",
        encoding="utf-8",
    )
    commands = _bash_commands(guide)
    verbs = {c[0] for c in commands}
    assert {"context", "search", "log", "feedback", "episode"} <= verbs, verbs
    for argv in commands:
        argv = [re.sub(r"<[^>]+>", "deploy the API", a) for a in argv]
        res = run_cli(*argv)
        assert res.returncode == 0, (argv, res.stderr)
    note = (root / "procedures" / "deploy-api.md").read_text(encoding="utf-8")
    assert "success_count: 1" in note and "failure_count: 1" in note
    assert list((root / "episodes").glob("*.md"))


def test_context_example_page_is_under_its_budgets() -> None:
    from memdir.agents.context import HEADER, estimate_tokens

    page = (REPO / "docs" / "context-example.md").read_text(encoding="utf-8")
    sections = re.findall(r"## `memdir context.*?--budget (\d+)`.*?````markdown\n(.*?)````", page, re.S)
    assert len(sections) >= 2
    for budget, text in sections:
        assert text.startswith(HEADER)
        assert estimate_tokens(text) <= int(budget)


@pytest.mark.parametrize("name", MY_DOCS)
def test_doc_links_resolve(name: str) -> None:
    page = REPO / "docs" / name
    if name == "benchmarks.md" and not page.exists():
        pytest.fail("docs/benchmarks.md is missing")
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
        if target.startswith(("http://", "https://")):
            continue
        assert (page.parent / target).exists(), f"{name} links to missing {target}"


def test_chart_parsers_read_the_benchmark_output() -> None:
    from make_charts import parse_retrieval, parse_routing

    retrieval = """notes 272
session-level recall, pooled over all notes (R@1 / R@5 / R@10)
category           n                hybrid                grep
single-hop       841     0.500/0.800/0.900     0.300/0.600/0.700
ALL             1536     0.400/0.700/0.800     0.200/0.500/0.600

fusion variants tried (R@5 ALL / multi-hop):
"""
    systems, table = parse_retrieval(retrieval)
    assert systems == ["hybrid", "grep"]
    assert table["ALL"]["grep"] == (0.2, 0.5, 0.6) and table["single-hop"]["hybrid"][1] == 0.8
    routing = """macro-F1: 0.863   F1[procedures]=0.842  F1[knowledge]=0.831  F1[skip]=0.917
confusion (rows = gold, columns = predicted):
              procedures   knowledge        skip
  procedures          24           3           0
   knowledge           6          27           2
        skip           0           0          11
"""
    labels, rows, f1 = parse_routing(routing)
    assert labels == ["procedures", "knowledge", "skip"] and rows[1] == [6, 27, 2] and f1["skip"] == 0.917


def test_weekly_sweep_table_parser() -> None:
    from make_charts import parse_weekly_sweep

    table = """| cluster threshold | seed 0 | seed 1 |
|---|---|---|
| 0.70 | 0.694 / 0.595 / 11 | 0.756 / 0.689 / 10 |
| **0.80** | 0.925 / 0.881 / 3 | 0.956 / 0.956 / 2 |
"""
    assert parse_weekly_sweep(table) == {
        0.7: [(0.694, 0.595), (0.756, 0.689)],
        0.8: [(0.925, 0.881), (0.956, 0.956)],
    }
