"""After `no note matched`, `search` says where to look next (trial 7, item 4): `--weak`, and the
other language when the memory holds notes in it (an English question about a Japanese note
matches by meaning only, and multilingual-e5-small's cosines across languages mostly stay
under the floor)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}


def test_no_match_points_at_weak_and_at_the_other_language(root: Path, run_cli: Run) -> None:
    (root / "knowledge" / "monitoring.md").write_text(
        "---\ndescription: 監視ツールの選定\n---\n# モニタリングツールの選定\n\n"
        "監視ツールは Datadog ではなく Grafana Cloud にすることに決定。理由：コストが約 1/3。\n",
        encoding="utf-8",
    )
    res = run_cli("search", "frobnicate the quux", env=HASHING)
    assert res.returncode == 0 and res.stdout == ""
    assert "no note matched" in res.stderr
    assert "--weak" in res.stderr and "Japanese" in res.stderr
    (root / "knowledge" / "monitoring.md").unlink()
    (root / "knowledge" / "billing.md").write_text(
        "# Billing\n\nThe billing batch ran twice.\n", encoding="utf-8"
    )
    res = run_cli("search", "ディスクが一杯になった", env=HASHING)
    assert "no note matched" in res.stderr and "English" in res.stderr


def test_the_other_language_is_named_only_when_a_note_in_it_comes_near(root: Path, run_cli: Run) -> None:
    """Trial 20 #9: `hamster` was told to try Japanese in a root whose one Japanese note was about
    anaesthetic gas. A choir's memory: English rehearsal notes and one unrelated Japanese note (real
    embedder): a question about aquarium filters gets no language hint; a Japanese question about the
    rehearsals still gets "try the key words in English"."""
    (root / "knowledge" / "rehearsals.md").write_text(
        "---\ndescription: When and where the choir rehearses\n---\n# Rehearsal schedule\n\n"
        "Rehearsals start at 7 pm on Thursdays in the church hall; sopranos warm up at 6:45 pm.\n",
        encoding="utf-8",
    )
    (root / "knowledge" / "copy-costs.md").write_text(
        "---\ndescription: 楽譜のコピー代の精算\n---\n# 楽譜のコピー代\n\n"
        "楽譜のコピー代は月末に会計係へ領収書を渡して精算する。\n",
        encoding="utf-8",
    )
    res = run_cli("search", "aquarium filter")
    assert "no note matched" in res.stderr and "--weak" in res.stderr
    assert "Japanese" not in res.stderr  # was: try the key words in Japanese
    res = run_cli("search", "合唱の練習は何時から始まりますか")
    if "no note matched" in res.stderr:  # across languages the note may miss the floor: then say English
        assert "try the key words in English" in res.stderr
