"""Trial 13 #3: a procedure's description never counts its steps; a fenced shell block's commands are the
steps; a symptom line is never step 1 (other domains than the trial's: a blog deploy, a pottery kiln)."""

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
