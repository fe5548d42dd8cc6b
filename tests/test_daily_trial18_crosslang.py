"""Trial 18 #5: one procedure told in English prose and as Japanese bullets (or English bullets and Japanese prose).

In other domains than the trial's bakery: a kitchen's allergen clean-down and a print shop's plate change. The
first 256 characters of English prose hold its first two sentences, those of Japanese bullets every bullet, so
the two read as unrelated (0.4) and became two procedures; now the steps are compared whole, with the same
identifiers: days apart the later one is a merge candidate on the earlier note, on one day one note holds both.
A Japanese procedure for other work on the same press, naming two of the same codes, stays a note of its own.
Real files, the shipped embedder, real daily runs.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from test_daily_support import YESTERDAY, at, e5_memory, notes, run

from memdir.notes.store import NoteStore

KITCHEN_EN = (
    "When we switch the prep line from the peanut satay batch to the nut-free menu, first we stop the satay "
    "station and bag every open tub of peanut sauce. Then we take the blender jug and the two ladles to the "
    "dishwasher and run them on the HOT-85 cycle, because peanut paste hides under the blade and one smear is "
    "enough for a reaction. While the dishwasher runs we wipe the bench with detergent, spray it with sanitiser "
    "QS-40 and leave it wet for 60 seconds. After that we swap to the purple boards and purple knives. Finally "
    "the shift lead swabs the bench with an AT-3 allergen test and signs the allergen log before the first "
    "nut-free order goes out. The whole clean-down takes about 25 minutes."
)
KITCHEN_JA = (
    "ピーナッツ→ナッツ不使用メニュー 切替（仕込みライン）\n"
    "- サテのステーションを止め、開いたピーナッツソースは全部袋に入れる\n"
    "- ミキサーのジャグとお玉2本を食洗機の HOT-85 コースで洗う（刃の下にペーストが残りやすい）\n"
    "- 作業台を洗剤で拭き、QS-40 を吹き付けて60秒濡れたまま置く\n"
    "- 紫のまな板・紫の包丁に替える\n"
    "- シフトリーダーが AT-3 のアレルゲン検査で作業台を確認し、記録に署名してから最初の注文を出す\n"
    "所要 約25分\n"
)
PRINT_EN = (
    "Plate change on press 4 (SM-74):\n"
    "- Stop the press and wash the blankets with the BW-2 program\n"
    "- Take the old plates off and check them for scratches before they go to the recycling bin\n"
    "- Bend the new plates on the PB-30 bender\n"
    "- Mount the plates, cyan first, and lock the clamps\n"
    "- Run 50 make-ready sheets and check the register marks against the RM-5 gauge\n"
    "- The press lead signs the first good sheet before the run starts\n"
)
PRINT_JA = (
    "4号機（SM-74）の刷版交換は、まず印刷機を止めて、ブランケットを BW-2 プログラムで洗浄します。洗浄が終わったら"
    "古い版を外し、リサイクル箱に入れる前に傷がないか確認します。新しい版は PB-30 ベンダーで曲げてから、シアンから"
    "順に取り付けてクランプを締めます。その後、ヤレ紙を50枚通して、見当マークを RM-5 ゲージで確認します。最後に、"
    "本刷りを始める前に機長が最初の良品に署名します。"
)
# the same press, two of the same codes, another job: the weekly roller wash
ROLLERS_JA = (
    "4号機（SM-74）の週末ローラー洗浄\n"
    "- インキつぼを空にして、つぼローラーをヘラで掃除する\n"
    "- 洗浄液 CW-9 をローラーに流し、BW-2 プログラムを2回まわす\n"
    "- 湿し水タンクの水を抜いて、フィルター F-12 を交換する\n"
    "- ローラーの硬さをショア計で測り、35度を超えたら交換を申請する\n"
    "- 点検表にサインして、月曜の朝一の担当に申し送る\n"
)

PAIRS = [
    pytest.param(
        ("Allergen clean-down", KITCHEN_EN),
        ("ナッツ不使用メニューへの切替", KITCHEN_JA),
        id="prose-en-bullets-ja",
    ),
    pytest.param(
        ("Plate change on press 4", PRINT_EN), ("4号機の刷版交換", PRINT_JA), id="bullets-en-prose-ja"
    ),
]


def _procedures(root: Path) -> dict[str, list[str]]:
    return {n.path: n.str_list("sources") for n in NoteStore(root).iter_notes(("procedures",))}


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_a_translation_days_later_in_the_other_form_is_a_merge_candidate(
    root: Path, first: tuple[str, str], second: tuple[str, str]
) -> None:
    mem = e5_memory(root)
    mem.add_episode(first[1], title=first[0], at=at(9, day=YESTERDAY - timedelta(days=3)))
    run(mem)
    (earlier,) = notes(root, "procedures")
    mem.add_episode(second[1], title=second[0], at=at(15))
    report = run(mem)
    assert notes(root, "procedures") == [earlier], report.episodes  # no second, unrelated procedure
    (decision,) = report.episodes
    assert decision["action"] == "merge_candidate" and decision["target"] == earlier, decision
    assert "another language" in str(decision["reason"])
    items = [p.read_text(encoding="utf-8") for p in (root / "review").glob("*.md")]
    assert len(items) == 1 and earlier in items[0]


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_both_versions_on_one_day_end_in_one_note(
    root: Path, first: tuple[str, str], second: tuple[str, str]
) -> None:
    mem = e5_memory(root)
    mem.add_episode(first[1], title=first[0], at=at(9))
    mem.add_episode(second[1], title=second[0], at=at(15))
    report = run(mem)
    procs = _procedures(root)
    assert len(procs) == 1, report.episodes
    (sources,) = procs.values()
    assert len(sources) == 2


def test_another_job_on_the_same_press_in_the_other_language_stays_apart(root: Path) -> None:
    mem = e5_memory(root)
    mem.add_episode(PRINT_EN, title="Plate change on press 4", at=at(9, day=YESTERDAY - timedelta(days=2)))
    run(mem)
    mem.add_episode(ROLLERS_JA, title="4号機の週末ローラー洗浄", at=at(15))
    report = run(mem)
    assert len(notes(root, "procedures")) == 2, report.episodes
    assert [e["action"] for e in report.episodes] == ["create"], report.episodes
    assert list((root / "review").glob("*.md")) == []


PLATES_JA = (
    "4号機の版を替えるときは、まず印刷機を止めてブランケットを BW-2 で洗浄する。次に古い版を外して傷を確認する。"
    "新しい版を PB-30 で曲げて、シアンから取り付ける。最後に機長が最初の良品に署名する。"
)


@pytest.mark.parametrize(
    ("title", "text", "first"),
    [
        ("Allergen clean-down", KITCHEN_EN, "Stop the satay station"),  # "First we": the number says it
        ("4号機の刷版交換", PLATES_JA, "印刷機を止めて"),
    ],
)
def test_a_prose_procedure_keeps_its_condition_above_the_steps_and_its_first_step_numbered(
    root: Path, title: str, text: str, first: str
) -> None:
    """ "When we switch…, first we stop…": the condition is the context and the description's start, "first we
    stop…" is step 1; an action after "While the dishwasher runs" is a step of its own."""
    mem = e5_memory(root)
    mem.add_episode(text, title=title, at=at(9))
    run(mem)
    (note,) = NoteStore(root).iter_notes(("procedures",))
    steps = [ln for ln in note.body.splitlines() if re.match(r"\d+\. ", ln)]
    assert steps[0].startswith(f"1. {first}"), note.body  # the condition is not part of step 1
    lead = note.body.split("\n1. ")[0]
    assert first not in lead, note.body
    if text is KITCHEN_EN:
        assert len(steps) == 5 and steps[2].startswith("3. While the dishwasher runs we wipe"), note.body
        assert note.description.startswith("When we switch the prep line"), note.description


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_a_translation_added_the_same_day_is_no_newer_version(
    root: Path, first: tuple[str, str], second: tuple[str, str]
) -> None:
    """The daily run's own merge of a translation (`route_plan`, re-check N1, `fix18g`): the other language goes
    under its language's heading after the note's own steps; no "Current steps" banner calls the note's own
    steps an earlier version, and no dated heading makes `context` show them as older text."""
    mem = e5_memory(root)
    mem.add_episode(first[1], title=first[0], at=at(9))
    mem.add_episode(second[1], title=second[0], at=at(15))
    run(mem)
    (path,) = _procedures(root)
    body = NoteStore(root).read(path).body
    assert "Current steps" not in body, body
    assert re.search(r"^## (?:Japanese|English) version — ", body, re.M), body
    assert not re.search(r"^## \d{4}-\d{2}-\d{2}", body, re.M), body
