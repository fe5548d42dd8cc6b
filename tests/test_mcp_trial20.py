"""Trial 20 #3: a huge query (under the 256 KiB cap) no longer holds the MCP server, nor comes back whole.

A greenhouse cooperative's memory; an agent pastes a 200,000-character dump (one run without a
space, as a minified file or base64 is) into `search`, and another search follows half a second
later. One `memdir mcp` subprocess, the SDK's client (tests/test_mcp_stdio.serve), real embedder.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from test_mcp_stdio import Served, new_root, serve

NOTES = {
    "procedures/vent-the-greenhouse.md": (
        "---\ndescription: Open the roof vents when the greenhouse gets hot\nconfidence: 0.5\n---\n\n"
        "# Vent the greenhouse\n\n1. Open the roof vents when the air passes 28 C.\n"
        "2. Start the circulation fans.\n3. Close the vents again at dusk.\n"
    ),
    "knowledge/tomato-blight.md": (
        "---\ndescription: Late blight on the tomatoes in wet weeks\n---\n\n# Tomato blight\n\n"
        "Late blight spreads in wet, cool weeks; remove the affected leaves and keep the foliage dry.\n"
    ),
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("mcp-trial20")
    with serve(base, new_root(base, NOTES)) as served:
        served.ok("search", {"query": "greenhouse vents"})  # the model loaded, the index built
        yield served


def _timed(served: Served, query: str) -> tuple[float, dict[str, object]]:
    start = time.monotonic()
    out = served.ok("search", {"query": query, "k": 3})
    return time.monotonic() - start, out


def test_a_200000_character_query_answers_in_seconds_and_holds_no_search_behind_it(served: Served) -> None:
    alone, _ = _timed(served, "when to open the roof vents")
    huge = "z" * 200_000
    start = time.monotonic()
    big = served.portal.start_task_soon(served.client.call_tool, "search", {"query": huge, "k": 3})
    time.sleep(0.5)
    behind, out = _timed(served, "when to open the roof vents (sent while the big one runs)")
    big_reply = big.result(timeout=120)
    big_took = time.monotonic() - start
    assert out["hits"] and out["hits"][0]["path"] == "procedures/vent-the-greenhouse.md"  # type: ignore[index]
    assert big_took < 10, big_took  # was 30 s and more
    assert behind < 10 + alone, behind  # was held for the whole 30 s
    assert not big_reply.is_error
    echo = big_reply.structured_content["query"]  # type: ignore[index]
    assert len(echo) < 300 and echo.endswith("(200,000 characters)")  # not sent back whole
    assert len(big_reply.content[0].text) < 5_000  # type: ignore[union-attr]


def test_a_long_paragraph_query_still_finds_its_note(served: Served) -> None:
    paragraph = (
        "This morning the sensors in house two read 31 C by ten o'clock and the tomato leaves were "
        "wilting at the top of the rows. Nobody had opened anything since yesterday evening and the fans "
        "were off. What do we usually do when the greenhouse gets this hot, which vents do we open and "
        "when do we close them again? "
    ) * 6
    took, out = _timed(served, paragraph)
    assert took < 20
    assert out["hits"] and out["hits"][0]["path"] == "procedures/vent-the-greenhouse.md"  # type: ignore[index]
    assert out["query"] != paragraph and str(out["query"]).endswith(f"({len(paragraph):,} characters)")
