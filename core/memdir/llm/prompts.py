"""Prompts live as Markdown files in `prompts/`; `load_prompt(name)` returns (system, user template)."""

from __future__ import annotations

import os
from pathlib import Path

from memdir.errors import ConfigError

# core/memdir/llm/prompts.py -> the checkout's top-level prompts/ folder
PROMPTS_DIR = Path(__file__).resolve().parents[3] / "prompts"
_SPLIT = "\n---user---\n"


def prompts_dir() -> Path:
    """The prompts folder (MEMDIR_PROMPTS_DIR overrides the one shipped beside the package)."""
    return Path(os.environ.get("MEMDIR_PROMPTS_DIR") or PROMPTS_DIR)


def load_prompt(name: str) -> tuple[str, str]:
    """(system text, user template) of `prompts/<name>.md`, split at a `---user---` line."""
    if not name.replace("_", "").isalnum():
        raise ConfigError(f"invalid prompt name {name!r}")
    path = prompts_dir() / f"{name}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read prompt {path}: {exc.strerror}") from None
    if _SPLIT not in text:
        raise ConfigError(f"prompt {path} has no '---user---' line")
    system, user = text.split(_SPLIT, 1)
    return system.strip(), user.strip()


def render(template: str, **values: str) -> str:
    """Fill `{{name}}` slots (no other braces are touched, so JSON examples stay intact)."""
    out = template
    for key, value in values.items():
        out = out.replace("{{" + key + "}}", value)
    return out
