"""LiteLLMEngine through litellm's mock_response: what is sent, retries, errors, usage (no network, no key)."""

from __future__ import annotations

from typing import Any

import pytest
from llm_support import ReplayEngine

from memdir.config import LLMConfig
from memdir.consolidation.daily.route_answer import DailyAnswer
from memdir.errors import LLMError
from memdir.llm.litellm_engine import LiteLLMEngine

MSG = [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]


@pytest.mark.parametrize(
    ("model", "structured", "expected"),
    [
        ("gpt-4o-mini", "auto", "schema"),  # litellm: supports_response_schema
        ("ollama/llama3.1", "auto", "schema"),  # Ollama >= 0.5 takes a JSON schema as `format`
        ("hosted_vllm/Qwen/Qwen2.5-7B-Instruct", "auto", "schema"),  # vLLM guided decoding
        ("openai/my-local-model", "auto", "json"),  # an OpenAI-compatible server litellm knows nothing of
        ("gpt-4o-mini", "json", "json"),
        ("gpt-4o-mini", "off", None),
        ("openai/my-local-model", "schema", "schema"),
    ],
)
def test_the_answer_shape_is_asked_for_as_strongly_as_the_provider_allows(
    model: str, structured: str, expected: str | None
) -> None:
    engine = LiteLLMEngine(LLMConfig(model=model, structured=structured))
    fmt = engine.request(MSG, True, DailyAnswer).get("response_format")
    want: Any = {"schema": DailyAnswer, "json": {"type": "json_object"}, None: None}[expected]
    assert fmt == want


def test_request_carries_api_base_max_tokens_and_no_key() -> None:
    cfg = LLMConfig(model="ollama/llama3.1", api_base="http://127.0.0.1:11434", max_output_tokens=1024)
    req = LiteLLMEngine(cfg).request(MSG, True, None)
    assert req["api_base"] == "http://127.0.0.1:11434" and req["max_tokens"] == 1024
    assert req["num_retries"] == 0 and req["drop_params"] is True
    assert not any("key" in k for k in req)


def test_rate_limit_then_success_is_one_counted_call() -> None:
    engine = ReplayEngine(["litellm.RateLimitError", '{"ok": true}'], retries=2)
    reply = engine.complete("s", "u")
    assert reply.text == '{"ok": true}' and engine.usage.retries == 1 and engine.usage.calls == 1
    assert reply.prompt_tokens > 0 and reply.cost is not None and reply.cost > 0


@pytest.mark.parametrize("failure", ["litellm.RateLimitError", "TIMEOUT"])
def test_retryable_failures_end_in_one_clear_error(failure: str) -> None:
    engine = ReplayEngine([failure], retries=2)
    with pytest.raises(LLMError, match=r"^gpt-4o-mini: no answer after 3 attempts \("):
        engine.complete("s", "u")
    assert len(engine.calls) == 3 and engine.usage.calls == 0


def test_a_bad_request_is_not_retried() -> None:
    engine = ReplayEngine(["litellm.ContextWindowExceededError"], retries=3)
    with pytest.raises(LLMError, match="ContextWindowExceededError"):
        engine.complete("s", "u")
    assert len(engine.calls) == 1


def test_an_unreachable_server_names_itself_in_the_error() -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    engine = LiteLLMEngine(
        LLMConfig(model="ollama/llama3.1", api_base=f"http://127.0.0.1:{port}", retries=1, timeout=5),
        backoff=0.0,
    )
    with pytest.raises(
        LLMError, match=rf"ollama/llama3.1 at http://127.0.0.1:{port}: no answer after 2 attempts"
    ):
        engine.complete("s", "u")


def test_a_cut_answer_is_marked_truncated() -> None:
    reply = ReplayEngine([('{"episodes": [', "length")]).complete("s", "u")
    assert reply.truncated and reply.finish_reason == "length"


def test_prices_come_from_the_bundled_map_and_unknown_models_say_so() -> None:
    known = LiteLLMEngine(LLMConfig(model="gpt-4o-mini"))
    assert known.estimate_cost(1_000_000, 0) == pytest.approx(0.15)
    assert LiteLLMEngine(LLMConfig(model="ollama/llama3.1")).estimate_cost(1000, 1000) == 0.0
    assert LiteLLMEngine(LLMConfig(model="openai/my-local-model")).estimate_cost(1000, 1000) is None
    assert 5 <= known.count_tokens("Deploy the billing API to staging, then watch the rollout.") <= 20


def test_usage_of_an_unpriced_model_is_counted_as_such() -> None:
    engine = ReplayEngine(['{"ok": 1}'], model="openai/my-local-model")
    engine.complete("s", "u")
    assert engine.usage.calls == 1 and engine.usage.unpriced_calls == 1 and engine.usage.cost == 0.0


def test_engine_without_model_is_a_config_error() -> None:
    with pytest.raises(LLMError):
        LiteLLMEngine(LLMConfig(model=None))
