"""Two hand-made weeks for round 3 (issue 15), written with their expected.json before any run.

- `tickets`: a support-ticket agent with one `api` tool whose arguments are a JSON string
  (`{"method": "POST", "path": "/tickets/T-4102/tags", "body": {"tag": "triaged"}}`), logging
  `task_start`, `tool_use`, `tool_result` (with `status`) and `task_end`. Every ticket task runs
  the same 4-step triage (read the ticket, read the customer, tag it, assign it); three kinds
  then differ in their last 3-4 calls: refund a double charge (3 + 1 failure), reset a user's
  MFA (3), escalate a bug to engineering (3). Intents are paraphrased English. Two one-offs share
  the triage, and one of them also the refund kind's payment lookup, reply and close.
- `keiri`: a Japanese accounting (経理) assistant whose logger writes a `user_message` with the
  request (chatty, paraphrased Japanese) and `tool_use` / `tool_result` of one `terminal` tool.
  Kinds: approve an expense claim (3 + 1 failure), schedule an invoice payment (3), update a
  vendor's bank account (3). Three one-offs reuse a kind's first commands (look at a claim; send
  a claim back after the same receipt check; ask whether an invoice was paid).

Run `python tests/data/weekly/build_weeks_round3.py` to rewrite the two folders (deterministic).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_weeks import Week, at  # noqa: E402


# -- tickets --------------------------------------------------------------------------------
def api(
    method: str, path: str, body: dict[str, Any] | None = None, status: int = 200
) -> list[dict[str, Any]]:
    args: dict[str, Any] = {"method": method, "path": path}
    if body:
        args["body"] = body
    return [
        {"type": "tool_use", "tool": "api", "input": json.dumps(args, ensure_ascii=False)},
        {"type": "tool_result", "tool": "api", "status": status},
    ]


def triage(tid: str, cid: str) -> list[dict[str, Any]]:
    return (
        api("GET", f"/tickets/{tid}")
        + api("GET", f"/customers/{cid}")
        + api("POST", f"/tickets/{tid}/tags", {"tag": "triaged"})
        + api("PATCH", f"/tickets/{tid}", {"assignee": "support-bot"})
    )


def ticket(
    goal: str, tid: str, cid: str, body: list[dict[str, Any]], outcome: str = "success"
) -> list[dict[str, Any]]:
    return [
        {"type": "task_start", "summary": goal},
        *triage(tid, cid),
        *body,
        {"type": "task_end", "outcome": outcome},
    ]


def refund(goal: str, tid: str, cid: str, pay: str, outcome: str = "success") -> list[dict[str, Any]]:
    body = api("GET", f"/customers/{cid}/payments?days=30")
    body += api(
        "POST", f"/payments/{pay}/refund", {"reason": "duplicate"}, 200 if outcome == "success" else 409
    )
    if outcome == "success":
        body += api("POST", f"/tickets/{tid}/reply", {"template": "refund_issued"})
        body += api("PATCH", f"/tickets/{tid}", {"status": "solved"})
    return ticket(goal, tid, cid, body, outcome)


def mfa(goal: str, tid: str, cid: str) -> list[dict[str, Any]]:
    body = api("POST", f"/users/{cid}/mfa/reset")
    body += api("POST", f"/tickets/{tid}/reply", {"template": "mfa_reset"})
    body += api("PATCH", f"/tickets/{tid}", {"status": "solved"})
    return ticket(goal, tid, cid, body)


def escalate(goal: str, tid: str, cid: str) -> list[dict[str, Any]]:
    body = api("POST", f"/tickets/{tid}/links", {"system": "jira", "project": "ENG"})
    body += api("PATCH", f"/tickets/{tid}", {"group": "tier2", "priority": "high"})
    body += api("POST", f"/tickets/{tid}/reply", {"template": "escalated"})
    return ticket(goal, tid, cid, body)


def week_tickets() -> None:
    w = Week("tickets")
    w.task(
        at(0, 9),
        refund(
            "Ticket T-4102: customer c-2231 was charged twice for the March renewal, refund the duplicate",
            "T-4102",
            "c-2231",
            "pay-88120",
        ),
        "tk-refund-1",
    )
    w.task(
        at(1, 11),
        refund(
            "T-4177 double charge on card, please refund the extra payment", "T-4177", "c-2602", "pay-88354"
        ),
        "tk-refund-2",
    )
    w.task(
        at(3, 14),
        refund("Refund the duplicate charge on T-4260 (customer c-3310)", "T-4260", "c-3310", "pay-89011"),
        "tk-refund-3",
    )
    w.task(
        at(4, 10),
        refund(
            "T-4318: charged two times this month, refund one of them",
            "T-4318",
            "c-3391",
            "pay-89270",
            "failure",
        ),
        "tk-refund-4",
    )
    w.task(
        at(0, 13), mfa("T-4120: user lost their phone, reset MFA for c-2290", "T-4120", "c-2290"), "tk-mfa-1"
    )
    w.task(
        at(2, 10),
        mfa("Customer on T-4188 can't get 2FA codes anymore, reset their second factor", "T-4188", "c-2714"),
        "tk-mfa-2",
    )
    w.task(
        at(4, 15), mfa("Reset two-factor for the account on ticket T-4301", "T-4301", "c-3350"), "tk-mfa-3"
    )
    w.task(
        at(1, 9),
        escalate("T-4133 looks like a real bug in CSV export, escalate to engineering", "T-4133", "c-2305"),
        "tk-esc-1",
    )
    w.task(
        at(2, 15),
        escalate("Escalate T-4199 to the dev team: webhook retries loop forever", "T-4199", "c-2760"),
        "tk-esc-2",
    )
    w.task(
        at(3, 9),
        escalate(
            "Engineering needs to see T-4277 (SSO login returns 500), please escalate", "T-4277", "c-3318"
        ),
        "tk-esc-3",
    )
    w.task(
        at(1, 16),
        ticket(
            "T-4181 is the same question as T-4179, merge them",
            "T-4181",
            "c-2650",
            api("POST", "/tickets/T-4181/merge", {"into": "T-4179"}),
        ),
        "tk-odd-1",
    )
    invoice_copy = api("GET", "/customers/c-2999/payments?days=30")
    invoice_copy += api("POST", "/tickets/T-4240/reply", {"template": "invoice_copy"})
    invoice_copy += api("PATCH", "/tickets/T-4240", {"status": "solved"})
    w.task(
        at(3, 11),
        ticket("T-4240: customer wants a copy of last month's invoice", "T-4240", "c-2999", invoice_copy),
        "tk-odd-2",
    )
    w.write(
        {
            "procedures": [
                {
                    "type": "refund a double charge",
                    "sources": ["tk-refund-1", "tk-refund-2", "tk-refund-3"],
                    "must_contain": ["/refund", "refund_issued", "solved"],
                    "must_not_contain": [
                        "mfa",
                        "jira",
                        "invoice_copy",
                        "merge",
                        "T-4102",
                        "c-2231",
                        "pay-88120",
                        "1 values",
                    ],
                    "title_any": ["refund"],
                    "title_not": ["get", "post", "patch"],
                },
                {
                    "type": "reset MFA",
                    "sources": ["tk-mfa-1", "tk-mfa-2", "tk-mfa-3"],
                    "must_contain": ["/mfa/reset", "mfa_reset"],
                    "must_not_contain": ["refund", "jira", "tier2", "T-4120", "c-2290", "1 values"],
                    "title_any": ["mfa", "two-factor", "2fa", "second factor"],
                    "title_not": ["get", "post", "patch"],
                },
                {
                    "type": "escalate to engineering",
                    "sources": ["tk-esc-1", "tk-esc-2", "tk-esc-3"],
                    "must_contain": ["jira", "tier2", "escalated"],
                    "must_not_contain": ["refund", "mfa", "CSV", "webhook", "T-4133", "1 values"],
                    "title_any": ["escalate"],
                    "title_not": ["get", "post", "patch"],
                },
            ],
            "review_items": [],
        }
    )


# -- keiri ----------------------------------------------------------------------------------
def term(cmd: str, out: str = "ok") -> list[dict[str, Any]]:
    return [
        {"type": "tool_use", "tool": "terminal", "input": {"command": cmd}},
        {"type": "tool_result", "tool": "terminal", "exit_code": 0, "output": out},
    ]


def ask(text: str, body: list[dict[str, Any]], outcome: str = "success") -> list[dict[str, Any]]:
    return [{"type": "user_message", "text": text}, *body, {"type": "task_end", "outcome": outcome}]


def approve(ex: str, text: str, outcome: str = "success") -> list[dict[str, Any]]:
    body = term(f"keihi show {ex}") + term(f"keihi receipts {ex} --verify")
    body += term(f"keihi approve {ex} --stage 経理")
    if outcome == "success":
        body += term(f"kaikei post --journal 旅費交通費 --ref {ex}")
    return ask(text, body, outcome)


def schedule(inv: str, day: str, text: str) -> list[dict[str, Any]]:
    body = term(f"seikyu show {inv}") + term(f"seikyu match {inv} --po")
    body += term(f"ginko furikomi schedule --invoice {inv} --date {day}")
    body += term(f"seikyu status {inv} --set 予約済")
    return ask(text, body)


def bank(vendor: str, scan: str, text: str) -> list[dict[str, Any]]:
    body = term(f"torihiki show {vendor}") + term(f"torihiki bank-update {vendor} --form {scan}")
    body += term(f"torihiki verify {vendor} --call-back")
    return ask(text, body)


def week_keiri() -> None:
    w = Week("keiri")
    w.task(
        at(0, 9),
        approve(
            "EX-2291", "山田さんの出張旅費の精算 EX-2291、領収書そろってるので承認しておいてもらえますか"
        ),
        "kr-appr-1",
    )
    w.task(
        at(1, 10), approve("EX-2305", "EX-2305 の経費申請、部長OK出てます。承認お願いします〜"), "kr-appr-2"
    )
    w.task(
        at(3, 9),
        approve("EX-2318", "先週の大阪出張の精算（EX-2318）まだ止まってるみたいなので通してください"),
        "kr-appr-3",
    )
    w.task(at(4, 9), approve("EX-2350", "EX-2350 も承認で！急ぎです", "failure"), "kr-appr-4")
    w.task(
        at(0, 14),
        schedule(
            "INV-7781", "2026-11-30", "株式会社ミドリ商事の請求書 INV-7781、月末払いで支払予約をお願いします"
        ),
        "kr-pay-1",
    )
    w.task(
        at(2, 11),
        schedule("INV-7802", "2026-11-25", "INV-7802 の支払い、25日に振込予約しといてください"),
        "kr-pay-2",
    )
    w.task(
        at(4, 14),
        schedule(
            "INV-7820", "2026-12-10", "請求書来てました（INV-7820、サクラ印刷）。いつもの通り振込の予約を"
        ),
        "kr-pay-3",
    )
    w.task(
        at(1, 15),
        bank(
            "V-118",
            "scan-1123.pdf",
            "ミドリ商事から振込先が変わったと連絡がありました。V-118 の口座を更新してください。書面は受領済みです",
        ),
        "kr-bank-1",
    )
    w.task(
        at(2, 16),
        bank(
            "V-240", "scan-1187.pdf", "取引先V-240の銀行口座変更届が届いたので、マスタの更新お願いできますか"
        ),
        "kr-bank-2",
    )
    w.task(
        at(3, 15),
        bank(
            "V-305",
            "scan-1202.pdf",
            "V-305（アオバ運輸）の口座、来月から新しいのになるそうです。登録変えておいて",
        ),
        "kr-bank-3",
    )
    w.task(
        at(1, 13),
        ask("EX-2330 の中身だけ見せてください、金額いくらでしたっけ？", term("keihi show EX-2330")),
        "kr-odd-1",
    )
    back = (
        term("keihi show EX-2342")
        + term("keihi receipts EX-2342 --verify")
        + term("keihi return EX-2342 --reason 領収書不足")
    )
    w.task(at(2, 9), ask("EX-2342 は領収書が足りないので差し戻しでお願いします", back), "kr-odd-2")
    paid = term("seikyu show INV-7835") + term("ginko furikomi history --invoice INV-7835")
    w.task(at(3, 13), ask("INV-7835 って支払い済みでしたっけ？", paid), "kr-odd-3")
    w.write(
        {
            "procedures": [
                {
                    "type": "approve an expense claim (chatty JA)",
                    "sources": ["kr-appr-1", "kr-appr-2", "kr-appr-3"],
                    "must_contain": [
                        "keihi approve EX-{",
                        "--stage 経理",
                        "kaikei post --journal 旅費交通費",
                    ],
                    "must_not_contain": ["EX-2291", "山田", "大阪", "return", "差し戻し", "1 values"],
                    "title_any": ["承認", "精算", "経費"],
                    "title_not": ["keihi", "kaikei"],
                },
                {
                    "type": "schedule an invoice payment (chatty JA)",
                    "sources": ["kr-pay-1", "kr-pay-2", "kr-pay-3"],
                    "must_contain": ["ginko furikomi schedule --invoice INV-{", "--set 予約済"],
                    "must_not_contain": ["INV-7781", "ミドリ", "サクラ", "history", "2026-11-25", "1 values"],
                    "title_any": ["予約", "支払", "振込"],
                    "title_not": ["seikyu", "ginko"],
                },
                {
                    "type": "update a vendor's bank account (chatty JA)",
                    "sources": ["kr-bank-1", "kr-bank-2", "kr-bank-3"],
                    "must_contain": ["torihiki bank-update V-{", "--call-back"],
                    "must_not_contain": ["V-118", "scan-1123", "アオバ", "1 values"],
                    "title_any": ["口座", "振込先"],
                    "title_not": ["torihiki"],
                },
            ],
            "review_items": [],
        }
    )


if __name__ == "__main__":
    week_tickets()
    week_keiri()
