"""Trial 12 #10: a heading typed with full-width `＃＃` (a Japanese IME) starts an episode like `## `.

A school office's day file: an English lab-safety checklist, then a phone memo typed as
`＃＃　15:10 ー 保護者からの電話`. Before, the memo was swallowed into the checklist episode and its
heading became the checklist note's description.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

from memdir.notes.episodes import demote_headings, episode_lines, parse_episode_text

Cli = Callable[..., subprocess.CompletedProcess[str]]
ENV = {"MEMDIR_EMBEDDER": "hashing"}

DAY = (
    "## 08:30 — Lab safety checklist: grade 8 chemistry\n\n"
    "- [ ] Goggles on every bench before the class comes in\n"
    "- [ ] Eye-wash station flushed for one minute\n"
    "- [ ] Fume hood sash below the yellow line\n"
    "- [ ] Spill kit checked and signed\n\n"
    "＃＃　15:10 ー 保護者からの電話（2年B組 佐藤さん）\n\n"
    "来週の遠足は、アレルギー対応のお弁当を学校で用意できないとのこと。各自持参に変更。\n\n"
    "＃＃＃ 連絡先\n\n"
    "担任から保護者へ金曜までに連絡する。\n\n"
    "```\n＃＃ inside code is not a heading\n```\n"
)


def test_full_width_marks_start_an_episode_and_keep_its_title() -> None:
    eps = parse_episode_text("episodes/2026-06-03.md", DAY)
    assert [e.title for e in eps] == [
        "Lab safety checklist: grade 8 chemistry",
        "保護者からの電話（2年B組 佐藤さん）",
    ]
    assert [e.time for e in eps] == ["08:30", "15:10"]
    assert "保護者" not in eps[0].text and "遠足" in eps[1].text
    # a full-width sub-heading reaches the daily reader as Markdown; the code block stays as written
    assert "### 連絡先" in eps[1].text and "＃＃ inside code is not a heading" in eps[1].text
    lines = episode_lines("episodes/2026-06-03.md", DAY)
    assert (
        lines[eps[1].id][0]
        == DAY.splitlines().index("＃＃　15:10 ー 保護者からの電話（2年B組 佐藤さん）") + 1
    )
    # text added with `episode add` that holds a full-width `＃＃` heading stays one episode
    assert "＃＃" not in demote_headings("note\n＃＃ 見出し\nbody\n").replace("### 見出し", "")


def test_daily_run_reads_the_memo_as_its_own_episode(root: Path, run_cli: Cli) -> None:
    (root / "episodes" / "2026-06-03.md").write_text(DAY, encoding="utf-8")
    res = run_cli("consolidate", "daily", "--date", "2026-06-03", "--json", env=ENV)
    assert res.returncode == 0, res.stderr
    ids = [e["episode"] for e in json.loads(res.stdout)["episodes"]]
    assert len(ids) == 2 and any(i.startswith("episodes/2026-06-03.md#1510-") for i in ids), ids
    for note in [*root.glob("knowledge/*.md"), *root.glob("procedures/*.md")]:
        text = note.read_text(encoding="utf-8")
        assert "＃＃" not in text, note
        if "Goggles" in text:  # the checklist's note holds the checklist only
            assert "遠足" not in text and "保護者" not in text, text
    assert (root / "episodes" / "2026-06-03.md").read_text(encoding="utf-8") == DAY  # the file as typed


def test_a_long_vowel_mark_typed_as_the_dash_after_the_time_leaves_the_anchor(tmp_path: Path) -> None:
    """Trial 14 #10: `＃＃ 09:30 ー 題` is anchored `0930-題`, as `09:30 — 題` is; `サーバー` keeps its mark."""
    from memdir import Memory

    root = tmp_path / "clinic"
    Memory(root).init()
    (root / "episodes" / "2026-06-04.md").write_text(
        "\ufeff---\r\ndate: 2026-06-04\r\n---\r\n\r\n"
        "＃＃ 09:30 ー 受付サーバーの再起動\r\n\r\n受付のサーバーが応答しなかったので再起動した。\r\n\r\n"
        "＃＃ 11:00 — 予約システムの障害\r\n\r\n予約画面が開かなかった。\r\n\r\n"
        "## 13:15ーテーマー設定\r\n\r\n待合室の表示テーマーを変更した。\r\n\r\n"
        "## 14:00—会計の締め\r\n\r\n会計の締めを確認した。\r\n",
        encoding="utf-8",
    )
    ids = [e.id for e in Memory(root).episodes.iter_episodes()]
    assert ids == [
        "episodes/2026-06-04.md#0930-受付サーバーの再起動",
        "episodes/2026-06-04.md#1100-予約システムの障害",
        "episodes/2026-06-04.md#1315テーマー設定",  # no space: as `14:00—…` gives
        "episodes/2026-06-04.md#1400会計の締め",
    ]
