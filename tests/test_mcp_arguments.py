"""Trial 11 over MCP, as an agent's client sees it (one `memdir mcp` subprocess, the SDK's `Client`):
text arguments that look like JSON arrive as sent, every field of the activity format can be logged,
an argument a tool does not take is refused by name, renamed tools and arguments keep their old
names, every argument is described, an empty search says what to try, and a masked secret is said
in the answer. (A bakery's agent; the trial's was an office's.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_mcp_stdio import Served, new_root, serve

PROOF = "procedures/proof-the-sourdough.md"
NOTES = {
    PROOF: (
        "---\ndescription: Proof the sourdough overnight\nconfidence: 0.4\nsuccess_count: 0\n"
        "failure_count: 0\n---\n\n# Proof the sourdough\n\n1. Shape the loaves.\n"
        "2. Put them in the retarder at 4 C.\n3. Bake at 250 C in the morning.\n"
    ),
    "knowledge/flour-supplier.md": (
        "---\ndescription: Where the rye flour comes from\n---\n\n# Flour supplier\n\n"
        "Rye flour is ordered from the Hofmann mill every Tuesday; deliveries come on Thursday morning.\n"
    ),
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("mcp-arguments")
    with serve(base, new_root(base, NOTES)) as served:
        yield served


def events(root: Path) -> list[dict[str, object]]:
    return [
        json.loads(x) for f in sorted((root / "activity").glob("*.jsonl")) for x in f.read_text().splitlines()
    ]


def test_text_that_looks_like_json_is_kept_as_sent(served: Served) -> None:
    """OpenAI-style agents send a call's arguments as a JSON string: it is stored as that string, and an
    object is taken too; "null" is the word null, not a missing field."""
    sent = [
        {"type": "tool_use", "task_id": "b1", "tool": "oven.set", "input": '{"oven": 2, "celsius": 250}'},
        {"type": "tool_use", "task_id": "b1", "tool": "shell", "input": '["rsync", "-av", "recipes/"]'},
        {"type": "tool_use", "task_id": "b1", "tool": "scale.tare", "input": "null"},
        {"type": "tool_use", "task_id": "b1", "tool": "oven.set", "input": {"oven": 3, "celsius": 230}},
        {"type": "task_start", "task_id": "b2", "summary": "null"},
        {"type": "task_start", "task_id": "b3", "summary": "42"},
    ]
    for args in sent:
        served.ok("log_event", args)
    logged = {
        (e["task_id"], e.get("tool")): e for e in events(served.root) if e["task_id"] in ("b1", "b2", "b3")
    }
    assert logged[("b1", "shell")]["input"] == '["rsync", "-av", "recipes/"]'
    assert logged[("b1", "scale.tare")]["input"] == "null"
    assert [e["input"] for e in events(served.root) if e.get("tool") == "oven.set"] == [
        '{"oven": 2, "celsius": 250}',
        {"oven": 3, "celsius": 230},
    ]
    assert logged[("b2", None)]["summary"] == "null" and logged[("b3", None)]["summary"] == "42"

    ep = served.ok("add_episode", {"text": "Batch 7 of rye came out dense.", "title": '["BATCH-7"]'})
    assert ep["title"] == '["BATCH-7"]' and ep["warning"] is None
    assert '— ["BATCH-7"]\n' in (served.root / str(ep["file"])).read_text(encoding="utf-8")
    served.ok("feedback", {"path": PROOF, "outcome": "failure", "note": '{"step": 2, "retarder": "broken"}'})
    assert ' failure: {"step": 2, "retarder": "broken"}' in (served.root / PROOF).read_text(encoding="utf-8")
    # a list argument still takes the JSON text of a list, as clients send it
    made = served.ok(
        "decision_add", {"title": "Which rye flour", "chosen": "Hofmann", "options": '["Hofmann", "Kessler"]'}
    )
    assert "- Hofmann (chosen)\n- Kessler\n" in (served.root / str(made["path"])).read_text(encoding="utf-8")


def test_log_event_carries_every_field_of_the_activity_format(served: Served) -> None:
    """`ts` (an agent logging afterwards), `agent`, `session`, a failed call's `error`, and a feedback
    event's `procedure`, which the daily run then counts on the procedure."""
    served.ok(
        "log_event",
        {
            "type": "task_start",
            "task_id": "b9",
            "summary": "bake the rye batch",
            "ts": "2026-03-02T05:10:00+09:00",
            "agent": "baker-bot",
            "session": "night-shift",
        },
    )
    served.ok(
        "log_event",
        {
            "type": "tool_result",
            "task_id": "b9",
            "tool": "oven.set",
            "outcome": "failure",
            "error": "door open (E42)",
            "ts": "2026-03-02T05:11:00+09:00",
        },
    )
    served.ok("log_event", {"type": "feedback", "task_id": "b9", "procedure": PROOF, "outcome": "success"})
    day = (served.root / "activity" / "2026-03-01.jsonl").read_text(encoding="utf-8")  # the UTC day of `ts`
    start, result = (json.loads(x) for x in day.splitlines())
    assert start["ts"] == "2026-03-02T05:10:00+09:00" and start["agent"] == "baker-bot"
    assert start["session"] == "night-shift" and result["error"] == "door open (E42)"
    assert [e["procedure"] for e in events(served.root) if e["type"] == "feedback"] == [PROOF]
    before = (served.root / PROOF).read_text(encoding="utf-8")
    assert "success_count: 0" in before
    daily = subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(served.root), "consolidate", "daily", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "MEMDIR_EMBEDDER": "hashing"},
    )
    assert daily.returncode == 0, daily.stderr
    assert not json.loads(daily.stdout)["stats"].get("feedback_invalid")
    assert "success_count: 1" in (served.root / PROOF).read_text(encoding="utf-8")


def test_an_argument_a_tool_does_not_take_is_refused_by_name(served: Served) -> None:
    before = events(served.root)
    line = served.error("search", {"query": "rye flour", "limit": 3, "kinds": ["knowledge"]})
    assert line == "search: unknown arguments 'limit', 'kinds' (search takes query, k, kind); nothing done"
    line = served.error("log_event", {"type": "task_start", "task_id": "b4", "timestamp": "2026-03-02T05:00"})
    assert "unknown argument 'timestamp'" in line and "ts" in line
    assert events(served.root) == before  # nothing written


def test_renamed_tools_and_arguments_keep_their_old_names(served: Served) -> None:
    """`outcome` is now `decision_outcome` (beside decision_add and decision_list), `reasons`/`tradeoffs`
    are `reason`/`tradeoff` as the CLI's --reason/--tradeoff: the old names still work."""
    old = served.ok(
        "decision_add",
        {
            "title": "Buy a second retarder",
            "chosen": "yes",
            "reasons": "night batches",
            "tradeoffs": "floor space",
        },
    )
    new = served.ok(
        "decision_add", {"title": "Open on Sundays", "chosen": "no", "reason": "staff", "tradeoff": "sales"}
    )
    for res, words in ((old, ("night batches", "floor space")), (new, ("staff", "sales"))):
        text = (served.root / str(res["path"])).read_text(encoding="utf-8")
        assert all(w in text for w in words), text
    assert (
        served.ok("outcome", {"path": old["path"], "text": "fits fine", "result": "success"})["outcome"]
        == "success"
    )
    done = served.ok(
        "decision_outcome", {"path": new["path"], "text": "regulars asked", "outcome": "reverted"}
    )
    assert done["outcome"] == "reverted"
    assert "same argument" in served.error("decision_add", {"title": "x", "reason": "a", "reasons": "b"})


def test_every_argument_is_described(served: Served) -> None:
    tools = served.portal.call(served.client.list_tools).tools
    bare = [
        f"{t.name}.{name}"
        for t in tools
        for name, prop in t.input_schema["properties"].items()
        if not prop.get("description")
    ]
    assert bare == []
    ctx = served.ok("context", {"query": "order rye flour", "kind": "knowledge"})
    assert "knowledge/flour-supplier.md" in str(ctx["text"]) and PROOF not in str(ctx["text"])


def test_a_search_that_finds_nothing_says_what_to_try(served: Served) -> None:
    """As `memdir search` tells a person: the memory is in English, so try the key words in English."""
    res = served.ok("search", {"query": "ライ麦粉の納品は何曜日ですか"})
    assert res["hits"] == [] and "try the key words in English" in str(res["message"])
    res = served.ok("search", {"query": "rye flour deliveries", "kind": "skills"})
    assert res["hits"] == [] and "leave out `kind`" in str(res["message"])


def test_a_masked_secret_is_said_in_the_answer(served: Served) -> None:
    """The store's warning goes to the server's stderr, which the model never reads: the answer says it."""
    ep = served.ok(
        "add_episode",
        {
            "text": "Reset the oven controller. The new admin password is Kn3ad-Dough-88.",
            "title": "Oven controller",
        },
    )
    assert "masked 1 secret" in str(ep["warning"])
    fb = served.ok(
        "feedback",
        {"path": PROOF, "outcome": "success", "note": "retarder PIN set to 48213, password: Cr0issant!9"},
    )
    assert "masked" in str(fb["warning"])
    assert "Kn3ad-Dough-88" not in (served.root / str(ep["file"])).read_text(encoding="utf-8")
    assert "Cr0issant!9" not in (served.root / PROOF).read_text(encoding="utf-8")


def test_bidi_controls_are_refused_like_escape(served: Served) -> None:
    """U+202E can make a heading read otherwise than it is: refused as ESC and NUL are."""
    day = served.root / "episodes"
    before = sorted((p.name, p.read_bytes()) for p in day.glob("*.md"))
    for args in (
        {"text": "Cleaned the mixer.", "title": "mixer \u202etxt.exe\u202c"},
        {"text": "A\u2066B\u2069"},
    ):
        assert "bidirectional" in served.error("add_episode", args)
    assert "bidirectional" in served.error("log_event", {"type": "task_start", "summary": "x\u202ey"})
    assert sorted((p.name, p.read_bytes()) for p in day.glob("*.md")) == before
