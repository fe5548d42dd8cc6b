"""Duplicate check by content for distilled procedures, against procedures/ and skills/ (raw, unboosted).

A candidate is compared with every note on two things:

- **intent**: the clustering's meaning + wording similarity, calibrated the same way, between
  the candidate's title and the note's title or its description, whichever is closer. Tools are
  left out: they depend on how the work was logged (one tool per verb, or one for everything). Titles and descriptions are abstracted with `abstract_text`,
  so `{placeholders}` and concrete instances compare alike.
- **steps**: how much of what the candidate's steps do the note already says. Each step's
  words (its commands, outside placeholders and the tool prefix) are looked up in the note's
  lines, each word weighted by how few of the candidate's steps share it (the `ssh {host}` every
  step starts with says little); a step counts by its best line; coverage is the mean over steps.

`content = max(intent, (intent + coverage) / 2 + STEP_BONUS)` when the candidate has steps,
else `intent`. A person's note that says the same work in other words ("Renew the TLS
certificate" for "The HTTPS cert on {host} expires, get a fresh one" with the same commands) is
found by its steps; a note that shares a command or two is not. `new_steps` lists the
candidate's steps the note does not cover: what accepting the merge adds.

Siblings from the same run (`same_work`) are compared on their step sequences instead: the
clustering already set them apart by intent, so they are one kind of work only when their
steps are the same ones in the same order and their meaning agrees (the same task logged in
English and in Japanese).
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from memdir.consolidation.weekly.align import atoms
from memdir.consolidation.weekly.features import EMBED_WEIGHT, WORDING_WEIGHT, wording_vectors
from memdir.consolidation.weekly.named import (
    PLACEHOLDER,
    NamedLine,
    NamedMatch,
    named_match,
    note_lines,
)
from memdir.consolidation.weekly.similarity import abstract_text, to_calibrated
from memdir.notes.model import Note

STEP_BONUS = 0.1
GENERIC = 3  # a step this many notes (or this run's drafts) hold says nothing about one kind of work
COVERED = 0.6  # a candidate step whose weighted words a note line holds this much is not new
SAME_STEPS = 0.9  # sibling step sequences at least this alike (difflib ratio) are the same work
SAME_MEANING = 0.75  # ... when their titles' calibrated meaning is at least this alike
_PREFIX = re.compile(r"^[\w.:-]{1,40}: (?=`)")


def note_tools(note: Note) -> list[str] | None:
    """The `tools` list of a note's frontmatter, or None."""
    tools = note.get("tools")
    if isinstance(tools, list) and tools:
        return [str(t) for t in tools]
    return None


def plain_title(title: str) -> str:
    """A title with Markdown emphasis dropped and every placeholder (`{issue}`, `<host>`) one `{x}`."""
    return PLACEHOLDER.sub("{x}", title.replace("`", "").replace("*", "")).strip()


def step_words(line: str) -> list[str]:
    """The words of a step or note line that say what it does: its code when it has some, else all of it.

    Placeholders (`{x}`, `<x>`), a tool prefix and markup are left out.
    """
    code = re.findall(r"`+([^`]+)`+", line)
    text = PLACEHOLDER.sub(" ", " ".join(code) if code else _PREFIX.sub("", line.strip()))
    return [a.lower() for a in atoms(text) if a.strip() and (a.isalnum() or len(a) > 1)]


def note_steps(body: str) -> list[str]:
    """A note's step lines: its list items (numbered or bulleted), else every line that is not a heading."""
    lines = [ln for ln in body.splitlines() if ln.strip()]
    items = [ln for ln in lines if re.match(r"^\s*(?:\d+[.)]|[-*+])\s", ln)]
    return items or [ln for ln in lines if not ln.lstrip().startswith("#")]


def coverage(steps: Sequence[str], lines: Sequence[str]) -> tuple[float, list[int]]:
    """Weighted share of the steps' words a note's lines hold (mean of each step's best line) and the new steps."""
    words = [set(step_words(s)) for s in steps]
    if not any(words):
        return 0.0, []
    df = Counter(w for ws in words for w in ws)
    note = [set(step_words(ln)) for ln in lines if ln.strip()]
    scores: list[float] = []
    new: list[int] = []
    for i, ws in enumerate(words):
        if not ws:
            continue
        total = sum(1.0 / df[w] for w in ws)
        best = max((sum(1.0 / df[w] for w in ws & ln) / total for ln in note), default=0.0)
        scores.append(best)
        if best < COVERED:
            new.append(i)
    return (sum(scores) / len(scores) if scores else 0.0), new


@dataclass
class Match:
    """The closest note: its path, the content similarity, and its parts."""

    path: str
    similarity: float
    intent: float
    coverage: float
    new_steps: list[int]
    reverse: float = 0.0  # share of the note's steps (by count) the candidate's steps hold
    covered: int = 0  # candidate steps the note holds
    compared: int = 0  # candidate steps compared (generic ones left out)
    whole: float = 0.0  # all the candidate's steps against all the note's, generic ones too: the lower way
    named: NamedMatch = field(default_factory=NamedMatch)  # the note's naming lines the candidate runs
    held: list[int] = field(default_factory=list)  # indexes of the candidate's steps the note's lines hold


class DuplicateIndex:
    """Existing notes (path, abstracted title and description, tools, lines) and a candidate's best match."""

    def __init__(self, embed: Callable[[list[str]], np.ndarray]) -> None:
        self._embed = embed  # returns centred, normalised vectors
        self.paths: list[str] = []
        self.texts: list[str] = []  # abstracted titles, then descriptions (two rows per note)
        self.tools: list[list[str] | None] = []
        self.lines: list[list[str]] = []
        self.body_lines: list[list[str]] = []  # every line, a step's continuation too (placeholder spellings)
        self.named: list[list[NamedLine]] = []  # what each note's step lines name (`named.note_lines`)
        self._vecs: list[np.ndarray] = []

    def add_many(
        self, items: Sequence[tuple[str, str, list[str] | None]], bodies: Sequence[str] = ()
    ) -> None:
        """Add (path, title, tools) entries (with their descriptions after a newline in the title, if any)."""
        if not items:
            return
        titles = [abstract_text(plain_title(t.split("\n", 1)[0])) for _, t, _ in items]
        descs = [abstract_text(plain_title(t.split("\n", 1)[1])) if "\n" in t else "" for _, t, _ in items]
        vecs = self._embed(titles + [d or t for d, t in zip(descs, titles, strict=True)])
        k = len(items)
        for n, (path, _, tools) in enumerate(items):
            self.paths.append(path)
            self.texts.append(titles[n])
            self.tools.append(tools)
            self.lines.append(note_steps(bodies[n]) if n < len(bodies) else [])
            self.body_lines.append(
                [ln for ln in bodies[n].splitlines() if ln.strip()] if n < len(bodies) else []
            )
            self.named.append(note_lines(bodies[n]) if n < len(bodies) else [])
            self._vecs.append(np.vstack([vecs[n], vecs[k + n]]))

    def intents(self, title: str) -> np.ndarray:
        """Calibrated intent similarity of a title to every note (title or description, the closer).

        Meaning and wording only: tool names depend on how the work was logged (`alfworld` for
        everything, or `go`, `take`, `put`), so they say nothing here; the steps carry the work.
        """
        text = abstract_text(plain_title(title))
        v = self._embed([text])[0]
        emb = np.array([float((m @ v).max()) for m in self._vecs])
        lex_rows = wording_vectors([text, *self.texts])
        lex = np.asarray((lex_rows[1:] @ lex_rows[0].T).toarray()).ravel()
        sims = ((EMBED_WEIGHT * emb + WORDING_WEIGHT * lex) / (EMBED_WEIGHT + WORDING_WEIGHT)).astype(
            np.float64
        )
        return np.asarray(to_calibrated(sims))

    def closest(
        self,
        title: str,
        steps: Sequence[str] = (),
        k: int = 3,
        generic: frozenset[str] | set[str] = frozenset(),
    ) -> list[Match]:
        """The k notes most alike in content, most alike first.

        Steps that say nothing about this kind of work are left out of the step comparison: those in
        `generic` (step keys many of the run's drafts share, `step_key`) and those `GENERIC` notes hold.
        """
        if not self.paths:
            return []
        intent = self.intents(title)
        where = {id(s): n for n, s in enumerate(steps)}
        own = [s for s in steps if step_words(s) and step_key(s) not in generic]
        held: Counter[int] = Counter()
        for lines in self.lines:
            if own and lines:
                held.update(set(range(len(own))) - set(coverage(own, lines)[1]))
        specific = [own[i] for i in range(len(own)) if held[i] < GENERIC]
        full = [s for s in steps if step_words(s)]
        # what a person's note names is looked for in the steps that tell this kind (`generic` ones blank)
        telling = [s if s in specific else "" for s in steps]
        out = []
        for i, path in enumerate(self.paths):
            sim = float(intent[i])
            cov, new, rev, whole = 0.0, list(range(len(specific))), 0.0, 0.0
            counted = [ln for ln in self.lines[i] if step_words(ln)]
            if specific and counted:
                cov, new = coverage(specific, counted)
                rev = (len(counted) - len(coverage(counted, specific)[1])) / len(counted)
                whole = min(_held_share(full, counted), _held_share(counted, full))
            content = max(sim, (sim + cov) / 2 + STEP_BONUS) if specific else sim
            added = [where[id(specific[j])] for j in new]
            kept = [where[id(s)] for j, s in enumerate(specific) if j not in new]
            out.append(
                Match(
                    path,
                    min(1.0, content),
                    sim,
                    cov,
                    added,
                    rev,
                    len(specific) - len(new),
                    len(specific),
                    whole,
                    named_match(self.named[i], telling),
                    kept,
                )
            )
        return sorted(out, key=lambda m: (-m.similarity, m.path))[:k]

    def best(self, title: str, steps: Sequence[str] = ()) -> Match | None:
        """The note most alike in content (None when there are no notes)."""
        found = self.closest(title, steps, k=1)
        return found[0] if found else None


def _held_share(steps: Sequence[str], lines: Sequence[str]) -> float:
    """Share of the steps (by count) that the lines hold (each by >= COVERED of its weighted words)."""
    return (len(steps) - len(coverage(steps, lines)[1])) / len(steps) if steps else 0.0


def step_key(step: str) -> str:
    """A step's words as one string: equal for the same step written with other placeholder names."""
    return " ".join(step_words(step))


def same_work(
    steps_a: Sequence[str], steps_b: Sequence[str], generic: frozenset[str] | set[str] = frozenset()
) -> float:
    """How alike two step lists are as sequences (difflib ratio of their keys, generic steps left out)."""
    norm_a = [k for s in steps_a if (k := step_key(s)) and k not in generic]
    norm_b = [k for s in steps_b if (k := step_key(s)) and k not in generic]
    if len(norm_a) < 2 or len(norm_b) < 2:
        return 0.0
    return difflib.SequenceMatcher(a=norm_a, b=norm_b, autojunk=False).ratio()
