"""Titles as real notes write them: frontmatter `title:` first, then the first heading, then the file name.

Real documentation (the Vue and uv docs, Hugo and VitePress sites) puts the page title in the
frontmatter and often has no `# ` heading at all; headings carry custom ids (`{#setup}`);
code blocks hold `# comments`. Aliases and a summary are other ways a note is asked for.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memdir import Memory
from memdir.index.embedder import get_embedder
from memdir.notes.model import Note


def write(root: Path, rel: str, text: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("rel", "text", "title"),
    [
        ("knowledge/a.md", "---\ntitle: Working on projects\n---\n\n# Projects\n", "Working on projects"),
        ("knowledge/a.md", "---\ntitle: 1984\n---\nbody\n", "1984"),
        ("knowledge/a.md", "---\ntitle: [not, a, title]\n---\n# Heading\n", "Heading"),
        (
            "knowledge/a.md",
            "# Reactivity Fundamentals {#reactivity-fundamentals}\n",
            "Reactivity Fundamentals",
        ),
        ("knowledge/a.md", "\ufeff# Plugins {#plugins}\n\ntext\n", "Plugins"),
        ("knowledge/a.md", "# \\<script setup> {#script-setup}\n", "<script setup>"),
        ("knowledge/a.md", "```bash\n# install the tools\nmake\n```\n\n# Build guide\n", "Build guide"),
        ("knowledge/a.md", "````md\n```\n# inside\n```\n````\n# After ##\n", "After"),
        ("knowledge/guide/index.md", "no heading here\n", "guide"),
        ("knowledge/guide/_index.md", "---\ndescription: d\n---\ntext\n", "guide"),
        ("knowledge/index.md", "text\n", "index"),
        ("knowledge/rotate-keys.md", "```\n# only a comment\n```\n", "rotate-keys"),
    ],
)
def test_title_order_frontmatter_heading_file_name(rel: str, text: str, title: str) -> None:
    assert Note.from_text(rel, text).title == title


def test_a_heading_as_description_loses_its_custom_id() -> None:
    """Without a `description:` the first line stands in; a heading shows as its text."""
    note = Note.from_text(
        "knowledge/a.md", "# リアクティビティー API: 上級編 {#reactivity-api-advanced}\n\ntext\n"
    )
    assert note.description == "リアクティビティー API: 上級編"
    assert (
        Note.from_text("knowledge/b.md", "\nplain first line {#kept}\n").description
        == "plain first line {#kept}"
    )
    assert Note.from_text("knowledge/c.md", "---\ndescription: Given\n---\n# H {#h}\n").description == "Given"


def test_aliases_and_summary_are_read_from_frontmatter() -> None:
    note = Note.from_text(
        "knowledge/x.md",
        "---\naliases: [Key rotation, 鍵の更新]\nsummary: |\n  How keys\n  rotate.\n---\nbody\n",
    )
    assert note.aliases == ["Key rotation", "鍵の更新"]
    assert note.summary == "How keys rotate."
    assert Note.from_text("knowledge/y.md", "---\naliases: One name\n---\n").aliases == ["One name"]
    assert Note.from_text("knowledge/z.md", "---\naliases: {a: 1}\nsummary: 3\n---\n").aliases == []


@pytest.fixture
def docs(root: Path) -> Path:
    """Pages shaped like the uv and Vue docs: titles in frontmatter, bodies that never repeat them."""
    write(
        root,
        "knowledge/guides/projects.md",
        "---\ntitle: Working on projects\ndescription: A guide to uv projects.\n---\n\n"
        "uv supports managing Python projects, which define their dependencies in a file.\n",
    )
    write(
        root,
        "knowledge/guides/tools.md",
        "---\ntitle: Using tools\n---\n\nMany Python packages provide applications that can be used as tools.\n",
    )
    write(
        root,
        "knowledge/ja/computed.md",
        "---\ntitle: 算出プロパティ\n---\n\nテンプレート内の式はとても便利ですが、シンプルな演算のためのものです。\n",
    )
    write(
        root,
        "knowledge/keys.md",
        "---\naliases: [credential rollover]\nsummary: Every quarter the signing keys are replaced.\n---\n\n"
        "# Rotating keys\n\nSee the runbook.\n",
    )
    return root


def test_frontmatter_titles_are_indexed_and_shown(docs: Path) -> None:
    mem = Memory(docs, embedder=get_embedder("hashing"))
    hits = mem.search("Working on projects", k=3, mode="lexical")
    assert hits[0].path == "knowledge/guides/projects.md" and hits[0].title == "Working on projects"
    ja = mem.search("算出プロパティ", k=3, mode="lexical")
    assert ja[0].path == "knowledge/ja/computed.md" and ja[0].title == "算出プロパティ"
    titles = {r.path: r.title for r in mem.index.view().catalog.records.values()}
    assert titles["knowledge/guides/tools.md"] == "Using tools"


def test_aliases_and_summary_find_the_note(docs: Path) -> None:
    mem = Memory(docs, embedder=get_embedder("hashing"))
    assert mem.search("credential rollover", k=1, mode="lexical")[0].path == "knowledge/keys.md"
    assert mem.search("signing keys replaced", k=1, mode="lexical")[0].path == "knowledge/keys.md"
    assert mem.search("credential rollover", k=1)[0].title == "Rotating keys"
