"""A call of the memory itself is no step of the task's work (trial 26 #3).

An agent that looks in its memory before it works (`search_memory: cert submission switch`, memdir's own
`search` or `context` over MCP as `mcp__memdir__search`, or `memdir search …` in a shell) does so for every
task; kept, it became step 1 of the procedure the memory then holds, a note telling the agent to read the
note. Decided by the tool's form, never by the task: a tool whose name says `memdir`, or says `memory` with
only the verbs of memdir's own tools beside it (docs/mcp.md: search, read_note, context, list_review,
add_episode, log_event, feedback; `search_memory`, `memory_search`, `read_memory`), or a shell call that
runs `memdir`. `check_memory` or `memory_profile` are other work and stay.
"""

from __future__ import annotations

import re

_VERBS = frozenset(
    {
        "search",
        "read",
        "note",
        "context",
        "list",
        "review",
        "add",
        "episode",
        "log",
        "event",
        "feedback",
        "recall",
    }
)
_SHELL = frozenset({"bash", "shell", "sh", "terminal", "run_command", "execute_command", "exec"})
_MCP = frozenset({"mcp", "tool", "tools"})


def memory_call(tool: str, text: str = "") -> bool:
    """True when the call `tool` (its input `text`) is the agent reading or writing its memory (module doc)."""
    parts = [p for p in re.split(r"[^a-z0-9]+", tool.lower()) if p]
    if "memdir" in parts:
        return True
    if "memory" in parts:
        rest = [p for p in parts if p != "memory" and p not in _MCP]
        return bool(rest) and all(p in _VERBS for p in rest)
    return tool.lower() in _SHELL and text.lstrip().startswith("memdir ")
