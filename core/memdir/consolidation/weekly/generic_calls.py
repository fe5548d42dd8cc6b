"""A kind whose work goes through one generic tool is named by the command's work, never the tool (round 37).

Trial 19's account unlock ran `run_command: host=login01 faillock --user {user} --reset` and was titled `Run a
command`: the tool's name (`run_command`, `execute`, `http_request`) says how a call is made, not what it does.
Such a tool names no kind (`fragment_titles.tool_call` passes it over), and its command says the work:

- a command line (`key=value` pairs before it, a host or a working directory, dropped): the first word that is
  an act, a subcommand (`sacctmgr -i add user {x}` -> `Add a user`) or a switch (`faillock --user {user}
  --reset` -> `Reset faillock for a user`), its object the word after a subcommand, else the program, and the
  thing a switch passes a value to (`--user {user}`) what it is for;
- an HTTP call (`POST https://…/accounts/{id}/unlock`): a path's last word that is an act on the word before
  it (`Unlock an account`), else the method's act on the path's last noun (`DELETE …/sessions/{id}` ->
  `Delete a session`).

"" when the kind makes no such call or its command names no act.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.action_titles import SHELLS, singular
from memdir.consolidation.weekly.work_flow import tool_words

# words of a tool that only carries a call: it runs a command or sends a request, whatever the work
GENERIC = SHELLS | frozenset(
    ["command", "commands", "exec", "execute", "http", "request", "invoke", "call", "cli"]
)
# acts a command names by a subcommand or a switch (English, as programs spell them)
ACTS = frozenset(
    ["add", "create", "delete", "remove", "reset", "set", "unlock", "lock", "enable", "disable", "grant"]
    + ["revoke", "approve", "extend", "raise", "restart", "start", "stop", "suspend", "resume", "renew"]
    + ["assign", "install", "uninstall", "register", "cancel", "rotate", "restore", "archive", "purge"]
    + ["block", "unblock", "ban", "unban", "mount", "unmount", "resize", "deploy", "rollback", "invite"]
)
_METHOD_ACT = {"POST": "create", "PUT": "update", "PATCH": "update", "DELETE": "delete"}
_STEP = re.compile(r"^([A-Za-z][\w.:-]*): `([^`]*)`")
_KEYVALUE = re.compile(r"^[A-Za-z_][\w.-]*=\S*$")
_WORD = re.compile(r"^[a-z][a-z-]*[a-z]$")
_URL = re.compile(
    r"(?:^|\s)(?:(GET|POST|PUT|PATCH|DELETE)\s+|method=(GET|POST|PUT|PATCH|DELETE)\s+(?:url=)?)(\S+)"
)


def shared_tools(groups: Sequence[Sequence[Sequence[str]]]) -> frozenset[str]:
    """The tools that most tasks of two kinds of the week or more call (each group: its tasks' tools)."""
    seen: dict[str, int] = {}
    for tasks in groups:
        for tool in {t for tools in tasks for t in tools}:
            if 2 * sum(1 for tools in tasks if tool in tools) > len(tasks):
                seen[tool] = seen.get(tool, 0) + 1
    return frozenset(t for t, n in seen.items() if n >= 2)


def generic(tool: str) -> bool:
    """Whether a tool's name says only that it carries a call (`run_command`, `execute`, `http_request`)."""
    words = tool_words(tool)
    return bool(words) and all(w in GENERIC for w in words)


def generic_title(steps: Sequence[str]) -> str:
    """The work of the first generic call whose command names an act (see the module); ""."""
    for step in steps:
        m = _STEP.match(step)
        if m is None or not generic(m.group(1)) or m.group(1).lower() in SHELLS:
            continue  # a shell's command line is read by `action_titles.command_title`
        said = _http_title(m.group(2)) or _command_title(m.group(2))
        if said:
            return said
    return ""


_NOTICE_PROGRAMS = frozenset(
    ["sms", "mail", "email", "sendmail", "mailx", "notify", "slack", "text", "message"]
)


def shell_title(steps: Sequence[str]) -> str:
    """The work of a kind whose every call goes through a shell (round 38): the last command line of a
    program, its subcommand and then options, that tells no one (`sms send …` is the notice), as the subcommand and the
    program (`utleie book --hytte … --avbestilling "Fleks 14 dager"` -> `Book utleie`, `renhold bestill …` ->
    `Bestill renhold`), never an option's value; "" when a step is no shell's or none such is run."""
    found = ""
    for step in steps:
        m = _STEP.match(step)
        if m is None or m.group(1).lower() not in SHELLS:
            return ""
        tokens = m.group(2).split()
        if len(tokens) < 3 or not _WORD.match(tokens[0]) or not tokens[1].isalpha() or tokens[2][:1] != "-":
            continue  # `prog verb --option …` only: `bikeshop repair add` is read by `command_title`
        program, sub = tokens[0], tokens[1].lower()
        if program in _NOTICE_PROGRAMS or sub in ("send", "notify", "post"):
            continue
        found = f"{sub.capitalize()} {program}"
    return found


def _article(noun: str) -> str:
    vowel = noun[:1] in "aeio" or noun[:1] == "u" and noun[1:2] not in ("s", "n", "r")
    return f"{'an' if vowel else 'a'} {noun}"


# a Japanese phrase with holes and ids glued after it (`GPUパーティションの利用{value}lab-{lab}`, a kana after them):
# one request's values and the end of its sentence, cut where they start
_GLUED_TAIL = re.compile(r"^([^{]*[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff])\{\w+\}(.*)$")
_IDS_AFTER = re.compile(
    r"^(?:\{\w+\}|[A-Za-z0-9._-])*[\u3040-\u309f]?$"
)  # holes and ids, a sentence's last kana


def without_glued_values(title: str) -> str:
    """A Japanese title without the holes and ids glued after its phrase (see `_GLUED_TAIL`)."""
    m = _GLUED_TAIL.match(title.strip())
    ok = m is not None and _IDS_AFTER.match(m.group(2)) is not None and len(m.group(1)) >= 4
    return m.group(1) if m and ok else title


def _command_title(code: str) -> str:
    tokens = code.split()
    while tokens and _KEYVALUE.match(tokens[0]):
        tokens.pop(0)  # `host=login01`: where it runs
    if len(tokens) < 2 or not _WORD.match(tokens[0]):
        return ""
    program, rest = tokens[0], tokens[1:]
    for i, token in enumerate(rest):
        word = token.lstrip("-").split("=", 1)[0].lower()
        if word not in ACTS:
            continue
        if token.startswith("-"):  # `faillock --user {user} --reset`: the act on the program's thing
            takes = [
                t.lstrip("-")
                for t, v in zip(rest, rest[1:], strict=False)
                if t.startswith("--") and v[:1] == "{"
            ]
            tail = f" for {_article(singular(takes[0]))}" if takes and _WORD.match(takes[0]) else ""
            return f"{word.capitalize()} {program}{tail}"
        after = rest[i + 1] if i + 1 < len(rest) else ""
        thing = singular(after.lower()) if _WORD.match(after.lower()) else program
        return f"{word.capitalize()} {_article(thing) if thing != program else thing}"
    return ""


def _http_title(code: str) -> str:
    m = _URL.search(code)
    if m is None:
        return ""
    method = m.group(1) or m.group(2)
    parts = [p for p in re.sub(r"^\w+://[^/]+", "", m.group(3)).split("?")[0].split("/") if p]
    words = [p.lower() for p in parts if _WORD.match(p.lower())]
    if len(words) >= 2 and words[-1] in ACTS:
        return f"{words[-1].capitalize()} {_article(singular(words[-2]))}"
    act = _METHOD_ACT.get(method, "")
    return f"{act.capitalize()} {_article(singular(words[-1]))}" if act and words else ""
