"""A line written right under a list that is not one of its steps gets a blank line before it.

In Markdown a line directly under a list item continues that item ("lazy continuation"), so a memo under the
last step (「5. …できたら完了」 / 「メモ：NAS のパスワードは金庫のファイルにある。」) would read as part of
step 5. A line under the last item is its continuation only when the item plainly goes on (it ends with a
comma or an open bracket, the line starts in lower case: a hard-wrapped sentence; or the item is a bare label
such as 「3. 留意点」 with its text under it); any other is a paragraph
of its own, separated by a blank line in the note.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import LIST_ITEM, Block, score_block
from memdir.consolidation.daily.shape_cols import WIDE

_GOES_ON = re.compile(r"[,、，(（\-–—:：]\s*$")


def _continues(prev: str, line: str) -> bool:
    """A hard-wrapped item, or an item that is only a label with its text under it (「3. 留意点」)."""
    label = LIST_ITEM.sub("", prev).strip()
    short = len(label) <= (8 if WIDE.search(label) else 14) and not label.endswith(tuple(".。!！?？"))
    return short or bool(_GOES_ON.search(prev)) or bool(re.match(r"[a-z]", line.strip()))


def detach_tails(blocks: list[Block]) -> list[Block]:
    """Blocks with each list's trailing unindented lines that are not its last item's continuation as a
    paragraph after it."""
    out: list[Block] = []
    for b in blocks:
        lines = b.text.splitlines()
        last = max((i for i, line in enumerate(lines) if LIST_ITEM.match(line)), default=-1)
        cut = next(
            (
                i
                for i in range(last + 1, len(lines))
                if lines[i].strip()
                and not lines[i].startswith((" ", "\t"))
                and not _continues(lines[i - 1], lines[i])
            ),
            None,
        )
        if b.kind != "list" or last < 0 or cut is None:
            out.append(b)
            continue
        out += [
            Block("list", "\n".join(lines[:cut]).rstrip(), b.ordered),
            Block("para", "\n".join(lines[cut:]).strip()),
        ]
        score_block(out[-2])
        score_block(out[-1])
    return out
