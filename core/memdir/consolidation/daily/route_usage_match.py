"""Which procedure a usage report names by the words it shares with the procedure's whole text.

A person who reads "Kicked off the llama3-8b run with the usual steps. GPUs 2,3, run name ..., W&B shows
it" knows it is the launch procedure although the title says "Launch a fine-tuning run": the report
names things its steps name (the GPUs, the run name, W&B). The planner's first rule (similarity of the
report to the note's opening plus the share of the title's terms, route_plan.USAGE_MATCH) misses such
a report when the note opens with a preamble ("Owner: Kenji. Ask in #ml-infra first") and the report
uses another verb for the title's. This second rule reads the procedure as a person does: its title,
description and steps, commands included (not its `## Outcome notes`, which are earlier reports).

The report's *subject words* are its words without the frame that makes it a usage report ("the usual
steps", "went fine", 「いつもの手順で」, "failed"), without function words and without bare numbers:
English words (crudely stemmed, route_usage's stemmer) and Japanese words (a katakana word found whole
in the procedure, a run of kanji found in it). A procedure is named when it shares at least
MIN_SHARED of them and at least SHARE_RATIO times as many as any other procedure or skill: one shared
word ("password", "app") names nothing, and two procedures on the same subject name neither.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from memdir.consolidation.daily.route_usage import DONE, FAILED, PENDING, PROC_NOUN, USUAL, stem
from memdir.lifecycle.feedback import OUTCOME_HEADING
from memdir.notes.body_sections import find_section

MIN_SHARED = 3  # subject words a report and its procedure share at least (docs/daily.md)
SHARE_RATIO = 2  # ... and at least this many times as many as with any other procedure

_FUNCTION_WORDS = (
    "a an the of to for in on at by as is are was were be been being and or but so not no nor with "
    "from into onto this that these those it its it's i me my we our us you your he she they them "
    "their his her there here then than now just also again today yesterday tomorrow tonight "
    "morning afternoon evening week time one did do does done had has have got get will would "
    "should could can may might up out off over all any some each every more most very too only "
    "still yet way"
)
_FUNCTION = frozenset(_FUNCTION_WORDS.split())
_EN_WORD = re.compile(r"[a-z][a-z0-9]*(?:['’][a-z]+)?|[0-9]+[a-z][a-z0-9]*")
_KATAKANA = re.compile(r"[\u30a0-\u30ffー]{2,}")
_KANJI = re.compile(r"[\u3400-\u9fff々]{2,}")
# "step 5 failed", 「手順3で」: which of the procedure's steps, not what the report is about
_STEP_NUMBER = re.compile(r"\bsteps?\s*#?\d+\b|(?:手順|ステップ)\s*\d+", re.I)


def _frameless(text: str) -> str:
    """The report without the words that make it a usage report and say how it went.

    A frame word inside a compound is not one: "fine-tune", "check-in" keep their halves.
    """
    text = re.sub(r"(?<=\w)-(?=\w)", "_", text)
    for frame in (_STEP_NUMBER, USUAL, PROC_NOUN, DONE, FAILED, PENDING):
        text = frame.sub(" ", text)
    return text


@functools.lru_cache(maxsize=4096)  # a procedure's text is read once per report
def _en_words(text: str) -> frozenset[str]:
    words = (w.split("'")[0].split("’")[0] for w in _EN_WORD.findall(text.lower()))
    return frozenset(stem(w) for w in words if len(w) > 1 and w not in _FUNCTION)


def subject_words(report: str, procedure: str) -> set[str]:
    """The report's subject words that the procedure's text holds too."""
    said = _frameless(report)
    shared = set(_en_words(said) & _en_words(procedure))
    shared |= {k for k in _KATAKANA.findall(said) if k in procedure}
    for run in _KANJI.findall(said):  # the longest pieces of a run of kanji that the procedure holds
        i = 0
        while i < len(run) - 1:
            j = i + 2
            if run[i:j] not in procedure:
                i += 1
                continue
            while j < len(run) and run[i : j + 1] in procedure:
                j += 1
            shared.add(run[i:j])
            i = j
    return shared


def procedure_text(title: str, description: str, body: str) -> str:
    """What a person reads of a procedure to tell what it is for: title, description, steps (no outcome lines)."""
    lines = body.splitlines()
    found = find_section(lines, OUTCOME_HEADING)
    if found is not None:
        lines = lines[: found[0]] + lines[found[1] :]
    return "\n".join([title, description, *lines])


@dataclass(frozen=True)
class SharedPick:
    """The procedure a report names by shared words, the words, and the most another procedure shares."""

    path: str
    words: tuple[str, ...]
    runner_up: int


def pick_by_words(
    report: str, texts: dict[str, str], loans: dict[str, set[str]] | None = None
) -> SharedPick | None:
    """The procedure (path -> procedure_text) sharing MIN_SHARED+ subject words, SHARE_RATIO x any other's.

    `loans` adds, per procedure in the other language, the report's words it says as loanwords (クォータ for
    "quota", route_usage_loan): words the two share as a person reads them (trial 19)."""
    extra = loans or {}
    counted = sorted(
        (
            (sorted(subject_words(report, text) | extra.get(path, set())), path)
            for path, text in texts.items()
        ),
        key=lambda x: (-len(x[0]), x[1]),
    )
    if not counted:
        return None
    words, path = counted[0]
    runner_up = len(counted[1][0]) if len(counted) > 1 else 0
    if len(words) < MIN_SHARED or len(words) < SHARE_RATIO * runner_up:
        return None
    return SharedPick(path, tuple(words), runner_up)
