"""What a note takes from a pasted log: the lines that matter, how much was left out, where the rest is.

`memdir episode add -` invites a long paste (a 120 kB log never meets the shell's argument limit).
Read whole, such an episode made a lesson whose "What failed" was one 135,000-character bullet (the
log's lines read as one hard-wrapped sentence) and a knowledge note holding the same 135 kB again
(trial 14). The daily run therefore reads an episode through `condense`: each run of 20 or more
log-like lines (lines that repeat one shape once digits are set aside: timestamps, counters, PIDs; not a list
or a table a person wrote)
keeps its first line, its error lines (`error`, `fail`, `fatal`, `exception`, `timed out`, エラー,
失敗, 異常, タイムアウト, …) one per shape up to five, and its last line, and then one line that
says how many lines (and bytes) were left out and that the full text is in the episode. Prose, a
list of steps and a short log are read as they are. The episode file itself is never changed.
"""

from __future__ import annotations

import re
from collections import Counter

MIN_RUN = 20  # consecutive non-blank lines before a run counts as a pasted log
MAX_ERRORS = 5  # error lines kept, one per shape
SHAPE_CHARS = 24  # a log line's shape: its start, digits set aside
_DIGITS = re.compile(r"\d+")
_HEX = re.compile(r"\b[0-9a-f]{6,}\b", re.I)
_ERROR = re.compile(
    r"\b(?:error|err|errors|fail(?:ed|ure|s)?|fatal|critical|crit|exception|panic|traceback|denied|"
    r"refused|timed? ?out|timeout|abort(?:ed)?|unable|cannot|can't|no space|not found)\b"
    r"|エラー|失敗|異常|タイムアウト|拒否|できません|見つかりません|不足",
    re.I,
)


_LISTED = re.compile(r"^\s*(?:[-*+]\s|\d{1,3}[.)]\s|\|)")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# the line `condense` writes after a log it cut (English or Japanese)
OMITTED = re.compile(r"^(?:\(… [\d,]+ more log lines \(|（ログの残り [\d,]+ 行)")


def _japanese(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum(bool(_CJK.match(c)) for c in letters) * 2 >= len(letters)


def excerpt_lines(text: str) -> set[int]:
    """Indexes of the lines `condense` wrote for a cut log: the kept log lines and the line after them
    saying what was left out. Each is a line of its own, never a sentence wrapped over two."""
    lines = text.split("\n")
    out: set[int] = set()
    for k, line in enumerate(lines):
        if not OMITTED.match(line.strip()):
            continue
        out.add(k)
        j = k - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        while j >= 0 and lines[j].strip():
            out.add(j)
            j -= 1
    return out


def excerpt_texts(text: str) -> tuple[set[str], set[str]]:
    """(every line `condense` wrote for a cut log, the kept error lines among them), stripped."""
    lines = text.split("\n")
    kept = {lines[k].strip() for k in excerpt_lines(text)}
    return kept, {ln for ln in kept if _ERROR.search(ln) and not OMITTED.match(ln)}


def _shape(line: str) -> str:
    return _DIGITS.sub("0", _HEX.sub("h", line.strip()))[:SHAPE_CHARS]


def _error_shape(line: str) -> str:
    return _DIGITS.sub("0", _HEX.sub("h", line.strip()))


def is_log_run(lines: list[str]) -> bool:
    """A run of lines pasted from a log: long, and most of it repeats a few shapes."""
    if len(lines) < MIN_RUN or sum(bool(_LISTED.match(ln)) for ln in lines) * 2 >= len(lines):
        return False  # short, or a list or a table a person wrote: read as it is
    shapes = Counter(_shape(ln) for ln in lines)
    repeated = sum(n for n in shapes.values() if n > 1)
    return repeated * 2 >= len(lines)


def _kept(lines: list[str]) -> list[str]:
    """The first line, up to MAX_ERRORS error lines of distinct shapes, and the last line."""
    keep = [0]
    seen: set[str] = set()
    for i, ln in enumerate(lines):
        if len(seen) >= MAX_ERRORS:
            break
        if _ERROR.search(ln) and (s := _error_shape(ln)) not in seen:
            seen.add(s)
            keep.append(i)
    keep.append(len(lines) - 1)
    return [lines[i] for i in sorted(set(keep))]


def _omitted(n: int, size: int, episode_id: str, ja: bool) -> str:
    where = f"`{episode_id}`" if episode_id else "the episode"
    if ja:
        return f"（ログの残り {n:,} 行（{size:,} バイト）を省略、全文は {where} にある）"
    return f"(… {n:,} more log lines ({size:,} bytes) left out; the full text is in {where}.)"


def condense(text: str, episode_id: str = "") -> str:
    """The text with each pasted log run cut to the lines that matter and a line on what was left out."""
    lines = text.split("\n")
    runs: list[tuple[list[str], bool]] = []  # (lines, a pasted log?)
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and lines[j].strip() and not lines[j].lstrip().startswith(("```", "~~~")):
            j += 1
        if j == i:  # a blank line or a fence line
            runs.append(([lines[i]], False))
            i += 1
            continue
        runs.append((lines[i:j], is_log_run(lines[i:j])))
        i = j
    if not any(log for _, log in runs):
        return text
    ja = _japanese("\n".join(ln for run, log in runs if not log for ln in run))  # the note's language
    out: list[str] = []
    for run, log in runs:
        if not log:
            out += run
            continue
        kept = _kept(run)
        size = len("\n".join(run).encode("utf-8", "surrogatepass")) - len(
            "\n".join(kept).encode("utf-8", "surrogatepass")
        )
        out += [*kept, "", _omitted(len(run) - len(kept), size, episode_id, ja)]
    return "\n".join(out)


def cut_lines(lines: list[str], episode_id: str = "", ja: bool = False) -> list[str]:
    """A long run of lines as `condense` cuts a log: its first line, error lines, last line, and a line
    on what was left out (a fenced block in a lesson, `lesson_units.py`)."""
    kept = _kept(lines)
    size = len("\n".join(lines).encode("utf-8", "surrogatepass")) - len(
        "\n".join(kept).encode("utf-8", "surrogatepass")
    )
    return [*kept, _omitted(len(lines) - len(kept), size, episode_id, ja)]


def has_error_line(text: str) -> bool:
    """True when a line of text says error, fail, exception, traceback, … (a log's or a trace's)."""
    return bool(_ERROR.search(text))
