"""Every secret through every entry point, then grep the whole root and every output (trial 10's check).

Reads secret values (a JSON object of name -> value, e.g. trial 10's `secrets.json`) and writes each
through the CLI (`episode add`, `log`, `note add`, `decision add`, `feedback`, `outcome`, `context`,
`search`, `eval --export/--out`), the MCP server over stdio (`add_episode`, `log_event`,
`decision_add`, `outcome`, `feedback`, `context`, `search`) and the Python API
(`mem.activity.append_many`, `mem.add_episode`, `mem.add_note`), each once where something names it
(`password ...`, `KEY=...`, its vendor prefix) and again bare in the other fields of the same write.
A day file and an activity file written by hand hold them too; then `consolidate daily`,
`consolidate weekly`, `index sync`, `lint`, `status --json` and `review list` run. Last, every file
under the root (hidden folders included) and every file name, except the two hand-written inputs,
and every command's output are searched for every value.

Example (this checkout, then main's core first on PYTHONPATH):
  .venv/bin/python scripts/secrets_everywhere.py /work/trial10/secrets.json
  PYTHONPATH=/tmp/main/core .venv/bin/python scripts/secrets_everywhere.py /work/trial10/secrets.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

ENV = dict(os.environ, MEMDIR_EMBEDDER="hashing", LITELLM_LOCAL_MODEL_COST_MAP="True")
# how a text names each kind of secret (the named form); values the redactor knows by shape stand alone
NAMED = {
    "aws_id": "AWS key id {v}",
    "aws_secret": "AWS_SECRET_ACCESS_KEY={v}",
    "db_pw": "DB_PASSWORD={v}",
    "db_url": "DATABASE_URL={v}",
    "ja_pw": "本番DBのパスワードは {v} です。",
    "ja_sentence": "{v}",
    "jwt_sig": "Authorization: Bearer {jwt}",
    "pk_body_line": "{pk_block}",
    "env_pw": "DATABASE_PASSWORD={v}",
}


def named(name: str, value: str, secrets: dict[str, str]) -> str:
    """A text that names the secret, in one of the ways the redactor reads."""
    form = NAMED.get(name, "token {v}")
    return form.format(v=value, jwt=secrets.get("jwt", value), pk_block=secrets.get("pk_block", value))


class Runner:
    """Runs memdir commands against one root and keeps every output."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.outputs: list[str] = []

    def cli(self, *args: str) -> subprocess.CompletedProcess[str]:
        res = subprocess.run(
            [sys.executable, "-m", "memdir", "--root", str(self.root), *args],
            capture_output=True,
            text=True,
            env=ENV,
            timeout=600,
        )
        self.outputs += [res.stdout, res.stderr]
        return res


async def mcp_calls(root: Path, calls: list[tuple[str, dict[str, object]]], outputs: list[str]) -> None:
    """Each call through `memdir mcp` over stdio; every answer kept."""
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable, args=["-m", "memdir", "--root", str(root), "mcp"], env=ENV
    )
    async with Client(params, read_timeout_seconds=600) as client:
        for tool, args in calls:
            res = await client.call_tool(tool, args)
            outputs.append(" ".join(getattr(c, "text", "") for c in res.content))
            outputs.append(json.dumps(res.structured_content, ensure_ascii=False))


def write_everything(run: Runner, secrets: dict[str, str], day: str, hand_day: str) -> None:
    """Every entry point, every secret: named once, bare in the write's other fields."""
    from memdir import Memory

    root = run.root
    (root / "procedures" / "rotate-keys.md").write_text(
        "---\ndescription: Rotate the service keys\n---\n\n# Rotate keys\n\n1. make rotate\n",
        encoding="utf-8",
    )
    mcp: list[tuple[str, dict[str, object]]] = []
    for i, (name, v) in enumerate(sorted(secrets.items())):
        said = named(name, v, secrets)
        run.cli(
            "episode",
            "add",
            f"{said}\nThen pasted {v} again.",
            "--title",
            f"about {v}",
            "--at",
            f"{day}T09:{i:02d}:00",
            "--json",
        )
        run.cli(
            "log",
            "--type",
            f"deploy {v}",
            "--task",
            v,
            "--tool",
            v,
            "--agent",
            v,
            "--session",
            v,
            "--summary",
            said,
            "--input",
            f"run {v}",
            "--procedure",
            f"procedures/{v}.md",
            "--json",
        )
        run.cli(
            "note",
            "add",
            "knowledge",
            f"Note {i} {v}",
            f"{said} Also remember {v} for the console.",
            "--json",
        )
        dec = run.cli(
            "decision",
            "add",
            f"Store {v}",
            "-o",
            "Vault",
            "-o",
            f"env file with {v}",
            "--chosen",
            "Vault",
            "--reason",
            said,
            "--json",
        )
        if dec.returncode == 0:
            path = json.loads(dec.stdout)["path"]
            run.cli("outcome", path, f"{said} and {v} again", "--result", "failure")
        run.cli("feedback", "procedures/rotate-keys.md", "--failure", "--note", f"{said}; {v}")
        run.cli("context", f"{said} {v}")
        run.cli("search", f"{said} {v}")
        mcp += [
            ("add_episode", {"text": f"{said} then {v}", "title": f"mcp {v}", "at": f"{day}T10:{i:02d}:00"}),
            ("log_event", {"type": f"custom {v}", "task_id": v, "tool": v, "summary": said, "input": v}),
            ("decision_add", {"title": f"MCP {v}", "options": ["Vault", f"env {v}"], "reasons": said}),
            ("feedback", {"path": "procedures/rotate-keys.md", "outcome": "failure", "note": f"{said} {v}"}),
            ("context", {"query": f"{said} {v}"}),
            ("search", {"query": f"{said} {v}"}),
        ]
    # the trial's own command, the bare AWS secret in --tool with nothing naming it in that event
    run.cli(
        "log",
        "--type",
        f"deploy {secrets.get('gh_token', '')}",
        "--task",
        secrets.get("stripe", "x"),
        "--tool",
        secrets.get("aws_secret", "x"),
        "--summary",
        "ok",
    )
    asyncio.run(mcp_calls(root, mcp, run.outputs))
    mem = Memory(root)
    base = datetime.now(timezone.utc) - timedelta(days=2)
    api_events: list[dict[str, object]] = []
    hand_lines: list[str] = []
    sections = [f"---\ndate: {hand_day}\n---\n"]
    for i, (name, v) in enumerate(sorted(secrets.items())):
        said = named(name, v, secrets)
        api_events.append(
            {"type": f"api {v}", "task_id": f"api-{i}", "agent": v, "summary": said, "extra": {"x": [v]}}
        )
        mem.add_episode(
            f"{said} then {v}", title=f"api {v}", at=datetime.fromisoformat(f"{day}T11:{i:02d}:00")
        )
        mem.add_note("knowledge", f"API note {i} {v}", f"{said} and {v}")
        sections.append(f"## 08:{i:02d} — by hand {v}\n\n{said} Then {v} again.\n")
        for j in range(3):
            ts = (base + timedelta(minutes=10 * i, seconds=j)).isoformat()
            tid = f"hand-{v}-{j}"
            hand_lines += [
                json.dumps(e, ensure_ascii=False)
                for e in (
                    {"ts": ts, "type": "task_start", "task_id": tid, "summary": f"deploy the api with {v}"},
                    {
                        "ts": ts,
                        "type": "tool_use",
                        "task_id": tid,
                        "tool": "bash",
                        "input": said,
                        "agent": v,
                        "session": v,
                    },
                    {"ts": ts, "type": f"note {v}", "task_id": tid, "extra": {"seen": [v]}},
                    {"ts": ts, "type": "task_end", "task_id": tid, "outcome": "success"},
                )
            ]
    mem.activity.append_many(api_events)
    (root / "episodes" / f"{hand_day}.md").write_text("\n".join(sections), encoding="utf-8")
    (root / "activity" / f"{hand_day}.byhand.jsonl").write_text(
        "\n".join(hand_lines) + "\n", encoding="utf-8"
    )


def grep(
    root: Path, secrets: dict[str, str], outputs: list[str], skip: set[str], any_case: bool = False
) -> dict[str, list[str]]:
    """Where each value is: files (content, or a name holding its first 12 characters) under root,
    except `skip`, and outputs; as trial 10's `grepsecrets.sh` (exact), or in any case."""
    fold = str.lower if any_case else str
    found: dict[str, list[str]] = {}
    files = []
    for dirpath, _dirs, names in os.walk(root):
        for n in names:
            rel = os.path.relpath(os.path.join(dirpath, n), root)
            if rel not in skip:
                files.append((fold(rel), fold(Path(dirpath, n).read_bytes().decode("utf-8", "replace"))))
    outs = [fold(out) for out in outputs]
    for name, value in secrets.items():
        v = fold(value)
        hits = [rel for rel, text in files if v in text or v[:12] in rel]
        hits += [f"output {i}" for i, out in enumerate(outs) if v in out]
        if hits:
            found[name] = hits
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("secrets", help="JSON object: name -> secret value")
    ap.add_argument(
        "--values", help="grep only these (name<TAB>value lines, e.g. trial 10's secret_values.txt)"
    )
    ap.add_argument("--keep", help="write the root here instead of a temporary folder")
    args = ap.parse_args()
    secrets = {k: v for k, v in json.loads(Path(args.secrets).read_text(encoding="utf-8")).items() if v}
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp()) / "root"
    run = Runner(root)
    run.cli("init", str(root))
    day = (date.today() - timedelta(days=1)).isoformat()
    hand_day = (date.today() - timedelta(days=2)).isoformat()
    write_everything(run, secrets, day, hand_day)
    for args_ in (
        ("consolidate", "daily", "--json"),
        ("consolidate", "weekly", "--until", (date.today() + timedelta(days=1)).isoformat(), "--json"),
        ("index", "sync"),
        ("lint",),
        ("status", "--json"),
        ("review", "list"),
    ):
        run.cli(*args_)
    data = root.parent / "eval.jsonl"
    rows = [
        {"type": "document", "id": f"d{i}", "title": f"Doc {v}", "text": named(k, v, secrets) + f" {v}"}
        for i, (k, v) in enumerate(sorted(secrets.items()))
    ]
    rows.append({"type": "query", "id": "q1", "text": " ".join(secrets.values())[:500], "gold": ["d0"]})
    data.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    run.cli(
        "eval",
        "jsonl",
        str(data),
        "--export",
        str(root / "evalroot"),
        "--out",
        str(root / "eval-out.jsonl"),
        "--rankers",
        "lexical,grep",
        "--no-progress",
    )
    skip = {f"episodes/{hand_day}.md", f"activity/{hand_day}.byhand.jsonl"}
    wanted = secrets
    if args.values:
        lines = Path(args.values).read_text(encoding="utf-8").splitlines()
        wanted = dict(line.split("\t", 1) for line in lines if "\t" in line)
    (root.parent / "outputs.json").write_text(json.dumps(run.outputs, ensure_ascii=False), encoding="utf-8")
    print(f"root: {root}")
    for any_case in (False, True):
        found = grep(root, wanted, run.outputs, skip, any_case)
        total = sum(len(v) for v in found.values())
        how = "in any case" if any_case else "exact, as grepsecrets.sh"
        print(f"{total} places hold a secret value ({how}; {len(found)} of {len(wanted)} values found)")
        for name, hits in sorted(found.items()):
            print(f"  {name}: {len(hits)}: {', '.join(hits[:12])}{' ...' if len(hits) > 12 else ''}")


if __name__ == "__main__":
    main()
