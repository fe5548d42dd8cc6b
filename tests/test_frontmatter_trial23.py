"""Trial 23, problem 1: frontmatter that parses as YAML into values no note can carry (a template's
`when: {{when}}`, a date or a list used as a key, `!!set`, `!!binary`) is frontmatter that does not
parse, for every reader: `note show` and MCP `read_note`/resources give the raw text with a warning
(no `TypeError`), `lint` calls it an error naming the line, search does not serve it as if it were fine.
Real files, the CLI and the MCP server in real subprocesses; a choir's rehearsal notes.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from test_mcp_stdio import Served, new_root, serve

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}

TEMPLATE = (
    '---\nwhen: {{when}}\nconductor: "{{conductor}}"\n---\n# {{when}}\n\n## Warm-up\n- [ ] lip trills\n'
)
JA_TEMPLATE = "---\n日付: {{日付}}\n---\n# 練習メモ {{日付}}\n\n## 発声\n- [ ] ハミング\n"
ODD = {
    "date-key.md": ("---\ndescription: rehearsal dates\n2026-03-01: spring concert\n---\n# Dates\n", 3),
    "list-key.md": ("---\ndescription: voice parts\n[soprano, alto]: upper\n---\n# Parts\n", 3),
    "set.md": ("---\ndescription: pieces\ntags: !!set {motet, anthem}\n---\n# Pieces\n", 3),
    "binary.md": ("---\ndescription: a scanned score\nscore: !!binary aGVsbG8=\n---\n# Score\n", 3),
}


def _write(root: Path, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_note_show_prints_a_template_note_as_it_is_with_a_warning(root: Path, run_cli: Run) -> None:
    _write(root, "knowledge/templates/Rehearsal template.md", TEMPLATE)
    _write(root, "knowledge/テンプレート/練習.md", JA_TEMPLATE)
    for rel, text in (
        ("knowledge/templates/Rehearsal template.md", TEMPLATE),
        ("knowledge/テンプレート/練習.md", JA_TEMPLATE),
    ):
        shown = run_cli("note", "show", rel, env=HASHING)
        assert shown.returncode == 0, shown.stderr
        assert shown.stdout == text
        assert "TypeError" not in shown.stderr and "frontmatter not read" in shown.stderr
        assert "used as a key" in shown.stderr and "(line 2)" in shown.stderr
        data = json.loads(run_cli("note", "show", rel, "--json", env=HASHING).stdout)
        assert data["text"] == text and data["meta"] == {} and data["description"] == ""
        assert "used as a key" in str(data["warning"])


def test_lint_calls_such_frontmatter_an_error_naming_the_line(root: Path, run_cli: Run) -> None:
    _write(root, "knowledge/templates/Rehearsal template.md", TEMPLATE)
    _write(root, "knowledge/テンプレート/練習.md", JA_TEMPLATE)
    for name, (text, _) in ODD.items():
        _write(root, f"knowledge/{name}", text)
    lint = run_cli("lint", env=HASHING)
    assert lint.returncode == 1
    out = lint.stdout
    assert (
        "knowledge/templates/Rehearsal template.md: error: invalid YAML frontmatter: `when` holds a mapping"
        in out
    )
    assert "knowledge/テンプレート/練習.md: error: invalid YAML frontmatter: `日付` holds a mapping" in out
    for name, (_, line) in ODD.items():
        mine = [ln for ln in out.splitlines() if ln.startswith(f"knowledge/{name}: error: invalid YAML")]
        assert mine and f"(line {line})" in mine[0], (name, out)
    assert "6 error(s)" in out


def test_search_never_serves_the_placeholder_as_a_description(root: Path, run_cli: Run) -> None:
    _write(root, "knowledge/templates/Rehearsal template.md", TEMPLATE)
    _write(
        root,
        "knowledge/warm-up.md",
        "---\ndescription: Warm-up before every rehearsal\n---\n# Warm-up\n\nlip trills and sirens\n",
    )
    res = run_cli("search", "warm-up lip trills", "--json", env=HASHING)
    assert res.returncode == 0, res.stderr
    hits = json.loads(res.stdout)
    assert "knowledge/warm-up.md" in [h["path"] for h in hits]
    assert all("{{" not in str(h["description"]) for h in hits)
    ctx = run_cli("context", "warm-up lip trills", env=HASHING)
    assert ctx.returncode == 0 and "{{when}}" not in ctx.stdout


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("template-mcp")
    notes = {"knowledge/rehearsal-template.md": TEMPLATE, "knowledge/練習テンプレート.md": JA_TEMPLATE}
    with serve(base, new_root(base, notes)) as served:
        yield served


def test_mcp_read_note_and_the_resource_give_the_raw_text(served: Served) -> None:
    for rel, text in (
        ("knowledge/rehearsal-template.md", TEMPLATE),
        ("knowledge/練習テンプレート.md", JA_TEMPLATE),
    ):
        read = served.ok("read_note", {"path": rel})
        assert read["text"] == text
        assert "frontmatter not read" in str(read["warning"]) and "used as a key" in str(read["warning"])
    res = served.portal.call(served.client.read_resource, "memdir://notes/knowledge/rehearsal-template.md")
    assert getattr(res.contents[0], "text", None) == TEMPLATE
