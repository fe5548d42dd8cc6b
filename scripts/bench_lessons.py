"""Learning from failure: lessons on real and written weeks, and a four-condition retrieval comparison.

`weeks`: ALFWorld (18 ReAct trajectories; the environment's "Nothing happens." is the step's failure),
WebArena (seed 0, 812 tasks with successes and failures), the written failure weeks
(tests/data/lessons/en, ja) and the example root: lessons written, their evidence, whether any
rests on one task without a re-verified alternative, duplicates, and whether a rerun changes anything.

`retrieval`: for follow-up tasks of the same types (queries written for this bench, EN and JA,
describing the next attempt), is an item carrying the failure and its fix in the top 5, and how
many characters go into the prompt, with
  (a) files and grep only (files ranked by how many query words they contain; the agent reads them),
  (b) episodes only (`memdir context` over a root holding one episode per task of the week),
  (c) plus procedures (the weekly run's procedures, without lessons),
  (d) plus lessons and rules (the full weekly run).
Nothing here was tuned on these queries (they were written after the code, and no code changed after).

Usage: python scripts/bench_lessons.py weeks|retrieval|all [--data /work/shared/eval]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared" / "eval"
sys.path.insert(0, str(REPO / "scripts"))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from alfworld_to_activity import build_events, write_activity  # noqa: E402

from memdir import Memory  # noqa: E402

WRITTEN = REPO / "tests" / "data" / "lessons"
EXAMPLE = REPO / "examples" / "memory_root"
UNTIL = date(2026, 11, 30)

# follow-up task -> (language, [the type's procedure/lesson file name, the failure's own wording]).
# Right item: (c), (d) a listed procedure or lesson of the type; (a), (b) a file or episode text holding the failure.
QUERIES: list[tuple[str, str, list[str]]] = [
    ("Publish the docs site for the payments project", "en", ["publish-the-docs-site", "protected branch"]),
    (
        "publishing docs with mkdocs gh-deploy got rejected, protected branch",
        "en",
        ["publish-the-docs-site", "protected branch"],
    ),
    ("Restore the reports database backup to the test server", "en", ["restore-the-database", "app_reader"]),
    ("pg_restore says role app_reader does not exist", "en", ["restore-the-database", "app_reader"]),
    ("Rotate the API key of the billing service", "en", ["rotate-the-api-key", "permission denied"]),
    ("ordersのログをS3にアーカイブする", "ja", ["ログをs3にアーカイブする", "AccessDenied"]),
    ("S3へのログのアーカイブでAccessDeniedになった", "ja", ["ログをs3にアーカイブする", "AccessDenied"]),
    ("山田さんの社内アカウントを作成する", "ja", ["社内アカウントを作成する", "Insufficient access"]),
    ("ldapaddでInsufficient accessが出た", "ja", ["社内アカウントを作成する", "Insufficient access"]),
]


def _memory(root: Path) -> Memory:
    mem = Memory(root)
    mem.init()
    return mem


def lesson_rows(mem: Memory) -> list[dict[str, Any]]:
    rows = []
    for rel in mem.store.iter_paths(("knowledge/lessons",)):
        note = mem.store.read(rel)
        alt = note.body.split("## What worked instead", 1)[-1].split("## How to check", 1)[0]
        rows.append(
            {
                "path": rel,
                "sources": note.str_list("sources"),
                "applies_to": note.meta.get("applies_to"),
                "recovery": "no different approach" not in alt,
            }
        )
    return rows


def check_week(name: str, mem: Memory, until: date) -> dict[str, Any]:
    first = mem.consolidate_weekly(until=until)
    before = {p: (mem.root / p).read_bytes() for p in mem.store.iter_paths(("knowledge", "procedures"))}
    again = mem.consolidate_weekly(until=until)
    after = {p: (mem.root / p).read_bytes() for p in mem.store.iter_paths(("knowledge", "procedures"))}
    rows = lesson_rows(mem)
    targets = [r["applies_to"] for r in rows if r["applies_to"]]
    single = [r["path"] for r in rows if len(r["sources"]) < 2 and not r["recovery"]]
    out = {
        "procedures": sum(1 for p in first.created if p.startswith("procedures/")),
        "lessons": len(rows),
        "failed_tasks_of_kept_types": first.stats.get("failed_tasks_of_kept_types", 0),
        "failures_not_adopted": first.stats.get("failures_not_adopted", 0),
        "failures_without_detail": first.stats.get("failures_without_detail", 0),
        "from_one_task_without_alternative": single,
        "duplicate_lessons": len(targets) - len(set(targets)),
        "rerun_changed": before != after or bool(again.created or again.updated),
        "rows": rows,
    }
    print(
        f"{name}: {out['procedures']} procedures, {out['lessons']} lessons "
        f"({out['failed_tasks_of_kept_types']} failed tasks of kept types, {out['failures_not_adopted']} not adopted, "
        f"{out['failures_without_detail']} without step or error); one task without alternative: "
        f"{single or 'none'}; duplicates: {out['duplicate_lessons']}; rerun changed: {out['rerun_changed']}"
    )
    for r in rows:
        print(f"  {r['path']}: sources={r['sources']} recovery={r['recovery']}")
    return out


def alfworld_failures(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The environment's "Nothing happens." is that action's failure (status error)."""
    for e in events:
        if e.get("type") == "tool_result" and str(e.get("summary", "")).startswith("Nothing happens"):
            e["status"] = "error"
            e["error"] = e["summary"]
    return events


def bench_weeks(data: Path, tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    mem = _memory(tmp / "alfworld")
    events = build_events(data / "alfworld" / "react_prompts_alfworld_3prompts.json", shape="verb")
    write_activity(mem.root, alfworld_failures(events))
    out["alfworld"] = check_week("ALFWorld (verb shape)", mem, UNTIL)
    try:
        from bench_weekly import build_webarena_week, webarena_activity

        wa, _ = build_webarena_week(data, 0, tmp)
        mem = _memory(tmp / "webarena")
        mem.activity.append_many(webarena_activity(wa))
        out["webarena"] = check_week("WebArena seed 0", mem, date(2025, 1, 13))
    except (OSError, ImportError) as exc:  # the shared data is not on every machine
        print(f"WebArena skipped: {exc}")
    for name in ("en", "ja"):
        root = tmp / f"written-{name}"
        shutil.copytree(WRITTEN / name, root)
        out[f"written-{name}"] = check_week(f"written week {name}", _memory(root), UNTIL)
    root = tmp / "example"
    shutil.copytree(EXAMPLE, root)
    ex = check_week("example root", _memory(root), date(2026, 11, 23))
    deploy = (root / "procedures" / "deploy-the-service-to-staging.md").read_text(encoding="utf-8")
    ex["deploy_3_trace"] = "`deploy-3`" in deploy
    print(f"  deploy-3 trace in procedures/deploy-the-service-to-staging.md: {ex['deploy_3_trace']}")
    out["example"] = ex
    return out


# -- retrieval --------------------------------------------------------------------------------
def episodes_from_activity(mem: Memory, src: Path) -> None:
    """One episode per task of the week: what the agent did and what failed, as its diary would say."""
    from memdir.consolidation.weekly.tasks import group_tasks

    tasks = group_tasks(mem.activity.read(None, None))
    for t in tasks:
        lines = [f"- {s.render()}" + (f" -> failed: {s.error}" if s.failed else "") for s in t.steps]
        text = f"Task {t.task_id} ({t.outcome}).\n\n" + "\n".join(lines)
        mem.add_episode(text, title=t.intent or t.task_id, at=t.start)


def build_roots(tmp: Path) -> dict[str, Path]:
    roots: dict[str, Path] = {}
    full = tmp / "d-full"
    full.mkdir(parents=True)
    (full / "activity").mkdir()
    for name in ("en", "ja"):  # both weeks in one log (same days: append, never overwrite)
        for f in sorted((WRITTEN / name / "activity").glob("*.jsonl")):
            with (full / "activity" / f.name).open("a", encoding="utf-8") as fh:
                fh.write(f.read_text(encoding="utf-8"))
    mem = _memory(full)
    episodes_from_activity(mem, full)
    mem.consolidate_weekly(until=UNTIL)
    roots["d"] = full
    c = tmp / "c-procedures"
    shutil.copytree(full, c, ignore=shutil.ignore_patterns(".memdir"))
    shutil.rmtree(c / "knowledge" / "lessons", ignore_errors=True)
    shutil.rmtree(c / "knowledge" / "rules", ignore_errors=True)
    for p in (c / "procedures").glob("*.md"):
        text = p.read_text(encoding="utf-8")
        text = re.sub(r"\n## Known failures\n.*", "\n", text, flags=re.S)
        text = re.sub(r"^lessons:\n(?:- .*\n)+", "", text, flags=re.M)
        p.write_text(text, encoding="utf-8")
    roots["c"] = c
    b = tmp / "b-episodes"
    shutil.copytree(full, b, ignore=shutil.ignore_patterns(".memdir", "procedures", "knowledge"))
    roots["b"] = b
    return roots


def grep_top5(root: Path, query: str) -> list[tuple[str, int]]:
    words = [w for w in re.findall(r"[A-Za-z0-9_]{3,}|[\u3040-\u30ff\u3400-\u9fff]{2,}", query.lower())]
    scored = []
    for p in sorted(root.rglob("*")):
        if not p.is_file() or ".memdir" in p.parts:
            continue
        text = p.read_text(encoding="utf-8", errors="replace")
        low = text.lower()
        hits = sum(1 for w in words if w in low)
        if hits:
            scored.append((-hits, p.relative_to(root).as_posix(), len(text)))
    scored.sort()
    return [(rel, n) for _, rel, n in scored[:5]]


def right(text: str, marks: list[str]) -> bool:
    return any(m.lower() in text.lower() for m in marks)


def bench_retrieval(tmp: Path) -> dict[str, Any]:
    roots = build_roots(tmp)
    res: dict[str, Any] = {}
    for cond in ("a", "b", "c", "d"):
        hits, chars, per_lang = 0, 0, {"en": [0, 0], "ja": [0, 0]}
        mem = None if cond == "a" else Memory(roots[cond])
        if mem is not None:
            mem.rebuild_index()
        for query, lang, marks in QUERIES:
            if mem is None:
                top = grep_top5(roots["b"], query)  # the raw files: activity logs and episodes
                files = [(roots["b"] / rel).read_text(encoding="utf-8", errors="replace") for rel, _ in top]
                ok = any(right(t, marks[1:]) for t in files)
                n = sum(len(t) for t in files)
            else:
                text = mem.context(query, budget=1500)
                entries = re.findall(r"^- `([^`]+)`", text, re.M)[:5]
                ok = any(right(e, marks[:1]) for e in entries) or (cond == "b" and right(text, marks[1:]))
                n = len(text)
            hits += ok
            chars += n
            per_lang[lang][0] += ok
            per_lang[lang][1] += 1
        k = len(QUERIES)
        res[cond] = {
            "recall@5": round(hits / k, 3),
            "en": f"{per_lang['en'][0]}/{per_lang['en'][1]}",
            "ja": f"{per_lang['ja'][0]}/{per_lang['ja'][1]}",
            "mean_chars_injected": round(chars / k),
        }
        print(f"condition {cond}: {res[cond]}")
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=["weeks", "retrieval", "all"])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="bench-lessons-"))
    out: dict[str, Any] = {}
    try:
        if args.what in ("weeks", "all"):
            out["weeks"] = bench_weeks(args.data, tmp)
        if args.what in ("retrieval", "all"):
            out["retrieval"] = bench_retrieval(tmp / "retrieval")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if args.json:
        args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
