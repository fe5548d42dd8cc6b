"""The LLMEngine protocol: one chat completion with usage figures; nothing provider-specific."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pydantic import BaseModel


@dataclass(frozen=True)
class LLMReply:
    """One completion: its text, why it ended (`stop`, `length`...) and what it cost (None: price unknown)."""

    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float | None = 0.0
    finish_reason: str = "stop"

    @property
    def truncated(self) -> bool:
        """True when the model stopped at its output token limit (the answer is cut)."""
        return self.finish_reason == "length"


@dataclass
class LLMUsage:
    """Running totals of an engine (over its lifetime; a run's share is kept by its RunBudget)."""

    calls: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0
    unpriced_calls: int = 0  # calls whose price litellm does not know (local models, custom names)
    errors: list[str] = field(default_factory=list)

    def add(self, reply: LLMReply) -> None:
        """Count one successful call."""
        self.calls += 1
        self.prompt_tokens += reply.prompt_tokens
        self.completion_tokens += reply.completion_tokens
        if reply.cost is None:
            self.unpriced_calls += 1
        else:
            self.cost += reply.cost

    def copy(self) -> LLMUsage:
        """A snapshot (the budget keeps one from the start of its run)."""
        return LLMUsage(
            self.calls,
            self.retries,
            self.prompt_tokens,
            self.completion_tokens,
            self.cost,
            self.unpriced_calls,
            list(self.errors),
        )

    def since(self, start: LLMUsage) -> LLMUsage:
        """What was used after the snapshot `start`."""
        return LLMUsage(
            self.calls - start.calls,
            self.retries - start.retries,
            self.prompt_tokens - start.prompt_tokens,
            self.completion_tokens - start.completion_tokens,
            self.cost - start.cost,
            self.unpriced_calls - start.unpriced_calls,
        )

    def to_dict(self) -> dict[str, object]:
        """Figures for RunReport.stats."""
        return {
            "llm_calls": self.calls,
            "llm_retries": self.retries,
            "llm_prompt_tokens": self.prompt_tokens,
            "llm_completion_tokens": self.completion_tokens,
            "llm_cost_usd": round(self.cost, 6),
            "llm_unpriced_calls": self.unpriced_calls,
        }


class LLMEngine(Protocol):
    """What consolidation needs from a language model; raises memdir.errors.LLMError on failure."""

    model: str
    usage: LLMUsage

    def complete(
        self, system: str, user: str, json_mode: bool = True, schema: type[BaseModel] | None = None
    ) -> LLMReply:
        """One chat completion (retrying rate limits and timeouts); the reply text is returned as is.

        `schema` is the answer's shape: sent as the provider's structured-output format where it has
        one; the caller validates the reply either way.
        """
        ...

    def estimate_cost(self, prompt_tokens: int, completion_tokens: int) -> float | None:
        """What a call of that size would cost in US dollars (None: the model's price is unknown)."""
        ...

    def count_tokens(self, text: str) -> int:
        """Tokens of text for this model (an estimate where the tokenizer is not known)."""
        ...
