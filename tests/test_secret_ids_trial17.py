"""National ids and account numbers are kept out of everything memdir writes or serves (trial 17, fix17a).

Trial 17's tax office pasted a client's mail with his Individual Number (マイナンバー) and bank
account: the daily run copied both into a new note, `lint` said nothing and `context` served the
number to the agent. Here a clinic's front desk (EN) and an HR office (JA) paste a patient's and an
employee's ids: a US SSN, a payment card, a bank account, an IBAN, an Individual Number. Public
numbers beside them stay: a corporate number (法人番号), an invoice issuer number (T + 13 digits),
dates, phone numbers, invoice ids and amounts.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from memdir.redaction import redact_text

Run = Callable[..., subprocess.CompletedProcess[str]]

MY_NUMBER = "7301 9426 1851"  # a valid check digit (stdnum.jp.in_)
SSN = "521-44-7391"
CARD = "4532 0151 1283 0366"  # Visa, Luhn-valid
ACCOUNT_EN = "00482913"
ACCOUNT_JA = "3829104"
CLINIC_ACCOUNT = "58201947"
IDS = (MY_NUMBER, SSN, CARD, ACCOUNT_EN, ACCOUNT_JA)
PUBLIC = (
    "5010401089998",
    "T5010401089998",
    "03-5412-7788",
    "2026-12-01",
    "280,000円",
    "INV-2026-0412",
    "$1,240.00",
)

DAY = "2026-12-03"
DAY_FILE = f"""---
date: {DAY}
---

## 09:10 — New patient registration (Ms. Ortiz)

Front desk pasted the intake form: Maria Ortiz, SSN {SSN}, card on file {CARD} for the copay.
Refunds go to her bank account no. {ACCOUNT_EN} at First Valley Bank. Invoice INV-2026-0412 for $1,240.00, next visit 2026-12-14, phone (555) 201-4477.
Lesson: ask for the insurance card at check-in, not after the visit, or the claim bounces.

## 11:40 — 従業員の入社手続き（佐々木さん）

佐々木さんの個人番号 {MY_NUMBER} を受領。給与振込先は みずほ銀行 渋谷支店 普通 {ACCOUNT_JA}。
当社の法人番号 5010401089998、登録番号 T5010401089998。電話 03-5412-7788、入社日 2026-12-01、基本給 280,000円。

1. 個人番号カードの写しを金庫に保管する
2. 給与システムに振込口座を登録する
3. 雇用契約書に署名してもらう
"""


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Patient's My Number card: 7301 9426 1851 (copy kept at reception).", "7301 9426 1851"),
        ("Employee id copy received: 5028-3617-4920.", "5028-3617-4920"),  # card groups, check digit
        ("個人番号：730194261852（本人申告、要確認）", "730194261852"),  # a cue names it: a typo is still one
        ("マイナンバーは 4829 1736 5520 です", "4829 1736 5520"),
        ("Patient SSN 521-44-7391, DOB 1984-03-02.", "521-44-7391"),
        ("insurance form: 521-44-7391 (self)", "521-44-7391"),
        ("social security number 521447391 on the W-4", "521447391"),
        ("Copay charged to 4532015112830366, receipt 88213.", "4532015112830366"),
        ("JCB 3540 0123 4567 8904 で決済", "3540 0123 4567 8904"),
        ("Refund by wire: IBAN DE44 5001 0517 5407 3249 31 EUR 120", "DE44 5001 0517 5407 3249 31"),
        ("IBAN FR1420041010050500013M02606.", "FR1420041010050500013M02606"),
        ("Salary goes to acct# 99887766 at Harbor Credit Union.", "99887766"),
        ('{"employee": 204412, "account_no": "1234567", "account_type": "普通"}', "1234567"),
        ("振込先 口座番号：0123456 名義 ササキ ケンジ", "0123456"),
        ("ゆうちょ以外は 当座 123-4567890 へ", "123-4567890"),
    ],
)
def test_an_id_or_account_is_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)


@pytest.mark.parametrize(
    "text",
    [
        "当院の法人番号 5010401089998、適格請求書発行事業者 T5010401089998",
        "Invoice INV-2026-0412 for $1,240.00 is due 2026-12-14; call (555) 201-4477 or 090-1234-5678.",
        "Tracking 1234 5678 9018 (Yamato), order 730194261851 shipped",
        "Lab batch 730194261851 finished at 202612031045.",
        "普通預金 1234567円 を振り替え、口座振替日は 2026-12-27",
        "account balance 1,234,567 yen; the account was charged 1234567 yen",
        "AWS account 418273645190 assumed-role/OpsAdmin",
        '{"Account": "418273645190", "Arn": "arn:aws:sts::418273645190:assumed-role/tf"}',
        "The user account 12345678 was locked after 5 tries.",
        "Test cards: 4242 4242 4242 4242 and 4000 0000 0000 0002 (sandbox).",
        "Part no. 123-45-6789 and 666-12-3456 ordered",
        "call me, my number is 819012345678",
        "1234 5678 9012 is not a valid id (check digit)",
    ],
)
def test_public_numbers_dates_phones_and_amounts_stay(text: str) -> None:
    assert redact_text(text) == text


def _ok(res: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert res.returncode == 0, res.stderr
    return res


def _holding(root: Path, values: tuple[str, ...]) -> list[str]:
    """Every file under root (`.memdir/` too) whose text holds one of the values."""
    out = []
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            text = path.read_bytes().decode("utf-8", "replace")
            out += [f"{path.relative_to(root).as_posix()}: {v}" for v in values if v in text]
    return sorted(out)


def test_daily_lint_search_and_context_keep_the_ids_in_the_episode_only(ready: Run, root: Path) -> None:
    (root / "episodes" / f"{DAY}.md").write_text(DAY_FILE, encoding="utf-8")
    env = {"MEMDIR_EMBEDDER": "hashing"}
    report = json.loads(
        _ok(ready("consolidate", "daily", "--date", DAY, "--json", env=env, timeout=300)).stdout
    )
    assert report["stats"]["redactions"] >= len(IDS)
    assert _holding(root, IDS) == sorted(f"episodes/{DAY}.md: {v}" for v in IDS)
    written = "".join(
        p.read_text(encoding="utf-8") for p in root.glob("*/**/*.md") if "episodes" not in p.parts
    )
    assert all(v in written for v in PUBLIC), [v for v in PUBLIC if v not in written]

    lint = ready("lint")
    lines = sorted(
        int(ln.split("at line ")[1].split()[0]) for ln in lint.stdout.splitlines() if "secret-like" in ln
    )
    assert lines == [7, 8, 13]  # the SSN and card, the account, the Individual Number and account (JA)
    for query in ("Ortiz patient registration card", "佐々木さん 入社 個人番号"):
        for out in (ready("search", query, env=env).stdout, ready("context", query, env=env).stdout):
            assert "[REDACTED]" in out
            assert not [v for v in IDS if v in out]


def test_an_account_number_a_logger_wrote_stays_out_of_the_weekly_notes(ready: Run, root: Path) -> None:
    """The clinic refunds three patients from its own account: the account is the same in every task, so
    the weekly procedure would keep it verbatim in its step."""
    events = []
    for i, patient in enumerate(("P-2231", "P-2240", "P-2257")):
        task = f"refund-{i}"
        day = f"2026-12-0{i + 1}"
        events += [
            {"ts": f"{day}T09:00:00+09:00", "type": "task_start", "task_id": task,
             "summary": f"Refund the copay of patient {patient}"},
            {"ts": f"{day}T09:01:00+09:00", "type": "tool_use", "task_id": task, "tool": "bank.transfer",
             "input": f"from_account={CLINIC_ACCOUNT} to_patient={patient} amount=30.00"},
            {"ts": f"{day}T09:02:00+09:00", "type": "tool_use", "task_id": task, "tool": "mail.send",
             "input": f"to=billing@clinic.example subject=refund {patient}"},
            {"ts": f"{day}T09:03:00+09:00", "type": "task_end", "task_id": task, "outcome": "success"},
        ]  # fmt: skip
    (root / "activity" / "2026-12-01.jsonl").write_text(
        "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8"
    )
    env = {"MEMDIR_EMBEDDER": "hashing"}
    report = json.loads(
        _ok(ready("consolidate", "weekly", "--until", "2026-12-07", "--json", env=env)).stdout
    )
    assert report["created"], report
    procedure = (root / report["created"][0]).read_text(encoding="utf-8")
    assert "bank.transfer" in procedure and "30.00" in procedure
    assert [h for h in _holding(root, (CLINIC_ACCOUNT,)) if not h.startswith("activity/")] == []
