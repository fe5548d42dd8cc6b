"""What the router reads from one text (its title, blocks, cues and embedded text), and the note a reading
is shaped into; split from router.py, which decides the kind."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from memdir.consolidation.daily.blocks import Block, split_blocks
from memdir.consolidation.daily.route_features import features
from memdir.consolidation.daily.route_rag import embed_text
from memdir.consolidation.daily.shape import Shaped, shape
from memdir.consolidation.daily.shape_qa import qa_shaped
from memdir.notes.frontmatter import parse_yaml, split_text

DOC_MIN_CHARS = 500
DOC_MIN_HEADINGS = 2


@dataclass
class Reading:
    """What the router reads from one text: title, body, blocks, cue features, embedded text."""

    title: str
    body: str
    blocks: list[Block]
    cues: np.ndarray
    embed: str
    proba: np.ndarray = field(default_factory=lambda: np.zeros(3))
    meta_keys: frozenset[str] = frozenset()  # the keys of the text's frontmatter, if it had any
    page: tuple[str, str] = ("", "")  # a page's own frontmatter title and description, for its note


def given_title(title: str, body: str) -> str:
    """The episode's title when a person gave one ("" when it is only the body's first line)."""
    t = " ".join(title.split())
    first = next((ln.strip() for ln in body.splitlines() if ln.strip()), "")
    # a heading longer than the first line that opens with it (「手順：X」 over a line 「手順」) is the person's (#6)
    cut = t.startswith(first[:100]) and (len(first) >= 100 or len(t) <= len(first))
    return "" if not t or first.startswith(t) or cut else t


def read_text(title: str, text: str) -> Reading:
    """Read one episode or document (frontmatter `title`/`description` count as its title)."""
    split = split_text(text)
    body = split.body.strip()
    keys: frozenset[str] = frozenset()
    page = ("", "")
    if split.has_frontmatter and split.yaml_text.strip():
        meta = parse_yaml(split.yaml_text)
        keys = frozenset(str(k) for k in meta)
        desc = str(meta.get("description") or "")
        own = str(meta.get("title") or "")
        page = (own if title in ("", own) else "", desc)  # an episode is titled by its page's title
        title = title or str(meta.get("title") or "")
        title = f"{title}: {desc}" if title and desc else title or desc
    title = given_title(title, body)
    blocks = split_blocks(body)
    return Reading(
        title, body, blocks, features(title, blocks), embed_text(title, body), meta_keys=keys, page=page
    )


def _shaping_title(r: Reading) -> str:
    """The title a person gave, for the note's title: not the first line again with its spaces collapsed
    (an episode's heading is its first line on one line, 「回覧　○○地区」 -> 「回覧 ○○地区」). Routing keeps
    reading `r.title` as it always has."""
    first = next((ln for ln in r.body.splitlines() if ln.strip()), "")
    return "" if r.title and " ".join(first.split()).startswith(r.title) else r.title


def shaped(kind: str, r: Reading, text: str) -> Shaped:
    """The note shaped from a reading: a page's frontmatter title is its title and, for steps, its
    description says what they are for (routing reads the two joined, "Getting started: Set up the app…";
    a note keeps them apart; a glossary page's "Glossary — what X is" gives way to its first sentence)."""
    title, desc = r.page
    s = shape(kind, title or _shaping_title(r), text, page=bool(title))
    if (qa := qa_shaped(text)) is not None:  # a pasted FAQ keeps its questions and answers (trial 19)
        return Shaped(s.title, *qa)
    return Shaped(s.title, desc, s.text) if title and desc and kind == "procedures" else s


def is_document(r: Reading) -> bool:
    """A documentation page (long, with sections) rather than an episode."""
    return len(r.body) > DOC_MIN_CHARS and sum(b.kind == "heading" for b in r.blocks) >= DOC_MIN_HEADINGS
