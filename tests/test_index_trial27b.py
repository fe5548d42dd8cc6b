"""Trial 27 (fix35b): notes waiting for vectors are embedded by normal use and said while they wait; a
huge pasted note no longer starves the rest; lint names a credential under a key that says so in an
agent's own activity line; a bank's sort or routing code after its label is masked; `eval --compare`
says which query ids the data set does not hold (docs/trials.md, "Trial 27 … fix35b").

Cases from other domains than the trial's (a bakery, a bicycle workshop, a dental practice, a print
shop), English and Japanese; real files, the CLI in subprocesses; each fails on main."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from cli_helper import run_memdir


def _memdir(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_memdir(["--root", str(root), *args], root)


def _init(tmp_path: Path) -> Path:
    root = tmp_path / "mem"
    assert run_memdir(["init", str(root)], root).returncode == 0
    return root


def _index(root: Path) -> dict[str, object]:
    res = _memdir(root, "status", "--json")
    assert res.returncode == 0, res.stderr
    index = json.loads(res.stdout)["index"]
    assert isinstance(index, dict)
    return index


def _write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _procedure(title: str, steps: list[str], description: str) -> str:
    body = "\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1))
    return f"---\ndescription: {description}\norigin: human\n---\n\n# {title}\n\n{body}\n"


def test_a_pasted_export_does_not_starve_the_small_notes_of_vectors(tmp_path: Path) -> None:
    root = _init(tmp_path)
    _write(
        root,
        "procedures/オーブンの温度校正.md",
        _procedure(
            "オーブンの温度校正", ["温度計を中段に置く。", "30分後に表示と比べる。"], "毎月のオーブン校正"
        ),
    )
    _write(
        root,
        "procedures/proofing-cabinet-cleaning.md",
        _procedure(
            "Proofing cabinet cleaning", ["Empty the trays.", "Wipe with food-safe sanitiser."], "Weekly"
        ),
    )
    line = "Oven 3 log 06:00 to 22:00: 182 C, 184 C, 181 C, 183 C, humidity 41 percent, fan on, door closed. "
    _write(
        root, "episodes/2026-03-02.md", "## 06:00 — Oven log export (pasted)\n\n" + (line * 4 + "\n\n") * 900
    )
    found = _memdir(root, "search", "proofing cabinet", "--json")  # an ordinary search builds the index
    assert found.returncode == 0, found.stderr
    index = _index(root)
    assert index["pending"] == 0, index  # main: 3 waiting, every search lexical only
    vector = _memdir(root, "search", "オーブンの温度校正", "--mode", "vector", "--json")
    assert json.loads(vector.stdout)[0]["path"] == "procedures/オーブンの温度校正.md"


def _many_notes(root: Path, n: int) -> None:
    for i in range(n):
        steps = [
            f"Check spoke tension on wheel {i} at position {j}, then true the rim by a quarter turn."
            for j in range(40)
        ]
        _write(
            root,
            f"procedures/wheel-truing-{i}.md",
            _procedure(f"Wheel truing {i}", steps, f"Truing wheel {i}"),
        )


def test_status_and_search_say_notes_wait_for_vectors_and_searches_catch_up(tmp_path: Path) -> None:
    root = _init(tmp_path)
    _many_notes(root, 12)  # more chunks than one search embeds
    first = _memdir(root, "search", "spoke tension", "--json", "--envelope")
    assert first.returncode == 0, first.stderr
    index = _index(root)
    assert index["pending"] == 12, (
        index
    )  # a fresh backlog is left to `index sync`: the first search stays quick
    assert "memdir index sync" in str(index.get("hint")), index
    human = _memdir(root, "status")
    assert (
        "wait for vectors" in human.stdout
        and "up to date" not in human.stdout.split("index", 1)[1].split("\n")[0]
    )
    hints = json.loads(first.stdout)["hints"]
    assert any("wait for vectors" in h and "memdir index sync" in h for h in hints), hints
    assert _memdir(root, "search", "rim", "--json").returncode == 0  # the next search embeds what fits
    assert 0 < int(_index(root)["pending"]) < 12  # main: every later search embedded none
    for _ in range(2):
        assert _memdir(root, "search", "rim", "--json").returncode == 0
    assert _index(root)["pending"] == 0


def test_the_daily_run_embeds_notes_left_waiting(tmp_path: Path) -> None:
    root = _init(tmp_path)
    _many_notes(root, 12)
    assert _memdir(root, "search", "spoke tension", "--json").returncode == 0
    assert int(_index(root)["pending"]) > 0
    _write(root, "episodes/2026-03-03.md", "## 10:00 — Shop\n\nSold two inner tubes.\n")
    done = _memdir(root, "consolidate", "daily", "--date", "2026-03-03")
    assert done.returncode == 0, done.stderr
    assert _index(root)["pending"] == 0  # main: the run synced only what it wrote


def test_lint_names_a_credential_under_a_key_that_says_so(tmp_path: Path) -> None:
    root = _init(tmp_path)
    lines = [
        {
            "ts": "2026-03-04T09:00:00+00:00",
            "type": "tool_call",
            "tool": "send_xray",
            "input": {"to": "lab", "api_token": "dnt_live_Q8wZ3kP1xR7mV2"},
        },
        {
            "ts": "2026-03-04T09:01:00+00:00",
            "type": "tool_call",
            "tool": "予約確認",
            "input": {"患者": "A", "パスワード": "shika2026!"},
        },
        {
            "ts": "2026-03-04T09:02:00+00:00",
            "type": "webhook",
            "form_response": {"token": "a3a12ec67a1365927098a606107fac15"},
        },
        {
            "ts": "2026-03-04T09:03:00+00:00",
            "type": "tool_call",
            "tool": "list",
            "input": {"next_page_token": "CiAKGjBpNDd2Nmp2Zml2cXRwYjBp"},
        },
    ]
    _write(
        root, "activity/2026-03-04.jsonl", "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines)
    )
    res = _memdir(root, "lint")
    assert "activity/2026-03-04.jsonl:1: warning: `input.api_token`" in res.stdout, res.stdout
    assert "activity/2026-03-04.jsonl:2: warning: `input.パスワード`" in res.stdout, res.stdout
    assert ":3:" not in res.stdout and ":4:" not in res.stdout  # a response id, a page token: no alarm
    assert "dnt_live" not in res.stdout + res.stderr


def test_a_labelled_sort_code_or_branch_number_is_masked(tmp_path: Path) -> None:
    from memdir.redaction import redact_text

    assert redact_text("Pay the print shop: account 41829376, sort code 60-16-13.") == (
        "Pay the print shop: account [REDACTED], sort code [REDACTED]."
    )
    assert redact_text("振込先：普通 1234567、支店番号 045") == "振込先：普通 [REDACTED]、支店番号 [REDACTED]"
    assert redact_text("ABA routing number 026009593") == "ABA routing number [REDACTED]"
    for kept in ("sort the 12 boxes by code 44", "routing 120 calls to the queue", "支店は 3 店"):
        assert redact_text(kept) == kept


def test_eval_compare_names_query_ids_the_data_set_lacks(tmp_path: Path) -> None:
    data = tmp_path / "bakery.jsonl"
    rows = [
        {
            "type": "document",
            "id": "sourdough",
            "title": "Sourdough feeding",
            "text": "Feed the starter at 8 and 20.",
        },
        {"type": "document", "id": "oven", "title": "オーブンの予熱", "text": "230度で40分予熱する。"},
        {"type": "query", "id": "b1", "text": "when to feed the starter", "gold": ["sourdough"]},
        {"type": "query", "id": "b2", "text": "オーブンの予熱温度", "gold": ["oven"]},
    ]
    data.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    mine = tmp_path / "mine.jsonl"
    mine.write_text(
        "".join(
            json.dumps(r) + "\n"
            for r in (
                {"query_id": "b1", "ranked": ["sourdough"]},
                {"query_id": "b2", "ranked": ["oven"]},
                {"query_id": "b77", "ranked": ["oven"]},
            )
        ),
        encoding="utf-8",
    )
    res = run_memdir(
        ["eval", "jsonl", str(data), "--rankers", "lexical", "--compare", f"mine={mine}", "--no-progress"],
        tmp_path,
    )
    assert res.returncode == 0, res.stderr
    assert "1 query id(s) not in the data set, left out: b77" in res.stderr, res.stderr
