"""Trial 10: ids made from masked text stay as they are, so an episode is consolidated once.

A heading with a value the redactor masks (`トークンは vault-managed です`, `パスワードは hunter2-Kx93 です`)
gives the anchor `…-redacted-です`. Every later write (run state, a note's `sources`, a review item's
key and target) masked that id again (`…[REDACTED]です`), so the state never matched the episode: it
stayed pending for ever, each daily run appended it to the same lesson again and raised the same
review item again under a longer id, whose masked target `review accept` could not find.
Real files and real daily runs (the hashing embedder; the CLI in a real subprocess).
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from test_daily_support import YESTERDAY, hashing_memory, run

from memdir.lifecycle.review import ReviewQueue
from memdir.notes.episodes import anchor_of
from memdir.notes.store import NoteStore
from memdir.paths import slugify
from memdir.runs.redact import redact_text
from memdir.runs.state import EpisodeState

CORPUS = Path(__file__).parent / "data" / "secrets"
DAY = YESTERDAY.isoformat()


def _sources(root: Path) -> list[str]:
    """Every `sources` entry of every note (a note listing one episode twice shows it twice)."""
    store = NoteStore(root)
    return [s for n in store.iter_notes(("knowledge", "procedures")) for s in n.str_list("sources")]


def _files(root: Path, folder: str) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in (root / folder).rglob("*.md"))


def test_the_trials_japanese_title_is_consolidated_once_from_the_cli(
    run_cli: Callable[..., subprocess.CompletedProcess[str]], root: Path
) -> None:
    """Trial 10 item 3, as typed: `--title "トークンは vault-managed です"`; four daily runs, one lesson entry."""
    env = {"MEMDIR_EMBEDDER": "hashing"}
    added = run_cli(
        "episode",
        "add",
        "APIのトークンは Vault で管理する。教訓：トークンを直接書かないこと。",
        "--title",
        "トークンは vault-managed です",
        "--at",
        f"{DAY}T12:00:00+09:00",
        env=env,
    )
    assert added.returncode == 0, added.stderr
    runs = [run_cli("consolidate", "daily", "--json", env=env) for _ in range(4)]
    assert [r.returncode for r in runs] == [0, 0, 0, 0], [r.stderr for r in runs]
    reports = [json.loads(r.stdout) for r in runs]
    assert reports[0]["processed"] == 1 and reports[0]["created"]
    for later in reports[1:]:  # before: 1 looked at, the lesson updated again, a review item raised
        assert (later["processed"], later["created"], later["updated"], later["review"]) == (0, [], [], [])
    status = json.loads(run_cli("status", "--json", env=env).stdout)
    assert status["pending_episodes"] == 0  # before: "1 pending consolidation" for ever
    (ref,) = set(_sources(root))
    assert _sources(root) == [ref] and "[REDACTED]" not in ref  # before: the same source 3 times
    (lesson,) = _files(root, "knowledge/lessons")
    text = (root / lesson).read_text(encoding="utf-8")
    assert text.count(f"(`{ref}`)") == 1 and "support: 1" in text  # one "What failed" line
    assert list(EpisodeState(root).done) == [ref]  # the state keys on the id the episode has
    assert _files(root, "review") == []


@pytest.mark.parametrize(
    "heading, body",
    [
        (
            "パスワードは hunter2-Kx93 です",
            "本番DBのパスワードは hunter2-Kx93 です。手順：まずVaultを開く、次に値をコピーする。",
        ),
        (
            "トークンは tk-88Hq2Lm9 でした",
            "ステージングのトークンは tk-88Hq2Lm9 でした。教訓：トークンは必ずVaultに置くこと。",
        ),
        (
            "シークレットは vault-managed です",
            "シークレットは Vault で管理する。次からは設定ファイルに書かないこと。",
        ),
        # English wordings: their anchors were stable already (kept here so that they stay so)
        (
            "The password is Zr4Lq9Wm2Tx7Vn now",
            "We reset the admin password. Lesson learned: rotate it monthly.",
        ),
        (
            "Rotate the staging token: abc-123-xyz9",
            "To rotate the staging token:\n\n1. Open the vault\n2. Run `make rotate`\n3. Restart the pods with kubectl",
        ),
    ],
)
def test_a_hand_written_heading_with_a_masked_value_is_consolidated_once(
    root: Path, heading: str, body: str
) -> None:
    """A person's own heading (trial r9): three runs, the episode in one note once, no review item, nothing pending."""
    (root / "episodes" / f"{DAY}.md").write_text(
        f"---\ndate: {DAY}\n---\n\n## 11:00 — {heading}\n\n{body}\n", encoding="utf-8"
    )
    mem = hashing_memory(root)
    (ep,) = list(mem.episodes.iter_episodes())
    first = run(mem)
    assert first.processed == 1 and first.created
    after_first = {p: (root / p).read_bytes() for p in _files(root, "knowledge") + _files(root, "procedures")}
    for _ in range(2):
        again = run(mem)
        assert (again.processed, again.created, again.updated, again.review) == (0, [], [], [])
    assert {p: (root / p).read_bytes() for p in after_first} == after_first
    assert _files(root, "review") == []  # before: the same merge candidate on every run
    assert ep.ref in _sources(root) and _sources(root).count(ep.ref) == len(set(_sources(root)))
    assert not EpisodeState(root).is_pending(ep.id, ep.hash)
    state = json.loads((root / ".memdir" / "state" / "episodes.json").read_text(encoding="utf-8"))
    assert list(state["done"]) == [ep.id]


def test_anchors_and_file_names_are_unchanged_by_masking_them_again() -> None:
    """Every line of the secret corpus as a heading and as a title: the id memdir makes is masked already."""
    lines = [
        line.strip()[:150]
        for name in ("corpus.jsonl", "mine.jsonl")
        for row in (CORPUS / name).read_text(encoding="utf-8").splitlines()
        if row.strip()
        for line in json.loads(row)["text"].splitlines()
        if line.strip()
    ]
    assert len(lines) > 500
    moved = [
        line
        for line in lines
        if redact_text(a := anchor_of(f"10:00 — {line}")) != a or redact_text(s := slugify(line)) != s
    ]
    assert (
        moved == []
    )  # before: 2 (「…パスワードは hunter2-Xyz です。」, 「Wi-Fi のパスワードは … だと聞いた」)
    assert redact_text("トークンは [REDACTED] です") == "トークンは [REDACTED] です"


def test_a_review_key_is_raised_once_and_its_target_is_the_file(root: Path) -> None:
    """Trial r9: the same key under `rv-57589022` and `rv-575890223114`, and a target accept could not find."""
    store = NoteStore(root)
    target = f"procedures/{slugify('パスワードは hunter2-Kx93 です')}.md"
    store.create(target, "---\ndescription: DB password steps\n---\n\n# DB\n\n1. Open Vault\n")
    ref = f"episodes/{DAY}.md#{anchor_of('11:00 — パスワードは hunter2-Kx93 です')}"
    queue = ReviewQueue(store)
    item = {
        "kind": "merge_candidate",
        "target": target,
        "title": "パスワードは [REDACTED] です",
        "body": "2. 値をコピーする",
        "similarity": 1.0,
        "sources": [ref],
        "key": f"daily-merge:{target}:{ref}:54fe9d58db21",
    }
    first = queue.raise_item(**item)  # type: ignore[arg-type]
    assert first is not None and queue.raise_item(**item) is None  # type: ignore[arg-type]
    (raised,) = queue.list_items()
    assert raised.target == target and raised.sources == [ref]
    accepted = queue.accept(
        raised.id
    )  # before: "target procedures/パスワードは[REDACTED]です.md no longer exists"
    assert accepted["target"] == target and "2. 値をコピーする" in store.read(target).body
    # a key holding a secret itself is the key the ledger stores: raised once too
    secret = {**item, "key": "evidence:knowledge/x.md:password=Zr4Lq9Wm2Tx7Vn", "kind": "evidence"}
    assert queue.raise_item(**secret) is not None  # type: ignore[arg-type]
    assert queue.raise_item(**secret) is None  # type: ignore[arg-type]
    assert len(_files(root, "review")) == 1


def test_a_path_that_holds_a_secret_is_never_proposed(root: Path) -> None:
    """A person's file named with a secret: an item would show it masked and could not be accepted."""
    store = NoteStore(root)
    path = root / "procedures" / "パスワードは hunter2-Kx93 です.md"
    path.write_text("---\ndescription: login\n---\n\n# Login\n\n1. Open the console\n", encoding="utf-8")
    raised = ReviewQueue(store).raise_item(
        kind="evidence",
        target="procedures/パスワードは hunter2-Kx93 です.md",
        title="Login",
        body="Seen again",
        similarity=0.9,
        sources=[f"episodes/{DAY}.md#1000-login"],
        key="evidence:login",
    )
    assert raised is None and _files(root, "review") == []
    assert "hunter2-Kx93" not in "".join(
        p.read_text(encoding="utf-8") for p in (root / ".memdir").rglob("*.json")
    )


def test_a_root_an_earlier_version_left_is_not_consolidated_again(root: Path) -> None:
    """State, sources, records and a review item with the id masked twice (as trial r9/r10 left them): the
    episode counts as done, nothing is appended again, and the old item can be accepted."""
    heading = "トークンは vault-managed です"
    (root / "episodes" / f"{DAY}.md").write_text(
        f"---\ndate: {DAY}\n---\n\n## 12:00 — {heading}\n\nAPIのトークンは Vault で管理する。教訓：トークンを直接書かないこと。\n",
        encoding="utf-8",
    )
    mem = hashing_memory(root)
    (ep,) = list(mem.episodes.iter_episodes())
    run(mem)
    twice = ep.id.replace("-redacted-", "[REDACTED]")
    assert twice != ep.id
    for rel in [p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()]:
        if rel.startswith((".memdir/state/", "knowledge/")) and rel.endswith((".json", ".md")):
            path = root / rel
            path.write_text(path.read_text(encoding="utf-8").replace(ep.id, twice), encoding="utf-8")
    (lesson,) = _files(root, "knowledge/lessons")
    before = (root / lesson).read_bytes()
    assert twice.encode() in before
    again = run(mem)
    assert (again.processed, again.created, again.updated, again.review) == (0, [], [], [])
    assert (root / lesson).read_bytes() == before
    assert not EpisodeState(root).is_pending(ep.id, ep.hash)
    # an item an earlier version raised, with its target masked twice, is accepted into the real file
    target = f"procedures/{slugify('パスワードは hunter2-Kx93 です')}.md"
    NoteStore(root).create(target, "---\ndescription: d\n---\n\n# T\n\n1. Open Vault\n")
    shown = target.replace("-redacted-", "[REDACTED]")
    (root / "review" / "rv-57589022.md").write_text(
        f"---\nid: rv-57589022\nkind: merge_candidate\ntarget: {shown}\nsimilarity: 1.0\nsources:\n- {twice}\n"
        f"key: daily-merge:{shown}:{twice}:54fe9d58db21\n---\n\n# Merge candidate\n\n## Candidate\n\n2. Copy it\n",
        encoding="utf-8",
    )
    done = ReviewQueue(NoteStore(root)).accept("rv-57589022")
    assert done["target"] == target and "2. Copy it" in NoteStore(root).read(target).body
