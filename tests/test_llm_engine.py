"""The LLM path end to end through litellm's mock_response (no network, no API key)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_daily_support import CHAT, LESSON, STEPS, at, memory, snapshot

from memdir.config import LLMConfig
from memdir.errors import LLMError
from memdir.llm.litellm_engine import LiteLLMEngine
from memdir.llm.prompts import load_prompt
from memdir.runs.state import EpisodeState


class QueuedEngine(LiteLLMEngine):
    """The real litellm client, answering each call with the next queued mock response."""

    def __init__(self, answers: list[Any], **cfg: Any) -> None:
        super().__init__(LLMConfig(model="gpt-4o-mini", **cfg), backoff=0.0)
        self.answers = list(answers)
        self.prompts: list[str] = []

    def _call(self, messages: list[dict[str, str]], json_mode: bool) -> Any:
        self.prompts.append(messages[1]["content"])
        answer = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        self.completion_kwargs = (
            {"mock_timeout": True, "timeout": 0.01} if answer == "TIMEOUT" else {"mock_response": answer}
        )
        return super()._call(messages, json_mode)


def _answer(parts_by_id: dict[str, list[dict[str, Any]]]) -> str:
    return json.dumps({"episodes": [{"id": k, "parts": v} for k, v in parts_by_id.items()]})


VALID = _answer(
    {
        "E1": [
            {
                "kind": "knowledge",
                "title": "Flaky CI root cause",
                "description": "Why CI was flaky",
                "text": "Tests shared one temp dir; always use tmp_path.",
                "update": None,
            }
        ],
        "E2": [
            {
                "kind": "procedures",
                "title": "Deploy the API",
                "description": "Deploying the API",
                "text": "1. Run make build\n2. Push the image",
                "update": None,
            }
        ],
        "E3": [{"kind": "skip", "title": "chat", "text": ""}],
    }
)


def _seed(mem) -> list[Any]:  # type: ignore[no-untyped-def]
    return [
        mem.add_episode(LESSON, title="Flaky CI", at=at(9)),
        mem.add_episode(
            STEPS + "\nMy token is ghp_abcdefghijklmnopqrstuvwxyz0123456789", title="Deploy", at=at(10)
        ),
        mem.add_episode(CHAT, title="Morning", at=at(11)),
    ]


def test_prompt_file_loads() -> None:
    system, user = load_prompt("daily_route")
    assert "JSON" in system and "{{episodes}}" in user and "{{related}}" in user


def test_valid_answer_writes_notes_and_records_usage(root: Path) -> None:
    mem = memory(root)
    eps = _seed(mem)
    engine = QueuedEngine([VALID])
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert report.created == ["knowledge/flaky-ci-root-cause.md", "procedures/deploy-the-api.md"]
    assert report.skipped == 1 and report.pending == 0 and not report.errors
    assert report.stats["llm_calls"] == 1 and report.stats["llm_prompt_tokens"] > 0
    assert report.stats["llm_cost_usd"] > 0 and report.stats["engine"] == "llm:gpt-4o-mini"
    note = mem.store.read("procedures/deploy-the-api.md")
    assert note.get("description") == "Deploying the API" and list(note.get("sources")) == [eps[1].ref]
    assert "ghp_abcdefghijklmnopqrstuvwxyz0123456789" not in engine.prompts[0]  # redacted before sending
    assert len(EpisodeState(root).done) == 3


def test_malformed_answer_is_retried_once_then_episodes_stay_pending(root: Path) -> None:
    mem = memory(root)
    _seed(mem)
    before = snapshot(root)
    engine = QueuedEngine(["this is not json {", '{"episodes": [{"id": "E9", "parts": []}]}'])
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert report.stats["llm_calls"] == 2 and report.pending == 3 and not report.changed
    assert {k: v for k, v in snapshot(root).items() if not k.startswith(".memdir/")} == {
        k: v for k, v in before.items() if not k.startswith(".memdir/")
    }
    assert EpisodeState(root).done == {}
    fixed = mem.daily_consolidator(engine=QueuedEngine([VALID]), sync_index=False).run()
    assert len(fixed.created) == 2  # the next run picks them up


def test_malformed_then_valid_answer_succeeds(root: Path) -> None:
    mem = memory(root)
    _seed(mem)
    engine = QueuedEngine(["```json\n{broken", "```json\n" + VALID + "\n```"])
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert len(report.created) == 2 and report.stats["llm_calls"] == 2


@pytest.mark.parametrize("failure", ["litellm.RateLimitError", "TIMEOUT"])
def test_rate_limit_and_timeout_are_retried_then_leave_episodes_pending(root: Path, failure: str) -> None:
    mem = memory(root)
    _seed(mem)
    engine = QueuedEngine([failure], retries=2)
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert engine.usage.retries == 2 and len(engine.prompts) == 3
    assert report.pending == 3 and not report.changed and report.errors
    assert EpisodeState(root).done == {}


def test_rate_limit_then_success(root: Path) -> None:
    mem = memory(root)
    _seed(mem)
    engine = QueuedEngine(["litellm.RateLimitError", VALID], retries=2)
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert len(report.created) == 2 and report.stats["llm_retries"] == 1


def test_hostile_answer_cannot_choose_paths(root: Path) -> None:
    mem = memory(root)
    (root / "skills").mkdir(exist_ok=True)
    (root / "skills" / "deploy.md").write_text("---\ndescription: x\n---\n# Deploy\n", encoding="utf-8")
    _seed(mem)
    hostile = _answer(
        {
            "E1": [
                {"kind": "knowledge", "title": "../../etc/passwd", "text": "x", "update": "../../etc/passwd"}
            ],
            "E2": [
                {"kind": "procedures", "title": "skills/deploy", "text": "1. y", "update": "skills/deploy.md"}
            ],
            "E3": [{"kind": "knowledge", "title": "/abs/path", "text": "z", "update": "N99"}],
        }
    )
    skills = snapshot(root / "skills")
    report = mem.daily_consolidator(engine=QueuedEngine([hostile]), sync_index=False).run()
    assert sorted(report.created) == [
        "knowledge/abs-path.md",
        "knowledge/etc-passwd.md",
        "procedures/skills-deploy.md",
    ]
    assert snapshot(root / "skills") == skills and not (root.parent / "etc").exists()


def test_invalid_kind_is_rejected() -> None:
    from memdir.consolidation.daily.route_llm import parse_answer

    with pytest.raises(ValueError):
        parse_answer('{"episodes": [{"id": "E1", "parts": [{"kind": "skills", "text": "x"}]}]}', {"E1"})


def test_call_cap_leaves_the_rest_pending(root: Path) -> None:
    mem = memory(root)
    _seed(mem)
    one = _answer({"E1": [{"kind": "knowledge", "title": "Flaky CI", "text": "t"}]})
    engine = QueuedEngine([one], max_calls=1, batch_tokens=60)  # one episode per batch, one call allowed
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    assert report.stats["llm_calls"] == 1 and report.created == ["knowledge/flaky-ci.md"]
    assert report.pending == 2 and any("caps" in e for e in report.errors), report.errors


def test_engine_without_model_is_a_config_error() -> None:
    with pytest.raises(LLMError):
        LiteLLMEngine(LLMConfig(model=None))
