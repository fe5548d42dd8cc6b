"""Trial 29 #8: a weekly procedure is never titled by a call that prepares the work (a login, a session).

Three "order parts" runs (`inventory_check` -> `supplier_login` -> `supplier_order` -> `slack_post`) became
`procedures/supplier-login.md`, "Supplier login": read verb first, `supplier_login` was the verb `supplier` and its
object `login`, while `supplier_order` names no object and was passed over. A call that prepares the work is no
act of the kind, whatever its name's order (`tool_verbs.verb_first`, `PREPARES`). A print shop ordering paper
(English and Japanese requests, PydanticAI message parts) and the function itself.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helper import memdir_ok

from memdir.consolidation.weekly.fragment_titles import tool_call
from memdir.consolidation.weekly.tool_verbs import verb_first

ORDERS = [
    ("A4-COPY", 20, "Order 20 reams of A4 copy paper from Kato Paper"),
    ("A3-WOODFREE", 10, "A3の上質紙を10連、加藤紙業に発注して"),
    ("ENV-C4", 5, "Order 5 boxes of C4 envelopes"),
]


def _week(root: Path) -> None:
    lines: list[str] = []
    for n, (sku, qty, prompt) in enumerate(ORDERS, start=1):
        rid, s = f"pr-{n:03d}", [0]

        def ev(_rid: str = rid, _n: int = n, _s: list[int] = s, **kw: object) -> None:
            _s[0] += 7
            ts = f"2027-05-1{_n}T0{_n}:{_s[0] // 60:02d}:{_s[0] % 60:02d}+00:00"
            lines.append(json.dumps({"ts": ts, "task_id": _rid, **kw}, ensure_ascii=False))

        ev(type="user-prompt", part_kind="user-prompt", content=prompt)
        calls = [
            ("stock_check", {"sku": sku}, {"on_hand": 2}),
            ("vendor_login", {"portal": "kato-paper", "user": "print-desk"}, {"session": "ok"}),
            (
                "vendor_order",
                {"vendor": "kato-paper", "account": "KP-5521", "sku": sku, "qty": qty},
                {"no": "K-1"},
            ),
            ("chat_post", {"channel": "#print", "text": f"Ordered {qty} x {sku}"}, {"ok": True}),
        ]
        for i, (name, args, ret) in enumerate(calls):
            cid = f"c_{rid}_{i}"
            ev(
                type="tool-call",
                part_kind="tool-call",
                tool_name=name,
                args=json.dumps(args),
                tool_call_id=cid,
            )
            ev(
                type="tool-return",
                part_kind="tool-return",
                tool_name=name,
                content=json.dumps(ret),
                tool_call_id=cid,
            )
        ev(type="text", part_kind="text", content="Done.")
        ev(type="run-result", outcome="success")
    (root / "activity").mkdir(exist_ok=True)
    (root / "activity" / "2027-05-12.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.slow
def test_a_kind_is_not_titled_by_its_login_call(tmp_path: Path) -> None:
    memdir_ok(tmp_path, "init")
    _week(tmp_path)
    memdir_ok(tmp_path, "consolidate", "weekly", "--until", "2027-05-17")
    made = sorted((tmp_path / "procedures").glob("*.md"))
    assert len(made) == 1, made
    text = made[0].read_text(encoding="utf-8")
    title = next(ln for ln in text.splitlines() if ln.startswith("# "))
    assert "login" not in title.lower() and "login" not in made[0].stem, title  # main: "# Vendor login"
    assert "vendor_login" in text  # the step itself is kept


@pytest.mark.parametrize(
    "name",
    [
        ["supplier", "login"],
        ["portal", "auth"],
        ["login", "vendor"],
        ["auth", "refresh"],
    ],
)
def test_a_preparation_is_no_act_with_an_object(name: list[str]) -> None:
    verb, noun = verb_first(name)
    assert noun == [] and verb in name, (verb, noun)  # main: `supplier_login` -> ("supplier", ["login"])


def test_the_decisive_call_is_not_a_login() -> None:
    steps = [
        "stock_check: `sku={sku}`",
        "warehouse_login: `portal=north user=desk`",
        "create_shipment: `sku={sku} carrier=yamato`",
    ]
    assert tool_call(steps, ["Ship 3 boxes of {sku}", "{sku}を3箱発送して"]) == ("create", ["shipment"])
    assert tool_call(steps[:2], ["Ship 3 boxes"]) == ("", [])  # main: ("warehouse", ["login"])
    assert verb_first(["book", "session"]) == ("book", ["session"])  # a photo session is booked
    assert verb_first(["create", "login"]) == ("create", ["login"])  # an account is made
