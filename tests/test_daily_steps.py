"""Trial 13 #3: a note of bullets or commands is described by what it holds, never by a step count; a fenced
shell block's commands are the steps; a symptom line is never step 1. Steps the person numbered or listed keep
their span (desc22). Other domains than the trial's: a blog deploy, a pottery kiln, a deck oven, a
microscope's image backup, a dishwasher, a greenhouse, a plant nursery."""

from __future__ import annotations

from memdir.consolidation.daily.shape import shape

BLOG = (
    "## deploy the blog\n\n```bash\n# build the site\nhugo --minify\n# upload it\nrsync -av public/ web:/srv/blog\n```\n\n"
    "- upload timed out once: the VPN was off\n"
)
KILN = "## 窯のエラー\n\n- 900度で温度計がエラーE-07を出す\n- 対処: STARTを5秒長押し\n- プログラムを読み込み直す\n"


def test_a_fenced_shell_block_gives_the_steps_one_command_each_with_its_comment_as_words() -> None:
    from memdir.consolidation.daily.shape_shell import code_steps  # noqa: PLC0415 - new in fix13c

    assert code_steps(BLOG.split("\n\n")[1]) == [
        "build the site: `hugo --minify`",
        "upload it: `rsync -av public/ web:/srv/blog`",
    ]


def test_a_note_about_the_run_under_the_commands_is_not_what_the_procedure_is_for() -> None:
    s = shape("procedures", "", BLOG)
    assert "timed out" not in s.description and "steps" not in s.description, s.description
    assert s.description == "Deploy the blog"


def test_a_japanese_symptom_is_what_the_steps_are_for_not_a_step_count() -> None:
    s = shape("procedures", "", KILN)
    assert "手順" not in s.description, s.description
    assert s.description == "900度で温度計がエラーE-07を出す"


# fix13d: the span stays for steps the person numbered or listed; only notes of bullets or commands lose it
OVEN = (
    "## oven 2 door\n\n- steam leaks round the door seal on oven 2\n- fix: tighten the two hinge bolts half a turn\n"
    "- ref: https://example.org/deck-oven-manual.pdf\n"
)
MICROSCOPE = (
    "Back up the confocal images:\n\n$ ssh scope-pc\n$ rsync -av /data/confocal/ nas:/archive/confocal/\n"
    "$ df -h /data\n"
)
DISHWASHER = "## dishwasher\n\nNight cycle failed: rinse aid empty. Fix: refill the rinse aid and run the short cycle.\n"
GREENHOUSE = "## 温室の朝の点検\n\n1. 暖房機が止まるまで待ち、燃料計を読む。\n2. 天窓を半分開ける。\n3. 温度と湿度を記録表に書く。\n"
NURSERY = (
    "## Potting on seedlings\n\n- Water the trays an hour before\n- Fill 9 cm pots with compost\n"
    "- Lift each seedling by a leaf, never the stem\n- Firm in and label the pot\n"
)


def test_a_labelled_bullet_note_is_described_by_its_symptom_not_a_step_count() -> None:
    s = shape("procedures", "", OVEN)
    assert "steps" not in s.description, s.description
    assert s.description.startswith("Steam leaks round the door seal"), s.description


def test_pasted_shell_history_is_commands_not_counted_steps() -> None:
    s = shape("procedures", "", MICROSCOPE)
    assert "steps" not in s.description, s.description
    assert "`rsync -av /data/confocal/ nas:/archive/confocal/`" in s.text  # still one command a step


def test_a_symptom_then_its_fix_in_prose_is_no_step_one() -> None:
    s = shape("procedures", "", DISHWASHER)
    assert s.description == "Night cycle failed: rinse aid empty.", s.description
    assert "1. Night cycle failed" not in s.text, s.text


def test_numbered_steps_keep_their_span_even_when_a_step_says_something_stops() -> None:
    s = shape("procedures", "", GREENHOUSE)  # 「止まるまで待ち」 is a step, not a symptom
    assert s.description.startswith("3つの手順：「暖房機が止まるまで待ち"), s.description


def test_plain_bullets_of_steps_keep_their_span() -> None:
    s = shape("procedures", "", NURSERY)
    assert s.description.startswith('4 steps, from "Water the trays an hour before"'), s.description
