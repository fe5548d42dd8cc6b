"""An episode's sentences as a daily lesson reads them: hard-wrapped lines joined, list items, headings, chat
turns and fenced blocks each their own (`sentences`), the items or paragraph a label line stands over
(`items_under`), and whether a text is Japanese. Moved out of `lesson_text.py` (its 400-line limit) unchanged."""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_units import block_text, fenced, with_figures
from memdir.consolidation.daily.long_paste import excerpt_lines
from memdir.consolidation.daily.sentence_ends import split_sentences
from memdir.runs.redact import redact_text

# A lesson's label in German, French and Spanish, the forms of "Lesson learned:" ("Gelernt:", "Lektion gelernt:",
# "Merke:", "Lehre daraus:", "Leçon retenue :", "À retenir :", "Lección aprendida:", "Lo aprendido:"): a bounded list
# (docs/daily.md "Lessons in other languages"); a label only (the word before a colon), never the word in a sentence.
EU_LABELS = (
    r"(?:(?:lektion|lehre|erkenntnis) gelernt|gelernt|gelernte lektion|lehren?(?: daraus)?|merke|erkenntnis|"
    r"le[çc]ons? (?:apprises?|retenues?)|[àa] retenir|ce que j'ai appris|enseignements?|"
    r"lecci(?:[óo]n|ones) aprendidas?|lo aprendido|aprendizajes?|moraleja)"
)

_SENT = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])\s*|\n+")
ITEM = re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+|#+\s+|[・•]\s*)")
# A line that is only a label over what follows ("Lessons learned:", "Next time I will:", 「6. 教訓」).
LABEL_LINE = re.compile(
    r"(?i)^\s*(?:#+\s*|\d+[.)]\s*|[-*+・•]\s*)?[\[【(（]?\s*(?:lessons? learned|lessons?|takeaways?|"
    r"action items|what we(?:'d| would) change|(?:so )?next time,?(?: (?:i|we)(?: will|'ll))?|"
    rf"{EU_LABELS}|教訓|学び|反省点?|再発防止策?|今後の対策|次回から(?:は)?)\s*[\]】)）]?\s*[:：]?\s*$"
)
# A line that opens a new part of the episode (a heading, 【見出し】, a short numbered heading).
# A chat turn opens its own sentence ("**priya:** …", "**佐藤**: …", "[09:12] Ken: …"), never joined to the last.
TURN = re.compile(r"^\s*(?:\*\*[^*\n]{1,24}\*\*\s*[:：]?|\[\d{1,2}:\d{2}(?::\d{2})?\])")
HEAD_LINE = re.compile(r"^\s*(?:#+\s+.+|【[^】]+】\s*|\d+[.)]\s*\S{1,12}\s*|.{1,40}[:：])\s*$")


def _join(lines: list[str]) -> str:
    """One paragraph's hard-wrapped lines as one text (no space between CJK lines)."""
    out = ""
    for line in lines:
        line = line.strip()
        cjk_edge = out and _is_cjk(out[-1]) and _is_cjk(line[:1])
        out = f"{out}{'' if cjk_edge or not out else ' '}{line}"
    return out


def _is_cjk(ch: str) -> bool:
    return bool(ch) and bool(re.match(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]", ch))


def sentences(text: str, units: bool = False) -> list[str]:
    """Sentences of an episode: wrapped lines joined, list items and headings their own (markers stripped).
    With `units` (a lesson's reading, trial 16): a fenced code block is one unit, kept as a block; a line
    after a chat turn starts a sentence of its own unless it wraps it (lowercase); a bare figure after a
    full stop stays with its sentence."""
    blocks: list[list[str]] = []
    code: dict[int, str] = {}  # block index -> a fenced block, whole (`lesson_units.block_text`)
    closed = turn = False  # the line before was a label or a heading: it is never joined to what follows
    logged = excerpt_lines(text)  # a cut log's lines (long_paste.py) are each their own
    lines = text.splitlines()
    fences = fenced(lines) if units else {}
    k = 0
    while k < len(lines):
        line = lines[k]
        if k in fences:
            code[len(blocks)] = block_text(lines[k : fences[k] + 1])
            blocks.append([])
            k, closed, turn = fences[k] + 1, True, False
            continue
        wraps = not turn or line.lstrip()[:1].islower()
        if not line.strip():
            blocks.append([])
        elif ITEM.match(line) or TURN.match(line) or not blocks or closed or k in logged or not wraps:
            blocks.append([ITEM.sub("", line)])
        else:
            blocks[-1].append(line)
        closed = bool(LABEL_LINE.match(line) or HEAD_LINE.match(line)) or k in logged
        turn = units and bool(line.strip()) and (bool(TURN.match(line)) or (turn and wraps))
        k += 1
    out = []
    for i, block in enumerate(blocks):
        pieces = _unquoted(split_sentences(_SENT, _join(block)))
        out += [code[i]] if i in code else with_figures(pieces) if units else pieces
    return out


_PAIRS = (("「", "」"), ("『", "』"), ("“", "”"))


def _unquoted(pieces: list[str]) -> list[str]:
    """A quote holding whole sentences (「反省：…しなかった。今後は…する。」) read as the sentences it holds: its opening
    bracket off the first, its closing one off the last, so no sentence keeps half a pair (trial 27 #7)."""
    out = list(pieces)
    for i, p in enumerate(out):
        for a, b in _PAIRS:
            if not (p.startswith(a) and p.count(a) > p.count(b)):
                continue
            j = next((j for j in range(i + 1, len(out)) if out[j].count(b) > out[j].count(a)), None)
            if j is None:
                continue
            out[i] = p[len(a) :]
            k = out[j].rfind(b)
            out[j] = out[j][:k] + out[j][k + 1 :]
    return [p for p in out if p.strip(" 。.、,")]


def items_under(text: str, label: str) -> list[str]:
    """The sentences a label line stands over: the list right under it (one kind of marker), or the
    paragraph under it; at most 6."""
    lines = text.splitlines()
    at = next((k for k, line in enumerate(lines) if label in ITEM.sub("", line)), None)
    if at is None:
        return []
    rest = lines[at + 1 :]
    while rest and not rest[0].strip():
        rest = rest[1:]
    out: list[str] = []
    first = ITEM.match(rest[0]) if rest else None
    if first:
        kind = _marker_kind(first.group(0))
        for line in rest:
            m = ITEM.match(line)
            if m and _marker_kind(m.group(0)) == kind:
                out.append(ITEM.sub("", line).strip())
            elif line.strip() and out and line[:1] in (" ", "\t"):
                out[-1] = _join([out[-1], line])  # a wrapped item
            else:
                break
    else:
        para: list[str] = []
        for line in rest:
            if not line.strip() or LABEL_LINE.match(line) or HEAD_LINE.match(line):
                break
            para.append(line)
        out = split_sentences(_SENT, _join(para))
    return [redact_text(t) for t in out if t][:6]


def _marker_kind(marker: str) -> str:
    """`-`, `1.`, `・` … as a kind: a numbered section after a bullet list is not one of its items."""
    m = marker.strip()
    return "number" if m[:1].isdigit() else m[:1]


def is_japanese(text: str) -> bool:
    """True when most letters are Japanese (the lesson's own sentences are then in Japanese)."""
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum(_is_cjk(c) for c in letters) * 2 >= len(letters)
