"""A call written as an S-expression or a function call, read as a command line for titles.

Loggers write one API action in several forms: `queue.add program=P-1 target=X` (a command),
`(queue.add :program "P-1" :target "X")` (an S-expression, Lisp keywords as keys), `queue.add(program="P-1",
target="X")` (a function call). The title readers (`action_titles`, `call_subject`) know the first; the
other two are brought to it: the wrapping parentheses go, `:key value` is `key=value`, `name(args)` is
`name args` with `, ` between arguments dropped. Text inside quotes is left as written.
"""

from __future__ import annotations

import re

_SEXP = re.compile(r"^\(\s*([A-Za-z][\w.-]*)(.*)\)\s*$", re.S)
_FUNCTION = re.compile(r"^([A-Za-z][\w.]*[A-Za-z0-9_])\((.*)\)\s*$", re.S)
_LISP_KEY = re.compile(r"(?:(?<=\s)|^):([A-Za-z][\w-]*)\s+(?=\S)")
_ARG_SEP = re.compile(r",\s*(?=[A-Za-z_][\w-]*\s*=)")


def as_command(code: str) -> str:
    """`(queue.add :program "P-1")` and `queue.add(program="P-1")` -> `queue.add program="P-1"`; any other
    code as it is."""
    text = code.strip()
    if m := _SEXP.match(text):
        head, rest = m.group(1), m.group(2).strip()
        return f"{head} {_LISP_KEY.sub(lambda k: k.group(1) + '=', rest)}".strip()
    if m := _FUNCTION.match(text):
        head, rest = m.group(1), m.group(2).strip()
        return f"{head} {_ARG_SEP.sub(' ', rest)}".strip()
    return code


_MCP_TOOL = re.compile(r"^mcp__[\w-]+?__([a-z][a-z0-9]*(?:_[a-z0-9]+)+)$")
_ONE_WORD_CALL = re.compile(
    r"^(?:name|action|op|operation|method|function|fn|call|cmd|command)=([a-z]{3,})(?=\s|$)"
)
_FIRST_KEY = re.compile(r"\s([a-z]{3,})=")


def named_action(tool: str, code: str) -> str:
    """The call a step names as `verb_noun`, however the logger wrote it (round 17): an MCP tool's own name
    (`mcp__fuelcard__lock_card` -> `lock_card`); a one-word action key with the thing it acts on, the API's
    last dotted word (`tix.v4.orders` + `op=refund` -> `refund_orders`) or else its first argument's key
    (`name=ship sample=S-1` -> `ship_sample`); "" otherwise (the key's own `name=verb_noun` is read as is)."""
    if m := _MCP_TOOL.match(tool.strip()):
        return m.group(1)
    text = as_command(code)
    m = _ONE_WORD_CALL.match(text)
    if m is None:
        return ""
    last = tool.strip().rsplit(".", 1)
    noun = last[1] if len(last) == 2 and re.fullmatch(r"[a-z]{3,}", last[1]) else ""
    key = _FIRST_KEY.search(text[m.end() :] + " ")
    noun = noun or (key.group(1) if key else "")
    return f"{m.group(1)}_{noun}" if noun else ""
