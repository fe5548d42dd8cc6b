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


def takes_type(annotation: object, *types: type) -> bool:
    """Whether a parameter typed `annotation` (`int`, `int | None`, `Annotated[...]`) takes one of types."""
    if get_origin(annotation) in (Union, UnionType):
        return any(takes_type(arm, *types) for arm in get_args(annotation))
    return annotation in types


def numbers(tool: Tool) -> list[str]:
    """The tool's parameters that take a number and not true/false (pydantic reads true as 1)."""
    fields = tool.fn_metadata.arg_model.model_fields
    return [
        k
        for k, f in fields.items()
        if takes_type(f.annotation, int, float) and not takes_type(f.annotation, bool)
    ]


def no_bool_for_number(name: str, arguments: Mapping[str, object], number_params: list[str]) -> None:
    """ToolError when true/false was sent for a number (`"k": true` is no 1)."""
    bad = [k for k in number_params if isinstance(arguments.get(k), bool)]
    if bad:
        raise ToolError(f"{name}: invalid arguments ({bad[0]}: Input should be a number, not true/false)")


def make_tool(fn: Callable[..., object]) -> Tool:
    """The SDK's Tool for fn, with KeepStrings for its arguments; its input schema says that an
    argument it does not take is refused (`additionalProperties: false`, as `checked` does)."""
    tool = Tool.from_function(fn)
    meta = tool.fn_metadata
    keep = KeepStrings(
        arg_model=meta.arg_model,
        output_schema=meta.output_schema,
        output_model=meta.output_model,
        wrap_output=meta.wrap_output,
    )
    schema = {**tool.parameters, "additionalProperties": False}
    return tool.model_copy(update={"fn_metadata": keep, "parameters": schema})


def checked(name: str, arguments: Mapping[str, object], known: Mapping[str, list[str]]) -> dict[str, object]:
    """The arguments under their served names; ToolError naming any argument the tool does not take."""
    params = known.get(name)
    if params is None:  # not a tool of ours: the SDK says so
        return dict(arguments)
    aliases = ARGUMENT_ALIASES.get(name, {})
    out: dict[str, object] = {}
    sent_as: dict[str, str] = {}  # parameter -> the name it was sent under
    for key, value in arguments.items():
        param = aliases.get(key, key)
        if param in out:
            first, second = sorted((sent_as[param], key), key=lambda k: k == param)
            raise ToolError(f"{name}: `{first}` and `{second}` are the same argument: give one; nothing done")
        out[param] = value
        sent_as[param] = key
    unknown = [k for k in arguments if aliases.get(k, k) not in params]
    if unknown:
        what = "argument" if len(unknown) == 1 else "arguments"
        takes = ", ".join(params) or "no arguments"
        raise ToolError(
            f"{name}: unknown {what} {', '.join(repr(k)[:60] for k in unknown[:5])}"
            f" ({name} takes {takes}); nothing done"
        )
    return out
