"""Tool arguments as the agent sent them: a string stays that string, old names still work, unknown
names are refused.

The SDK decodes a string argument as JSON before validating it whenever the parameter is not typed
plain `str` (some clients send a list as the JSON text of a list). For an optional text parameter
(`str | None`) that turned the string '{"user": "li.wei"}' into an object and refused it ("Input
should be a valid string"), and the string "null" into None, silently dropping the field: exactly
the JSON-string arguments OpenAI-style agents log (trial 11). Here a string sent to a parameter
that takes a string is kept as it is; the others (a list of options, a number) are still decoded.

An argument no tool parameter has is refused in one line naming it, with the names the tool takes
(before, the SDK dropped it and the call reported success: a `ts` replaced by now, a feedback event
without its `procedure`). Renamed tools and arguments keep their old names (`ALIASES`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import UnionType
from typing import Union, get_args, get_origin

from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import FuncMetadata

# old tool name -> served name (an old name is callable, not listed)
TOOL_ALIASES = {"outcome": "decision_outcome"}
# served tool -> {old or other argument name: the parameter}
ARGUMENT_ALIASES: dict[str, dict[str, str]] = {
    "decision_add": {"reasons": "reason", "tradeoffs": "tradeoff"},
    "decision_outcome": {"outcome": "result"},
}


def takes_str(annotation: object) -> bool:
    """Whether a parameter typed `annotation` accepts any string (`str`, `str | None`, `str | dict`)."""
    if get_origin(annotation) in (Union, UnionType):
        return any(takes_str(arm) for arm in get_args(annotation))
    return annotation is str


class KeepStrings(FuncMetadata):
    """The SDK's argument metadata, except that a string for a string parameter is never JSON-decoded."""

    def pre_parse_json(self, data: dict[str, object]) -> dict[str, object]:
        fields = self.arg_model.model_fields
        kept = {
            k: v
            for k, v in data.items()
            if isinstance(v, str) and k in fields and takes_str(fields[k].annotation)
        }
        decoded = super().pre_parse_json({k: v for k, v in data.items() if k not in kept})
        return {k: kept[k] if k in kept else decoded[k] for k in data}


def make_tool(fn: Callable[..., object]) -> Tool:
    """The SDK's Tool for fn, with KeepStrings for its arguments."""
    tool = Tool.from_function(fn)
    meta = tool.fn_metadata
    keep = KeepStrings(
        arg_model=meta.arg_model,
        output_schema=meta.output_schema,
        output_model=meta.output_model,
        wrap_output=meta.wrap_output,
    )
    return tool.model_copy(update={"fn_metadata": keep})


def checked(name: str, arguments: Mapping[str, object], known: Mapping[str, list[str]]) -> dict[str, object]:
    """The arguments under their served names; ToolError naming any argument the tool does not take."""
    params = known.get(name)
    if params is None:  # not a tool of ours: the SDK says so
        return dict(arguments)
    aliases = ARGUMENT_ALIASES.get(name, {})
    out: dict[str, object] = {}
    for key, value in arguments.items():
        param = aliases.get(key, key)
        if param in out:
            raise ToolError(f"{name}: `{key}` and `{param}` are the same argument: give one; nothing done")
        out[param] = value
    unknown = [k for k in arguments if aliases.get(k, k) not in params]
    if unknown:
        what = "argument" if len(unknown) == 1 else "arguments"
        takes = ", ".join(params) or "no arguments"
        raise ToolError(
            f"{name}: unknown {what} {', '.join(repr(k)[:60] for k in unknown[:5])}"
            f" ({name} takes {takes}); nothing done"
        )
    return out
