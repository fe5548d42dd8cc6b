"""`parse_yaml` keeps each frontmatter it parsed (by its text) and hands out copies of it.

One daily run parses the same note several times (the write's check, the lesson step, forgetting);
the kept parse must never leak a caller's change into the next reader, and a copy must dump exactly
as the parse would (comments, quoting, line numbers, time zones).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from memdir.errors import NoteError
from memdir.notes.frontmatter import _yaml, key_line, parse_yaml
from memdir.notes.store import NoteStore

YAML = """# a person's comment
title: "Quoted title"
tags: [ops, on-call]  # flow style
sources:
- episodes/2026-11-28.md#1030-fix-ci
created_at: 2026-09-15T09:00:00+09:00
updated_at: '2026-09-15T09:00:00+09:00'
confidence: 0.50
nested:
  a: [1, 2]
"""


def _dump(meta: object) -> str:
    buf = io.StringIO()
    _yaml().dump(meta, buf)
    return buf.getvalue()


def test_a_second_parse_is_a_copy_that_dumps_as_the_first() -> None:
    first = parse_yaml(YAML)
    second = parse_yaml(YAML)
    assert first is not second and first == second
    assert _dump(first) == _dump(second) == _dump(_yaml().load(YAML))
    assert [key_line(first, k) for k in first] == [key_line(second, k) for k in second]
    assert second["created_at"].tzinfo is not None  # a deep copy of ruamel's TimeStamp drops it


def test_changing_a_parse_does_not_change_the_next_one() -> None:
    meta = parse_yaml(YAML)
    meta["title"] = "changed"
    meta["tags"].append("x")
    meta["nested"]["a"].append(3)
    meta["sources"].clear()
    del meta["confidence"]
    again = parse_yaml(YAML)
    assert again["title"] == "Quoted title" and list(again["tags"]) == ["ops", "on-call"]
    assert list(again["nested"]["a"]) == [1, 2] and len(again["sources"]) == 1 and "confidence" in again
    assert _dump(again) == _dump(_yaml().load(YAML))


def test_a_refused_frontmatter_names_the_path_of_each_reader() -> None:
    bad = "title: [unclosed\n"
    with pytest.raises(NoteError, match=r"^knowledge/a\.md: invalid YAML frontmatter"):
        parse_yaml(bad, "knowledge/a.md")
    with pytest.raises(NoteError, match=r"^knowledge/b\.md: invalid YAML frontmatter"):
        parse_yaml(bad, "knowledge/b.md")  # the kept refusal, with this reader's path


def test_a_note_edited_on_disk_is_read_with_its_new_frontmatter(root: Path) -> None:
    store = NoteStore(root)
    (root / "knowledge").mkdir(exist_ok=True)
    file = root / "knowledge" / "a.md"
    file.write_text("---\ntitle: old\ntags: [a]\n---\n\n# A\n", encoding="utf-8")
    assert store.read("knowledge/a.md").meta["title"] == "old"
    file.write_text("---\ntitle: new\ntags: [a]\n---\n\n# A\n", encoding="utf-8")  # same size, in place
    assert store.read("knowledge/a.md").meta["title"] == "new"


def test_a_long_list_is_copied_in_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """A procedure with hundreds of sources is read in linear time: ruamel's own deep copy of a list copies its
    line and column table after every item (800 sources: 1.4 s per read, quadratic); the copy does it once."""
    from ruamel.yaml.comments import CommentedSeq

    text = "title: t\nsources:\n" + "".join(
        f"- episodes/2026-11-{i % 28 + 1:02d}.md#s{i}\n" for i in range(800)
    )
    parse_yaml(text)  # kept
    calls: list[int] = []
    original = CommentedSeq.copy_attributes

    def counted(self: CommentedSeq, t: object, memo: object = None) -> object:
        calls.append(1)
        return original(self, t, memo)

    monkeypatch.setattr(CommentedSeq, "copy_attributes", counted)
    copy = parse_yaml(text)
    assert len(calls) <= 2
    assert len(copy["sources"]) == 800 and key_line(copy, "sources") == key_line(
        _yaml().load(text), "sources"
    )
    assert _dump(copy) == _dump(_yaml().load(text))
