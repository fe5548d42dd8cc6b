"""Where a mixed episode splits: its blocks labelled lesson or steps, and the two texts the router reads again.

An episode the model finds mixed (the other kind has at least SPLIT_MIN_PROBA) splits in two when each side
has SPLIT_MIN_CUES of cue weight in blocks of its own and the steps side holds a list or code; a neutral block
goes with the next labelled block. The router then reads both halves (router.Router._split). Moved out of
router.py unchanged.
"""

from __future__ import annotations

from memdir.consolidation.daily.blocks import Block
from memdir.consolidation.daily.route_reading import Reading

SPLIT_MIN_PROBA = 0.02  # the other kind needs at least this probability before the halves are read
SPLIT_MIN_CUES = 1.5  # and each side this much cue weight in blocks of its own


def split_texts(
    kind: str, r: Reading, classes: tuple[str, ...]
) -> tuple[dict[str, str], float, float] | None:
    """The knowledge and procedures texts `_split` reads again, and each side's cue weight (None: no split)."""
    other = "knowledge" if kind == "procedures" else "procedures"
    if r.proba[classes.index(other)] < SPLIT_MIN_PROBA:
        return None
    labels = [block_kind(b) for b in r.blocks]
    for i, lab in enumerate(labels):  # a neutral block goes with the next labelled block
        if lab == "neutral":
            labels[i] = next((x for x in labels[i + 1 :] if x != "neutral"), kind)
    pw = sum(b.score.proc for b, lab in zip(r.blocks, labels, strict=True) if lab == "procedures")
    kw = sum(b.score.know for b, lab in zip(r.blocks, labels, strict=True) if lab == "knowledge")
    steps = any(
        lab == "procedures" and b.kind in ("list", "code") for b, lab in zip(r.blocks, labels, strict=True)
    )
    if pw < SPLIT_MIN_CUES or kw < SPLIT_MIN_CUES or not steps:
        return None
    texts = {
        k: "\n\n".join(
            b.text for b, lab in zip(r.blocks, labels, strict=True) if lab == k and b.kind != "heading"
        )
        for k in ("knowledge", "procedures")
    }
    return texts, pw, kw


def block_kind(b: Block) -> str:
    """procedures, knowledge or neutral: the side of a split a block goes to by its cues."""
    if b.kind == "code":
        return "procedures" if b.score.proc > b.score.know else "neutral"
    if b.kind == "heading" or b.score.chat > b.score.proc + b.score.know:
        return "neutral"
    if b.score.proc >= 1.0 and b.score.proc >= 1.5 * b.score.know:
        return "procedures"
    if b.score.know >= 0.5 and b.score.know > b.score.proc:
        return "knowledge"
    return "neutral"
