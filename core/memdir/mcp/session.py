"""What every tool shares: the served Memory, one lock, and memdir errors as one-line tool errors."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar, cast

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError

from memdir.errors import MemdirError
from memdir.memory import Memory
from memdir.redaction import redact_text

T = TypeVar("T")


@dataclass
class ServerState:
    """The server's lifespan state: one root, and a lock so tool calls run one at a time."""

    memory: Memory
    read_only: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)


def one_line(text: str) -> str:
    """The first line of a message, at most 300 characters (errors reach the model as one line)."""
    line = (text.strip().splitlines() or [""])[0]
    return line if len(line) <= 300 else line[:299] + "…"


def run(ctx: Context, job: Callable[[Memory], T]) -> T:
    """Run a library call on the served Memory; a MemdirError becomes a tool error (is_error, one line)."""
    return run_masked(ctx, job)[0]


def run_read(ctx: Context, job: Callable[[Memory], T]) -> T:
    """run() for a call that only reads files (a note): no lock, so a long read never holds up the
    other calls (the store writes a note by an atomic rename: a read sees it before or after)."""
    state = cast(ServerState, ctx.request_context.lifespan_context)
    try:
        return job(state.memory)
    except MemdirError as exc:
        raise ToolError(one_line(redact_text(str(exc)))) from None


def run_masked(ctx: Context, job: Callable[[Memory], T]) -> tuple[T, str | None]:
    """run(), and a line for the agent when the store masked a secret the call would have written.

    The store's warning goes to the server's stderr, which the model never sees: the answer says it.
    """
    state = cast(ServerState, ctx.request_context.lifespan_context)
    with state.lock:  # tools run on worker threads; one at a time keeps the index view and logs simple
        before = state.memory.store.masked
        try:
            out = job(state.memory)
        except MemdirError as exc:
            raise ToolError(one_line(redact_text(str(exc)))) from None
        n = state.memory.store.masked - before
    if not n:
        return out, None
    return out, (
        f"masked {n} secret{'' if n == 1 else 's'} ([REDACTED] in the file): memory keeps no secrets, "
        "so never send one; name where it is kept instead (a vault, an environment variable)"
    )
