"""A placeholder's name keeps the letters of any script: a Tatar or Faroese key is not cut to `{k_n}`."""

from __future__ import annotations

from memdir.consolidation.weekly.naming import clean_name, key_name


def test_letters_outside_ascii_stay_in_a_name() -> None:
    assert clean_name("kön") == "kön"
    assert clean_name("telefoannûmer") == "telefoannûmer"
    assert clean_name("zıyan") == "zıyan"
    assert clean_name("お届け日") == "お届け日"
    assert clean_name("workOrder") == "work_order"
    assert clean_name("due date!") == "due_date"


def test_a_dotted_key_names_its_last_part_in_its_own_letters() -> None:
    name = key_name("kiterü.kön")
    assert "_" not in name or name.replace("_", "").isalpha()
    assert name in {"kön", "kiterü_kön"}
