"""What a tool call is for, apart from what it runs: the description an agent writes beside a command.

Claude Code logs `Bash` as `{"command": "ssh gpu01 nvidia-smi", "description": "Check which GPUs are
free", "timeout": 120000}`, other agents write an `explanation`, a `reason` or a `comment` beside the
command, and `WebFetch` a `prompt` beside its `url`. Read as arguments, that text ended up inside the
command (`… --format=csv description=Check which GPUs are free`): an agent copying the step runs a
broken command. A call's input is its command, path or URL and the arguments that go with it; a text
beside them that says what the call is for is its *purpose*, kept apart (a procedure may say it after
the command). So is a number or a switch beside a command line that says how the tool runs it
(`timeout`, `run_in_background`): a setting of the tool, not a word of the command.

A purpose is free text under a key that names one (`description`, `explanation`, `reason`, …), or
prose (several words, a sentence) under any other key beside a command line: `{"command": …,
"note": "Restart the worker so it picks up the config"}`. A message a call sends (`text`, `body`,
`message`) is what it does, never its purpose, and a call without a command, path or URL (`{"channel":
…, "text": …}`) has none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

COMMAND_KEYS = frozenset(["command", "cmd", "script", "shell", "commandline", "command_line"])
TARGET_KEYS = frozenset(["file_path", "filepath", "path", "file", "filename", "notebook_path", "url", "uri"])
PURPOSE_KEYS = frozenset(
    [
        "description",
        "desc",
        "explanation",
        "explain",
        "reason",
        "rationale",
        "justification",
        "purpose",
        "comment",
        "why",
        "prompt",
    ]
)
# what a call sends or writes: its content, whatever it reads like
CONTENT_KEYS = frozenset(["text", "body", "message", "content", "data", "input", "stdin", "value", "query"])
_CODE_MARK = re.compile(r"[=|$<>{}`;&\\]|://|^[-/~.]")
_PLAIN = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_EDGE = ".,;:!?()\"'“”‘’"


def free_text(value: str) -> bool:
    """Text a person reads, not code: letters, no shell or markup marks (`=`, `|`, `<`, `{`, a URL)."""
    text = " ".join(value.split())
    return bool(text) and not _CODE_MARK.search(text) and bool(re.search(r"[^\W\d_]", text))


def prose(value: str) -> bool:
    """Several words of a sentence (`Check which GPUs are free`, `元データを作業ディレクトリにコピー`), not code
    or a name: three or more words, two thirds of them plain words, or four Japanese characters."""
    if not free_text(value):
        return False
    if len(_CJK.findall(value)) >= 4:
        return True
    words = [w.strip(_EDGE) for w in value.split()]
    plain = sum(1 for w in words if _PLAIN.fullmatch(w))
    return len(words) >= 3 and plain >= 3 and 3 * plain >= 2 * len(words)


def _command(items: Sequence[tuple[str, object]]) -> bool:
    return any(k.lower() in COMMAND_KEYS and isinstance(v, str) and v.strip() for k, v in items)


def _target(items: Sequence[tuple[str, object]]) -> bool:
    return any(k.lower() in COMMAND_KEYS | TARGET_KEYS and isinstance(v, str) and v.strip() for k, v in items)


def is_purpose(key: str, value: object, items: Sequence[tuple[str, object]]) -> bool:
    """Whether `key: value` of a call's input (all of it: `items`) says what the call is for."""
    k = key.lower()
    if not isinstance(value, str) or k in COMMAND_KEYS | TARGET_KEYS | CONTENT_KEYS or not _target(items):
        return False
    if k in PURPOSE_KEYS:
        return free_text(value)
    return _command(items) and prose(value)


# how the tool runs a command, not what the command is: `timeout`, `timeout_ms`, `run_in_background`
_SETTING = re.compile(r".*timeout.*|(?:run_in_)?background|async|detach(?:ed)?", re.I)


def is_setting(key: str, value: object, items: Sequence[tuple[str, object]]) -> bool:
    """A number or a switch beside a command line that says how the tool runs it (`timeout: 120000`,
    `run_in_background: true`): the tool's, not the command's (`replicas: 3` is an argument and stays)."""
    return bool(_SETTING.fullmatch(key)) and isinstance(value, int | float) and _command(items)


def split_purpose(items: Sequence[tuple[str, object]]) -> tuple[list[tuple[str, object]], str]:
    """A call's input items without its purpose and settings, and the purpose ('' when it gives none)."""
    kept: list[tuple[str, object]] = []
    said: list[str] = []
    for key, value in items:
        if is_purpose(key, value, items):
            said.append(" ".join(str(value).split()))
        elif not is_setting(key, value, items):
            kept.append((key, value))
    return kept, "; ".join(said)
