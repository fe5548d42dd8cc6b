"""LiteLLMEngine: any provider litellm knows (hosted API, Ollama, vLLM) behind LLMEngine.

litellm is imported on first use (it is slow to import), with the bundled cost map so
that nothing is fetched from the network. Rate limits, timeouts and transient provider
errors are retried with exponential backoff; anything else becomes an LLMError.
"""

from __future__ import annotations

import logging
import os
import time
from typing import Any

from memdir.config import LLMConfig
from memdir.errors import LLMError
from memdir.llm.base import LLMReply, LLMUsage

log = logging.getLogger(__name__)
MAX_ANSWER_CHARS = 200_000  # an answer to route a batch or distil a cluster is a few kB


def _litellm() -> Any:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.telemetry = False
    litellm.suppress_debug_info = True
    return litellm


class LiteLLMEngine:
    """Chat completions through litellm with retries and usage accounting (one instance per run or longer)."""

    def __init__(self, config: LLMConfig, backoff: float = 1.0, **completion_kwargs: object) -> None:
        if not config.model:
            raise LLMError("no LLM model configured (set llm.model or MEMDIR_LLM_MODEL)")
        self.config = config
        self.model: str = config.model
        self.backoff = backoff
        self.completion_kwargs = completion_kwargs  # e.g. api_base, or mock_response in tests
        self.usage = LLMUsage()

    def _call(self, messages: list[dict[str, str]], json_mode: bool) -> Any:
        litellm = _litellm()
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "temperature": self.config.temperature,
            "timeout": self.config.timeout,
            "num_retries": 0,
            **self.completion_kwargs,
        }
        if json_mode and "mock_response" not in kwargs:
            try:
                params = litellm.get_supported_openai_params(model=self.model) or []
            except Exception:  # an unknown provider: ask for JSON in the prompt only
                params = []
            if "response_format" in params:
                kwargs["response_format"] = {"type": "json_object"}
        return litellm.completion(**kwargs)

    def complete(self, system: str, user: str, json_mode: bool = True) -> LLMReply:
        """One completion; retries rate limits, timeouts and 5xx with backoff, then raises LLMError."""
        litellm = _litellm()
        retryable = (
            litellm.RateLimitError,
            litellm.Timeout,
            litellm.APIConnectionError,
            litellm.ServiceUnavailableError,
            litellm.InternalServerError,
        )
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        attempts = max(1, self.config.retries + 1)
        for attempt in range(1, attempts + 1):
            try:
                resp = self._call(messages, json_mode)
            except retryable as exc:
                if attempt == attempts:
                    raise LLMError(f"{self.model}: {type(exc).__name__} after {attempts} attempts") from None
                self.usage.retries += 1
                delay = self.backoff * (2 ** (attempt - 1))
                log.warning(
                    "%s: %s; retrying in %.1fs (%d/%d)",
                    self.model,
                    type(exc).__name__,
                    delay,
                    attempt,
                    attempts - 1,
                )
                time.sleep(delay)
                continue
            except Exception as exc:  # auth errors, bad requests, unknown providers
                raise LLMError(
                    f"{self.model}: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
                ) from None
            return self._reply(litellm, resp)
        raise LLMError(f"{self.model}: no answer")  # pragma: no cover - loop always returns or raises

    def _reply(self, litellm: Any, resp: Any) -> LLMReply:
        try:
            text = resp.choices[0].message.content or ""
        except (AttributeError, IndexError):
            text = ""
        usage = getattr(resp, "usage", None)
        pt = int(getattr(usage, "prompt_tokens", 0) or 0)
        ct = int(getattr(usage, "completion_tokens", 0) or 0)
        try:
            cost = float(litellm.completion_cost(completion_response=resp) or 0.0)
        except Exception:  # unknown model price: count tokens, not dollars
            cost = 0.0
        reply = LLMReply(text=text, prompt_tokens=pt, completion_tokens=ct, cost=cost)
        self.usage.add(reply)
        if len(text) > MAX_ANSWER_CHARS:  # counted (it was paid for), never parsed
            raise LLMError(
                f"{self.model}: answer too large ({len(text):,} characters > {MAX_ANSWER_CHARS:,}); not used"
            )
        return reply
