"""A step writes a logged JSON boolean as the log spelt it (`true`), never Python's `True` (trial 20's re-check:
an agent copying `requires.fasting=True` into a call sends the string "True")."""

from __future__ import annotations

from memdir.consolidation.weekly.steps import input_text


def test_a_json_boolean_in_a_call_is_written_as_json_spells_it() -> None:
    args = '{"dog": {"name": "Pip", "neutered": true}, "walk": {"off_lead": false, "minutes": 45}}'
    text = input_text(args)
    assert "neutered=true" in text and "off_lead=false" in text and "minutes=45" in text
    assert "True" not in text and "False" not in text
