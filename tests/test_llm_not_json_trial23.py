"""Trial 23 re-check N6: each cause of a failed model call reads right, once.

An `api_base` pointing at a web page (a server answering 200 with HTML or plain text) was reported as
`500 from the provider (a server error)`, which sends a person to the provider instead of the setting;
a 429 said "the next run tries again" twice in one line; a missing key was retried with backoff. A
server this test starts on 127.0.0.1 answers 200 with text; litellm's mock_response gives the 429;
never the network. A seed library's episodes in English and a bakery's in Japanese.
"""

from __future__ import annotations

import http.server
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import litellm
import pytest
from llm_support import memory, write_day

from memdir.config import LLMConfig
from memdir.llm.litellm_engine import LiteLLMEngine


class _Page(http.server.BaseHTTPRequestHandler):
    """A web server, not a model: every POST gets 200 and a page."""

    content_type = "text/html"
    hits = 0

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        type(self).hits += 1
        body = "<html><body><h1>Seed library</h1>種の図書館へようこそ</body></html>".encode()
        self.send_response(200)
        self.send_header("Content-Type", self.content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(params=["text/html", "application/json"])
def page(request: pytest.FixtureRequest) -> Iterator[tuple[int, type[_Page]]]:
    handler = type("Page", (_Page,), {"content_type": request.param, "hits": 0})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield int(server.server_address[1]), handler
    server.shutdown()
    server.server_close()


def test_a_200_that_is_not_json_names_the_setting_not_a_server_error(
    root: Path, page: tuple[int, type[_Page]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    port, handler = page
    write_day(root, "en")
    config = LLMConfig(model="openai/gpt-4o-mini", api_base=f"http://127.0.0.1:{port}/v1", retries=2)
    report = (
        memory(root).daily_consolidator(engine=LiteLLMEngine(config, backoff=0.0), sync_index=False).run()
    )
    line = report.incomplete or ""
    assert (
        f"(the model call failed: {report.pending}, 127.0.0.1:{port} answered, not with JSON: check api_base)"
        in line
    )
    assert "500" not in line, line
    assert (
        handler.hits == 1
    )  # asking a web page again gives the same page: not retried (the run stops asking)


def test_a_429_says_the_next_run_tries_again_once(root: Path) -> None:
    write_day(root, "ja")
    error = litellm.RateLimitError(message="Rate limit reached", llm_provider="openai", model="gpt-4o-mini")
    engine = LiteLLMEngine(
        LLMConfig(model="gpt-4o-mini", retries=0, timeout=20.0), backoff=0.0, mock_response=error
    )
    report = memory(root).daily_consolidator(engine=engine, sync_index=False).run()
    line = report.incomplete or ""
    assert f"(the model call failed: {report.pending}, 429 from the provider: rate limited)" in line, line
    assert line.count("the next run tries again") == 1, line


def test_a_missing_key_is_not_retried_with_backoff(
    root: Path, page: tuple[int, type[_Page]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    port, handler = page
    write_day(root, "ja")
    config = LLMConfig(model="openai/gpt-4o-mini", api_base=f"http://127.0.0.1:{port}/v1", retries=3)
    t0 = time.monotonic()
    report = (
        memory(root).daily_consolidator(engine=LiteLLMEngine(config, backoff=5.0), sync_index=False).run()
    )
    assert time.monotonic() - t0 < 20  # three retries with a 5 s backoff took 35 s per episode
    assert "no API key: set OPENAI_API_KEY" in (report.incomplete or ""), report.incomplete
    assert handler.hits == 0
