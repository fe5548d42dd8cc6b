"""Cues of an act told as a routine, against a fact told as description (routing round 21).

English procedures are often told without a list, in the habitual present and the passive: "The bag is
weighed and the weight written on the field form", "We count out 50 seeds", "Once dry, the clay is sanded".
The older cues count passive voice and the present tense as description (`route_cues.DESCRIPTIVE`). These
cues look at the verb: a clause is an *act* when its passive participle, or the present verb of a person
("we", "you", "I", "staff", "the team", "the crew"), is a verb a person performs, known by its stem
(PyStemmer, the snowball English stemmer) against the verbs of instructions (`IMPERATIVE_VERBS`) and a few
more verbs of handwork, with the irregular participles (swept, laid, hung, written, ...). Knowledge passives
(is caused, defined, supported, known, required, allowed, made of ...), "is/are" with an adjective, and
passives done by a machine ("automatically", "is heated by the element"), passives of what can or will
happen ("can't be updated"), passives of kind ("is treated as empty") and questions do not count.

Four shares of an English text's clauses (zeros for Japanese text, as `route_form`): clauses with an act,
clauses whose doer is a person in the present, clauses led by a time or condition clause and followed by an
act ("Once dry, ...", "If X, the Y is Z-ed"), and the longest chain of act clauses in a row (over five).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_cues import IMPERATIVE_VERBS
from memdir.index.stemmer import snowball

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")

# instruction verbs whose passive reads as description ("is defined as", "is called", "is used for")
_NOT_ACTS = frozenset(
    "define follow make call find use link connect set list point type go log request change".split()  # noqa: SIM905
)
_MORE_ACTS = frozenset(
    """
    walk sweep lay hang keep cut leave bring count sow thin pick label tape sort fold bag wrap seal lock unlock
    unload rig focus assemble level sand coat carve water feed mop empty refill stack tie trim sharpen test
    inspect score phone email notify book rebook collect deliver return hand place lift lower rotate turn
    photograph record note stamp file tick sweep brush scrub polish oil grease chalk mark cover uncover
    sieve sift knead bake stir chop slice peel boil simmer fry grill steam chill store shelve pot prune dig
    plant harvest cure hose rake fence clip shear milk muck bed groom tack saddle sew stitch hem iron press
    glue nail screw bolt drill sew weld solder tighten loosen fit fix repair sharpen strip paint prime fill
    brief debrief escort greet seat serve plate garnish portion dispense count restock order invoice bill
    """.split()  # noqa: SIM905 - a word list reads better as text
)
_IRREGULAR = dict(
    pair.split(":")
    for pair in """
    swept:sweep laid:lay hung:hang written:write kept:keep cut:cut put:put left:leave taken:take sent:send
    brought:bring shut:shut run:run done:do held:hold fed:feed thrown:throw drawn:draw sewn:sew sown:sow
    frozen:freeze spun:spin dug:dig ground:grind wound:wind bound:bind split:split spread:spread rung:ring
    struck:strike torn:tear hidden:hide read:read shaken:shake woven:weave rewritten:rewrite redone:redo
    rerun:rerun reset:reset
    """.split()  # noqa: SIM905 - a word list reads better as text
)
_ACTS = frozenset(snowball(w) for w in (IMPERATIVE_VERBS | _MORE_ACTS) - _NOT_ACTS) | frozenset(
    "do hang lay leave bring keep send write run shut put cut take hold".split()  # noqa: SIM905
)
# participles of knowledge ("is caused by", "is made of"), never acts even when the stem is one
_KNOW_PARTICIPLES = frozenset(
    """
    caused defined supported known required allowed based called named found made used linked connected
    designed intended expected considered located limited needed determined affected related associated
    composed covered included contained owned managed shared built given shown meant supposed said thought
    believed set listed followed measured priced rated sized powered driven controlled triggered handled
    """.split()  # noqa: SIM905 - a word list reads better as text
)
_PASSIVE = re.compile(
    r"\b(?:is|are|be|been|being|gets?|get)\s+(?:(?:\w+ly|then|not|never|also|always|first|only|all|each|"
    r"again|just|still|now)\s+){0,2}([a-z]+)\b",
    re.I,
)
# a second participle in the same clause: "is weighed and the weight written on the form"
_CHAINED = re.compile(
    r"\b(?:and|then|,)\s+(?:(?:the|its|their|a|an)\s+)?(?:\w+\s+){0,2}?(\w+(?:ed|en)|"
    + "|".join(sorted(_IRREGULAR))
    + r")\s+(?:on|in|into|onto|to|out|off|up|down|with|by|at)\b"
)
_DOER = re.compile(
    r"\b(?:we|you|i|staff|volunteers|the (?:team|crew|staff|volunteers|clerk|nurse|keeper|porter|"
    r"warden|tech|technician|operator|duty \w+))\s+(?:(?:\w+ly|then|always|never|also|first|all|each|"
    r"now|just|only|still|then)\s+){0,2}([a-z]+)\b",
    re.I,
)
_MACHINE = re.compile(
    r"\bautomatically\b|\bitself\b|\b(?:is|are)\s+\w+\s+by\s+(?:the|a|an|its|each|every)\s+(?!hand\b)\w+",
    re.I,
)
_WHEN = re.compile(
    r"^(?:once|when|whenever|after|before|if|until|as soon as|as each|each (?:morning|day|evening|night|"
    r"week|time|shift)|every (?:morning|day|evening|night|week|month|time|shift|\w+day)|at the (?:start|end) "
    r"of|on (?:arrival|return)|(?:first )?thing in the morning|at (?:close|opening|closing))\b[^,;]{0,80}[,;]\s*(.+)$",
    re.I,
)
# a passive of what can or will happen ("can't be updated remotely") and one of kind ("is treated as empty")
_CAN_BE = re.compile(
    r"\b(?:can|can't|cannot|could|couldn't|may|might|will|won't|would)\s+(?:not\s+)?be\s*$", re.I
)
_AS = re.compile(r"\s+as\b", re.I)
_CLAUSE = re.compile(r"(?<=[.!?;])\s+|\n+")
_WORD = re.compile(r"[a-z]+", re.I)
# an instruction's lead verb; a verb outside IMPERATIVE_VERBS only before its object ("Thin the seedlings")
_LEAD = re.compile(
    r"([a-z]+)\b(?:(?=\s+(?:the|a|an|them|it|each|every|all|your|out|up|off|in|\d))|(?!\s+[a-z]))", re.I
)

NAMES: tuple[str, ...] = (
    "routine_act_share",
    "routine_doer_share",
    "routine_when_act_share",
    "routine_act_chain",
)


def _is_act(word: str, participle: bool) -> bool:
    w = word.lower()
    if participle and w in _KNOW_PARTICIPLES:
        return False
    if participle and not (w.endswith(("ed", "en")) or w in _IRREGULAR):
        return False
    base = _IRREGULAR.get(w) or w
    return snowball(base) in _ACTS


def is_act_word(word: str) -> bool:
    """Whether a word is a verb of work as written in an instruction ("Order", "Sweep", "Restock")."""
    return _is_act(word, False)


def _doer_act(clause: str) -> bool:
    for m in _DOER.finditer(clause):
        w = m.group(1).lower()
        if w.endswith("ed") or w in _IRREGULAR and w not in ("cut", "put", "run", "set", "shut", "read"):
            continue  # told in the past: one occasion, not a routine
        if _is_act(w, participle=False):
            return True
    return False


def _passive_act(clause: str) -> bool:
    if _MACHINE.search(clause):
        return False
    hits = [m for m in _PASSIVE.finditer(clause) if not _CAN_BE.search(clause[: m.start() + 3])]
    words = [m.group(1) for m in hits if not _AS.match(clause, m.end())]
    words += [m.group(1) for m in _CHAINED.finditer(clause)]
    return any(_is_act(w, participle=True) for w in words)


def _act(clause: str) -> bool:
    if clause.rstrip().endswith("?"):
        return False  # a question asks; it does not tell an act
    if _passive_act(clause) or _doer_act(clause):
        return True
    first = _LEAD.match(clause.strip())
    if not first:
        return False
    w = first.group(1).lower()
    return w in IMPERATIVE_VERBS or snowball(w) in _ACTS and w not in _NOT_ACTS


def routine_features(body: str) -> list[float]:
    """The four shares of NAMES for an episode's body (zeros for a Japanese text)."""
    if len(_CJK.findall(body)) >= 0.2 * max(1, len(body.strip())):
        return [0.0] * len(NAMES)
    clauses = [c.strip(" -*>#\t") for c in _CLAUSE.split(body) if len(_WORD.findall(c)) >= 3]
    if not clauses:
        return [0.0] * len(NAMES)
    acts = [_act(c) for c in clauses]
    when = []
    for c in clauses:
        m = _WHEN.match(c)
        when.append(bool(m) and _act(m.group(1)))  # type: ignore[union-attr]
    run = best = 0
    for a in acts:
        run = run + 1 if a else 0
        best = max(best, run)
    n = len(clauses)
    return [
        sum(acts) / n,
        sum(_doer_act(c) for c in clauses) / n,
        sum(when) / n,
        min(1.0, best / 5),
    ]
