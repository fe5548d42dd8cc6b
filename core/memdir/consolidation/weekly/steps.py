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
from dataclasses import dataclass, field, replace

from memdir.consolidation.weekly.call_purpose import TARGET_KEYS, split_purpose
from memdir.consolidation.weekly.http_operation import http_operation
from memdir.consolidation.weekly.operations import named_operation

MAX_INPUT_DEPTH = 8  # nested lists and maps read in a tool input (real arguments nest 2-3)
MAX_INPUT = 500
INPUT_KEYS = (
    "input",
    "tool_input",
    "tool_args",  # CrewAI's ToolUsageEvent (a dict, or a JSON string)
    "args",
    "arguments",
    "parameters",
    "params",
    "command",
    "cmd",
    "query",
    "action",
)
_BARE_KEYS = frozenset([*INPUT_KEYS, *TARGET_KEYS, "text", "code", "script", "sql"])
_VERB = re.compile(r"[^\W\d][\w.+-]*", re.U)
_ENV = re.compile(r"^[A-Z_][A-Z0-9_]*=\S*$")
_WRAPPERS = frozenset(["sudo", "env", "time", "nohup", "exec", "command"])
# `noun.verb` of an API (`ticket.get`, `invoices.send`), not a file (`README.md`): the part after the dot
# is one of the verbs APIs name their calls by
_API_CALL = re.compile(
    r"[a-z][a-z_]*\.(?:get|list|search|create|update|delete|send|reply|link|add|remove|set|close|cancel"
    r"|history|find|query|fetch|post|put|patch)"
)


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
    plain: str = ""  # what the step is compared by when it is not its input (a tool two loggers wrote)
    purpose: str = ""  # what the call was for, as its agent described it (`call_purpose.py`), not its input
    keys: tuple[tuple[str, str], ...] = field(default=(), compare=False)  # nested keys (`keyed_args.py`)

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


_HTTP_METHODS = frozenset(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"])


def names_a_call(value: str) -> bool:
    """Whether a `method` value names the call (`GET`, JSON-RPC `tools/call`, `orders.cancel`), not an argument.

    `{"method": "POST", "url": …}` reads `POST https://…` and `{"method": "tools/call", …}` names the call, but a
    payment's `{"method": "stripe-link"}` is an argument: without its key the step said a bare `stripe-link`.
    """
    word = value.strip()
    if word.upper() in _HTTP_METHODS:
        return True
    return bool(word) and " " not in word and ("/" in word or "." in word.strip("."))


# keys that wrap a request's input (an HTTP call's `params`, a search's `query` text) but that tools also name
# their own object arguments by (`{"query": {"part_no": …}}`, `params: {caustic: {temp_c: 75}}`)
_ALSO_ARGUMENTS = frozenset(["query", "params"])
_REQUEST_KEYS = frozenset(["method", "url", "uri", "path", "endpoint", *_HTTP_METHODS])


def own_argument(key: str, value: object, keys: list[str]) -> bool:
    """Whether an input key of `_ALSO_ARGUMENTS` is the tool's own argument (written with its key): its value
    is an object (or a list of them) and it stands in no request (no `method`, `url`, … beside it).

    Trial 18 #N3: `cmms.find_part {"query": {"part_no": …, "machine": …}}` was written `part_no=… machine=…`,
    and `params.caustic.temp_c` lost its `params`: the step no longer rebuilt the call.
    """
    if key not in _ALSO_ARGUMENTS or any(k in _REQUEST_KEYS for k in keys):
        return False
    return isinstance(value, dict) or (
        isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)
    )


def input_text(value: object, depth: int = 0) -> str:
    """A tool input as one line: strings as they are, dicts as their values (`k=v` for all but a command).

    A description beside the command (`{"command": …, "description": "Check which GPUs are free"}`) and a
    setting of the tool (`timeout`) are no part of it (`call_purpose.py`). Nesting deeper than
    MAX_INPUT_DEPTH (a hand-written log, a hostile JSON string) says nothing more.
    """
    if value is None or depth > MAX_INPUT_DEPTH:
        return ""
    if isinstance(value, str):
        decoded = _json_arguments(value)
        if decoded is not None:  # OpenAI-style function calls log their arguments as a JSON string
            return input_text(decoded, depth + 1)
        return " ".join(value.split())[:MAX_INPUT]
    if isinstance(value, dict):
        items, _ = split_purpose([(str(k), v) for k, v in value.items() if v not in (None, "")])
        if len(items) == 1 and isinstance(items[0][1], str) and items[0][0] in _BARE_KEYS:
            return input_text(items[0][1], depth + 1)  # {"cmd": "pytest -q"} is the command itself
        # {"target": "cabinet 1"} stays `target=cabinet 1`: an argument, whose first word is no verb
        parts = []
        names = [k for k, _ in items]
        for k, v in items:
            text = input_text(v, depth + 1)
            if k in _HTTP_METHODS:  # {"POST": "/v1/parcels", "body": …}: the method and its path
                parts.append(f"{k} {text}")
                continue
            bare = (k in INPUT_KEYS and not own_argument(k, v, names)) or k in TARGET_KEYS
            bare = bare or (k == "method" and names_a_call(text))
            parts.append(text if bare else f"{k}={text}")
        return " ".join(parts)[:MAX_INPUT]
    if isinstance(value, list):
        return " ".join(input_text(v, depth + 1) for v in value)[:MAX_INPUT]
    if isinstance(value, bool):  # as the log's JSON spelt it, not Python's `True` (trial 20's re-check)
        return "true" if value else "false"
    return str(value)[:MAX_INPUT]


# keys under which a call's input may name the call itself (MCP `tools/call`: `params: {name, arguments}`)
_NAME_KEYS = frozenset(["name", "tool", "tool_name", "function", "function_name"])


def without_own_name(value: object, tool: str) -> object:
    """A call's input without the key that names the call itself: the call's name, not an argument.

    An MCP client logs `tools/call` with `params: {name: check_stock, arguments: {…}}`; read whole, every
    step repeated its tool's name (`check_stock: name=check_stock item=…`). A `name` that is not the
    tool's (`{name: "Ana Ruiz", …}`) is an argument and stays.
    """
    if isinstance(value, str):
        decoded = _json_arguments(value)
        if not isinstance(decoded, dict):
            return value
        value = decoded
    if isinstance(value, dict) and len(value) == 1 and tool.strip():  # Dify: `{"check_move_calendar": {…}}`
        ((key, inner),) = value.items()
        if str(key).strip().lower() == tool.strip().lower() and isinstance(inner, (dict, str)):
            return without_own_name(inner, tool)  # an input keyed by the tool's name: its arguments
    if not isinstance(value, dict) or len(value) < 2 or not tool.strip():
        return value
    own = tool.strip().lower()
    return {
        k: v
        for k, v in value.items()
        if not (k in _NAME_KEYS and isinstance(v, str) and v.strip().lower() == own)
    }


# keys under which a call's one argument is what it looks for (a search), never a command with a verb
_SEARCH_KEYS = frozenset(
    ["query", "q", "search", "search_query", "keyword", "keywords", "term", "terms", "question"]
)


def searched_value(value: object) -> bool:
    """Whether a call's input is one search argument (`{"query": "Tasman Blaze 240"}`): what it looks for.

    Its first word is the thing searched (a stove's maker, a person's name), not a verb the call performs:
    read as a verb, `lookup_model: Tasman Blaze 240` and `lookup_model: Kaweka K12` were two actions.
    """
    if isinstance(value, str):
        value = _json_arguments(value)
    if not isinstance(value, dict):
        return False
    items = [(str(k), v) for k, v in value.items() if v not in (None, "")]
    return len(items) == 1 and items[0][0].lower() in _SEARCH_KEYS and isinstance(items[0][1], str)


def input_purpose(value: object) -> str:
    """What a call's input says the call is for (its description), '' when it says nothing of it."""
    if isinstance(value, str):
        value = _json_arguments(value)
    if not isinstance(value, dict):
        return ""
    return split_purpose([(str(k), v) for k, v in value.items() if v not in (None, "")])[1]


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
        w = word.strip("'\"`,;:()[]")
        if _API_CALL.fullmatch(w):  # an API's `ticket.get`, `refunds.create`: the call is the verb
            return w.lower()
        m = _VERB.fullmatch(w)
        return m.group(0).lower()[:30] if m and "." not in m.group(0) else ""
    return ""


def action_of(tool: str, text: str, kind: str = "tool") -> str:
    """The action a step performs: `tool`, or `tool:verb` when the input names a verb of its own."""
    if kind == "response":
        return "reply"
    name = tool.strip().lower()
    verb = named_operation(text) or http_operation(text) or leading_verb(text)
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


def as_week_tools(steps: list[Step]) -> list[Step]:
    """Steps of one week with a dispatcher's calls written as the week's per-verb tools.

    Two loggers can write one kind in one week: one tool per verb (`fetch` with a URL) and one tool
    for everything (`agent` with `fetch https://…`). A `tool:verb` call whose verb the week also
    calls as a tool of its own becomes a call of that tool, action the verb; its input drops the
    verb unless most of that tool's own calls repeat it (`go` with `go to cabinet 1`). Tasks are
    then compared on what they did, not on how the logger named the tool.
    """
    tools: dict[str, str] = {}
    repeats: dict[str, list[bool]] = {}
    for s in steps:
        if s.kind == "tool" and ":" not in s.action:
            name = s.tool.strip().lower()
            tools.setdefault(name, s.tool.strip())
            repeats.setdefault(name, []).append(s.input.lower().startswith(name))
    out: list[Step] = []
    shared: set[str] = set()
    for s in steps:
        verb = action_word(s.action)
        verb = verb if verb in tools else verb.split("/", 1)[0]  # `post/api/bookings`: the method (round 42)
        if s.kind != "tool" or ":" not in s.action or verb not in tools:
            out.append(s)
            continue
        text = s.input
        said = repeats[verb]
        m = re.search(rf"(?<![\w.-]){re.escape(verb)}(?![\w.-])[\s:]*", text, re.I)
        if m and 2 * sum(said) <= len(said):
            text = text[m.end() :]
        shared.add(verb)
        out.append(replace(s, tool=tools[verb], input=text, action=verb))
    mine = [s.kind == "tool" and s.tool.strip().lower() in shared for s in out]
    names = {
        (a or b).lower() for s, m in zip(out, mine, strict=True) if m for a, b in _OPTION.findall(s.input)
    }
    return [replace(s, plain=_values(s.input, names)) if m else s for s, m in zip(out, mine, strict=True)]


_OPTION = re.compile(r"(?:(?<!\S)--?([^\W\d][\w-]*)|(?<![\w/.:-])([^\W\d][\w-]*)=)", re.U)
_HEREDOC = re.compile(r"<<-?\s*['\"]?(\w+)['\"]?")


def _values(text: str, names: set[str]) -> str:
    """What a call acts on, however its logger wrote it: its first argument value (the URL, path or
    query), option names (`--append`, `accept=`) and heredoc marks dropped, a path segment holding a
    digit one value (`/works/10.5555/3666122.3667901` and `/works/10.18653/v1/2025.acl-long.412` alike).
    `fetch https://x --accept y` (one tool) and `{"url": "https://x", "accept": "y"}` (a tool per verb)
    both compare as `https://x`; `names` are option names the tool's calls write."""
    text = _HEREDOC.sub(" ", _OPTION.sub(" ", text)).strip()
    words = [w for w in text.split() if w.strip(_STRIP).lower() not in names]
    if not words:
        return ""
    first = " ".join(words)
    quoted = re.match(r"(['\"`])(.+?)\1", first)
    value = quoted.group(2) if quoted else words[0].strip(_STRIP)
    return "/".join("0" if any(c.isdigit() for c in seg) else seg for seg in value.split("/"))


_STRIP = "'\"`,;:()[]"
