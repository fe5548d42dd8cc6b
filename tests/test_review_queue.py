"""The review queue: raise once, edit/delete by hand respected, accept merges with provenance, reject archives."""

from __future__ import annotations

import json
import shutil
from datetime import date

import pytest

from memdir.errors import ReviewError
from memdir.lifecycle.review import ReviewQueue, item_id_for
from memdir.lifecycle.review_apply import apply_merge

PROC = """---
# kept by hand: do not touch
description: Deploy the API to staging
tags: [deploy, api]
origin: weekly
confidence: 0.4
sources: [t1, t2, t3]
---

# Deploy the API

1. `make build`
2. `make push` — ステージングへ
"""


@pytest.fixture
def queue(mem):  # type: ignore[no-untyped-def]
    mem.store.create("procedures/deploy-api.md", PROC)
    return ReviewQueue(mem.store)


def _raise(
    q: ReviewQueue, key: str = "evidence:procedures/deploy-api.md:t7,t8", kind: str = "evidence"
) -> str | None:
    return q.raise_item(
        kind,
        "procedures/deploy-api.md",
        "Deploy API again",
        "# Deploy\n\n## Steps\n1. build\n2. push",
        0.9123,
        ["t7", "t8"],
        key,
    )


def test_raise_writes_readable_item_with_contract_frontmatter(queue, root) -> None:  # type: ignore[no-untyped-def]
    path = _raise(queue)
    assert path == f"review/{item_id_for('evidence:procedures/deploy-api.md:t7,t8')}.md"
    item = queue.list_items()[0]
    assert (item.kind, item.target, item.similarity, item.sources) == (
        "evidence",
        "procedures/deploy-api.md",
        0.9123,
        ["t7", "t8"],
    )
    text = (root / path).read_text(encoding="utf-8")
    for key in ("id:", "kind:", "target:", "similarity:", "created_at:", "sources:", "key:", "description:"):
        assert f"\n{key}" in text
    assert "memdir review accept" in text and "## Steps" in item.candidate


def test_same_key_never_raised_twice_open_accepted_rejected_or_deleted(queue, root) -> None:  # type: ignore[no-untyped-def]
    first = _raise(queue)
    assert first and _raise(queue) is None  # open
    queue.accept(first)
    assert _raise(queue) is None  # accepted
    rej = _raise(queue, key="k-reject")
    assert rej
    queue.reject(rej)
    assert _raise(queue, key="k-reject") is None  # rejected
    gone = _raise(queue, key="k-delete")
    assert gone
    (root / gone).unlink()  # a person deletes the file: that means "no"
    assert _raise(queue, key="k-delete") is None
    assert queue.list_items() == []


def test_ledger_lost_still_no_duplicate_of_decided_item(queue, root) -> None:  # type: ignore[no-untyped-def]
    path = _raise(queue)
    assert path
    queue.reject(path)
    shutil.rmtree(root / ".memdir")  # derived state wiped: the archived item still blocks it
    assert _raise(queue) is None
    assert list((root / "review").iterdir()) == []


def test_accept_merges_dated_section_and_sources_keeping_person_text(queue, root) -> None:  # type: ignore[no-untyped-def]
    path = _raise(queue, kind="merge_candidate")  # an evidence item writes "Seen again" only (trial 26)
    assert path
    res = queue.accept(path.split("/")[1].removesuffix(".md"))
    text = (root / "procedures/deploy-api.md").read_text(encoding="utf-8")
    assert text.startswith(
        "---\n# kept by hand: do not touch\ndescription: Deploy the API to staging\ntags: [deploy, api]\n"
    )
    assert "sources: [t1, t2, t3, t7, t8]" in text
    assert f"\n## {date.today().isoformat()} — merged from review {res['id']}\n" in text
    assert "### Steps" in text  # candidate headings nest under the dated section
    assert "2. `make push` — ステージングへ" in text
    assert queue.list_items() == []
    assert (root / "archive/review" / f"{res['id']}.md").exists()


def test_person_edit_of_candidate_is_what_gets_merged(queue, root) -> None:  # type: ignore[no-untyped-def]
    path = _raise(queue, kind="merge_candidate")  # an evidence item writes "Seen again" only (trial 26)
    assert path
    p = root / path
    p.write_text(
        p.read_text(encoding="utf-8").replace("1. build\n2. push", "1. build with cache\n"), encoding="utf-8"
    )
    queue.accept(path)
    text = (root / "procedures/deploy-api.md").read_text(encoding="utf-8")
    assert "1. build with cache" in text and "2. push\n" not in text


def test_accept_rerun_after_crash_merges_once(queue, mem, root) -> None:  # type: ignore[no-untyped-def]
    path = _raise(queue)
    assert path
    item = queue.get(path)
    apply_merge(
        mem.store, item.id, item.target, item.candidate, item.sources
    )  # killed right after the merge write
    queue.accept(item.id)
    text = (root / "procedures/deploy-api.md").read_text(encoding="utf-8")
    assert text.count(f"merged from review {item.id}") == 1
    assert "sources: [t1, t2, t3, t7, t8]" in text
    with pytest.raises(ReviewError, match="already decided"):
        queue.accept(item.id)


def test_move_proposal_moves_file_byte_identical(queue, root) -> None:  # type: ignore[no-untyped-def]
    before = (root / "procedures/deploy-api.md").read_bytes()
    path = queue.raise_item(
        "move_proposal", "procedures/deploy-api.md", "It is a fact", "", None, [], "move:deploy"
    )
    assert path
    assert queue.get(path).destination == "knowledge/deploy-api.md"
    res = queue.accept(path)
    assert res["destination"] == "knowledge/deploy-api.md"
    assert (root / "knowledge/deploy-api.md").read_bytes() == before
    assert not (root / "procedures/deploy-api.md").exists()


def test_move_refuses_to_overwrite(queue, mem, root) -> None:  # type: ignore[no-untyped-def]
    mem.store.create("knowledge/deploy-api.md", "---\ndescription: other\n---\nother\n")
    path = queue.raise_item("move_proposal", "procedures/deploy-api.md", "x", "", None, [], "move:x")
    assert path
    with pytest.raises(ReviewError, match="already exists"):
        queue.accept(path)
    assert (root / "procedures/deploy-api.md").read_text(encoding="utf-8") == PROC
    assert queue.list_items()  # still open


def test_accept_missing_target_and_unknown_id_are_review_errors(queue, root) -> None:  # type: ignore[no-untyped-def]
    path = _raise(queue)
    assert path
    (root / "procedures/deploy-api.md").unlink()
    with pytest.raises(ReviewError, match="no longer exists"):
        queue.accept(path)
    with pytest.raises(ReviewError):
        queue.get("rv-00000000")
    with pytest.raises(ReviewError):
        queue.get("../etc/passwd")
    with pytest.raises(ReviewError):
        queue.raise_item("delete_everything", "procedures/x.md", "t", "b", None, [], "k")


def test_cli_list_show_accept_reject(queue, run_cli, root) -> None:  # type: ignore[no-untyped-def]
    a = _raise(queue)
    b = _raise(queue, key="other", kind="merge_candidate")
    assert a and b
    out = run_cli("review", "list", "--json")
    assert out.returncode == 0, out.stderr
    items = json.loads(out.stdout)
    assert {i["id"] for i in items} == {a[7:-3], b[7:-3]}
    assert all({"id", "kind", "target", "similarity"} <= set(i) for i in items)
    show = run_cli("review", "show", a[7:-3])
    assert show.returncode == 0 and "## Candidate" in show.stdout
    acc = run_cli("review", "accept", a[7:-3])
    assert acc.returncode == 0, acc.stderr
    assert "t7" in (root / "procedures/deploy-api.md").read_text(encoding="utf-8")
    rej = run_cli("review", "reject", b[7:-3])
    assert rej.returncode == 0, rej.stderr
    assert json.loads(run_cli("review", "list", "--json").stdout) == []
    bad = run_cli("review", "accept", "rv-nope")
    assert bad.returncode == 1 and "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1
    back = run_cli("restore", f"archive/{b}")
    assert back.returncode == 0, back.stderr
    assert (root / b).exists()


def test_accept_after_real_kill_9_completes_once(queue, root, run_cli) -> None:  # type: ignore[no-untyped-def]
    import os
    import signal
    import subprocess
    import sys

    path = _raise(queue)
    assert path
    item_id = path[7:-3]
    script = (
        "import os, signal, sys\n"
        "from memdir import Memory\n"
        "from memdir.notes.store import NoteStore\n"
        "from memdir.lifecycle.review import ReviewQueue\n"
        "NoteStore.archive = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)\n"
        f"ReviewQueue(Memory(sys.argv[1]).store).accept({item_id!r})\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script, str(root)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "MEMDIR_ROOT": str(root)},
    )
    assert proc.returncode == -signal.SIGKILL
    assert f"merged from review {item_id}" in (root / "procedures/deploy-api.md").read_text(encoding="utf-8")
    assert (root / path).exists()  # killed before the item was archived
    out = run_cli("review", "accept", item_id)
    assert out.returncode == 0, out.stderr
    text = (root / "procedures/deploy-api.md").read_text(encoding="utf-8")
    assert text.count(f"merged from review {item_id}") == 1 and "sources: [t1, t2, t3, t7, t8]" in text
    assert not (root / path).exists() and (root / "archive" / path).exists()


def test_concurrent_raises_of_one_key_write_one_item(queue, mem, root) -> None:  # type: ignore[no-untyped-def]
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: _raise(ReviewQueue(mem.store), key="race"), range(8)))
    assert sum(r is not None for r in results) == 1
    assert len(list((root / "review").glob("*.md"))) == 1


def test_status_archived_lists_forgotten_notes_not_review_decisions(queue, mem) -> None:  # type: ignore[no-untyped-def]
    path = _raise(queue)
    assert path
    queue.reject(path)
    mem.store.archive("procedures/deploy-api.md", reason="forgotten: test")
    assert [e["path"] for e in mem.status()["archived"]] == ["procedures/deploy-api.md"]


def test_accept_never_loses_a_byte_of_the_target_body(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from memdir import Memory

    text_st = st.text(
        st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\r\x85\u2028\u2029"),
        max_size=200,
    )

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(body=text_st, candidate=text_st, n=st.integers(0, 10**6))
    def check(body: str, candidate: str, n: int) -> None:
        root = tmp_path / f"r{n}-{abs(hash((body, candidate)))}"
        mem = Memory(root)
        mem.init()
        head = "---\n# keep\ndescription: t\nsources: [a]\n---\n"
        mem.store.create("knowledge/t.md", head + body)
        q = ReviewQueue(mem.store)
        path = q.raise_item("merge_candidate", "knowledge/t.md", "t", candidate, 0.9, ["b"], f"k{n}")
        assert path
        q.accept(path)
        after = (root / "knowledge/t.md").read_text(encoding="utf-8")
        assert after.startswith("---\n# keep\ndescription: t\nsources: [a, b]\n")
        assert body.rstrip("\n") in after
        assert after.count("merged from review") == 1 + body.count("merged from review")

    check()


def test_accepting_a_repeat_of_the_same_steps_adds_provenance_not_a_copy(queue, root) -> None:  # type: ignore[no-untyped-def]
    same = "# Deploy the API\n\nDistilled from 3 tasks, week 48.\n\n1. `make build`\n2. `make push` — ステージングへ\n"
    path = queue.raise_item(
        "merge_candidate",
        "procedures/deploy-api.md",
        "Deploy the API",
        same,
        1.0,
        ["w48-t1", "w48-t2"],
        "repeat",
    )
    assert path
    queue.accept(path)
    text = (root / "procedures/deploy-api.md").read_text(encoding="utf-8")
    assert text.count("1. `make build`") == 1  # not duplicated
    assert "Seen again: this note's content matched new work in `w48-t1`, `w48-t2`." in text
    assert "Not already in this note:\n\nDistilled from 3 tasks, week 48." in text
    assert "sources: [t1, t2, t3, w48-t1, w48-t2]" in text
