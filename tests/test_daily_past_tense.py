"""One past-tense list drives both rules that read it: the usage report told as done and the story told in the past.

Before `past_tense.py` each rule had its own irregular verbs: the story rule knew "rebuilt", "lost", "forgot",
"reset", the usage rule did not, so "We rebuilt the search index the usual way, all fine." was no plain report
while "We rebuilt the search index." was a story's past sentence. Pure functions, no model.
"""

from __future__ import annotations

import pytest

from memdir.consolidation.daily.blocks import split_blocks
from memdir.consolidation.daily.past_tense import IRREGULAR_PAST, JA_PAST_END
from memdir.consolidation.daily.route_story import _PAST_EN, _sentence_kind, is_story
from memdir.consolidation.daily.route_usage import _DONE_EN, plain_report
from memdir.consolidation.daily.route_usage_recap import recap_report


def _plain(body: str) -> bool:
    return plain_report(body, split_blocks(body))


def _recap(body: str) -> bool:
    return recap_report(body, split_blocks(body))


@pytest.mark.parametrize("verb", IRREGULAR_PAST)
def test_every_irregular_verb_is_told_as_done_and_in_the_past(verb: str) -> None:
    assert _DONE_EN.match(f"We {verb} the quarterly backup the usual way")  # plain_report, recap_report
    assert _DONE_EN.match(f"{verb.capitalize()} the quarterly backup the usual way")
    assert _PAST_EN.search(f"We {verb} the quarterly backup.")  # is_story
    assert _sentence_kind(f"We {verb} the quarterly backup.") == "past"


def test_a_verb_only_the_story_rule_knew_now_makes_a_plain_report() -> None:
    # 'rebuilt' and 'lost' were in route_story's list and not in route_usage's (main: False)
    assert _plain("Rebuilt the search index the usual way, all fine.")
    assert _recap("Rebuilt the search index the usual way, all fine.")
    assert _plain("Lost ten minutes to the VPN, then did the payroll run as usual. All good.")
    story = "I rebuilt the search index on Monday. It was slow at first. We lost an hour to a stale lock."
    assert is_story(story, split_blocks(story))


def test_the_japanese_past_ending_is_shared_and_each_rule_keeps_its_own_forms() -> None:
    assert set(JA_PAST_END.split("|")) == {"た", "ました", "でした"}
    assert _plain("いつもの手順でバックアップを取りました。")
    assert _sentence_kind("倉庫Bの在庫を数え直しました。") == "past"
    assert _plain("いつもの手順でバックアップ完了。")  # a done noun: the usage rule's own
    assert _sentence_kind("倉庫Bの在庫確認完了。") != "past"  # no past tense for the story rule
    assert not _plain("いつもの手順でバックアップを取る。")  # the plain non-past is no report


def test_an_instruction_with_a_present_like_verb_is_neither() -> None:
    # 'reset', 'set', 'read' are also imperatives: alone, without the usual way, no report and no story
    assert not _plain("Reset the router, then read the log.")
    assert _sentence_kind("Reset the router, then read the log.") == "instruction"
