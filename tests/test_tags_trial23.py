"""Trial 23 re-check, N2 and N4: `tags` written as Obsidian writes them.

- `lint`'s suggested `tags: [...]` is a fix to paste: valid YAML that reads back as the tags meant
  (before, `tags: "#x, #y"` got `write tags: [#x, #y]`, a YAML comment that empties the key);
- a leading `#` (Obsidian's inline tag mark) is not part of the tag: `--tag sourdough` finds `"#sourdough"`;
- one string that is one tag (`tags: daily`, every Obsidian daily note) is read as that tag, no warning;
- an unquoted `tags: #daily` (a YAML comment: no tag) is named.

Real files, the CLI in real subprocesses; a baker's recipe notes (English and Japanese).
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}


def _note(root: Path, name: str, tags_line: str, body: str) -> Path:
    path = root / "knowledge" / f"{name}.md"
    path.write_text(f"---\n{tags_line}\n---\n# {name}\n\n{body}\n", encoding="utf-8")
    return path


def _lint_line(run_cli: Run, name: str) -> str:
    out = run_cli("lint").stdout
    return next(
        (line for line in out.splitlines() if line.startswith(f"knowledge/{name}.md:") and "tags" in line), ""
    )


def test_the_suggested_tags_line_is_valid_yaml_that_reads_as_the_tags(root: Path, run_cli: Run) -> None:
    cases = {
        "rye": ('tags: "#sourdough, #rye"', "sourdough", "rye"),
        "koji": ('tags: "#発酵, 麹: 米"', "発酵", "米"),  # a space ends a tag too (re-check T2)
        "starter": ('tags: "levain, 100, [wild]"', "levain", "[wild]"),
    }
    for name, (line, _, _) in cases.items():
        _note(root, name, line, f"{name} crumb notes for the weekend bake.")
    for name, (_, first, last) in cases.items():
        warning = _lint_line(run_cli, name)
        assert "write `tags: [" in warning, warning
        fix = warning.split("write `", 1)[1].split("`", 1)[0]
        _note(root, name, fix, f"{name} crumb notes for the weekend bake.")  # paste the suggestion
        assert _lint_line(run_cli, name) == "", fix  # now a list of strings: nothing to say
        shown = json.loads(run_cli("note", "show", f"knowledge/{name}.md", "--json").stdout)
        assert shown["tags"][0] == first and shown["tags"][-1] == last, (fix, shown["tags"])
    assert "error" not in run_cli("lint").stdout.split("problem(s)")[-1].replace("0 error(s)", "")


def test_a_leading_hash_is_not_part_of_the_tag(root: Path, run_cli: Run) -> None:
    _note(root, "baguette", 'tags: ["#sourdough", "#French"]', "Baguette with poolish, 75% hydration.")
    _note(root, "melonpan", 'tags: "#パン, #甘い"', "メロンパンのクッキー生地は冷やしてから包む。")
    for tag in ("sourdough", "#sourdough", "french"):
        hits = json.loads(run_cli("search", "baguette poolish", "--tag", tag, "--json", env=HASHING).stdout)
        assert [h["path"] for h in hits] == ["knowledge/baguette.md"], tag
        assert hits[0]["tags"] == ["sourdough", "French"]
    hits = json.loads(run_cli("search", "メロンパン", "--tag", "パン", "--json", env=HASHING).stdout)
    assert [h["path"] for h in hits] == ["knowledge/melonpan.md"]


def test_one_string_that_is_one_tag_gets_no_warning(root: Path, run_cli: Run) -> None:
    episodes = root / "episodes"
    for day in range(1, 6):
        (episodes / f"2026-03-0{day}.md").write_text(
            f"---\ntags: daily\n---\n## Bake {day}\n\nProofed overnight in the fridge.\n", encoding="utf-8"
        )
    _note(root, "朝", "tags: 日記", "朝の仕込み。")
    lint = run_cli("lint").stdout
    assert "tags" not in lint, lint
    hits = json.loads(run_cli("search", "仕込み", "--tag", "日記", "--json", env=HASHING).stdout)
    assert [h["path"] for h in hits] == ["knowledge/朝.md"]


def test_an_unquoted_hash_tag_is_named_as_a_comment(root: Path, run_cli: Run) -> None:
    _note(root, "focaccia", "tags: #bread #italian", "Focaccia dimpled with olive oil.")
    line = _lint_line(run_cli, "focaccia")
    assert line == (
        "knowledge/focaccia.md: warning: `tags` is empty: `#` starts a YAML comment, so the tags after it "
        "are not read; write `tags: [bread, italian]` (line 2)"
    )
