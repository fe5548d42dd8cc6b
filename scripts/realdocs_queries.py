"""Retrieval queries built from a Markdown documentation corpus itself (for scripts/bench_realdocs.py).

Three kinds of query, each with the page(s) that answer it:

- `title`: a page's title (frontmatter `title:`, else its first `# ` heading) -> that page;
- `anchor`: the text of a link between two pages of the corpus -> the linked page (an anchor
  text that links to more than one page is dropped as ambiguous; links to the page itself too);
- `heading`: a `## ` or `### ` section heading -> every page with that heading.

Headings and links inside fenced code blocks are not headings or links. Custom heading ids
(`{#id}`), inline markup and HTML tags are removed from the query text. Queries are split into
dev and test by answer page (a fixed-seed shuffle of the pages), so that tuning on dev never
sees a test page's title, headings or incoming anchors.

This module reads the corpus independently of memdir's own parsing, so a bug in memdir's
title logic cannot make its own benchmark easier.
"""

from __future__ import annotations

import posixpath
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_HEADING_ID = re.compile(r"\s*\{#[^}]*\}")
_LINK = re.compile(r"(?<!!)\[([^\]\n]+)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_TAG = re.compile(r"<[^>\n]+>")
_FRONT = re.compile(r"\A---\n(.*?\n)?---\n", re.S)
_GENERIC = {"here", "this", "link", "this page", "docs", "documentation", "ここ", "こちら", "こちらのページ"}


@dataclass
class Page:
    """One page of the corpus as the query builder sees it."""

    rel: str
    title: str | None
    headings: list[tuple[int, str]] = field(default_factory=list)
    links: list[tuple[str, str]] = field(default_factory=list)  # (anchor text, raw target)


@dataclass
class Query:
    """One query and the pages that answer it."""

    qid: str
    kind: str
    text: str
    gold: list[str]
    split: str = ""


def clean(text: str) -> str:
    """Query text from Markdown inline text: no heading ids, tags, code marks, emphasis or escapes."""
    text = _HEADING_ID.sub("", text).replace("\\<", "\x00")  # `\<script setup>` is literal text
    text = _TAG.sub("", text).replace("\x00", "<")
    text = text.replace("`", "").replace("**", "").replace("\\", "")
    text = re.sub(r"(?<!\w)\*(?!\s)|(?<=\S)\*(?!\w)", "", text)
    return " ".join(text.split()).strip()


def parse_page(rel: str, text: str) -> Page:
    """Title, headings and links of one page (fenced code skipped)."""
    meta: object = {}
    text = text.removeprefix("\ufeff")
    body = text
    m = _FRONT.match(text)
    if m:
        try:
            meta = yaml.safe_load(m.group(1) or "") or {}
        except yaml.YAMLError:
            meta = {}
        body = text[m.end() :]
    title = None
    if isinstance(meta, dict) and isinstance(meta.get("title"), str | int | float):
        title = clean(str(meta["title"])) or None
    page = Page(rel=rel, title=title)
    in_fence = False
    for line in body.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        h = _HEADING.match(line)
        if h:
            page.headings.append((len(h.group(1)), clean(h.group(2))))
            if page.title is None and len(h.group(1)) == 1:
                page.title = clean(h.group(2)) or None
        for a in _LINK.finditer(line):
            page.links.append((clean(a.group(1)), a.group(2)))
    return page


def resolve(src: str, target: str, pages: set[str]) -> str | None:
    """The corpus page a link target points to (None for external links and in-page anchors)."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith(("#", "//")):
        return None
    path = target.split("#", 1)[0].split("?", 1)[0]
    if not path:
        return None
    base = "" if path.startswith("/") else posixpath.dirname(src)
    p = posixpath.normpath(posixpath.join(base, path.lstrip("/"))).removesuffix(".html")
    for cand in (p, p + ".md", posixpath.join(p, "index.md")):
        if cand in pages:
            return cand
    return None


def corpus_files(src: Path, every: int = 1) -> list[Path]:
    """The `.md` pages under src in path order; with every=N only each N-th (a smaller corpus)."""
    return sorted(src.rglob("*.md"))[:: max(1, every)]


def load_pages(src: Path, every: int = 1) -> dict[str, Page]:
    """Every `.md` page under src (or each `every`-th), by path relative to src."""
    out = {}
    for f in corpus_files(src, every):
        rel = f.relative_to(src).as_posix()
        out[rel] = parse_page(rel, f.read_text(encoding="utf-8", errors="replace"))
    return out


def _usable(text: str) -> bool:
    return len(text) >= 3 and text.lower() not in _GENERIC


def build_queries(pages: dict[str, Page], seed: int = 20) -> list[Query]:
    """Title, anchor and heading queries of a corpus, each tagged dev or test by its answer page."""
    names = set(pages)
    order = sorted(names)
    random.Random(seed).shuffle(order)
    split = {p: ("dev" if i < len(order) // 2 else "test") for i, p in enumerate(order)}
    by_kind: dict[str, dict[str, set[str]]] = {"title": {}, "anchor": {}, "heading": {}}
    shown: dict[tuple[str, str], str] = {}
    for rel, page in sorted(pages.items()):
        found: list[tuple[str, str, str]] = []
        if page.title and _usable(page.title):
            found.append(("title", page.title, rel))
        for level, text in page.headings:
            if level in (2, 3) and _usable(text):
                found.append(("heading", text, rel))
        for text, target in page.links:
            dest = resolve(rel, target, names)
            if dest is not None and dest != rel and _usable(text):
                found.append(("anchor", text, dest))
        for kind, text, gold in found:
            key = text.lower()
            shown.setdefault((kind, key), text)
            by_kind[kind].setdefault(key, set()).add(gold)
    queries = []
    for kind, table in by_kind.items():
        for key, gold in sorted(table.items()):
            if kind == "anchor" and len(gold) > 1:
                continue  # the same words link to different pages: no single answer
            g = sorted(gold)
            queries.append(Query(f"{kind}-{len(queries)}", kind, shown[(kind, key)], g, split[g[0]]))
    return queries
