"""Trial 30 #1: a person's procedure written as the commands they type is the kind of the agent's tool calls.

The brewery's `shop order show <order-no>` / `yamato label --service cool-refrigerated …` procedure and the agent's
`shop_get_order`, `yamato_create_label {service: cool-refrigerated}`, `send_email {template: Shipped-EN}` were
one job; the weekly run wrote a second procedure and raised nothing. Here a print shop's proofs (English) and a
dental lab's zirconia firings (Japanese), each beside an unrelated person's note of the same system's commands
(cancelling a job, remaking a case): the item is raised on the kind's note only, and without the kind's note the
week writes its own procedure, never an item on the unrelated one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from memdir import Memory

UNTIL = date(2026, 10, 11)

PROOF = (
    "send-a-proof-to-the-client.md",
    "---\ndescription: How we send a print proof\norigin: human\n---\n\n# Send a proof to the client\n\n"
    "1. Open the job (`press job show <job-no>`).\n"
    "2. Check the bleed and the crop marks by eye.\n"
    "3. Render the proof: `press proof render --profile fogra39-coated --job <job-no>`.\n"
    "4. Mark it sent: `press job send <job-no> --channel <channel>`.\n"
    "5. Mail the client (template “Proof-Ready-EN”, or 「校正送付-JA」 for Japanese clients).\n",
)
CANCEL = (
    "cancel-a-print-job.md",
    "---\ndescription: Cancelling a print job\norigin: human\n---\n\n# Cancel a print job\n\n"
    "1. Open the job (`press job show <job-no>`).\n"
    "2. Cancel it: `press job cancel <job-no> --reason <reason>`.\n"
    "3. Mail the client (template “Cancel-Notice-EN”).\n",
)
FIRING = (
    "ジルコニアの焼成.md",
    "---\ndescription: ジルコニア症例の焼成のしかた\norigin: human\n---\n\n# ジルコニアの焼成\n\n"
    "1. 技工指示書を開く（`lab case show <症例番号>`）。\n"
    "2. 模型とマージンを目で確認する。\n"
    "3. 焼成する：`furnace fire --program zr-speed-8 --case <症例番号>`。\n"
    "4. 完了にする：`lab case done <症例番号> --lot <ロット>`。\n"
    "5. 医院にFAXで知らせる（テンプレート「焼成完了-医院」、英語の医院は「Firing-Done-EN」）。\n",
)
REMAKE = (
    "症例の再製作.md",
    "---\ndescription: 再製作になった症例の扱い\norigin: human\n---\n\n# 症例の再製作\n\n"
    "1. 技工指示書を開く（`lab case show <症例番号>`）。\n"
    "2. 再製作にする：`lab case remake <症例番号> --reason <理由>`。\n"
    "3. 医院に知らせる（テンプレート「再製作のお知らせ」）。\n",
)
REPRINT = (
    "reprint-a-proof.md",
    "---\ndescription: Reprinting a proof on coated stock\norigin: human\n---\n\n# Reprint a proof\n\n"
    "1. Open the job (`press job show <job-no>`).\n"
    "2. Reprint it: `press proof reprint --profile fogra39-coated --job <job-no>`.\n"
    "3. Invoice the reprint: `press job invoice <job-no> --amount <amount>`.\n",
)
REFIRE = (
    "再焼成と請求.md",
    "---\ndescription: 再焼成になった症例の請求\norigin: human\n---\n\n# 再焼成と請求\n\n"
    "1. 技工指示書を開く（`lab case show <症例番号>`）。\n"
    "2. 「zr-speed-8」で焼き直す（`furnace refire --case <症例番号>`）。\n"
    "3. 請求する：`lab case invoice <症例番号> --amount <金額>`。\n",
)
GUARDS = {"en": REPRINT, "ja": REFIRE}
CASES = {
    "en": (
        PROOF,
        CANCEL,
        [
            "Send job 311's proof to the client",
            "Proof for job 318 please, the client is waiting",
            "Please get the proof of job 322 out to them",
        ],
        lambda n, k: [
            ("press_get_job", {"job_no": n}, "job ok, 2 pages"),
            ("rip_queue_pdf", {"job_no": n, "profile": "fogra39-coated"}, "queued"),
            ("press_mark_sent", {"job_no": n, "channel": "portal"}, "ok"),
            (
                "mail_send",
                {"to": f"c{n}@client.example", "template": ("Proof-Ready-EN", "校正送付-JA")[k % 2]},
                "sent",
            ),
        ],
    ),
    "ja": (
        FIRING,
        REMAKE,
        [
            "症例2231のジルコニアを焼成してください",
            "2238番の症例、焼成お願いします",
            "症例2240を今日中に焼いておいて",
        ],
        lambda n, k: [
            ("lab_get_case", {"case_no": n}, "指示書あり"),
            ("sinter_run", {"case_no": n, "program": "zr-speed-8"}, "焼成開始"),
            ("lab_mark_done", {"case_no": n, "lot": f"L{n}-{k}"}, "ok"),
            (
                "fax_out",
                {"to": f"03-55{k}0-12{k}4", "template": ("焼成完了-医院", "Firing-Done-EN")[k % 2]},
                "送信済み",
            ),
        ],
    ),
}


def _clock(day: int, hour: int) -> Callable[[], datetime]:
    def ticks() -> Iterator[datetime]:
        t = datetime(2026, 10, day, hour, tzinfo=timezone.utc)
        while True:
            t += timedelta(seconds=30)
            yield t

    it = ticks()
    return lambda: next(it)


def _week(root: Path, notes: list[tuple[str, str]], lang: str) -> tuple[Memory, list[str], list[str]]:
    _, _, asked, calls = CASES[lang]
    mem = Memory(root)
    mem.init()
    for name, text in notes:
        (root / "procedures" / name).write_text(text, encoding="utf-8")
    for k, intent in enumerate(asked):
        number = "".join(c for c in intent if c.isdigit())
        with mem.task(intent, clock=_clock(5 + k, 8 + k), agent="desk") as t:
            for tool, args, result in calls(number, k):
                t.tool_use(tool, args)
                t.tool_result(result, tool=tool)
            t.success()
    report = mem.consolidate_weekly(until=UNTIL)
    assert not report.errors, report.errors
    items = [f.read_text(encoding="utf-8") for f in sorted((root / "review").glob("*.md"))]
    made = sorted(p.name for p in (root / "procedures").glob("*.md") if p.name not in dict(notes))
    return mem, items, made


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_persons_command_procedure_is_the_kind_of_the_agents_calls(tmp_path: Path, lang: str) -> None:
    kind, other, _, _ = CASES[lang]
    _, items, made = _week(tmp_path / "with", [kind, other], lang)
    assert made == []  # no second procedure beside the person's
    assert len(items) == 1, items
    meta = yaml.safe_load(items[0].split("---")[1])
    assert meta["kind"] == "merge_candidate"
    assert meta["target"] == f"procedures/{kind[0]}"  # the kind's note, not the one sharing the commands
    for name, text in (kind, other):
        assert (tmp_path / "with" / "procedures" / name).read_text(encoding="utf-8") == text

    # without the kind's note, the same week is its own procedure: the same system's commands are no repeat,
    # nor is a note that opens the job and passes the kind's constant for other work (a reprint, a re-firing)
    guard = GUARDS[lang]
    _, items, made = _week(tmp_path / "without", [other, guard], lang)
    assert len(made) == 1, made
    assert not any(f"target: procedures/{n}" in i for n in (other[0], guard[0]) for i in items), items
