"""Task features for clustering: intent meaning, intent wording, and tools, on one calibrated scale.

Centred similarity of two tasks (each part is a cosine of unit vectors):

    s = EMBED_WEIGHT   * meaning (centred e5 cosine of the abstracted intents)
      + WORDING_WEIGHT * wording (TF-IDF word 1-2 grams of the texts given: the weekly run passes
                                  skeletons, slot values masked, see `memdir.consolidation.weekly.lexicon`)
      + TOOL_WEIGHT    * tools   (IDF-weighted bag of tool names)
      - TOOL_PENALTY   * (1 - tools)

Instances of one task type share the template's exact words once their objects are
abstracted, which the wording part rewards; the meaning part carries paraphrases; tools
separate tasks whose intents read alike but whose work differs ("put a clean mug in
shelf" used a `clean` tool, "put a mug in shelf" did not). Tools that every task used
weigh nothing. `memdir.consolidation.weekly.similarity.to_calibrated(s)` puts it on the calibrated scale where
the design's 0.80 means "the same kind of task" (weights chosen in docs/weekly.md).

Similarities are computed in row blocks (`block`) or for a small set of rows (`among`),
never as one dense all-pairs matrix.
"""

from __future__ import annotations

import math
import re
import zlib
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from memdir.consolidation.weekly.naming import FUNCTION_WORDS
from memdir.consolidation.weekly.same_values import SAME_VALUES

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix

EMBED_WEIGHT = 0.4
WORDING_WEIGHT = 0.4
TOOL_WEIGHT = 0.2
TOOL_PENALTY = 0.25
TOOL_DIM = 512
# "the same work": intents not unrelated, and the same commands (see `work_tokens`)
WORK_MEANING_WEIGHT = 0.2
WORK_WEIGHT = 0.8
MIN_WORK_STEPS = 2
HAPAX_WEIGHT = 0.7  # set on the desk week and the chores test (tests/test_weekly_clustering.py)
# a tool (action) fewer tasks of the week used than a kind needs (the design's min_successes) is one
# task's exploration (`scroll down`), not what tells a kind: it weighs nothing among the tools
MIN_TOOL_TASKS = 3
OTHER_TOOLS = 0.5  # tools alike by less than this: the same work may have gone through different tools
_WORK_WORD = re.compile(r"[^\W_]+", re.U)
_SKELETON_WORD = re.compile(r"\{\w+\}|[^\W\d_][^\W_]*", re.U)
_COMMON = 0  # the dimension used by tasks whose tools are all common (or absent)


def tool_tokens(tools: Sequence[str]) -> list[str]:
    """Distinct tool names, lower-cased (how often a tool was used is noise: exploration varies)."""
    return list(dict.fromkeys(t.strip().lower() for t in tools if t.strip()))


def _slot(token: str) -> int:
    return 1 + zlib.crc32(token.encode("utf-8")) % (TOOL_DIM - 1)


def tool_vectors(
    token_lists: Sequence[Sequence[str]], counts: Sequence[int] | None = None, min_tasks: int = 1
) -> np.ndarray:
    """(n, TOOL_DIM) unit vectors: hashed tool tokens weighted by smoothed IDF over the given tasks.

    `counts[i]` says how many tasks row i stands for (default 1 each) when computing the IDF; a
    tool fewer than `min_tasks` tasks used weighs nothing.
    """
    counts = counts if counts is not None else [1] * len(token_lists)
    n = sum(counts)
    df: Counter[str] = Counter()
    for toks, c in zip(token_lists, counts, strict=True):
        for tok in set(toks):
            df[tok] += c
    out = np.zeros((len(token_lists), TOOL_DIM), dtype=np.float32)
    for i, toks in enumerate(token_lists):
        for tok in set(toks):
            w = math.log((n + 1) / (df[tok] + 1))
            if w > 0 and df[tok] >= min_tasks:
                out[i, _slot(tok)] += w
        norm = float(np.linalg.norm(out[i]))
        if norm == 0:
            out[i, _COMMON] = 1.0
        else:
            out[i] /= norm
    return out


def work_tokens(steps: Sequence[tuple[str, str]]) -> list[str]:
    """What a task's tool calls did, as distinct tokens: each action, and each word of its input.

    `steps` are (action, input) pairs. A word holding a digit (a version, an id, a date) is `#`:
    it names an instance, not the work. Fewer than `MIN_WORK_STEPS` calls that say more than
    their command and numbers give no tokens: `goto <site>`, `click [812]` says nothing about
    which task it was (web agents' tasks are compared by their intents).
    Tasks of one kind share most words of their commands, a value of their own (a service)
    being one word; one-off tasks of one shape (`git pull`, `sed -i …`, `git commit -am …`)
    share the frame but not what they edited and said.
    """
    out: set[str] = set()
    telling = 0
    for action, text in steps:
        act = action.lower()
        out.add(act)
        names = set(act.split(":"))
        words = ["#" if any(c.isdigit() for c in w) else w for w in _WORK_WORD.findall(text.lower()[:300])]
        out.update(f"{act} {w}" for w in words)
        telling += any(w != "#" and w not in names for w in words)
    return sorted(out) if telling >= MIN_WORK_STEPS else []


def work_vectors(token_lists: Sequence[Sequence[str]]) -> csr_matrix:
    """Sparse unit rows: work tokens weighted by IDF over the given tasks; no steps, an empty row."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    vec = TfidfVectorizer(analyzer=lambda toks: list(toks), binary=True, norm=None, dtype=np.float32)
    try:
        raw = vec.fit_transform(list(token_lists)).tocsr()
    except ValueError:  # no task with steps
        from scipy.sparse import csr_matrix

        return csr_matrix((len(token_lists), 1), dtype=np.float32)
    # a token every task has (a web agent's sign-in, `goto <site>`) would still weigh 1 under
    # scikit-learn's IDF (ln((1+n)/(1+df)) + 1), and a long shared prefix would outweigh the few
    # steps where kinds differ; it weighs nothing, as tools every task used do
    # ... and a word only one task wrote (its own user, file, message) counts, but less
    df = np.asarray((raw > 0).sum(axis=0)).ravel()
    scale = np.where(df >= raw.shape[0], 0.0, np.where(df < 2, HAPAX_WEIGHT, 1.0)).astype(np.float32)
    weighted = raw.multiply(scale[None, :]).tocsr()
    weighted.eliminate_zeros()
    from sklearn.preprocessing import normalize

    out: csr_matrix = normalize(weighted, norm="l2").astype(np.float32).tocsr()
    return out


def has_content(text: str) -> bool:
    """Whether a skeleton says anything of its own: a word that is no slot (`{w}`) and no function word.

    `{w} the {w}` (a chatty request whose words are all one person's) and `{w}` (a Japanese sentence,
    one rare token) say nothing: two such skeletons are alike without being evidence of one kind.
    """
    return any(
        not w.startswith("{") and w not in FUNCTION_WORDS for w in _SKELETON_WORD.findall(text.lower())
    )


def wording_vectors(texts: Sequence[str]) -> csr_matrix:
    """Sparse unit rows: TF-IDF of word 1-2 grams (placeholders are words), fitted on these texts."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    vec = TfidfVectorizer(
        ngram_range=(1, 2), token_pattern=r"\{\w+\}|\w+", sublinear_tf=True, dtype=np.float32
    )
    try:
        return vec.fit_transform(list(texts)).tocsr()
    except ValueError:  # no words at all
        from scipy.sparse import csr_matrix

        return csr_matrix((len(texts), 1), dtype=np.float32)


class TaskFeatures:
    """Centred intent vectors, wording vectors and tool vectors of n tasks; similarities on demand."""

    def __init__(
        self,
        intent: np.ndarray,
        texts: Sequence[str],
        tools: Sequence[Sequence[str]],
        work: Sequence[Sequence[str]] | None = None,
        weights: tuple[float, float, float, float] = (
            EMBED_WEIGHT,
            WORDING_WEIGHT,
            TOOL_WEIGHT,
            TOOL_PENALTY,
        ),
        counts: Sequence[int] | None = None,
        values: csr_matrix | None = None,
        asked: Sequence[bool] | None = None,
    ) -> None:
        self.intent = np.asarray(intent, dtype=np.float32)
        self.wording = wording_vectors(texts)
        # `counts[i]`: the tasks row i stands for (one row per distinct request): a tool four runs of
        # one request used is not one task's exploration
        self.tools = tool_vectors([tool_tokens(t) for t in tools], counts, min_tasks=MIN_TOOL_TASKS)
        self.content = np.asarray([has_content(t) for t in texts])
        self.weights = weights
        self.n = len(self.intent)
        self.work = work_vectors(work if work is not None else [[] for _ in range(self.n)])
        self.has_work = np.asarray(self.work.getnnz(axis=1) > 0)
        if values is None:
            from scipy.sparse import csr_matrix

            values = csr_matrix((self.n, 1), dtype=np.float32)
        self.values = values
        # whether each row's text is a request (`Task.asked`): a task without one joins a task with one
        # only by its calls
        self.asked = np.asarray(asked if asked is not None else [True] * self.n, dtype=bool)

    def _combine(
        self,
        emb: np.ndarray,
        lex: Any,
        tool: np.ndarray,
        work: Any,
        both: np.ndarray,
        said: np.ndarray,
        vals: Any = 0.0,
        unasked: np.ndarray | None = None,
    ) -> np.ndarray:
        """Read alike (meaning, wording, tools), or did the same work with related intents: the higher.

        Loggers that phrase one kind of task a new way each time ("Bump zod to 3.23.8", "dependency
        update: date-fns@4.1.0") still run the same commands; tasks without steps (or with one)
        are compared by their intents only. `unasked`: pairs where one task has a request and the other
        none (its text is its reply, its thought or its first call, `Task.asked`): they are alike only by
        the same work, never by how those texts read (trial 25: a task of two `shell` calls and an end
        was the third "success" of two glossary updates); without calls to compare, not at all.
        """
        lex = lex.toarray() if hasattr(lex, "toarray") else np.asarray(lex)
        work = work.toarray() if hasattr(work, "toarray") else np.asarray(work)
        we, ww, wt, p = self.weights
        # skeletons that say nothing of their own (`said` false for either) are no evidence: meaning
        # speaks for the intents, unless both tasks' commands can be compared (checked by `agreement.py`)
        lex = np.where(said | both, lex, emb)
        read: np.ndarray = we * emb + ww * lex + wt * tool - p * (1.0 - tool)
        did = WORK_MEANING_WEIGHT * emb + WORK_WEIGHT * work - p * (1.0 - tool)
        # the same values through different tools (`same_values.py`): the tools say nothing against it;
        # tasks of one tool are left as they were (raised, they would take a member from its kind first)
        vals = vals.toarray() if hasattr(vals, "toarray") else np.asarray(vals)
        same = WORK_MEANING_WEIGHT * emb + WORK_WEIGHT * vals
        did = np.where((vals >= SAME_VALUES) & (tool < OTHER_TOOLS), np.maximum(did, same), did)
        out: np.ndarray = np.where(both, np.maximum(read, did), read).astype(np.float32)
        if unasked is not None:
            out = np.where(unasked, np.where(both, did, -1.0), out).astype(np.float32)
        return out

    def block(self, start: int, end: int) -> np.ndarray:
        """Centred similarities of rows start..end against all rows: (end - start, n)."""
        return self._combine(
            self.intent[start:end] @ self.intent.T,
            self.wording[start:end] @ self.wording.T,
            self.tools[start:end] @ self.tools.T,
            self.work[start:end] @ self.work.T,
            np.outer(self.has_work[start:end], self.has_work),
            np.outer(self.content[start:end], self.content),
            self.values[start:end] @ self.values.T,
            np.not_equal.outer(self.asked[start:end], self.asked),
        )

    def among(self, rows: np.ndarray) -> np.ndarray:
        """Centred similarities among the given rows: (len(rows), len(rows))."""
        e, w, t, k = self.intent[rows], self.wording[rows], self.tools[rows], self.work[rows]
        h, c, v, a = self.has_work[rows], self.content[rows], self.values[rows], self.asked[rows]
        return self._combine(
            e @ e.T,
            w @ w.T,
            t @ t.T,
            k @ k.T,
            np.outer(h, h),
            np.outer(c, c),
            v @ v.T,
            np.not_equal.outer(a, a),
        )

    def split_vectors(self, rows: np.ndarray) -> np.ndarray:
        """Dense vectors of the rows for k-means splitting of an oversized block (intent and tools)."""
        return np.hstack([self.intent[rows], self.tools[rows]])
