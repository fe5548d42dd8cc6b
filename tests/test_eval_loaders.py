"""`memdir eval` loaders: LoCoMo, LongMemEval and generic JSONL become notes and queries, bad files one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memdir.errors import DatasetError
from memdir.evaluation.load import load_dataset

DATA = Path(__file__).parent / "data" / "eval"


def test_locomo_sessions_become_notes_and_evidence_becomes_gold_sessions() -> None:
    ds = load_dataset("locomo", DATA / "locomo.json")
    assert [d.path for d in ds.documents] == [
        "episodes/conv-1/session_01.md",
        "episodes/conv-1/session_02.md",
        "episodes/conv-1/session_03.md",
        "episodes/conv-2/session_01.md",
        "episodes/conv-2/session_02.md",
    ]
    first = ds.documents[0]
    assert first.id == "conv-1/session_1"
    assert first.text == (
        "---\nid: conv-1/session_1\nsource: locomo\nconversation: conv-1\nsession: 1\n"
        "date: 9:05 am on 3 March, 2023\nspeakers:\n- Ana\n- Tom\n---\n\n"
        "# Session 1 — 9:05 am on 3 March, 2023\n\n"
        "- **Ana** (D1:1): Morning Tom! I started pottery classes on Tuesday evenings.\n"
        "- **Tom** (D1:2): Nice, what did you make first?\n"
        "- **Ana** (D1:3): A lopsided bowl, look! [shares image: a photo of a small blue ceramic bowl on a table]\n"
    )
    by_id = {q.id: q for q in ds.queries}
    # "D1:3; D3:1" names two sessions; "D:3:2" is the malformed form of D3:2
    assert by_id["conv-1-q2"].gold == ("episodes/conv-1/session_01.md", "episodes/conv-1/session_03.md")
    assert by_id["conv-1-q3"].gold == ("episodes/conv-1/session_03.md",)
    assert by_id["conv-2-q1"].category == "multi-hop" and len(by_id["conv-2-q1"].gold) == 1
    # adversarial (category 5) and questions without an existing evidence session are skipped
    assert set(by_id) == {"conv-1-q0", "conv-1-q1", "conv-1-q2", "conv-1-q3", "conv-2-q0", "conv-2-q1"}
    assert ds.skipped == {"adversarial": 1, "without a gold session": 2}
    assert ds.categories == ["single-hop", "multi-hop", "temporal", "open-domain"]
    assert all(q.scope is None for q in ds.queries) and by_id["conv-2-q0"].group == "conv-2"


def test_longmemeval_writes_each_distinct_session_once_and_scopes_each_question() -> None:
    ds = load_dataset("longmemeval", DATA / "longmemeval.json")
    raw = json.loads((DATA / "longmemeval.json").read_text(encoding="utf-8"))
    distinct = {sid for item in raw for sid in item["haystack_session_ids"]}
    assert len(ds.documents) == len(distinct) == 14  # 22 haystack entries, fillers shared between items
    assert [q.id for q in ds.queries] == ["e1a4c2f0", "7b3d9e11", "c0ffee42", "5e9a0b77", "d2d2f00d"]
    assert ds.skipped == {"abstention": 1}
    ids = ds.ids_by_path()
    for q, item in zip(ds.queries, [i for i in raw if not i["question_id"].endswith("_abs")], strict=True):
        assert q.scope is not None
        assert [ids[p] for p in q.scope] == item["haystack_session_ids"]
        assert {ids[p] for p in q.gold} == set(item["answer_session_ids"])
        assert list(q.dates) == item["haystack_dates"] and q.date == item["question_date"]
        assert q.category == item["question_type"]
    # the shared filler is one note, in two haystacks at two different dates
    shared = next(p for p, i in ids.items() if i == "sharegpt_a1b2c3")
    holders = [q for q in ds.queries if q.scope and shared in q.scope]
    assert len(holders) == 2 and len({q.dates[q.scope.index(shared)] for q in holders if q.scope}) == 2


def test_longmemeval_notes_carry_no_label_a_reader_could_use() -> None:
    ds = load_dataset("longmemeval", DATA / "longmemeval.json")
    for doc in ds.documents:
        lowered = doc.text.lower()
        for leak in ("answer_", "has_answer", "sharegpt", "ultrachat", doc.id.lower()):
            assert leak not in lowered, (doc.path, leak)
    car = next(d for d in ds.documents if d.id == "answer_8c1e_1")
    assert car.path.startswith("episodes/longmemeval/s") and "Subaru Outback" in car.text
    assert "**user:** I finally bought a car last weekend" in car.text
    assert "**assistant:** Congratulations!" in car.text


def test_jsonl_documents_queries_scope_and_skips() -> None:
    ds = load_dataset("jsonl", DATA / "generic.jsonl")
    by_id = {d.id: d for d in ds.documents}
    assert by_id["ops/rotate-db-password"].path == "episodes/documents/ops-rotate-db-password.md"
    assert by_id["ops/rotate-db-password"].text.startswith(
        "---\nid: ops/rotate-db-password\nsource: jsonl\n---\n\n# Rotating the database password\n\nGenerate"
    )
    assert (
        by_id["ja/backup"].path == "episodes/documents/ja-backup.md" and "毎晩三時" in by_id["ja/backup"].text
    )
    assert "\n# " not in by_id["misc/lunch"].text  # no title, no heading
    queries = {q.id: q for q in ds.queries}
    assert "q-unanswerable" not in queries and ds.skipped == {"without gold documents": 1}
    assert queries["q-newcomer"].gold == (
        "episodes/documents/people-onboarding.md",
        "episodes/documents/ops-flaky-ci.md",
    )
    assert queries["q-scoped"].scope == (
        "episodes/documents/misc-lunch.md",
        "episodes/documents/ops-release-checklist.md",
        "episodes/documents/design-episodes.md",
    )
    assert queries["q-scoped"].category == "uncategorised" and queries["q-password"].scope is None
    assert ds.categories == ["procedure", "fact", "multi-hop", "uncategorised"]


def test_jsonl_ids_that_slugify_alike_get_distinct_paths(tmp_path: Path) -> None:
    f = tmp_path / "d.jsonl"
    lines = [
        {"type": "document", "id": "A/B", "text": "one"},
        {"type": "document", "id": "a b", "text": "two"},
        {"type": "document", "id": "../../etc/passwd", "text": "three"},
        {"type": "query", "id": "q", "text": "two", "gold": ["a b"]},
    ]
    f.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    ds = load_dataset("jsonl", f)
    assert [d.path for d in ds.documents] == [
        "episodes/documents/a-b.md",
        "episodes/documents/a-b-2.md",
        "episodes/documents/etc-passwd.md",
    ]
    assert ds.queries[0].gold == ("episodes/documents/a-b-2.md",)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (['{"type": "document", "id": "d", "text": "x"}', "{not json"], ":2: invalid JSON"),
        (['{"type": "doc", "id": "d", "text": "x"}'], ':1: `type` must be "document" or "query"'),
        (['{"type": "document", "id": "d"}'], ":1: `text` must be a string"),
        (
            ['{"type": "document", "id": "d", "text": "x"}', '{"type": "document", "id": "d", "text": "y"}'],
            "appears twice",
        ),
        (
            [
                '{"type": "document", "id": "d", "text": "x"}',
                '{"type": "query", "id": "q", "text": "x", "gold": ["e"]}',
            ],
            "unknown document id 'e'",
        ),
        (
            [
                '{"type": "document", "id": "d", "text": "x"}',
                '{"type": "query", "id": "q", "text": "x", "gold": "d"}',
            ],
            "`gold` must be a list",
        ),
        (
            [
                '{"type": "document", "id": "d", "text": "x"}',
                '{"type": "document", "id": "e", "text": "y"}',
                '{"type": "query", "id": "q", "text": "x", "gold": ["d"], "scope": ["e"]}',
            ],
            "gold document outside its scope",
        ),
        (['{"type": "query", "id": "q", "text": "x", "gold": []}'], "no documents"),
        (['{"type": "document", "id": "d", "text": "x"}'], "no query left to evaluate"),
        (["[1, 2]"], ":1: expected a JSON object"),
    ],
)
def test_jsonl_errors_name_the_line(tmp_path: Path, lines: list[str], message: str) -> None:
    f = tmp_path / "bad.jsonl"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DatasetError) as info:
        load_dataset("jsonl", f)
    assert message in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("kind", "content", "message"),
    [
        ("locomo", "{}", "expected a non-empty list of LoCoMo samples"),
        (
            "locomo",
            '[{"sample_id": "c", "conversation": {}, "qa": [{"question": "q", "category": "x"}]}]',
            "category must be an integer",
        ),
        ("locomo", "[1,", "invalid JSON at line 1"),
        ("longmemeval", "[]", "non-empty list of LongMemEval items"),
        ("longmemeval", '[{"question_id": "q"}]', "question and question_type must be strings"),
        (
            "longmemeval",
            '[{"question_id": "q", "question": "?", "question_type": "t", "haystack_session_ids": ["a"], '
            '"haystack_sessions": [], "answer_session_ids": ["a"]}]',
            "haystack_sessions must be a list as long as haystack_session_ids",
        ),
        (
            "longmemeval",
            '[{"question_id": "q", "question": "?", "question_type": "t", "haystack_session_ids": ["a"], '
            '"haystack_sessions": [[{"role": "user", "content": 3}]], "answer_session_ids": ["a"]}]',
            "role and content must be strings",
        ),
    ],
)
def test_malformed_files_give_one_line(tmp_path: Path, kind: str, content: str, message: str) -> None:
    f = tmp_path / "bad.json"
    f.write_text(content, encoding="utf-8")
    with pytest.raises(DatasetError) as info:
        load_dataset(kind, f)
    assert message in str(info.value) and str(f) in str(info.value) and "\n" not in str(info.value)


def test_missing_file_binary_file_and_unknown_format(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="no such file"):
        load_dataset("locomo", tmp_path / "nope.json")
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DatasetError, match="not UTF-8"):
        load_dataset("longmemeval", tmp_path / "bin.json")
    with pytest.raises(DatasetError, match="is a directory"):
        load_dataset("jsonl", tmp_path)
    with pytest.raises(DatasetError, match="unknown data set format 'beir'"):
        load_dataset("beir", tmp_path / "x")


def test_text_that_cannot_be_a_utf8_note_is_made_safe(tmp_path: Path) -> None:
    f = tmp_path / "d.jsonl"
    f.write_text(
        '{"type": "document", "id": "d", "text": "nul\\u0000 and \\ud83d lone"}\n'
        '{"type": "query", "id": "q", "text": "nul", "gold": ["d"]}\n',
        encoding="utf-8",
    )
    doc = load_dataset("jsonl", f).documents[0]
    assert "\x00" not in doc.text and "nul\ufffd and \ufffd lone" in doc.text
    doc.text.encode("utf-8")


def test_longmemeval_note_names_do_not_depend_on_where_a_session_first_appears(tmp_path: Path) -> None:
    # an evidence session is new to its item, fillers were seen before: first-seen numbering would
    # put the answers last in every haystack; names come from a hash of the session instead
    items = json.loads((DATA / "longmemeval.json").read_text(encoding="utf-8"))
    reversed_file = tmp_path / "reversed.json"
    reversed_file.write_text(json.dumps(items[::-1]), encoding="utf-8")
    forward = load_dataset("longmemeval", DATA / "longmemeval.json")
    backward = load_dataset("longmemeval", reversed_file)
    assert forward.ids_by_path() == backward.ids_by_path()
    assert {d.path: d.text for d in forward.documents} == {d.path: d.text for d in backward.documents}
    newest = [max(q.scope or ()) for q in forward.queries]
    assert sum(n in q.gold for n, q in zip(newest, forward.queries, strict=True)) < len(forward.queries)
