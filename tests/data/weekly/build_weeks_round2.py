"""Two hand-made weeks for the round-2 failure shapes, written with their expected.json first.

- `travel`: a travel-booking web agent logging one `browser` tool with WebArena-style string
  actions (`goto URL`, `click [63] 'Select'`, `type [41] "text" [Enter]`, `scroll down`),
  `tool_result` events with a page `summary`, a `response_sent` and a `task_end`. Every task
  signs in with the same 3 steps; three kinds also search (2 steps) and differ only in their
  last 3-4 steps: book the cheapest flight (4), save a hotel to a named trip (3), set a fare
  alert under a price (3). A fourth kind skips the search (download a booking's invoice).
- `desk`: an IT/HR request desk whose logger writes only `tool_use` events (the request in an
  `intent` field on the first call) and a final `response_sent`. Each kind is requested in
  chatty, paraphrased words every time: unlock an account (4, English), add someone to a
  mail group (3, English), re-send a payslip (3, Japanese, with an e-mail address).

Run `python tests/data/weekly/build_weeks_round2.py` to rewrite the two folders (deterministic).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_weeks import Week, at  # noqa: E402

# -- travel ---------------------------------------------------------------------------------
SITE = "https://trips.example.test"


def b(action: str, summary: str = "ok") -> list[dict[str, Any]]:
    return [
        {"type": "tool_use", "tool": "browser", "input": action},
        {"type": "tool_result", "tool": "browser", "summary": summary},
    ]


def sign_in() -> list[dict[str, Any]]:
    return (
        b(f"goto {SITE}/login", "Sign in page")
        + b('type [12] "travel-bot@acme.test" [Enter]', "Password or SSO")
        + b("click [16] 'Continue with SSO'", "Home: upcoming trips")
    )


def search(query: str) -> list[dict[str, Any]]:
    return b("click [30] 'Search'", "Search box") + b(f'type [41] "{query}" [Enter]', f"Results for {query}")


def ending(
    goal: str, body: list[dict[str, Any]], reply: str, outcome: str = "success"
) -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = [{"type": "task_start", "summary": goal}, *sign_in(), *body]
    if reply:
        ev.append({"type": "response_sent", "summary": reply})
    ev.append({"type": "task_end", "outcome": outcome})
    return ev


def book(src: str, dst: str, day: str, row: int, *, scroll: bool = False) -> list[dict[str, Any]]:
    body = search(f"{src} to {dst} {day}")
    if scroll:
        body += b("scroll down", "more flights")
    body += b("click [57] 'Sort: lowest price'", "Sorted by price")
    body += b(f"click [{row}] 'Select'", "Fare details")
    body += b("click [88] 'Add to booking'", "Booking summary")
    body += b("click [90] 'Pay with company card'", "Booking confirmed")
    return ending(
        f"Book the cheapest flight from {src} to {dst} on {day}", body, f"Booked {src} to {dst} on {day}"
    )


def save(hotel: str, trip: str, row: int, trip_row: int) -> list[dict[str, Any]]:
    body = search(hotel)
    body += b(f"click [{row}] '{hotel}'", f"{hotel}: rooms")
    body += b("click [88] 'Add to trip'", "Choose a trip")
    body += b(f"click [{trip_row}] '{trip}'", f"{trip} selected")
    body += b("click [97] 'Save'", "Saved")
    return ending(f"Save the {hotel} to my {trip} trip", body, f"Saved {hotel} to {trip}")


def alert(src: str, dst: str, price: str, *, scroll: bool = False) -> list[dict[str, Any]]:
    body = search(f"{src} to {dst}")
    if scroll:
        body += b("scroll down", "more flights")
    body += b("click [81] 'Track prices'", "Price alert form")
    body += b(f'type [83] "{price}" [Enter]', "Alert threshold set")
    body += b("click [85] 'Create alert'", "Alert created")
    goal = f"Set a fare alert for {src} to {dst} when it drops below €{price}"
    return ending(goal, body, f"Alert set: {src} to {dst} under €{price}")


def invoice(ref: str, row: int) -> list[dict[str, Any]]:
    body = b("click [22] 'My trips'", "Trips") + b(f"click [{row}] 'Booking {ref}'", f"Booking {ref}")
    body += b("click [31] 'Download invoice'", f"invoice-{ref}.pdf downloaded")
    return ending(f"Download the invoice for booking {ref}", body, f"Invoice for {ref} downloaded")


def week_travel() -> None:
    w = Week("travel")
    w.task(at(0, 9), book("Madrid", "Lisbon", "3 March", 63), "tr-book-1")
    w.task(at(1, 10), book("Paris", "Oslo", "14 April", 65, scroll=True), "tr-book-2")
    w.task(at(2, 11), book("Rome", "Porto", "21 March", 61), "tr-book-3")
    w.task(at(4, 9), book("Berlin", "Vienna", "2 May", 64), "tr-book-4")
    w.task(at(0, 13), save("Hotel Avenida", "Lisbon offsite", 63, 95), "tr-save-1")
    w.task(at(2, 14), save("Grand Hotel Nordic", "Q2 sales kickoff", 62, 94), "tr-save-2")
    w.task(at(3, 15), save("Casa do Rio", "design sprint", 66, 96), "tr-save-3")
    w.task(at(1, 15), alert("Madrid", "Lisbon", "120"), "tr-alert-1")
    w.task(at(3, 10), alert("Paris", "Oslo", "240", scroll=True), "tr-alert-2")
    w.task(at(4, 14), alert("Rome", "Kyoto", "890"), "tr-alert-3")
    w.task(at(0, 16), invoice("TR-4821", 201), "tr-inv-1")
    w.task(at(2, 16), invoice("TR-5107", 203), "tr-inv-2")
    w.task(at(4, 16), invoice("TR-6630", 202), "tr-inv-3")
    failed = book("Lyon", "Nice", "9 June", 62)
    failed[-2:] = [{"type": "task_end", "outcome": "failure"}]
    w.task(at(3, 12), failed, "tr-book-5")
    w.task(
        at(1, 12),
        ending(
            "Change my seat preference to aisle",
            b("click [26] 'Profile'") + b("click [44] 'Aisle'"),
            "Seat preference is aisle",
        ),
        "tr-odd-1",
    )
    w.write(
        {
            "procedures": [
                {
                    "type": "book the cheapest flight",
                    "sources": ["tr-book-1", "tr-book-2", "tr-book-3", "tr-book-4"],
                    "must_contain": ["Sort: lowest price", "Add to booking", "Pay with company card"],
                    "must_not_contain": ["Add to trip", "Save'", "scroll", "Vienna", "Oslo", "14 April"],
                },
                {
                    "type": "save a hotel to a trip",
                    "sources": ["tr-save-1", "tr-save-2", "tr-save-3"],
                    "must_contain": ["Add to trip", "click [97] 'Save'"],
                    "must_not_contain": ["Sort: lowest price", "Pay with", "Avenida", "Nordic", "Q2 sales"],
                },
                {
                    "type": "fare alert",
                    "sources": ["tr-alert-1", "tr-alert-2", "tr-alert-3"],
                    "must_contain": ["Track prices", "Create alert", "{price}"],
                    "must_not_contain": ["{version}", "{drops_below}", "scroll", "Kyoto", "890"],
                },
                {
                    "type": "download an invoice",
                    "sources": ["tr-inv-1", "tr-inv-2", "tr-inv-3"],
                    "must_contain": ["My trips", "Download invoice"],
                    "must_not_contain": ["TR-4821", "TR-6630"],
                },
            ],
            "review_items": [],
        }
    )


# -- desk -----------------------------------------------------------------------------------
def sh(cmd: str, intent: str = "") -> dict[str, Any]:
    ev: dict[str, Any] = {"type": "tool_use", "tool": "shell", "input": cmd}
    if intent:
        ev["intent"] = intent
    return ev


def done(text: str) -> list[dict[str, Any]]:
    return [{"type": "response_sent", "text": text}, {"type": "task_end", "outcome": "success"}]


def unlock(uid: str, intent: str, *, peek: bool = False) -> list[dict[str, Any]]:
    ev = [sh(f"dirctl account show {uid}", intent)]
    if peek:
        ev.append(sh(f"dirctl audit tail {uid} --limit 20"))
    ev += [sh(f"dirctl account unlock {uid}"), sh(f"dirctl session revoke {uid} --all")]
    return ev + done(f"{uid} is unlocked and old sessions are signed out; please sign in again.")


def group_add(uid: str, group: str, intent: str) -> list[dict[str, Any]]:
    ev = [sh(f"dirctl group show {group}", intent), sh(f"dirctl group add-member {group} {uid}")]
    ev.append(sh(f"mailctl sync-list {group}"))
    return ev + done(f"Added {uid} to {group}; mail arrives within 10 minutes.")


def payslip(emp: str, month: str, email: str, intent: str) -> list[dict[str, Any]]:
    ev = [
        sh(f"hrctl payslip export --employee {emp} --month {month}", intent),
        sh(f"mailctl send --to {email} --attach payslip-{emp}-{month}.pdf"),
    ]
    return ev + done(f"{month} の給与明細を {email} に送りました。")


def week_desk() -> None:
    w = Week("desk")
    w.task(
        at(0, 9),
        unlock(
            "pnair",
            "hey, Priya (pnair) keeps getting 'account locked' at login, could you sort it? she's presenting at 3",
        ),
        "dk-unlock-1",
    )
    w.task(
        at(1, 11),
        unlock("mokafor", "unlock mokafor please, too many wrong passwords after the holiday", peek=True),
        "dk-unlock-2",
    )
    w.task(at(2, 10), unlock("lchen", "Locked out again :( it's lchen this time, thanks!!"), "dk-unlock-3")
    w.task(
        at(4, 9),
        unlock(
            "rsato",
            "could you get rsato back into his account? he typed his old password a few times after the reset",
        ),
        "dk-unlock-4",
    )
    w.task(
        at(0, 14),
        group_add(
            "tbaker",
            "finance-ops",
            "can Tom (tbaker) get on the finance-ops list? he's covering for Ana next month",
        ),
        "dk-group-1",
    )
    w.task(
        at(2, 15),
        group_add("jwu", "design-leads", "pls add jwu to design-leads, she just got promoted 🎉"),
        "dk-group-2",
    )
    w.task(
        at(3, 16),
        group_add(
            "ssingh", "oncall-platform", "Need ssingh in oncall-platform before Friday's rotation starts"
        ),
        "dk-group-3",
    )
    w.task(
        at(1, 9),
        payslip(
            "e1042",
            "2026-10",
            "k.tanaka@acme.test",
            "e1042の10月分の給与明細、なくしちゃったみたいなので再発行してもらえますか？ メールは k.tanaka@acme.test です",
        ),
        "dk-slip-1",
    )
    w.task(
        at(3, 11),
        payslip(
            "e2210",
            "2026-09",
            "y.sato@acme.test",
            "すみません、9月の明細をもう一度送ってほしいです（e2210 / y.sato@acme.test）",
        ),
        "dk-slip-2",
    )
    w.task(
        at(4, 13),
        payslip(
            "e3177",
            "2026-08",
            "m.ito@acme.test",
            "住宅ローンの審査で8月分の給与明細が要るそうです。社員番号e3177、送り先 m.ito@acme.test でお願いします",
        ),
        "dk-slip-3",
    )
    failed = unlock("dkim", "dkim can't log in, locked??")
    failed[2] = {**failed[2], "error": "permission denied: account is in legal hold"}
    failed[-1] = {"type": "task_end", "outcome": "failure"}
    w.task(at(3, 9), failed, "dk-unlock-5")
    w.task(
        at(1, 16),
        [
            sh("dirctl account show avogel", "what's the manager field for avogel?"),
            *done("avogel reports to mlopez."),
        ],
        "dk-odd-1",
    )
    w.write(
        {
            "procedures": [
                {
                    "type": "unlock an account (chatty EN)",
                    "sources": ["dk-unlock-1", "dk-unlock-2", "dk-unlock-3", "dk-unlock-4"],
                    "must_contain": ["dirctl account unlock {", "dirctl session revoke {"],
                    "must_not_contain": [
                        "audit",
                        "pnair",
                        "rsato",
                        "Priya",
                        "presenting",
                        "{hey",
                        "{get",
                        "{unlock",
                        "1 values",
                    ],
                },
                {
                    "type": "add to a mail group (chatty EN)",
                    "sources": ["dk-group-1", "dk-group-2", "dk-group-3"],
                    "must_contain": ["dirctl group add-member {", "mailctl sync-list {"],
                    "must_not_contain": [
                        "tbaker",
                        "finance-ops",
                        "promoted",
                        "Friday",
                        "{pls",
                        "{can",
                        "1 values",
                    ],
                },
                {
                    "type": "re-send a payslip (chatty JA)",
                    "sources": ["dk-slip-1", "dk-slip-2", "dk-slip-3"],
                    "must_contain": [
                        "hrctl payslip export --employee {",
                        "mailctl send --to {user}@acme.test",
                    ],
                    "must_not_contain": ["e1042", "k.tanaka", "住宅ローン", "なくしちゃった", "1 values"],
                },
            ],
            "review_items": [],
        }
    )


if __name__ == "__main__":
    week_travel()
    week_desk()
