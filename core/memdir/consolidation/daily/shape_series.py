"""Prose how-to sentences read as steps: a series of commands in one sentence, a command after a short lead.

"Log into the Fastly UI, pick the www service, go to Purge > Purge URL, paste the full URL and hit Purge."
is four steps a person would number; "For many URLs use the API instead: …" is a step that opens with when it
applies. Only `shape` reads these (routing never does).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import sentences
from memdir.consolidation.daily.route_cues import IMPERATIVE_VERBS
from memdir.consolidation.daily.shape_case import cap_first
from memdir.consolidation.daily.shape_items import unlabel as _unlabel
from memdir.consolidation.daily.shape_preamble import PREAMBLE, split_preamble
from memdir.consolidation.daily.shape_text import is_meta, is_step
from memdir.notes.current_steps import language

# verbs of a UI or a desk that the routing cue list does not hold
_MORE = frozenset(
    [
        "pick",
        "hit",
        "tap",
        "grab",
        "toggle",
        "tick",
        "untick",
        "fill",
        "type",
        "choose",
        "paste",
        "head",
        "share",
    ]
)
_VERBS = "|".join(sorted(IMPERATIVE_VERBS | _MORE, key=len, reverse=True))
_CLAUSE = re.compile(rf",\s+(?:and\s+|then\s+|and then\s+)?(?=(?:{_VERBS})\b)", re.I)
_NOT_SUBJECT = r"(?<!\bwe\s)(?<!\bi\s)(?<!\byou\s)(?<!\bthey\s)(?<!\bit\s)"
# a verb's word after an article or a possessive, or before "is", is a noun ("For the record the supplier
# portal login is …": neither `record` nor `login` is a command; trial 29 #6)
_NOT_NOUN = r"(?<!\bthe\s)(?<!\ba\s)(?<!\ban\s)(?<!\bthis\s)(?<!\bthat\s)(?<!\bmy\s)(?<!\bour\s)(?<!\byour\s)(?<!\bits\s)(?<!\btheir\s)"
_NO_VERB_AFTER = r"(?!\s+(?:is|are|was|were|has|have|had|will|would|can|could|should|must|may)\b)"
_LED = re.compile(  # the command follows the phrase itself, never a subject ("…, we go back" is no command)
    rf"^(?:(?:if|when|once|after)\b[^.:;,]{{1,50}},\s*|(?:for|on|in|with|from)\b[^.:;,]{{1,50}}?(?:,\s*|\s+))"
    rf"{_NOT_SUBJECT}{_NOT_NOUN}(?:just\s+)?(?:{_VERBS})(?![\w'-])(?!\s*[:,.]){_NO_VERB_AFTER}",
    re.I,
)
MIN_CLAUSES = 3
# "When we switch the line to X, first we stop the feed…" / 「…に切り替えるときは、まず…」: the condition is the
# context, what follows "first" is step 1 (trial 18)
_WHEN_FIRST = re.compile(
    r"^((?:if|when|whenever|before|once|after)\b[^,.:;]{4,100}),\s+(?=(?:first(?:ly)?|to (?:start|begin))\b)|"
    r"^([^、。]{4,60}?(?:たら|とき|時|場合|際|には|前に)は?)、(?=(?:まず|最初に|はじめに))",
    re.I,
)
# "While the hopper dries we change the profile…": an action after a clause of when, with no comma (trial 18)
_TIMED = re.compile(
    r"^(?:while|once|after|as soon as|when|before|until)\b[^,.;:]{3,80}?(?:,\s*|\s+)(?=(?:we|i|you)\s)", re.I
)


# a clause told in turn, by the one who does it: ", then I add …", ", and finally we create …", 「…し、次に…」
# (trial 25 #10: "After that I share the folder, then I add them to the sheet, and finally I create their login")
_TURN = r"(?:then|next|finally|lastly|after that|afterwards)"
_OBJECT = r"(?:the|a|an|every|each|all|any|our|your|its|their|them|it)"
_NOT_ACT = r"is|are|was|were|it|they|he|she|this|that|there|so|of|in|on|at|to|for|with|by|from|as|not|no"
_SUBJECT = r"(?:(?:i|we|you)\s+)?"
# after a sequence word, "I/we/you" and any word is the doer and the act ("then I wrap …", trial 27 #11: a verb the
# list lacks left "First I wrap …, then I set …, and then I close …" one step); a clause opened by a sequence word
# is a step in turn whatever its subject ("After that the inner box goes into the crate, and finally I write …")
# or a bare verb before its object ("…, and only then mop the floor", trial 28 #6: "mop" is on no verb list)
_DOER = rf"(?:(?:i|we|you)\s+(?=[a-z]+\b)|(?=(?:{_VERBS})\b)|(?=(?!(?:{_NOT_ACT})\b)[a-z]+\s+{_OBJECT}\b))"
_IN_TURN = re.compile(rf",\s+(?:and\s+)?(?:only\s+)?{_TURN},?\s+{_DOER}", re.I)
_FIRST_TURN = re.compile(
    rf"^(?:(?:first(?:ly)?|{_TURN}),?\s+){_SUBJECT}|^(?:i|we|you)\s+(?=(?:{_VERBS})\b)",
    re.I,
)
_THING_STEP = re.compile(
    r"(?i)^(?:the|a|an|each|every|all|any|our|your|its|their)\s+[\w' -]{1,40}?\s+(?:"
    r"(?:gets?|go|goes)\s+(?:[a-z]+(?:ed|en)|hung|put|left|set|kept|laid|held|sent|brought|cut|shut|spun|"
    r"in|into|on|onto|back|through|out)\b|"
    r"(?:is|are)\s+(?:then\s+)?[a-z]+ed\s+(?:last|first|next|then|after|before|with|in|into|on|at|for|by)\b)|"
    r"^[^。、]{1,30}は[^。]{1,60}へ[。.]?$"  # 「チップは…滅菌パックへ。」: where it goes, the verb left out
)
_IN_TURN_JA = re.compile(r"[、,]\s*(?=(?:次に|それから|その後|そのあと|続いて|最後に)[、,]?)")


# a series with "then" in it ("take the battery out first, then wipe the frame …, brush the chain …, rinse …"):
# each clause a bare verb and its object, whatever the verb (trial 29 #9: "brush", "lube", "coil" are on no list)
_THEN_SERIES = re.compile(r",\s+(?:and\s+)?then\s+")
_BARE_CLAUSE = re.compile(
    rf",\s+(?:and\s+)?(?:then\s+)?(?=(?!(?:{_NOT_ACT}|and|or|but|if|when|because|which|who|where)\b)[a-z]+\s+"
    rf"(?:{_OBJECT}|each|everything|only|both|one)\b)",
    re.I,
)


def series(sentence: str) -> list[str]:
    """The commands of a sentence that strings three or more together (`A, b, c and d.`), or two or more told
    in turn ("First I stop the feed, then I flush the line", 「まず…し、次に…」), else [sentence]."""
    turns = _in_turn(sentence)
    if len(turns) >= 2:
        return turns
    parts = _CLAUSE.split(sentence)
    bare = _BARE_CLAUSE.split(sentence) if _THEN_SERIES.search(sentence) else []
    parts = bare if len(bare) > len(parts) else parts
    if len(parts) < MIN_CLAUSES or not re.match(rf"(?:{_VERBS})\b", parts[0], re.I):
        return [sentence]
    out = [p.strip().rstrip(",") for p in parts if p.strip()]
    return [cap_first(p) for p in out]


def _in_turn(sentence: str) -> list[str]:
    """The clauses of a sentence told in turn, each a command of its own, the sequence words and the subject
    left out ("After that I share X, then I add Y" -> "Share X", "Add Y"); [] when it is not such a sentence."""
    if language(sentence) == "ja":
        parts = _IN_TURN_JA.split(sentence)
        if len(parts) < 2 or not re.match(r"(?:まず|最初に|はじめに)", parts[0]):
            return []
        return [p.strip() for p in parts if p.strip()]
    parts = _IN_TURN.split(sentence)
    if len(parts) < 2 or not _FIRST_TURN.match(parts[0]):
        return []
    parts[0] = parts[0][_FIRST_TURN.match(parts[0]).end() :]  # type: ignore[union-attr]
    return [cap_first(p.strip().rstrip(",")) for p in parts if p.strip()]


def told_in_turn(sentence: str) -> bool:
    """A sentence of two or more acts told in turn by the one who does them: its clauses are steps, whatever verb
    they open with ("First I knead …, then I fold …", trial 27 #11)."""
    return len(_in_turn(sentence)) >= 2


def led_step(sentence: str) -> bool:
    """A command after a short phrase of when it applies ("For many URLs use the API instead: …")."""
    return bool(_LED.match(sentence.strip()))


def _timed_step(sentence: str) -> bool:
    """An action after a clause of when it happens ("While the dishwasher runs we wipe the bench")."""
    m = _TIMED.match(sentence.strip())
    return m is not None and is_step(sentence.strip()[m.end() :], strict=True)


def thing_step(sentence: str) -> bool:
    """A step told of the thing it is done to, in the passive or with the verb left out: "The suction canister
    gets emptied and rinsed last", "The scaler tips go in the ultrasonic …", 「チップは…滅菌パックへ。」. Read only
    among sentences that already hold a step: alone, such a sentence may as well say how things are."""
    return bool(_THING_STEP.match(sentence.strip()))


def _unmeta(sents: list[str]) -> tuple[list[str], set[str]]:
    """Sentences with an announcement before a colon split off ("Writing down what I did: first I ..."), and a
    condition before the first step ("When we switch to X, first we ..."); and the leads of a series after a colon
    split off (`_led_series`), no steps themselves."""
    out: list[str] = []
    heads: set[str] = set()
    for s in sents:
        m = _WHEN_FIRST.match(s)
        if m:
            clause = m.group(1) or m.group(2)
            out += [clause + ("：" if m.group(2) else ":"), cap_first(s[m.end() :])]
            continue
        head, sep, rest = s.partition(": ")
        # "…, so the way we do it is: first …" (trial 28 #6): what says the steps follow is the lead, not step 1
        announced = is_meta(head + ":") or bool(PREAMBLE.search(head))
        if sep and rest and announced and not is_meta(rest):
            out += [head + ":", cap_first(rest)]
        elif (led := _led_series(s)) is not None:
            out += led  # "You never hose the motor: take …, then wipe …, brush …" (trial 29 #9)
            heads.add(led[0])
        else:
            out.append(s)
    return out, heads


def _led_series(s: str) -> list[str] | None:
    """[the lead with its colon, the series] of a sentence whose lead, no step itself, is followed by three commands
    or more after a colon ("You never use the hose on the motor: take …, then wipe …, brush …", 「霜の夜にホースに
    水を残さないこと：まず…し、次に…、最後に…」); None for any other sentence."""
    for mark in (": ", "："):
        head, sep, rest = s.partition(mark)
        rest = cap_first(rest.strip())
        if sep and rest and not is_step(head) and len(series(rest)) >= MIN_CLAUSES:
            return [head + sep.strip(), rest]
    return None


def prose_steps(paras: list[str]) -> tuple[list[str], list[str], list[str], list[str]]:
    """(meta, lead, steps, tail) of a procedure written as prose."""
    sents, heads = _unmeta([s for p in paras for s in sentences(p)])  # heads: leads of a series, no steps
    said = [c for s in sents for c in (series(s) if is_step(s) else [s])]  # "Log in, pick X, go to Y…"
    flags = [s not in heads and (s not in sents or is_step(s) or led_step(s) or _timed_step(s)) for s in said]
    if any(flags):  # among steps, one told of the thing it is done to is a step too (trial 28 #6)
        flags = [f or thing_step(s) for f, s in zip(flags, said, strict=True)]
    sents = said
    meta = [s for s in sents if is_meta(s)]
    if not any(flags) or len(sents) < 2:  # a routine's preamble is its lead (shape_preamble)
        return meta, *split_preamble([s for s in sents if s not in meta]), []
    if flags[0] and split_preamble(sents)[0]:  # a preamble read as a step: the steps start after it
        flags = [False, True, *flags[2:]]
    first = flags.index(True)
    if (
        heads
    ):  # a series' lead after an announcement ("…を聞かれたので書いておく。霜の夜は…こと：まず…") is the lead
        first = next((i for i, f in enumerate(flags) if f and sents[i] not in meta), first)
    last = len(flags) - 1 - flags[::-1].index(True)
    lead = [s for s in sents[:first] if s not in meta]
    steps: list[str] = []
    for s, f in zip(sents[first : last + 1], flags[first : last + 1], strict=True):
        if s in meta:
            continue
        s = _unlabel(s) if not steps else s  # "A: Ask in #payments ..." -> "Ask in #payments ..."
        if f or not steps or language(s) != language(steps[-1]):  # a nurse's English line among Japanese ones
            steps.append(s)
        else:
            steps[-1] += ("" if steps[-1].endswith(("。", "！", "？")) else " ") + s
    return meta, lead, steps, [s for s in sents[last + 1 :] if s not in meta]
