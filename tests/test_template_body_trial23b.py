"""Trial 23 second re-check M6: Templater tags (`<% … %>`, `<%* … %>`) and Obsidian's `{{date}}`-style
placeholders in a note's text (not its frontmatter) are an unrendered template: `memdir lint` warns once per
file naming the first such line, `note show` warns, and a line of nothing but template code is left out of
what `context`, search and the daily run get. Code a note quotes (fenced, inline) and other `{{…}}` (Jinja)
are text. A bread-baking class (EN) and a tea ceremony circle (JA); real CLI."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from cli_helper import run_memdir


def run(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    return run_memdir(args, root)


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "mem"
    assert run(["init", str(root)], root).returncode == 0
    return root


BAKING = """---
description: Rye starter class, week 3
---
# Class <% tp.file.title %>

The rye starter doubled in six hours at 26 degrees.
<%* tR += "attendance" %>
<% tp.file.cursor() %>
"""

TEA = """---
description: 茶会の記録
---
# 初釜の茶会

日付: {{date:YYYY-MM-DD}}
濃茶は三人で一碗を回した。
"""

QUOTED = """---
description: How the bakery's order page greets a customer
---
# Order page greeting

The page template says `Hello <% name %>` and the mail uses {{ customer.first_name }}.
Each morning the date goes in with <% tp.date.now() %> before the class list.

```erb
<% if late %>Sorry for the wait<% end %>
```
"""


def test_lint_and_note_show_name_the_first_template_line(tmp_path: Path) -> None:
    root = _root(tmp_path)
    (root / "knowledge" / "rye-class.md").write_text(BAKING, encoding="utf-8")
    (root / "knowledge" / "hatsugama.md").write_text(TEA, encoding="utf-8")
    (root / "knowledge" / "order-page.md").write_text(QUOTED, encoding="utf-8")
    lint = run(["lint"], root).stdout
    rye = [ln for ln in lint.splitlines() if ln.startswith("knowledge/rye-class.md")]
    assert rye == [
        "knowledge/rye-class.md: warning: a template tag (`<% … %>`) in the text (line 4): an unrendered "
        "template, not memory; render it, or keep templates outside memdir's folders"
    ]
    assert (
        "knowledge/hatsugama.md: warning: a template placeholder (`{{date:YYYY-MM-DD}}`) in the text (line 6)"
        in lint
    )
    assert "order-page" not in lint  # quoted code and a Jinja placeholder are a note's text
    shown = run(["note", "show", "knowledge/rye-class.md"], root)
    assert "a template tag (`<% … %>`) in the text (line 4)" in shown.stderr
    assert "doubled in six hours" in shown.stdout  # the file is shown as it is
    quiet = run(["note", "show", "knowledge/order-page.md"], root)
    assert quiet.stderr == ""


def test_template_code_lines_stay_out_of_context_and_episodes(tmp_path: Path) -> None:
    root = _root(tmp_path)
    (root / "knowledge" / "rye-class.md").write_text(BAKING, encoding="utf-8")
    (root / "episodes" / "2026-11-20.md").write_text(
        "## 09:00 — 稽古\n\n<%* if (tp.file.title) { %>\n炉の灰を整えてから湯を沸かした。\n<%* } %>\n",
        encoding="utf-8",
    )
    assert run(["index", "sync"], root).returncode == 0
    ctx = run(["context", "rye starter doubled"], root).stdout
    assert "doubled in six hours" in ctx
    assert "tR +=" not in ctx and "tp.file.cursor" not in ctx
    ep = run(["note", "show", "episodes/2026-11-20.md"], root)
    assert "<%* if" in ep.stdout  # the file as it is
    ep = run(["search", "炉の灰", "--kind", "episodes", "--json"], root)
    anchor = json.loads(ep.stdout)[0]["anchor"]
    ep = run(["note", "show", anchor], root)
    assert "炉の灰を整えてから湯を沸かした。" in ep.stdout
    assert "<%*" not in ep.stdout  # the episode the daily run reads holds no template code
    preview = run(["consolidate", "daily", "--dry-run", "--date", "2026-11-20"], root)
    assert "<%" not in preview.stdout
