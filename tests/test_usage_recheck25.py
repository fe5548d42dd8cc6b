"""Trial 25 re-check: "the usual way" reports against weekly-written titles, outcome words, one use counted once.

- 9: 「ネクサの請求書をいつもの手順で発行した。うまくいった。」 against the weekly-written title
  `{client} 様の 2026-10 分の請求書を発行して送付する` was `another scope: title "分の請求書"`: a word cut from a value
  (the `分` of `2026-10 分`) was read as a scope word, and the title's placeholder phrase stopped at the `-` of the date.
- N1: "Prepared a quote for Midori Foods the usual way, fine." was skipped silently against
  "Prepare a quote for {name}": the name in the place of `{name}` was read as work the procedure does not name.
- N5: "Did the Midori delivery the usual way, worked fine." was refused with `another act: report "worked"`.
- N3: a logged failure and the day file's report of the same failure were counted twice; the logged one, without
  `--note`, left no Outcome-notes line.
- N6: a line break inside a sentence became `; ` in an Outcome-notes line.
Here: a bike workshop, a school kitchen, a dental clinic, a fire-safety team, a nursery (English and Japanese).
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, e5_memory, run

from memdir.consolidation.daily.route_rag import Match
from memdir.consolidation.daily.route_usage_act import act_differs, acts
from memdir.consolidation.daily.route_usage_near import nearest_of, scope_differs
from memdir.lifecycle.feedback_events import apply_feedback_events
from memdir.notes.frontmatter import render_note
from memdir.notes.gist import gist
from memdir.notes.store import NoteStore

WEEKLY: dict[str, object] = {"confidence": 0.4, "success_count": 0, "failure_count": 0, "origin": "weekly"}
HUMAN: dict[str, object] = {"confidence": 0.8, "origin": "human"}


def test_a_value_in_a_weekly_title_is_no_scope_word() -> None:
    ja = "{school} 様の 2026-10 分の給食献立を作成して配布する"
    assert scope_differs("ミナト小学校の給食献立をいつもの手順で作成した。うまくいった。", ja) == ""
    assert (
        scope_differs("ミナトの給食献立をいつもの手順で作成した。", "2026-10 分の給食献立を作成して配布する")
        == ""
    )
    en = "Calibrate the 10-kg scales at the bakery"
    assert scope_differs("Calibrated the kitchen scales the usual way, fine.", en) == ""
    # a real other scope is still one
    assert scope_differs("国内注文をいつもの手順で梱包した。", "海外注文の梱包手順") != ""
    assert (
        scope_differs("Calibrated the diesel tractor the usual way", "Calibrate the electric tractor") != ""
    )


def test_an_outcome_word_is_never_the_act_and_a_light_verbs_noun_is() -> None:
    report = "Did the Harbor inspection the usual way, worked fine."
    assert acts(report) == ["inspection"]
    text = "# Inspect the fire extinguishers at {site}\n\n1. Check the pressure gauge.\n2. Sign the tag.\n"
    assert act_differs(report, text, "Inspect the fire extinguishers at {site}") == ""
    ja = "ミナトの器具の消毒をいつもの手順で実施した。問題なく完了した。"
    assert "完了" not in acts(ja) and "実施" not in acts(ja)
    assert (
        act_differs(
            ja, "# 器具の消毒手順\n\n1. 器具を洗浄する。\n2. オートクレーブにかける。\n", "器具の消毒手順"
        )
        == ""
    )
    # another act is still another act
    assert act_differs("Repainted the Harbor signs the usual way, worked fine.", text, "Inspect …") != ""


TUNE = (
    "# Tune up a bicycle for {name} ({gears} gears)\n\n## Steps\n\n1. shop.check: `frame={frame} brakes=front,rear`\n"
    "2. shop.adjust: `gears={gears} chain_lube=wet`\n3. mail.send: `to={email} template=ready_en`\n"
)


def test_a_name_in_the_place_of_a_placeholder_under_the_cut_off_gets_the_item() -> None:
    path = "procedures/tune-up-a-bicycle-for-name.md"
    for report in (
        "Harbor tune\nTuned up a bicycle for Harbor Couriers the usual way, fine.",
        "Harbor tune\nTuned up the Harbor Couriers bicycle the usual way. No problems.",
        "ハーバー\nいつもの手順でハーバーの自転車を整備した。問題なし。",
    ):
        text = TUNE if "Tuned" in report else TUNE_JA
        title = text.splitlines()[0][2:]
        near, _ = nearest_of([(0.57, Match(path, 0.82, 0.41, "weekly", title))], report, {path: text})
        assert near is not None and near.match.path == path, report
        assert "names the act the report tells" in near.why, near.why


TUNE_JA = (
    "# {name} 様の自転車を整備して引き渡す\n\n## Steps\n\n1. shop.check: `frame={frame}`\n2. 整備する。\n"
)


def test_a_name_filling_a_weekly_titles_placeholder_is_asked_never_skipped(root: Path) -> None:
    mem = e5_memory(root)
    (root / "procedures" / "tune-up-a-bicycle-for-name.md").write_text(
        render_note(dict(WEEKLY), TUNE), encoding="utf-8"
    )
    mem.add_episode(
        "Tuned up a bicycle for Harbor Couriers the usual way, fine.", title="Harbor tune", at=at(9)
    )
    mem.add_episode("Did the Harbor Couriers tuning the usual way, worked fine.", title="Harbor 2", at=at(10))
    report = run(mem)
    items = [p.read_text(encoding="utf-8") for p in (root / "review").glob("*.md")]
    kept = [d for d in report.episodes if d.get("action") == "outcome" or d.get("target")]
    assert len(kept) == 2, f"skipped silently: {report.episodes}"
    for item in items:
        assert "procedures/tune-up-a-bicycle-for-name.md" in item
        assert 'another act: report "worked"' not in item


CHECK = (
    "# Run the nursery fire drill\n\n1. Sound the alarm at the agreed time.\n"
    "2. Lead each group out by the garden door.\n3. Count the children at the meeting point.\n"
)


def test_one_failed_drill_logged_and_told_is_counted_once_and_every_count_has_a_line(root: Path) -> None:
    mem = e5_memory(root)
    (root / "procedures" / "run-the-nursery-fire-drill.md").write_text(
        render_note(dict(HUMAN), CHECK), encoding="utf-8"
    )
    day = at(9).date()
    mem.log(
        type="feedback",
        procedure="procedures/run-the-nursery-fire-drill.md",
        outcome="failure",
        ts=at(8).isoformat(),
    )
    mem.add_episode(
        "Ran the nursery fire drill the usual way, but the count failed: one child was still in the\n"
        "(upstairs) washroom. We counted again and then it worked.",
        title="Fire drill",
        at=at(9),
    )
    run(mem, day=day)
    apply_feedback_events(NoteStore(root), mem.activity)  # whichever of the two is read first
    note = NoteStore(root).read("procedures/run-the-nursery-fire-drill.md")
    assert note.meta["failure_count"] == 1, note.meta
    lines = [ln for ln in note.body.splitlines() if ln.startswith(f"- {day.isoformat()} failure")]
    assert len(lines) == 2, note.body
    assert any("counted once" in ln for ln in lines), lines
    assert any("activity/" in ln and "no note" in ln for ln in lines), lines
    told = next(ln for ln in lines if "episodes/" in ln)
    assert "still in the (upstairs) washroom" in told and "the; (" not in told, told


def test_a_logged_feedback_without_a_note_leaves_a_line(root: Path) -> None:
    mem = e5_memory(root)
    (root / "procedures" / "run-the-nursery-fire-drill.md").write_text(
        render_note(dict(HUMAN), CHECK), encoding="utf-8"
    )
    for hour in (8, 11):  # two drills an agent logged: two uses
        mem.log(
            type="feedback",
            procedure="procedures/run-the-nursery-fire-drill.md",
            outcome="success",
            ts=at(hour).isoformat(),
        )
    apply_feedback_events(NoteStore(root), mem.activity)
    note = NoteStore(root).read("procedures/run-the-nursery-fire-drill.md")
    assert note.meta["success_count"] == 2
    assert note.body.count("success: logged feedback, no note (activity/") == 2, note.body


def test_a_line_break_inside_a_sentence_is_a_space() -> None:
    assert gist("Sterilised the tray the usual way, but the seal on the\n(blue) pouch failed.") == (
        "Sterilised the tray the usual way, but the seal on the (blue) pouch failed."
    )
    assert (
        gist("いつもの手順で器具を消毒したが、封が\n（青い）袋で破れた。")
        == "いつもの手順で器具を消毒したが、封が（青い）袋で破れた。"
    )
    assert gist("- Sterilised the trays\n- All fine") == "Sterilised the trays; All fine"
