"""Trial 23, problems 4, 6 and 11: notes brought from another tool.

- `tags: a, b, c` (one string, as Obsidian writes them) is three tags for `search --tag`, the hit, `note
  show`, MCP and lint, and lint says how it is read;
- `memdir init` in a folder of existing notes says in one line how many Markdown files are outside
  memdir's folders (and `status`, `lint` too); nothing is moved;
- `lint` sums up attachments and knowledge notes without a `description` in one line each.

Real files, the CLI in real subprocesses; a herbarium's collection notes (English and Japanese).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}

FERN = "---\ntags: pteridophyte, coastal, pressed\n---\n# Sea spleenwort\n\nAsplenium marinum grows in sea-cliff crevices.\n"
MOSS = "---\ntags: 蘚類, 高山\n---\n# ヤクシマゴケ\n\n屋久島の高地で採集した標本。\n"


def test_a_comma_string_of_tags_is_several_tags_everywhere(root: Path, run_cli: Run) -> None:
    (root / "knowledge" / "sea-spleenwort.md").write_text(FERN, encoding="utf-8")
    (root / "knowledge" / "ヤクシマゴケ.md").write_text(MOSS, encoding="utf-8")
    for tag in ("coastal", "pteridophyte", "Pressed", "coastal, pressed"):
        res = run_cli("search", "sea-cliff crevices spleenwort", "--tag", tag, "--json", env=HASHING)
        hits = json.loads(res.stdout)
        assert [h["path"] for h in hits] == ["knowledge/sea-spleenwort.md"], (tag, res.stdout)
        assert hits[0]["tags"] == ["pteridophyte", "coastal", "pressed"]
    ja = json.loads(run_cli("search", "屋久島 標本", "--tag", "高山", "--json", env=HASHING).stdout)
    assert [h["path"] for h in ja] == ["knowledge/ヤクシマゴケ.md"]
    shown = json.loads(run_cli("note", "show", "knowledge/ヤクシマゴケ.md", "--json", env=HASHING).stdout)
    assert shown["tags"] == ["蘚類", "高山"]
    lint = run_cli("lint", env=HASHING).stdout
    assert (
        "knowledge/sea-spleenwort.md: warning: `tags` should be a list of strings; read as 3 tags "
        "(`pteridophyte`, `coastal`, `pressed`): write `tags: [pteridophyte, coastal, pressed]` (line 2)"
    ) in lint
    assert "knowledge/ヤクシマゴケ.md: warning: `tags` should be a list of strings; read as 2 tags" in lint


def _cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(PYTHONPATH=os.pathsep.join(sys.path), MEMDIR_EMBEDDER="hashing")
    return subprocess.run(
        [sys.executable, "-m", "memdir", *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=300
    )


def test_init_in_a_folder_of_notes_says_they_are_not_memory_and_moves_nothing(tmp_path: Path) -> None:
    vault = tmp_path / "herbarium"
    files = {
        "Collections/Ferns/sea-spleenwort.md": FERN,
        "Collections/Mosses/ヤクシマゴケ.md": MOSS,
        "Field trips/2026-05-02.md": "# Field trip\n\nCliffs at low tide.\n",
        "Inbox.md": "- label the new sheets\n",
        "README.md": "# My herbarium\n",
        ".obsidian/snippets/x.md": "hidden\n",
    }
    for rel, text in files.items():
        (vault / rel).parent.mkdir(parents=True, exist_ok=True)
        (vault / rel).write_text(text, encoding="utf-8")
    before = {rel: (vault / rel).read_bytes() for rel in files}
    init = _cli(vault, "init", ".")
    assert init.returncode == 0, init.stderr
    line = (
        "4 Markdown file(s) outside knowledge/, procedures/, episodes/, skills/ are not memory "
        "(Collections/, Field trips/, Inbox.md)"
    )
    assert line in init.stdout
    assert json.loads(_cli(vault, "init", ".", "--json").stdout)["outside_notes"]["count"] == 4
    status = _cli(vault, "status", "--json")
    assert json.loads(status.stdout)["outside_notes"]["places"] == [
        "Collections/",
        "Field trips/",
        "Inbox.md",
    ]
    assert "4 Markdown file(s) outside" in _cli(vault, "status").stdout
    lint = _cli(vault, "lint")
    assert lint.returncode == 0 and line in lint.stdout
    assert {rel: (vault / rel).read_bytes() for rel in files} == before  # nothing moved or rewritten
    (vault / "knowledge" / "Collections").parent.mkdir(exist_ok=True)
    (vault / "Collections").rename(vault / "knowledge" / "Collections")
    (vault / "Field trips").rename(vault / "episodes" / "trips")
    (vault / "Inbox.md").rename(vault / "knowledge" / "Inbox.md")
    assert "outside" not in _cli(vault, "lint").stdout
    assert "outside" not in _cli(vault, "init", ".").stdout


def test_lint_sums_up_attachments_and_notes_without_a_description(root: Path, run_cli: Run) -> None:
    sheets = root / "knowledge" / "sheets"
    sheets.mkdir()
    for i in range(6):
        (sheets / f"scan-{i}.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (sheets / "label.pdf").write_bytes(b"%PDF-1.4\n")
    for name, text in (
        ("sea-spleenwort", FERN),
        ("ヤクシマゴケ", MOSS),
        ("plain", "# Pressing\n\nPress for a week.\n"),
    ):
        (sheets / f"{name}.md").write_text(text.replace("tags: ", "tags_note: "), encoding="utf-8")
    (root / "procedures" / "mount.md").write_text("# Mount a sheet\n\n1. Glue\n", encoding="utf-8")
    lint = run_cli("lint", env=HASHING)
    lines = lint.stdout.splitlines()
    assert (
        "knowledge/sheets/: warning: 7 files that are not Markdown (.md) are ignored (6 .png, 1 .pdf; "
        "first: knowledge/sheets/label.pdf)"
    ) in lines
    desc = [ln for ln in lines if "description" in ln and ln.startswith("knowledge/")]
    assert len(desc) == 1 and desc[0].startswith(
        "knowledge/sheets/: warning: 3 knowledge notes have no one-line `description`"
    )
    assert "procedures/mount.md: error: missing one-line `description`" in lines  # still one per procedure
    # a person's procedure needs no `confidence` (trial 28 #10, formats.md): no warning for mount.md's
    assert not any("confidence" in ln for ln in lines), lines
    assert lines[-1] == "3 problem(s), 1 error(s)", lines
