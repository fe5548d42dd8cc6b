"""A capital for the first word of a shaped line, unless that word is a name the writer spelt in lower case.

Shaping starts a title, a description or a step with a capital ("restart the pods" -> "Restart the pods"),
which is right for an English word and wrong for a path, a file, a host, a command or an identifier:
`configs/ft/x.yaml` is not `Configs/ft/x.yaml`, and a Japanese line has no capitals at all ("hokusai で
ジョブを投げるとき" keeps the host's name as written). A first word keeps its case when it
- has a character no English word has inside it (`/`, `.`, `_`, `@`, `:`, `=`, `~`, `$`, `#`, `\\`) or a digit,
  or a capital after its first letter (`eSIM`), or
- opens a line that holds Japanese text, or
- is a command (shape_shell.COMMANDS) that the line runs ("ssh search-2, then…": an argument follows), or
  one that is no English verb and that the episode also writes mid-sentence ("…, then kubectl rollout"), or
- appears in lower case as a name elsewhere in the episode (`source`): as the command of a line of code
  (`` `nginx -t` ``, not a comment) or next to Japanese text ("ssh hokusai で"), and is no verb a step
  opens with ("restart", "renew" stay words even when a command line holds them).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_cues import IMPERATIVE_VERBS
from memdir.consolidation.daily.shape_shell import COMMANDS

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_NAME_MARK = re.compile(r"[/._@:=~$#\\\d]")
_TRAILING = ".,;:!?)]}'\"”’…"
_INLINE_CODE = re.compile(r"`([^`\n]+)`")
_FENCED = re.compile(r"^\s*(?:```|~~~)[^\n]*\n(.*?)^\s*(?:```|~~~)", re.M | re.S)
_ARGUMENT = re.compile(r"^-|[/.=@:\d]")  # what follows a command: a flag, a path, a host, a value
_PROMPT = re.compile(r"^\s*(?:[$>%]|PS>|\S+[@:][^\s]*[$%])\s+")  # "# ..." is read as a comment


def is_name(word: str, line: str = "", source: str = "") -> bool:
    """Whether `word`, the first word of `line`, is spelt as a name (see the module docstring)."""
    bare = word.rstrip(_TRAILING)
    if not bare or _NAME_MARK.search(bare) or any(c.isupper() for c in bare[1:]):
        return True
    if _CJK.search(line):
        return True
    after = line.split()[1:2]
    if bare in COMMANDS and after and _ARGUMENT.search(after[0]):  # "ssh search-2", "make -j4"
        return True
    if bare in IMPERATIVE_VERBS or not bare.isascii():
        return False
    low = re.escape(bare)
    if bare in COMMANDS and re.search(rf"[a-z,;]\s+{low}\s", source):
        return True
    if not source:
        return False
    commands = {_command(c) for c in _INLINE_CODE.findall(source)}
    commands |= {_command(ln) for f in _FENCED.findall(source) for ln in f.splitlines() if ln.strip()}
    in_code = bare in commands
    next_to_ja = re.search(
        rf"[\u3040-\u30ff\u3400-\u9fff]\s*(?<![\w-]){low}(?![\w-])|(?<![\w-]){low}(?![\w-])\s*[\u3040-\u30ff\u3400-\u9fff]",
        source,
    )
    return in_code or bool(next_to_ja)


def _command(line: str) -> str:
    """The command a line of code runs (its first word after a prompt); "" for a comment."""
    line = _PROMPT.sub("", line.strip(), count=1)
    if line.startswith(("#", "//")):
        return ""
    return line.split(maxsplit=1)[0] if line else ""


def cap_first(line: str, source: str = "") -> str:
    """`line` with a capital first letter, unless its first word is a name (`is_name`)."""
    if not line[:1].islower():
        return line
    word = line.split(maxsplit=1)[0]
    return line if is_name(word, line, source) else line[:1].title() + line[1:]
