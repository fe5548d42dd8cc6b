"""Charts for docs/benchmarks.md, drawn with matplotlib from the benchmark scripts' own output.

Two steps, so the slow part is separate from the drawing:
  python scripts/make_charts.py --run     # run the benchmarks, keep their stdout in docs/data/*.txt
  python scripts/make_charts.py           # draw docs/img/*.png from docs/data/*.txt
`--run` accepts names (`--run routing`) to refresh only some. Each log is the verbatim stdout
of `scripts/bench_<name>.py`, so a chart can always be traced to a command and its output.
The weekly chart reads the threshold-sweep table that `scripts/bench_weekly.py` produced and
docs/weekly.md publishes (that sweep takes hours here, so it is not re-run by this script).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "docs" / "data"
IMG = REPO / "docs" / "img"
BENCHES: dict[str, list[str]] = {
    "retrieval": ["scripts/bench_retrieval.py", "--workdir", "/tmp/memdir-bench-locomo"],
    "routing": ["scripts/bench_routing.py"],
}


def run_benches(names: list[str]) -> None:
    """Run each benchmark and keep its stdout (the figures) under docs/data/."""
    DATA.mkdir(parents=True, exist_ok=True)
    for name in names:
        cmd = [sys.executable, *BENCHES[name]]
        print(f"running {' '.join(cmd[1:])} ...", flush=True)
        res = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, check=False)
        if res.returncode != 0:
            raise SystemExit(f"{name} failed:\n{res.stderr[-2000:]}")
        lines = [ln for ln in res.stdout.splitlines() if not re.match(r"^\s+\w+ \d+/\d+ \(\d+s\)$", ln)]
        (DATA / f"{name}.txt").write_text(
            "$ python " + " ".join(BENCHES[name]) + "\n" + "\n".join(lines) + "\n", encoding="utf-8"
        )


def parse_retrieval(text: str) -> tuple[list[str], dict[str, dict[str, tuple[float, float, float]]]]:
    """(systems, {category: {system: (R@1, R@5, R@10)}}) from bench_retrieval's recall table."""
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("session-level recall"))
    systems = lines[start + 1].split()[2:]
    table: dict[str, dict[str, tuple[float, float, float]]] = {}
    for ln in lines[start + 2 :]:
        parts = ln.split()
        if len(parts) != 2 + len(systems) or not parts[1].isdigit():
            break
        cells = [tuple(float(x) for x in cell.split("/")) for cell in parts[2:]]
        table[parts[0]] = {s: (c[0], c[1], c[2]) for s, c in zip(systems, cells, strict=True)}
    return systems, table


def parse_routing(text: str) -> tuple[list[str], list[list[int]], dict[str, float]]:
    """(labels, confusion rows gold x predicted, per-class F1) from bench_routing's output."""
    lines = text.splitlines()
    f1 = {m.group(1): float(m.group(2)) for m in re.finditer(r"F1\[(\w+)\]=([\d.]+)", text)}
    start = next(i for i, ln in enumerate(lines) if ln.startswith("confusion"))
    labels = lines[start + 1].split()
    rows = [[int(x) for x in lines[start + 2 + i].split()[1:]] for i in range(len(labels))]
    return labels, rows, f1


def chart_retrieval(text: str) -> list[Path]:
    """Recall@5 per question category, one bar per system; and recall@k for all questions."""
    import matplotlib.pyplot as plt

    systems, table = parse_retrieval(text)
    cats = [c for c in table if c != "ALL"]
    fig, ax = plt.subplots(figsize=(8, 4))
    width = 0.8 / len(systems)
    for i, system in enumerate(systems):
        xs = [j + i * width for j in range(len(cats) + 1)]
        ax.bar(xs, [table[c][system][1] for c in [*cats, "ALL"]], width, label=system)
    ax.set_xticks([j + width * (len(systems) - 1) / 2 for j in range(len(cats) + 1)], [*cats, "all"])
    ax.set_ylabel("recall@5 (gold session in top 5)")
    ax.set_ylim(0, 1)
    ax.set_title("LoCoMo session retrieval: memdir vs a grep baseline")
    ax.legend(ncols=len(systems), fontsize=8, loc="upper right")
    ax.grid(axis="y", alpha=0.3)
    bars = IMG / "retrieval-recall-at-5.png"
    fig.tight_layout()
    fig.savefig(bars, dpi=120)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(5, 4))
    for system in systems:
        ax.plot([1, 5, 10], list(table["ALL"][system]), marker="o", label=system)
    ax.set_xlabel("k")
    ax.set_ylabel("recall@k, all questions")
    ax.set_xticks([1, 5, 10])
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title("Recall@k (LoCoMo, all questions)")
    curve = IMG / "retrieval-recall-at-k.png"
    fig.tight_layout()
    fig.savefig(curve, dpi=120)
    plt.close(fig)
    return [bars, curve]


def chart_routing(text: str) -> list[Path]:
    """The daily router's confusion matrix on the labelled routing set."""
    import matplotlib.pyplot as plt

    labels, rows, f1 = parse_routing(text)
    fig, ax = plt.subplots(figsize=(4.8, 4))
    ax.imshow(rows, cmap="Blues")
    for i, row in enumerate(rows):
        for j, n in enumerate(row):
            ax.text(
                j,
                i,
                str(n),
                ha="center",
                va="center",
                color="white" if n > max(map(max, rows)) / 2 else "black",
            )
    ax.set_xticks(range(len(labels)), labels)
    ax.set_yticks(range(len(labels)), [f"{lab}\nF1 {f1.get(lab, float('nan')):.2f}" for lab in labels])
    ax.set_xlabel("routed to")
    ax.set_ylabel("labelled as")
    ax.set_title("Daily routing (built-in, offline)")
    out = IMG / "routing-confusion.png"
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return [out]


def parse_weekly_sweep(markdown: str) -> dict[float, list[tuple[float, float]]]:
    """{threshold: [(precision, recall) per seed]} from the threshold-sweep table in docs/weekly.md."""
    rows: dict[float, list[tuple[float, float]]] = {}
    for m in re.finditer(r"^\| \**(0\.\d+)\** \|(.+)\|\s*$", markdown, re.M):
        cells = re.findall(r"([\d.]+) / ([\d.]+) / \d+", m.group(2))
        if cells:
            rows[float(m.group(1))] = [(float(p), float(r)) for p, r in cells]
    return rows


def chart_weekly(markdown: str) -> list[Path]:
    """Precision and recall of weekly distillation vs the cluster threshold (mean and range over seeds)."""
    import matplotlib.pyplot as plt

    rows = parse_weekly_sweep(markdown)
    if not rows:
        raise SystemExit("docs/weekly.md has no threshold-sweep table")
    xs = sorted(rows)
    fig, ax = plt.subplots(figsize=(6, 4))
    for idx, label in ((0, "precision"), (1, "recall")):
        vals = [[pr[idx] for pr in rows[x]] for x in xs]
        mean = [sum(v) / len(v) for v in vals]
        ax.plot(xs, mean, marker="o", label=f"{label} (mean of {len(vals[0])} seeds)")
        ax.fill_between(xs, [min(v) for v in vals], [max(v) for v in vals], alpha=0.2)
    ax.axvline(0.80, color="grey", linestyle="--", linewidth=1)
    ax.text(0.802, 0.52, "default 0.80", fontsize=8, color="grey")
    ax.set_xlabel("cluster threshold (calibrated similarity)")
    ax.set_ylim(0.5, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower left")
    ax.set_title("Weekly distillation on WebArena tasks (band: min-max over seeds)")
    out = IMG / "weekly-threshold-sweep.png"
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return [out]


CHARTS: dict[str, Callable[[str], list[Path]]] = {"retrieval": chart_retrieval, "routing": chart_routing}
DOC_CHARTS: dict[str, Callable[[str], list[Path]]] = {"weekly.md": chart_weekly}


def main(argv: list[str] | None = None) -> int:
    """Optionally run the benchmarks, then draw every chart whose log exists."""
    ap = argparse.ArgumentParser(description="Draw docs/img/*.png from benchmark output")
    ap.add_argument(
        "--run", nargs="*", choices=sorted(BENCHES), help="run these benchmarks first (all if none named)"
    )
    args = ap.parse_args(argv)
    if args.run is not None:
        run_benches(args.run or sorted(BENCHES))
    import matplotlib

    matplotlib.use("Agg")
    IMG.mkdir(parents=True, exist_ok=True)
    drawn = 0
    for name, draw in CHARTS.items():
        log = DATA / f"{name}.txt"
        if not log.exists():
            print(f"skip {name}: no {log.relative_to(REPO)} (run with --run {name})")
            continue
        for path in draw(log.read_text(encoding="utf-8")):
            print(f"wrote {path.relative_to(REPO)}")
            drawn += 1
    for doc, draw in DOC_CHARTS.items():  # tables the benchmark owners published in their pages
        page = REPO / "docs" / doc
        if page.exists():
            for path in draw(page.read_text(encoding="utf-8")):
                print(f"wrote {path.relative_to(REPO)} (from docs/{doc})")
                drawn += 1
    return 0 if drawn else 1


if __name__ == "__main__":
    sys.exit(main())
