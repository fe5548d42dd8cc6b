"""RunBudget: what one consolidation run may spend on the model, and what it spent.

A call starts only while the run is inside its budget: fewer than `llm.max_calls_per_run` calls
so far, and (when the model's price is known) the dollars spent plus the estimated price of the
next call within `llm.max_cost_per_run`. The estimate counts the prompt's tokens with the model's
tokenizer and expects `COMPLETION_RATIO` output tokens per token of its user part (the episodes or
tasks the answer restates), at most `llm.max_output_tokens`
(measured on the recorded answers in tests/fixtures/llm: docs/configuration.md). A call that would
not fit is not made: the run stops cleanly and what it did not reach stays pending.

The engine's own usage counters live as long as the engine (the daemon keeps one for many runs);
the budget snapshots them when the run starts, so its figures are this run's alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memdir.llm.base import LLMUsage

if TYPE_CHECKING:
    from memdir.config import LLMConfig
    from memdir.llm.base import LLMEngine

COMPLETION_RATIO = 1.0  # output per user-part token; recorded answers 0.25-0.94 (docs/configuration.md)


class RunBudget:
    """The call and cost caps of one run over one engine; `refusal()` says why the next call may not start."""

    def __init__(self, engine: LLMEngine, config: LLMConfig) -> None:
        self.engine = engine
        self.config = config
        self.start = engine.usage.copy()
        self.exhausted: str | None = None  # set once a call was refused: the one-line reason
        self._system_tokens: dict[str, int] = {}

    @property
    def used(self) -> LLMUsage:
        """This run's calls, tokens and cost so far."""
        return self.engine.usage.since(self.start)

    def estimate(self, system: str, user: str) -> tuple[int, float | None]:
        """(prompt tokens, estimated dollars of the call; None when the price is unknown).

        The answer restates the user part (the episodes or tasks), not the fixed instructions, so
        the expected output is COMPLETION_RATIO of the user part's tokens.
        """
        if system not in self._system_tokens:
            self._system_tokens[system] = self.engine.count_tokens(system)
        user_tokens = self.engine.count_tokens(user)
        tokens = self._system_tokens[system] + user_tokens
        out = min(self.config.max_output_tokens, int(user_tokens * COMPLETION_RATIO) + 50)
        return tokens, self.engine.estimate_cost(tokens, out)

    def refusal(self, system: str, user: str) -> str | None:
        """None when a call with this prompt may start; else why not (also kept in `exhausted`)."""
        if self.exhausted:
            return self.exhausted
        used = self.used
        if used.calls >= self.config.max_calls_per_run:
            self.exhausted = f"the run's budget of {self.config.max_calls_per_run} calls is spent"
            return self.exhausted
        cap = self.config.max_cost_per_run
        if cap is not None:
            _, cost = self.estimate(system, user)
            if cost is not None and used.cost + cost > cap:
                self.exhausted = (
                    f"the next call (about ${cost:.4f}) would pass max_cost_per_run ${cap:g} "
                    f"(${used.cost:.4f} spent)"
                )
                return self.exhausted
        return None

    def stats(self) -> dict[str, object]:
        """This run's figures for RunReport.stats (calls, retries, tokens, dollars)."""
        used = self.used
        out = used.to_dict()
        if used.unpriced_calls:
            out["llm_cost_note"] = (
                f"litellm has no price for {self.engine.model}: cost not counted, max_cost_per_run not applied"
            )
        return out
