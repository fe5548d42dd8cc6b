"""Trial 29 #10: an accepted merge section that only records or lists beside the note never leads `context`.

Accepting a weekly merge candidate that adds nothing wrote `Seen again in …` under a dated heading, and one that
lists a call the new tasks made (`Steps the new tasks took that this note does not list:`) wrote that list; both
are dated sections, and `context` put the newest dated section first ("Newest update first; the note's older
text follows"), above the person's steps. Now only an update leads (agents/updates.py); an accepted empty
candidate still records the sources and one dated line (docs/weekly.md, "Accepting a candidate that adds
nothing"). A kennel's discharge note (English) and a school library's return note (Japanese), by the CLI.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helper import memdir_ok

EN_NOTE = (
    "---\ndescription: How we send a boarded dog home\norigin: human\n---\n\n# Discharge a boarded dog\n\n"
    "1. Weigh the dog and write the weight on the kennel card.\n"
    "2. Return the owner's lead, bowl and any leftover food.\n"
    "3. Take the balance on the card reader and print the receipt.\n"
)
JA_NOTE = (
    "---\ndescription: 返却された本の処理\norigin: human\n---\n\n# 返却本の処理\n\n"
    "1. 返却ポストから本を出して、破れや落書きがないか確認する。\n"
    "2. 貸出システムで返却処理をする。\n"
    "3. 予約が入っている本は予約棚に置く。\n"
)
ADDED = "Steps the new tasks took that this note does not list:\n\n- kennel_get: `booking={booking}` (before step 1)\n"


def _item(root: Path, rid: str, target: str, candidate: str) -> None:
    (root / "review" / f"{rid}.md").write_text(
        f"---\nid: {rid}\nkind: merge_candidate\ntarget: {target}\nsimilarity: 0.9\n"
        f"created_at: '2027-04-05T10:00:00+09:00'\nsources:\n- w1\n- w2\nkey: weekly:{rid}\n"
        f"description: 'Weekly: {rid}'\n---\n\n# Merge candidate: {rid}\n\nClose to `{target}`.\n\n"
        f"Sources: w1, w2\n\n## Candidate\n\n{candidate}",
        encoding="utf-8",
    )


@pytest.mark.parametrize(
    ("name", "note", "candidate", "query", "first_step"),
    [
        pytest.param(
            "discharge-a-boarded-dog.md",
            EN_NOTE,
            "",
            "send the boarded dog Rex home",
            "1. Weigh the dog",
            id="EN, an empty candidate: 'Seen again in' (main: it leads)",
        ),
        pytest.param(
            "discharge-a-boarded-dog.md",
            EN_NOTE,
            ADDED,
            "send the boarded dog Rex home",
            "1. Weigh the dog",
            id="EN, a tool call the note does not list (main: it leads)",
        ),
        pytest.param(
            "返却本の処理.md",
            JA_NOTE,
            "",
            "返却された本を処理して",
            "1. 返却ポストから本を出して",
            id="JA, an empty candidate (main: it leads)",
        ),
    ],
)
def test_the_persons_steps_come_before_what_a_merge_recorded(
    tmp_path: Path, name: str, note: str, candidate: str, query: str, first_step: str
) -> None:
    memdir_ok(tmp_path, "init")
    (tmp_path / "procedures" / name).write_text(note, encoding="utf-8")
    _item(tmp_path, "rv-0000cc01", f"procedures/{name}", candidate)
    memdir_ok(tmp_path, "review", "accept", "rv-0000cc01")
    text = (tmp_path / "procedures" / name).read_text(encoding="utf-8")
    assert "— merged from review rv-0000cc01" in text  # the record is kept in the file
    out = memdir_ok(tmp_path, "context", query, "--budget", "2000").stdout
    assert first_step in out, out
    assert "Newest update" not in out, out
    assert out.index(first_step) < out.index("merged from review rv-0000cc01"), out


def test_an_update_older_than_the_merge_record_still_leads(tmp_path: Path) -> None:
    """An update older than the merge record still comes first (main: the record, dated today, led)."""
    memdir_ok(tmp_path, "init")
    body = (
        EN_NOTE + "\n## 2026-01-05 — Discharge a boarded dog (updated)\n\n1. Scan the chip before the lead.\n"
    )
    (tmp_path / "procedures" / "discharge-a-boarded-dog.md").write_text(body, encoding="utf-8")
    _item(tmp_path, "rv-0000cc02", "procedures/discharge-a-boarded-dog.md", "")
    memdir_ok(tmp_path, "review", "accept", "rv-0000cc02")
    out = memdir_ok(tmp_path, "context", "send the boarded dog Rex home", "--budget", "2000").stdout
    assert "_Newest update (2026-01-05) first" in out, out
    assert out.index("Scan the chip") < out.index("1. Weigh the dog") < out.index("rv-0000cc02"), out
