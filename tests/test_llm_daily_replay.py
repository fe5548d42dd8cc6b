"""Recorded daily answers (English and Japanese, good and broken) replayed through litellm's mock_response.

Each case says what is written, what stays pending, and what the retry told the model.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from llm_support import (
    SEEDED,
    ReplayEngine,
    changed,
    files,
    memory,
    pending_ids,
    seed_notes,
    single_answer,
    write_day,
)

from memdir.runs.state import EpisodeState

EN_WRITTEN = ["knowledge/flaky-ci-root-cause.md", "knowledge/postgresql-for-new-services.md", SEEDED[1]]
# the certificate episode records a failure and what changes from now on (今後…にする): its one note is the
# lesson, every sentence in it (trial 9: no knowledge note beside it that says the same again)
JA_LESSON = "knowledge/lessons/証明書の期限切れ.md"
JA_WRITTEN = ["knowledge/dockerfile-では依存を先に-copy-する.md", JA_LESSON, SEEDED[1]]


def _run(root: Path, answers: list[object], lang: str = "en", **cfg: object):  # type: ignore[no-untyped-def]
    mem = memory(root)
    seed_notes(root)
    write_day(root, lang)
    before = files(root)
    engine = ReplayEngine(answers, **cfg)
    report = mem.daily_consolidator(engine=engine, sync_index=False).run()
    return mem, engine, report, changed(before, files(root))


@pytest.mark.parametrize(
    ("answer", "lang", "written"),
    [
        ("daily/en_good.json", "en", EN_WRITTEN),
        ("daily/en_prose.txt", "en", EN_WRITTEN),  # prose and a fence around the JSON
        ("daily/en_wrong_fields.json", "en", EN_WRITTEN),  # `note`/`content`, `procedure`, `Knowledge`
        ("daily/ja_good.json", "ja", JA_WRITTEN),
        ("daily/ja_prose.txt", "ja", JA_WRITTEN),
    ],
)
def test_usable_answers_are_written_in_one_call(
    root: Path, answer: str, lang: str, written: list[str]
) -> None:
    mem, engine, report, touched = _run(root, [answer], lang)
    assert touched == written
    assert report.pending == 0 and report.incomplete is None and not report.errors
    assert len(engine.calls) == 1 and report.stats["llm_calls"] == 1
    assert report.skipped == 1 and pending_ids(mem) == []
    assert len(EpisodeState(root).done) == 4


def test_what_the_notes_say(root: Path) -> None:
    _run(root, ["daily/ja_good.json"], "ja")
    deploy = (root / SEEDED[1]).read_text(encoding="utf-8")
    assert deploy.startswith("---\ndescription: Run `make build`\norigin: human\n")  # the person's note kept
    assert "サービスをステージングにデプロイする\n\n1. `make migrate ENV=staging` を実行する" in deploy
    assert "deploy/{service}" in deploy  # generalised, not `deploy/notifications`
    lesson = (root / JA_LESSON).read_text(encoding="utf-8")
    assert (
        "原因は cert-manager の ClusterIssuer のメールアドレスが退職者のもの" in lesson
        and "origin: daily" in lesson
    )
    fixes = lesson.split("## What worked instead\n", 1)[1].split("\n\n", 1)[0]
    assert "今後 issuer のメールはチームのメーリングリスト infra@example.com にする。" in fixes, lesson


def test_the_model_sees_each_episodes_own_related_notes_with_an_excerpt(root: Path) -> None:
    _, engine, _, _ = _run(root, ["daily/en_good.json"])
    user = engine.calls[0].user
    e1 = user[user.index('<related episode="E1">') : user.index('<episode id="E2">')]
    assert 'N1 (knowledge) "Flaky CI root cause": Tests shared one temp dir' in e1
    e3 = user[user.index('<related episode="E3">') : user.index('<episode id="E4">')]
    assert "no related notes" in e3
    assert "ghp_abcdefghijklmnopqrstuvwxyz0123456789" not in user and "[REDACTED]" in user


def test_one_bad_episode_does_not_hold_back_the_others(root: Path) -> None:
    # E2's kind is 手順 ("procedure" in Japanese): E1, E3 and E4 are written from the first answer;
    # the retry asks for E2 alone, says what was wrong, and gets a good answer.
    mem, engine, report, touched = _run(root, ["daily/ja_bad_kind.json", "daily/ja_good.json"], "ja")
    assert touched == JA_WRITTEN and report.pending == 0
    retry = engine.calls[1].user
    assert '<episode id="E2">' in retry and '<episode id="E1">' not in retry
    assert "Your previous answer for E2 could not be used:\n- E2: parts.0.kind: Input should be" in retry


def test_an_episode_rejected_twice_stays_pending_alone(root: Path) -> None:
    mem, engine, report, touched = _run(root, ["daily/ja_bad_kind.json"], "ja")
    assert touched == JA_WRITTEN[:2]  # the deploy note is not touched
    assert report.pending == 1 and pending_ids(mem) == ["notifications をステージングにデプロイ"]
    assert report.pending_reasons == {"the model's answer was rejected": 1}
    assert report.incomplete == (
        "daily run incomplete: 1 episode left pending (the model's answer was rejected: 1); "
        "the next run tries again"
    )
    assert len(engine.calls) == 2
    alone = single_answer("daily/ja_good.json", 1)  # now the only episode: E1
    again = mem.daily_consolidator(engine=ReplayEngine([alone]), sync_index=False).run()
    assert again.updated == [SEEDED[1]] and again.pending == 0  # the next run finishes it


def test_unparseable_answer_is_retried_with_the_reason_then_split(root: Path) -> None:
    mem, engine, report, touched = _run(root, ["I could not read the episodes, sorry.", "no JSON again"])
    assert touched == [] and report.pending == 4
    assert engine.calls[1].user.endswith(
        "Your previous answer for E1, E2, E3, E4 could not be used:\n- the answer holds no JSON object\n"
        "Answer again for E1, E2, E3, E4 only, with the whole JSON object and nothing else."
    )
    # then halves (E1, E2 | E3, E4), each with a retry, then single episodes on their last try
    asked = [
        sorted(set(c.user.split('<episode id="')[1:][i][:2] for i in range(c.user.count('<episode id="'))))
        for c in engine.calls
    ]
    assert asked[:2] == [["E1", "E2", "E3", "E4"]] * 2 and ["E1", "E2"] in asked and ["E1"] in asked
    assert len(engine.calls) <= 12 and all(e.startswith("episodes/") for e in report.errors)


def test_truncated_answer_is_split_without_a_useless_retry(root: Path) -> None:
    mem, engine, report, touched = _run(root, ["daily/en_truncated.length.txt", "daily/en_good.json"])
    assert touched == EN_WRITTEN and report.pending == 0
    assert len(engine.calls) == 3  # the cut answer, then one call per half
    assert (
        engine.calls[1].user.count('<episode id="') == 2 and engine.calls[2].user.count('<episode id="') == 2
    )


def test_the_schema_is_sent_where_the_provider_takes_one(root: Path) -> None:
    from memdir.consolidation.daily.route_answer import DailyAnswer

    _, engine, _, _ = _run(root, ["daily/en_good.json"])
    assert engine.calls[0].schema is DailyAnswer
    assert engine.calls[0].request["response_format"] is DailyAnswer  # gpt-4o-mini: json_schema, strict
    assert engine.calls[0].request["max_tokens"] == 4096
