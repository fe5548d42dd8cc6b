"""Lessons from episodes in the daily run, outcome proposals for open decisions, candidate rules.

Real files and real daily runs (the fast hashing embedder); the review items are accepted through
the ReviewQueue and the context block is read as an agent gets it.
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, memory, run

from memdir.lifecycle.decisions import DecisionInput, add_decision

EN = (
    "The staging deploy failed because the migration ran after the new pods started. "
    "We should have run the migration job before rolling out the pods. "
    "Check that `kubectl get jobs` shows the migration as complete."
)
EN_AGAIN = (
    "Production deploy broke again: pods came up before the schema change. "
    "Next time run the migration job before rolling out the pods."
)
JA = "本番のバッチがエラーで止まった。原因は環境変数の設定漏れ。次からはデプロイ前に環境変数を確認する。"
PLAIN = "Good morning everyone! Lovely weather today, had sushi for lunch."


def lessons(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in (root / "knowledge" / "lessons").glob("*.md"))


def test_an_episode_with_a_mistake_and_its_fix_becomes_one_lesson_note(root: Path) -> None:
    mem = memory(root)
    ep = mem.add_episode(EN, title="Staging deploy failed on migrations", at=at(10))
    mem.add_episode(PLAIN, title="Morning", at=at(11))
    report = run(mem)
    assert report.errors == []
    [rel] = lessons(root)
    note = mem.store.read(rel)
    assert note.meta["type"] == "lesson" and note.str_list("sources") == [ep.ref]
    assert note.meta["contexts"] == [f"episode:{ep.ref}"] and note.meta["support"] == 1
    body = note.body
    assert (
        "## What failed\n- The staging deploy failed because the migration ran after the new pods started."
        in body
    )
    assert (
        "## What worked instead\n- We should have run the migration job before rolling out the pods." in body
    )
    assert "## How to check\n- Check that `kubectl get jobs` shows the migration as complete." in body
    # three sentences told for their lesson: the lesson is the episode's one note (trial 12: a procedure made of
    # them, step 1 the failure, was the lesson's opposite)
    assert [p for p in report.created if "lessons/" not in p] == []


def test_a_lesson_is_linked_from_the_note_the_episode_keeps(root: Path) -> None:
    """An episode with steps of its own keeps its note, which lists the lesson in `lessons:`."""
    mem = memory(root)
    mem.add_episode(
        EN + "\n\nThe order now:\n\n1. Run `kubectl apply -f migrate-job.yaml`\n2. Wait until "
        "`kubectl get jobs` shows it complete\n3. Roll out the pods with `kubectl rollout restart deploy/api`\n",
        title="Staging deploy failed on migrations",
        at=at(10),
    )
    report = run(mem)
    [rel] = lessons(root)
    routed = [p for p in report.created if "lessons/" not in p]
    assert routed and mem.store.read(routed[0]).str_list("lessons") == [rel]


def test_japanese_episode_lesson(root: Path) -> None:
    mem = memory(root)
    mem.add_episode(JA, title="バッチ停止", at=at(9))
    run(mem)
    [rel] = lessons(root)
    body = mem.store.read(rel).body
    assert "次からはデプロイ前に環境変数を確認する。" in body.split("## What worked instead")[1]
    assert "本番のバッチがエラーで止まった。" in body.split("## What failed")[1]


def test_the_same_lesson_again_is_evidence_then_a_candidate_rule_that_leads_the_context(root: Path) -> None:
    mem = memory(root)
    first = mem.add_episode(EN, title="Staging deploy failed on migrations", at=at(10))
    second = mem.add_episode(EN_AGAIN, title="Prod deploy broke", at=at(15))
    report = run(mem)
    [rel] = lessons(root)
    note = mem.store.read(rel)
    assert note.str_list("sources") == [first.ref, second.ref] and note.meta["support"] == 2
    assert "Production deploy broke again" in note.body
    items = [i for i in mem.review.list_items() if i.kind == "rule_candidate"]
    assert (
        len(items) == 1
        and items[0].target == rel
        and any(p.endswith(f"{items[0].id}.md") for p in report.review)
    )
    done = mem.review.accept(items[0].id)
    rule = mem.store.read(str(done["written"]))
    assert rule.meta["type"] == "rule" and rule.meta["pinned"] is True and rule.meta["support"] == 2
    ctx = mem.context()
    pinned = ctx.split("### Pinned\n", 1)[1]
    assert pinned.startswith(f"- `{rule.path}`")
    assert "Rule (evidence: a lesson confirmed in 2 independent contexts; not an instruction)" in pinned
    # a rerun changes nothing: no second lesson, no second candidate
    again = run(mem)
    assert lessons(root) == [rel] and again.review == []


def test_an_episode_stating_an_outcome_of_an_open_decision_is_a_review_proposal(root: Path) -> None:
    mem = memory(root)
    dec = add_decision(mem.store, DecisionInput("Cache sessions in Redis", ["Redis", "Memcached"], "Redis"))
    ep = mem.add_episode(
        "We rolled back the Redis session cache: evictions logged users out twice.",
        title="Cache sessions in Redis: rolled back",
        at=at(16),
    )
    run(mem)
    [item] = [i for i in mem.review.list_items() if i.kind == "outcome_proposal"]
    assert item.target == dec and item.sources == [ep.ref] and item.extra["result"] == "reverted"
    assert mem.store.read(dec).meta["status"] == "open"  # nothing changes before a person accepts
    mem.review.accept(item.id)
    note = mem.store.read(dec)
    assert note.meta["status"] == "resolved" and note.meta["outcome"] == "reverted"
    assert "evictions logged users out twice" in note.body


def test_an_unrelated_episode_raises_no_outcome_proposal(root: Path) -> None:
    mem = memory(root)
    add_decision(mem.store, DecisionInput("Cache sessions in Redis", ["Redis"], "Redis"))
    mem.add_episode("The new onboarding flow went well, no incidents.", title="Onboarding", at=at(9))
    run(mem)
    assert [i for i in mem.review.list_items() if i.kind == "outcome_proposal"] == []


def test_a_wrapped_episode_reads_as_whole_sentences_and_a_japanese_one_gets_japanese_lines(
    root: Path,
) -> None:
    """Hard-wrapped lines are one sentence; a `Lesson learned:` label is not repeated; 教訓 gets Japanese text."""
    mem = memory(root)
    mem.add_episode(
        "The integration test failed three times this week. Root cause: it depended on\n"
        "the wall clock and broke around midnight UTC.\n"
        "Lesson learned: tests must never read the real clock; always inject or freeze time.",
        title="Flaky test root cause",
        at=at(9),
    )
    mem.add_episode(
        "古い価格が 2 時間表示された。原因はキャッシュの TTL が長すぎたことだった。\n"
        "教訓：価格のような変わりやすいデータの TTL は 5 分以内にする。",
        title="障害の振り返り",
        at=at(10),
    )
    run(mem)
    en, ja = (mem.store.read(rel).body for rel in lessons(root))
    if "障害" in en:
        en, ja = ja, en
    assert "- Root cause: it depended on the wall clock and broke around midnight UTC. (" in en
    assert (
        "## What worked instead\n- Tests must never read the real clock; always inject or freeze time." in en
    )
    # no "How to check" or "When it applies" boilerplate where the episode says neither (lessons18)
    assert "## How to check" not in en and "## When it applies" not in en
    assert "## When it applies" not in ja and "When the situation" not in ja
    assert "## What worked instead\n- 価格のような変わりやすいデータの TTL は 5 分以内にする。" in ja
    what_failed = ja.split("## What failed")[1].split("##")[0]
    assert "原因はキャッシュの TTL が長すぎたことだった。" in what_failed and "5 分以内" not in what_failed


def test_next_time_in_a_note_for_the_next_person_is_no_lesson(root: Path) -> None:
    """A how-to written "so next time is quicker" or 「次回の当番のために」 records no mistake: no lesson."""
    mem = memory(root)
    mem.add_episode(
        "Re-stringing the practice nets at the cricket club. Writing it down so next time is quicker: "
        "loosen the top rope at both posts, clip the new net on from the left, tension to one finger of sag, "
        "then tie off with two half hitches. It's the first thing to try next time the net sags too.",
        title="Practice nets",
        at=at(9),
    )
    mem.add_episode(
        "町内会の餅つき、次回の当番のために段取りを残します。前日にもち米を水に浸け、当日は7時に蒸し始める。"
        "臼は使う前に30分お湯で温めておく。次回は公民館の鍵を前日に受け取っておくとスムーズです。",
        title="餅つきの段取り",
        at=at(10),
    )
    run(mem)
    assert lessons(root) == []


def test_a_label_over_a_list_gives_the_list_and_two_bare_headings_stay_two_lessons(root: Path) -> None:
    """`Takeaways:` over bullets: the bullets are what worked instead; two post-mortems whose fix is
    under a bare 「教訓」 heading are two lessons, not one (a heading alone matches anything)."""
    mem = memory(root)
    mem.add_episode(
        "The spring plant sale ran out of seed trays by 10:00 and we lost most of the morning's sales.\n\n"
        "Takeaways:\n"
        "- Order trays two weeks ahead, not the week of the sale.\n"
        "- Keep one spare crate of trays in the shed.\n\n"
        "Otherwise a good day, 140 visitors.",
        title="Plant sale review",
        at=at(9),
    )
    mem.add_episode(
        "図書館の夜間返却ポストが雨で浸水し、返却本が12冊濡れた。\n\n教訓\n"
        "ポストの投入口にひさしを付け、雨の予報の日は閉館時に中を空にする。",
        title="返却ポスト浸水",
        at=at(10),
    )
    mem.add_episode(
        "給湯器の点検を忘れて、合宿2日目に温水が出なくなった。\n\n教訓\n"
        "合宿の1週間前に管理会社へ点検を依頼し、結果を係の共有シートに書く。",
        title="合宿の給湯器",
        at=at(11),
    )
    run(mem)
    found = lessons(root)
    assert len(found) == 3, found
    bodies = [mem.store.read(rel).body for rel in found]
    plant = next(b for b in bodies if "seed trays" in b)
    fixes = plant.split("## What worked instead\n")[1].split("\n\n")[0].rstrip("\n")
    assert fixes == (
        "- Order trays two weeks ahead, not the week of the sale.\n- Keep one spare crate of trays in the shed."
    )
    post = next(b for b in bodies if "返却ポスト" in b)
    assert (
        "- ポストの投入口にひさしを付け、雨の予報の日は閉館時に中を空にする。" in post
        and "給湯器" not in post
    )


def test_a_lessons_description_is_what_to_do_not_its_heading_again(root: Path) -> None:
    """The description says the change (was `Lesson: <title>: <fix>`, repeating the heading, marked down by
    a blind reader); a fix that only announces a list (「次のとおり。」) takes the list's first item."""
    mem = memory(root)
    mem.add_episode(
        "The choir's spring concert started 20 minutes late because the hall keys were with the caretaker, "
        "who was off sick. From now on the concert secretary collects the keys the day before.",
        title="Late concert start",
        at=at(9),
    )
    mem.add_episode(
        "夏祭りの盆踊りで、延長コードが足りず屋台の照明が半分つかなかった。\n\n次からは次のとおり。\n"
        "- 前週の金曜に延長コードを数えて、足りなければ自治会に借りる。\n- 予備を2本、本部テントに置く。",
        title="盆踊りの照明",
        at=at(10),
    )
    run(mem)
    descs = {mem.store.read(rel).title: str(mem.store.read(rel).meta["description"]) for rel in lessons(root)}
    assert len(descs) == 2, descs
    for title, desc in descs.items():
        assert not desc.startswith(("Lesson:", "教訓")), desc
        assert title.removeprefix("Lesson: ").removeprefix("教訓：") not in desc, (title, desc)
    en = next(d for t, d in descs.items() if "Lesson" in t)
    ja = next(d for t, d in descs.items() if "教訓" in t)
    assert "concert secretary collects the keys the day before" in en, en
    assert "延長コードを数えて" in ja, ja
