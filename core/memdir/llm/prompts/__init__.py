"""The model prompts ship inside the package (`memdir/llm/prompts/*.md`) and load through importlib.resources.

`load_prompt(name)` returns (system text, user template), split at a `---user---` line. A folder
named by `MEMDIR_PROMPTS_DIR` replaces the shipped prompts (to try a wording without reinstalling);
a prompt missing from that folder is an error, never a silent fall back to the shipped one.
"""

from __future__ import annotations

import os
import re
from importlib import resources
from pathlib import Path

from memdir.errors import ConfigError

PROMPT_NAMES = ("daily_route", "weekly_distill")
_SPLIT = "\n---user---\n"


def prompts_dir() -> Path | None:
    """The override folder from MEMDIR_PROMPTS_DIR, or None for the prompts shipped in the package."""
    value = os.environ.get("MEMDIR_PROMPTS_DIR")
    return Path(value) if value else None


def _read(name: str) -> tuple[str, str]:
    """(where the prompt came from, its text)."""
    folder = prompts_dir()
    if folder is not None:
        path = folder / f"{name}.md"
        try:
            return str(path), path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            raise ConfigError(f"cannot read prompt {path} (MEMDIR_PROMPTS_DIR): {reason}") from None
    resource = resources.files(__name__).joinpath(f"{name}.md")
    try:
        return f"memdir/llm/prompts/{name}.md", resource.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:  # a broken install: the package lacks its data files
        raise ConfigError(f"cannot read the shipped prompt memdir/llm/prompts/{name}.md: {exc}") from None


def load_prompt(name: str) -> tuple[str, str]:
    """(system text, user template) of the prompt `name`, split at its `---user---` line."""
    if not name.replace("_", "").isalnum():
        raise ConfigError(f"invalid prompt name {name!r}")
    where, text = _read(name)
    text = text.replace("\r\n", "\n")
    if _SPLIT not in text:
        raise ConfigError(f"prompt {where} has no '---user---' line")
    system, user = text.split(_SPLIT, 1)
    return system.strip(), user.strip()


def render(template: str, **values: str) -> str:
    """Fill `{{name}}` slots (no other braces are touched, so JSON examples stay intact).

    Slots are filled in one pass, so a value that itself contains `{{name}}` (an episode quoting
    a template) is never expanded again.
    """

    def fill(m: re.Match[str]) -> str:
        key = m.group(1)
        return values[key] if key in values else m.group(0)

    return re.sub(r"\{\{([a-z_]+)\}\}", fill, template)
