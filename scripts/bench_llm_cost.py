"""What an LLM consolidation run costs: tokens per episode and per cluster, from the recorded answers.

Replays tests/fixtures/llm (EN and JA days, one weekly cluster each) through the real prompts with
litellm's mock_response; prompt tokens are counted over the messages actually sent and completion
tokens over the recorded answers, with litellm's tokenizer (tiktoken for OpenAI models), then priced
from litellm's bundled cost map. Nothing leaves the machine.

    .venv/bin/python scripts/bench_llm_cost.py          # the table in docs/configuration.md
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from llm_support import (  # noqa: E402
    WEEK_UNTIL,
    ReplayEngine,
    log_week,
    memory,
    seed_notes,
    single_answer,
    write_day,
)

from memdir import Memory  # noqa: E402

MODELS = ("gpt-4o-mini", "gpt-4.1-mini", "gpt-4o", "claude-haiku-4-5")


def _daily(lang: str, batch_tokens: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "root"
        mem = memory(root)
        mem.init()
        seed_notes(root)
        write_day(root, lang)
        name = f"daily/{lang}_good.json"
        answers = [name] if batch_tokens > 1000 else [single_answer(name, i, f"E{i + 1}") for i in range(4)]
        engine = ReplayEngine(answers, batch_tokens=batch_tokens, max_cost_per_run=None)
        report = mem.daily_consolidator(engine=engine, sync_index=False).run(dry_run=True)
        user_tokens = sum(engine.count_tokens(c.user) for c in engine.calls)
        return {
            "calls": report.stats["llm_calls"],
            "prompt": report.stats["llm_prompt_tokens"],
            "completion": report.stats["llm_completion_tokens"],
            "user": user_tokens,
            "episodes": report.processed,
        }


def _weekly(lang: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "root"
        base = memory(root)
        base.init()
        log_week(base, lang)
        engine = ReplayEngine([f"weekly/{lang}_good.json"], max_cost_per_run=None)
        report = (
            Memory(root, embedder=base.embedder, llm=engine)
            .weekly_distiller()
            .run(until=WEEK_UNTIL, dry_run=True)
        )
        return {
            "calls": report.stats["llm_calls"],
            "prompt": report.stats["llm_prompt_tokens"],
            "completion": report.stats["llm_completion_tokens"],
            "user": sum(engine.count_tokens(c.user) for c in engine.calls),
        }


def _system(name: str) -> str:
    from memdir.llm.prompts import load_prompt

    return load_prompt(name)[0]


def _price(model: str, prompt: float, completion: float) -> str:
    import litellm

    try:
        a, b = litellm.cost_per_token(
            model=model, prompt_tokens=int(prompt), completion_tokens=int(completion)
        )
    except Exception:
        return "n/a"
    return f"${a + b:.5f}"


def main() -> None:
    """Print the cost table."""
    print(
        "| run | calls | prompt tokens | completion tokens | completion / user-part tokens | "
        + " | ".join(MODELS)
        + " |"
    )
    print("|---|---|---|---|---|" + "---|" * len(MODELS))
    for lang in ("en", "ja"):
        for label, batch in (("one call for the day", 6000), ("one call per episode", 50)):
            d = _daily(lang, batch)
            per = {k: d[k] / d["episodes"] for k in ("prompt", "completion")}
            ratio = d["completion"] / d["user"]
            row = f"| daily {lang}, 4 episodes, {label} | {d['calls']:.0f} | {d['prompt']:.0f} ({per['prompt']:.0f}/episode) | "
            row += f"{d['completion']:.0f} ({per['completion']:.0f}/episode) | {ratio:.2f} | "
            row += " | ".join(_price(m, d["prompt"], d["completion"]) for m in MODELS) + " |"
            print(row)
        w = _weekly(lang)
        row = f"| weekly {lang}, 1 cluster | {w['calls']:.0f} | {w['prompt']:.0f} | {w['completion']:.0f} | {w['completion'] / w['user']:.2f} | "
        row += " | ".join(_price(m, w["prompt"], w["completion"]) for m in MODELS) + " |"
        print(row)
    print(
        f"\nsystem prompt: daily {_daily_system_tokens()} tokens, weekly {_weekly_system_tokens()} tokens (gpt-4o-mini tokenizer)"
    )


def _daily_system_tokens() -> int:
    from memdir.config import LLMConfig
    from memdir.llm.litellm_engine import LiteLLMEngine

    return LiteLLMEngine(LLMConfig(model="gpt-4o-mini")).count_tokens(_system("daily_route"))


def _weekly_system_tokens() -> int:
    from memdir.config import LLMConfig
    from memdir.llm.litellm_engine import LiteLLMEngine

    return LiteLLMEngine(LLMConfig(model="gpt-4o-mini")).count_tokens(_system("weekly_distill"))


if __name__ == "__main__":
    main()
