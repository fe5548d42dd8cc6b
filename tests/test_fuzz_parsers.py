"""Fuzzing the episode parser and the activity reader: hostile files never fail a run."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memdir.activity import ActivityLog, ReadStats
from memdir.errors import MemdirError, NoteError
from memdir.notes.episodes import EpisodeLog, parse_episode_text
from memdir.notes.store import NoteStore

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

_md_bits = st.sampled_from(
    [
        "## ",
        "## 10:30 — Fix CI\n",
        "## 25:99 x\n",
        "### sub\n",
        "```\n",
        "~~~\n",
        "---\n",
        "date: x\n",
        "\n",
        "\r\n",
        "text\n",
        "## \n",
        "##\n",
        "# Title\n",
        "## 9:05: a\n",
        "## Fix CI\n",
        "## fix ci\n",
        "\ufeff",
        "\x00",
        "日本語\n",
        "## 10:30 — 日本語\n",
        "## 10:30 -\n",
        "- [ ] item\n",
    ]
)
episode_texts = st.one_of(
    st.text(max_size=300), st.lists(st.one_of(_md_bits, st.text(max_size=8)), max_size=30).map("".join)
)
names = st.sampled_from(
    [
        "episodes/2026-11-28.md",
        "episodes/2026-13-45.md",
        "episodes/2026-11-28-notes.md",
        "episodes/misc.md",
        "episodes/sub/2026-01-01.md",
    ]
)


@FUZZ
@given(names, episode_texts)
def test_parse_episode_text_never_raises_and_ids_are_unique(name: str, text: str) -> None:
    """Any episode file parses (or raises NoteError); ids within a file are unique; hashes are stable."""
    try:
        eps = parse_episode_text(name, text)
    except NoteError:
        return
    ids = [e.id for e in eps]
    assert len(ids) == len(set(ids)), ids
    again = parse_episode_text(name, text)
    assert [(e.id, e.hash) for e in again] == [(e.id, e.hash) for e in eps]
    for e in eps:
        assert e.file == name and e.text.strip() == e.text


@FUZZ
@given(st.lists(st.binary(max_size=60), max_size=15))
def test_iter_episodes_skips_undecodable_files(tmp_path: Path, blobs: list[bytes]) -> None:
    """Binary or invalid UTF-8 episode files are skipped, never raised from iter_episodes."""
    store = NoteStore(tmp_path)
    folder = tmp_path / "episodes"
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    for i, blob in enumerate(blobs):
        (folder / f"2026-01-{i + 1:02d}.md").write_bytes(blob)
    assert isinstance(list(EpisodeLog(store).iter_episodes()), list)


_good = {"ts": "2026-11-28T10:00:00+00:00", "type": "tool_use", "task_id": "t1"}
_bad_lines = st.one_of(
    st.binary(max_size=80).filter(lambda b: b"\n" not in b),
    st.sampled_from(
        [
            b"{",
            b"[]",
            b"null",
            b"1",
            b'"x"',
            b'{"ts": 1, "type": "x"}',
            b'{"type": "x"}',
            b'{"ts": "2026-11-28T10:00:00", "type": 3}',
            b'{"ts": "not a date", "type": "x"}',
            b"[" * 5000,
            b'{"ts": "2026-11-28T10:00:00Z", "type": "x"' + b" " * 10,
            b"\xff\xfe{}",
            b'{"ts": "2026-11-28T10:00:00Z", "type": "x", "a": NaN}',
        ]
    ),
)


@FUZZ
@given(st.lists(st.one_of(st.just(None), _bad_lines), min_size=1, max_size=40))
def test_activity_reader_skips_and_counts_malformed_lines(tmp_path: Path, lines: list[bytes | None]) -> None:
    """Every good line is read, every malformed one is skipped and counted; nothing raises."""
    log = ActivityLog(tmp_path / "r")
    log.dir.mkdir(parents=True, exist_ok=True)
    raw = []
    good = 0
    for item in lines:
        if item is None:
            good += 1
            raw.append(json.dumps({**_good, "n": good}).encode())
        else:
            raw.append(item)
    (log.dir / "2026-11-28.jsonl").write_bytes(b"\n".join(raw) + b"\n")
    stats = ReadStats()
    events = list(log.read(stats=stats))
    expected_good = good + sum(1 for item in lines if item is not None and _is_valid(item))
    assert len(events) == expected_good
    assert stats.events + stats.malformed == sum(1 for r in raw if r.strip()), stats
    assert [e.get("n") for e in events if e.get("n")] == list(range(1, good + 1))


def _is_valid(line: bytes) -> bool:
    try:
        return ActivityLog._parse_line(line, "x") is not None
    except Exception:  # pragma: no cover - the test above would fail anyway
        return False


@FUZZ
@given(
    st.dictionaries(
        st.text(max_size=10),
        st.one_of(st.none(), st.text(max_size=20), st.integers(), st.lists(st.integers(), max_size=3)),
        max_size=6,
    )
)
def test_activity_append_validates_or_writes_one_valid_line(tmp_path: Path, event: dict[str, object]) -> None:
    """append() either raises MemdirError or writes exactly one line that reads back."""
    log = ActivityLog(tmp_path / "a")
    event = {"type": "x", **event}
    if "ts" not in event or not isinstance(event.get("ts"), str):
        event["ts"] = "2026-11-28T10:00:00+00:00"
    before = sum(1 for _ in log.read())
    try:
        log.append(event)
    except MemdirError:
        assert sum(1 for _ in log.read()) == before
        return
    stats = ReadStats()
    assert sum(1 for _ in log.read(stats=stats)) == before + 1
    assert stats.malformed == 0
