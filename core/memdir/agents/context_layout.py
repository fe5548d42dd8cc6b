"""Context layout: how the entries of the context block are shown within a token budget.

`layout` spends the budget in passes over the entries in order: every entry's path first (one whose path
does not fit is skipped, and a bigger budget never shows fewer entries, trial 22), then their description
lines, then their bodies (an excerpt: no title heading, no provenance lines, cut at a line end). Tokens are
estimated, not counted with a tokenizer: one token per CJK character (kana, kanji, hangul) and one per four
other characters.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029\x85]")
_CJK = re.compile(r"[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")


def estimate_tokens(text: str) -> int:
    """Estimated tokens: 1 per CJK character, 1 per 4 other characters (rounded up)."""
    cjk = len(_CJK.findall(text))
    return cjk + math.ceil((len(text) - cjk) / 4)


PATH_ONLY, LINE, BODY = 0, 1, 2  # what an entry shows: its path, its description line, its body


@dataclass
class ContextItem:
    """One entry of the context block."""

    path: str
    description: str
    confidence: float | None
    body: str

    def render(self, with_body: bool, max_body: int, describe: bool = True) -> str:
        """Markdown for this entry: a bullet line (its path, confidence and, with describe, its description),
        then (optionally) the body indented."""
        conf = f" (confidence {self.confidence:.2f})" if self.confidence is not None else ""
        desc = f": {self.description}" if self.description and describe else ""
        line = f"- `{_inline(self.path)}`{conf}{_inline(desc)}\n"
        if not with_body or not self.body:
            return line
        body = _excerpt(self.body, max_body)
        if not body or body.strip(" …") in self.description:
            return line
        return line + "".join(f"  {ln}\n" if ln.strip() else "\n" for ln in body.splitlines())


def _inline(text: str) -> str:
    """Text safe inside one Markdown line: a file name with a newline cannot start a heading of its own."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}", text).replace("`", "'")


# Provenance, tool list, value counts: no step, dropped so a budget cuts a placeholder's legend last (trial 21).
_PROVENANCE = re.compile(
    r"^(?:Distilled \(\w+\) from \d+ successful tasks in the activity log\b|Tools used: )"
)
_SEEN = re.compile(r", different between the tasks \(\d+ values seen\)")


def _excerpt(body: str, max_chars: int) -> str:
    """The body without its title heading, provenance lines and blank runs, cut at a line end near max_chars."""
    lines = [
        _SEEN.sub("", ln.rstrip()) for ln in body.strip().splitlines() if not _PROVENANCE.match(ln.strip())
    ]
    if lines and lines[0].startswith("#"):  # the title heading repeats the description
        lines = lines[1:]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines).strip())
    if len(text) <= max_chars:
        return text
    cut = text[:max_chars]
    nl = cut.rfind("\n")
    cut = cut[:nl] if nl > max_chars // 2 else cut
    kept = cut.rstrip().splitlines()
    while len(kept) > 1 and (kept[-1].startswith("#") or not kept[-1].strip()):  # no heading left bare
        kept.pop()
    return "\n".join(kept).rstrip() + " …"


@dataclass
class Section:
    """A heading and its entries, in the order they matter."""

    title: str
    items: list[ContextItem]
    max_body: int


def _shown(item: ContextItem, level: int, max_body: int) -> str:
    return item.render(level >= BODY, max_body, describe=level >= LINE)


def _greedy_paths(costs: list[tuple[int, int]], head_costs: list[int], budget: int) -> tuple[list[int], int]:
    """The entries whose paths fit in order, skipping one that does not (its section heading counted with its
    first entry): (their indexes, the tokens they use)."""
    placed: list[int] = []
    used = 0
    opened: set[int] = set()
    for n, (s_i, cost) in enumerate(costs):
        cost += 0 if s_i in opened else head_costs[s_i]
        if used + cost <= budget:
            used += cost
            opened.add(s_i)
            placed.append(n)
    return placed, used


def _paths_placed(costs: list[tuple[int, int]], head_costs: list[int], budget: int) -> tuple[list[int], int]:
    """The entries whose paths are shown: in order, an entry whose path does not fit is skipped and the next
    ones tried (a 180-byte Japanese path, about 90 tokens, no longer hides a short one after it, trial 22
    re-check N5). Skipping alone is not monotone (a long first path that fits at budget 100 crowds out three
    short ones shown at 90), so a budget shows the layout of the largest budget up to it that places the most
    entries: a bigger budget never shows fewer."""
    placed, used = _greedy_paths(costs, head_costs, budget)
    if len(placed) == len(costs):
        return placed, used
    best, best_used = placed, used
    smaller = used - 1  # every budget from `used` to `budget` places the same entries: try below it
    while smaller >= 0:
        tried, tried_used = _greedy_paths(costs, head_costs, smaller)
        if len(tried) > len(best):
            best, best_used = tried, tried_used
        smaller = tried_used - 1
    return best, best_used


def layout(sections: list[Section], budget: int) -> tuple[str, set[str]]:
    """Render sections within budget tokens, in three passes over the entries in order: each entry's path
    (`_paths_placed`: one that does not fit is skipped, and a bigger budget never shows fewer), then its
    description line, then its body, each with what the passes before left. A bigger budget never shows
    fewer entries (a greedy first-come body ate the room of the next ones: budget 150 showed three, 200
    two, trial 22), and a relevant note whose line does not fit still shows its path."""
    heads = [f"\n### {sec.title}\n" for sec in sections]
    entries = [(s_i, item) for s_i, sec in enumerate(sections) for item in sec.items]
    costs = [(s_i, estimate_tokens(_shown(item, PATH_ONLY, 0))) for s_i, item in entries]
    chosen, used = _paths_placed(costs, [estimate_tokens(h) for h in heads], budget)
    placed = [entries[n] for n in chosen]
    levels = [PATH_ONLY] * len(placed)
    for level in (LINE, BODY):
        for n, (s_i, item) in enumerate(placed):
            max_body = sections[s_i].max_body
            extra = estimate_tokens(_shown(item, level, max_body)) - estimate_tokens(
                _shown(item, levels[n], max_body)
            )
            if used + extra <= budget:
                used += extra
                levels[n] = level
    out: list[str] = []
    for n, (s_i, item) in enumerate(placed):
        if n == 0 or placed[n - 1][0] != s_i:
            out.append(heads[s_i])
        out.append(_shown(item, levels[n], sections[s_i].max_body))
    return "".join(out), {item.path for _, item in placed}
