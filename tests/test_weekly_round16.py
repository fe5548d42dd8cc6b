"""Round 16: general rules about logs, in domains other than round 16's data (a harbour, a museum registrar).

- the same flags in another order are the same call: one person runs `harbor berth book --vessel V
  --pier P7 --tugs 2`, another `harbor berth book --tugs 2 --vessel V --pier P7`, an argv list or a
  string; their tasks are one kind, and its step is written in the order most of them used
  (`flag_order.py`); a positional word written after an option that others write with one value goes
  back to the command's head;
- a web API's routes (`/v3/loans`) and the keys nested in its bodies (`json=file=`) are which call it is,
  not values passed: a museum registrar's loan done through `regapi` by three and `regctl` by one, the
  same constants (`INS-ARTCOVER`, `crate_std_2027`, `loan_cover_letter`) is one kind (`same_values.py`);
- a list of records whose length varies (one item per room) is the same call whatever its length: a run
  of words repeated right after itself is one in a step's key (`agreement.once`);
- a procedure names its week by its first and last day: the day after it (`until`) is often a date one
  task scheduled (a start date), which no procedure may keep;
- an input keyed by its HTTP method (`{"POST": "/v2/refunds", "body": …}`) is the method and its path,
  as `{"method": "POST", "path": …}` is (`steps.input_text`), so its path names the call;
- a title whose verb is its thing (`Refund a refund`, `Credit a credit`) says nothing
  (`action_titles.titled_by_work`);
- a write to one item (`PATCH /v1/shipments/S-{n}`) is titled by the value it sets when the requests
  write it (`service=expedite` -> "Expedite a shipment", was "Update a shipment");
- a clause whose subject is followed by an irregular past (`Norland Foods sent a menu`) is a report, not a
  request's imperative (`recurring._FINITE`); `analysis` is its own singular.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.action_titles import singular, titled_by_work
from memdir.consolidation.weekly.agreement import StepAgreement
from memdir.consolidation.weekly.flag_order import settle_flag_order
from memdir.consolidation.weekly.recurring import recurring_title
from memdir.consolidation.weekly.steps import Step, input_text
from memdir.consolidation.weekly.tasks import Task

VESSELS = ["MV-Arkona", "MV-Belgica", "MV-Coruna", "MV-Dalsland"]
BERTH_REQUESTS = {
    "en": [
        "MV-Arkona arrives tomorrow at dawn, 4200 tonnes of grain. Book her a berth please.",
        "Can you get a berth for MV-Belgica? She is carrying 3100 t.",
        "berth MV-Coruna 5800t",
        "The agent for MV-Dalsland called: ETA Thursday, 2600 tonnes. Berth and pilot please.",
    ],
    "ja": [
        "MV-Arkona が明朝入港します。穀物4200トン、バースを予約してください。",
        "MV-Belgica（3100トン）のバースをお願いできますか",
        "バース予約 MV-Coruna 5800t",
        "MV-Dalsland の代理店から連絡、木曜入港で2600トンです。バースと水先人の手配を",
    ],
}
# four orders of the same flags: the first two tasks wrote the same one
BERTH_ORDERS = [
    ["--vessel", "{v}", "--tonnes", "{t}", "--pier", "P7-GRAIN", "--tugs", "2"],
    ["--vessel", "{v}", "--tonnes", "{t}", "--pier", "P7-GRAIN", "--tugs", "2"],
    ["--tugs", "2", "--pier", "P7-GRAIN", "--vessel", "{v}", "--tonnes", "{t}"],
    ["--pier", "P7-GRAIN", "--tonnes", "{t}", "--tugs", "2", "--vessel", "{v}"],
]
PILOT_ORDERS = [
    ["--vessel", "{v}", "--pool", "pilots-north", "--notice", "12h"],
    ["--notice", "12h", "--vessel", "{v}", "--pool", "pilots-north"],
    ["--pool", "pilots-north", "--vessel", "{v}", "--notice", "12h"],
    ["--vessel", "{v}", "--pool", "pilots-north", "--notice", "12h"],
]
TONNES = ["4200", "3100", "5800", "2600"]


def _fill(words: list[str], v: str, t: str) -> list[str]:
    return [w.replace("{v}", v).replace("{t}", t) for w in words]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_same_flags_in_another_order_are_the_same_call(root: Path, lang: str) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    for i, (v, t) in enumerate(zip(VESSELS, TONNES, strict=True)):
        items: list[dict[str, Any]] = [{"type": "task_start", "summary": BERTH_REQUESTS[lang][i]}]
        items += [
            {"type": "tool_use", "tool": "harbor", "input": ["harbor", "vessel", "show", v]},
            {
                "type": "tool_use",
                "tool": "harbor",
                "input": ["harbor", "berth", "book", *_fill(BERTH_ORDERS[i], v, t)],
            },
            {
                "type": "tool_use",
                "tool": "harbor",
                "input": ["harbor", "pilot", "request", *_fill(PILOT_ORDERS[i], v, t)],
            },
            {"type": "response_sent", "text": f"{v} booked on P7-GRAIN."},
            {"type": "task_end", "outcome": "success"},
        ]
        mem.activity.append_many(events(f"b{i}", i, items))
    # another kind of the same CLI, flags shuffled too, and a one-off: they stay apart
    for i, (crane, hours) in enumerate([("CR-11", "6"), ("CR-14", "4"), ("CR-09", "8")]):
        flags = [["--crane", crane, "--hours", hours, "--reason", "wind-check"]]
        flags.append(["--reason", "wind-check", "--crane", crane, "--hours", hours])
        flags.append(["--hours", hours, "--reason", "wind-check", "--crane", crane])
        items = [{"type": "task_start", "summary": f"take crane {crane} out for {hours} hours, wind check"}]
        items += [
            {"type": "tool_use", "tool": "harbor", "input": ["harbor", "crane", "lock", *flags[i]]},
            {"type": "tool_use", "tool": "harbor", "input": ["harbor", "notify", "--channel", "#quay-ops"]},
            {"type": "task_end", "outcome": "success"},
        ]
        mem.activity.append_many(events(f"c{i}", 6 + i, items))
    one_off = [
        {"type": "task_start", "summary": "which pier is free tonight?"},
        {
            "type": "tool_use",
            "tool": "harbor",
            "input": ["harbor", "berth", "list", "--free", "--pier", "P7-GRAIN"],
        },
        {"type": "task_end", "outcome": "success"},
    ]
    mem.activity.append_many(events("o0", 10, one_off))
    report = mem.consolidate_weekly(until=UNTIL)
    sources = sorted(sorted(mem.store.read(p).meta.get("sources", [])) for p in report.created)
    assert ["b0", "b1", "b2", "b3"] in sources, sources  # before: each order its own call, no kind
    assert ["c0", "c1", "c2"] in sources, sources
    body = next(mem.store.read(p).body for p in report.created if "b0" in mem.store.read(p).meta["sources"])
    assert "--tonnes {" in body and "--pier P7-GRAIN --tugs 2" in body, body  # the order most tasks used
    assert "--pool pilots-north" in body and "--notice 12h" in body, body


def test_a_positional_word_written_among_the_options_goes_back_to_the_head() -> None:
    inputs = [
        "doorctl grant U-101 --zones 2F --profile night-shift",
        "doorctl grant U-102 --profile night-shift --zones 2F",
        "doorctl grant --zones 2F U-103 --profile night-shift",
    ]
    tasks = [
        Task(f"t{i}", "badge", steps=[Step("doorctl", x, "doorctl:grant")], outcome="success")
        for i, x in enumerate(inputs)
    ]
    settle_flag_order(tasks)
    assert [t.steps[0].input for t in tasks] == [
        f"doorctl grant U-10{i} --zones 2F --profile night-shift" for i in (1, 2, 3)
    ]
    # quoted text and a repeated option are left as they were
    written = ['git commit -m "a b" --author x --date d', 'git commit --date d -m "c" --author x']
    written += ["git commit --date d --author x -m c", "git commit --date d --author x -m c --date e"]
    written += ["kubectl --context p -n shop rollout status d/x", "kubectl -n shop --context p scale d/x"]
    written += ["git commit --author=x --date d -m c"]
    quoted = [Task(f"q{i}", "x", steps=[Step("git", w, "git:commit")]) for i, w in enumerate(written)]
    settle_flag_order(quoted)
    assert [t.steps[0].input for t in quoted] == written


LOANS = ["Aurora Museum", "Bremen Kunsthalle", "Civic Gallery of Turin", "Delft Prints Society"]
LOAN_FILES = ["aurora_list.xlsx", "bremen_objects.csv", "turin_loan.pdf", "delft_request.docx"]
LOAN_REQUESTS = {
    "en": [
        "The Aurora Museum sent their object list (aurora_list.xlsx), can you prepare the loan agreement?",
        "Bremen Kunsthalle wants to borrow the etchings, list attached. Loan paperwork please.",
        "loan agreement: Civic Gallery of Turin, turin_loan.pdf",
        "Delft Prints Society is asking for a loan of the maps - draft the agreement when you can",
    ],
    "ja": [
        "オーロラ美術館から作品リスト（aurora_list.xlsx）が届きました。貸出契約を作成してください",
        "ブレーメン美術館が版画を借りたいそうです。貸出契約の手配をお願いします",
        "貸出契約: トリノ市立美術館 turin_loan.pdf",
        "デルフト版画協会から地図の貸出依頼です。契約書をお願いします",
    ],
}


def _loan_api(borrower: str, file: str, n: int) -> list[dict[str, Any]]:
    """A web API: routes and nested JSON bodies."""
    return [
        {
            "type": "tool_use",
            "tool": "regapi",
            "input": {"method": "POST", "path": "/v3/condition", "json": {"file": file, "grade": "COND-A"}},
        },
        {
            "type": "tool_use",
            "tool": "regapi",
            "input": {
                "method": "POST",
                "path": "/v3/loans",
                "json": {
                    "report": f"CR-{n}",
                    "borrower": borrower,
                    "insurer": "INS-ARTCOVER",
                    "crate": "crate_std_2027",
                },
            },
        },
        {
            "type": "tool_use",
            "tool": "regapi",
            "input": {
                "method": "POST",
                "path": f"/v3/loans/L-{n}/send",
                "json": {"template": "loan_cover_letter"},
            },
        },
        {"type": "response_sent", "text": f"Loan L-{n} sent."},
    ]


def _loan_cli(borrower: str, file: str, n: int) -> list[dict[str, Any]]:
    """The same values through a CLI's command strings."""
    return [
        {"type": "tool_use", "tool": "regctl", "input": f"regctl condition {file} --grade COND-A"},
        {
            "type": "tool_use",
            "tool": "regctl",
            "input": f"regctl loan create --crate crate_std_2027 --borrower '{borrower}' --insurer INS-ARTCOVER --report CR-{n}",
        },
        {
            "type": "tool_use",
            "tool": "regctl",
            "input": f"regctl loan send L-{n} --template loan_cover_letter",
        },
        {"type": "response_sent", "text": f"L-{n} sent"},
    ]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_web_api_and_a_cli_passing_the_same_values_are_one_kind(root: Path, lang: str) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    for i, (who, file) in enumerate(zip(LOANS, LOAN_FILES, strict=True)):
        calls = _loan_cli(who, file, 700 + i) if i == 3 else _loan_api(who, file, 700 + i)
        items = [{"type": "task_start", "summary": LOAN_REQUESTS[lang][i]}, *calls]
        mem.activity.append_many(events(f"l{i}", i, [*items, {"type": "task_end", "outcome": "success"}]))
    # another kind through the same API, and a one-off sending a loan again: they stay apart
    for i, obj in enumerate(["OBJ-1181", "OBJ-1204", "OBJ-1266"]):
        items = [{"type": "task_start", "summary": f"{obj} is back from conservation, update its location"}]
        items += [
            {"type": "tool_use", "tool": "regapi", "input": {"method": "GET", "path": f"/v3/objects/{obj}"}},
            {
                "type": "tool_use",
                "tool": "regapi",
                "input": {"method": "PATCH", "path": f"/v3/objects/{obj}", "json": {"location": "STORE-B2"}},
            },
            {"type": "task_end", "outcome": "success"},
        ]
        mem.activity.append_many(events(f"o{i}", 6 + i, items))
    one_off = [
        {"type": "task_start", "summary": "resend loan L-650 to the borrower"},
        {
            "type": "tool_use",
            "tool": "regapi",
            "input": {
                "method": "POST",
                "path": "/v3/loans/L-650/send",
                "json": {"template": "loan_reminder"},
            },
        },
        {"type": "task_end", "outcome": "success"},
    ]
    mem.activity.append_many(events("x0", 10, one_off))
    report = mem.consolidate_weekly(until=UNTIL)
    sources = sorted(sorted(mem.store.read(p).meta.get("sources", [])) for p in report.created)
    assert ["l0", "l1", "l2", "l3"] in sources, (
        sources
    )  # before: the CLI's task apart, routes and keys as values
    assert ["o0", "o1", "o2"] in sources, sources


def test_a_list_of_records_of_any_length_is_the_same_call() -> None:
    def block(n: int, rooms: int) -> list[tuple[str, str]]:
        body = {
            "op": "amend",
            "block": f"GB-{n}",
            "rooms": [{"room": f"{n}{r}", "rate": "GRP-WED"} for r in range(rooms)],
            "waiver": "AMEND-FREE",
        }
        return [
            ("pms.v3.blocks:amend", input_text(body)),
            ("mailer", input_text({"template": "block_amended", "block": f"GB-{n}"})),
        ]

    # a hotel's wedding room blocks amended with 1, 2, 3 and 4 rooms: one call, the same key
    week = [block(n, rooms) for n, rooms in zip((410, 422, 437, 451), (1, 2, 3, 4), strict=True)]
    week += [[("pms.v3.rooms:get", f"room {n}")] for n in (101, 102, 103)]
    agreement = StepAgreement(week)
    keys = [agreement.keys(w) for w in week[:4]]
    assert all(k == keys[0] for k in keys), keys
    assert agreement.agreement(week[:4]).min() == 1.0


def test_the_week_is_named_by_its_last_day_not_the_day_after(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    starts = [UNTIL.isoformat(), "2026-12-02", "2026-12-07", "2026-12-09"]
    for i, start in enumerate(starts):
        member = f"T-{3301 + 17 * i}"
        items: list[dict[str, Any]] = [
            {"type": "task_start", "summary": f"new tenant {member} moves in on {start}"}
        ]
        items += [
            {
                "type": "tool_use",
                "tool": "estate",
                "input": f"estate lease start {member} --from {start} --plan FLEX-12",
            },
            {"type": "tool_use", "tool": "estate", "input": f"estate keys issue {member} --set KEYSET-B"},
            {"type": "task_end", "outcome": "success"},
        ]
        mem.activity.append_many(events(f"t{i}", i, items))
    report = mem.consolidate_weekly(until=UNTIL)
    assert len(report.created) == 1, report.created
    body = mem.store.read(report.created[0]).body
    # the week in ISO week dates since round 17 (the last day, too, is a date tasks book)
    assert "FLEX-12" in body and "week 2026-W48" in body, body
    assert UNTIL.isoformat() not in body, body  # before: "2026-11-23 to 2026-11-30 (exclusive)"


def test_an_input_keyed_by_its_http_method_is_the_method_and_its_path() -> None:
    text = input_text({"POST": "/v2/refunds", "body": {"member": "M-1", "reason": "CLASS-CANCELLED"}})
    assert text == "POST /v2/refunds body=member=M-1 reason=CLASS-CANCELLED", (
        text
    )  # before: `POST=/v2/refunds`
    assert input_text({"GET": "/v2/classes?day=mon"}) == "GET /v2/classes?day=mon"
    assert input_text({"get": "all"}) == "get=all"  # a key, not a method


def test_a_title_whose_verb_is_its_thing_says_nothing() -> None:
    steps = [
        "gymdesk: GET /v2/classes/{klass}",
        "gymdesk: POST /v2/refunds body=member={member} amount={amount} reason=CLASS-CANCELLED",
        "gymdesk: POST /v2/notes body=queue=front-desk",
    ]
    asked = [
        "refund for M-1108 - spin class cancelled",
        "The yoga class C-22 was called off, please refund them",
        "Class C-31 cancelled, refund the member and note it",
    ]
    assert titled_by_work(steps, asked, asked) == ""  # before: "Refund a refund"


def test_a_write_to_one_item_is_titled_by_the_value_it_sets() -> None:
    steps = [
        "wms: GET /v1/shipments/S-{number}",
        "wms: PATCH /v1/shipments/S-{number} json=service=expedite carrier=DHL-EXP",
        "chat.postMessage: #dock-2 S-{number} expedited",
    ]
    asked = [
        "expedite S-4410, the customer is waiting",
        "Can you expedite shipment S-4431?",
        "expedite S-4457 pls",
    ]
    title = titled_by_work(steps, [*asked, "S-4410 now ships express."], asked)
    assert title == "Expedite a shipment", title  # before: "Update a shipment"


def test_a_subject_and_an_irregular_past_are_a_report_not_a_title() -> None:
    told = [
        (
            "hey sam, Norland Foods sent a 12-page menu (norland_menu.pdf), can you get them a quote for the gala by Friday?",
            "Quote Q-4101 sent to the client.",
        ),
        (
            "Files from Brightwater Legal are uploaded (bw_event.zip) - run the quote when you get a sec",
            "Quote Q-4125 sent to the client.",
        ),
        ("Quayside Books: quay_launch.xlsx, price it", "Q-4150 sent"),
    ]
    title = recurring_title(told, ["cater: POST /v1/estimates json=menu={file}"])
    assert "Norland" not in title and "quote" in title.lower(), title  # before: "Norland the sent"
    assert [singular(w) for w in ("analysis", "status", "quotes")] == ["analysis", "status", "quote"]
