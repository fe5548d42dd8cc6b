"""`memdir context` puts the best-matching note first, whatever a procedure's kind or confidence (trial 29 N1).

Context listed procedures first (highest confidence first), then the other hits in search order: for "e-bike #5
battery dies early" a wash procedure sharing half the task's words (confidence 0.40) led and the battery-check skill
that holds all of them came third. Now a note that search ranks higher and that holds more of the query's words
stays ahead; a skill counts as a how-to like a procedure (before episodes); a procedure that matches as well still
leads (agents/context_order.py). A bakery (English), a shop's till (Japanese) and a boiler note, by the CLI.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

ENV = {"MEMDIR_EMBEDDER": "hashing"}


def _write(root: Path, rel: str, meta: str, body: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(f"---\n{meta.strip()}\n---\n\n{body}", encoding="utf-8")


def _entries(run_cli: Any, query: str) -> list[str]:
    res = run_cli("context", query, "--budget", "1500", env=ENV)
    assert res.returncode == 0, res.stderr
    return re.findall(r"^- `([^`]+)`", res.stdout, re.M)


EN_SHOP = [  # the rest of a small shop's memory: words every note shares weigh little, as in a real root
    (
        "procedures/open-the-shop.md",
        "description: How we open the shop in the morning",
        "# Open the shop\n\n1. Unlock the front door and switch off the alarm.\n2. Turn on the lights and the till.\n"
        "3. Put the sign out on the pavement.\n",
    ),
    (
        "knowledge/suppliers.md",
        "description: Who supplies what and their phone numbers",
        "# Suppliers\n\nFlour from Miller and Sons, milk from the dairy on Hill Road, boxes from PackCo.\n",
    ),
    (
        "procedures/pay-the-staff.md",
        "description: How we pay the staff at the end of the month",
        "# Pay the staff\n\n1. Export the hours from the rota.\n2. Send the hours to the accountant by the 25th.\n",
    ),
]
JA_SHOP = [
    (
        "procedures/開店準備.md",
        "description: 朝の開店準備",
        "# 開店準備\n\n1. 入口の鍵を開けて警報を切る。\n2. 照明をつける。\n3. 看板を外に出す。\n",
    ),
    (
        "knowledge/仕入れ先.md",
        "description: 仕入れ先と電話番号",
        "# 仕入れ先\n\n小麦粉は山田製粉、牛乳は丘の上の牧場から。\n",
    ),
    (
        "procedures/給料の支払い.md",
        "description: 月末の給料の支払い",
        "# 給料の支払い\n\n1. シフト表から勤務時間を出す。\n2. 25日までに税理士に送る。\n",
    ),
]
BAKERY = [
    (
        "skills/sourdough-starter-check.md",
        "description: Checking the sourdough starter when the bread comes out flat",
        "# Sourdough starter check\n\n1. Look for bubbles through the side of the jar four hours after feeding.\n"
        "2. If it has not doubled, feed it twice a day at room temperature for two days.\n",
    ),
    (
        "procedures/clean-the-proofing-room.md",
        "description: How we clean the proofing room on Saturday\nconfidence: 0.8",
        "# Clean the proofing room\n\n1. Take the bread baskets out and brush the flour off.\n"
        "2. Wipe the shelves with warm water, never bleach: the sourdough starter and the bread pick it up.\n"
        "3. Mop the floor and leave the door open to dry.\n",
    ),
]
TILL = [
    (
        "skills/レジの締め方.md",
        "description: 閉店後にレジの現金が合わないときの確認",
        "# レジ現金の確認\n\n1. 千円札と硬貨を数え直す。\n2. 返金伝票が入っていないか確認する。\n",
    ),
    (
        "procedures/閉店後の掃除.md",
        "description: 閉店後のレジ周りと店内の掃除\nconfidence: 0.8",
        "# 閉店後の掃除\n\n1. レジの現金を金庫に入れてから、レジ周りを拭く。\n2. 床を掃除機で吸う。\n3. ゴミを出す。\n",
    ),
]
BOILER = [
    (
        "knowledge/boiler-pressure-drops-overnight.md",
        "description: Why the boiler pressure drops overnight in the guest house",
        "# Boiler pressure drops overnight\n\nThe expansion vessel has lost its charge; the pressure falls below 1 bar by "
        "morning. The plumber recharges it each autumn.\n",
    ),
    (
        "procedures/guest-house-morning-round.md",
        "description: The morning round of the guest house\nconfidence: 0.9",
        "# Guest house morning round\n\n1. Read the boiler pressure gauge and note it in the log.\n"
        "2. Check the breakfast room is laid.\n3. Empty the bins by the door.\n",
    ),
]


@pytest.mark.parametrize(
    ("notes", "rest", "query"),
    [
        pytest.param(
            BAKERY,
            EN_SHOP,
            "sourdough bread comes out flat",
            id="EN skill over a cleaning procedure (main: procedure)",
        ),
        pytest.param(
            TILL,
            JA_SHOP,
            "閉店後にレジの現金が合わない",
            id="JA skill over a cleaning procedure (main: procedure)",
        ),
        pytest.param(
            BOILER,
            EN_SHOP,
            "why does the boiler pressure drop overnight",
            id="EN knowledge over a round (main: procedure)",
        ),
    ],
)
def test_the_note_that_matches_best_leads_a_procedure_that_matches_less(
    root: Path, run_cli: Any, notes: list[tuple[str, str, str]], rest: list[tuple[str, str, str]], query: str
) -> None:
    """Search ranks the note first and it holds more of the query's words; the procedure (a higher confidence)
    shares some of them, enough to be relevant: the note leads."""
    for rel, meta, body in notes + rest:
        _write(root, rel, meta, body)
    best, procedure = notes[0][0], notes[1][0]
    entries = _entries(run_cli, query)
    assert best in entries and procedure in entries, entries  # both relevant: the order is the point
    assert entries.index(best) < entries.index(procedure), entries


def test_a_procedure_that_matches_as_well_still_leads_a_skill_and_an_episode(
    root: Path, run_cli: Any
) -> None:
    """Kept: a how-to leads the day's record, and a procedure leads a note it matches no worse than (by confidence)."""
    _write(
        root,
        "procedures/replace-a-till-roll.md",
        "description: Replace a till roll in the receipt printer\nconfidence: 0.4",
        "# Replace a till roll\n\n1. Open the receipt printer lid.\n2. Drop the till roll in, paper end up.\n",
    )
    _write(
        root,
        "knowledge/till-roll-supplier.md",
        "description: Where we buy till rolls for the receipt printer",
        "# Till roll supplier\n\nPaperCo, boxes of 20.\n",
    )
    (root / "episodes").mkdir(exist_ok=True)
    (root / "episodes" / "2027-03-02.md").write_text(
        "# 2027-03-02\n\n## 09:10 — Till roll\n\nReplaced the till roll in the receipt printer, it was empty.\n",
        encoding="utf-8",
    )
    entries = _entries(run_cli, "replace the till roll in the receipt printer")
    assert entries[0] == "procedures/replace-a-till-roll.md", entries
    episode = [e for e in entries if e.startswith("episodes/")]
    assert not episode or entries.index(episode[0]) > 0, entries
