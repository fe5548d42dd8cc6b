"""Two hand-made weeks for round 4 (issue 15: what the notes say), written with their expected.json
before any run.

- `somu`: a Japanese 総務/人事 desk. The logger writes a `user_message` (requests in keigo,
  casual and terse registers, with employee numbers, dates, times, amounts inside), `tool_use`
  of a `terminal` tool (`{"command": …}`) or of a `facility` tool whose input is a dict with
  Japanese keys (`会議室`, `開始`, `終了`, `人数`, `件名`), `tool_result` and a free-text
  `response_sent`. Kinds: fix a timecard (勤怠の修正, 3), book a meeting room (会議室の予約, 4,
  the 4th asked in other words), issue an invoice (請求書の発行, 3; every request also names
  its 期日, a noun they share that is not the action).
- `devbot`: an English coding agent with JSON tool args (`Edit` with `file_path` /
  `old_string` / `new_string`, `Bash` with `command`) and a free-text reply that differs per
  task. Kinds: bump a dependency (3 + 1 failure: a test fails), add an alert recipient by
  e-mail (3 + 1 failure: the test page is refused), whose addresses vary in local part and
  domain. The two failures are different steps with different errors.

Run `python tests/data/weekly/build_weeks_round4.py` to rewrite the two folders (deterministic).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_weeks import Week, at  # noqa: E402

Events = list[dict[str, Any]]


def call(tool: str, args: dict[str, Any], code: int = 0, error: str = "") -> Events:
    res: dict[str, Any] = {"type": "tool_result", "tool": tool, "exit_code": code}
    if error:
        res["error"] = error
    return [{"type": "tool_use", "tool": tool, "input": args}, res]


def term(cmd: str, code: int = 0, error: str = "") -> Events:
    return call("terminal", {"command": cmd}, code, error)


def job(request: str, body: Events, reply: str, outcome: str = "success") -> Events:
    return [
        {"type": "user_message", "text": request},
        *body,
        {"type": "response_sent", "text": reply},
        {"type": "task_end", "outcome": outcome},
    ]


# -- somu -------------------------------------------------------------------------------------
def kintai(emp: str, day: str, out: str) -> Events:
    return (
        term(f"kintai show {emp} --date {day}")
        + term(f"kintai fix {emp} --date {day} --clock-out {out}")
        + term(f"kintai notify {emp} --to 上長")
    )


def room(name: str, start: str, end: str, people: int, subject: str) -> Events:
    args = {"会議室": name, "開始": start, "終了": end, "人数": people, "件名": subject}
    return call("facility", args) + term(f"calendar invite --room {name} --start {start}")


def invoice(client: str, month: str, amount: str, due: str) -> Events:
    return (
        term(f"seikyu issue --client {client} --month {month} --amount {amount} --due {due}")
        + term(f"seikyu pdf --client {client} --month {month}")
        + term(f"seikyu send --client {client} --month {month} --via mail")
    )


def week_somu() -> None:
    w = Week("somu")
    w.task(
        at(0, 9),
        job(
            "社員番号 S20417 の 11/20 の退勤打刻が 17:00 になっています。19:30 に修正していただけますでしょうか。",
            kintai("S20417", "2026-11-20", "19:30"),
            "S20417 の 11/20 退勤を 19:30 に直し、上長に通知しました。",
        ),
        "sm-kintai-1",
    )
    w.task(
        at(2, 10),
        job(
            "S20533 昨日の退勤 18:45 で打刻し忘れたみたい、直しといて",
            kintai("S20533", "2026-11-24", "18:45"),
            "直しました（18:45）。上長にも連絡済みです。",
        ),
        "sm-kintai-2",
    )
    w.task(
        at(4, 16),
        job(
            "勤怠修正：S20761、11/26、退勤21:10",
            kintai("S20761", "2026-11-26", "21:10"),
            "対応完了。S20761 の退勤は 21:10 です。",
        ),
        "sm-kintai-3",
    )
    w.task(
        at(0, 13),
        job(
            "明日の午前10時〜11時半、本館7F-702 室を 4名でお願いします。件名は採用面接です。",
            room("本館7F-702", "2026-11-24T10:00", "2026-11-24T11:30", 4, "採用面接"),
            "本館7F-702 を 10:00〜11:30 で押さえ、招待を送りました。",
        ),
        "sm-room-1",
    )
    w.task(
        at(1, 15),
        job(
            "水曜 14時から1時間、6人で使える会議室を予約してください（件名：月次定例）",
            room("別館3F-305", "2026-11-26T14:00", "2026-11-26T15:00", 6, "月次定例"),
            "別館3F-305 を予約しました。",
        ),
        "sm-room-2",
    )
    w.task(
        at(3, 9),
        job(
            "会議室予約お願いします。11/27 16:00-17:00、3名、件名「取引先打合せ」",
            room("本館5F-511", "2026-11-27T16:00", "2026-11-27T17:00", 3, "取引先打合せ"),
            "本館5F-511、16時から取れました。",
        ),
        "sm-room-3",
    )
    w.task(
        at(4, 11),
        job(
            "金曜の朝イチで新人研修やるので、8人入れる部屋を押さえておいてもらえる？9時から正午まで",
            room("別館2F-201", "2026-11-28T09:00", "2026-11-28T12:00", 8, "新人研修"),
            "別館2F-201 を 9:00〜12:00 で確保しました。",
        ),
        "sm-room-4",
    )
    w.task(
        at(1, 9),
        job(
            "株式会社アオイ向けに 11月分の請求書（税込 132,000円）を発行してください。期日は 12/31 です。",
            invoice("C-311", "2026-11", "132000", "2026-12-31"),
            "アオイ様の11月分請求書を発行し、メールで送付しました。",
        ),
        "sm-inv-1",
    )
    w.task(
        at(2, 14),
        job(
            "C-482 の10月分、請求書まだ出してなかった…期日 12/15 で 88,000円、発行お願い！",
            invoice("C-482", "2026-10", "88000", "2026-12-15"),
            "発行・送付しました（88,000円、期日12/15）。",
        ),
        "sm-inv-2",
    )
    w.task(
        at(3, 15),
        job(
            "請求書発行依頼：ハヤテ物流（C-519）、11月分、275,000円、期日 1/10",
            invoice("C-519", "2026-11", "275000", "2027-01-10"),
            "C-519 宛に送付完了です。",
        ),
        "sm-inv-3",
    )
    w.write(
        {
            "procedures": [
                {
                    "type": "fix a timecard (keigo, casual, terse)",
                    "sources": ["sm-kintai-1", "sm-kintai-2", "sm-kintai-3"],
                    "must_contain": ["kintai fix ", "--clock-out ", "kintai notify ", "--to 上長"],
                    "must_not_contain": ["S20417", "19:30", "{value}", "いただけますでしょうか", "1 values"],
                    "title_any": ["勤怠", "打刻"],
                    "title_not": ["{", "value", "kintai", "ください", "直しといて"],
                },
                {
                    "type": "book a meeting room (dict input with JA keys; the 4th asked in other words)",
                    "sources": ["sm-room-1", "sm-room-2", "sm-room-3", "sm-room-4"],
                    "must_contain": ["calendar invite --room "],
                    "must_not_contain": ["本館7F-702", "採用面接", "{value", "1 values"],
                    "title_any": ["会議室の予約", "部屋の予約", "会議室を予約", "会議室予約"],
                    "title_not": ["{", "value", "お願いします", "4名", "facility"],
                },
                {
                    "type": "issue an invoice (every request names its 期日)",
                    "sources": ["sm-inv-1", "sm-inv-2", "sm-inv-3"],
                    "must_contain": ["seikyu issue --client ", "seikyu send --client ", "--via mail"],
                    "must_not_contain": ["アオイ", "132000", "C-311", "1 values"],
                    "title_any": ["発行"],
                    "title_not": ["{", "value", "seikyu"],
                },
            ],
            "review_items": [],
        }
    )


# -- devbot -----------------------------------------------------------------------------------
def edit(path: str, old: str, new: str) -> Events:
    return call("Edit", {"file_path": path, "old_string": old, "new_string": new})


def bash(cmd: str, code: int = 0, error: str = "") -> Events:
    return call("Bash", {"command": cmd}, code, error)


def bump(pkg: str, old: str, new: str, fail: str = "") -> Events:
    body = edit("pyproject.toml", f'"{pkg}>={old}"', f'"{pkg}>={new}"')
    body += bash(f"uv lock --upgrade-package {pkg}")
    body += bash("uv run pytest -q", 1 if fail else 0, fail)
    if not fail:
        body += bash(f"git commit -am 'Bump {pkg} to {new}'")
    return body


def recipient(team: str, email: str, fail: str = "") -> Events:
    body = bash(f"alertctl recipients add --team {team} --email {email}")
    body += bash(f"alertctl test --team {team} --to {email}", 1 if fail else 0, fail)
    return body


def week_devbot() -> None:
    w = Week("devbot")
    w.task(
        at(0, 10),
        job(
            "Please bump httpx to 0.28.1",
            bump("httpx", "0.27.0", "0.28.1"),
            "Bumped httpx from 0.27.0 to 0.28.1, all 214 tests pass and it's committed.",
        ),
        "db-bump-1",
    )
    w.task(
        at(1, 14),
        job(
            "rich is outdated, can you upgrade it to 13.9.4?",
            bump("rich", "13.7.1", "13.9.4"),
            "Done - rich is now 13.9.4 (was 13.7.1). Test suite green.",
        ),
        "db-bump-2",
    )
    w.task(
        at(3, 11),
        job(
            "Upgrade pydantic to 2.10.3 and make sure nothing breaks",
            bump("pydantic", "2.9.2", "2.10.3"),
            "Upgraded pydantic 2.9.2 -> 2.10.3; lock file regenerated, tests pass, commit pushed locally.",
        ),
        "db-bump-3",
    )
    w.task(
        at(4, 9),
        job(
            "bump sqlalchemy to 2.0.36",
            bump("sqlalchemy", "2.0.30", "2.0.36", "FAILED tests/test_repo.py::test_upsert - TypeError"),
            "Bumping sqlalchemy broke test_upsert (TypeError); I did not commit.",
            "failure",
        ),
        "db-bump-4",
    )
    w.task(
        at(0, 15),
        job(
            "Add j.ortiz@northwind.example to the payments alert recipients",
            recipient("payments", "j.ortiz@northwind.example"),
            "j.ortiz now gets payments alerts; the test page arrived.",
        ),
        "db-mail-1",
    )
    w.task(
        at(2, 9),
        job(
            "Mei from Contoso should receive the search team's alerts: mei.tan@contoso.example",
            recipient("search", "mei.tan@contoso.example"),
            "Added Mei to search alerts and sent a test.",
        ),
        "db-mail-2",
    )
    w.task(
        at(3, 16),
        job(
            "please put r.kowalski@fabrikam.example on the billing on-call alert list",
            recipient("billing", "r.kowalski@fabrikam.example"),
            "Done, billing alerts go to Robert as well (test delivered).",
        ),
        "db-mail-3",
    )
    w.task(
        at(4, 14),
        job(
            "Add a.nowak@tailspin.example to identity alerts",
            recipient("identity", "a.nowak@tailspin.example", "550 mailbox unavailable"),
            "The address was added but the test page bounced (550).",
            "failure",
        ),
        "db-mail-4",
    )
    w.write(
        {
            "procedures": [
                {
                    "type": "bump a dependency (Edit JSON args, free-text replies)",
                    "sources": ["db-bump-1", "db-bump-2", "db-bump-3"],
                    "must_contain": ["pyproject.toml", "uv lock --upgrade-package ", "uv run pytest -q"],
                    "must_not_contain": [
                        "{new_string",
                        "{old_string",
                        "{committed",
                        "{target",
                        "httpx",
                        "214",
                        "Test suite green",
                        "1 values",
                    ],
                    "title_any": ["bump", "upgrade"],
                    "title_not": ["{new_string", "please"],
                },
                {
                    "type": "add an alert recipient (e-mail varies in local part and domain)",
                    "sources": ["db-mail-1", "db-mail-2", "db-mail-3"],
                    "must_contain": ["alertctl recipients add --team ", "alertctl test --team "],
                    "must_not_contain": ["{value}@", "@{value", "j.ortiz", "northwind", "Robert", "1 values"],
                    "title_any": ["recipient", "alert"],
                    "title_not": ["ortiz", "contoso"],
                },
            ],
            "review_items": [],
        }
    )


if __name__ == "__main__":
    week_somu()
    week_devbot()
