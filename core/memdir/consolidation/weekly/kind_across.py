"""A person's note in the other language that tells the kind's calls, step by step, by their tool names.

`cross_language.held_across` matches a draft's words to a note's terms one by one; a kind whose requests are
English, whose tools are named in Japanese (`ロガー読込`, `閾値確認`, `警告送信`) and whose arguments are ids
and addresses (`logger_id={logger_id} period=7d`) gives it too few words to translate, and the note a person
wrote for that work (`1. 各ロガーのデータを読み込む。 2. …範囲か確認する。 3. …メールで報告し…`) was never
found: the weekly wrote a second procedure and said nothing (trial 27 #8).

Here each of the draft's calls, written as its tool's name and the constants it passes (placeholders out, and
the words more than half of the calls pass), is compared by meaning (multilingual-e5, calibrated) with each of
the note's step lines. A call and a line are paired when each is the other's closest (mutual best) by `MARGIN`
at least, and the pairs keep both orders. Absolute levels say little across languages (unrelated lines sit close
to related ones), the order and the one-to-one pairing do: the note tells the kind when `STEPS` or more calls
are paired, at least half of the calls and half of the note's lines. A call left unpaired between two pairs (or
before the first, after the last) is told by the free line at its place the same way, each the other's closest
there (`_in_gaps`): it is no step the note lacks, and no evidence that the note tells the kind.

Asked of a person's note whose title or description reaches `INTENT` of the kind's title, when the note's script
and the requests' differ, each judged by its prose outside code, addresses and placeholders (within one language
the word look-ups do this). Of several such notes (`LOOK` at most, closest by title first) the one the calls
pair with is asked (`across_note`): most pairs, then the closest pairs; a skill or a note in the requests'
language closer by title no longer hides it (trial 27 re-check #8).

A reply such a note tells is no step it lacks (`told_replies`): a short one with no value in it only confirms
the calls (`Reply: “alert sent”` after 警告送信, which 「…警告を送る」 tells), a longer one when the note's terms say
half of its words one by one. Whole replies embedded say nothing across languages ("alert sent" sits at 0.69 to
each of the three calls).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from memdir.consolidation.weekly.cross_language import held_across, japanese, line_terms, terms_said
from memdir.consolidation.weekly.similarity import to_calibrated

if TYPE_CHECKING:
    from memdir.consolidation.weekly.dedupe import Match
    from memdir.consolidation.weekly.draft import Draft

STEPS = 2  # calls paired with lines, at least
INTENT = 0.5  # calibrated title similarity the note reaches (unrelated notes across languages sit lower)
MARGIN = 0.02  # a pair's lead over the next line and the next call (two phrasings of one step move ~0.01)
LOOK = 8  # people's notes in the other script asked, closest by title first (each embeds its lines once)
_CALL = re.compile(r"^([^:`“”\"]{1,60}): `(.*)`\s*$")
_HOLE = re.compile(r"\{[^{}]*\}|<[^<>]*>")
_CODE = re.compile(r"`[^`]*`|https?://\S+")


def _prose(text: str) -> str:
    """A title or line without its placeholders, code and addresses: the words its script is judged by (a
    Japanese line that quotes `GET https://…` is Japanese)."""
    return _HOLE.sub(" ", _CODE.sub(" ", text))


def _other_script(title: str, lines: Sequence[str]) -> bool:
    """The kind's title and the note's lines are written in different scripts (judged by their prose)."""
    return japanese([_prose(title)]) != japanese(list(map(_prose, lines)))


def _call_text(step: str) -> str:
    """A call as its tool's name and its constants (`ロガー読込 logger_id period 7d`); '' for a reply."""
    m = _CALL.match(step)
    if m is None:
        return ""
    return " ".join(f"{m.group(1)} {_HOLE.sub(' ', m.group(2))}".replace("=", " ").split())


def _pairs(
    steps: Sequence[str],
    lines: Sequence[str],
    title: str,
    intent: float,
    embed: Callable[[list[str]], np.ndarray],
) -> tuple[list[tuple[int, int]], float]:
    """(draft step, note line) pairs the calls make with the lines, mutual best and in order, and their mean
    calibrated similarity; ([], 0.0) when the note cannot tell the kind this way (module doc)."""
    if intent < INTENT or len(lines) < STEPS or not _other_script(title, lines):
        return [], 0.0
    calls = _telling([(i, text) for i, s in enumerate(steps) if (text := _call_text(s))])
    if len(calls) < STEPS:
        return [], 0.0
    sims = np.asarray(to_calibrated(embed([t for _, t in calls]) @ embed(list(lines)).T))
    pairs = [(a, int(sims[a].argmax())) for a in range(len(calls))]
    mutual = [(a, b) for a, b in pairs if int(sims[:, b].argmax()) == a and _clear(sims, a, b)]
    kept: list[tuple[int, int]] = []  # both orders kept: each pair after the last one kept
    for a, b in mutual:
        if not kept or b > kept[-1][1]:
            kept.append((a, b))
    n = len(kept)
    if n >= STEPS and 2 * n >= len(calls) and 2 * n >= len(lines):
        level = float(np.mean([sims[a, b] for a, b in kept]))
        return [(calls[a][0], b) for a, b in sorted(kept + _in_gaps(sims, kept))], level
    return [], 0.0


def _in_gaps(sims: np.ndarray, kept: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Calls left unpaired, paired with the free lines at their place: between the pairs around them, each
    the other's closest among those (`請求登録` with 「…請求に登録する。」 when its closest line overall is taken)."""
    bounds = [(-1, -1), *kept, (sims.shape[0], sims.shape[1])]
    out: list[tuple[int, int]] = []
    for (a0, b0), (a1, b1) in zip(bounds, bounds[1:], strict=False):
        if a1 - a0 < 2 or b1 - b0 < 2:
            continue
        sub = sims[a0 + 1 : a1, b0 + 1 : b1]
        for a in range(sub.shape[0]):
            b = int(sub[a].argmax())
            if int(sub[:, b].argmax()) == a:
                out.append((a0 + 1 + a, b0 + 1 + b))
    return out


def _telling(calls: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The calls without the words more than half of them say (`room`, `minibar` beside every tool): they tell
    no call apart, and drew each call to the line that names them (a tool's name is always kept)."""
    words = [text.split() for _, text in calls]
    df = Counter(w.lower() for ws in words for w in set(ws[1:]))
    common = {w for w, n in df.items() if n > 1 and 2 * n > len(calls)}
    return [
        (i, " ".join([ws[0], *(w for w in ws[1:] if w.lower() not in common)]))
        for (i, _), ws in zip(calls, words, strict=True)
    ]


def _clear(sims: np.ndarray, a: int, b: int) -> bool:
    """Call `a` and line `b` stand `MARGIN` above the next line in the call's row and the next call in the
    line's column: a best by less is a tie, which unrelated lines win as often."""
    row = np.delete(sims[a], b)
    col = np.delete(sims[:, b], a)
    return all(len(v) == 0 or sims[a, b] - float(v.max()) >= MARGIN for v in (row, col))


def told_by_calls(
    steps: Sequence[str],
    lines: Sequence[str],
    title: str,
    intent: float,
    embed: Callable[[list[str]], np.ndarray],
) -> list[int]:
    """Indexes of the draft's steps the note's lines tell call by call (module doc); [] when it does not."""
    pairs, _ = _pairs(steps, lines, title, intent, embed)
    return [i for i, _ in pairs]


def across_note(
    draft: Draft, notes: Sequence[tuple[str, Sequence[str], float]], embed: Callable[[list[str]], np.ndarray]
) -> str | None:
    """Of people's notes (path, step lines, intent), the one in the other script the draft's calls pair with:
    most pairs, then the closest; `LOOK` at most, closest by title first; None when none tells the kind."""
    other = [n for n in notes if n[2] >= INTENT and _other_script(draft.title, n[1])]
    asked = sorted(other, key=lambda n: -n[2])[:LOOK]
    best: tuple[int, float, str] | None = None
    for path, lines, intent in asked:
        pairs, level = _pairs(draft.steps, lines, draft.title, intent, embed)
        if pairs and (best is None or (len(pairs), level) > best[:2]):
            best = (len(pairs), level, path)
    return best[2] if best else None


_REPLY = re.compile(r"^Reply(?: to the requester)?: (.+)$")
_WORD = re.compile(r"[^\W\d_]{3,}")
SHORT = 3  # a reply of this many words or fewer, no value in it, only confirms the calls (`alert sent`)
SHORT_CHARS = (
    24  # ... and this many characters (a Japanese sentence is one "word": 「完了しました」 is short)
)


def told_replies(
    steps: Sequence[str], lines: Sequence[str], told: Sequence[int], embed: Callable[[list[str]], np.ndarray]
) -> list[int]:
    """The draft's replies a note that tells its calls (`told`) says: a short one with no value in it confirms
    the calls (`alert sent`, `done`); a longer one when half of its words, one at least, are said by the
    terms of the note's lines one by one (`cross_language.terms_said`)."""
    replies = [(i, m.group(1)) for i, s in enumerate(steps) if i not in told and (m := _REPLY.match(s))]
    if not replies or not told:
        return []
    terms = sorted({t for ln in lines for t in line_terms(ln)})
    out = []
    for i, text in replies:
        if _HOLE.search(text) or _CODE.search(text) or re.search(r"\d", text):
            continue  # it reports values: `reports_work` reads those
        words = [w.lower() for w in _WORD.findall(text)]
        if len(words) <= SHORT and len(text) <= SHORT_CHARS:
            out.append(i)
        elif words and terms:
            said = terms_said(sorted(set(words)), terms, embed, embed(terms))
            if 2 * sum(1 for w in words if w in said) >= len(words):
                out.append(i)
    return out


def held_or_told(
    draft: Draft, lines: Sequence[str], m: Match, person: bool, embed: Callable[[list[str]], np.ndarray]
) -> list[int]:
    """The draft's steps a note in the other language tells: by its terms (`held_across`), else, for the
    person's note the calls pair with (`person`, `across_note`), by the draft's calls (`told_by_calls`) and the
    replies it says (`told_replies`)."""
    told = held_across(draft.steps, lines, embed)
    if told or not person:
        return told
    told = told_by_calls(draft.steps, lines, draft.title, m.intent, embed)
    return sorted(told + told_replies(draft.steps, lines, told, embed)) if told else []
