"""Trial 24 #5, #6, #7, #11: what a weekly procedure and its review items say, and what accepting writes.

#5: a value a later call passes that an earlier call returned as plain text (`BT-30877`, `barcode QX57343Z`,
logged as a `tool_result` record with `tool` and `output`) says in the legend which step returns it; a merge
candidate's legend names only the placeholders of its steps (re-check N7); the title of a request whose id shares its digits
with a returned value (`S-4411`, `BT-4411`) is no longer named for that value (`S-{batch}`).
#6: a merge candidate does not list as missing a call the note names in code, and each step it does list
says where it goes among the note's numbered steps.
#7: an evidence-only accept on a Japanese note is a dated section, never "## English version — …".
#11: a stale item names the item that appended the steps, and says what rejecting it does.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from cli_helper import memdir_ok

SITES = [("4411", "Leeds"), ("4523", "Bonn"), ("4637", "Turin")]


def _cli(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return memdir_ok(root, *args)


def _lab_week(root: Path, same_digits: bool = False) -> None:
    """Three sample registrations: the batch and the barcode come back as plain text and are passed on
    (`same_digits`: the batch is numbered like the sample, `BT-4411` for `S-4411`)."""
    _cli(root, "init")
    lines: list[str] = []
    for k, (s, site) in enumerate(SITES):
        tid, n = f"lab-{k + 1}", [0]

        def ev(_tid: str = tid, _day: int = k + 1, _n: list[int] = n, **kw: object) -> None:
            _n[0] += 1
            ts = f"2026-12-0{_day}T01:{_n[0]:02d}:00+00:00"
            lines.append(json.dumps({"ts": ts, "task_id": _tid, "agent": "lab-bot", **kw}))

        batch, code = f"BT-{s if same_digits else int(s) * 7}", f"QX{int(s) * 13}Z"
        ev(type="task_start", summary=f"Register sample S-{s} from {site} for assay")
        ev(type="tool_use", tool="lims.get_sample", input={"sample_id": f"S-{s}"})
        ev(type="tool_result", tool="lims.get_sample", outcome="success", output=f"{{'id': 'S-{s}'}}")
        ev(type="tool_use", tool="lims.create_batch", input={"sample_id": f"S-{s}", "assay": "elisa"})
        ev(type="tool_result", tool="lims.create_batch", outcome="success", output=batch)
        label = {"sample_id": f"S-{s}", "batch": batch, "size": "small", "stock": "polyester"}
        ev(type="tool_use", tool="printer.print_label", input=label)
        ev(type="tool_result", tool="printer.print_label", outcome="success", output=f"barcode {code}")
        ev(type="tool_use", tool="lims.mark_received", input={"sample_id": f"S-{s}", "barcode": code})
        ev(type="tool_result", tool="lims.mark_received", outcome="success", output="ok")
        mail = {"to": f"desk{k}@{site.lower()}.example", "template": "received"}
        ev(type="tool_use", tool="mail.send", input=mail)
        ev(type="tool_result", tool="mail.send", outcome="success", output="queued")
        ev(type="task_end", outcome="success")
    (root / "activity").mkdir(exist_ok=True)
    (root / "activity" / "2026-12-01.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_a_value_an_earlier_call_returned_as_text_says_which_step_returns_it(tmp_path: Path) -> None:
    _lab_week(tmp_path)
    _cli(tmp_path, "consolidate", "weekly", "--until", "2026-12-07")
    (proc,) = (tmp_path / "procedures").glob("*.md")
    text = proc.read_text(encoding="utf-8")
    assert "batch={batch}" in text, text
    assert "- `{batch}`: what step 2 (`lims.create_batch`) returns" in text, text
    assert "- `{barcode}`: what step 3 (`printer.print_label`) returns" in text, text


def test_a_returned_value_sharing_the_requests_digits_does_not_name_the_title(tmp_path: Path) -> None:
    _lab_week(tmp_path, same_digits=True)
    _cli(tmp_path, "consolidate", "weekly", "--until", "2026-12-07")
    (proc,) = (tmp_path / "procedures").glob("*.md")
    text = proc.read_text(encoding="utf-8")
    assert "# Register sample {sample_id} from {name} for assay" in text, text
    assert "{batch}" not in text.split("## Steps")[0], text
    assert proc.name == "register-sample-id-from-name-for-assay.md"


def test_a_candidate_keeps_calls_the_note_names_in_code_and_places_the_rest(tmp_path: Path) -> None:
    _lab_week(tmp_path)
    (tmp_path / "procedures" / "register-a-sample.md").write_text(
        "---\ndescription: How we register a sample that arrives for an assay\nconfidence: 0.8\n"
        "origin: human\n---\n\n# Register a sample for an assay\n\n"
        "1. Open the sample in the LIMS and check its site (`lims.get_sample`).\n"
        "2. Create an ELISA batch for it (`lims.create_batch`).\n"
        "3. Print the tube label with the batch on it (`printer.print_label`).\n"
        "4. Email the site desk that the sample arrived (`mail.send`, template received).\n\n"
        "## Outcome notes\n",
        encoding="utf-8",
    )
    _cli(tmp_path, "consolidate", "weekly", "--until", "2026-12-07")
    (item,) = (tmp_path / "review").glob("rv-*.md")
    text = item.read_text(encoding="utf-8")
    candidate = text.split("## Candidate", 1)[1]
    assert "printer.print_label:" not in candidate, candidate
    assert "- lims.mark_received: `sample_id={sample_id} barcode={barcode}` (after step 3)" in candidate
    assert "`{name}`" not in candidate, candidate  # the title's placeholder: not appended (re-check N7)
    assert "- `{barcode}`: what `printer.print_label` returns" in candidate, candidate


def _item(root: Path, rid: str, target: str, sources: list[str], candidate: str, key: str) -> None:
    src = "".join(f"- {s}\n" for s in sources)
    (root / "review" / f"{rid}.md").write_text(
        f"---\nid: {rid}\nkind: merge_candidate\ntarget: {target}\nsimilarity: 0.8\n"
        f"created_at: '2026-12-07T10:00:00+09:00'\nsources:\n{src}key: {key}\n"
        f"description: 'Weekly: {rid}'\n---\n\n# Merge candidate: {rid}\n\n"
        f"New content is close to `{target}`; accepting appends it to that note as a dated section.\n\n"
        f"Sources: {', '.join(sources)}\n\n## Candidate\n\n{candidate}",
        encoding="utf-8",
    )


JA_NOTE = (
    "---\ndescription: 試薬の在庫を補充する手順\nconfidence: 0.7\norigin: human\n---\n\n# 試薬を補充する\n\n"
    "1. 在庫表で残りの本数を確認する。\n2. 業者のサイトで試薬を発注する。\n3. 納品日を共有カレンダーに入れる。\n"
)


def test_an_evidence_accept_on_a_japanese_note_is_a_dated_section(tmp_path: Path) -> None:
    _cli(tmp_path, "init")
    (tmp_path / "procedures" / "試薬を補充する.md").write_text(JA_NOTE, encoding="utf-8")
    _item(tmp_path, "rv-0000aa01", "procedures/試薬を補充する.md", ["rg-1", "rg-2"], "", "weekly:x:1")
    _cli(tmp_path, "review", "accept", "rv-0000aa01")
    body = (tmp_path / "procedures" / "試薬を補充する.md").read_text(encoding="utf-8")
    assert "English version" not in body, body
    assert "— merged from review rv-0000aa01\n\nSeen again in `rg-1`, `rg-2`." in body, body


STEPS = "Steps the new tasks took that this note does not list:\n\n- backup.verify: `--snapshot {snapshot}`\n"
EN_NOTE = (
    "---\ndescription: Nightly backup\nconfidence: 0.8\norigin: human\n---\n\n# Run the nightly backup\n\n"
    "1. Stop the writers.\n2. Take the snapshot.\n3. Start the writers.\n"
)


def test_a_stale_item_names_the_item_that_appended_the_steps_and_what_rejecting_does(tmp_path: Path) -> None:
    _cli(tmp_path, "init")
    (tmp_path / "procedures" / "nightly-backup.md").write_text(EN_NOTE, encoding="utf-8")
    target = "procedures/nightly-backup.md"
    for n, rid in enumerate(("rv-0000bb01", "rv-0000bb02", "rv-0000bb03")):
        _item(tmp_path, rid, target, [f"bk-{n}"], STEPS, f"weekly:{target}:{n}")
    _cli(tmp_path, "review", "accept", "rv-0000bb01")
    _cli(tmp_path, "review", "accept", "rv-0000bb02")  # only "Seen again": it appended no steps
    third = (tmp_path / "review" / "rv-0000bb03.md").read_text(encoding="utf-8")
    assert "already holds this candidate: `rv-0000bb01`, accepted, appended the same steps" in third, third
    assert "rejecting leaves the note as it is" not in third, third
    assert "the next weekly run places these tasks again" in third, third
