"""LiteLLMEngine: any provider litellm knows (hosted API, Ollama, vLLM) behind LLMEngine.

litellm is imported on first use (it is slow to import), with the bundled cost map so
that nothing is fetched from the network. Rate limits, timeouts and transient provider
errors are retried with exponential backoff; anything else becomes an LLMError.

The answer's shape is asked for as strongly as the provider allows (`llm.structured`):
a JSON schema (`response_format` from the pydantic model) where litellm says the model
supports one, or the provider is a local server that does (Ollama, vLLM, LM Studio); else
plain JSON mode; else the prompt alone. The caller validates the reply in every case.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import TYPE_CHECKING, Any

from memdir.config import LLMConfig
from memdir.errors import LLMError
from memdir.llm.base import LLMReply, LLMUsage
from memdir.llm.failure import failure_cause, retry_helps

if TYPE_CHECKING:
    from pydantic import BaseModel

log = logging.getLogger(__name__)

# local servers that accept a JSON schema (Ollama >= 0.5 `format`, vLLM guided decoding, LM Studio)
SCHEMA_PROVIDERS = ("ollama", "ollama_chat", "hosted_vllm", "lm_studio")


def _litellm() -> Any:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.telemetry = False
    litellm.suppress_debug_info = True
    return litellm


def _first_line(exc: BaseException) -> str:
    """The first line of a provider error, without litellm's repeated `litellm.XError: XError:` prefixes."""
    lines = str(exc).strip().splitlines()
    text = lines[0] if lines else ""
    name = type(exc).__name__
    for prefix in (f"litellm.{name}: ", f"{name}: "):
        while text.startswith(prefix):
            text = text[len(prefix) :]
    return text[:200] or name


class LiteLLMEngine:
    """Chat completions through litellm with retries and usage accounting (one instance per run or longer)."""

    def __init__(self, config: LLMConfig, backoff: float = 1.0, **completion_kwargs: object) -> None:
        if not config.model:
            raise LLMError("no LLM model configured (set llm.model or MEMDIR_LLM_MODEL)")
        self.config = config
        self.model: str = config.model
        self.backoff = backoff
        self.completion_kwargs = completion_kwargs  # e.g. mock_response in tests
        self.usage = LLMUsage()
        self._local = threading.local()

    @property
    def where(self) -> str:
        """The model and, when set, the server it is asked on (for messages; never a key)."""
        return f"{self.model} at {self.config.api_base}" if self.config.api_base else self.model

    # -- what is sent ------------------------------------------------------------------
    def response_format(self, schema: type[BaseModel] | None, json_mode: bool) -> object | None:
        """The `response_format` sent for this model and `llm.structured` (None: the prompt alone)."""
        mode = self.config.structured
        if mode == "off" or not (json_mode or schema is not None):
            return None
        litellm = _litellm()
        if schema is not None and (mode == "schema" or (mode == "auto" and self._supports_schema(litellm))):
            return schema
        try:
            params = litellm.get_supported_openai_params(model=self.model) or []
        except Exception:  # an unknown provider: ask for JSON in the prompt only
            params = []
        return {"type": "json_object"} if "response_format" in params else None

    def _supports_schema(self, litellm: Any) -> bool:
        try:
            if litellm.supports_response_schema(model=self.model):
                return True
            _, provider, _, _ = litellm.get_llm_provider(model=self.model)
        except Exception:
            return False
        return str(provider) in SCHEMA_PROVIDERS

    def request(
        self, messages: list[dict[str, str]], json_mode: bool, schema: type[BaseModel] | None
    ) -> dict[str, object]:
        """The keyword arguments of one litellm.completion call."""
        kwargs: dict[str, object] = {
            "model": self.model,
            "messages": messages,
            "temperature": self.config.temperature,
            "timeout": self.config.timeout,
            "max_tokens": self.config.max_output_tokens,
            "num_retries": 0,
            "drop_params": True,  # a provider without a parameter (max_tokens, response_format) ignores it
        }
        if self.config.api_base:
            kwargs["api_base"] = self.config.api_base
        fmt = self.response_format(schema, json_mode)
        if fmt is not None:
            kwargs["response_format"] = fmt
        kwargs.update(self.completion_kwargs)
        return kwargs

    @property
    def schema_in_flight(self) -> type[BaseModel] | None:
        """The schema of the call this thread is making (`_call` keeps its two-argument form for subclasses)."""
        schema: type[BaseModel] | None = getattr(self._local, "schema", None)
        return schema

    def _call(self, messages: list[dict[str, str]], json_mode: bool) -> Any:
        return _litellm().completion(**self.request(messages, json_mode, self.schema_in_flight))

    # -- one completion -------------------------------------------------------------------
    def complete(
        self, system: str, user: str, json_mode: bool = True, schema: type[BaseModel] | None = None
    ) -> LLMReply:
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
        self._local.schema = schema  # per thread: the daemon's daily and weekly jobs may share an engine
        for attempt in range(1, attempts + 1):
            try:
                resp = self._call(messages, json_mode)
            except retryable as exc:
                cause = failure_cause(exc, self.config.api_base, self.config.timeout)
                if attempt == attempts or not retry_helps(cause):  # a missing key: no backoff (re-check N6)
                    raise LLMError(
                        f"{self.where}: no answer after {attempt} attempt{'s' if attempt > 1 else ''} "
                        f"({type(exc).__name__}: {_first_line(exc)})",
                        cause,
                    ) from None
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
                    f"{self.where}: {type(exc).__name__}: {_first_line(exc)}",
                    failure_cause(exc, self.config.api_base, self.config.timeout),
                ) from None
            return self._reply(litellm, resp)
        raise LLMError(f"{self.model}: no answer")  # pragma: no cover - loop always returns or raises

    def _reply(self, litellm: Any, resp: Any) -> LLMReply:
        try:
            choice = resp.choices[0]
            text = choice.message.content or ""
            finish = str(getattr(choice, "finish_reason", None) or "stop")
        except (AttributeError, IndexError):
            text, finish = "", "stop"
        if not isinstance(text, str):
            text = ""
        usage = getattr(resp, "usage", None)
        pt = int(getattr(usage, "prompt_tokens", 0) or 0)
        ct = int(getattr(usage, "completion_tokens", 0) or 0)
        reply = LLMReply(
            text=text,
            prompt_tokens=pt,
            completion_tokens=ct,
            cost=self.estimate_cost(pt, ct),
            finish_reason=finish,
        )
        self.usage.add(reply)
        return reply

    # -- budget helpers ------------------------------------------------------------------
    def estimate_cost(self, prompt_tokens: int, completion_tokens: int) -> float | None:
        """Dollars for a call of that size from litellm's bundled price map (None: no price known)."""
        litellm = _litellm()
        try:
            prompt_cost, completion_cost = litellm.cost_per_token(
                model=self.model, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens
            )
        except Exception:  # a model litellm has no price for (a local server, a custom name)
            return None
        return float(prompt_cost) + float(completion_cost)

    def count_tokens(self, text: str) -> int:
        """Tokens of text with the model's tokenizer where litellm ships it (else its default, tiktoken)."""
        try:
            return int(_litellm().token_counter(model=self.model, text=text))
        except Exception:
            return max(1, len(text) // 3)
