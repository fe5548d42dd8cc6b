"""Trial 9's weekly problems, on weeks of other domains (real files, real weekly runs):

- a coding agent's call input holds a description beside its command (Claude Code's `Bash` writes
  `{"command": …, "description": "Check which GPUs are free", "timeout": …}`): the step is the command,
  the description what it is for (said after it when every task said it alike), never inside the code;
  `Read` of a `file_path` is the path (`call_purpose.py`);
- one value is one placeholder, however its pieces aligned: a name with more hyphens in one task than in
  another (`--out {name}-clean`), a file named after it (`{snapshot}-fp16.bin`, the hyphen kept), an id
  with a constant word in its middle that the request names whole (`whole_values.py`); the legend says what
  the value is (an identifier, a number, a list of numbers);
- a review item on a person's note writes the note's placeholders (`<snap>` of a step's continuation
  line), offers no reply that only reports the values, and an item whose candidate another accepted item
  has just put into the note says so (`review_siblings.py`).
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from test_weekly_run import UNTIL, WordEmbedder

from memdir import Memory
from memdir.consolidation.weekly.render import legend_line
from memdir.consolidation.weekly.steps import input_text

START = datetime(2026, 11, 23, 1, 0, tzinfo=timezone.utc)


def events(day: int, tid: str, intent: str, calls: list[tuple[str, dict[str, Any]]], reply: str) -> list[str]:
    """A coding agent's task as its logger writes it: each tool input the tool's own object."""
    at = START + timedelta(days=day, hours=len(tid) % 5)
    out: list[dict[str, Any]] = [
        {"ts": at.isoformat(), "type": "task_start", "task_id": tid, "summary": intent}
    ]
    for n, (tool, given) in enumerate(calls):
        ts = (at + timedelta(minutes=2 * n + 1)).isoformat()
        out.append({"ts": ts, "type": "tool_use", "task_id": tid, "tool": tool, "input": given})
        out.append(
            {"ts": ts, "type": "tool_result", "task_id": tid, "tool": tool, "exit_code": 0, "output": "ok"}
        )
    end = (at + timedelta(minutes=40)).isoformat()
    out.append({"ts": end, "type": "response_sent", "task_id": tid, "summary": reply})
    out.append({"ts": end, "type": "task_end", "task_id": tid, "outcome": "success"})
    return [json.dumps(e, ensure_ascii=False) for e in out]


def run_week(tmp_path: Path, tasks: list[list[str]], notes: dict[str, str] | None = None) -> Path:
    root = tmp_path / "root"
    Memory(root).init()
    (root / "activity" / "2026-11-24.jsonl").write_text(
        "\n".join(line for t in tasks for line in t) + "\n", encoding="utf-8"
    )
    for rel, text in (notes or {}).items():
        (root / rel).write_text(text, encoding="utf-8")
    report = Memory(root, embedder=WordEmbedder()).consolidate_weekly(until=UNTIL)  # type: ignore[arg-type]
    assert report.errors == []
    return root


def procedure(root: Path) -> str:
    made = sorted((root / "procedures").glob("*.md"))
    assert len(made) == 1, made
    return made[0].read_text(encoding="utf-8")


def steps_of(text: str) -> str:
    """The step list with every placeholder written `{x}` (what it is named is not asked here)."""
    return re.sub(r"\{\w+\}", "{x}", text.split("## Steps")[1].split("## Placeholders")[0])


# --- a description beside a command ------------------------------------------------------------


def publish(day: int, n: int, site: str) -> list[str]:
    """A web team's agent publishing a docs site, logged as Claude Code logs its tools."""
    calls: list[tuple[str, dict[str, Any]]] = [
        ("Bash", {"command": f"cd ~/sites/{site} && npm run build", "description": "Build the site"}),
        ("Read", {"file_path": f"/home/ana/sites/{site}/dist/index.html"}),
        (
            "Bash",
            {
                "command": f"rsync -az dist/ web-1:/srv/www/{site}/",
                "description": "Copy the build to the web server",
                "timeout": 120000,
            },
        ),
        (
            "WebFetch",
            {"url": f"https://{site}.example.org/", "prompt": "Does the page show today's build date?"},
        ),
    ]
    return events(day, f"pub-{n}", f"Publish the {site} docs site", calls, f"Published {site}.")


def test_a_description_beside_a_command_is_no_part_of_the_step(tmp_path: Path) -> None:
    root = run_week(
        tmp_path, [publish(0, 1, "handbook"), publish(1, 2, "api-guide"), publish(2, 3, "status")]
    )
    text = procedure(root)
    steps = steps_of(text)
    # before: `cd ~/sites/{site} && npm run build description=Build the site`, `… timeout=120000`,
    # `Read: file_path=/home/ana/…`: a command an agent copies and runs broken
    assert "description=" not in text and "timeout=" not in text and "file_path=" not in text
    assert "prompt=" not in steps
    # the command in code, then what it is for: every task said it in the same words
    assert "Bash: `cd ~/sites/{x} && npm run build` — build the site" in steps
    assert "Bash: `rsync -az dist/ web-1:/srv/www/{x}/` — copy the build to the web server" in steps
    assert "Read: `/home/ana/sites/{x}/dist/index.html`" in steps
    assert "WebFetch: `https://{x}.example.org/` — does the page show today's build date?" in steps


def test_call_inputs_of_other_loggers_keep_their_arguments() -> None:
    from memdir.consolidation.weekly.steps import input_purpose

    # OpenAI-style function calls log their arguments as a JSON string; an explanation beside the command
    args = json.dumps({"command": "make release", "explanation": "Cut the release tag for the sprint"})
    assert input_text(args) == "make release"
    assert input_purpose(args) == "Cut the release tag for the sprint"
    # a setting of how the tool runs the command is the tool's; an argument stays
    assert input_text({"command": "make test", "timeout": 600000, "run_in_background": False}) == "make test"
    assert (
        input_text({"cmd": "kubectl scale deploy/web", "replicas": 3})
        == "kubectl scale deploy/web replicas=3"
    )
    # prose under any key beside a command line is its purpose
    assert input_text({"cmd": "systemctl restart worker", "note": "so it picks up the new config"}) == (
        "systemctl restart worker"
    )
    # what a call sends is what it does: a message, a body, a short reason code stay
    assert input_text({"channel": "#ops", "text": "Deploy finished for billing"}) == (
        "channel=#ops text=Deploy finished for billing"
    )
    assert input_text({"path": "/v1/notes", "body": "Customer called twice about the refund"}) == (
        "/v1/notes body=Customer called twice about the refund"
    )
    assert input_text({"op": "refund", "order": "881", "reason": "PERF_CANCELLED"}) == (
        "op=refund order=881 reason=PERF_CANCELLED"
    )
    assert input_purpose({"channel": "#ops", "text": "Deploy finished for billing"}) == ""
    # an MCP call's arguments: a description without a command, path or URL beside it is an argument
    assert input_text({"title": "Broken link", "description": "The pricing page links to a 404"}) == (
        "title=Broken link description=The pricing page links to a 404"
    )


# --- one value, one placeholder -------------------------------------------------------------------


def clean(day: int, n: int, name: str) -> list[str]:
    """A survey team scrubbing a response export: one export name through every step."""
    calls: list[tuple[str, dict[str, Any]]] = [
        ("Bash", {"command": f"cp -r /exports/raw/{name} ~/scrub/{name}"}),
        ("Bash", {"command": f"cd ~/scrub && python scrub.py --strict --in {name} --out {name}-clean"}),
        ("Bash", {"command": f"cd ~/scrub && tar czf {name}-clean.tar.gz {name}-clean"}),
    ]
    return events(day, f"sc-{n}", f"Scrub the survey export {name} before sharing", calls, "Scrubbed.")


def test_one_value_with_more_hyphens_in_one_task_is_one_placeholder(tmp_path: Path) -> None:
    names = ["panel-q3", "city-survey-v2", "panel-q4"]
    root = run_week(tmp_path, [clean(n, n, x) for n, x in enumerate(names)])
    steps = procedure(root).split("## Steps")[1]
    # before: `--out {outgoing}-clean`, a placeholder of its own whose value lost `-v2` for one task
    slots = set(re.findall(r"\{(\w+)\}", steps.split("## Placeholders")[0]))
    assert len(slots) == 1, steps
    (name,) = slots
    assert f"--in {{{name}}} --out {{{name}}}-clean" in steps
    assert f"tar czf {{{name}}}-clean.tar.gz {{{name}}}-clean" in steps
    assert f"- `{{{name}}}`: an identifier, different between the tasks (3 values seen)" in steps


def convert(day: int, n: int, snap: str) -> list[str]:
    """A speech team converting a model snapshot; the snapshot names hold a date and a short hash."""
    calls: list[tuple[str, dict[str, Any]]] = [
        (
            "Bash",
            {"command": f"python tools/export.py /models/final/{snap} --out /models/onnx/{snap}-fp16.onnx"},
        ),
        ("Bash", {"command": f"scp /models/onnx/{snap}-fp16.onnx kiosk-7:/opt/asr/"}),
    ]
    return events(day, f"cv-{n}", f"Convert {snap} to ONNX for the kiosk", calls, f"{snap} is on kiosk-7.")


def test_a_file_named_after_a_value_keeps_its_hyphen_and_one_placeholder(tmp_path: Path) -> None:
    snaps = [
        "whisper-small-ja-20261117-c41d0e9",
        "whisper-large-v3-ja-20261124-e02f6d1",
        "conformer-ja-20261123-5be27c3",
    ]
    root = run_week(tmp_path, [convert(n, n, s) for n, s in enumerate(snaps)])
    text = procedure(root)
    steps = text.split("## Steps")[1].split("## Placeholders")[0]
    # before: `/models/onnx/{onnx}-{value}fp16.onnx`: three placeholders, the hyphen before fp16 in `{value}`
    slots = set(re.findall(r"\{(\w+)\}", steps))
    assert len(slots) == 1, steps
    (name,) = slots
    assert f"/models/final/{{{name}}} --out /models/onnx/{{{name}}}-fp16.onnx" in steps
    assert f"scp /models/onnx/{{{name}}}-fp16.onnx kiosk-7:/opt/asr/" in steps


def restore(day: int, n: int, snap: str) -> list[str]:
    calls: list[tuple[str, dict[str, Any]]] = [
        (
            "Bash",
            {
                "command": f"ls /backups/{snap}/manifest.json",
                "description": "Make sure the snapshot is complete",
            },
        ),
        ("Bash", {"command": f"pgrestore --from /backups/{snap} --to staging --jobs 4"}),
    ]
    return events(
        day, f"rs-{n}", f"Restore the snapshot {snap} to staging", calls, f"Restored {snap} to staging."
    )


def test_an_id_with_a_constant_word_inside_that_the_request_names_whole_is_one_value(tmp_path: Path) -> None:
    snaps = ["orders-nightly-20261124-a1f3", "crm-eu-nightly-20261125-b7e2", "billing-nightly-20261126-c9d0"]
    root = run_week(tmp_path, [restore(n, n, s) for n, s in enumerate(snaps)])
    text = procedure(root)
    # before: `/backups/{backups}-nightly-{nightly}/manifest.json`, `{nightly}` holding a date and a hash
    assert "-nightly-" not in text.split("## Steps")[1]
    slots = set(re.findall(r"\{(\w+)\}", text.split("## Steps")[1].split("## Placeholders")[0]))
    assert len(slots) == 1, text
    assert "an identifier, different between the tasks (3 values seen)" in text


def test_a_legend_says_what_the_value_is() -> None:
    counts = {"24000": 1, "8000)": 1, "6000": 1}
    # a request's bracket taken with the number (`(step 8000)`) is still a number
    assert ": a number," in legend_line("step", ["24000", "8000)", "6000"], counts)
    assert ": a list of numbers," in legend_line("gpus", ["2,3", "4,5"], {"2,3": 1, "4,5": 1})
    run = ["qwen2.5-1.5b-jsquad-20261112-a0c9f11", "llama3-8b-jsquad-20261118-9f3e2aa"]
    assert ": an identifier," in legend_line("run", run, dict.fromkeys(run, 1))
    assert ": a word," in legend_line("team", ["billing", "search"], {"billing": 1, "search": 1})


# --- a review item on a person's note ----------------------------------------------------------

DBA_NOTE = """---
description: Restore a nightly snapshot into staging
origin: human
confidence: 0.8
---

# Restore a snapshot to staging

1. Check the snapshot is complete:
   `ls /backups/<snap>/manifest.json`
2. Restore it into staging:
   `pgrestore --from /backups/<snap> --to staging`
3. Tell #dba in Slack.
"""


def verify(day: int, n: int, snap: str) -> list[str]:
    calls: list[tuple[str, dict[str, Any]]] = [
        ("Bash", {"command": f"ls /backups/{snap}/manifest.json"}),
        ("Bash", {"command": f"sha256sum -c /backups/{snap}/SHA256SUMS"}),
        ("Bash", {"command": f"pgrestore --from /backups/{snap} --to staging --jobs 4"}),
    ]
    reply = f"Snapshot {snap} restored; row counts match production."
    return events(day, f"vr-{n}", f"Restore the snapshot {snap} to staging", calls, reply)


def test_a_review_item_writes_the_notes_placeholder_and_offers_no_report(tmp_path: Path) -> None:
    snaps = ["orders-20261124", "crm-eu-20261125", "billing-20261126"]
    notes = {"procedures/restore-a-snapshot.md": DBA_NOTE}
    root = run_week(tmp_path, [verify(n, n, s) for n, s in enumerate(snaps)], notes)
    assert [p.name for p in (root / "procedures").glob("*.md")] == ["restore-a-snapshot.md"]
    (item,) = list((root / "review").glob("*.md"))
    candidate = item.read_text(encoding="utf-8").split("## Candidate")[1]
    # the note writes `/backups/<snap>` on a step's continuation line, a command the tasks ran with one more
    # flag: the candidate writes `<snap>` too, and needs no legend (before: `{snap}`, defined below it)
    assert "Bash: `sha256sum -c /backups/<snap>/SHA256SUMS`" in candidate, candidate
    assert "{" not in candidate and "Placeholders:" not in candidate
    # `Reply: “Snapshot {snap} restored; …”` only reports the value the steps used: no step of the note
    assert "Reply" not in candidate


def test_an_item_the_note_now_holds_says_so_after_another_is_accepted(tmp_path: Path) -> None:
    root = tmp_path / "root"
    mem = Memory(root)
    mem.init()
    (root / "procedures" / "restore-a-snapshot.md").write_text(DBA_NOTE, encoding="utf-8")
    body = "Steps the new tasks took that this note does not list:\n\n- Bash: `sha256sum -c /backups/<snap>/SHA256SUMS`"
    ids = []
    for week, sources in (("w47", ["vr-1", "vr-2", "vr-3"]), ("w48", ["vr-4", "vr-5", "vr-6"])):
        path = mem.review.raise_item(
            kind="merge_candidate",
            target="procedures/restore-a-snapshot.md",
            title="Restore the snapshot {snap} to staging",
            body=body,
            similarity=0.7,
            sources=sources,
            key=f"weekly:procedures/restore-a-snapshot.md:{week}",
        )
        assert path is not None
        ids.append(Path(path).stem)
    mem.review.accept(ids[0])
    other = (root / "review" / f"{ids[1]}.md").read_text(encoding="utf-8")
    # before: "New content is close to …; accepting appends it", the same step a second time
    assert f"already holds this candidate: `{ids[0]}`, accepted" in other
    assert "accepting appends it" not in other
    assert body in other  # the candidate as it was raised
    mem.review.accept(ids[1])
    note = (root / "procedures" / "restore-a-snapshot.md").read_text(encoding="utf-8")
    assert note.count("sha256sum -c") == 1 and "Seen again" in note
