"""`memdir note add | show`: through the store, confined to the root, never over an existing note."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from memdir import Memory
from memdir.cli.main import main
from memdir.notes.model import Note


def cli(root: Path, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), pytest.raises(SystemExit) as done:
        main(["--root", str(root), *args])
    return int(done.value.code or 0), out.getvalue(), err.getvalue()


def test_add_a_procedure_then_show_it(root: Path) -> None:
    code, out, _ = cli(
        root,
        "note",
        "add",
        "procedures",
        "Deploy the API",
        "1. make release\n2. tag",
        "--tag",
        "ops",
        "--json",
    )
    assert code == 0 and json.loads(out) == {
        "path": "procedures/deploy-the-api.md",
        "kind": "procedures",
        "title": "Deploy the API",
        "description": "Deploy the API",  # the first line is a step: the title describes it better
    }
    note = Note.from_text("procedures/deploy-the-api.md", (root / "procedures/deploy-the-api.md").read_text())
    assert note.meta["origin"] == "human" and note.meta["confidence"] == 0.4 and note.meta["tags"] == ["ops"]
    assert note.meta["success_count"] == 0 and note.body.startswith("\n# Deploy the API\n\n1. make release")
    code, out, _ = cli(root, "note", "show", "procedures/deploy-the-api.md")
    assert code == 0 and out == (root / "procedures/deploy-the-api.md").read_text()
    code, out, _ = cli(root, "note", "show", str(root / "procedures/deploy-the-api.md"), "--json")
    data = json.loads(out)
    assert (
        data["title"] == "Deploy the API" and data["meta"]["origin"] == "human" and data["confidence"] == 0.4
    )
    assert Memory(root).lint() == []


def test_an_existing_title_is_refused(root: Path) -> None:
    assert cli(root, "note", "add", "knowledge", "Runner images", "Pin them.")[0] == 0
    before = (root / "knowledge/runner-images.md").read_bytes()
    code, _, err = cli(root, "note", "add", "knowledge", "Runner  images", "Other text.")
    assert code == 1 and "knowledge/runner-images.md already exists" in err and err.count("\n") == 1
    assert (root / "knowledge/runner-images.md").read_bytes() == before


def test_bad_kinds_titles_and_paths(root: Path, tmp_path: Path) -> None:
    assert cli(root, "note", "add", "episodes", "x", "y")[0] == 2  # episodes come from `episode add`
    assert cli(root, "note", "add", "knowledge", "   ", "y")[0] == 1
    (tmp_path / "outside.md").write_text("TOPSECRET")
    (root / "memdir.yaml").write_text("# TOPSECRET\n")
    for path in (
        "../outside.md",
        str(tmp_path / "outside.md"),
        "memdir.yaml",
        ".memdir/x.md",
        "activity/a.jsonl",
    ):
        code, out, err = cli(root, "note", "show", path)
        assert code == 1 and out == "" and "TOPSECRET" not in err and err.count("\n") == 1, path
    code, _, err = cli(root, "note", "show", "knowledge/missing.md")
    assert code == 1 and "no such note" in err


def test_show_one_episode_by_its_anchor(root: Path) -> None:
    mem = Memory(root)
    mem.add_episode("We talked about lunch.", title="Standup")
    ep = mem.add_episode("The fixture port was reused.", title="Flaky test")
    code, out, _ = cli(root, "note", "show", ep.id)
    assert code == 0 and "The fixture port was reused." in out and "lunch" not in out
    code, out, _ = cli(root, "note", "show", ep.id, "--json")
    assert json.loads(out)["path"] == ep.id
    code, _, err = cli(root, "note", "show", f"{ep.file}#no-such-episode")
    assert code == 1 and "no episode #no-such-episode" in err


def test_text_from_stdin(root: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    res = run_cli("note", "add", "skills", "Release checklist", "-", input="- bump\n- tag\n")
    assert res.returncode == 0, res.stderr
    assert "- bump\n- tag" in (root / "skills/release-checklist.md").read_text()
