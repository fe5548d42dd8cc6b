"""Trial 25 second re-check: a plural's possessive name, and review items' descriptions cut whole.

- M4: "Delivered MF-12 to Midori Foods' portal the usual way, fine." gave `another scope: title "client portal",
  report "Foods portal"`: the apostrophe after a plural's s ("Foods'") was dropped, so the name read as a scope
  word, where "Kobayashi's portal" was already read as whose portal it is (the case).
- M7: every `evidence` item's `description` ended in a cut-off `(episodes/`: it was cut at 200 characters,
  mid-reference.
Here: a boiler service firm, a bike workshop (English and Japanese).
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from test_daily_support import at, e5_memory, run

from memdir.consolidation.daily.route_rag import Match
from memdir.consolidation.daily.route_usage_near import nearest_of, scope_differs
from memdir.notes.frontmatter import render_note

WEEKLY: dict[str, object] = {"confidence": 0.4, "success_count": 0, "failure_count": 0, "origin": "weekly"}
SERVICE = (
    "# Service the boiler in a client kitchen\n\n1. Shut the gas valve.\n2. Clean the burner.\n"
    "3. Log the visit: `visits add --client <client>`.\n"
)


def test_a_plurals_possessive_name_is_whose_it_is_never_a_scope() -> None:
    title = "Service the boiler in a client kitchen"
    for report in (
        "Serviced the boiler in Harbor Bakeries' kitchen the usual way, fine.",
        "Serviced the boiler in Harbor Bakeries’ kitchen the usual way, fine.",  # a typographic apostrophe
        "Serviced the boiler in Kobayashi's kitchen the usual way, fine.",
    ):
        assert scope_differs(report, title) == "", report
        path = "procedures/service-the-boiler-in-a-client-kitchen.md"
        near, _ = nearest_of([(0.55, Match(path, 0.8, 0.4, "human", title))], report, {path: SERVICE})
        assert near is not None and "another scope" not in near.why, near
        assert "names the act the report tells" in near.why, near.why
    # a plural's possessive in lower case is still another scope, as "the school's kitchen" is
    assert scope_differs("Serviced the boiler in the schools' kitchen the usual way.", title) != ""
    assert scope_differs("学校の厨房のボイラーをいつもの手順で点検した。", "客先の厨房のボイラー点検") != ""


TUNE = (
    "# Tune up a bicycle for {name} ({gears} gears)\n\n## Steps\n\n1. shop.check: `frame={frame} brakes=front,rear`\n"
    "2. shop.adjust: `gears={gears} chain_lube=wet`\n3. mail.send: `to={email} template=ready_en`\n"
)


def test_an_evidence_items_description_never_ends_in_half_a_reference(root: Path) -> None:
    mem = e5_memory(root)
    (root / "procedures" / "tune-up-a-bicycle-for-name.md").write_text(
        render_note(dict(WEEKLY), TUNE), encoding="utf-8"
    )
    mem.add_episode(
        "Did the Harbor Couriers tuning the usual way, worked fine.", title="Harbor Couriers tune", at=at(9)
    )
    mem.add_episode(
        "いつもの手順でハーバー急便の自転車をチューンアップした。問題なし。",
        title="ハーバー急便の自転車整備",
        at=at(10),
    )
    run(mem)
    descs = []
    for item in (root / "review").glob("*.md"):
        meta = yaml.safe_load(item.read_text(encoding="utf-8").split("---")[1])
        if meta["kind"] == "evidence":
            descs.append(meta["description"])
    assert descs, "no evidence item"
    for d in descs:
        assert len(d) <= 200, d
        assert d.count("(") == d.count(")") and d.count("`") % 2 == 0, d
        assert not re.search(r"\([^)]*$|--success…$", d), d
