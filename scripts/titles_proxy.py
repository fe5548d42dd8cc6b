"""A proxy for the blind reading test: offline titles and descriptions against the writers' ideal ones.

    # shape every keeper episode of the reading sets in-process (its label as the kind, as the router
    # would file it) and compare with each set's ideal title and description and the reader's marks
    .venv/bin/python scripts/titles_proxy.py examples/reading_set/heldout12 examples/reading_set/heldout14
    # the same from what `scripts/reading_ab.py notes` wrote (the real CLI), for one set
    .venv/bin/python scripts/titles_proxy.py examples/reading_set/heldout18 --notes /tmp/new18.json
    # the reader's reasons for "not keep", tallied into classes, and every row
    .venv/bin/python scripts/titles_proxy.py examples/reading_set/heldout1[2468] --reasons --rows

Overlap is the F1 of content terms: English content words (stemmed, stop words out) and, for Japanese,
the character bigrams of the text without spaces and punctuation. "Marked" says what the reader said of
the same title or description when one of the two versions it saw had exactly this text.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from memdir.consolidation.daily.router import read_text, shaped
from memdir.consolidation.daily.shape_central import terms
from memdir.notes.episodes import default_title

_JA_DROP = re.compile(r"[\s、。・「」『』（）()【】：:！？!?,.・〜~\-—→]")
REASONS: list[tuple[str, str]] = [
    ("skipped", r"skipped|placeholder"),
    ("lesson prefix", r"lesson-prefixed|prefixed"),
    ("table fragment", r"table|header row|pipe"),
    (
        "header / record / form line",
        r"header|record|form |form$|label|ticket|number title|circular|memo header",
    ),
    ("address / greeting / salutation", r"address|greeting|salutation|apology|thank"),
    ("date / time / place line", r"date|timestamp|time|location|weather|occasion"),
    (
        "narrative / remark about the note",
        r"narrative|remark|meta|memo|diary|spoken|voice|chit|small-talk|lead-in",
    ),
    ("first step / list item as title", r"step|checklist item|bullet|list fragment|materials"),
    ("question / quote", r"question|quote|teaser|speech|chat"),
    ("cut / fragment", r"cut|truncat|fragment|clause|garbled|broken|mid-"),
    ("vague / misleading", r"vague|misleading|doesn't name|not the|only first"),
]
DESC_REASONS: list[tuple[str, str]] = [
    ("chain of steps / fragments", r"chain|stitched|dangling|arrow|run-on"),
    ("copies the title", r"cop(?:y|ies)|repeats|same"),
    ("header / subject / label", r"header|subject|label|fw|prefix"),
    ("cut / fragment", r"cut|truncat|fragment|broken"),
    ("first step / detail, not the gist", r"step|detail|side|symptom|lacks|omits|not gist|rationale"),
]


def overlap(text: str, ideal: str, lang: str) -> float:
    """F1 of the two texts' content terms (EN words, JA character bigrams)."""

    def grams(s: str) -> set[str]:
        if lang != "ja":
            return set(terms(s))
        t = _JA_DROP.sub("", s)
        return {t[i : i + 2] for i in range(len(t) - 1)}

    a, b = grams(text), grams(ideal)
    if not a or not b:
        return 0.0
    common = len(a & b)
    return 2 * common / (len(a) + len(b))


def _unquoted(text: str) -> str:
    """A description as the note's YAML wrote it ('…' or "…") as plain text, to compare with the shaped one."""
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return str(json.loads(text)) if "\\" in text else text[1:-1]
    return text


def _jsonl(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def seen_marks(folder: Path) -> dict[str, dict[str, dict[str, bool]]]:
    """Episode id -> title or description text -> what the reader said of it."""
    items = _jsonl(folder / "judge_items.jsonl")
    marks = {str(m["item"]): m for m in _jsonl(folder / "judge_marks.jsonl")}
    key = json.loads((folder / "judge_key.json").read_text())
    out: dict[str, dict[str, dict[str, bool]]] = {}
    for ep, it in zip(sorted(key), items, strict=True):
        m = marks[str(it["item"])]
        got: dict[str, dict[str, bool]] = {"title": {}, "desc": {}}
        for side in ("A", "B"):
            for note, mark in zip(it[side], m[side], strict=False):  # type: ignore[call-overload]
                got["title"][note["title"]] = bool(mark["title_keep"])
                got["desc"][_unquoted(note["description"])] = bool(mark["desc_keep"])
        out[ep] = got
    return out


def reasons(folders: list[Path]) -> None:
    """The reader's reasons for "not keep" on main's version, tallied into classes."""
    tc: Counter[str] = Counter()
    dc: Counter[str] = Counter()
    for folder in folders:
        items = _jsonl(folder / "judge_items.jsonl")
        marks = {str(m["item"]): m for m in _jsonl(folder / "judge_marks.jsonl")}
        key = json.loads((folder / "judge_key.json").read_text())
        for ep, it in zip(sorted(key), items, strict=True):
            m = marks[str(it["item"])]
            side = "A" if key[ep]["A"] == "main" else "B"
            why = str(m.get("why", "")).lower()
            mk = m[side][0]  # type: ignore[index]
            if not mk["title_keep"]:
                tc[next((n for n, p in REASONS if re.search(p, why)), "other")] += 1
            if not mk["desc_keep"]:
                dc[next((n for n, p in DESC_REASONS if re.search(p, why)), "other")] += 1
    print("titles not kept (main), by the reader's reason:")
    for n, c in tc.most_common():
        print(f"  {c:3d}  {n}")
    print("descriptions not kept (main), by the reader's reason:")
    for n, c in dc.most_common():
        print(f"  {c:3d}  {n}")


def run(folder: Path, notes: Path | None, rows: bool) -> tuple[float, float, Counter[str]]:
    """Mean title and description overlap with the ideal ones, and the reader's marks of equal texts."""
    eps = [e for e in _jsonl(folder / "episodes.jsonl") if e.get("label") != "skip"]
    cli = json.loads(notes.read_text()) if notes else None
    seen = seen_marks(folder)
    tally: Counter[str] = Counter()
    ts, ds = 0.0, 0.0
    for e in eps:
        ep, lang = str(e["id"]), str(e["lang"])
        if cli is not None:
            got = cli.get(ep) or [{"title": "", "description": ""}]
            main = [n for n in got if not n["title"].startswith("Lesson: ")] or got
            title, desc = main[0]["title"], _unquoted(main[0]["description"])
        else:
            kind = "procedures" if e["label"] == "procedure" else "knowledge"
            text = str(e["text"])
            heading = " ".join(str(e.get("title") or default_title(text)).split())[
                :120
            ]  # as `episode add` does
            s = shaped(kind, read_text(heading, text), text)
            title, desc = s.title, s.description
        t = overlap(title, str(e["ideal_title"]), lang)
        d = overlap(desc, str(e["ideal_description"]), lang)
        ts, ds = ts + t, ds + d
        for field, text_ in (("title", title), ("desc", desc)):
            mark = seen.get(ep, {}).get(field, {}).get(text_)
            tally[f"{field} {'kept' if mark else 'not kept' if mark is False else 'unseen'}"] += 1
        if rows:
            tm = seen.get(ep, {}).get("title", {}).get(title)
            dm = seen.get(ep, {}).get("desc", {}).get(desc)
            print(f"{ep} {t:.2f} {'K' if tm else '-' if tm is False else '?'} {title[:80]}")
            print(f"        {d:.2f} {'K' if dm else '-' if dm is False else '?'} {desc[:110]}")
    return ts / len(eps), ds / len(eps), tally


def main() -> None:
    """Print per set: mean overlaps and how many titles and descriptions the reader kept as they are."""
    ap = argparse.ArgumentParser()
    ap.add_argument("sets", nargs="+", type=Path)
    ap.add_argument("--notes", type=Path, default=None)
    ap.add_argument("--reasons", action="store_true")
    ap.add_argument("--rows", action="store_true")
    a = ap.parse_args()
    if a.reasons:
        reasons(a.sets)
    for folder in a.sets:
        t, d, tally = run(folder, a.notes, a.rows)
        marks = ", ".join(f"{k} {v}" for k, v in sorted(tally.items()))
        print(f"{folder.name}: title overlap {t:.3f}, description overlap {d:.3f}; {marks}")


if __name__ == "__main__":
    main()
