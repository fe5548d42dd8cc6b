"""Trial 25 #10: a how-to told in prose duplicated the person's own note as a new procedure, three steps fused.

"When a new freelancer joins, I first send them the NDA… After that I share the style guides folder, then I add
them to the sheet…, and finally I create their login." became `procedures/how-to-onboard-….md` with steps 2-4 in one,
and no review item against the person's `knowledge/freelancer-onboarding.md` (the same work: NDA first, style guide,
sheet). Now a new procedure is also compared with the notes a person wrote in knowledge/ (a later version: the
calibrated similarity and the same words, as against procedures/); a match is a merge candidate on that note and
no new file; and a sentence told in turn ("…, then I add …, and finally I create …", 「まず…し、次に…し、最後に…」)
gives one step per clause. Here: a cycling club's new members (English) and a bakery's night shift (Japanese).
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, e5_memory, run

from memdir.consolidation.daily.shape_series import series
from memdir.notes.frontmatter import render_note

CLUB_NOTE = (
    "# New member setup\n\nNew riders sign the liability waiver first, then we send them the route map and the "
    "ride calendar they will need. Membership fee: 40 EUR a year, paid by bank transfer.\n"
    "Add them to the `members` sheet with their phone number and ride group.\n"
)
CLUB_EPISODE = (
    "When a new rider joins the club, I first send them the liability waiver by e-mail and wait for the signature.\n"
    "After that I share the route map folder in Drive (read-only), then I add them to the members sheet with "
    "their phone number and ride group, and finally I create their Strava club invite.\n"
    "The membership fee is 40 EUR a year."
)


def _person_note(root: Path, name: str, body: str) -> None:
    meta: dict[str, object] = {"description": body.splitlines()[0].lstrip("# "), "origin": "human"}
    (root / "knowledge" / name).write_text(render_note(meta, body), encoding="utf-8")


def test_a_prose_how_to_of_the_persons_note_is_a_merge_candidate_not_a_new_procedure(root: Path) -> None:
    mem = e5_memory(root)
    _person_note(root, "new-member-setup.md", CLUB_NOTE)
    mem.add_episode(CLUB_EPISODE, title="How to set up a new club member (what I actually do)", at=at(10))
    report = run(mem)
    made = sorted(p.name for p in (root / "procedures").glob("*.md"))
    assert made == [], f"a duplicate of the person's note: {made} ({report.episodes})"
    items = [p.read_text(encoding="utf-8") for p in (root / "review").glob("*.md")]
    assert any("target: knowledge/new-member-setup.md" in i and "merge_candidate" in i for i in items), items


def test_a_sentence_told_in_turn_gives_one_step_per_clause() -> None:
    en = (
        "After that I share the route map folder in Drive (read-only), then I add them to the members sheet "
        "with their ride group, and finally I create their club invite."
    )
    assert series(en) == [
        "Share the route map folder in Drive (read-only)",
        "Add them to the members sheet with their ride group",
        "Create their club invite.",
    ]
    ja = "まず生地を冷蔵庫から出し、次にオーブンを200度に予熱し、最後に天板に並べて焼く。"
    assert series(ja) == [
        "まず生地を冷蔵庫から出し",
        "次にオーブンを200度に予熱し",
        "最後に天板に並べて焼く。",
    ]
    # a sentence that tells what happened in turn is no series of steps
    assert series("We restarted the oven, then it worked.") == ["We restarted the oven, then it worked."]


BAKERY_NOTE = (
    "# 夜勤の仕込み\n\n夜勤は最初に `発酵室` の温度を28度に設定し、次に生地を冷蔵庫から出して室温に戻す。"
    "オーブンは200度に予熱する。焼き上がったら `出荷表` に数を記入する。\n"
)
BAKERY_EPISODE = (
    "夜勤に入ったら、まず `発酵室` の温度を28度に設定して、生地を冷蔵庫から出して室温に戻す。\n"
    "それからオーブンを200度に予熱し、次に天板に並べて焼き、最後に `出荷表` に焼いた数を記入する。"
)


def test_a_japanese_how_to_of_the_persons_note_is_a_merge_candidate(root: Path) -> None:
    mem = e5_memory(root)
    _person_note(root, "夜勤の仕込み.md", BAKERY_NOTE)
    mem.add_episode(BAKERY_EPISODE, title="夜勤の仕込みのやり方（実際にやっていること）", at=at(22))
    report = run(mem)
    made = sorted(p.name for p in (root / "procedures").glob("*.md"))
    assert made == [], f"a duplicate of the person's note: {made} ({report.episodes})"
    items = [p.read_text(encoding="utf-8") for p in (root / "review").glob("*.md")]
    assert any("target: knowledge/夜勤の仕込み.md" in i and "merge_candidate" in i for i in items), items
