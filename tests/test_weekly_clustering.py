"""Blocked clustering equals clustering the full matrix; calibration arithmetic."""

from __future__ import annotations

import numpy as np
from sklearn.cluster import AgglomerativeClustering

from memdir.consolidation.weekly.clustering import ClusterStats, cluster_tasks
from memdir.consolidation.weekly.features import TaskFeatures
from memdir.consolidation.weekly.similarity import Calibrator, centred_threshold, to_calibrated


def _features(n: int, seed: int) -> TaskFeatures:
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(8, 32))
    kind = rng.integers(0, 8, n)
    vecs = centres[kind] + 0.5 * rng.normal(size=(n, 32))
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    words = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta", "iota", "kappa"]
    texts = [f"task{k} " + " ".join(rng.choice(words, 3)) for k in kind]
    tools = [[f"tool{k % 4}"] for k in kind]
    return TaskFeatures(vecs.astype(np.float32), texts, tools)


def _partition(labels: np.ndarray) -> set[frozenset[int]]:
    return {frozenset(np.flatnonzero(labels == lab).tolist()) for lab in np.unique(labels)}


def test_blocking_loses_nothing_against_the_full_matrix() -> None:
    for seed in range(3):
        feats = _features(150, seed)
        thr = 0.35
        stats = ClusterStats()
        blocked = cluster_tasks(feats, thr, stats=stats)
        full = 1.0 - feats.among(np.arange(feats.n)).astype(np.float64)
        np.fill_diagonal(full, 0.0)
        full = np.clip((full + full.T) / 2, 0.0, None)
        ref = AgglomerativeClustering(
            n_clusters=None, metric="precomputed", linkage="complete", distance_threshold=1.0 - thr + 1e-6
        ).fit_predict(full)
        assert _partition(blocked) == _partition(ref)
        assert stats.components > 1  # the blocking did split the problem


def test_oversized_components_are_split_and_every_task_gets_a_cluster() -> None:
    feats = _features(120, 7)
    stats = ClusterStats()
    labels = cluster_tasks(feats, -1.0, max_block=40, stats=stats)  # everything connected
    assert stats.split_components == 1 and stats.notes
    assert len(labels) == 120 and labels.min() == 0 and set(labels) == set(range(labels.max() + 1))


def test_calibration_maps_the_design_threshold_and_keeps_identity() -> None:
    assert to_calibrated(1.0) == 1.0
    assert abs(to_calibrated(centred_threshold(0.80)) - 0.80) < 1e-9
    assert to_calibrated(0.0) < 0.80
    bg = np.array([[1.0, 0.0, 0.0], [0.8, 0.6, 0.0], [0.8, 0.0, 0.6]], dtype=np.float32)
    cal = Calibrator.fit(bg)
    out = cal.transform(np.array([[0.8, 0.6, 0.0], [0.8, 0.0, 0.6]], dtype=np.float32))
    assert np.allclose(np.linalg.norm(out, axis=1), 1.0)
    raw = 0.8 * 0.8  # the two rows share their first component: raw cosine 0.64
    assert float(out[0] @ out[1]) < raw  # centring removes what every vector shares


def test_the_same_commands_join_tasks_whose_intents_read_differently_and_a_shared_frame_does_not() -> None:
    from memdir.consolidation.weekly.features import work_tokens

    def rotate(svc: str) -> list[tuple[str, str]]:
        return [
            ("cli:vault", f"vault write -f auth/approle/role/{svc}/secret-id"),
            ("cli:kubectl", f"kubectl -n prod rollout restart deployment/{svc}"),
            ("cli:kubectl", f"kubectl -n prod rollout status deployment/{svc} --timeout=180s"),
            ("cli:curl", f"curl -fsS https://{svc}.internal.acme.io/healthz"),
        ]

    def chore(path: str, expr: str, msg: str) -> list[tuple[str, str]]:
        return [
            ("cli:git", "git pull --rebase"),
            ("cli:sed", f"sed -i '{expr}' {path}"),
            ("cli:git", f"git commit -am '{msg}'"),
            ("cli:git", "git push"),
        ]

    work = [
        rotate("payments"),
        rotate("billing"),
        rotate("search"),
        chore("docs/onboarding.md", "s/teh/the/", "Fix the typo in the onboarding guide"),
        chore("LICENSE", "s/2025/2026/", "Bump the copyright year"),
        chore("config/app.yaml", "s/debug/info/", "Set the default log level to info"),
        [("cli:git", "git pull --rebase")],  # one call: compared by its intent only
    ]
    n = len(work)
    vecs = np.eye(n, dtype=np.float32)  # intents unrelated in meaning
    feats = TaskFeatures(
        vecs,
        [f"intent {i}" for i in range(n)],
        [[a for a, _ in w] for w in work],
        [work_tokens(w) for w in work],
    )
    sims = feats.among(np.arange(n))
    thr = centred_threshold(0.80)
    assert sims[0, 1] >= thr and sims[0, 2] >= thr and sims[1, 2] >= thr
    assert sims[3, 4] < thr and sims[3, 5] < thr and sims[4, 5] < thr
    assert sims[3, 6] < thr and sims[0, 3] < thr
    assert np.allclose(feats.block(0, n), sims, atol=1e-5)
    assert work_tokens([("git", "git pull")]) == []
