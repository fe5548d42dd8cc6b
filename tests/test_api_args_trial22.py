"""Trial 22 #2 and #8: the Python API refuses a wrong argument type with one InputError naming it.

Before, `feedback(path, success="no")` counted a success (a non-empty string is true),
`tags="dental"` became one tag per letter, and `Memory(5)`, `search(None)`, `add_note(.., None)`
raised TypeError/AttributeError from deep inside, outside memdir's error hierarchy. A bakery's
notes, in English and Japanese.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import memdir
from memdir import Memory
from memdir.errors import InputError, MemdirError, RootNotFound, StoreWriteError


def _proc(mem: Memory, title: str = "Proof the sourdough") -> str:
    return mem.add_note("procedures", title, "1. Feed the starter\n2. Shape the loaves\n3. Proof overnight")


def _counts(mem: Memory, path: str) -> tuple[object, object]:
    meta = mem.read_note(path).meta
    return meta.get("success_count"), meta.get("failure_count")


@pytest.mark.parametrize("value", ["no", "false", "failed", "yes", "true", 0, 1, None, 0.0, "", [True]])
def test_feedback_refuses_an_outcome_that_is_not_true_false_or_the_two_words(mem: Memory, value: Any) -> None:
    path = _proc(mem)
    before = (mem.root / path).read_bytes()
    with pytest.raises(InputError, match="`success` must be True or False"):
        mem.feedback(path, success=value)
    assert (mem.root / path).read_bytes() == before  # nothing recorded


def test_feedback_takes_the_words_success_and_failure_as_the_cli_flags_do(mem: Memory) -> None:
    path = _proc(mem, "パン生地の一次発酵")
    mem.feedback(path, success="failure")
    mem.feedback(path, success=" Success ")
    mem.feedback(path, success=False)
    assert _counts(mem, path) == (1, 2)


def test_task_feedback_refuses_the_same_values(mem: Memory) -> None:
    path = _proc(mem)
    with mem.task("bake the morning batch") as t:
        with pytest.raises(InputError, match="`success`"):
            t.feedback(path, success="no")
        event = t.feedback(path, success="failure")
        t.success()
    assert event["outcome"] == "failure"
    lines = "".join(p.read_text() for p in (mem.root / "activity").glob("*.jsonl"))
    assert lines.count('"type": "feedback"') == 1


def test_tags_given_as_one_string_are_refused_not_split_into_letters(mem: Memory) -> None:
    with pytest.raises(InputError, match=r"one string 'rye'.*\['rye'\]"):
        mem.add_note("knowledge", "Rye flour", "Rye needs more water.", tags="rye")  # type: ignore[arg-type]
    assert not (mem.root / "knowledge" / "rye-flour.md").exists()
    path = mem.add_note("knowledge", "ライ麦粉", "ライ麦は水を多めに。", tags=["rye", "ライ麦"])
    assert mem.read_note(path).tags == ["rye", "ライ麦"]


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda m: m.add_episode(123), "`text`"),
        (lambda m: m.add_episode(None), "`text`"),
        (lambda m: m.add_episode("焼成温度を210度に下げた", title=5), "`title`"),
        (lambda m: m.add_episode("Oven fixed", at="2026-12-01T10:00"), "datetime.fromisoformat"),
        (lambda m: m.search(None), "`query`"),
        (lambda m: m.search(42), "`query`"),
        (lambda m: m.search("crumb", k="3"), "`k`"),
        (lambda m: m.search("crumb", k=0), "`k` must be at least 1"),
        (lambda m: m.search("crumb", tags="rye"), "`tags`"),
        (lambda m: m.context(5), "`query`"),
        (lambda m: m.context("crumb", budget="800"), "`budget`"),
        (lambda m: m.add_note("knowledge", 42, "x"), "`title`"),
        (lambda m: m.add_note("knowledge", "Crumb", None), "`text`"),
        (lambda m: m.read_note(None), "`path`"),
        (lambda m: m.feedback(None, True), "`path`"),
    ],
)
def test_a_wrong_type_is_one_input_error_naming_the_argument(mem: Memory, call: Any, named: str) -> None:
    with pytest.raises(InputError, match=named):
        call(mem)
    assert not list((mem.root / "episodes").iterdir())


@pytest.mark.parametrize("root", [5, b"bakery", 3.5])
def test_memory_refuses_a_root_that_is_not_a_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, root: Any
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match="`root` must be a folder path"):
        Memory(root)
    assert list(tmp_path.iterdir()) == []  # no folder named "5" or "b'bakery'"


def test_init_over_a_file_is_a_store_write_error(tmp_path: Path) -> None:
    (tmp_path / "notes").write_text("a file, not a folder\n")
    with pytest.raises(StoreWriteError, match="notes: a file is there, not a folder"):
        Memory(tmp_path / "notes").init()


def test_the_whole_error_hierarchy_is_exported_from_memdir() -> None:
    from memdir import errors

    for name in (
        "InputError",
        "StoreWriteError",
        "RootNotFound",
        "IndexUnavailable",
        "LLMError",
        "ReviewError",
    ):
        assert name in memdir.__all__ and getattr(memdir, name) is getattr(errors, name)
    assert issubclass(InputError, MemdirError) and issubclass(RootNotFound, MemdirError)
