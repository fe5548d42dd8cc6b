"""`memdir context` carries, with a procedure it shows, the lessons that name that procedure (trial 25 second re-check M3).

A lesson links its procedure by `applies_to` (the daily and weekly runs write it) or the procedure lists it in
`lessons:`. Search ranks the lesson by its own words, and a lesson whose description is its rule shares none with
the task, so `context` for the task showed the procedure without what went wrong with it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ENV = {"MEMDIR_EMBEDDER": "hashing"}


def _write(root: Path, rel: str, meta: str, body: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(f"---\n{meta.strip()}\n---\n\n{body}", encoding="utf-8")


def _context(run_cli: Any, query: str, budget: str) -> dict[str, Any]:
    res = run_cli("context", query, "--budget", budget, "--json", env=ENV)
    assert res.returncode == 0, res.stderr
    data: dict[str, Any] = json.loads(res.stdout)
    assert set(data) == {"text", "tokens", "budget"}  # the JSON shape is unchanged
    assert data["tokens"] <= int(budget)
    return data


def test_a_podcast_procedure_brings_the_lesson_that_applies_to_it(root: Path, run_cli: Any) -> None:
    """A podcast team's publishing procedure; the daily run's lesson names it in `applies_to` and says its rule in
    words the task does not use. Asking how to publish an episode shows the lesson right after the procedure, at a
    small budget too; a lesson about another procedure is not carried."""
    _write(
        root,
        "procedures/publish-a-podcast-episode.md",
        "type: procedure\ndescription: How we publish a podcast episode to the hosting service\nconfidence: 0.8",
        "# Publish a podcast episode\n\n1. Export the edited episode as MP3 from the editor.\n"
        "2. Upload the episode to the hosting service with its show notes.\n3. Schedule the episode and post the link.\n",
    )
    _write(
        root,
        "procedures/book-a-guest.md",
        "type: procedure\ndescription: How we book a guest for the show\nconfidence: 0.7",
        "# Book a guest\n\n1. Send the invitation e-mail.\n2. Agree on a recording slot.\n",
    )
    _write(
        root,
        "knowledge/lessons/normalise-loudness-to-16-lufs.md",
        "type: lesson\ndescription: Always normalise loudness to -16 LUFS before the upload; the host rejects louder files.\n"
        "confidence: 0.4\napplies_to: procedures/publish-a-podcast-episode.md",
        "# Lesson: loudness\n\n## What worked instead\n- `ffmpeg -af loudnorm=I=-16` on the master, then it went through.\n\n"
        "## What failed\n- The host refused the file: integrated loudness -9 LUFS.\n",
    )
    _write(
        root,
        "knowledge/lessons/confirm-time-zones-in-writing.md",
        "type: lesson\ndescription: Confirm the time zone in writing.\nconfidence: 0.4\napplies_to: procedures/book-a-guest.md",
        "# Lesson: time zones\n\n## What failed\n- The guest joined an hour late.\n",
    )
    for budget in ("1500", "300"):
        text = _context(run_cli, "publish a podcast episode", budget)["text"]
        proc = text.index("`procedures/publish-a-podcast-episode.md`")
        assert "`knowledge/lessons/normalise-loudness-to-16-lufs.md`" in text, text
        assert text.index("`knowledge/lessons/normalise-loudness-to-16-lufs.md`") > proc
        assert "confirm-time-zones-in-writing" not in text
        if budget == "1500":
            assert "loudnorm=I=-16" in text


def test_a_japanese_procedure_brings_the_lessons_it_lists(root: Path, run_cli: Any) -> None:
    """A shop's stocktaking procedure lists its lesson in `lessons:` (the lesson has no `applies_to`); the context
    for the task shows the lesson after the procedure; the context for a kind only (`--kind procedures`) does not."""
    _write(
        root,
        "procedures/月次の在庫棚卸しの手順.md",
        "type: procedure\ndescription: 月次の在庫棚卸しの手順\nconfidence: 0.7\n"
        "lessons:\n- knowledge/lessons/冷凍庫の品目は最初に数える.md",
        "# 月次の在庫棚卸しの手順\n\n1. 棚ごとに品目を数える。\n2. 在庫表に数を入れる。\n3. 差異を店長に報告する。\n",
    )
    _write(
        root,
        "knowledge/lessons/冷凍庫の品目は最初に数える.md",
        "type: lesson\ndescription: 冷凍庫の品目は最初に数え、扉は開けたままにしない。\nconfidence: 0.5",
        "# 教訓：冷凍庫\n\n## What worked instead\n- 冷凍庫を先に数えたら十分で終わった。\n",
    )
    for budget in ("1500", "200"):
        text = _context(run_cli, "在庫棚卸しをする", budget)["text"]
        assert "`procedures/月次の在庫棚卸しの手順.md`" in text, text
        lesson = "`knowledge/lessons/冷凍庫の品目は最初に数える.md`"
        assert lesson in text, text
        assert text.index(lesson) > text.index("`procedures/月次の在庫棚卸しの手順.md`")
    res = run_cli("context", "在庫棚卸しをする", "--kind", "procedures", env=ENV)
    assert res.returncode == 0, res.stderr
    assert "冷凍庫の品目は最初に数える" not in res.stdout
