"""Trial 19 #8: a date written YYYY-MM-DD whose day does not exist is named as such, in one line, rc 1.

`memdir consolidate daily --date 2026-11-31` said "use YYYY-MM-DD", which the person had done (inputs.no_such_day).
Here a clinic's records, in a real subprocess: every CLI date option says which day does not exist.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

Cli = Callable[..., CompletedProcess[str]]


def test_every_date_option_says_the_day_does_not_exist(root: Path, run_cli: Cli) -> None:
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    cases = [
        (("consolidate", "daily", "--date", "2027-02-29"), "2027-02 has no day 29 (it has 28 days)"),
        (("consolidate", "weekly", "--until", "2027-04-31"), "2027-04 has no day 31 (it has 30 days)"),
        (("consolidate", "daily", "--date", "2027-13-01"), "there is no month 13"),
        (("episode", "add", "Flu clinic ran long", "--at", "2027-06-31T09:00"), "2027-06 has no day 31"),
        (("log", "--type", "task_end", "--ts", "2027-09-31T10:00"), "2027-09 has no day 31"),
    ]
    for args, said in cases:
        res = run_cli(*args)
        assert res.returncode == 1, (args, res.stderr)
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and said in lines[0], (args, res.stderr)
        assert "use YYYY-MM-DD" not in lines[0]
    res = run_cli("consolidate", "daily", "--date", "2027/02/28")  # not written YYYY-MM-DD: as before
    assert res.returncode == 1 and "use YYYY-MM-DD" in res.stderr
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before
