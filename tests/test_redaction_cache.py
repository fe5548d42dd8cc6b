"""Redaction keeps what it detected in a text: a daily run scans each episode's text when it reads it,
when it plans its part and when it writes the note. Kept by the whole text, so any change is scanned."""

from __future__ import annotations

import pytest

from memdir import redaction
from memdir.redaction import MASK, find_secrets, redact

SECRET = "AKIAIOSFODNN7EXAMPLF"
TEXT = (
    "We rotated the deploy key today. " * 10 + f"The old one was aws_access_key_id = {SECRET} in the runbook."
)


def test_a_text_is_scanned_once_and_masked_the_same_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = redaction.detect_spans
    monkeypatch.setattr(redaction, "detect_spans", lambda t: calls.append(t) or real(t))
    text = TEXT + " (a text no other test uses)"
    first = redact(text)
    assert SECRET not in first[0] and MASK in first[0] and first[1] >= 1
    assert redact(text) == first and find_secrets(text) == find_secrets(text)
    assert calls == [text]  # scanned once, for redact and find_secrets alike
    edited = text.replace("deploy key", "deploy kez", 1)  # one character changed: scanned afresh
    assert redact(edited)[0] == first[0].replace("deploy key", "deploy kez", 1)
    assert calls == [text, edited]


def test_the_kept_texts_stay_within_their_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(redaction, "LONG_BUDGET", 3 * len(TEXT))
    redaction._LONG.clear()
    redaction._LONG_CHARS[0] = 0
    for i in range(10):
        text = f"{i} {TEXT}"
        assert SECRET not in redact(text)[0]
        assert redaction._LONG_CHARS[0] <= 3 * len(TEXT) + 10
        assert redaction._LONG_CHARS[0] == sum(map(len, redaction._LONG))
