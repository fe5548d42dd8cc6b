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
