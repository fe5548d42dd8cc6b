"""Trial 17 #5: a text with no step in it is no procedure, and a writer never numbers what happened.

A veterinary practice's client call told as it went (English) and a language school's handover between
reception and the teachers (「…まだ確認できていません。明日経理に電話してください。」) hold no step to perform; the router's model read such texts
as steps and each became a procedure whose "steps" were its sentences, numbered. A real prose procedure in
the same file stays a procedure (route_no_steps.py, docs/daily.md "Rule layer").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from memdir.consolidation.daily.shape import shape

Cli = Callable[..., CompletedProcess[str]]
DAY = (date.today() - timedelta(days=2)).isoformat()

CLINIC = """## 10:15 — Call with Mr. Okoye (Rex, shepherd)

Mr. Okoye called about Rex's first hip X-ray. He adopted Rex in March and moved to the city in June, but never registered him with the council. I told him he can still register him now, and that the puppy vaccination discount has passed. He will send the shelter papers and the microchip number by Friday. He asked whether pet insurance covers the X-ray: yes, as the policy started before the limp. Follow up next week.

## 17:40 — 申し送り（受付→教務）

・山本さんの入学金の振込がまだ確認できていません。明日経理に電話してください。
・Leeさんの件はEmma先生が担当。書類が届いたら共有フォルダへ。
・コピー機のトナー残り少ない。

## 15:00 — Before a dental under anaesthesia

First confirm with the owner that the dog has fasted since 10 pm, then weigh the dog and recalculate the premedication dose. Place the IV catheter in the cephalic vein and start fluids at 5 ml/kg/h. Finally check the anaesthetic machine for leaks before induction.
"""


@pytest.mark.slow
def test_texts_with_no_step_are_no_procedures(root: Path, run_cli: Cli) -> None:
    (root / "episodes" / f"{DAY}.md").write_text(f"---\ndate: {DAY}\n---\n\n{CLINIC}", encoding="utf-8")
    done = run_cli("consolidate", "daily", "--date", DAY, "--json")
    assert done.returncode == 0, done.stderr
    rows = {r["episode"].split("#", 1)[1]: r for r in json.loads(done.stdout)["episodes"]}
    for key in ("1015-call-with-mr-okoye-rex-shepherd", "1740-申し送り受付教務"):
        row = rows[key]
        assert row["action"] != "create" or not str(row["target"]).startswith("procedures/"), row
    procs = {p.name: p.read_text(encoding="utf-8") for p in (root / "procedures").glob("*.md")}
    assert len(procs) == 1, procs  # the dental checklist, and only it
    (dental,) = procs.values()
    assert "Place the IV catheter" in dental
    for text in procs.values():
        assert "Mr. Okoye called" not in text and "山本さん" not in text


def test_statements_of_what_happened_are_never_numbered() -> None:
    en = shape(
        "procedures",
        "Call with Mr. Brandt",
        "Mr. Brandt asked whether his cat still needs the dental. She is fourteen and her kidney values "
        "were borderline in May. We went through the risks with him. He decided to wait until spring.",
    )
    assert "1. " not in en.text and "2. " not in en.text, en.text
    assert "Mr. Brandt asked whether" in en.text


def test_japanese_statements_of_what_happened_are_never_numbered() -> None:
    ja = shape(
        "procedures",
        "電話メモ（田村さん）",
        "田村さんから、モモちゃんの去勢手術の日程について電話があった。来月は出張が多いとのこと。"
        "先生と相談した結果、再来週の火曜に決まった。",
    )
    assert "1. " not in ja.text, ja.text
