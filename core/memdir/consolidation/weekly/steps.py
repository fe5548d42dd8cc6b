"""One observed step of a task, and the action it performs, whatever the shape of the log.

Loggers differ: one tool per verb (`tool: go`, `input: "go to cabinet 1"`), one tool for
everything (`tool: alfworld`, `input: "go to cabinet 1"`; `tool: bash`, `input: "make test"`),
inputs as strings, dicts (`{"cmd": "pytest -q"}`) or lists. A step's *action* names what it
does independently of that choice: the tool when the input does not say more (or repeats the
tool's name), else `tool:verb` with the input's leading verb or command. Clustering and
alignment use actions, so `go` and `alfworld:go` play the same part in their weeks.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass

MAX_INPUT_DEPTH = 8  # nested lists and maps read in a tool input (real arguments nest 2-3)
MAX_INPUT = 500
INPUT_KEYS = (
    "input",
    "tool_input",
    "args",
    "arguments",
    "parameters",
    "params",
    "command",
    "cmd",
    "query",
    "action",
)
_BARE_KEYS = frozenset([*INPUT_KEYS, "path", "url", "file", "text", "code", "script", "sql"])
_VERB = re.compile(r"[^\W\d][\w.+-]*", re.U)
_ENV = re.compile(r"^[A-Z_][A-Z0-9_]*=\S*$")
_WRAPPERS = frozenset(["sudo", "env", "time", "nohup", "exec", "command"])


@dataclass(frozen=True)
class Step:
    """One observed action of a task: tool, input, the action it performs, and what its result said.

    `kind` is `tool` for tool calls and `response` for a reply to the requester
    (`response_sent`). `failed` / `error` come from the step's own result when the log has one.
    """

    tool: str
    input: str = ""
    action: str = ""
    kind: str = "tool"
    failed: bool = False
    error: str = ""

    def text(self) -> str:
        """What the step did, without the tool prefix: the input (or the tool when there is none)."""
        return self.input or self.tool

    def render(self) -> str:
        """`tool: input`, or just the input when it already starts with the tool's name."""
        if not self.input:
            return self.tool
        if self.input.lower().startswith(self.tool.lower()):
            return self.input
        return f"{self.tool}: {self.input}"

    def prefix(self) -> str:
        """The tool to name before the input in a procedure ('' when the input starts with it)."""
        if self.kind == "response":
            return "reply"
        if not self.input or self.input.lower().startswith(self.tool.lower()):
            return ""
        return self.tool


def input_text(value: object, depth: int = 0) -> str:
    """A tool input as one line: strings as they are, dicts as their values (`k=v` for all but a command).

    Nesting deeper than MAX_INPUT_DEPTH (a hand-written log, a hostile JSON string) says nothing more.
    """
    if value is None or depth > MAX_INPUT_DEPTH:
        return ""
    if isinstance(value, str):
        decoded = _json_arguments(value)
        if decoded is not None:  # OpenAI-style function calls log their arguments as a JSON string
            return input_text(decoded, depth + 1)
        return " ".join(value.split())[:MAX_INPUT]
    if isinstance(value, dict):
        items = [(str(k), v) for k, v in value.items() if v not in (None, "")]
        if len(items) == 1 and isinstance(items[0][1], str) and items[0][0] in _BARE_KEYS:
            return input_text(items[0][1], depth + 1)  # {"cmd": "pytest -q"} is the command itself
        # {"target": "cabinet 1"} stays `target=cabinet 1`: an argument, whose first word is no verb
        parts = []
        for k, v in items:
            text = input_text(v, depth + 1)
            parts.append(text if k in INPUT_KEYS or k in ("path", "url", "method") else f"{k}={text}")
        return " ".join(parts)[:MAX_INPUT]
    if isinstance(value, list):
        return " ".join(input_text(v, depth + 1) for v in value)[:MAX_INPUT]
    return str(value)[:MAX_INPUT]


def _json_arguments(text: str) -> dict[str, object] | list[object] | None:
    """A JSON object or array written as a string (`'{"action": "navigate", ...}'`), else None."""
    t = text.strip()
    if not (t.startswith("{") and t.endswith("}") or t.startswith("[") and t.endswith("]")):
        return None
    try:
        value = json.loads(t)
    except (ValueError, RecursionError):  # `[[[[…` thousands deep: not arguments
        return None
    return value if isinstance(value, dict | list) else None


def leading_verb(text: str) -> str:
    """The command or verb an input starts with (`sudo`, `env`, `VAR=x` skipped), '' for a path or value.

    A word with a dot or slash (`README.md`, `src/x.py`, a URL) or a number is an argument, not a verb.
    """
    for word in text.split()[:6]:
        if _ENV.match(word) or word in _WRAPPERS:
            continue
        m = _VERB.fullmatch(word.strip("'\"`,;:()[]"))
        return m.group(0).lower()[:30] if m and "." not in m.group(0) else ""
    return ""


def action_of(tool: str, text: str, kind: str = "tool") -> str:
    """The action a step performs: `tool`, or `tool:verb` when the input names a verb of its own."""
    if kind == "response":
        return "reply"
    name = tool.strip().lower()
    verb = leading_verb(text)
    if not verb or verb == name or name.endswith(f":{verb}"):
        return name
    return f"{name}:{verb}"


def action_word(action: str) -> str:
    """The verb of an action (`alfworld:go` -> `go`, `go` -> `go`)."""
    return action.rsplit(":", 1)[-1]


RETRY_SIMILARITY = 0.6  # a failed call and the next call of its action: the same step when this alike


def fold_retries(steps: list[Step]) -> list[Step]:
    """Steps with each retry folded into one: a failed call followed by a call of the same action that is the
    same text or alike (a corrected argument, word ratio >= RETRY_SIMILARITY) is that later call only.

    Tasks are compared, clustered and split on what they did, so a retry is one step before any of that.
    """
    out: list[Step] = []
    for s in steps:
        prev = out[-1] if out else None
        if prev is not None and prev.failed and prev.kind == s.kind == "tool" and prev.action == s.action:
            a, b = prev.text().lower().split(), s.text().lower().split()
            if a == b or difflib.SequenceMatcher(a=a, b=b, autojunk=False).ratio() >= RETRY_SIMILARITY:
                out[-1] = s
                continue
        out.append(s)
    return out
