"""How the daily run shapes a new procedure from pasted shell history, a page with its own "when to use" line,
a narrative lead and a prose how-to (trial 7, items 2 and 9), in other words than the trial's (EN and JA).

Real files: the episodes go in through `Memory.add_episode`, one daily run writes the notes, the test reads them.
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, memory, note_of, run

SHELL = """rebuilt the search index on db-3 after the mapping change broke autocomplete

$ ssh db-3
$ sudo systemctl stop search-indexer
$ sudo -u search indexer rebuild --all --batch 500
$ sudo systemctl start search-indexer
(did db-4 the same way)
"""
FENCED = """To flush a stuck mail queue on a Postfix relay:

```console
root@mx-2:~# postqueue -p | tail -1
root@mx-2:~# postsuper -d ALL deferred
root@mx-2:~# systemctl restart postfix
```
"""
PS = """Reset the print spooler on the office PC when jobs hang:

PS C:\\Users\\admin> Stop-Service Spooler
PS C:\\Users\\admin> Remove-Item C:\\Windows\\System32\\spool\\PRINTERS\\* -Force
PS C:\\Users\\admin> Start-Service Spooler
"""
BARE = """Clearing the build cache on a runner when builds fail with checksum errors

sudo systemctl stop gitlab-runner
sudo rm -rf /var/cache/build/*
sudo systemctl start gitlab-runner
"""
WIKI = """Pasted from Notion / Ops / Playbooks / Rotate API keys

**Use this when:** a partner's API key leaked or the partner asks for a new one.

1. Create a new key in the admin console.
2. Send it to the partner over the secure channel.
3. Revoke the old key after 24 hours.
"""
WIKI_JA = """社内Wikiから転載（インフラ > 手順書 > 証明書の失効）

**使うとき：** 社員が退職したとき、またはノートPCを紛失したときにクライアント証明書を無効にする。

1. 管理画面で対象ユーザーを検索する。
2. 「証明書を失効」を押す。
3. 失効リストが配布されたことを確認する。
"""
LEARNT = """Figured out with Priya how to restore a deleted Jira project from the trash.

1. Open Jira settings > Projects > Trash.
2. Find the project and choose Restore.
3. Re-add the project lead and check the board filter.
"""
LEARNT_JA = """佐藤さんと一緒に、共有ドライブの削除済みファイルを復元する方法を確認した。

1. 管理コンソールで共有ドライブを開く。
2. 「ゴミ箱」から対象のファイルを選んで復元する。
3. 元のフォルダに戻ったことを確認する。
"""
PROSE = (
    "If the office Wi-Fi drops for everyone at once, you don't have to call the ISP. "
    "Unplug the core switch, wait thirty seconds, plug it back in, then restart the access points from "
    "the UniFi console. It comes back in about two minutes. For a single floor just restart that floor's "
    "access point."
)


def test_pasted_shell_history_is_one_command_per_step(root: Path) -> None:
    mem = memory(root)
    eps = [
        mem.add_episode(SHELL, title="search index rebuild on db-3", at=at(9)),
        mem.add_episode(FENCED, title="Flush the mail queue on mx-2", at=at(10)),
        mem.add_episode(PS, title="Reset the print spooler", at=at(11)),
        mem.add_episode(BARE, title="Clear the build cache on a runner", at=at(12)),
    ]
    run(mem)
    path, desc, body = note_of(root, eps[0].ref)
    assert path.startswith("procedures/")
    assert "1. `ssh db-3`\n2. `sudo systemctl stop search-indexer`\n" in body, body
    assert "4. `sudo systemctl start search-indexer`\n\n(did db-4 the same way)" in body, body
    assert "$ " not in body and "5." not in body, body
    assert desc.startswith("Rebuilt the search index on db-3"), desc
    _, _, body = note_of(root, eps[1].ref)  # a fence already shows one command a line (and may hold output)
    assert "```console\nroot@mx-2:~# postqueue -p | tail -1\nroot@mx-2:~# postsuper -d ALL deferred\n" in body
    _, _, body = note_of(root, eps[2].ref)
    assert "1. `Stop-Service Spooler`\n2. `Remove-Item" in body and "3. `Start-Service Spooler`" in body, body
    _, _, body = note_of(root, eps[3].ref)
    assert "1. `sudo systemctl stop gitlab-runner`\n2. `sudo rm -rf /var/cache/build/*`" in body, body


def test_a_pages_use_line_is_the_description_and_its_source_line_never_is(root: Path) -> None:
    mem = memory(root)
    en = mem.add_episode(WIKI, title="Rotate a partner's API key", at=at(9))
    ja = mem.add_episode(WIKI_JA, title="クライアント証明書の失効手順", at=at(10))
    run(mem)
    _, desc, _ = note_of(root, en.ref)
    assert desc == "A partner's API key leaked or the partner asks for a new one.", desc
    _, desc, _ = note_of(root, ja.ref)
    assert desc.startswith("社員が退職したとき、またはノートPCを紛失したとき"), desc


def test_who_worked_it_out_is_not_the_description_the_task_is(root: Path) -> None:
    mem = memory(root)
    en = mem.add_episode(LEARNT, title="Jira project restore", at=at(9))
    ja = mem.add_episode(LEARNT_JA, title="共有ドライブの復元", at=at(10))
    run(mem)
    _, desc, _ = note_of(root, en.ref)
    assert desc == "Restore a deleted Jira project from the trash.", desc
    _, desc, _ = note_of(root, ja.ref)
    assert desc == "共有ドライブの削除済みファイルを復元する方法", desc


def test_a_prose_how_to_becomes_numbered_steps(root: Path) -> None:
    mem = memory(root)
    ep = mem.add_episode(PROSE, title="Office Wi-Fi down for everyone", at=at(9))
    run(mem)
    path, desc, body = note_of(root, ep.ref)
    assert path.startswith("procedures/"), path
    assert "1. Unplug the core switch\n2. Wait thirty seconds\n3. Plug it back in\n" in body, body
    assert desc == "If the office Wi-Fi drops for everyone at once, you don't have to call the ISP.", desc
