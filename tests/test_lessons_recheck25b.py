"""A weekly failure's retry lines join a daily lesson's "What worked instead", not its "Notes" (trial 25
second re-check M2).

A daily lesson (its rule, then what worked, then `## Notes` with the rest of the day's entry) that the weekly run
gives evidence to gets the retry's calls (`… ran, in order, …`) at the end of "What worked instead": an agent
reading the lesson's advice sees every call that worked. Before, they were appended at the end of the note, under
"Notes", and a rule written from the lesson left them out.
"""

from __future__ import annotations

from memdir.consolidation.weekly.lessons import into_worked

DAILY_EN = """# Split archives over 50 MB before uploading them to the print shop

## What failed
- The upload of the album proofs was refused (413).

## What worked instead
- From now on always split archives over 50 MB before uploading them.

## Notes
- The print shop's portal was slow all afternoon.
"""

DAILY_JA = """# 50MB を超える動画は分割してから共有する

## What failed
- 講義動画の共有がサイズ超過で失敗した。

## What worked instead
- 今後は 50MB を超える動画は必ず分割してから共有する。

## How to check
- 受講者に届いたファイルを開いて確かめる。
"""

RETRY = "- `t-7r` ran, in order, `shell: 7z a -v45m ‹…>`; after it, `shell: upload ‹…>.7z.002`, the same step again"


def test_retry_lines_land_in_what_worked_not_under_notes() -> None:
    body = into_worked(DAILY_EN.rstrip("\n"), RETRY)
    worked = body.split("## What worked instead")[1].split("## Notes")[0]
    notes = body.split("## Notes")[1]
    assert RETRY in worked and RETRY not in notes
    assert body.index("## Notes") > body.index(RETRY)
    assert "- The print shop's portal was slow all afternoon." in notes


def test_before_how_to_check_in_japanese_and_at_the_end_without_a_next_section() -> None:
    body = into_worked(DAILY_JA.rstrip("\n"), RETRY)
    assert body.index(RETRY) < body.index("## How to check")
    assert f"{RETRY}\n\n## How to check" in body
    alone = into_worked("# T\n\n## What worked instead\n- 今後は必ず分割する。", RETRY)
    assert alone.endswith(f"- 今後は必ず分割する。\n{RETRY}")
