"""Trial 15: the MCP contract under a huge note, unreadable lines and small slips, as an agent sees it.

A community observatory's memory: a long telescope log someone exported into `knowledge/` (the trial's was
3 MB; 0.57 MB here, over five times the 100,000-character cut and far over a stdio reader's 64 KiB line buffer,
since every read scans the whole note for secrets), a procedure for cooling the CCD camera, a Japanese note on
the dome. One `memdir mcp` subprocess (the SDK's client, tests/test_mcp_stdio.serve), raw JSON-RPC lines over
stdio, and `note show --json` (through the CLI's entry point in this process, tests/cli_inprocess).
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_inprocess import run_in_process
from test_mcp_stdio import Served, new_root, serve

LOG_LINE = "22:14 seeing 2.1 arcsec, guiding RMS 0.4, CCD at -20 C, dome slit open\n"
BIG = "---\ndescription: Night log of the 40 cm reflector, exported\n---\n# Telescope night log\n\n" + (
    LOG_LINE * 8_000
)
NOTES = {
    "knowledge/telescope-night-log.md": BIG,
    "procedures/cool-the-ccd-camera.md": (
        "---\ndescription: Cool the CCD camera before the first exposure\nconfidence: 0.5\n---\n\n"
        "# Cool the CCD camera\n\n1. Switch on the cooler 30 minutes before dusk.\n"
        "2. Step the setpoint down to -20 C.\n3. Take dark frames once it holds.\n"
    ),
    "knowledge/dome-shutter-ja.md": (
        "---\ndescription: ドームのシャッターは湿度85%で閉める\n---\n\n# ドームのシャッター\n\n"
        "湿度が85%を超えたらシャッターを閉め、望遠鏡にカバーを掛ける。\n"
    ),
    "knowledge/mount-settings.md": (
        '---\ndescription: !!python/object/apply:subprocess.call ["true"]\n---\n\n# Mount settings\n\n'
        "The equatorial mount is polar-aligned each season.\n"
    ),
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("mcp-trial15")
    with serve(base, new_root(base, NOTES)) as served:
        yield served


def test_a_huge_note_comes_back_cut_with_its_size_and_where_to_read_on(served: Served) -> None:
    first = served.ok("read_note", {"path": "knowledge/telescope-night-log.md"})
    assert first["text"] == BIG[:100_000]
    assert first["total_chars"] == len(BIG) and first["next_offset"] == 100_000
    assert f"cut: characters 0-100000 of {len(BIG)} shown; read on with offset=100000" in str(
        first["warning"]
    )
    nxt = served.ok(
        "read_note", {"path": "knowledge/telescope-night-log.md", "offset": 100_000, "limit": 500}
    )
    assert nxt["text"] == BIG[100_000:100_500] and nxt["next_offset"] == 100_500
    last = served.ok("read_note", {"path": "knowledge/telescope-night-log.md", "offset": len(BIG) - 10})
    assert last["text"] == BIG[-10:] and last["next_offset"] is None
    small = served.ok("read_note", {"path": "procedures/cool-the-ccd-camera.md"})
    assert small["warning"] is None and small["next_offset"] is None
    assert small["total_chars"] == len(NOTES["procedures/cool-the-ccd-camera.md"])
    past = served.error("read_note", {"path": "knowledge/telescope-night-log.md", "offset": len(BIG) + 5})
    assert "past the end" in past
    read = served.portal.call(served.client.read_resource, "memdir://notes/knowledge/telescope-night-log.md")
    text = read.contents[0].text  # type: ignore[union-attr]
    assert text.startswith(BIG[:100_000]) and len(text) < 100_300
    assert text.rstrip().endswith(
        f"cut at 100000 of {len(BIG)} characters; read the rest with the read_note tool, offset=100000]"
    )


def test_search_hits_are_the_same_in_structured_content_text_and_schema(served: Served) -> None:
    res = served.call("search", {"query": "cool the CCD camera before exposures"})
    structured = res.structured_content
    assert isinstance(structured, dict) and structured["hits"]
    texted = json.loads(res.content[0].text)  # type: ignore[union-attr]
    assert structured == texted
    assert "rankers" in structured["hits"][0]
    tools = {t.name: t for t in served.portal.call(served.client.list_tools).tools}
    hit = (tools["search"].output_schema or {})["$defs"]["Hit"]
    assert set(hit["properties"]) == set(structured["hits"][0])


def test_the_input_schemas_say_what_the_server_refuses(served: Served) -> None:
    tools = {t.name: t for t in served.portal.call(served.client.list_tools).tools}
    assert all(t.input_schema.get("additionalProperties") is False for t in tools.values())
    assert tools["decision_add"].input_schema["properties"]["options"]["default"] == []
    assert "offset" in tools["read_note"].input_schema["properties"]
    both = served.error(
        "decision_outcome",
        {"path": "knowledge/decisions/x.md", "text": "fine", "result": "success", "outcome": "success"},
    )
    assert "`outcome` and `result` are the same argument" in both
    assert "k: Input should be a number, not true/false" in served.error(
        "search", {"query": "dome shutter", "k": True}
    )
    assert "limit" in served.error("read_note", {"path": "procedures/cool-the-ccd-camera.md", "limit": False})


def test_a_python_tag_in_frontmatter_is_a_warning_of_the_read(served: Served, tmp_path: Path) -> None:
    note = served.ok("read_note", {"path": "knowledge/mount-settings.md"})
    assert "`description` must be text" in str(note["warning"])
    root = served.root
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env["HOME"] = str(tmp_path)
    show = subprocess.run(
        [
            sys.executable,
            "-m",
            "memdir",
            "--root",
            str(root),
            "note",
            "show",
            "knowledge/mount-settings.md",
            "--json",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert "`description` must be text" in json.loads(show.stdout)["warning"]


def test_note_show_json_is_cut_at_the_same_size(served: Served, tmp_path: Path) -> None:
    def show(*args: str) -> subprocess.CompletedProcess[str]:
        cmd = ["--root", str(served.root), "note", "show", "knowledge/telescope-night-log.md", *args]
        return run_in_process(cmd, input=None, env={"HOME": str(tmp_path)}, cwd=tmp_path)

    shown = json.loads(show("--json").stdout)
    assert (
        len(shown["text"]) == 100_000 and shown["total_chars"] == len(BIG) and shown["next_offset"] == 100_000
    )
    window = show("--json", "--offset", "5", "--limit", "7")
    assert json.loads(window.stdout)["text"] == BIG[5:12]
    whole = show()
    assert whole.returncode == 0 and whole.stdout == BIG  # a person's `note show` prints the file
    past = show("--offset", str(len(BIG) + 1))
    assert past.returncode == 1 and past.stderr.count("\n") == 1 and "past the end" in past.stderr


def test_stdio_answers_a_line_it_cannot_read_and_goes_on(served: Served, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(HOME=str(tmp_path), MEMDIR_EMBEDDER="hashing")
    proc = subprocess.Popen(
        [sys.executable, "-m", "memdir", "--root", str(served.root), "mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None

    def ask(line: bytes) -> dict[str, object]:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(line + b"\n")
        proc.stdin.flush()
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        assert ready, f"no answer to {line[:60]!r}"
        answer = json.loads(proc.stdout.readline())
        assert isinstance(answer, dict)
        return answer

    try:
        init = {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"},
        }
        assert "result" in ask(
            json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init}).encode()
        )
        proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        deep = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search","arguments":{"query":"dome","k":'
        for line in [
            b'{"jsonrpc":"2.0","id":5,"method":"tools/call"',
            (deep + "[" * 300 + "]" * 300 + "}}}").encode(),
            b"\xff\xfe",
        ]:
            answer = ask(line)
            assert answer["id"] is None and answer["error"]["code"] == -32700  # type: ignore[index]
        answer = ask(b'{"telescope": "40 cm"}')
        assert answer["id"] is None and answer["error"]["code"] == -32600  # type: ignore[index]
        assert ask(b'{"jsonrpc":"2.0","id":9,"method":"ping"}') == {"jsonrpc": "2.0", "id": 9, "result": {}}
    finally:
        proc.stdin.close()
        proc.wait(60)
