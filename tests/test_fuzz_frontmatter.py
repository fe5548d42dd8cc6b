"""Fuzzing the frontmatter parser and surgical updater: only NoteError escapes; edits keep other bytes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from memdir.errors import NoteError
from memdir.notes.frontmatter import parse_yaml, render_note, split_text, update_text
from memdir.notes.model import Note

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text that looks like frontmatter often enough to reach the YAML parser and the updater.
_yaml_bits = st.sampled_from(
    [
        "---\n",
        "---\r\n",
        "...\n",
        "a: 1\n",
        "b: [1, 2]\n",
        "c: {x: 1}\n",
        "- x\n",
        "  - y\n",
        "tags:\n",
        "  - t\n",
        "d: 'q'\n",
        'e: "q # not a comment"\n',
        "# comment\n",
        "f: 1 # c\n",
        "&a x: *a\n",
        "!!python/object:os.system\n",
        "g: |\n  block\n",
        ": \n",
        "\t\n",
        "key\n",
        "description: hi\n",
        "confidence: 0.4\n",
        "\ufeff",
        "\x00",
        "日本語: 値\n",
        "?\n",
        "{\n",
        "[\n",
        "h: !!binary aGk=\n",
        "i: 2026-11-28\n",
        "<<: {j: 1}\n",
        "%YAML 1.2\n",
        "k: @x\n",
        "\n",
    ]
)
note_texts = st.one_of(
    st.text(max_size=300),
    st.lists(st.one_of(_yaml_bits, st.text(max_size=12)), max_size=25).map("".join),
    st.lists(_yaml_bits, max_size=20).map(lambda parts: "---\n" + "".join(parts) + "---\nbody\n"),
)
keys = st.sampled_from(["description", "confidence", "tags", "success_count", "new_key", "日本", "a", "f"])
values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=40),
    st.lists(st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=10), max_size=4),
)
changes_st = st.dictionaries(keys, values, max_size=3)


@FUZZ
@given(note_texts)
def test_split_text_always_rejoins_to_the_same_bytes(text: str) -> None:
    """split_text never raises and never loses a byte."""
    assert split_text(text).join() == text


@FUZZ
@given(note_texts)
def test_parse_yaml_raises_only_note_error(text: str) -> None:
    """Any frontmatter parses to a mapping or raises NoteError: no other exception escapes."""
    split = split_text(text)
    try:
        data = parse_yaml(split.yaml_text, "knowledge/x.md")
    except NoteError:
        return
    assert isinstance(data, dict)


@FUZZ
@given(note_texts)
def test_note_from_text_raises_only_note_error(text: str) -> None:
    """Reading any text as a note succeeds or raises NoteError; description and title never raise."""
    try:
        note = Note.from_text("knowledge/x.md", text)
    except NoteError:
        return
    assert isinstance(note.description, str)
    assert isinstance(note.title, str)


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


@FUZZ
@given(note_texts, changes_st)
def test_update_text_round_trips_changed_keys_and_keeps_other_bytes(
    text: str, changes: dict[str, Any]
) -> None:
    """update_text succeeds or raises NoteError; after it, the changed keys read back and the body is untouched."""
    try:
        new = update_text(text, changes)
    except NoteError:
        return
    split_new = split_text(new)
    meta = parse_yaml(split_new.yaml_text)
    for key, value in changes.items():
        got = _plain(meta[key])
        if isinstance(value, float):
            assert got == pytest.approx(value, rel=1e-6, abs=1e-9)
        else:
            assert got == value, (key, value, new)
    old = split_text(text)
    if old.has_frontmatter:
        assert split_new.body == old.body
        # keys that were not changed keep their values
        try:
            old_meta = parse_yaml(old.yaml_text)
        except NoteError:
            return
        for key in old_meta:
            if key not in changes:
                assert _plain(meta[key]) == _plain(old_meta[key])
    else:
        assert split_new.body == text


@FUZZ
@given(
    st.dictionaries(st.text(min_size=1, max_size=15), st.text(max_size=30), max_size=5), st.text(max_size=200)
)
def test_render_note_then_read_returns_the_same_meta(meta: dict[str, str], body: str) -> None:
    """A new note rendered from any string meta parses back to the same keys and values."""
    assume(all(k.strip() == k and k for k in meta))
    try:
        text = render_note(meta, body)
    except NoteError:
        return
    try:
        note = Note.from_text("knowledge/x.md", text)
    except NoteError:
        pytest.fail(f"render_note wrote frontmatter it cannot read back: {text!r}")
    assert {k: note.meta[k] for k in meta} == meta


def test_update_keeps_comments_order_and_body_bytes() -> None:
    """A concrete person-written note: only the changed line differs after an update."""
    text = (
        '---\n# my note\ndescription: "Rotate keys"  # keep\ntags: [ops, db]\nconfidence: 0.5\n'
        "custom:\n  nested: [1, 2]\n---\n\nBody line\r\nwith CRLF   \n"
    )
    new = update_text(text, {"confidence": 0.6})
    assert new == text.replace("confidence: 0.5", "confidence: 0.6")


@pytest.mark.parametrize("value", ["a\x85b", "\x85", "line\u2028sep", "nul\x00", "esc\x1b"])
def test_regression_nel_in_values_survives_render_and_update(value: str) -> None:
    """Bug found by fuzzing: U+0085 (NEL) was written unescaped and read back as a space."""
    rendered = render_note({"description": value, "tags": [value]}, "body")
    meta = Note.from_text("knowledge/x.md", rendered).meta
    assert meta["description"] == value and list(meta["tags"]) == [value]
    updated = update_text("---\na: 1\n---\nbody\n", {"description": value})
    assert Note.from_text("knowledge/x.md", updated).meta["description"] == value
