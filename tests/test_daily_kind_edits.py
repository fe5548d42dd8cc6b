"""An edited episode that changes kind leaves one live note; an editor's rewrite changes none (issue 16, fix38c).

Each test runs `memdir consolidate daily` in process on a real root, edits the day file as a person would, runs
again and reads the files. English and Japanese texts, in domains of their own (a bakery, an accounts office).
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

Cli = Callable[..., subprocess.CompletedProcess[str]]

FACTS = {
    "en": (
        "Sourdough starter",
        "The sourdough starter lives in the walk-in fridge on the top shelf; it was started by Ines in 2019 and "
        "smells of green apples when it is healthy. It goes sluggish when the kitchen drops below 20 degrees.",
    ),
    "ja": (
        "請求書の締め日",
        "経理部の請求書は毎月25日締めで、翌月10日に振り込まれる。担当は山田さんで、去年から紙の請求書は受け付けていない。"
        "締め日を過ぎた請求書は翌々月の支払いに回ると経理から説明があった。",
    ),
}
STEPS = {
    "en": "To feed the sourdough starter before a bake:\n\n1. Take it out of the walk-in fridge the night before\n"
    "2. Discard all but 100 g\n3. Add 100 g flour and 100 g water at 26 degrees\n"
    "4. Leave it on the proofing shelf until it doubles",
    "ja": "取引先の請求書を経理に回す手順：\n\n1. 請求書のPDFを共有ドライブの「請求書」フォルダに保存する\n"
    "2. 経費システムで新規申請を作り、PDFを添付する\n3. 承認者に部長を選んで申請する\n"
    "4. 25日の締め日までに山田さんにチャットで知らせる",
}
MORE = {  # a second episode on the same subject, told on the next day: it joins the first one's note
    "en": "The sourdough starter needs rye flour in winter; Ines found the wheat-only feeds left it flat from "
    "December to February. The bakery orders the rye from the mill in Hallau, 25 kg a month, and keeps a backup "
    "jar of starter dried on baking paper in the office.",
    "ja": "請求書の締め日は25日だが、海外の取引先の請求書だけは20日締めで、円換算のレートを書き添える決まりになっている。"
    "レートは月末の銀行の公示値を使う。山田さんが休みの日は佐藤さんが受け付けてくれる。",
}
DAY1, DAY2 = "2026-11-02", "2026-11-03"


def _day(root: Path, day: str, *sections: tuple[str, str], raw: bytes | None = None) -> None:
    text = f"---\ndate: {day}\n---\n\n" + "\n\n".join(f"## {h}\n\n{t}" for h, t in sections) + "\n"
    (root / "episodes" / f"{day}.md").write_bytes(raw if raw is not None else text.encode("utf-8"))


def _run(cli: Cli, day: str) -> str:
    res = cli("consolidate", "daily", "--date", day)
    assert res.returncode == 0, res.stderr
    return res.stdout


def _notes(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for folder in ("knowledge", "procedures")
        for p in sorted((root / folder).rglob("*.md"))
    }


def _no_stamp(data: bytes) -> bytes:
    return b"\n".join(ln for ln in data.split(b"\n") if not ln.startswith(b"updated_at:"))


def _citing(root: Path, ref: str) -> list[str]:
    return [p for p, b in _notes(root).items() if f"- {ref}\n" in b.decode("utf-8")]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_episode_edited_into_steps_and_back_leaves_one_live_note(
    root: Path, run_cli: Cli, lang: str
) -> None:
    title, facts = FACTS[lang]
    _day(root, DAY1, (f"09:00 {title}", facts))
    _run(run_cli, DAY1)
    [old] = _notes(root)
    before = (root / old).read_bytes()
    assert old.startswith("knowledge/")
    _day(root, DAY1, (f"09:00 {title}", STEPS[lang]))
    out = _run(run_cli, DAY1)
    ref = f"episodes/{DAY1}.md#0900-{title.lower().replace(' ', '-')}"
    [new] = _citing(root, ref)  # one live note tells the episode: the new version
    assert new.startswith("procedures/") and STEPS[lang].splitlines()[-1] in (root / new).read_text("utf-8")
    assert not (root / old).exists() and (root / "archive" / old).read_bytes() == before  # kept, not deleted
    assert f"retire {old}" in out and f"archive/{old}" in out
    notes = _notes(root)
    assert "nothing new" in _run(run_cli, DAY1) and _notes(root) == notes  # a second run changes nothing
    _day(root, DAY1, (f"09:00 {title}", facts))  # edited back
    _run(run_cli, DAY1)
    assert _citing(root, ref) == [old] and facts in (root / old).read_text("utf-8")
    assert (root / "archive" / new).is_file() and not (root / new).exists()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_shared_note_gives_up_only_that_episodes_section(root: Path, run_cli: Cli, lang: str) -> None:
    title, facts = FACTS[lang]
    _day(root, DAY1, (f"09:00 {title}", facts))
    _run(run_cli, DAY1)
    _day(root, DAY2, (f"10:00 {title}", MORE[lang]))
    _run(run_cli, DAY2)
    [old] = _notes(root)
    person = "Asked the team to check this before the holidays. / 年末前に確認を頼んだ。\n"
    with (root / old).open("a", encoding="utf-8") as f:
        f.write(f"\n{person}")
    before = (root / old).read_text("utf-8")
    assert MORE[lang] in before
    _day(root, DAY2, (f"10:00 {title}", STEPS[lang]))
    _run(run_cli, DAY2)
    after = (root / old).read_text("utf-8")
    assert MORE[lang] not in after  # its section (the run's heading stays: the person's line is under it)
    assert facts in after and after.endswith(person)  # the other episode's text and the person's line stay
    assert f"{DAY2}.md#" not in after.split("\n---\n", 1)[0]  # no longer in sources
    assert (root / "archive" / old).read_text("utf-8") == before  # the note as it was
    [new] = [p for p in _notes(root) if p.startswith("procedures/")]
    assert STEPS[lang].splitlines()[-1] in (root / new).read_text("utf-8")


@pytest.mark.parametrize(("lang", "where"), [("en", "body"), ("ja", "body"), ("en", "description")])
def test_a_note_a_person_changed_stays_and_the_new_kind_waits_in_review(
    root: Path, run_cli: Cli, lang: str, where: str
) -> None:
    title, facts = FACTS[lang]
    _day(root, DAY1, (f"09:00 {title}", facts))
    _run(run_cli, DAY1)
    [old] = _notes(root)
    note = root / old
    head, body = note.read_text("utf-8").split("\n---\n", 1)
    if where == "body":
        body = body.replace(facts[:12], facts[:12] + " (!)", 1)
    else:  # the note the episode alone made: a person's own description is theirs to retire
        head = head.replace(facts[:12], "Ines's starter, fed daily", 1)
    note.write_text(f"{head}\n---\n{body}", encoding="utf-8")
    by_hand = _notes(root)
    _day(root, DAY1, (f"09:00 {title}", STEPS[lang]))
    out = _run(run_cli, DAY1)
    assert _notes(root) == by_hand  # no second live note, the person's version untouched
    [item] = list((root / "review").glob("rv-*.md"))
    text = item.read_text("utf-8")
    assert f"target: {old}" in text and "changed by hand" in text and STEPS[lang].splitlines()[-1] in text
    assert "raise review item" in out


def test_an_editor_rewriting_the_day_file_changes_no_note(root: Path, run_cli: Cli) -> None:
    """A BOM, CRLF line ends and spaces at line ends: the same words, nothing to write."""
    sections = [
        ("08:00 Feed the starter", STEPS["en"]),
        ("09:00 請求書を回す", STEPS["ja"]),
        (f"10:00 {FACTS['en'][0]}", FACTS["en"][1]),
    ]
    _day(root, DAY1, *sections)
    _run(run_cli, DAY1)
    notes = _notes(root)
    assert len(notes) == 3
    text = (root / "episodes" / f"{DAY1}.md").read_text("utf-8")
    rewritten = "\r\n".join(ln + "  " if ln.strip() else ln for ln in text.split("\n"))
    _day(root, DAY1, raw=("\ufeff" + rewritten).encode("utf-8"))
    out = _run(run_cli, DAY1)
    assert _notes(root) == notes and "update" not in out


@pytest.mark.parametrize("edited", ["en", "ja"])
def test_in_a_day_of_two_episodes_only_the_edited_ones_note_changes(
    root: Path, run_cli: Cli, edited: str
) -> None:
    kept = "ja" if edited == "en" else "en"
    heads = {lang: f"{'09:00' if lang == 'en' else '10:00'} {FACTS[lang][0]}" for lang in FACTS}
    _day(root, DAY1, *[(heads[lang], FACTS[lang][1]) for lang in ("en", "ja")])
    _run(run_cli, DAY1)
    notes = _notes(root)
    [kept_path] = [p for p, b in notes.items() if FACTS[kept][1] in b.decode("utf-8")]
    texts = {kept: FACTS[kept][1], edited: STEPS[edited]}
    _day(root, DAY1, *[(heads[lang], texts[lang]) for lang in ("en", "ja")])
    _run(run_cli, DAY1)
    after = _notes(root)
    assert after[kept_path] == notes[kept_path]
    assert [p for p in after if p.startswith("knowledge/")] == [kept_path]
    assert sum(STEPS[edited].splitlines()[-1] in b.decode("utf-8") for b in after.values()) == 1


@pytest.mark.parametrize("change", ["deleted", "renamed"])
def test_a_section_gone_from_its_day_file_is_named_once_and_its_note_kept_or_renamed(
    root: Path, run_cli: Cli, change: str
) -> None:
    _day(root, DAY1, ("08:00 Feed the starter", STEPS["en"]), (f"10:00 {FACTS['ja'][0]}", FACTS["ja"][1]))
    _run(run_cli, DAY1)
    notes = _notes(root)
    sections = [("08:00 Feed the starter", STEPS["en"])]
    if change == "renamed":
        sections.append(("10:00 経理の締め日", FACTS["ja"][1]))
    _day(root, DAY1, *sections)
    out = _run(run_cli, DAY1)
    old_ref, new_ref = f"episodes/{DAY1}.md#1000-{FACTS['ja'][0]}", f"episodes/{DAY1}.md#1000-経理の締め日"
    after = _notes(root)
    if change == "renamed":  # the same text under a new heading: its note cites the new id, nothing else
        after = {p: b.replace(new_ref.encode(), old_ref.encode()) for p, b in after.items()}
        after = {p: _no_stamp(b) for p, b in after.items()}
        notes = {p: _no_stamp(b) for p, b in notes.items()}
        assert not list((root / "review").glob("rv-*.md"))  # no near-duplicate to review
    assert after == notes  # nothing taken out of a note, nothing filed twice
    assert old_ref in out and "no longer in their day file" in out
    assert [p for p in notes if p.startswith("knowledge/")][0] in out
    assert "no longer in their day file" not in _run(run_cli, DAY1)  # said once


def test_retired_body_takes_the_runs_heading_only_when_nothing_of_a_person_is_under_it() -> None:
    from memdir.consolidation.daily.plan_retire import retired_body  # here: the other tests run on main too

    body = "# T\n\nfirst\n\n## 2026-11-03 — Later\n\nsecond\n"
    assert retired_body(body, "second") == "# T\n\nfirst\n"
    assert retired_body(body + "\nmine\n", "second") == "# T\n\nfirst\n\n## 2026-11-03 — Later\n\nmine\n"
    assert retired_body("# T\n\n## Notes\n\nsecond\n", "second") == "# T\n\n## Notes\n"  # a person's heading
    assert retired_body(body, "secon") is None


class _Killed(Exception):
    pass


@pytest.mark.parametrize("steps_done", [0, 1, 2])
def test_a_run_killed_while_retiring_is_finished_once(
    root: Path, run_cli: Cli, steps_done: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy to archive/, the note's update and the new note are journaled: a resumed run keeps one copy."""
    from datetime import date

    from test_daily_support import memory

    from memdir.runs.journal import Journal

    title, facts = FACTS["en"]
    _day(root, DAY1, (f"09:00 {title}", facts))
    _run(run_cli, DAY1)
    _day(root, DAY2, (f"10:00 {title}", MORE["en"]))
    _run(run_cli, DAY2)
    _day(root, DAY2, (f"10:00 {title}", STEPS["en"]))
    real_step, calls = Journal.step, {"n": 0}

    def dying_step(self: Journal, index: int) -> None:
        if calls["n"] >= steps_done:
            raise _Killed  # the process dies after a write, before recording it
        calls["n"] += 1
        real_step(self, index)

    monkeypatch.setattr(Journal, "step", dying_step)
    with pytest.raises(_Killed):
        memory(root).daily_consolidator(sync_index=False).run(day=date.fromisoformat(DAY2))
    monkeypatch.setattr(Journal, "step", real_step)
    _run(run_cli, DAY2)
    assert len(list((root / "archive" / "knowledge").glob("*.md"))) == 1
    notes = {p: b.decode("utf-8") for p, b in _notes(root).items()}
    assert sum(MORE["en"] in t for t in notes.values()) == 0 and sum(facts in t for t in notes.values()) == 1
    assert len(_citing(root, f"episodes/{DAY2}.md#1000-sourdough-starter")) == 1
    assert "nothing new" in _run(run_cli, DAY2)
