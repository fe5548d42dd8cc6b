"""Trial 23 re-check T3: a Templater tag (`<% tp.date.now("YYYY-MM-DD") %>`, `<%* … %>`, any `<% … %>`)
unquoted in frontmatter is a template's leftover, as an unquoted `{{date}}` is: `lint` names the key and
the line, `note show` gives the file as it is with the warning, search leaves it out, a day file with
one is named and left pending. Quoted, it is text (and memdir quotes it when it writes one); at a day
file's top, it is no episode. A choir's rehearsal templates (English) and a calligraphy class's
(Japanese); real CLI subprocesses."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}


def _write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_an_unquoted_template_tag_is_a_template_leftover(root: Path, run_cli: Run) -> None:
    _write(
        root,
        "knowledge/rehearsal.md",
        '---\ncreated: <% tp.date.now("YYYY-MM-DD") %>\nsection:\n  - <% tp.file.title %>\n---\n'
        "# Rehearsal\n\nWarm up the altos on the descending fifths.\n",
    )
    _write(
        root,
        "knowledge/稽古.md",
        '---\n作成日: <% tp.file.creation_date("YYYY年MM月DD日") %> 作成\n---\n# 稽古\n\n楷書の払いは筆を寝かせる。\n',
    )
    _write(
        root,
        "procedures/setlist.md",
        '---\n<%* const season = await tp.system.suggester(["spring", "autumn"]) %>\ntitle: Setlist\n---\n'
        "# Setlist\n\n1. Pick the descending fifths warm-up\n",
    )
    res = run_cli("lint")
    assert res.returncode == 1
    lines = res.stdout.splitlines()
    assert (
        "knowledge/rehearsal.md: error: invalid YAML frontmatter: `created` holds a template tag (`<% … %>`), "
        "not text (line 2); a template's placeholder: quote the value to keep it as text"
    ) in lines, res.stdout
    assert any(
        x.startswith("knowledge/稽古.md: error:") and "`作成日` holds a template tag" in x for x in lines
    )
    assert any(
        x.startswith("procedures/setlist.md: error:") and "a template's code, not YAML (line 2)" in x
        for x in lines
    ), res.stdout
    shown = run_cli("note", "show", "knowledge/rehearsal.md")
    assert shown.stdout.startswith("---\ncreated: <% tp.date.now(")  # the file as it is
    assert "frontmatter not read" in shown.stderr and "`created` holds a template tag" in shown.stderr
    shown_json = json.loads(run_cli("note", "show", "knowledge/稽古.md", "--json").stdout)
    assert "`作成日` holds a template tag" in shown_json["warning"]
    hits = json.loads(run_cli("search", "descending fifths altos", "--json", env=HASHING).stdout)
    assert "knowledge/rehearsal.md" not in [h["path"] for h in hits]


def test_a_quoted_tag_is_text_and_memdir_quotes_the_tags_it_writes(root: Path, run_cli: Run) -> None:
    _write(
        root,
        "knowledge/daily-template.md",
        '---\ndescription: "<% tp.date.now() %> opens every rehearsal note"\n---\n# Daily template\n\nbody\n',
    )
    res = run_cli(
        "note", "add", "knowledge", "書道の日付", "日付は <% tp.date.now() %> で入れる。",
        "--description", '<% tp.date.now("YYYY-MM-DD") %> で今日の日付',
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    written = [p.read_text(encoding="utf-8") for p in (root / "knowledge").glob("*.md")]
    assert any('description: "<% tp.date.now(\\"YYYY-MM-DD\\") %> で今日の日付"' in t for t in written), (
        written
    )
    assert "daily-template.md" not in run_cli("lint").stdout
    for note in (root / "knowledge").glob("*.md"):
        shown = json.loads(run_cli("note", "show", f"knowledge/{note.name}", "--json").stdout)
        assert shown["warning"] is None and "<% tp.date.now(" in shown["description"], shown


def test_a_day_file_with_a_tag_in_its_frontmatter_is_named_and_its_top_is_no_episode(
    root: Path, run_cli: Run
) -> None:
    _write(
        root,
        "episodes/2026-11-02.md",
        "<%* const mood = await tp.system.prompt('mood') %>\n# 2026-11-02\n"
        '<% tp.date.now("dddd", 0, tp.file.title, "YYYY-MM-DD") %>\n<%-\n  tp.file.cursor()\n-%>\n\n'
        "## 19:00 — Rehearsal\n\nThe tenors came in early at bar 32 again.\n",
    )
    _write(
        root,
        "episodes/2026-11-03.md",
        '---\ndate: <% tp.date.now("YYYY-MM-DD") %>\n---\n## 10:00 — 稽古\n\n草書の連綿を練習した。\n',
    )
    res = run_cli("consolidate", "daily", "--dry-run", env=HASHING)
    assert res.returncode == 75, (res.stdout, res.stderr)
    assert "3 looked at" not in res.stdout and "2 looked at" in res.stdout, res.stdout  # the top: no episode
    assert (
        "episodes/2026-11-03.md: invalid YAML frontmatter: `date` holds a template tag (`<% … %>`)"
        in res.stderr
    ), res.stderr
    status = run_cli("status").stdout
    assert "episodes/2026-11-03.md" in status and "fix it by hand" in " ".join(status.split())
