"""The built-in router: a learned model on what ships, offline and deterministic.

Each episode is read once: its blocks and structural cues (route_features) and its vector from the run's
embedder. A logistic regression trained on the labelled set in examples/routing_set/ (route_model) decides
knowledge, procedures or skip (a documentation page, long and in sections, or short with a doc generator's
marks when the model file says so (route_pages), is read by a weight set trained with real documentation as
well, on the mean vector of its opening and closing windows); one rule stays on top of it (a text of fewer
than four words with no code is skip), because it measurably helps (docs/daily.md), and a text the model reads
as steps that only tells what happened, in the past and with no steps of its own, is knowledge (route_story),
and a text with no step in it at all is the model's runner-up of knowledge and skip (route_no_steps; unless
the model reads procedures at 0.6 or more and the text is no message to a reader, routing round 22). An
episode that holds both a lesson and a separate set of steps, and that the model finds mixed, is split in two
parts. A second model tells a report of using an existing procedure ("the usual steps") from new material;
a text it does not read so that tells a use in one clause carries that clause to the planner (route_usage_clause).
English prose steps are a procedure (route_told_steps); a skip that tells a standing decision is knowledge
(route_decided), so are a standing fact (route_standing) and a failure told with a rule for next time
(route_ahead); a skip under a dated heading is read again without its date (route_heading). Where the model
is unsure, list forms decide (route_own_kind, route_list_forms) and a known fault with its stop-gap is knowledge
(route_stopgap)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from memdir.consolidation.daily.blocks import content_words, sentences
from memdir.consolidation.daily.route_ahead import lesson_told
from memdir.consolidation.daily.route_chat import CHAT_REASON, chat_in_passing
from memdir.consolidation.daily.route_fix_note import states_a_rule
from memdir.consolidation.daily.route_heading import read_dated
from memdir.consolidation.daily.route_lesson_line import LESSON_LINE_REASON, lesson_line
from memdir.consolidation.daily.route_message import is_message
from memdir.consolidation.daily.route_model import RouterModels, load_models
from memdir.consolidation.daily.route_no_steps import (
    NO_STEPS_REASON,
    SHAPED_NO_STEPS_REASON,
    has_step,
    no_step_once_shaped,
    no_step_written,
)
from memdir.consolidation.daily.route_own_kind import own_kind
from memdir.consolidation.daily.route_pages import is_short_page
from memdir.consolidation.daily.route_reading import (
    DOC_MIN_CHARS,
    DOC_MIN_HEADINGS,
    Reading,
    given_title,
    is_document,
    read_text,
    shaped,
)
from memdir.consolidation.daily.route_skip_rules import skip_rule
from memdir.consolidation.daily.route_split import split_texts
from memdir.consolidation.daily.route_standing import skip_ceiling, states_standing_fact
from memdir.consolidation.daily.route_stopgap import stopgap_kind
from memdir.consolidation.daily.route_story import STORY_REASON, is_story
from memdir.consolidation.daily.route_story_finding import story_rule
from memdir.consolidation.daily.route_told_steps import TOLD_STEPS_REASON, told_steps
from memdir.consolidation.daily.route_usage import plain_report, usage_features
from memdir.consolidation.daily.route_usage_clause import clause_use, sets_usual_aside, use_outcome
from memdir.consolidation.daily.route_usage_recap import recap_report
from memdir.consolidation.daily.route_vectors import Embed, TextVectors, routing_vectors
from memdir.notes.episodes import Episode

__all__ = [  # read_text, shaped and the rest moved to route_reading; scripts and tests read them here
    "DOC_MIN_CHARS",
    "DOC_MIN_HEADINGS",
    "KINDS",
    "MIN_WORDS",
    "PLAIN_REPORT_REASON",
    "Reading",
    "RoutedPart",
    "Router",
    "UNSURE_SKIP",
    "given_title",
    "is_document",
    "read_text",
    "shaped",
]

KINDS = ("knowledge", "procedures", "skip")
# routing round 19: a short report of work done the usual way and nothing more (route_usage.plain_report) is
# skip, whatever the model's margin (the usage path still makes it an outcome of its procedure)
PLAIN_REPORT_REASON = "reports work done the usual way: no steps of its own"
PLAIN_REPORT_SENTENCES = 3
MIN_WORDS = 4  # rule layer: fewer content words than this, and no code, is nothing reusable
SPLIT_HALF_PROBA = 0.6  # each half of a split must read as its kind with at least this probability
# routing round 22 (route_rules_audit.py): the no-steps rule yields when the model reads procedures this sure (it had
# turned five right routes wrong, two right); a message to a reader is still no procedure (docs/daily.md, round 22)
RULE_YIELDS = SPLIT_HALF_PROBA
# a skip the model gives less than this probability is shown to a person as a review item that proposes
# the note its runner-up kind would make (chosen on the dev sets: docs/daily.md, "Unsure skips")
UNSURE_SKIP = 0.55
USAGE_MIN_PROBA = 0.5  # the usage model's probability from which an episode is a usage report


@dataclass(frozen=True)
class RoutedPart:
    """One routed piece of an episode: its kind, a title and the episode's own wording."""

    kind: str  # knowledge | procedures | skip
    title: str
    text: str
    proc: float = 0.0
    know: float = 0.0
    description: str = ""  # one line; empty means "first sentence of text"
    update: str | None = None  # an existing note chosen by the engine (validated by the planner)
    embed: str | None = None  # the text whose vector stands for this part (None: its title and text)
    usage: str | None = None  # success | failure | unknown: it reports using an existing procedure
    confidence: float = 0.0  # the model's probability of `kind`
    why: str = ""  # a rule that changed the model's kind, for the run's reason (route_story)
    unsure: tuple[str, float] | None = None  # an unsure skip: the runner-up kind, its p
    # no usage report, but it tells a use of the usual way in one clause (route_usage_clause, trial 28 #3):
    # the clause and its outcome; the planner names a procedure by the clause, and plans the part as its kind
    use: tuple[str, str] | None = None


class Router:
    """Routes texts with the shipped model that fits the run's embedder."""

    def __init__(self, embed: Embed | None, embedder_name: str, dim: int, models: RouterModels | None = None):
        self.models = models or load_models()
        self.model = self.models.for_embedder(embedder_name, dim) if embed else self.models.models["cues"]
        self.embed = embed if self.model.vec_dim else None
        self.docs = self.models.for_documents(embedder_name, dim) if self.embed else None
        # routing round 5: short pages (route_pages) go to the documentation weights too, when the
        # model file says so (a file without the key routes as before)
        self.short_pages = bool(self.models.meta.get("short_pages"))
        self._vectors = TextVectors(self.embed)  # embedded text -> vector, for this router's lifetime
        self._usages: dict[str, str | None] = {}  # body -> _usage

    def read(self, items: Sequence[tuple[str, str]]) -> list[Reading]:
        """Read and score (title, text) pairs; a skip under a dated heading is read again without its date."""
        return read_dated(
            self._read, lambda r: self.model.classes[int(np.argmax(r.proba))], items
        )  # round 28

    def _read(self, items: Sequence[tuple[str, str]]) -> list[Reading]:
        """Read and score (title, text) pairs in one batch: one embedding call for all of them."""
        readings = [read_text(t, x) for t, x in items]
        if not readings:
            return readings
        pages = [self.docs is not None and self.is_page(r) for r in readings]
        vecs = self._routing_vectors(readings, pages) if self.embed else None
        cues = np.stack([r.cues for r in readings])
        probas = self.model.proba(vecs, cues, [r.body for r in readings])
        if self.docs is not None and any(pages):
            ix = np.flatnonzero(pages)
            probas[ix] = self.docs.proba(None if vecs is None else vecs[ix], cues[ix])
        for r, p in zip(readings, probas, strict=True):
            r.proba = p
        return readings

    def is_page(self, r: Reading) -> bool:
        """A text for the documentation weights: a long page in sections, or a short page by its marks."""
        return is_document(r) or (self.short_pages and is_short_page(r.body, r.meta_keys))

    def _routing_vectors(self, readings: list[Reading], pages: list[bool]) -> np.ndarray:
        """Each text's routing vector: its opening window's, averaged with a page's later windows."""
        assert self.embed is not None
        windows = [(self.docs or self.model).windows if page else self.model.windows for page in pages]
        return routing_vectors(self._vectors, readings, windows)

    def kind_of(self, r: Reading) -> str:
        """The kind the model gives, after the rule layer (a story of what happened is no procedure)."""
        return self._rules(r)[0]

    def _rule_kind(self, r: Reading) -> tuple[str, str]:  # the kind and the run's reason (tests read it)
        return self._rules(r)[0::2]

    def rule_of(self, r: Reading) -> tuple[str, str]:
        """The routed kind and the name of the rule that decided it ('' when the model's argmax stands):
        short, decision, decided, fix_note, reference, standing, own_kind, fact_lines, keyed_table, day_list,
        checklist, fragments, fact_table, stopgap, story, told_steps, plain_report, no_steps (route_rules_audit)."""
        kind, rule, _ = self._rules(r)
        return kind, rule

    def _rules(self, r: Reading) -> tuple[str, str, str]:
        """The kind after every rule, the rule's name and the run's reason (the last two empty when none)."""
        kind, rule = self._model_rule(r)
        told = None if rule else story_rule(kind, self._unsure_skip(r), r.body, r.blocks)
        if told is not None:  # a story read as knowledge, or an unsure skip that names a finding (round 24)
            return "knowledge", told, STORY_REASON
        if kind == "knowledge" and not rule and chat_in_passing(r.body, r.blocks):
            return "skip", "chat", CHAT_REASON  # a chat told in passing (trial 29 re-check #12)
        if kind == "knowledge" and not rule and told_steps(r.title, r.body, r.blocks):
            return "procedures", "told_steps", TOLD_STEPS_REASON  # steps told in prose (routing round 26)
        if kind != "procedures":
            return kind, rule, ""
        if is_story(r.body, r.blocks):
            return "knowledge", "story", STORY_REASON
        if len(sentences(r.body)) <= PLAIN_REPORT_SENTENCES and plain_report(r.body, r.blocks):
            return "skip", "plain_report", PLAIN_REPORT_REASON  # done the usual way and nothing more
        if self._no_steps_acts(r) and not has_step(r.body, r.blocks, r.title):
            return self._runner_up(r), "no_steps", NO_STEPS_REASON
        return kind, rule, ""  # the model's procedures, or a checklist (route_own_kind)

    def _unsure_skip(self, r: Reading) -> bool:
        """The model reads skip with less than UNSURE_SKIP probability (a skip a review item asks about)."""
        return float(r.proba[self.model.classes.index("skip")]) < UNSURE_SKIP

    def _no_steps_acts(self, r: Reading) -> bool:
        """Whether the no-steps rule may overrule the model (routing round 22): when the model reads its route
        with less than RULE_YIELDS probability, or the text is a message to a reader about one case (a letter,
        an e-mail, a handover: route_message), whose requests are errands, however sure the model is."""
        return float(np.max(r.proba)) < RULE_YIELDS or is_message(r.title, r.body)

    def _runner_up(self, r: Reading) -> str:
        """knowledge or skip, whichever the model finds likelier (a text that is no procedure); a rule stated
        for the future ("From now on …", 「今後は…」, trial 21 #2) or a standing fact (round 29) is knowledge."""
        ki, si = self.model.classes.index("knowledge"), self.model.classes.index("skip")
        fact = states_a_rule(r.body) or states_standing_fact(r.body)
        return "knowledge" if r.proba[ki] >= r.proba[si] or fact else "skip"

    def _model_rule(self, r: Reading) -> tuple[str, str]:
        """The model's kind after the rules on short texts and stated decisions, and the rule that decided it."""
        if content_words(r.blocks) < MIN_WORDS and not any(b.kind == "code" for b in r.blocks):
            return "skip", "short"
        kind = self.model.classes[int(np.argmax(r.proba))]
        if lesson_told(kind, float(np.max(r.proba)) >= RULE_YIELDS, r.body):  # failure, rule ahead (round 28)
            return "knowledge", "lesson_ahead"
        # route_skip_rules: a decision, a fix, a fact; never in a chat told in passing (trial 29 re-check #12)
        rule = skip_rule(r.body) if kind == "skip" and not chat_in_passing(r.body, r.blocks) else ""
        if rule:
            return "knowledge", rule
        kind, rule = own_kind(kind, float(np.max(r.proba)), r.body, r.title)  # what it says it is (round 32)
        return (kind, rule) if rule else stopgap_kind(kind, float(np.max(r.proba)), r.body)  # round 33

    def classify(self, title: str, text: str) -> str:
        """knowledge, procedures or skip for a whole text (the routing benchmark's unit)."""
        return self.kind_of(self.read([(title, text)])[0])

    def route(self, episodes: Sequence[Episode]) -> list[tuple[Episode, list[RoutedPart]]]:
        """Route every episode: one part, or a knowledge and a procedures part when it mixes both."""
        readings = self.read([(ep.title, ep.text) for ep in episodes])
        self._embed_halves(readings)
        return [(ep, self._parts(ep, r)) for ep, r in zip(episodes, readings, strict=True)]

    def _embed_halves(self, readings: list[Reading]) -> None:
        """Embed the halves of every episode `_split` will read, in one call instead of one per episode."""
        if self.embed is None:
            return
        texts: list[str] = []
        for r in readings:
            kind = self.kind_of(r)
            if kind == "skip" or self._usage(r) is not None:
                continue
            found = split_texts(kind, r, self.model.classes)
            if found:
                texts += [read_text(r.title, found[0][k]).embed for k in ("knowledge", "procedures")]
        if texts:
            self._vectors(texts)

    def _parts(self, ep: Episode, r: Reading) -> list[RoutedPart]:
        parts = self._kind_parts(ep, r)
        use = clause_use(r.body) if parts[0].usage is None else None
        return [replace(parts[0], use=use), *parts[1:]] if use else parts

    def _kind_parts(self, ep: Episode, r: Reading) -> list[RoutedPart]:
        kind, _, why = self._rules(r)
        conf = float(r.proba[self.model.classes.index(kind)])
        usage = self._usage(r)
        if kind == "skip" and usage is None:
            return [self._skip_part(ep, r, conf, why)]
        split = self._split(kind, r) if usage is None else None
        if split:
            return split
        note_kind = kind if kind != "skip" else "procedures"
        s = shaped(note_kind, r, r.body)
        if kind == "procedures" and usage is None and lesson_line(r.body, r.blocks, s.text, r.title):
            kind, why = "knowledge", LESSON_LINE_REASON  # a lesson told in a line (trial 29 re-check N3)
            s = shaped(kind, r, r.body)
        elif (
            kind == "procedures" and usage is None and no_step_once_shaped(r.body, s.text, r.title)
        ):  # no step: knowledge or skip
            kind, why = self._runner_up(r), SHAPED_NO_STEPS_REASON
            if kind == "skip":
                return [self._skip_part(ep, r, conf, why)]
            s = shaped(kind, r, r.body)
        return [
            RoutedPart(
                kind,
                s.title,
                s.text,
                description=s.description,
                embed=r.embed,
                usage=usage,
                confidence=conf,
                why=why,
            )
        ]

    def _skip_part(self, ep: Episode, r: Reading, conf: float, why: str = "") -> RoutedPart:
        """A skip; one the model is unsure of carries the note its runner-up kind would make (for review).
        A skip the no-steps rule made proposes knowledge: a text with no step is no procedure."""
        ceiling = skip_ceiling(r.body, UNSURE_SKIP)  # a fact: asked more often (route_standing)
        if conf >= ceiling or content_words(r.blocks) < MIN_WORDS:
            return RoutedPart("skip", ep.title, r.body, confidence=conf, why=why)
        kinds = ("knowledge",) if why or ceiling > UNSURE_SKIP else ("knowledge", "procedures")
        p = {k: float(r.proba[self.model.classes.index(k)]) for k in kinds}
        other = max(p, key=lambda k: p[k])
        s = shaped(other, r, r.body)
        if other == "procedures" and no_step_written(r.body, r.blocks, s.text, r.title):
            # an unsure skip is the model unsure, where the no-steps rule acts (round 22): a text with no step is
            # proposed as knowledge, never as a procedure with no step (trial 29 #6)
            other = "knowledge"
            p[other] = float(r.proba[self.model.classes.index(other)])
            s = shaped(other, r, r.body)
        return RoutedPart(
            "skip",
            s.title,
            s.text,
            description=s.description,
            confidence=conf,
            why=why,
            unsure=(other, p[other]),
        )

    def _usage(self, r: Reading) -> str | None:
        """success / failure / unknown when the text reports using an existing procedure, else None."""
        if r.body not in self._usages:  # asked before the halves are embedded, then by _parts
            self._usages[r.body] = self._read_usage(r)
        return self._usages[r.body]

    def _read_usage(self, r: Reading) -> str | None:
        if self.kind_of(r) != "knowledge" and recap_report(r.body, r.blocks):  # "same as before: a, b"
            return use_outcome(r.body)
        p = self.models.usage.proba(None, usage_features(r.body, r.blocks))[0]
        mk = self._model_rule(r)[0]
        if p[self.models.usage.classes.index("usage")] < USAGE_MIN_PROBA and not (
            # a report the model is unsure of is still no procedure of its own sentences (trial 12); one the
            # router reads as skip and is unsure of is such a report too, not a review item (routing round 24)
            (mk == "procedures" or (mk == "skip" and self._unsure_skip(r))) and plain_report(r.body, r.blocks)
        ):
            return None
        if sets_usual_aside(r.body):  # "instead of the usual procedure", 「いつもの手順ではなく」 (trial 28)
            return None
        # told from the use on: what a story says before it is context, not the outcome (trial 28)
        return use_outcome(r.body)

    def _split(self, kind: str, r: Reading) -> list[RoutedPart] | None:
        """A knowledge part and a procedures part, when each has blocks of its own (else None)."""
        found = split_texts(kind, r, self.model.classes)
        if found is None:
            return None
        texts, pw, kw = found
        halves = self.read([(r.title, texts["knowledge"]), (r.title, texts["procedures"])])
        ki, pi = self.model.classes.index("knowledge"), self.model.classes.index("procedures")
        if halves[0].proba[ki] < SPLIT_HALF_PROBA or halves[1].proba[pi] < SPLIT_HALF_PROBA:
            return None  # the model does not read the two halves as a lesson and a set of steps
        parts = []
        for (k, text), half in zip(texts.items(), halves, strict=True):
            s = shaped(k, r, text)
            parts.append(
                RoutedPart(
                    k, s.title, s.text, pw if k == "procedures" else 0.0, kw, s.description, embed=half.embed
                )
            )
        return parts
