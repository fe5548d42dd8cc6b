"""A kind asked in two languages is titled by what both languages' tasks did: its calls.

Round 20's support rule reads a title's words against the kind's requests; across languages the
requests share no words, and a title in one language (`島行`, two Japanese replies' words) can speak for
only the tasks asked in it. The calls are what every task of the kind wrote, whatever its language.

Rules:
- A request's language is Japanese when it writes kana or kanji, else English when it writes Latin
  letters (other requests count for neither).
- When the kind's requests are in both languages, the title is in one of them (a title in both, `Run a
  correction（記事の訂正）`, speaks for both), that language is written by at most half of the requests, and
  the calls do not write the title's words (two tasks' calls each), the title gives way to the decisive call's verb and object (`title_support.call_title`:
  `{:op :booking/move …}` -> "Move a booking") when that reads naturally and its words are supported.
- Otherwise (one language, or the title's language is the kind's majority) the title stays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.tasks import Task
from memdir.consolidation.weekly.title_support import call_title, natural, split_identifiers, unsupported

_JA = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]{2,}")
_HOLE = re.compile(r"\{[^{}]*\}")


def language(text: str) -> str:
    """'ja', 'en' or '' (no words of either)."""
    if _JA.search(text):
        return "ja"
    return "en" if _LATIN.search(text) else ""


def _one_language(title: str) -> str:
    """The title's language when it is written in one ('' for `Run a correction（記事の訂正）`)."""
    bare = _HOLE.sub(" ", title)
    return "" if _JA.search(bare) and _LATIN.search(bare) else language(bare)


def across_languages(
    title: str, asked: Sequence[str], steps: Sequence[str], sources: Sequence[str], calls: Sequence[str]
) -> str:
    """The title, or the decisive call's title when the title speaks only for a minority language;
    `sources` are the tasks' `task_source`, `calls` their tool calls alone (`calls_text`)."""
    langs = [lang for a in asked if (lang := language(a))]
    mine = _one_language(title)
    if len(set(langs)) < 2 or not mine or 2 * langs.count(mine) > len(langs):
        return title
    if not unsupported(title, calls):
        return title  # the calls write it: it speaks for every task
    said = call_title(steps, asked)
    return said if said and natural(said) and not unsupported(said, sources) else title


def calls_text(task: Task) -> str:
    """A task's tool calls as words (tools, actions, inputs; no replies)."""
    return "\n".join(
        split_identifiers(f"{s.tool} {s.action} {s.input}") for s in task.steps if s.kind == "tool"
    )
