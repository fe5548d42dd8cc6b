"""The stdio transport with an answer for every line: a line that is no JSON-RPC message gets an error.

The SDK's stdio reader turns a line it cannot read (malformed JSON, JSON nested deeper than its
parser's recursion limit, JSON that is no JSON-RPC message) into an exception on the session's
incoming stream, and the session only logs it: the client waiting on that request's id never hears
back (trial 15: a 200-deep request over stdio hung the client, while `--http` answered -32700).
Here those exceptions are taken off the stream and answered as JSON-RPC 2.0 says: -32700 (parse
error) for a line that is not JSON it can read, -32600 (invalid request) for JSON that is no
message, both with `"id": null` (the id cannot be read), and the server keeps serving.
"""

from __future__ import annotations

import anyio
from mcp.server.lowlevel.server import Server
from mcp.server.stdio import stdio_server
from mcp.shared._context_streams import create_context_streams
from mcp.shared.message import SessionMessage
from mcp_types import INVALID_REQUEST, PARSE_ERROR, ErrorData, JSONRPCError
from pydantic import ValidationError

from memdir.mcp.session import one_line


def error_for(exc: Exception) -> JSONRPCError:
    """The JSON-RPC error answering a line the transport could not read as a message."""
    errors = exc.errors() if isinstance(exc, ValidationError) else []
    bad_json = [e for e in errors if e["type"] == "json_invalid"]
    if bad_json or not errors:
        reason = bad_json[0]["msg"] if bad_json else str(exc)
        error = ErrorData(code=PARSE_ERROR, message=one_line(f"Parse error: {reason}"))
    else:
        error = ErrorData(code=INVALID_REQUEST, message="Invalid Request: not a JSON-RPC 2.0 message")
    return JSONRPCError(jsonrpc="2.0", id=None, error=error)


async def run_stdio(lowlevel: Server[object]) -> None:
    """Run the SDK's low-level server over stdio, answering each unreadable line with an error."""
    async with stdio_server() as (read_stream, write_stream):
        inbound_writer, inbound = create_context_streams[SessionMessage | Exception](0)

        async def relay() -> None:
            async with inbound_writer:
                async for item in read_stream:
                    if isinstance(item, Exception):
                        await write_stream.send(SessionMessage(error_for(item)))
                    else:
                        await inbound_writer.send(item)

        async with anyio.create_task_group() as tg:
            tg.start_soon(relay)
            await lowlevel.run(inbound, write_stream, lowlevel.create_initialization_options())
            tg.cancel_scope.cancel()
