"""What a daily lesson is made of besides prose sentences (trial 16): a fenced code block, kept whole as a
code block (a long one cut like a pasted log, `long_paste.py`), never flattened into one sentence with a
stray fence at its end; a figure left after a full stop (「…出なくなった。top1 77.4%。」) kept with the
sentence it belongs to, never an orphan; a remedy told as an act or an outcome ("Rotated both keys the
same afternoon.", "relaunched from epoch 39, fine now", 「再実行したら通った」); a positive item of a
retrospective (Keep:, 良かった点：, What went well:), which never goes under "What failed".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memdir.consolidation.daily.long_paste import cut_lines, has_error_line

FENCE = re.compile(r"^\s*(?:```|~~~)")
MAX_BLOCK = 15  # lines of a fenced block a lesson keeps whole (fences included); longer ones are cut
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_KANA = re.compile(r"[\u3040-\u309f]")

# What was done about it, told as an act in the past that opens the sentence (after a chat speaker):
# "Rotated both keys …", "we relaunched from epoch 39", "Rolled back to 2.3"; 「鍵をローテーションした。」
ACTED = re.compile(
    r"(?i)^(?:\*\*[^*\n]{1,24}\*\*\s*[:：]?\s*|\[\d{1,2}:\d{2}\]\s*(?:\w+:\s*)?)?(?:(?:we|i|they|he|she)\s+|then\s+)?"
    r"(?:rotated|revoked|relaunched|restarted|reran|re-ran|rebooted|rebuilt|redeployed|reinstalled|resubmitted|"
    r"reconnected|reconfigured|regenerated|reissued|restored|re-?attached|rolled back|reverted|replaced|"
    r"swapped|switched|patched|bumped|lowered|raised|increased|reduced|deleted|removed|cleared|freed|purged|"
    r"disabled|enabled|upgraded|downgraded|pinned|renewed|reset|unblocked|killed|blocked|unlocked|banned|"
    r"quarantined|isolated|firewalled|thawed|lagged|insulated|tightened|re-?tensioned|trued|greased|oiled|"
    r"lubricated|unclogged|flushed|bled|resealed|sealed|repaired|re-?seated|refilled|recharged|rewired)\b"
)
# A thing done again, the repair itself: "re-exported with the v2 template", "we re-sent it", German "neu exportiert",
# "erneut gesendet"; 「v2テンプレートで再出力した」「送り直した」 (trial 23 #8: read as what failed). Not a recurrence
# (「再発した」「再び」「再度」) and not a word that only starts with "re" ("reported", "received").
REDONE = re.compile(
    r"(?i)\bre-(?:[a-z]{2,}ed|sent|ran|run|did|done|wrote|written|made|built|drew|took|taken|bought|told|set|put)\b|"
    r"\b(?:erneut|neu|nochmal|noch einmal)\s+(?:\w+\s+){0,2}?(?:(?:ge|be|ver|er|ent|zer)[a-zäöüß]{2,}(?:t|en)|[a-zäöüß]{2,}iert)\b|"
    r"再(?!発|び|度|来|三|々)[\u3400-\u9fff\u30a0-\u30ff]{1,6}(?:した|しました|して|したら|し、)|"
    r"[\u3040-\u309f\u3400-\u9fff]直(?:した|しました|して|したら)"
)
# It is fine now: "fine now", "works again", "back to normal", 「再実行したら通った」「今は問題ない」.
_FINE_NOW = re.compile(
    r"(?i)\b(?:fine|ok|okay|stable|green|working|works|passing|healthy|back up|back to normal) (?:now|again)\b|"
    r"\b(?:that|this|it|which) worked\b|\bback (?:on|up|online|to normal|at \d|by \d|\d)|"
    r"\b(?:service|power|heating|water|supply|access) (?:was |is )?restored\b|"
    r"\bworked (?:fine|perfectly|like a charm)\b|"
    r"(?:したら|して|で)(?:通った|通りました|動いた|動きました|治った|安定した)|今は問題(?:ない|なし|ありません)|"
    r"(?:出る|使える|つく|点く|動く|流れる|映る|入る|開く|閉まる|効く|聞こえる|つながる|繋がる|届く|止まる)ように(?:なった|なりました)|(?:お湯|水|電気|暖房|電源)が(?:戻った|戻りました)"
)
# A retrospective's positive item (KPT's Keep, 良かった点): what went well is no failure.
POSITIVE = re.compile(
    r"(?i)^\s*(?:keep|good|wins?|positives?|went well|what went well|what worked(?: well)?|kudos)\s*[:：]|"
    r"^\s*(?:良かった|よかった|うまくいった|上手くいった)(?:点|こと)?\s*[:：]|^\s*(?:Keep|継続)\s*[（(]?[^:：]{0,8}[:：]"
)


# A clause that tells the failure is gone, after the clause that tells it: "…; tightened it, no more drip",
# 「…締め直したら、水漏れが止まった」「…交換して直った」 (trial 21 re-check N3).
_GONE = re.compile(
    r"(?i)\bno more (?!than\b)[\w-]+|\b(?:that|which) (?:fixed|solved|sorted) it\b|"
    r"(?:直|治)(?:った|りました)|解消(?:した|しました|された)|"
    r"(?:漏れ|水漏れ|雨漏り|水滴|異音|エラー|臭い|におい|音)が(?:止まった|止まりました|なくなった|なくなりました|消えた)"
)
_CLAUSE = re.compile(r"\s*[;；,、]\s*|\s+(?:and then|then|and|so)\s+")


def fixed_later(s: str, failed: Callable[[str], bool]) -> bool:
    """A sentence that tells the failure or its cause and then, in a later clause, the fix (an act done, or the
    failure gone), with no new failure after it: "Found a loose washer …; tightened it, no more drip." (it may
    name the cause; "Reset the breaker, tripped again" is no fix)."""
    parts = [p for p in _CLAUSE.split(s) if p.strip()]
    k = next((k for k in range(1, len(parts)) if _fixes(parts[k])), 0)
    return bool(k) and not any(failed(c) and not _fixes(c) for c in parts[k:])


_UNTIL = re.compile(
    r"(?i)\buntil\b|\btill\b|まで"
)  # "… got timeouts until we scaled it back up": how long it failed


def _fixes(c: str) -> bool:
    return not _UNTIL.search(c) and bool(
        ACTED.search(c.strip()) or _FINE_NOW.search(c) or _GONE.search(c) or REDONE.search(c)
    )


_CONNECTIVE = re.compile(
    r"(?i)(?:\s*[,;；、]?\s*(?:and then|then|and|so|but))+$|(?:ので|から|ため|けど|が|て|で)$"
)


def repaired(s: str) -> str | None:
    """What a repair was done for, when the sentence tells it before the fix ("The export dropped the VAT line
    again; re-exported it" -> "The export dropped the VAT line again", 「…消えていたので、再出力した」 -> 「…消えていた」);
    None when the sentence opens with the fix."""
    cut = _repair_cut(s)
    return cut[0] if cut else None


def repair_part(s: str) -> str | None:
    """The repair itself, when the sentence tells what it was done for first ("The export dropped the VAT line
    again; re-exported it" -> "re-exported it", 「…消えていたので、再出力した」 -> 「再出力した」): what worked,
    without the failure (trial 23 re-check #8: the whole sentence was listed again under "What worked instead")."""
    cut = _repair_cut(s)
    return cut[1] if cut and not _BACK.search(cut[1]) else None  # "replaced it": the sentence names what


# A repair that names what it mended only by a pronoun ("replaced it", "re-trued it", 「それを交換した」) needs
# the clause before it: the sentence stays whole.
_BACK = re.compile(r"(?i)^(?:\S+\s+){0,2}?(?:it|them|es|ihn)\b|^(?:それ|これ|あれ)")


def _repair_cut(s: str) -> tuple[str, str] | None:
    """(what the repair was done for, the repair) of a sentence that tells the failure first."""
    starts = [0, *(m.end() for m in _CLAUSE.finditer(s))]  # where each clause begins
    ends = [*(m.start() for m in _CLAUSE.finditer(s)), len(s)]
    at = next((i for i in range(1, len(starts)) if _fixes(s[starts[i] : ends[i]])), 0)
    if not at:
        return None
    head = _CONNECTIVE.sub("", s[: ends[at - 1]].rstrip(" ,;；、")).strip()
    tail = s[starts[at] :].strip()
    return (head, tail) if head and tail and not _fixes(head) else None


_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$")


def headings(text: str) -> set[str]:
    """The Markdown headings of an episode's text, as `sentences` reads them (a day file's "### Evening")."""
    return {m.group(1).strip() for line in text.splitlines() if (m := _HEADING.match(line))}


# The narrator's own act, told plainly: what a diary says was done ("Sent the invoice at 23:59.", "We called the
# supplier", German "Die Abrechnung an den Kunden geschickt.", 「12時に請求書を送った。」), no failure in it by itself.
_ACT_EN = re.compile(
    r"(?i)^(?:(?:i|we)\s+(?:\w+ly\s+)?)?(?:[a-z]{2,}ed|sent|met|went|took|gave|made|wrote|ran|put|got|did|told|spoke|"
    r"bought|paid|left|came|brought|drove|flew|rang|saw|read|built|began|held|kept|sold|spent|found)\b"
)
_ACT_DE = re.compile(r"(?i)\b(?:ge[a-zäöüß]{3,}(?:t|en)|[a-zäöüß]{3,}iert)[.!]?$")
_ACT_JA = re.compile(r"^[^がは。]*(?:を|に|へ|と)[^がは。]*(?:した|った|んだ|いた|えた|ました)[。！]?$")
_NEGATED = re.compile(r"(?i)\b(?:not|no|never|nobody|nothing|without)\b|n't\b|(?:ない|なかった|ず|ません)")


def plain_act(s: str) -> bool:
    """A sentence that only tells what the narrator did (no negation: "didn't check" is a slip)."""
    if _NEGATED.search(s):
        return False
    return bool(_ACT_EN.search(s) or _ACT_DE.search(s) or _ACT_JA.search(s))


def remedy_told(s: str) -> bool:
    """An act done about the failure or the news that it is fine now (the caller checks it tells no failure)."""
    return bool(ACTED.search(s) or _FINE_NOW.search(s) or REDONE.search(s))


def is_positive(s: str) -> bool:
    """A retrospective's item on what went well ("Keep: …", 「良かった点：…」)."""
    return bool(POSITIVE.search(s))


def fenced(lines: list[str]) -> dict[int, int]:
    """Start line -> end line (inclusive) of each fenced code block (an unclosed one runs to the end)."""
    out: dict[int, int] = {}
    k = 0
    while k < len(lines):
        if FENCE.match(lines[k]):
            end = next((j for j in range(k + 1, len(lines)) if FENCE.match(lines[j])), len(lines) - 1)
            out[k] = end
            k = end + 1
        else:
            k += 1
    return out


def block_text(lines: list[str]) -> str:
    """A fenced block as one unit, fences included; a long one keeps its first, error and last lines."""
    body = lines[1:-1] if len(lines) > 1 and FENCE.match(lines[-1]) else lines[1:]
    if len(body) + 2 > MAX_BLOCK:
        body = cut_lines(body, ja=bool(_CJK.search("".join(body))))
    fence = lines[0].strip()[:3]
    return "\n".join([lines[0].strip(), *body, fence])


def is_block(s: str) -> bool:
    """True for a fenced block unit of `block_text`."""
    return bool(FENCE.match(s)) and "\n" in s


def block_failed(s: str) -> bool:
    """A fenced block that shows the failure: a trace, an error line."""
    return is_block(s) and has_error_line(s)


def with_figures(pieces: list[str]) -> list[str]:
    """Pieces of one paragraph, a bare figure after a full stop ("top1 77.4%。", "p95 310 ms.") joined to the
    sentence before it."""
    out: list[str] = []
    for p in pieces:
        latin = len(p.split()) <= 3 and not _CJK.search(p) and not p[:1].isupper()
        kanji = len(p) <= 12 and not _KANA.search(p)  # 「平均 4分。」: no kana, so no predicate of its own
        bare = bool(re.search(r"\d", p)) and (latin or kanji)
        if out and bare:
            out[-1] = f"{out[-1]}{'' if out[-1].endswith(('。', '！', '？')) else ' '}{p}"
        else:
            out.append(p)
    return out


def as_item(s: str, ref: str) -> str:
    """One line of a lesson's list: the sentence and its episode; a code block stays a code block."""
    if not is_block(s):
        return f"- {s} (`{ref}`)"
    first, *rest = s.split("\n")
    return "\n".join([f"- {first}", *[f"  {line}" if line else "" for line in rest], f"  (`{ref}`)"])


def notes_text(rest: list[str]) -> str:
    """A lesson's `## Notes`: the other sentences as one paragraph, a code block on its own."""
    parts: list[str] = []
    prose: list[str] = []
    for s in rest:
        if is_block(s):
            parts += [" ".join(prose)] if prose else []
            parts.append(s)
            prose = []
        else:
            prose.append(s)
    parts += [" ".join(prose)] if prose else []
    return "\n\n".join(parts)


def notes_section(rest: list[str], acts: list[str], notes: bool) -> list[str]:
    """A lesson's `## Notes` lines: with `notes`, the episode's other sentences; else what it did where
    nothing failed (no remedy, but the case's context: trial 27 #7), which the lesson always keeps."""
    kept = rest if notes and rest else acts
    return ["## Notes", notes_text(kept), ""] if kept else []
