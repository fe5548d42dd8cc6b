"""Inputs that worked but said the wrong thing (hostile-input report, round 6): each now gets one
clear line naming what is wrong with which input, or does what it says. Real subprocesses."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from memdir import Memory

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}


def one_error_line(res: subprocess.CompletedProcess[str]) -> str:
    assert res.returncode == 1, (res.stdout, res.stderr)
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    assert "Error:" not in lines[0] and "Traceback" not in res.stderr, res.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["episode", "add", "x", "--at", "0001-01-01T00:00:00"], "--at 0001-01-01"),
        (["log", "--type", "task_end", "--ts", "9999-12-31T23:59:59-12:00"], "`ts` 9999-12-31"),
        (["consolidate", "weekly", "--until", "9999-12-31"], "--until 9999-12-31"),
        (["consolidate", "weekly", "--until", "0001-01-03"], "--until 0001-01-03"),
    ],
)
def test_dates_at_the_ends_of_the_calendar_get_one_line(run_cli: Run, args: list[str], named: str) -> None:
    line = one_error_line(run_cli(*args, env=HASHING))
    assert named in line and "out of range" in line


def test_a_frontmatter_date_that_does_not_exist_is_named(root: Path, run_cli: Run) -> None:
    text = "---\nupdated_at: 2026-13-45T99:99:99\n---\n\n# D\n"
    (root / "knowledge" / "d.md").write_text(text)
    res = run_cli("note", "show", "knowledge/d.md")  # trial 10: shown as it is, with one warning line
    assert res.returncode == 0 and res.stdout == text, res.stderr
    [line] = res.stderr.splitlines()
    assert line.startswith("warning: knowledge/d.md:") and "date or time that does not exist" in line
    assert "ValueError" not in line


def test_search_shows_control_characters_escaped(root: Path, run_cli: Run) -> None:
    (root / "knowledge" / "esc.md").write_text(
        '---\ndescription: "zebra \\e]0;pwned\\a deploy"\ntags: ["a\\nFAKE LINE"]\n---\n\n# Zebra\n\nzebra deploy\n'
    )
    res = run_cli("search", "zebra", env=HASHING)
    assert res.returncode == 0, res.stderr
    assert "\x1b" not in res.stdout and "\x07" not in res.stdout
    assert "\\x1b]0;pwned\\x07" in res.stdout
    assert not any(ln.startswith("FAKE LINE") for ln in res.stdout.splitlines())
    assert "a\\x0aFAKE LINE" in res.stdout


def test_lint_reports_a_link_out_of_the_root_and_keeps_going(
    root: Path, tmp_path: Path, run_cli: Run
) -> None:
    (tmp_path / "outside.md").write_text("# Outside\n")
    (tmp_path / "outdir").mkdir()
    (root / "knowledge" / "a-link.md").symlink_to(tmp_path / "outside.md")
    (root / "procedures" / "linked").symlink_to(tmp_path / "outdir")
    (root / "knowledge" / "z-bad.md").write_text("---\nconfidence: 7\n---\n\n# Z\n")
    res = run_cli("lint")
    assert res.returncode == 1
    assert "knowledge/a-link.md: error:" in res.stdout + res.stderr
    assert "knowledge/z-bad.md: error: `confidence`" in res.stdout + res.stderr
    data = json.loads(run_cli("lint", "--json").stdout)
    assert {p["path"] for p in data} >= {"knowledge/a-link.md", "procedures/linked", "knowledge/z-bad.md"}
    status = run_cli("status", env=HASHING)
    assert "procedures/linked: a symlink to a folder outside the memory root" in status.stdout
    assert json.loads(run_cli("status", "--json", env=HASHING).stdout)["links_out"] == ["procedures/linked"]
    sync = run_cli("index", "sync", "--no-progress", env=HASHING)
    assert "skipped procedures/linked: a symlink to a folder outside the memory root" in sync.stderr


def test_a_confidence_that_is_not_in_0_to_1_is_never_ranked_first(root: Path, run_cli: Run) -> None:
    for name, conf in (("inf", ".inf"), ("huge", "1e999999"), ("seven", "7"), ("good", "0.9")):
        (root / "procedures" / f"{name}.md").write_text(
            f"---\ndescription: {name} procedure\nconfidence: {conf}\n---\n\n# {name}\n\nstep\n"
        )
    res = run_cli("context", env=HASHING)
    assert res.returncode == 0, res.stderr
    bullets = [ln for ln in res.stdout.splitlines() if ln.startswith("- `procedures/")]
    assert bullets[0].startswith("- `procedures/good.md` (confidence 0.90)")
    assert len(bullets) == 4 and not any("(confidence" in b for b in bullets[1:]), bullets


def test_feedback_refuses_a_note_it_cannot_update_cleanly(root: Path, run_cli: Run) -> None:
    unclosed = root / "procedures" / "unclosed.md"
    unclosed.write_text("---\ndescription: deploy\nconfidence: 0.5\n\n# Deploy\n\nstep\n")
    negative = root / "procedures" / "negative.md"
    negative.write_text("---\ndescription: d\nconfidence: 0.5\nfailure_count: -5\n---\n\n# N\n")
    before = unclosed.read_bytes(), negative.read_bytes()
    assert "never closes" in one_error_line(run_cli("feedback", "procedures/unclosed.md", "--success"))
    line = one_error_line(run_cli("feedback", "procedures/negative.md", "--failure"))
    assert "procedures/negative.md" in line and "`failure_count` is negative (-5)" in line
    assert (unclosed.read_bytes(), negative.read_bytes()) == before


def test_feedback_on_a_human_procedure_writes_no_rounding_prior(root: Path, run_cli: Run) -> None:
    assert run_cli("note", "add", "procedures", "Rotate keys", "1. rotate").returncode == 0
    for _ in range(6):
        assert run_cli("feedback", "procedures/rotate-keys.md", "--success").returncode == 0
    text = (root / "procedures" / "rotate-keys.md").read_text()
    assert "confidence_prior" not in text and "success_count: 6" in text


def test_a_title_without_letters_gets_a_dated_name(run_cli: Run, root: Path) -> None:
    first = run_cli("note", "add", "knowledge", "🔥🔥", "fire drill notes")
    second = run_cli("note", "add", "knowledge", "-", "a dash")
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    names = sorted(p.name for p in (root / "knowledge").iterdir())
    assert len(names) == 2 and all(n.startswith("note-") for n in names)
    assert "already exists" in one_error_line(run_cli("note", "add", "knowledge", "🔥🔥", "again"))


def test_review_accept_of_a_rule_says_where_it_wrote(root: Path, run_cli: Run) -> None:
    path = Memory(root).review.raise_item(
        kind="rule_candidate",
        target="knowledge/lessons/pin-images.md",
        title="Pin runner images to a digest",
        body="Pin runner images to a digest.",
        similarity=None,
        sources=["episodes/2026-11-01.md#a", "episodes/2026-11-02.md#b"],
        key="rule:pin-images",
        extra={"support": 2},
    )
    assert path is not None
    item = Path(path).stem
    res = run_cli("review", "accept", item)
    assert res.returncode == 0, res.stderr
    assert "knowledge/rules/pin-images.md" in res.stdout and "merged into" not in res.stdout
    assert (root / "knowledge" / "rules" / "pin-images.md").is_file()


def test_an_llm_model_that_is_not_text_is_a_config_error(root: Path, run_cli: Run) -> None:
    (root / "memdir.yaml").write_text("llm:\n  model: 5\n")
    line = one_error_line(run_cli("consolidate", "daily", env=HASHING))
    assert "llm.model" in line and "must be text" in line


def test_log_says_what_it_logged_on_stdout(run_cli: Run) -> None:
    res = run_cli("log", "--type", "task_end", "--task", "t1")
    assert res.returncode == 0 and res.stdout.startswith("logged task_end at ") and res.stderr == ""
