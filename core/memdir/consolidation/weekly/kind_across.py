"""A person's note in the other language that tells the kind's calls, step by step, by their tool names.

`cross_language.held_across` matches a draft's words to a note's terms one by one; a kind whose requests are
English, whose tools are named in Japanese (`ロガー読込`, `閾値確認`, `警告送信`) and whose arguments are ids
and addresses (`logger_id={logger_id} period=7d`) gives it too few words to translate, and the note a person
wrote for that work (`1. 各ロガーのデータを読み込む。 2. …範囲か確認する。 3. …メールで報告し…`) was never
found: the weekly wrote a second procedure and said nothing (trial 27 #8).

Here each of the draft's calls, written as its tool's name and the constants it passes (placeholders out),
is compared by meaning (multilingual-e5, calibrated) with each of the note's step lines. A call and a line
are paired when each is the other's closest (mutual best) and the pairs keep both orders. Absolute levels
say little across languages (unrelated lines sit close to related ones), the order and the one-to-one
pairing do: the note tells the kind when `STEPS` or more calls are paired, at least half of the calls and
half of the note's lines. Asked only of a person's note closest to the kind by its title (`top`), whose
title or description reaches `INTENT` of the kind's title, when the note's script and the requests' differ,
each judged by its prose outside code, addresses and placeholders (within one language the word look-ups
do this).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from memdir.consolidation.weekly.cross_language import held_across, japanese
from memdir.consolidation.weekly.similarity import to_calibrated

if TYPE_CHECKING:
    from memdir.consolidation.weekly.dedupe import Match
    from memdir.consolidation.weekly.draft import Draft

STEPS = 2  # calls paired with lines, at least
INTENT = 0.5  # calibrated title similarity the note reaches (unrelated notes across languages sit lower)
_CALL = re.compile(r"^([^:`“”\"]{1,60}): `(.*)`\s*$")
_HOLE = re.compile(r"\{[^{}]*\}|<[^<>]*>")
_CODE = re.compile(r"`[^`]*`|https?://\S+")


def _prose(text: str) -> str:
    """A title or line without its placeholders, code and addresses: the words its script is judged by (a
    Japanese line that quotes `GET https://…` is Japanese)."""
    return _HOLE.sub(" ", _CODE.sub(" ", text))


def _call_text(step: str) -> str:
    """A call as its tool's name and its constants (`ロガー読込 logger_id period 7d`); '' for a reply."""
    m = _CALL.match(step)
    if m is None:
        return ""
    return " ".join(f"{m.group(1)} {_HOLE.sub(' ', m.group(2))}".replace("=", " ").split())


def told_by_calls(
    steps: Sequence[str],
    lines: Sequence[str],
    title: str,
    intent: float,
    embed: Callable[[list[str]], np.ndarray],
) -> list[int]:
    """Indexes of the draft's steps the note's lines tell call by call (module doc); [] when it does not."""
    if (
        intent < INTENT
        or len(lines) < STEPS
        or japanese([_prose(title)]) == japanese(list(map(_prose, lines)))
    ):
        return []
    calls = [(i, text) for i, s in enumerate(steps) if (text := _call_text(s))]
    if len(calls) < STEPS:
        return []
    sims = np.asarray(to_calibrated(embed([t for _, t in calls]) @ embed(list(lines)).T))
    pairs = [(a, int(sims[a].argmax())) for a in range(len(calls))]
    mutual = [(a, b) for a, b in pairs if int(sims[:, b].argmax()) == a]
    kept: list[tuple[int, int]] = []  # both orders kept: each pair after the last one kept
    for a, b in mutual:
        if not kept or b > kept[-1][1]:
            kept.append((a, b))
    n = len(kept)
    if n >= STEPS and 2 * n >= len(calls) and 2 * n >= len(lines):
        return [calls[a][0] for a, _ in kept]
    return []


def held_or_told(
    draft: Draft, lines: Sequence[str], m: Match, person: bool, embed: Callable[[list[str]], np.ndarray]
) -> list[int]:
    """The draft's steps a note in the other language tells: by its terms (`held_across`), else, for a
    person's note closest by title (`person`), by the draft's calls (`told_by_calls`)."""
    told = held_across(draft.steps, lines, embed)
    if told or not person:
        return told
    return told_by_calls(draft.steps, lines, draft.title, m.intent, embed)
