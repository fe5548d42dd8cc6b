"""The secret corpus: what redaction catches, before the LLM and in every file and name memdir writes.

tests/data/secrets/corpus.jsonl (dev and heldout, see its README) and mine.jsonl (10 formats neither
split has, written for this check). The detector was tuned on `dev` only: dev must be caught in
full; heldout and mine are measured, and their floors here are the figures measured once
(docs/reliability.md), so a change that loses ground fails.

End to end, every positive record becomes an episode and a week of activity (3 successful tasks
whose intent and tool input carry the record's text). Daily and weekly then run with an obedient
model (the real litellm client answering from `mock_response`, echoing back what it was sent) and
with the built-in engines. A secret the redactor catches must reach neither the model nor any
file or file name memdir writes (notes, review items, archive, `.memdir/` journals and state).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from memdir import Memory
from memdir.config import LLMConfig
from memdir.index.embedder import get_embedder
from memdir.llm.litellm_engine import LiteLLMEngine
from memdir.runs.redact import redact_text

DATA = Path(__file__).parent / "data" / "secrets"
ROWS = [
    json.loads(line)
    for name in ("corpus.jsonl", "mine.jsonl")
    for line in (DATA / name).read_text(encoding="utf-8").splitlines()
    if line.strip()
]
POSITIVES = list({r["format"]: r for r in reversed(ROWS) if "secret" in r}.values())  # one per format, e2e
DAY = date.today() - timedelta(days=1)
# measured once on the final detector (never tuned on): caught positives, kept negatives
FLOORS = {"dev": (134, 29), "heldout": (61, 22), "mine": (20, 5)}  # secrets7 (rerun: the splits are spent)


def _split(name: str) -> list[dict[str, Any]]:
    return [r for r in ROWS if r["split"] == name]


@pytest.mark.parametrize("split", ["dev", "heldout", "mine"])
def test_corpus_figures(split: str) -> None:
    """dev: every secret masked, every negative unchanged; heldout and mine: at least the measured figures."""
    rows = _split(split)
    caught = sum(1 for r in rows if "secret" in r and r["secret"] not in redact_text(r["text"]))
    kept = sum(1 for r in rows if "keep" in r and redact_text(r["text"]) == r["text"])
    want_caught, want_kept = FLOORS[split]
    assert (caught, kept) >= (want_caught, want_kept) and kept == want_kept, (split, caught, kept)
    if split == "dev":
        assert caught == sum(1 for r in rows if "secret" in r)


def test_redaction_stays_readable() -> None:
    """Only the value goes: the key, the user and the host stay, so the note still says what was done."""
    assert redact_text("DB_PASS=go-h.Jw9gn7aA#dYwj") == "DB_PASS=[REDACTED]"
    assert (
        redact_text("postgres://app:i-T-SAem5x0X6r2c6wOW@db:5432/x") == "postgres://app:[REDACTED]@db:5432/x"
    )
    assert redact_text('{"password": "go*LddI0XOKKw!*t"}') == '{"password": "[REDACTED]"}'
    assert redact_text("mysql -uroot -pK23a3DD7hH_N4d -h db") == "mysql -uroot -p[REDACTED] -h db"
    assert redact_text("password＝NuSGVtCA0Nl%1kTk") == "password＝[REDACTED]"
    assert redact_text("password=<redacted>") == "password=<redacted>"
    assert redact_text("password=[REDACTED]") == "password=[REDACTED]"
    assert (
        redact_text("pytest -x tests/test_auth.py::test_login") == "pytest -x tests/test_auth.py::test_login"
    )  # a scope, a file name


def test_a_key_on_the_cut_is_redacted_whole() -> None:
    """Redact, then cut: cutting first left half a key that no rule recognises (the daily LLM router did)."""
    from memdir.consolidation.daily.route_llm import MAX_EPISODE_CHARS

    key = "AKIAIOSFODNN7EXAMPLE"
    text = "x" * (MAX_EPISODE_CHARS - 10) + f" {key} and more"
    assert key[:9] not in redact_text(text)[:MAX_EPISODE_CHARS]
    assert key[:9] in redact_text(text[:MAX_EPISODE_CHARS])  # the old order leaks the first half


class EchoEngine(LiteLLMEngine):
    """The real litellm client answering from `mock_response`: an obedient model that echoes its input."""

    def __init__(self) -> None:
        super().__init__(LLMConfig(model="gpt-4o-mini"), backoff=0.0, mock_response="{}")
        self.sent: list[str] = []

    def _call(self, messages: list[dict[str, str]], json_mode: bool) -> Any:
        self.sent.extend(m["content"] for m in messages)
        user = messages[-1]["content"]
        ids = re.findall(r"^### (E\d+): (.*)$", user, re.M)
        if ids:  # daily: every episode becomes a note whose title and text are what the model saw
            blocks = re.split(r"^### E\d+: .*$", user, flags=re.M)[1:]
            episodes = [
                {"id": eid, "parts": [{"kind": "knowledge", "title": title, "text": body.strip() or title}]}
                for (eid, title), body in zip(ids, blocks, strict=False)
            ]
            self.completion_kwargs["mock_response"] = json.dumps({"episodes": episodes})
        else:  # weekly: the payload's lines become the title and the steps
            lines = [ln for ln in user.splitlines() if ln.strip()][-12:]
            answer = {"title": lines[0][:100], "description": lines[-1][:150], "steps": lines}
            self.completion_kwargs["mock_response"] = json.dumps(answer)
        return super()._call(messages, json_mode)


def _fill(mem: Memory) -> None:
    base = datetime.now(timezone.utc) - timedelta(days=2)
    events: list[dict[str, object]] = []
    sections = [f"---\ndate: {DAY.isoformat()}\n---\n"]
    for i, row in enumerate(POSITIVES):  # the day file `memdir episode add` would write, in one go
        first = " ".join(row["text"].strip().splitlines()[0][:100].split())
        sections.append(f"## 08:{i // 60:02d} — Note {i}: {first}\n\n{row['text'].strip()}\n")
        for j in range(3):
            tid = f"{row['id']}-{j}"
            ts = base + timedelta(minutes=10 * i, seconds=j)
            events += [
                {
                    "ts": ts.isoformat(),
                    "type": "task_start",
                    "task_id": tid,
                    "summary": f"use {row['text'][:300]}",
                },
                {
                    "ts": ts.isoformat(),
                    "type": "tool_use",
                    "task_id": tid,
                    "tool": "bash",
                    "input": row["text"],
                },
                {"ts": ts.isoformat(), "type": "task_end", "task_id": tid, "outcome": "success"},
            ]
    (mem.root / "episodes" / f"{DAY.isoformat()}.md").write_text("\n".join(sections), encoding="utf-8")
    mem.activity.append_many(events)


def _written(root: Path) -> Iterator[tuple[str, str]]:
    """(path, text) of every file memdir wrote: all but the inputs (episodes/, activity/) and the config."""
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if rel.split("/")[0] in ("episodes", "activity") or p.name in (".gitignore", "memdir.yaml"):
            continue
        yield rel, "" if p.is_dir() else p.read_bytes().decode("utf-8", "replace")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Both roots after daily and weekly: with the echoing model, and with the built-in engines."""
    out: dict[str, Any] = {}
    for name in ("llm", "builtin"):
        root = tmp_path_factory.mktemp(f"secrets-{name}") / "root"
        Memory(root).init()
        (root / "memdir.yaml").write_text("llm: {max_calls: 1000, batch_tokens: 100000}\n", encoding="utf-8")
        engine = EchoEngine() if name == "llm" else None
        mem = Memory(root, embedder=get_embedder("hashing"), llm=engine)
        _fill(mem)
        mem.daily_consolidator(engine=engine, sync_index=False).run(day=DAY)
        mem.consolidate_weekly(until=date.today() + timedelta(days=1))
        out[name] = {"root": root, "sent": engine.sent if engine else [], "files": list(_written(root))}
    return out


def _leaks(secret: str, texts: list[str]) -> bool:
    return any(secret in t for t in texts)


@pytest.mark.slow  # daily and weekly over 103 records, twice (about 15 s idle, 45 s at load 16)
@pytest.mark.parametrize("split", ["dev", "heldout", "mine"])
def test_caught_secrets_reach_neither_the_model_nor_any_file_or_name(
    runs: dict[str, Any], split: str
) -> None:
    """What the redactor catches on its own never reaches the LLM, a written file or a file name."""
    llm, builtin = runs["llm"], runs["builtin"]
    assert llm["sent"], "the LLM path was not taken"
    created = [p for p, _ in llm["files"] + builtin["files"] if p.startswith(("knowledge/", "procedures/"))]
    assert len(created) > 50, created[:5]  # notes and procedures were really written
    rows = [r for r in POSITIVES if r["split"] == split]
    sent_leaks, file_leaks = [], []
    for r in rows:
        if r["secret"] in redact_text(r["text"]):
            continue  # the detector's own misses are counted by test_corpus_figures
        if _leaks(r["secret"], llm["sent"]):
            sent_leaks.append(r["id"])
        texts = [t for _, t in llm["files"] + builtin["files"]] + [
            p for p, _ in llm["files"] + builtin["files"]
        ]
        if _leaks(r["secret"], texts):
            file_leaks.append(r["id"])
    assert sent_leaks == [] and file_leaks == [], (sent_leaks, file_leaks)


@pytest.mark.slow
def test_weekly_file_names_come_from_redacted_intents(runs: dict[str, Any]) -> None:
    """Main named a procedure `rotate-key-akiaiosfodnn7example-on-staging.md` (slug of the raw intent)."""
    names = [
        p.lower() for r in ("llm", "builtin") for p, _ in runs[r]["files"] if p.startswith("procedures/")
    ]
    assert names, "weekly wrote no procedure"
    for row in POSITIVES:
        secret = row["secret"].lower()
        if row["secret"] not in redact_text(row["text"]) and len(secret) >= 8:
            assert not any(re.sub(r"[^a-z0-9]", "", secret)[:16] in n for n in names), (row["id"], names[:3])
