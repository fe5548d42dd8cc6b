"""Concurrent writers: appending processes lose nothing; a person's editor save is never clobbered."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from memdir import Memory
from memdir.errors import ConflictError
from memdir.notes.store import NoteStore

REPO = Path(__file__).resolve().parent.parent

APPENDER = textwrap.dedent(
    """
    import sys
    from datetime import datetime, timedelta, timezone
    from memdir import Memory
    root, who, n_events, n_episodes = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    mem = Memory(root)
    base = datetime(2026, 11, 28, 10, 0, tzinfo=timezone.utc)
    every = max(1, n_events // max(1, n_episodes)) if n_episodes else 0
    ep = 0
    for i in range(n_events):
        mem.log(ts=(base + timedelta(seconds=i)).isoformat(), type="tool_use", task_id=f"{who}-{i // 10}",
                summary=f"{who} event {i} " + "x" * (i % 50), tool="bash", input="echo 'é\\n'" * (i % 3))
        if every and i % every == 0 and ep < n_episodes:
            mem.add_episode(f"{who} episode {ep}\\n\\nbody of {who} {ep}", title=f"{who} ep {ep}",
                            at=base + timedelta(minutes=ep))
            ep += 1
    while ep < n_episodes:
        mem.add_episode(f"{who} episode {ep}", title=f"{who} ep {ep}", at=base + timedelta(minutes=ep))
        ep += 1
    """
)


def _spawn(root: Path, who: str, n_events: int, n_episodes: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", APPENDER, str(root), who, str(n_events), str(n_episodes)],
        cwd=str(REPO),
        stderr=subprocess.PIPE,
    )


def _wait_all(procs: list[subprocess.Popen[bytes]], timeout: float = 120) -> None:
    for p in procs:
        _, err = p.communicate(timeout=timeout)
        assert p.returncode == 0, err.decode(errors="replace")[-2000:]


def _activity_lines(root: Path) -> list[dict[str, object]]:
    out = []
    for path in sorted((root / "activity").glob("*.jsonl")):
        raw = path.read_bytes()
        assert raw.endswith(b"\n"), f"{path.name} ends with a torn line"
        for line in raw.split(b"\n")[:-1]:
            out.append(json.loads(line))  # every line must be valid JSON
    return out


def test_ten_processes_appending_activity_lose_nothing(root: Path) -> None:
    """10 processes x 300 events at once: every line is valid JSON and the count is exact."""
    procs = [_spawn(root, f"w{i}", 300, 0) for i in range(10)]
    _wait_all(procs)
    lines = _activity_lines(root)
    assert len(lines) == 3000
    for i in range(10):
        mine = [int(str(ev["summary"]).split()[2]) for ev in lines if str(ev["task_id"]).startswith(f"w{i}-")]
        assert sorted(mine) == list(range(300))
    stats_mem = Memory(root)
    from memdir.activity import ReadStats

    stats = ReadStats()
    assert sum(1 for _ in stats_mem.activity.read(stats=stats)) == 3000 and stats.malformed == 0


@pytest.mark.slow
def test_two_processes_5000_events_and_200_episodes_each(root: Path) -> None:
    """Issue 2's must-show: two writers at once, 5,000 events and 200 episodes each; nothing lost."""
    start = time.monotonic()
    procs = [_spawn(root, "alpha", 5000, 200), _spawn(root, "beta", 5000, 200)]
    _wait_all(procs)
    lines = _activity_lines(root)
    assert len(lines) == 10_000
    for who in ("alpha", "beta"):
        seen = sorted(
            int(str(ev["summary"]).split()[2]) for ev in lines if str(ev["summary"]).startswith(who)
        )
        assert seen == list(range(5000)), who
    episodes = list(Memory(root).episodes.iter_episodes())
    titles = {e.title for e in episodes}
    for who in ("alpha", "beta"):
        assert {f"{who} ep {i}" for i in range(200)} <= titles, who
    assert len(episodes) == 400 and len({e.id for e in episodes}) == 400
    assert not list(root.rglob("*.memdir-tmp-*"))
    assert time.monotonic() - start < 60


EDITOR = textwrap.dedent(
    """
    import os, random, sys, time
    path, stop, mode = sys.argv[1], sys.argv[2], sys.argv[3]
    rnd = random.Random(7)
    clobbered = []
    last = None
    i = 0
    while not os.path.exists(stop) and i < 20000:
        i += 1
        text = open(path, encoding="utf-8").read()
        head, _, body = text.partition("\\n---\\n")
        if last is not None and body != last:
            clobbered.append(i)
        last = f"\\nThe person's save {i}\\n"
        new = head + "\\n---\\n" + last
        if mode == "inplace":  # like VS Code / nano: truncate and write the same inode
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(new)
        else:  # like vim / emacs: write a swap file and rename it over
            with open(path + ".swp", "w", encoding="utf-8") as fh:
                fh.write(new)
            os.replace(path + ".swp", path)
        time.sleep(rnd.uniform(0, 0.008))
    time.sleep(0.2)
    if open(path, encoding="utf-8").read().partition("\\n---\\n")[2] != last:
        clobbered.append(i)
    print(len(clobbered), clobbered, i)
    """
)


@pytest.mark.parametrize("mode", ["atomic", "inplace"])
def test_editor_saving_while_feedback_updates_is_never_clobbered(root: Path, mode: str) -> None:
    """A person saves a procedure over and over while feedback updates it: every save survives.

    Before the fixes in NoteStore.write, 5-7% of the saves were lost.
    """
    path = root / "procedures" / "deploy.md"
    path.write_text("---\ndescription: Deploy the API\nconfidence: 0.4\n---\n\nfirst\n", encoding="utf-8")
    mem = Memory(root)
    mem.feedback("procedures/deploy.md", success=True)  # warm up: lazy imports happen before the race
    stop = root / "stop-editing"
    editor = subprocess.Popen(
        [sys.executable, "-c", EDITOR, str(path), str(stop), mode],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    ok = conflicts = 0
    deadline = time.monotonic() + 12  # feedback retries a conflict for ~2 s itself, so each call races a lot
    while editor.poll() is None and ok + conflicts < 40 and time.monotonic() < deadline:
        try:
            mem.feedback("procedures/deploy.md", success=True)
            ok += 1
        except ConflictError:
            conflicts += 1
    stop.touch()
    out, err = editor.communicate(timeout=60)
    assert editor.returncode == 0, err
    assert out.split()[0] == "0", (
        f"person's saves clobbered at {out.strip()} (ok={ok}, conflicts={conflicts})"
    )
    assert ok + conflicts >= 4 and int(out.split()[-1]) >= 20  # the race was really exercised
    assert not list(root.rglob("*.memdir-tmp-*"))


def test_regression_editor_save_during_fsync_is_kept(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bug found: a save landing between the CAS check and os.replace was overwritten; now ConflictError."""
    store = NoteStore(root)
    store.create("knowledge/a.md", "---\ndescription: a\n---\nv1\n")
    note = store.read("knowledge/a.md")
    real_fsync = os.fsync
    fired: list[int] = []

    def editor_saves_now(fd: int) -> None:
        real_fsync(fd)
        if not fired:
            fired.append(1)
            (root / "knowledge" / "a.md").write_text(
                "---\ndescription: a\n---\nperson v2\n", encoding="utf-8"
            )

    monkeypatch.setattr("memdir.notes.atomic.os.fsync", editor_saves_now)
    with pytest.raises(ConflictError):
        store.update_meta("knowledge/a.md", {"confidence": 0.5}, expected_hash=note.hash)
    assert (root / "knowledge" / "a.md").read_text(encoding="utf-8").endswith("person v2\n")
    assert not list((root / "knowledge").glob("*.memdir-tmp-*"))


def test_regression_torn_empty_read_is_not_written_over(root: Path) -> None:
    """Bug found: an in-place save truncates first; an update based on that empty read wiped the note."""
    store = NoteStore(root)
    (root / "procedures" / "p.md").write_text("", encoding="utf-8")
    with pytest.raises(ConflictError):
        store.update_meta("procedures/p.md", {"success_count": 1})
    assert (root / "procedures" / "p.md").read_text(encoding="utf-8") == ""


@pytest.mark.slow
def test_two_cli_processes_and_the_daemon_at_once_lose_and_duplicate_nothing(root: Path) -> None:
    """Daemon (daily every 3 s, live watcher) + a CLI adding episodes + a CLI consolidating and giving feedback
    + a person editing a note, all at once: every episode consolidated once, no duplicate, no edit lost."""
    pytest.importorskip("memdir.consolidation.daily.run")
    pytest.importorskip("memdir.daemon.service")
    import signal
    from datetime import datetime, timedelta, timezone

    from memdir.index.embedder import get_embedder
    from memdir.runs.state import EpisodeState

    env = {
        **os.environ,
        "MEMDIR_ROOT": str(root),
        "MEMDIR_EMBEDDER": "hashing",
        "MEMDIR_TIMEZONE": "UTC",
        "MEMDIR_SCHEDULE_DAILY": "every 3s",
        "MEMDIR_DAEMON_WATCH": "1",
        "MEMDIR_DAEMON_HEARTBEAT": "1",
    }
    (root / "procedures" / "deploy.md").write_text(
        "---\ndescription: Deploy the API\nconfidence: 0.5\nsuccess_count: 1\nfailure_count: 0\n---\n\n"
        "# Deploy\n\n1. make deploy\n",
        encoding="utf-8",
    )
    human = root / "knowledge" / "human.md"
    human.write_text("---\ndescription: my note\n---\n\nedit 0\n", encoding="utf-8")
    cli = f"{sys.executable} -m memdir.cli.main"
    yesterday = (datetime.now(timezone.utc) - timedelta(days=1)).replace(
        hour=8, minute=0, second=0, microsecond=0
    )
    texts = [
        ("Lesson: pin the CI runner image; floating tags broke the build (case {i}).", "CI pin {i}"),
        ("To rotate the db password: 1. vault login 2. vault rotate db/{i} 3. restart the api", "Rotate {i}"),
    ]
    adds = " && ".join(
        f"{cli} episode add '{texts[i % 2][0].format(i=i)}' --title '{texts[i % 2][1].format(i=i)}' "
        f"--at {(yesterday + timedelta(minutes=10 * i)).isoformat()}"
        for i in range(6)
    )
    work = (
        f"{cli} consolidate daily; {cli} feedback procedures/deploy.md --success && "
        f"{cli} consolidate daily; {cli} feedback procedures/deploy.md --success"
    )
    daemon = subprocess.Popen(
        [*cli.split(), "daemon", "--foreground"],
        env=env,
        cwd=str(REPO),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(1.0)
        a = subprocess.Popen(["sh", "-c", adds], env=env, cwd=str(REPO), stderr=subprocess.PIPE, text=True)
        b = subprocess.Popen(
            ["sh", "-c", work],
            env=env,
            cwd=str(REPO),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        edits = 0
        while a.poll() is None or b.poll() is None:
            edits += 1
            text = human.read_text(encoding="utf-8")
            human.write_text(text.rsplit("edit ", 1)[0] + f"edit {edits}\n", encoding="utf-8")
            time.sleep(0.3)
        _, a_err = a.communicate(timeout=300)
        b_out, b_err = b.communicate(timeout=300)
        assert a.returncode == 0, a_err
        final = subprocess.run(
            [*cli.split(), "consolidate", "daily", "--json"],
            env=env,
            cwd=str(REPO),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert final.returncode == 0, final.stderr
        assert daemon.poll() is None, "the daemon died while the CLI was working"
    finally:
        daemon.send_signal(signal.SIGTERM)
        out, err = daemon.communicate(timeout=60)
    assert daemon.returncode == 0, err[-2000:]
    mem = Memory(root, embedder=get_embedder("hashing"))
    episodes = list(mem.episodes.iter_episodes())
    assert len(episodes) == 6
    state = EpisodeState(root)
    assert [e.id for e in episodes if state.is_pending(e.id, e.hash)] == []
    bodies: dict[str, str] = {}
    for note in mem.store.iter_notes(("knowledge", "procedures")):
        body = note.body.strip()
        assert body not in bodies, f"{note.path} duplicates {bodies.get(body)}"
        bodies[body] = note.path
        sections = [ln for ln in note.body.splitlines() if ln.startswith("## ")]
        assert len(sections) == len(set(sections)), f"{note.path} has a repeated section"
    assert human.read_text(encoding="utf-8").endswith(f"edit {edits}\n")
    assert "Traceback" not in b_err, b_err
    errors = [ln for ln in b_err.splitlines() if ln.startswith("error:")]
    assert all("changed on disk" in ln for ln in errors), errors  # only a CAS conflict may refuse feedback
    applied = sum(1 for ln in b_out.splitlines() if "procedures/deploy.md: confidence" in ln)
    assert int(mem.store.read("procedures/deploy.md").meta["success_count"]) == 1 + applied
    assert not list(root.rglob("*.memdir-tmp-*"))


def test_person_saving_while_daily_updates_the_same_note_keeps_the_text(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person saves the note daily is about to extend: their save survives, the episode stays pending,
    and the next run extends the person's version."""
    pytest.importorskip("memdir.consolidation.daily.run")
    from datetime import date, datetime, timedelta
    from typing import Any

    from memdir.config import LLMConfig
    from memdir.index.embedder import get_embedder
    from memdir.llm.litellm_engine import LiteLLMEngine
    from memdir.runs.state import EpisodeState

    human = root / "knowledge" / "deploy.md"
    human.write_text(
        "---\ndescription: How we deploy\norigin: human\n---\n\n# Deploy\n\nUse make deploy.\n",
        encoding="utf-8",
    )
    day = date.today() - timedelta(days=1)
    mem = Memory(root, embedder=get_embedder("hashing"))
    mem.add_episode(
        "Deploys: always check the health endpoint after make deploy.",
        title="Deploy health",
        at=datetime(day.year, day.month, day.day, 10).astimezone(),
    )
    answer = json.dumps(
        {
            "episodes": [
                {
                    "id": "E1",
                    "parts": [
                        {
                            "kind": "knowledge",
                            "title": "Deploy",
                            "description": "d",
                            "text": "Check /health after deploying.",
                            "update": "N1",
                        }
                    ],
                }
            ]
        }
    )
    engine = LiteLLMEngine(LLMConfig(model="gpt-4o-mini"), backoff=0.0, mock_response=answer)
    real_write = NoteStore.write
    saved: list[str] = []

    def person_saves_first(
        self: NoteStore, relpath: str, text: str, expected_hash: Any, *a: Any, **k: Any
    ) -> str:
        if relpath == "knowledge/deploy.md" and not saved:
            saved.append(relpath)
            human.write_text(
                human.read_text(encoding="utf-8") + "\nThe person's new paragraph.\n", encoding="utf-8"
            )
        return real_write(self, relpath, text, expected_hash, *a, **k)

    monkeypatch.setattr(NoteStore, "write", person_saves_first)
    first = mem.daily_consolidator(engine=engine, sync_index=False).run(day=day)
    monkeypatch.undo()
    assert saved, "the run never tried to extend the person's note"
    text = human.read_text(encoding="utf-8")
    assert text.endswith("Use make deploy.\n\nThe person's new paragraph.\n"), text
    assert first.errors and first.pending == 1
    ep = next(iter(mem.episodes.iter_episodes()))
    assert EpisodeState(root).is_pending(ep.id, ep.hash)
    mem.daily_consolidator(engine=engine, sync_index=False).run(day=day)
    text = human.read_text(encoding="utf-8")
    assert "The person's new paragraph." in text and "Check /health after deploying." in text
    assert not EpisodeState(root).is_pending(ep.id, ep.hash)


def test_regression_save_between_recheck_and_swap_is_put_back(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug found: a save landing after the last hash check but before the rename was lost; the swap now
    returns what it displaced, and a foreign version is put back (ConflictError)."""
    from memdir import confined as store_mod

    if store_mod._RENAMEAT2 is None:
        pytest.skip("no renameat2 on this platform: the re-check before os.replace is the protection")
    store = NoteStore(root)
    store.create("knowledge/a.md", "---\ndescription: a\n---\nv1\n")
    note = store.read("knowledge/a.md")
    real_exchange = store_mod.exchange
    calls: list[int] = []

    def editor_saves_just_before_the_swap(fd: int, a: str, b: str) -> bool:
        if not calls:
            (root / "knowledge" / "a.md").write_text(
                "---\ndescription: a\n---\nperson v2\n", encoding="utf-8"
            )
        calls.append(1)
        return real_exchange(fd, a, b)

    monkeypatch.setattr(store_mod, "exchange", editor_saves_just_before_the_swap)
    with pytest.raises(ConflictError):
        store.update_meta("knowledge/a.md", {"confidence": 0.5}, expected_hash=note.hash)
    assert len(calls) == 2  # swapped in, saw the person's version, swapped it back
    assert (root / "knowledge" / "a.md").read_text(encoding="utf-8").endswith("person v2\n")
    assert not list((root / "knowledge").glob("*.memdir-tmp-*"))
