"""Trial 23: day files written in another tool's shape, as a person meets them at the shell.

The text above a day file's first `## ` (a daily note's opening paragraph under its H1) was no episode:
never searched by episode, never consolidated, never counted. A day file with only `###` sections under
its H1 was one episode titled by its first sub-heading. Now the top of the file is an episode whose id
is the file's own, and a file without `## ` is cut at its highest sub-heading level; the ids of the
`## ` episodes a root already consolidated do not change (notes/day_cuts.py, formats.md "Episodes").
An astronomy club's English notes and a pottery studio's Japanese ones.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from cli_helper import run_memdir

from memdir.notes.episodes import episode_lines, parse_episode_text

CLUB = """---
date: 2026-03-02
tags: [club]
---
# Monday, 2 March

Decided with the committee that from April the club observes from the north field: the school replaced
its street lights with brighter LEDs and the south lawn is washed out.

## Chores
- [ ] Oil the mount's declination gear
"""

STUDIO = """# 3月2日（月）

窯の温度計を新しいものに交換した。今後は素焼きを780度で止めることに決めた。

## 片付け
- 棚を拭く
"""


def run(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    return run_memdir(args, root)


def _root(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "mem"
    res = run(["init", str(root)], root)
    assert res.returncode == 0, res.stderr
    for name, text in files.items():
        (root / "episodes" / name).write_text(text, encoding="utf-8")
    return root


def test_the_opening_paragraph_of_a_day_file_is_an_episode_searched_and_consolidated(tmp_path: Path) -> None:
    root = _root(tmp_path, {"2026-03-02.md": CLUB, "2026-03-03.md": STUDIO})
    res = run(["status"], root)
    assert "episodes      4, 4 pending consolidation" in res.stdout, res.stdout
    res = run(["consolidate", "daily", "--dry-run", "--json"], root)
    looked = {e["episode"] for e in json.loads(res.stdout)["episodes"]}
    assert looked == {
        "episodes/2026-03-02.md",
        "episodes/2026-03-02.md#chores",
        "episodes/2026-03-03.md",
        "episodes/2026-03-03.md#片付け",
    }
    for query, file, said in (
        ("north field street lights", "episodes/2026-03-02.md", "north field"),
        ("素焼き 780度", "episodes/2026-03-03.md", "780度"),
    ):
        res = run(["search", query, "--kind", "episodes", "--json"], root)
        hit = json.loads(res.stdout)[0]
        assert hit["anchor"] == file and said in hit["snippet"], hit  # the top of the file, not `## Chores`
    res = run(["consolidate", "daily"], root)
    assert res.returncode == 0, res.stderr
    assert "4 looked at" in res.stdout, res.stdout
    # appending a `## ` section leaves the top's id and text: it is not pending again
    res = run(
        ["episode", "add", "Cleaned the eyepieces.", "--title", "Eyepieces", "--at", "2026-03-02T21:00"], root
    )
    assert res.returncode == 0, res.stderr
    res = run(["status", "--json"], root)
    assert json.loads(res.stdout)["pending_episodes"] == 1


def test_a_top_with_only_a_title_and_dates_is_no_episode_and_section_ids_stay() -> None:
    nav = "---\ndate: 2026-03-04\n---\n# 2026-03-04\n\n[[2026-03-03]] | [[2026-03-05]]\nDate: 2026-03-04\n\n---\n"
    ids = [
        ep.id for ep in parse_episode_text("episodes/2026-03-04.md", nav + "## 20:30 — Saturn\nRings open.\n")
    ]
    assert ids == ["episodes/2026-03-04.md#2030-saturn"]
    # a sub-heading above the first `## ` with the same words: the `## ` episode keeps its anchor
    text = "# 2026年3月4日\n\n### 釉薬\n灰釉を試した。\n\n## 釉薬\n白萩釉を調合した。\n"
    eps = parse_episode_text("episodes/2026-03-04.md", text)
    assert [(ep.id, ep.title, ep.text) for ep in eps] == [
        ("episodes/2026-03-04.md#釉薬-1", "釉薬", "灰釉を試した。"),
        ("episodes/2026-03-04.md#釉薬", "釉薬", "白萩釉を調合した。"),
    ]
    assert episode_lines("episodes/2026-03-04.md", text) == {
        "episodes/2026-03-04.md#釉薬-1": (3, 5),
        "episodes/2026-03-04.md#釉薬": (6, 7),
    }


def test_a_day_file_of_sub_headings_is_cut_at_them_and_keeps_its_ids(tmp_path: Path) -> None:
    observing = (
        "# 2026-03-05\n\n### Evening\n- Jupiter's Great Red Spot transited at 21:40.\n\n"
        "### Late\n- The dew heater failed; the corrector plate fogged within ten minutes.\n"
    )
    kiln = "＃ 3月5日\n\n＃＃＃ 午前\n窯詰めをした。\n\n＃＃＃ 午後\n本焼きを始めた。\n"
    root = _root(tmp_path, {"2026-03-05.md": observing, "2026-03-06.md": kiln})
    res = run(["consolidate", "daily", "--dry-run", "--json"], root)
    looked = {e["episode"] for e in json.loads(res.stdout)["episodes"]}
    assert looked == {
        "episodes/2026-03-05.md#evening",
        "episodes/2026-03-05.md#late",
        "episodes/2026-03-06.md#午前",
        "episodes/2026-03-06.md#午後",
    }
    eps = parse_episode_text("episodes/2026-03-05.md", observing)
    assert [ep.title for ep in eps] == ["Evening", "Late"]
    assert eps[1].text == "- The dew heater failed; the corrector plate fogged within ten minutes."
    res = run(["consolidate", "daily"], root)
    assert res.returncode == 0, res.stderr
    # a `## ` section appended later: the sub-heading episodes keep their ids and hashes
    res = run(
        ["episode", "add", "Packed the telescope.", "--title", "Pack up", "--at", "2026-03-05T23:30"], root
    )
    assert res.returncode == 0, res.stderr
    after = parse_episode_text("episodes/2026-03-05.md", (root / "episodes/2026-03-05.md").read_text())
    assert [(ep.id, ep.hash) for ep in after[:2]] == [(ep.id, ep.hash) for ep in eps]
    res = run(["status", "--json"], root)
    assert json.loads(res.stdout)["pending_episodes"] == 1  # only the new one
