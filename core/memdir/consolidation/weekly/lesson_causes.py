"""What plausibly fixed a failure, for a weekly lesson: never a wait or a look, but what changed.

A later success of the kind that reached the step that failed shows what worked. Not every
difference is a cause: a step that only waits or looks (`sleep 90 && nvidia-smi …`, `git status`,
reading a file) changes nothing, so it is never what worked instead. What can fix the error is a step
that acts, or, when the success was the failed task asked again, what the new request says changed
("… again, batch 2 + grad accumulation 8"): the retry's stated change. A retry is a later request
that names all of the failed one's values (the tokens with a digit: `gemma-2-9b`, `v2.3`), or says it
is one (again, retry, rerun, もう一度, 再実行) and names one of them or most of its words.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from memdir.consolidation.weekly.steps import Step
    from memdir.consolidation.weekly.tasks import Task

# Tools that only read: a look at a file or a page is no fix.
_READ_TOOLS = frozenset(["read", "grep", "glob", "ls", "view", "notebookread", "cat"])
_SHELL_TOOLS = frozenset(["bash", "shell", "sh", "zsh", "terminal", "powershell", "cmd"])
# Commands that wait or look (alone, or with the subcommands that only read).
_LOOK = frozenset(
    [
        "sleep",
        "wait",
        "true",
        "nvidia-smi",
        "ls",
        "cat",
        "head",
        "tail",
        "less",
        "more",
        "grep",
        "egrep",
        "rg",
        "find",
        "ps",
        "pgrep",
        "top",
        "htop",
        "df",
        "du",
        "free",
        "uptime",
        "who",
        "whoami",
        "id",
        "pwd",
        "echo",
        "date",
        "stat",
        "file",
        "wc",
        "diff",
        "which",
        "env",
        "printenv",
        "hostname",
        "nproc",
        "lscpu",
        "lsblk",
        "ping",
        "dig",
        "nslookup",
        "host",
        "journalctl",
        "squeue",
        "sacct",
        "sinfo",
    ]
)
_LOOK_SUB = {
    "git": {"status", "log", "diff", "show", "branch", "fetch"},
    "kubectl": {"get", "describe", "logs", "top"},
    "docker": {"ps", "logs", "inspect", "images"},
    "systemctl": {"status", "is-active", "is-enabled"},
    "tmux": {"ls", "list-sessions", "capture-pane"},
}
_WRAPPERS = frozenset(["sudo", "time", "nice", "nohup", "command", "exec"])
_SEGMENTS = re.compile(r"&&|\|\||;|\|")
_ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


def _looks(command: str, depth: int = 0) -> bool:
    """True when every command of a shell line only waits or reads (`ssh host …` is read through)."""
    parts = [p.strip() for p in _SEGMENTS.split(command) if p.strip()]
    if not parts or ">" in command:
        return False
    for part in parts:
        words = [w.strip("'\"") for w in part.split()]
        while words and (_ASSIGN.match(words[0]) or words[0] in _WRAPPERS):
            words = words[1:]
        if words and words[0] == "timeout":
            words = words[2:]
        if not words:
            return False
        prog = words[0].rsplit("/", 1)[-1]
        if prog == "ssh" and depth < 2:
            rest = [w for w in words[1:] if not w.startswith("-")]
            if len(rest) < 2 or not _looks(" ".join(rest[1:]), depth + 1):
                return False
            continue
        if prog in _LOOK_SUB:
            if len(words) < 2 or words[1] not in _LOOK_SUB[prog]:
                return False
            continue
        if prog not in _LOOK:
            return False
    return True


def is_wait_or_look(step: Step) -> bool:
    """A step that only waits or reads: it cannot be what fixed an error."""
    tool = step.tool.lower()
    if tool in _READ_TOOLS:
        return True
    return tool in _SHELL_TOOLS and _looks(step.input)


_WORD = re.compile(r"[A-Za-z0-9][\w.+-]*|[\u3040-\u30ff\u3400-\u9fff]+")
_AGAIN = re.compile(
    r"(?i)\b(?:again|retry|retried|rerun|re-run|once more|same)\b|もう一度|再実行|再度|やり直"
)
_CLAUSE = re.compile(r"[,;:()、，。]|\s+(?:with|but|using|this time|and this time)\s+")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def is_retry_of(later: Task, failed: Task) -> bool:
    """The later request is the failed one asked again: it names the failed one's values, or says so."""
    asked, before = _words(later.intent), _words(failed.intent)
    values = {w for w in before if any(c.isdigit() for c in w)}
    if values and values <= asked:
        return True
    said = bool(_AGAIN.search(later.intent))
    return said and (bool(values & asked) or len(asked & before) * 2 >= len(before))


def stated_change(later: Task, failed: Task) -> str:
    """What the retry's request says is different ("batch 2 + grad accumulation 8"); '' when nothing."""
    if not is_retry_of(later, failed):
        return ""
    before = _words(failed.intent)
    out = []
    for clause in _CLAUSE.split(later.intent):
        words = {w for w in _words(_AGAIN.sub(" ", clause))}
        if words and len(words & before) * 2 < len(words):
            out.append(" ".join(clause.split()))
    return ", ".join(out)


def changed_argument(ok_step: Step, failed_step: Step, ok: Task, failed: Task) -> bool:
    """The retry ran the same step with different arguments (the failed task's version did not work)."""
    return is_retry_of(ok, failed) and " ".join(ok_step.input.split()) != " ".join(failed_step.input.split())
