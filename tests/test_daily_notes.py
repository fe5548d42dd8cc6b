"""Notes a person keeps: titles, descriptions and steps shaped from the episode's own words."""

from __future__ import annotations

import re

import pytest

from memdir.consolidation.daily.shape import shape
from memdir.consolidation.daily.shape_text import past_to_base

FIX = (
    "Finally got the staging certs renewing again. Writing down what I did so I don't forget: first I checked "
    "the cert-manager logs, which showed the DNS-01 challenge failing. Then I rotated the DNS API token and "
    "updated the secret. After that I deleted the failed CertificateRequest so it retried."
)
INCIDENT = (
    "For six days the nightly backup produced a 4 KB file. The dump failed on auth after the password rotation, "
    "but the script only checked the exit code of gzip. Root cause: without pipefail, a pipeline reports the "
    "status of its last command."
)
GREETED = "Hi all,\n\nTo restart the queue: stop the workers, then run `queuectl drain` and start them again.\n\nThanks!"


def _words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]{3,}", text.lower())) | set(
        re.findall(r"[\u3040-\u30ff\u4e00-\u9fff]", text)
    )


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("procedures", FIX),
        ("knowledge", INCIDENT),
        ("procedures", GREETED),
        (
            "procedures",
            "本番へのデプロイ手順をまとめた。まず PR をマージする。次にタグを作る。最後にジョブを実行する。",
        ),
        ("knowledge", "Lessons from the outage:\n\n1. Alerts fired late.\n2. Nobody owned the replica."),
    ],
)
def test_nothing_is_invented(kind: str, text: str) -> None:
    s = shape(kind, "", text)
    allowed = _words(text) | {past_to_base(w) or w for w in _words(text)}
    for field in (s.text, s.description):  # desc22: a description may count steps ("3 steps, from … to …")
        assert _words(field) <= _words(text) | _words("steps from つの手順からまで"), field
    assert _words(s.title) <= allowed  # the title may put a leading verb in its base form


def test_a_fix_story_keeps_its_outcome_as_context_and_numbers_the_steps() -> None:
    s = shape("procedures", "", FIX)
    lines = s.text.splitlines()
    assert lines[0] == "Finally got the staging certs renewing again."
    assert lines[2].startswith("1. First I checked the cert-manager logs") and "Writing down" not in s.text
    assert s.title == "Renew the staging certs" and not s.description.startswith("Writing down")


def test_a_knowledge_description_is_its_root_cause_not_its_first_sentence() -> None:
    s = shape("knowledge", "The week the backups were empty", INCIDENT)
    assert s.description.startswith("Root cause: without pipefail")
    assert s.text == INCIDENT and s.title == "The week the backups were empty"


def test_greetings_and_sign_offs_are_dropped() -> None:
    s = shape("procedures", "", GREETED)
    assert "Hi all" not in s.text and "Thanks" not in s.text and s.text.startswith("To restart the queue")
    assert s.title == "Restart the queue" and s.description.startswith("Stop the workers, then run")


def test_titles_a_person_would_write() -> None:
    assert shape("procedures", "", "Rotated the database password again today, the usual steps.").title == (
        "Rotate the database password"
    )
    assert (
        shape("knowledge", "", "Lessons from the outage:\n\n1. Alerts fired late.").title
        == "Lessons from the outage"
    )
    assert shape("procedures", "", "```bash\n# free up a stuck print queue\ncancel -a -\n```").title == (
        "Free up a stuck print queue"
    )
    assert shape("knowledge", "Why we pin numpy", "We pin numpy because 2.0 broke the build.").title == (
        "Why we pin numpy"
    )


def test_a_japanese_cause_announcement_gives_way_to_the_cause() -> None:
    s = shape(
        "knowledge",
        "",
        "差し戻しが多い件、原因が分かった。定期区間を登録していないとエラーになる仕様だった。",
    )
    assert s.description == "定期区間を登録していないとエラーになる仕様だった。"


def test_a_long_letter_keeps_its_paragraphs() -> None:
    letter = "\n\n".join(
        f"Part {i}: open the tool, pick the report and export it. Then send it to finance." for i in range(4)
    )
    assert shape("procedures", "", letter).text == letter


@pytest.mark.parametrize(
    ("kind", "text", "title"),
    [
        (
            "procedures",
            "Got the staging certs renewing again. The cron job had died; I reinstalled certbot, ran "
            "`certbot renew --dry-run`, then re-enabled the timer.",
            "Renew the staging certs",
        ),
        (
            "procedures",
            "Managed to get the VPN working on the new laptops. Install the profile, then reboot, then log in.",
            "Get the VPN working on the new laptops",
        ),
        (
            "knowledge",
            "Turns out the queue drops messages over 256 KB without an error, so large payloads go to S3.",
            "The queue drops messages over 256 KB without an error",
        ),
    ],
)
def test_a_title_names_the_task_or_the_fact_not_how_the_day_went(kind: str, text: str, title: str) -> None:
    assert shape(kind, "", text).title == title
