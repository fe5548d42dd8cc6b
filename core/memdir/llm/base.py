"""The LLMEngine protocol: one chat completion with usage figures; nothing provider-specific."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True)
class LLMReply:
    """One completion: its text and what it cost."""

    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0


@dataclass
class LLMUsage:
    """Running totals for one consolidation run."""

    calls: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0
    errors: list[str] = field(default_factory=list)

    def add(self, reply: LLMReply) -> None:
        """Count one successful call."""
        self.calls += 1
        self.prompt_tokens += reply.prompt_tokens
        self.completion_tokens += reply.completion_tokens
        self.cost += reply.cost

    def to_dict(self) -> dict[str, object]:
        """Figures for RunReport.stats."""
        return {
            "llm_calls": self.calls,
            "llm_retries": self.retries,
            "llm_prompt_tokens": self.prompt_tokens,
            "llm_completion_tokens": self.completion_tokens,
            "llm_cost_usd": round(self.cost, 6),
        }


class LLMEngine(Protocol):
    """What consolidation needs from a language model; raises memdir.errors.LLMError on failure."""

    model: str
    usage: LLMUsage

    def complete(self, system: str, user: str, json_mode: bool = True) -> LLMReply:
        """One chat completion (retrying rate limits and timeouts); the reply text is returned as is."""
        ...
