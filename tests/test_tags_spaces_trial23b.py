"""Trial 23 re-check T2: one `tags` string is split at spaces as well as at commas, as Obsidian splits it
(an Obsidian tag has no space): `tags: hives queens varroa` is three tags for `--tag`, search and `note
show`, and `lint`'s suggested list is valid YAML that reads back as those tags. A beekeeper's notes
(English, and Japanese with an ideographic space); real CLI subprocesses."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}


def _note(root: Path, name: str, tags_line: str, body: str) -> None:
    (root / "knowledge" / f"{name}.md").write_text(
        f"---\n{tags_line}\n---\n# {name}\n\n{body}\n", encoding="utf-8"
    )


def _hits(run_cli: Run, query: str, tag: str) -> list[str]:
    out = run_cli("search", query, "--tag", tag, "-k", "20", "--json", env=HASHING)
    assert out.returncode == 0, out.stderr
    return sorted(h["path"] for h in json.loads(out.stdout))


def test_a_tags_string_with_spaces_is_several_tags(root: Path, run_cli: Run) -> None:
    _note(root, "spring-check", "tags: hives queens varroa", "Spring check of the colony: count the frames.")
    _note(root, "oxalic", "tags: '#varroa #treatment, winter'", "Oxalic acid drip on a broodless colony.")
    _note(
        root, "巣箱", "tags: 養蜂　巣箱 女王蜂", "巣箱の点検は晴れた昼に行う。"
    )  # U+3000 between the first two
    assert _hits(run_cli, "colony", "varroa") == ["knowledge/oxalic.md", "knowledge/spring-check.md"]
    assert _hits(run_cli, "colony", "queens") == ["knowledge/spring-check.md"]
    assert _hits(run_cli, "colony", "winter") == ["knowledge/oxalic.md"]
    assert _hits(run_cli, "巣箱 点検", "巣箱") == ["knowledge/巣箱.md"]
    assert _hits(run_cli, "巣箱 点検", "女王蜂") == ["knowledge/巣箱.md"]
    shown = json.loads(run_cli("note", "show", "knowledge/spring-check.md", "--json").stdout)
    assert shown["tags"] == ["hives", "queens", "varroa"]
    hits = json.loads(run_cli("search", "oxalic acid drip", "--json", env=HASHING).stdout)
    assert next(h["tags"] for h in hits if h["path"] == "knowledge/oxalic.md") == [
        "varroa",
        "treatment",
        "winter",
    ]


def test_lint_suggests_a_list_that_reads_back_as_the_same_tags(root: Path, run_cli: Run) -> None:
    cases = {
        "spring-check": ("tags: hives queens varroa", ["hives", "queens", "varroa"]),
        "swarm": ("tags: swarm 2026 null", ["swarm", "2026", "null"]),  # bare, 2026 and null are not text
        "巣箱": ('tags: "養蜂　巣箱 #女王蜂"', ["養蜂", "巣箱", "女王蜂"]),
    }
    for name, (line, _) in cases.items():
        _note(root, name, line, f"{name}: notes from the apiary.")
    lint = run_cli("lint").stdout
    for name, (_, tags) in cases.items():
        warning = next(
            (x for x in lint.splitlines() if x.startswith(f"knowledge/{name}.md:") and "tags" in x), ""
        )
        assert f"read as {len(tags)} tags" in warning and "write `tags: [" in warning, (name, lint)
        fix = warning.split("write `", 1)[1].split("`", 1)[0]
        _note(root, name, fix, f"{name}: notes from the apiary.")  # paste it
        shown = json.loads(run_cli("note", "show", f"knowledge/{name}.md", "--json").stdout)
        assert shown["tags"] == tags, (fix, shown["tags"])
    assert "tags" not in run_cli("lint").stdout  # a list of strings now: nothing to say
