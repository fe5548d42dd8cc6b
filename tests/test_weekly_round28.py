"""Issue 15, round 28 (branch weekly28): an identifier cut where the week's values happened to differ,
titles from a search call, a notice template or a request's words with a bracket, failed calls not read
as failed.

Domains and log shapes other than sets 26-28's: a car-rental counter logged as plain `tool_call` events whose
reservation numbers share their time (English and Japanese), a Dutch bike-repair shop and a German
physiotherapy practice with tools named verb last, requests nested deep in a Semantic-Kernel-like chat
history, a Japanese hair salon whose notice template names the act, a library's results listed inside one
event (CrewAI-like `tool_results`) and a LangChain-like call record carrying its own `error`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from test_weekly_run import WordEmbedder
from test_weekly_shapes import events

from memdir import Memory
from memdir.consolidation.weekly.distill import distil_builtin
from memdir.consolidation.weekly.draft import Draft
from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.message_titles import japanese_call_title
from memdir.consolidation.weekly.tasks import Task, group_tasks


def _distil(tasks: list[Task]) -> Draft:
    return distil_builtin(tasks, np.eye(len(tasks), dtype=np.float32))


def _rental(tid: str, at: int, asked: str, day: str, name: str) -> list[dict[str, Any]]:
    """A car-rental counter: a car found, reserved under the slot's number, the renter told it."""
    return events(
        tid,
        at,
        [
            {"type": "request", "text": asked},
            {"type": "tool_call", "tool": "find_cars", "args": {"branch": "Airport", "date": f"2026-12-{day}"}},
            {"type": "tool_call", "tool": "reserve_car",
             "args": {"renter": name, "reservation_no": f"RV-12{day}-0900", "branch": "Airport", "plan": "DAY-STD"}},
            {"type": "tool_call", "tool": "send_mail",
             "args": {"to": f"{name.lower()}@mail.example", "template": "rental_ok_v2", "ref": f"RV-12{day}-0900"}},
            {"type": "task_end", "outcome": "success"},
        ],
    )  # fmt: skip


def test_an_identifier_is_one_value_named_by_its_key(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        _rental("r1", 0, "I need a car at the airport on the 3rd, please.", "03", "Ames")
        + _rental("r2", 1, "空港で5日に車を借りたいです。", "05", "Baba")
        + _rental("r3", 2, "Could I rent a car from the airport on the 9th?", "09", "Cole")
        + _rental("r4", 3, "9日じゃなくて11日に空港で車を借りられますか。", "11", "Dahl")
    )
    draft = _distil(group_tasks(mem.activity.read()))
    text = "\n".join(draft.steps)
    # the base: `reservation_no=RV-12{number}-0900` (an agent would always reserve 09:00), twice
    assert "reservation_no={reservation_no}" in text, text
    assert "ref={reservation_no}" in text, text
    assert "0900" not in text, text
    # a value that is no identifier keeps its constant parts
    assert "date=2026-12-{date}" in text or "date={date}" in text, text


def test_a_verb_last_tool_name_and_a_deep_request(root: Path) -> None:
    def visit(tid: str, at: int, asked: str, day: str) -> list[dict[str, Any]]:
        return events(
            tid,
            at,
            [
                # the request five maps and lists deep, as a chat history is logged
                {"type": "kernel.invoke", "arguments": {"chat_history": {"messages": [
                    {"role": "user", "items": [{"content_type": "text", "text": asked}]}]}}},
                {"type": "function_call", "tool": "termine_suchen", "args": {"tag": day, "art": "Erstbefund"}},
                {"type": "function_call", "tool": "behandlung_buchen",
                 "args": {"termin": f"T-{day}", "art": "Erstbefund", "praxis": "Praxis am Markt"}},
                {"type": "function_call", "tool": "email_senden", "args": {"vorlage": "termin_ok_v1", "termin": f"T-{day}"}},
                {"type": "task_end", "outcome": "success"},
            ],
        )  # fmt: skip

    mem = Memory(root, embedder=WordEmbedder())
    mem.activity.append_many(
        visit("p1", 0, "Ich hätte gern einen Termin für die Behandlung meiner Schulter, am liebsten am Montag.", "Mo")
        + visit("p2", 1, "Meine Ärztin hat mir Krankengymnastik verschrieben, kann ich mit der Behandlung am Dienstag beginnen?", "Di")
        + visit("p3", 2, "Ich brauche eine Behandlung für den Rücken, geht das am Freitag bei euch?", "Fr")
    )  # fmt: skip
    tasks = group_tasks(mem.activity.read())
    # the base read no request (the text is deeper than four maps and lists): the intents were task ids
    assert all(t.intent.startswith(("Ich", "Meine")) for t in tasks), [t.intent for t in tasks]
    # the base: `Termine suchen` (the search call, its verb read as its object)
    assert _distil(tasks).title == "Behandlung buchen"


def test_a_dutch_week_names_the_call_the_requests_write() -> None:
    steps = [
        "fietsen_zoeken: `klant={klant}`",
        "klant_aanmaken: `naam={naam} email={email}`",
        "reparatie_plannen: `fiets={fiets} datum={datum} werkplaats=Centrum`",
        "mail_versturen: `aan={email} sjabloon=reparatie_ok_v1`",
    ]
    asked = [
        "Hallo, mijn fiets heeft een lekke band. Kan ik een reparatie plannen voor dinsdag?",
        "Ik wil graag een reparatie van de versnelling, het liefst deze week.",
        "Kunnen jullie mijn remmen repareren? Ik ben een nieuwe klant.",
    ]
    # the base: `Fietsen zoeken` (the search, its object read as its verb)
    assert fragment_title("fietsen_zoeken, klant_aanmaken (x)", steps, asked) == "Reparatie plannen"


def test_a_notice_template_is_no_thing_and_a_bracket_of_another_script_is_no_title() -> None:
    steps = [
        "find_slots: `store=栄本店 menu=カット＆縮毛矯正120分 date={date}`",
        "book_visit: `name={name} slot={slot} store=栄本店 menu=カット＆縮毛矯正120分`",
        "send_line: `to={to} template=来店予約確定_v2`",
    ]
    asked = [
        "土曜の午後に縮毛矯正をお願いしたいです。",
        "来週カットと矯正を予約できますか？",
        "梅雨なので縮毛矯正をかけたいです。日曜空いてますか",
    ]
    # the base: `来店予約確定` (a notice template: the visit, the act and the notice, no thing)
    assert japanese_call_title(steps, asked) == "縮毛矯正"
    assert fragment_title("find_slots, book_visit, send_line ({date})", steps, asked) == "縮毛矯正の予約"
    # one request's English words and a Japanese bracket: the decisive call (the kind is bilingual)
    calls = ["check_tours: `date={date}`", "create_tour_booking: `date={date} tour=castle-am`"]
    mixed = ["Castle walking tour this Sunday?", "お城のツアーを予約したい", "Any castle tours on Friday?"]
    assert fragment_title("Castle walking tour（午前）", calls, mixed) == "Create a tour booking"
    assert fragment_title("Book a castle tour", calls, mixed) == "Book a castle tour"


def test_a_failed_call_is_failed_whatever_the_framework_writes(root: Path) -> None:
    mem = Memory(root, embedder=WordEmbedder())
    listed: list[dict[str, Any]] = [
        {"type": "request", "text": "Please renew my library loan of Dune."},
        {"type": "ToolsCalled", "tool": "renew_loan", "arguments": {"loan": "L-1"}, "call_id": "a1"},
        # the results listed inside one event that names no tool: the error is said there
        {"type": "ToolsFinished", "tool_results": [
            {"name": "renew_loan", "call_id": "a1", "content": "Error: CatalogueLocked: try again", "is_error": True}]},
        {"type": "ToolsCalled", "tool": "renew_loan", "arguments": {"loan": "L-1"}, "call_id": "a2"},
        {"type": "ToolsFinished", "tool_results": [
            {"name": "renew_loan", "call_id": "a2", "content": "renewed until 2026-12-30", "is_error": False}]},
        {"type": "task_end", "outcome": "success"},
    ]  # fmt: skip
    own: list[dict[str, Any]] = [
        {"type": "request", "text": "図書館の予約本を取り置きしてください。"},
        # a call and its result in one record, its own `error` saying it failed
        {"type": "tool_run", "tool": "hold_book", "input": {"isbn": "978-4"}, "output": None,
         "error": {"message": "Error running tool", "data": {"error": "HoldServiceTimeout"}}},
        {"type": "tool_run", "tool": "hold_book", "input": {"isbn": "978-4"}, "output": "held", "error": None},
        # an argument that says `error` is no failure of the call
        {"type": "tool_run", "tool": "log_note", "input": {"status": "error", "code": 404}, "output": "ok"},
        {"type": "task_end", "outcome": "success"},
    ]  # fmt: skip
    by_id: list[dict[str, Any]] = [
        {"type": "request", "text": "Hold two copies of Dune for our reading group."},
        # the call's id nested in the record that asks for it; its output answers by that id only
        {"type": "run.step", "tool": "hold_book", "arguments": "{\"isbn\": \"978-0\"}",
         "step": {"calls": [{"id": "call_h1", "function": {"name": "hold_book"}}]}},
        {"type": "outputs.posted", "body": {"tool_outputs": [
            {"tool_call_id": "call_h1", "output": "{\"error\": \"HoldServiceTimeout: no answer\"}"}]}},
        {"type": "run.step", "tool": "hold_book", "arguments": "{\"isbn\": \"978-0\"}",
         "step": {"calls": [{"id": "call_h2", "function": {"name": "hold_book"}}]}},
        {"type": "outputs.posted", "body": {"tool_outputs": [{"tool_call_id": "call_h2", "output": "{\"held\": 2}"}]}},
        # a run record's start and end share its id; the end carries the error
        {"type": "span.start", "id": "span-77a1", "tool": "notify_group", "input": {"group": "G-4"}},
        {"type": "span.end", "id": "span-77a1", "outputs": None, "error": "SmsGatewayDown: 503"},
        {"type": "span.start", "id": "span-77a2", "tool": "notify_group", "input": {"group": "G-4"}},
        {"type": "span.end", "id": "span-77a2", "outputs": {"sent": 1}, "error": None},
        # a result nested in the call's record, its error a flag
        {"type": "component.run", "tool": "log_loan", "arguments": {"loan": "L-9"},
         "tags": {"output": {"messages": [{"tool_call_result": {"result": "Failed: Error: DiskFull", "error": True}}]}}},
        {"type": "task_end", "outcome": "success"},
    ]  # fmt: skip
    mem.activity.append_many(events("l1", 0, listed) + events("l2", 1, own) + events("l3", 2, by_id))
    tasks = {t.task_id: t for t in group_tasks(mem.activity.read())}
    renew = tasks["l1"].steps
    # the base: two identical steps, neither failed
    assert [s.failed for s in renew] == [True, False], renew
    assert "CatalogueLocked" in renew[0].error
    assert [s.tool for s in tasks["l1"].folded] == ["renew_loan"]
    hold = tasks["l2"].steps
    assert [s.failed for s in hold] == [True, False, False], hold
    assert [s.tool for s in tasks["l2"].folded] == ["hold_book", "log_note"]
    paired = tasks["l3"].steps
    assert [s.failed for s in paired] == [True, False, True, False, True], paired
    assert "HoldServiceTimeout" in paired[0].error and "SmsGatewayDown" in paired[2].error
    assert "DiskFull" in paired[4].error
