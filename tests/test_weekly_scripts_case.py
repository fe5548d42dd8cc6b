"""A weekly title in a script without capitals, or that opens with a digit, is described and capitalised
as a person writes it (set 50's Georgian kind: `Ცვილით დამუშავებაの手順` on a development branch)."""

from __future__ import annotations

import pytest

from memdir.consolidation.weekly.dangling_titles import dangling_title
from memdir.consolidation.weekly.purpose import task_phrase


@pytest.mark.parametrize(
    "title",
    ["ცვილით დამუშავება", "মাছ ধরার জাল মেরামত", "ซ่อมร่ม", "3D print of a spare part", "Ремонт пральки"],
)
def test_a_title_with_no_japanese_gets_no_japanese_description(title: str) -> None:
    assert task_phrase(title) == f"Steps for: {title}"


def test_japanese_and_english_titles_keep_their_descriptions() -> None:
    assert task_phrase("提灯の張り替え") == "提灯の張り替えの手順"
    assert task_phrase("Deploy the api to staging").startswith("How to deploy")


def test_a_georgian_title_keeps_its_letters_lower_case() -> None:
    # Georgian's everyday letters (Mkhedruli) have capitals (Mtavruli) that a sentence never starts with
    title = dangling_title("სანთელი", ["ცვილით_დამუშავება qvevri_id=Q-1"], ["ცვილით", "დამუშავება"])
    assert title[:1] == "ც", title
    assert dangling_title("engine", ["repair_engine_v2 id=1"], ["repair", "engine"])[:1] == "R"
