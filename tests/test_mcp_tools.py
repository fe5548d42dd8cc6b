"""The MCP server in this process, through the SDK's in-memory client: read-only mode, one-line
errors for bad arguments, resources confined to the root, episodes by anchor."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import anyio
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from memdir import Memory
from memdir.index.embedder import get_embedder
from memdir.mcp.server import build_server

T = TypeVar("T")


def served(root: Path, read_only: bool, job: Callable[[Client], Awaitable[T]]) -> T:
    mem = Memory(root, embedder=get_embedder("hashing"))

    async def go() -> T:
        async with Client(build_server(mem, read_only=read_only)) as client:
            return await job(client)

    return anyio.run(go)


def text_of(res: object) -> str:
    return str(res.content[0].text)  # type: ignore[attr-defined]


def test_read_only_serves_the_reading_tools_only(root: Path) -> None:
    async def job(client: Client) -> set[str]:
        res = await client.call_tool("log_event", {"type": "task_start"})
        assert res.is_error
        return {t.name for t in (await client.list_tools()).tools}

    assert served(root, True, job) == {"search", "read_note", "context", "list_review", "decision_list"}
    assert not list((root / "activity").glob("*.jsonl"))


def test_bad_arguments_are_one_line_tool_errors(root: Path) -> None:
    async def job(client: Client) -> list[str]:
        calls = [
            ("search", {"query": "x", "k": 0}),
            ("search", {"query": "x", "kind": "bogus"}),
            ("search", {}),
            ("search", {"query": " "}),
            ("context", {"query": "x", "budget": 10}),
            ("feedback", {"path": "procedures/none.md", "outcome": "success"}),
            ("add_episode", {"text": "   "}),
        ]
        out = []
        for name, args in calls:
            res = await client.call_tool(name, args)
            assert res.is_error, (name, args)
            out.append(text_of(res))
        return out

    messages = served(root, False, job)
    assert all("\n" not in m and "Traceback" not in m for m in messages), messages
    assert messages[0].startswith("search: invalid arguments (k: Input should be greater than or equal to 1")
    assert "kind" in messages[1] and "query" in messages[2] and "empty query" in messages[3]
    assert messages[5].startswith("feedback: ") and "no such note" in messages[5]


def test_resources_are_the_notes_and_stay_inside_the_root(root: Path, tmp_path: Path) -> None:
    (root / "knowledge" / "猫.md").write_text("---\ndescription: 猫の世話\n---\n# 猫\n\n毎朝ごはん。\n")
    (tmp_path / "outside.md").write_text("TOPSECRET")

    async def job(client: Client) -> tuple[list[str], str]:
        uris = [str(r.uri) for r in (await client.list_resources()).resources]
        first = await client.read_resource(uris[0])
        for bad in (
            "memdir://notes/../outside.md",
            "memdir://notes/knowledge/none.md",
            "memdir://notes/memdir.yaml",
        ):
            with pytest.raises(MCPError) as err:
                await client.read_resource(bad)
            assert "TOPSECRET" not in str(err.value)
        return uris, str(first.contents[0].text)  # type: ignore[union-attr]

    uris, text = served(root, True, job)
    assert uris == ["memdir://notes/knowledge/%E7%8C%AB.md"]
    assert text.startswith("---\ndescription: 猫の世話")


def test_search_gives_the_episode_to_read(root: Path) -> None:
    mem = Memory(root)
    mem.add_episode("We talked about lunch plans.", title="Standup")
    mem.add_episode("The integration test failed: the fixture port was reused.", title="Flaky test")

    async def job(client: Client) -> str:
        res = await client.call_tool("search", {"query": "fixture port reused", "kind": "episodes"})
        hit = res.structured_content["hits"][0]  # type: ignore[index]
        assert hit["anchor"].endswith("-flaky-test")
        note = await client.call_tool("read_note", {"path": hit["anchor"]})
        return str(note.structured_content["text"])  # type: ignore[index]

    text = served(root, True, job)
    assert "fixture port was reused" in text and "lunch" not in text


def test_list_review_shows_open_items(root: Path) -> None:
    mem = Memory(root)
    (root / "procedures" / "deploy.md").write_text(
        "---\ndescription: Deploy\nconfidence: 0.4\n---\n# Deploy\n"
    )
    mem.review.raise_item("merge_candidate", "procedures/deploy.md", "Deploy", "1. make", 0.91, [], key="k")

    async def job(client: Client) -> object:
        return (await client.call_tool("list_review", {})).structured_content

    items = served(root, True, job)["items"]  # type: ignore[index]
    assert [(i["kind"], i["target"], i["similarity"]) for i in items] == [
        ("merge_candidate", "procedures/deploy.md", 0.91)
    ]


def test_decisions_come_back_with_their_outcome(root: Path) -> None:
    """decision_add, then decision_list, then outcome (a failure writes a lesson citing it), as the CLI."""

    async def job(client: Client) -> tuple[dict[str, object], ...]:
        made = await client.call_tool(
            "decision_add",
            {"title": "Cache sessions in Redis", "chosen": "redis", "options": ["redis", "memcached"]},
        )
        assert not made.is_error, text_of(made)
        path = str(made.structured_content["path"])  # type: ignore[index]
        listed = await client.call_tool("decision_list", {})
        done = await client.call_tool(
            "outcome", {"path": path, "text": "evictions under load; went back", "result": "failure"}
        )
        bad = await client.call_tool("outcome", {"path": path, "text": "x", "result": "maybe"})
        assert bad.is_error and "\n" not in text_of(bad)
        return made.structured_content, listed.structured_content, done.structured_content  # type: ignore[return-value]

    made, listed, done = served(root, False, job)
    path = str(made["path"])
    assert path.startswith("knowledge/decisions/") and (root / path).is_file()
    rows = listed["decisions"]
    assert [r["path"] for r in rows] == [path] and rows[0]["status"] == "open"  # type: ignore[index]
    assert done["path"] == path and done["outcome"] == "failure" and done["status"] != "open"
    lesson = str(done["lesson"])
    assert (root / lesson).is_file() and path in (root / lesson).read_text(encoding="utf-8")
