"""Template induction: sibling task types that read alike are told apart; slot values never split a type.

The end-to-end cases are small synthetic weeks written as real activity files; each failed
on the code before template induction (it merged the siblings, or kept lower-case names in
the wording and missed the repeated type).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from test_weekly_run import DAY, UNTIL, WordEmbedder, log_task

from memdir import Memory
from memdir.consolidation.weekly.lexicon import SLOT, WeekLexicon, tokens
from memdir.consolidation.weekly.templates import SplitStats, TemplateSplitter

USERS = ["CameronKelsey", "jacyanthis", "sirbarani", "Hrekires", "PatientBuilder", "ThetaGang"]
SUBS = ["earthporn", "news", "videos", "wallstreetbets", "sports", "iphone13"]


def vote(verb: str, k: int) -> str:
    return f"{verb} all submissions created by {USERS[k % 6]} in subreddit {SUBS[(k * 5 + (verb == 'DisLike')) % 6]}"


def log_intents(
    mem: Memory, prefix: str, intents: list[str], outcomes: list[str], tool: str = "browser", start: int = 0
) -> list[str]:
    """One task per intent (task_start, one tool_use, task_end); returns the task ids."""
    ids = []
    for k, (intent, outcome) in enumerate(zip(intents, outcomes, strict=True)):
        tid = f"{prefix}{k}"
        log_task(mem, tid, intent, tool, [], outcome, DAY + timedelta(minutes=start + 7 * k))
        ids.append(tid)
    return ids


@pytest.fixture
def wmem(root: Path) -> Memory:
    return Memory(root, embedder=WordEmbedder())


def sources(mem: Memory, created: list[str]) -> list[list[str]]:
    return sorted(sorted(str(s) for s in mem.store.read(p).get("sources")) for p in created)


# -- end to end: the regressions ---------------------------------------------------------------
def test_like_and_dislike_are_two_types_each_with_its_own_three_tasks(wmem: Memory) -> None:
    likes = log_intents(wmem, "like", [vote("Like", k) for k in range(6)], ["success"] * 3 + ["failure"] * 3)
    dislikes = log_intents(
        wmem, "dis", [vote("DisLike", k) for k in range(6)], ["success"] * 3 + ["failure"] * 3, start=1
    )
    report = wmem.consolidate_weekly(until=UNTIL)
    assert sources(wmem, report.created) == sorted([sorted(dislikes[:3]), sorted(likes[:3])]), (
        report.to_dict()
    )
    assert report.stats["template_splits"] >= 1


def test_two_successes_of_each_sibling_make_no_procedure(wmem: Memory) -> None:
    log_intents(wmem, "like", [vote("Like", k) for k in range(6)], ["success"] * 2 + ["failure"] * 4)
    log_intents(
        wmem, "dis", [vote("DisLike", k) for k in range(6)], ["success"] * 2 + ["failure"] * 4, start=1
    )
    report = wmem.consolidate_weekly(until=UNTIL)
    assert report.created == [] and report.review == [], report.to_dict()


def test_an_inserted_template_word_separates_siblings(wmem: Memory) -> None:
    names, days = (
        ["Eric", "kilian", "Nic", "Philip", "Steven"],
        ["3/5/2023", "3/2", "1/3/2023", "2/6/2023", "4/1/2023"],
    )
    to_repo = [
        f"How many commits did {n} make to a11yproject on {d}?" for n, d in zip(names, days, strict=True)
    ]
    plain = [f"How many commits did {n} make on {d}?" for n, d in zip(names, days, strict=True)]
    with_repo = log_intents(wmem, "r", to_repo, ["success"] * 3 + ["failure"] * 2)
    log_intents(wmem, "p", plain, ["success"] * 2 + ["failure"] * 3, start=1)
    report = wmem.consolidate_weekly(until=UNTIL)
    assert sources(wmem, report.created) == [sorted(with_repo[:3])], report.to_dict()


def test_lower_case_names_are_slot_values(wmem: Memory) -> None:
    people = ["jacyanthis", "sirbarani", "ricky99", "patou", "egpast"]
    forums = ["earthporn", "upliftingnews", "massachusetts", "dataisbeautiful", "showerthoughts"]
    intents = [f"Show {p} posts in {f}" for p, f in zip(people, forums, strict=True)]
    ids = log_intents(wmem, "c", intents, ["success"] * 3 + ["failure"] * 2)
    log_intents(
        wmem,
        "d",
        [f"Deploy the {s} service to staging" for s in ("billing", "search", "auth")],
        ["success", "failure", "success"],
        tool="kubectl",
        start=2,
    )
    report = wmem.consolidate_weekly(until=UNTIL)
    assert sources(wmem, report.created) == [sorted(ids[:3])], report.to_dict()
    note = wmem.store.read(report.created[0])
    assert "jacyanthis" not in note.title and "earthporn" not in note.title


def test_a_slot_with_frequent_values_never_splits_a_type(wmem: Memory) -> None:
    subs = ["books", "books", "news", "news", "videos", "sports"]
    intents = [f"Upvote the newest post in {s} subreddit" for s in subs]
    ids = log_intents(wmem, "u", intents, ["success"] * 6)
    # the subreddit names occur elsewhere in the week too, so they are no rare words
    log_intents(
        wmem,
        "o",
        [f"Subscribe to the {s} forum" for s in ("books", "news", "videos", "sports")],
        ["failure"] * 4,
        start=3,
    )
    report = wmem.consolidate_weekly(until=UNTIL)
    assert sources(wmem, report.created) == [sorted(ids)], report.to_dict()


# -- the parts ----------------------------------------------------------------------------------
def lexicon(texts: list[str], tools: str = "browser") -> WeekLexicon:
    return WeekLexicon([(t, [tools], t) for t in texts])


def test_rare_words_and_placeholders_are_slots_in_the_skeleton() -> None:
    lex = lexicon(["find the {name} near jacyanthis", "find the {name} near sirbarani", "find the bar"])
    assert lex.is_slot("{name}") and lex.is_slot("jacyanthis") and lex.is_slot("bar")
    assert not lex.is_slot("find") and not lex.is_slot("the")
    assert lex.skeleton("find the {name} near jacyanthis") == ("find", "the", SLOT)  # near: 2 texts only
    assert lex.skeleton_text("find the bar") == "find the {w}"
    assert tokens("Post in r/books, then 'reply'!") == ["post", "in", "r", "books", "then", "reply"]


def test_a_frequent_word_where_other_texts_have_a_slot_is_a_slot_value() -> None:
    texts = [
        "find the hotel around {name}",
        "find the hotel around {name} campus",
        "find the parking around {name}",
        "find the bar around {name}",
        "find the resturants around {name}",
    ]
    texts += (
        ["book the hotel for {num} nights"] * 3
        + ["add a {name} to my wish list"] * 3
        + ["add {name} to my wish list"]
    )
    lex = lexicon(texts)
    assert lex.skeleton("find the hotel around {name}") == ("find", "the", SLOT, "around", SLOT)
    assert lex.skeleton("book the hotel for {num} nights")[:3] == (
        "book",
        "the",
        "hotel",
    )  # no frame with a slot
    assert lex.skeleton("add a {name} to my wish list")[:2] == ("add", "a")  # next to a slot: kept


def test_variety_counts_distinct_instances_not_repeats() -> None:
    lex = WeekLexicon(
        [("run the export", ["sh"], "Run the export")] * 5 + [("run the export", ["sh"], "run the export")]
    )
    entry = lex.entry("run the export", ["sh"])
    assert lex.weight[entry] == 6 and lex.variety[entry] == 2
    assert not lex.is_slot("export")  # a task repeated word for word is still a repeated type


def test_context_keeps_to_tasks_with_the_same_kind_of_tools() -> None:
    texts = ["put a clean mug in shelf", "put a cool mug in shelf", "put a hot mug in shelf"]
    lex = WeekLexicon(
        [
            (texts[0], ["take", "clean", "put"], "a"),
            (texts[1], ["take", "cool", "put"], "b"),
            (texts[2], ["take", "clean", "put"], "c"),
        ]
    )
    ctx = lex.context([lex.entry(texts[0], ["take", "clean", "put"])])
    assert [e[0] for e in ctx] == [texts[0], texts[2]]


def test_splitter_separates_an_alternation_and_keeps_slot_values_together() -> None:
    like = [f"like all submissions created by {{name}} in subreddit {s}" for s in SUBS]
    dislike = [f"dislike all submissions created by {{name}} in subreddit {s}" for s in SUBS]
    lex = lexicon(like + dislike)
    stats = SplitStats()
    groups = TemplateSplitter(lex, stats).split([lex.entry(t, ["browser"]) for t in like + dislike])
    assert sorted(sorted(g) for g in groups) == [list(range(6)), list(range(6, 12))]
    assert stats.splits >= 1 and stats.clusters_checked == 1


def test_a_one_off_sibling_that_reads_alike_is_ejected() -> None:
    cost = [
        f"tell me the total cost of my latest {s} order"
        for s in ("pending", "cancelled", "complete", "processing")
    ]
    status = "tell me the status of my latest order and when will it arrive"
    lex = lexicon(cost + [status])
    stats = SplitStats()
    groups = TemplateSplitter(lex, stats).split([lex.entry(t, ["browser"]) for t in cost + [status]])
    assert sorted(sorted(g) for g in groups) == [[0, 1, 2, 3], [4]]
    assert stats.ejected == 1


def test_a_japanese_intent_naming_an_english_thing_keeps_its_japanese_frame() -> None:
    """`apiプロジェクトにスターを付けて`: the project is the slot, not the whole sentence."""
    texts = [
        "apiプロジェクトにスターを付けて",
        "infraプロジェクトにスターを付けて",
        "mobileプロジェクトにスターを付けて",
        "注文100234のステータスを管理画面で確認して",
        "注文100871のステータスを管理画面で確認して",
        "注文101005のステータスを管理画面で確認して",
    ]
    lex = WeekLexicon([(t, ["browser"], t) for t in texts])
    assert lex.skeleton_text(texts[0]) == "{w} プロジェクトにスターを付けて"
    assert lex.skeleton_text(texts[3]) != lex.skeleton_text(texts[0])  # before: both were `{w}`
