"""Checks a reviewer runs on distilled procedures, as code (used by bench_weekly.py and the tests).

- `parse_procedure`: title, steps, legend (placeholder -> values) of a procedure file.
- `legend_problems`: a placeholder used but not in the legend, or in the legend but never used.
- `single_task_words`: words of the title and steps (outside placeholders) that only one of the
  cited tasks ever wrote (in its intent or its steps): a value of one task left in the procedure.
- `numbers_after_placeholders`: a constant number written right after a placeholder (`go to
  {source} 1`): an instance number the cited tasks happened to share, which belongs to the
  placeholder's value (an agent whose thing is `cabinet 3` would go to `cabinet 1`).
- `check_week`: a written week against its `expected.json` (types, constants kept, words that
  must not appear, review items, files that must stay byte for byte; optionally `title_any`: the
  title names one of these words, `title_not`: the title holds none of these words).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

_PLACEHOLDER = re.compile(r"\{([^\W\d_][\w-]*)\}")
_WORD = re.compile(r"[^\W_]+")


def parse_procedure(text: str) -> dict[str, Any]:
    """{'title', 'steps', 'legend', 'body'} of a procedure's Markdown (frontmatter skipped)."""
    body = text.split("\n---\n", 1)[1] if text.startswith("---\n") else text
    title = next((ln[2:].strip() for ln in body.splitlines() if ln.startswith("# ")), "")
    steps = [m.group(1) for m in re.finditer(r"^\d+\. (.+)$", body, re.M)]
    legend: dict[str, str] = {}
    section = body.split("## Placeholders", 1)[1] if "## Placeholders" in body else ""
    for m in re.finditer(r"^- `\{([\w-]+)\}`: (.+)$", section, re.M):
        legend[m.group(1)] = m.group(2)
    return {"title": title, "steps": steps, "legend": legend, "body": body}


def legend_problems(proc: dict[str, Any]) -> list[str]:
    """Placeholders used without a legend entry, and legend entries nothing uses."""
    used = set(_PLACEHOLDER.findall(proc["title"] + "\n" + "\n".join(proc["steps"])))
    listed = set(proc["legend"])
    return [f"{{{n}}} not in the legend" for n in sorted(used - listed)] + [
        f"{{{n}}} in the legend but unused" for n in sorted(listed - used)
    ]


_NUMBER_AFTER = re.compile(r"\{([A-Za-z][\w-]*)\}[ \t_-]?((?:#|No\.)?\d+(?:st|nd|rd|th)?)(?![\w.,:>/-])")


def numbers_after_placeholders(proc: dict[str, Any]) -> list[str]:
    """Title or step text where a constant number directly follows a placeholder (`{source} 1`)."""
    out = []
    for text in [proc["title"], *proc["steps"]]:
        for m in _NUMBER_AFTER.finditer(text):
            out.append(f"constant {m.group(2)!r} right after {{{m.group(1)}}} in {text!r}")
    return out


def task_texts(root: Path, task_ids: Iterable[str]) -> dict[str, str]:
    """Everything each task wrote in the activity log (intent, inputs, summaries), by task id."""
    wanted = set(task_ids)
    out: dict[str, list[str]] = {t: [] for t in wanted}
    for f in sorted((root / "activity").glob("*.jsonl")):
        for line in f.read_text(encoding="utf-8").splitlines():
            try:
                e = json.loads(line)
            except ValueError:
                continue
            tid = str(e.get("task_id", ""))
            if tid in wanted:
                text = json.dumps(
                    {k: v for k, v in e.items() if k not in ("ts", "task_id")}, ensure_ascii=False
                )
                # a line break inside a value is a break, not the letter n before the next word
                out[tid].append(text.replace("\\n", "\n").replace("\\t", "\t"))
    return {t: "\n".join(v) for t, v in out.items()}


_BOILERPLATE = re.compile(r"search likely places one at a time|; tried in several tasks:| where it is$", re.M)


def single_task_words(proc: dict[str, Any], texts: dict[str, str]) -> list[str]:
    """Words of the title and steps outside placeholders that exactly one cited task wrote."""
    shown = _PLACEHOLDER.sub(" ", proc["title"] + "\n" + "\n".join(proc["steps"]))
    shown = _BOILERPLATE.sub(" ", shown)  # the distiller's own words around a folded search
    words = {w for w in _WORD.findall(shown) if len(w) > 1 or w.isdigit()}
    lowered = {t: x.lower() for t, x in texts.items()}
    out = []
    for w in sorted(words):
        pattern = re.compile(rf"(?<![^\W_]){re.escape(w.lower())}(?![^\W_])")
        n = sum(1 for x in lowered.values() if pattern.search(x))
        if n == 1:
            out.append(w)
    return out


_RUN_STAMP = re.compile(r"^[a-z_]+_at: '?\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?'?$", re.M)


def check_week(week_dir: Path, root: Path, created: list[str], review: list[str]) -> dict[str, Any]:
    """Score one run over a written week against its expected.json; returns problems and counts."""
    exp = json.loads((week_dir / "expected.json").read_text(encoding="utf-8"))
    problems: list[str] = []
    notes = {}
    for rel in created:
        if not rel.startswith("procedures/"):
            continue  # lessons (knowledge/lessons/, issue 21) are checked by tests/test_lessons_*.py
        text = (root / rel).read_text(encoding="utf-8")
        m = re.search(r"^sources:\n((?:- .+\n)+)", text, re.M)
        sources = [s[2:].strip().strip("'\"") for s in m.group(1).splitlines()] if m else []
        notes[rel] = (text, sources)
    matched: set[str] = set()
    for want in exp.get("procedures", []):
        hit = [rel for rel, (_, src) in notes.items() if set(src) == set(want["sources"])]
        if not hit:
            problems.append(f"{want['type']}: no procedure with sources {want['sources']}")
            continue
        rel = hit[0]
        matched.add(rel)
        text = notes[rel][0]
        proc = parse_procedure(text)
        shown = proc["title"] + "\n" + "\n".join(proc["steps"])
        problems += [f"{rel}: lost constant {c!r}" for c in want.get("must_contain", []) if c not in shown]
        whole = re.sub(r"^sources:\n(?:- .+\n)+", "", text, flags=re.M)  # anywhere in the file
        # ... but the run's own clock (`created_at: '2026-12-06T19:30:02+00:00'`) is not a task's value: a
        # must-not-contain `19:30` failed CI when the run happened at 19:30 (stop 41)
        whole = _RUN_STAMP.sub("", whole)
        # ... but the failed tasks' own records (issue 21's trace, each line citing its task id) are evidence
        whole = re.sub(r"^## Known failures\n(?:.*\n?)*?(?=^## |\Z)", "", whole, flags=re.M)
        problems += [f"{rel}: kept {c!r}" for c in want.get("must_not_contain", []) if c in whole]
        low = proc["title"].lower()
        if want.get("title_any") and not any(w.lower() in low for w in want["title_any"]):
            problems.append(f"{rel}: title {proc['title']!r} names none of {want['title_any']}")
        problems += [
            f"{rel}: title {proc['title']!r} has {w!r}"
            for w in want.get("title_not", [])
            if re.search(rf"(?<![^\W_]){re.escape(w.lower())}(?![^\W_])", low)
        ]
        problems += [f"{rel}: {p}" for p in legend_problems(proc)]
        problems += [f"{rel}: {p}" for p in numbers_after_placeholders(proc)]
        if want.get("paraphrased"):  # phrased a new way each time: the title is one task's phrasing
            proc = {**proc, "title": ""}
        singles = single_task_words(proc, task_texts(root, notes[rel][1]))
        problems += [f"{rel}: {w!r} was written by one task only" for w in singles]
    problems += [f"unexpected procedure {rel}" for rel in notes if rel not in matched]
    items = []
    for rel in review:
        text = (root / rel).read_text(encoding="utf-8")
        target = re.search(r"^target: (.+)$", text, re.M)
        items.append(target.group(1).strip() if target else "?")
    for want in exp.get("review_items", []):
        if want["target"] not in items:
            problems.append(f"no review item on {want['target']}")
    extra = [t for t in items if t not in {w["target"] for w in exp.get("review_items", [])}]
    problems += [f"unexpected review item on {t}" for t in extra]
    for rel in exp.get("unchanged", []):
        if (root / rel).read_bytes() != (week_dir / rel).read_bytes():
            problems.append(f"{rel} changed")
    return {"procedures": len(created), "review_items": len(review), "problems": problems}
