"""LoCoMo (`locomo10.json` as published by snap-research/LoCoMo): one note per session, session-level gold.

Each session becomes `episodes/<conversation>/session_NN.md`: frontmatter (id, conversation,
session, date, speakers), a `# Session N — <date>` heading and one bullet per turn with its
dialogue id; a turn that shares an image gets `[shares image: <caption>]`. A question's gold
sessions are the sessions of its evidence ids (`D3:12` is session 3; malformed ids such as
`D:11:26` or `D8:6; D9:17` are normalised, ids of sessions that do not exist are dropped).
Adversarial questions (category 5) and the questions left without a gold session are skipped,
as in the published LoCoMo retrieval evaluations.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from memdir.errors import ConfigError, DatasetError
from memdir.evaluation.dataset import (
    EvalDataset,
    EvalDocument,
    EvalQuery,
    note_text,
    ordered_categories,
    read_json,
)
from memdir.jsonvalue import JSONValue

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
ORDER = ("single-hop", "multi-hop", "temporal", "open-domain")
SKIP_CATEGORY = 5
_SESSION_KEY = re.compile(r"session_(\d+)")
_EVIDENCE = re.compile(r"D(\d+):(\d+)")


def _mapping(value: JSONValue, where: str) -> Mapping[str, JSONValue]:
    if not isinstance(value, Mapping):
        raise DatasetError(f"{where}: expected an object")
    return value


def _list(value: JSONValue, where: str) -> Sequence[JSONValue]:
    if not isinstance(value, list):
        raise DatasetError(f"{where}: expected a list")
    return value


def _str(value: JSONValue, where: str) -> str:
    if not isinstance(value, str):
        raise DatasetError(f"{where}: expected a string")
    return value


def evidence_sessions(evidence: Sequence[JSONValue], sessions: set[int]) -> set[int]:
    """Session numbers named by evidence dialogue ids (`D3:12` -> 3) that exist in the conversation."""
    gold: set[int] = set()
    for e in evidence:
        if not isinstance(e, str):
            continue
        for tok in re.split(r"[;\s]+", e.strip()):
            m = _EVIDENCE.fullmatch(tok.replace("D:", "D"))
            if m and int(m.group(1)) in sessions:
                gold.add(int(m.group(1)))
    return gold


def session_note(cid: str, s: int, conv: Mapping[str, JSONValue], where: str) -> str:
    """The note of session s of one conversation."""
    when = _str(conv.get(f"session_{s}_date_time"), f"{where}: session_{s}_date_time")
    speakers = [
        _str(conv.get("speaker_a"), f"{where}: speaker_a"),
        _str(conv.get("speaker_b"), f"{where}: speaker_b"),
    ]
    lines = [f"# Session {s} — {when}\n"]
    for j, raw in enumerate(_list(conv.get(f"session_{s}"), f"{where}: session_{s}")):
        t = _mapping(raw, f"{where}: session_{s} turn {j}")
        text = _str(t.get("text"), f"{where}: session_{s} turn {j} text")
        caption = t.get("blip_caption")
        if isinstance(caption, str) and caption:
            text += f" [shares image: {caption}]"
        speaker = _str(t.get("speaker"), f"{where}: session_{s} turn {j} speaker")
        dia = _str(t.get("dia_id"), f"{where}: session_{s} turn {j} dia_id")
        lines.append(f"- **{speaker}** ({dia}): {text}")
    meta = {
        "id": f"{cid}/session_{s}",
        "source": "locomo",
        "conversation": cid,
        "session": s,
        "date": when,
        "speakers": speakers,
    }
    return note_text(meta, "\n".join(lines))


def load_locomo(path: Path) -> EvalDataset:
    """Read locomo10.json: 272 session notes and the 1,536 non-adversarial questions with gold sessions."""
    raw = read_json(path)
    if not isinstance(raw, list) or not raw:
        raise DatasetError(f"{path}: expected a non-empty list of LoCoMo samples (as in locomo10.json)")
    documents: list[EvalDocument] = []
    queries: list[EvalQuery] = []
    skipped = {"adversarial": 0, "without a gold session": 0}
    for pos, item in enumerate(raw):
        where = f"{path}: sample {pos}"
        x = _mapping(item, where)
        cid = _str(x.get("sample_id"), f"{where}: sample_id")
        conv = _mapping(x.get("conversation"), f"{where}: conversation")
        sessions = sorted(int(m.group(1)) for k in conv if (m := _SESSION_KEY.fullmatch(k)))
        paths: dict[int, str] = {}
        for s in sessions:
            rel = f"episodes/{cid}/session_{s:02d}.md"
            documents.append(EvalDocument(rel, f"{cid}/session_{s}", session_note(cid, s, conv, where)))
            paths[s] = rel
        for i, qraw in enumerate(_list(x.get("qa"), f"{where}: qa")):
            q = _mapping(qraw, f"{where}: qa {i}")
            category = q.get("category")
            if not isinstance(category, int) or isinstance(category, bool):
                raise DatasetError(f"{where}: qa {i}: category must be an integer")
            if category == SKIP_CATEGORY:
                skipped["adversarial"] += 1
                continue
            evidence = q.get("evidence", [])
            gold = evidence_sessions(evidence if isinstance(evidence, list) else [], set(sessions))
            if not gold:
                skipped["without a gold session"] += 1
                continue
            queries.append(
                EvalQuery(
                    id=f"{cid}-q{i}",
                    text=_str(q.get("question"), f"{where}: qa {i} question"),
                    gold=tuple(sorted(paths[s] for s in gold)),
                    category=CATEGORIES.get(category, f"category {category}"),
                    group=cid,
                )
            )
    return EvalDataset(
        name="locomo",
        source=str(path),
        documents=documents,
        queries=queries,
        skipped={k: v for k, v in skipped.items() if v},
        categories=ordered_categories(queries, ORDER),
    )


SPLITS = ("dev", "heldout")


def conversation_split(dataset: EvalDataset) -> dict[str, str]:
    """Conversation id -> `dev` or `heldout`, by position in locomo10.json: the 1st, 3rd, 5th, 7th and
    9th conversations are dev (conv-26, 41, 43, 47, 49), the others held out (docs/benchmarks-search.md)."""
    convs = list(dict.fromkeys(d.id.split("/")[0] for d in dataset.documents))
    return {c: SPLITS[i % 2] for i, c in enumerate(convs)}


def split_questions(dataset: EvalDataset, split: str) -> EvalDataset:
    """The questions of one half (`dev`, `heldout`) or all of them; the corpus stays every session."""
    if split == "all":
        return dataset
    if split not in SPLITS:
        raise ConfigError(f"unknown split {split!r} (use dev, heldout or all)")
    if dataset.name != "locomo":
        raise ConfigError(f"--split {split}: only LoCoMo has a dev / held-out split (by conversation)")
    part = conversation_split(dataset)
    kept = [q for q in dataset.queries if part.get(q.group or "") == split]
    other = len(dataset.queries) - len(kept)
    return EvalDataset(
        dataset.name,
        dataset.source,
        dataset.documents,
        kept,
        {**dataset.skipped, f"of the other half ({'heldout' if split == 'dev' else 'dev'})": other},
        dataset.categories,
        split,
    )
