"""The per-run LLM budget (calls, dollars, input) stops cleanly and leaves the rest pending; figures are per run."""

from __future__ import annotations

from pathlib import Path

import pytest
from llm_support import ReplayEngine, memory, pending_ids, seed_notes, write_day

from memdir.config import load_config
from memdir.errors import ConfigError

BUDGET = "the run's LLM budget is spent"


def _day(root: Path):  # type: ignore[no-untyped-def]
    mem = memory(root)
    seed_notes(root)
    write_day(root, "en")
    return mem


def test_call_cap_routes_what_fits_and_leaves_the_rest_pending(root: Path) -> None:
    mem = _day(root)
    engine = ReplayEngine(["daily/en_good.json"], max_calls_per_run=1, batch_tokens=50)
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert report.stats["llm_calls"] == 1 and report.updated == ["knowledge/flaky-ci-root-cause.md"]
    assert report.pending == 3 and report.pending_reasons == {BUDGET: 3}
    assert "the run's budget of 1 calls is spent" in report.errors
    assert report.incomplete == (
        f"daily run incomplete: 3 episodes left pending ({BUDGET}: 3); the next run tries again"
    )
    assert len(pending_ids(mem)) == 3


def test_cost_cap_stops_before_a_call_that_would_pass_it(root: Path) -> None:
    mem = _day(root)
    answers = ["daily/en_good.json"]  # each one-episode batch takes its own entry from it
    probe = ReplayEngine(answers, batch_tokens=50, max_cost_per_run=None)
    full = mem.daily_consolidator(engine=probe, sync_index=False).run(dry_run=True)
    one_call = full.stats["llm_cost_usd"] / full.stats["llm_calls"]
    cap = round(one_call * 2.5, 6)  # room for the first calls, not for all four
    engine = ReplayEngine(answers, batch_tokens=50, max_cost_per_run=cap)
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert 1 <= report.stats["llm_calls"] < 4 and report.stats["llm_cost_usd"] <= cap
    assert report.pending_reasons == {BUDGET: 4 - report.stats["llm_calls"]}
    assert any("would pass max_cost_per_run" in e for e in report.errors)


def test_a_cap_below_one_call_makes_no_call(root: Path) -> None:
    mem = _day(root)
    engine = ReplayEngine(["daily/en_good.json"], max_cost_per_run=0.00001)
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert engine.calls == [] and report.pending == 4 and report.pending_reasons == {BUDGET: 4}


def test_input_cap_leaves_the_rest_pending(root: Path) -> None:
    mem = _day(root)
    engine = ReplayEngine(["daily/en_good.json"], batch_tokens=50, max_input_chars=300)
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert report.stats["llm_calls"] == 1 and report.pending == 3
    assert any("max_input_chars=300" in e for e in report.errors)


def test_figures_are_per_run_when_the_engine_lives_on(root: Path) -> None:
    mem = _day(root)
    engine = ReplayEngine(["daily/en_good.json"])
    first = mem.daily_consolidator(engine=engine, sync_index=False).run()
    mem.add_episode("Small talk only, nothing to keep.", title="Coffee")
    engine.answers = ['{"episodes": [{"id": "E1", "parts": [{"kind": "skip"}]}]}']
    from datetime import date

    second = mem.daily_consolidator(engine=engine, sync_index=False).run(day=date.today())
    assert first.stats["llm_calls"] == 1 and second.stats["llm_calls"] == 1 and engine.usage.calls == 2
    assert 0 < second.stats["llm_prompt_tokens"] < first.stats["llm_prompt_tokens"]
    assert second.stats["llm_cost_usd"] < first.stats["llm_cost_usd"]


def test_an_unpriced_model_is_counted_in_calls_and_said_so(root: Path) -> None:
    mem = _day(root)
    engine = ReplayEngine(["daily/en_good.json"], model="openai/my-local-model", max_cost_per_run=0.0)
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert report.pending == 0 and report.stats["llm_unpriced_calls"] == 1
    assert "no price for openai/my-local-model" in report.stats["llm_cost_note"]


def test_budget_keys_in_memdir_yaml_and_the_environment(tmp_path: Path) -> None:
    (tmp_path / "memdir.yaml").write_text(
        "llm: {model: ollama/llama3.1, api_base: 'http://127.0.0.1:11434', max_calls: 5, max_cost_per_run: 0.25}\n",
        encoding="utf-8",
    )
    cfg = load_config(tmp_path, env={}).llm
    assert (cfg.max_calls_per_run, cfg.max_cost_per_run, cfg.api_base) == (5, 0.25, "http://127.0.0.1:11434")
    env = {
        "MEMDIR_LLM_MAX_CALLS_PER_RUN": "7",
        "MEMDIR_LLM_MAX_COST_PER_RUN": "null",
        "MEMDIR_LLM_STRUCTURED": "json",
    }
    cfg = load_config(tmp_path, env=env).llm
    assert (cfg.max_calls_per_run, cfg.max_cost_per_run, cfg.structured) == (7, None, "json")
    with pytest.raises(ConfigError, match="llm.structured: invalid value 'xml'"):
        load_config(tmp_path, env={"MEMDIR_LLM_STRUCTURED": "xml"})
    with pytest.raises(ConfigError, match="unknown setting llm.max_dollars"):
        load_config(tmp_path, env={"MEMDIR_LLM_MAX_DOLLARS": "1"})
