"""Trial 22 re-check N6: `feedback(path, success=numpy.True_)` was refused as "not bool np.True_" although the
outcome came from a NumPy/pandas comparison and is a bool to its user. A NumPy boolean scalar now counts as
True/False; NumPy integers and floats, `0`, `1` and `None` stay refused as before. A print shop's and a
greenhouse's procedures, in English and Japanese.
"""

from __future__ import annotations

from typing import Any

import pytest

from memdir import Memory
from memdir.errors import InputError

np = pytest.importorskip("numpy")


def _proc(mem: Memory, title: str) -> str:
    return mem.add_note("procedures", title, "1. Load the paper\n2. Print a proof\n3. Check the colours")


def _counts(mem: Memory, path: str) -> tuple[object, object]:
    meta = mem.read_note(path).meta
    return meta.get("success_count"), meta.get("failure_count")


def test_feedback_counts_a_numpy_bool_as_the_bool_it_is(mem: Memory) -> None:
    path = _proc(mem, "Print the weekly flyer")
    proofs = np.array([0.91, 0.42])
    mem.feedback(path, success=proofs[0] > 0.5)  # numpy.True_
    mem.feedback(path, success=proofs[1] > 0.5)  # numpy.False_
    mem.feedback(path, success=np.bool_(False))
    assert _counts(mem, path) == (1, 2)


def test_task_feedback_takes_a_numpy_bool_too(mem: Memory) -> None:
    path = _proc(mem, "温室の朝の水やり")
    with mem.task("温室の見回り") as t:
        event = t.feedback(path, success=np.float64(0.2) > 0.5)
        t.success()
    assert event["outcome"] == "failure"


@pytest.mark.parametrize("value", [0, 1, None, "np.True_"])
def test_numpy_numbers_and_other_values_stay_refused(mem: Memory, value: Any) -> None:
    path = _proc(mem, "Print the menu cards")
    before = (mem.root / path).read_bytes()
    for refused in (value, np.int64(1), np.float64(0.0), np.array([True])):
        with pytest.raises(InputError, match="`success` must be True or False"):
            mem.feedback(path, success=refused)
    assert (mem.root / path).read_bytes() == before
