"""Cluster tasks without a dense all-pairs matrix over everything.

1. Callers pass features of unique tasks (tasks with the same abstracted text and tools
   share one row), see `memdir.consolidation.weekly.features.TaskFeatures`.
2. Blocking: the graph "similarity >= threshold" is built in row chunks (memory
   O(chunk x n)) and split into connected components. Every complete- or average-linkage
   cluster at that threshold lies inside one component (all of its pairs, or at least one
   pair, reach the threshold), so blocking loses nothing.
3. Each component is clustered with scikit-learn AgglomerativeClustering on its own
   precomputed distances (1 - similarity, distance_threshold = 1 - threshold). A
   component larger than `max_block` is first cut by MiniBatchKMeans (an approximation,
   noted in the stats).
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field

import numpy as np

from memdir.consolidation.weekly.features import TaskFeatures

log = logging.getLogger(__name__)

CHUNK = 1024


@dataclass
class ClusterStats:
    """Figures about one clustering run (for the run report and the benchmark)."""

    points: int = 0
    edges: int = 0
    components: int = 0
    largest_component: int = 0
    split_components: int = 0
    clusters: int = 0
    notes: list[str] = field(default_factory=list)


FREE = -1  # `apart` tags: a row that may join any cluster
ALONE = -2  # ... a row that joins none


def allowed(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(len(a), len(b)) mask of pairs that may share a cluster, by their `apart` tags."""
    a, b = a[:, None], b[None, :]
    out: np.ndarray = (a != ALONE) & (b != ALONE) & ((a == b) | (a == FREE) | (b == FREE))
    return out


def _components(feats: TaskFeatures, thr: float, stats: ClusterStats, apart: np.ndarray) -> np.ndarray:
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    n = feats.n
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    for start in range(0, n, CHUNK):
        block = feats.block(start, min(n, start + CHUNK))
        r, c = np.nonzero((block >= thr) & allowed(apart[start : start + CHUNK], apart))
        keep = (r + start) < c  # upper triangle only
        rows.append(r[keep] + start)
        cols.append(c[keep])
    row = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64)
    col = np.concatenate(cols) if cols else np.zeros(0, dtype=np.int64)
    stats.edges = int(len(row))
    graph = coo_matrix((np.ones(len(row), dtype=np.int8), (row, col)), shape=(n, n))
    count, labels = connected_components(graph, directed=False)
    stats.components = int(count)
    return np.asarray(labels)


def _agglomerate(sims: np.ndarray, thr: float, linkage: str) -> np.ndarray:
    from sklearn.cluster import AgglomerativeClustering

    if len(sims) == 1:
        return np.zeros(1, dtype=np.int64)
    dist = np.clip(1.0 - sims.astype(np.float64), 0.0, None)
    np.fill_diagonal(dist, 0.0)
    dist = (dist + dist.T) / 2
    # a pair exactly at the threshold joins: sklearn merges strictly below distance_threshold
    model = AgglomerativeClustering(
        n_clusters=None, metric="precomputed", linkage=linkage, distance_threshold=1.0 - thr + 1e-6
    )
    return np.asarray(model.fit_predict(dist))


def _split(vecs: np.ndarray, max_block: int, seed: int = 0) -> np.ndarray:
    from sklearn.cluster import MiniBatchKMeans

    parts = math.ceil(2 * len(vecs) / max_block)
    km = MiniBatchKMeans(n_clusters=parts, random_state=seed, n_init=3, batch_size=1024)
    return np.asarray(km.fit_predict(vecs))


def cluster_tasks(
    feats: TaskFeatures,
    threshold: float,
    linkage: str = "complete",
    max_block: int = 3000,
    stats: ClusterStats | None = None,
    apart: np.ndarray | None = None,
) -> np.ndarray:
    """Cluster labels (0..k-1, in order of first appearance) at a (centred) similarity threshold.

    `apart` tags rows (`memdir.consolidation.weekly.agreement`): rows with two different tags never
    share a cluster, an ALONE row is a cluster of its own, a FREE row may join any.
    """
    stats = stats if stats is not None else ClusterStats()
    n = feats.n
    stats.points = n
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    thr = threshold
    tags = apart if apart is not None else np.full(n, FREE, dtype=np.int64)
    comp = _components(feats, thr, stats, tags)
    labels = np.full(n, -1, dtype=np.int64)
    next_label = 0
    order = np.argsort(comp, kind="stable")
    bounds = np.flatnonzero(np.diff(comp[order])) + 1
    for members in np.split(order, bounds):
        members = np.sort(members)
        stats.largest_component = max(stats.largest_component, len(members))
        if len(members) == 1:
            labels[members] = next_label
            next_label += 1
            continue
        if len(members) > max_block:
            stats.split_components += 1
            note = f"component of {len(members)} split by MiniBatchKMeans before agglomeration"
            stats.notes.append(note)
            log.info(note)
            part = _split(feats.split_vectors(members), max_block)
        else:
            part = np.zeros(len(members), dtype=np.int64)
        for p in np.unique(part):
            idx = np.flatnonzero(part == p)
            rows = members[idx]
            sims = np.where(allowed(tags[rows], tags[rows]), feats.among(rows), -1.0)
            local = _agglomerate(sims, thr, linkage)
            for lab in np.unique(local):
                labels[members[idx[local == lab]]] = next_label
                next_label += 1
    # relabel in order of first appearance so results do not depend on component numbering
    _, first = np.unique(labels, return_index=True)
    remap = {int(labels[i]): rank for rank, i in enumerate(sorted(first))}
    stats.clusters = len(remap)
    return np.array([remap[int(x)] for x in labels], dtype=np.int64)
