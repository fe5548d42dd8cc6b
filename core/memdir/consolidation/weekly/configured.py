"""A credential a call passed is no argument of the procedure's step: the agent authenticates as configured.

The week's events are masked before the run reads them, so a call's credential reaches a step as
`headers.Authorization=Bearer [REDACTED]` or `api_key=[REDACTED]` (trial 29 re-check N5). Masked, it is safe,
but written as an argument it tells an agent to send the literal `[REDACTED]`: a slot it cannot fill from the
note, and no placeholder says where the value comes from. The written step line (the note's, and a merge candidate's;
the draft's steps that titles and placement read stay as found) leaves such an argument out of its code and says
instead what the call needs: ``stripe_refund: `payment_intent=pi_{pi} amount={amount}` —
authenticate as configured (headers.Authorization: Bearer); memory keeps no credential``. The scheme word
(`Bearer`, `Basic`, `token`) stays, since it says which credential the agent's configuration must give.

An argument is a credential here when its whole value is the mask, after at most one scheme word; a mask inside
a longer value (`postgres://app:[REDACTED]@db/x`) keeps its place, since the rest of the value is the step's.
Whether a task followed such a step is read without those arguments on both sides (`follows.py`), so a note
written before this change, with the masked argument in its code, is followed by the same calls.
"""

from __future__ import annotations

import re

MASKS = ("[REDACTED]", "<redacted>")
# `key=` (a nested key written flat, `headers=Authorization=`, or keyed, `headers.Authorization=`), then at
# most one scheme word, then the mask, as a whole token
_ARG = re.compile(
    r"(?<!\S)(?P<key>[^\s=`]+(?:=[^\s=`]+)*?)=(?P<scheme>[A-Za-z][A-Za-z0-9._-]{0,40} )?"
    r"(?:\[REDACTED\]|<redacted>)(?!\S)"
)


def without_credentials(text: str) -> tuple[str, list[tuple[str, str]]]:
    """`text` without its masked credential arguments, and each one left out as (key path, scheme word)."""
    found: list[tuple[str, str]] = []

    def drop(m: re.Match[str]) -> str:
        found.append((m.group("key").replace("=", "."), (m.group("scheme") or "").strip()))
        return ""

    out = _ARG.sub(drop, text)
    return (" ".join(out.split()) if found else text), found


_CODE = re.compile(r"(`+)( ?)(.+?)\2\1")


def as_configured(line: str) -> str:
    """A written step line with its masked credential arguments left out of its code and said instead after it
    (module doc); `line` itself when it has none. Only the note's written line: every reader of the draft's steps
    (titles, placement) reads them as the run found them."""
    found: list[tuple[str, str]] = []

    def fix(m: re.Match[str]) -> str:
        text, dropped = without_credentials(m.group(3))
        if not dropped:
            return m.group(0)
        found.extend(dropped)
        if not text.strip():
            return ""
        ticks = "``" if "`" in text else "`"
        pad = " " if ticks == "``" else ""
        return f"{ticks}{pad}{text}{pad}{ticks}"

    out = _CODE.sub(fix, line)
    if not found:
        return line
    out = re.sub(r"(:)\s*(?=$| —)", r"\1", " ".join(out.split())).rstrip(":")
    return f"{out} — {configured_note(found)}"


def configured_note(found: list[tuple[str, str]]) -> str:
    """What the step says in place of the arguments left out: '' when none was."""
    if not found:
        return ""
    said = ", ".join(f"{key}: {scheme}" if scheme else key for key, scheme in dict.fromkeys(found))
    return f"authenticate as configured ({said}); memory keeps no credential"


__all__ = ["MASKS", "as_configured", "configured_note", "without_credentials"]
