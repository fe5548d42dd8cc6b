"""An accepted rule says its rule (trial 9): the description is the rule, one title, the rule first in
the body; in `memdir context` a pinned rule's line is the rule, and its evidence is shown only when the
query is about it.

Real files: episodes in, a daily run, the rule candidate accepted through the queue, the context block
read as an agent gets it. Other domains than the trial's (a bakery, a ceramics studio), EN and JA.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from test_daily_support import YESTERDAY, at, memory, run

from memdir.agents.context import build_context
from memdir.lifecycle.review_special import accept_special
from memdir.notes.store import NoteStore

BREAD = (
    "The sourdough batch collapsed in the oven because the starter went in cold from the fridge. "
    "Lesson learned: always let the starter warm up at room temperature for four hours before mixing."
)
BREAD_AGAIN = (
    "The rye loaves collapsed again, same story with a cold starter. "
    "Lesson learned: always let the starter warm up at room temperature for four hours before mixing the dough."
)
KILN_JA = "窯出しした茶碗が3つ割れてしまった。原因は素焼きの前に乾燥が足りなかったこと。教訓：素焼きの前に必ず3日間乾燥させる。"
KILN_JA_AGAIN = "今回も皿が2枚割れた。乾燥が足りなかった。教訓：素焼きの前に必ず3日間乾燥させること。"


def _accepted_rule(root: Path, texts: list[tuple[str, str]]) -> tuple[NoteStore, str]:
    mem = memory(root)
    for back, (text, title) in enumerate(texts):  # one a day, a daily run each: the second is evidence
        day = YESTERDAY - timedelta(days=len(texts) - 1 - back)
        mem.add_episode(text, title=title, at=at(10, day=day))
        run(mem, day=day)
    [item] = [i for i in mem.review.list_items() if i.kind == "rule_candidate"]
    done = mem.review.accept(item.id)
    return mem.store, str(done["written"])


def test_an_accepted_rules_description_is_the_rule_and_it_comes_first_under_one_title(root: Path) -> None:
    store, rel = _accepted_rule(root, [(BREAD, "Sourdough collapsed"), (BREAD_AGAIN, "Rye collapsed")])
    rule = store.read(rel)
    # a description starts with a capital, as a lesson's rule bullet does since trial 23 (fix23c, fix24b)
    fix = "Always let the starter warm up at room temperature for four hours before mixing"
    assert str(rule.meta["description"]).startswith(fix), rule.meta["description"]
    assert not str(rule.meta["description"]).startswith("Candidate rule")
    headings = [ln for ln in rule.body.splitlines() if ln.startswith("# ")]
    assert len(headings) == 1 and headings[0].startswith("# Rule: "), rule.body
    first = rule.body.split("\n\n", 2)[1]  # the paragraph right under the title
    assert fix in first, rule.body
    assert "## What failed" in rule.body and "collapsed in the oven" in rule.body  # the evidence stays


def test_a_japanese_rule_is_its_rule_too(root: Path) -> None:
    store, rel = _accepted_rule(root, [(KILN_JA, "茶碗が割れた"), (KILN_JA_AGAIN, "皿が割れた")])
    rule = store.read(rel)
    assert "素焼きの前に必ず3日間乾燥させる" in str(rule.meta["description"]), rule.meta["description"]
    assert sum(ln.startswith("# ") for ln in rule.body.splitlines()) == 1
    assert "素焼きの前に必ず3日間乾燥させる" in rule.body.split("\n\n", 2)[1]


def test_a_pinned_rule_says_its_rule_in_context_and_keeps_out_of_an_unrelated_querys_budget(
    root: Path,
) -> None:
    store, rel = _accepted_rule(root, [(BREAD, "Sourdough collapsed"), (BREAD_AGAIN, "Rye collapsed")])
    mem = memory(root)
    unrelated = mem.context("renew the van insurance before December", budget=300)
    pinned = unrelated.split("### Pinned\n", 1)[1]
    line = pinned.splitlines()[0]
    assert line.startswith(f"- `{rel}`") and "let the starter warm up" in line, unrelated
    assert "What failed" not in unrelated and "collapsed in the oven" not in unrelated
    about = mem.context("the sourdough starter and the dough collapsed", budget=1500)
    assert "collapsed in the oven" in about.split("### Pinned\n", 1)[1], (
        about
    )  # evidence when it is the topic


def test_a_rule_accepted_in_the_old_layout_is_read_and_written_with_its_rule_first(root: Path) -> None:
    old = (
        "# Rule: Glaze crawled on the mugs\n\n"
        "# Lesson: Glaze crawled on the mugs\n\n"
        "## What failed\n- The glaze crawled on six mugs. (`episodes/2026-11-02.md#a`)\n\n"
        "## What worked instead\n- wipe the bisque with a damp sponge before glazing.\n\n"
        "Confirmed in: `episode:a`, `episode:b`\n"
    )
    store = NoteStore(root)
    (root / "knowledge" / "rules").mkdir(parents=True, exist_ok=True)
    (root / "knowledge" / "rules" / "glaze.md").write_text(
        "---\ntype: rule\npinned: true\ndescription: 'Candidate rule: Glaze crawled on the mugs'\nsupport: 2\n---\n\n"
        + old,
        encoding="utf-8",
    )
    out = build_context(store, lambda *a, **k: [], None, budget=200)
    assert "not an instruction): wipe the bisque with a damp sponge before glazing." in out, out

    class Item:
        id, kind, target, title = (
            "rv-1",
            "rule_candidate",
            "knowledge/lessons/mugs.md",
            "Glaze crawled on the mugs",
        )
        description, sources, extra = "Candidate rule: Glaze crawled on the mugs", ["a", "b"], {"support": 2}
        candidate = old

    done = accept_special(store, Item())
    rule = store.read(str(done["written"]))
    assert rule.meta["description"] == "wipe the bisque with a damp sponge before glazing."
    assert [ln for ln in rule.body.splitlines() if ln.startswith("# ")] == [
        "# Rule: Glaze crawled on the mugs"
    ]
    assert rule.body.split("\n\n", 2)[1] == "wipe the bisque with a damp sponge before glazing."
