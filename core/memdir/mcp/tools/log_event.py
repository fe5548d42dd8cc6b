"""The `log_event` tool: `Memory.log` (as `memdir log`), with every field of the activity format."""

from __future__ import annotations

from typing import Annotated, Literal, cast

from mcp.server.mcpserver import Context
from pydantic import Field

from memdir.mcp.results import EventResult
from memdir.mcp.session import run

Text = str | None


def log_event(
    ctx: Context,
    type: Annotated[
        str,
        Field(description="task_start, tool_use, tool_result, task_end, feedback, or any other string."),
    ],
    task_id: Annotated[Text, Field(description="The same id on every event of one task.")] = None,
    summary: Annotated[
        Text, Field(description="One line; for task_start, the task's intent (e.g. 'deploy the API').")
    ] = None,
    tool: Annotated[Text, Field(description="The tool called (tool_use, tool_result).")] = None,
    input: Annotated[
        str | dict[str, object] | list[object] | None,
        Field(
            description="The tool's input: a command line, the arguments as a JSON object, or that "
            "object written as a JSON string (as OpenAI-style function calls carry them); kept as sent."
        ),
    ] = None,
    outcome: Annotated[
        Literal["success", "failure"] | None,
        Field(
            description="The outcome: of the task (task_end), a call (tool_result) or a procedure (feedback)."
        ),
    ] = None,
    error: Annotated[
        Text, Field(description="What a failed call said (tool_result with outcome failure).")
    ] = None,
    procedure: Annotated[
        Text,
        Field(
            description='The procedure ("procedures/x.md") the task follows (a successful task that names '
            "it counts as a use of it) or the feedback is about."
        ),
    ] = None,
    ts: Annotated[
        Text,
        Field(description="When it happened, ISO 8601 (default: now), e.g. to log a session afterwards."),
    ] = None,
    agent: Annotated[Text, Field(description="Who did it.")] = None,
    session: Annotated[Text, Field(description="Which session.")] = None,
) -> EventResult:
    """Append one event to the activity log, so that repeated successful work becomes a procedure.

    `type` is task_start (with `summary`: the task's intent in one short line), tool_use (with
    `tool` and `input`), tool_result (a failed call: `outcome` "failure" and its `error`, which becomes the lesson), task_end
    (with `outcome`), feedback (with `procedure` and `outcome`), or any other string. Give every
    event of one task the same `task_id`. Always end a task with its outcome: a task without one
    never counts as a success. An argument not listed here is refused. Never put secrets in
    `input`: they are masked ([REDACTED] in the event returned).
    """
    event = {
        "ts": ts,
        "type": type,
        "task_id": task_id,
        "summary": summary,
        "tool": tool,
        "input": input,
        "outcome": outcome,
        "error": error,
        "procedure": procedure,
        "agent": agent,
        "session": session,
    }
    written = run(ctx, lambda mem: mem.log(**event))
    return cast(EventResult, written)
