"""Titles from the words a kind's requests keep writing, in English and Japanese, for kinds whose steps
are generic calls (`cms get/patch/notify`, a batch of command lines) that name no work.

A word *recurs* when two or more tasks wrote it: each request is a witness, and a task whose reply
reports it without its request writing it adds one ("Please run a correction." + another task's
"Correction published and logged."); a task's own value, in its request and its reply, is one task's.
English words are compared by their stem (`push`/`pushed`, `build`/`built`, `correct`/`correction`,
`pin`/`pinned`); a hyphenated word's part recurs only where another request writes it alone.
Japanese words are kanji or katakana runs and their pieces (`訂正`, `コラム` of `週刊コラム`).

The English title is one request's own clause, from its imperative verb (its first word, courtesy
aside) or its first recurring word to its last, plus the noun that ends the clause (`… hotfix branch`).
Values, names capitalised inside the sentence, possessors, parentheses, and words that neither recur
nor appear in the kind's steps are left out (with a preposition left hanging before them). The clause
scoring most recurring-word witnesses (less one per other word it keeps, one more when it opens with
the request's verb) wins, then the shortest: "Build and push the ledger-api image", "Promote to
staging", "Schedule the weekly column". One recurring word without a verb before it is no title. The
Japanese title is the run most tasks write, never a field's label (`登録カード RC-…`, `titles_ja.is_label`) (the longest, then the latest on ties: Japanese puts the
verb last). A kind asked in both languages gets both: "Run a correction（記事の訂正）". "" when no word
recurs, and the caller falls back to the tool calls.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from memdir.consolidation.weekly.function_words import PLACE_WORDS
from memdir.consolidation.weekly.script_words import dated_words
from memdir.consolidation.weekly.titles_ja import KANJI_RUN, is_label
from memdir.index.stemmer import stem as porter_stem

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# words of any English request, none a kind's own: courtesy, modals, pronouns, light verbs
_COURTESY_WORDS = (
    "please pls plz need needs can could would will shall should must may might kindly hey hi ok okay "
    "thanks just also still even only really very too quite we i you let lets let's want wants like go "
    "going ahead asap today tomorrow tonight now soon again here there what which who whom whose where "
    "why how nobody somebody anybody everybody someone anyone everyone nothing something anything "
    "everything more most less much many few other another same such own up down out about get gets got "
    "make makes made do does did done doing have has had having say says said know see seem seems looks "
    "look anymore yet already ever never not don't can't won't"
)
_COURTESY = frozenset(_COURTESY_WORDS.split())
_CLAUSE = re.compile(r"[:;,.!?—–]+(?:\s|$)|\s[-–—]\s|\s&\s(?=[A-Z])")
_ABBREVIATION = re.compile(r"(?<![\w.])([A-Z][a-z]{0,2})\.(?=\s+[A-Z])")
_PAREN = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_ALPHA = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]|[A-Za-z]")
_DETERMINERS = frozenset(
    ["a", "an", "the", "our", "my", "your", "their", "his", "her", "its", "this", "that"]
)
_PREPOSITIONS = frozenset(["for", "on", "in", "at", "of", "with", "from", "by"])
# a number, bare or with its unit (`14`, `1/2`, `9.5`, `120m`): a run a title drops it from says nothing
# (`roughly 14 m of ridge` -> `Roughly m of ridge`), and the word before it is a hedge, no verb
_QUANTITY = re.compile(r"[~≈]?\d[\d.,/]*[A-Za-z]{0,3}")
MAX_GAP = 3


def _measure(toks: Sequence[str], i: int, units: Collection[str] = ()) -> bool:
    """Whether token i is a number and its unit (`14 m`, `20 ft`, `120m`, or a word the requests write only
    beside a number, `units`: `11 metres`, `9 metres`): a quantity, not the kind's word (`onto a 3.8.2
    hotfix branch`, `version 14 to production` keep theirs)."""
    t = toks[i] if i < len(toks) else ""
    m = _QUANTITY.fullmatch(t)
    if m is None:
        return False
    unit = toks[i + 1] if i + 1 < len(toks) else ""
    glued = t[-1:].isalpha()
    word = unit.isalpha() and unit.lower() not in _SHORT_WORDS and unit.lower() not in _PREPOSITIONS
    return glued or word and (len(unit) <= 2 or unit.lower() in units)


_SHORT_WORDS = frozenset(
    ["a", "an", "to", "of", "in", "on", "at", "by", "or", "as", "is", "it", "we", "i", "me", "my"]
)  # other words a title keeps between two recurring ones


def stem(word: str) -> str:
    """`pushed` -> `push`, `scheduled` / `schedule` -> `schedul`, `correction` -> `correct`: the
    Porter stem that search uses (PyStemmer, `index.stemmer`); non-English words stay whole."""
    return porter_stem(word.lower().strip("'"))


def _same(a: str, b: str) -> bool:
    """Two stems of one word: equal, or 4+ letters alike and at most one more each (`build`/`built`)."""
    if a == b:
        return True
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n >= 4 and len(a) - n <= 1 and len(b) - n <= 1


def _content(word: str) -> bool:
    from memdir.consolidation.weekly.naming import FUNCTION_WORDS

    w = word.lower()
    return len(w) >= 3 and w not in FUNCTION_WORDS and w not in _COURTESY and w not in PLACE_WORDS


def _stems(text: str) -> set[str]:
    """The stems of a text's words; a hyphenated word's parts marked `-` (`cherry-pick`: `-pick`)."""
    out = set()
    for w in _ALPHA.findall(text):
        out |= {stem(w)} if _content(w) else set()
        out |= {"-" + stem(p) for p in w.split("-") if "-" in w and _content(p)}
    return out


Bags = Sequence[tuple[set[str], set[str]]]  # each task's request words and reply words (stems)


def _witnesses(word: str, bags: Bags) -> int:
    """The requests that write the word, one more when a task reports it done without its request writing
    it (templated replies count once). A part of a hyphenated word recurs only where another request
    writes it alone (`cherry-pick` and `pick`; never `workers` of `workers-batch`, `workers-gpu`)."""
    whole = stem(word)

    def count(s: str, part: bool) -> int:
        def holds(bag: set[str]) -> bool:
            if part:  # written alone, by a request other than the one with the whole word
                return whole not in bag and any(_same(s, b) for b in bag if not b.startswith("-"))
            return any(_same(s, b.lstrip("-")) for b in bag)

        asked = [holds(req) for req, _ in bags]
        told = any(not a and holds(said) for a, (_, said) in zip(asked, bags, strict=True))
        n = sum(asked) + told
        return n + 1 if part and n else n

    parts = [count(stem(p), True) for p in word.split("-") if "-" in word and _content(p)]
    return max([count(whole, False) if _content(word) else 0, *parts])


def _value(token: str, first: bool) -> bool:
    """A token a title leaves out: digits, paths, ids, a name capitalised inside a sentence."""
    if not _ALPHA.fullmatch(token.strip("'")) or token.endswith(("'s", "’s")):
        return True  # `41,000`, `v3.8.0`, `Garcia's`
    return not first and token[:1].isupper() and not token.isupper()


def _clauses(text: str) -> list[list[str]]:
    out = []
    # `Mr.`, `Dr.`, `St.` before a name end no sentence: "give Mr. Albescu a late checkout" is one clause
    text = _ABBREVIATION.sub(r"\1", text)
    for part in _CLAUSE.split(_PAREN.sub(" ", text)):
        toks = [t.strip("\"'`“”‘’") for t in part.split()]
        out.append([t for t in toks if t])
    return out


def _english(asked: Sequence[str], bags: Bags, steps: str, done: set[str]) -> str:
    def kind_word(t: str) -> bool:  # a word the kind's steps write (`weekly-column`), not one task's value
        return re.search(rf"(?<![\w{{]){re.escape(t.lower())}(?![\w}}])", steps) is not None

    best: tuple[int, int, str] = (0, 0, "")
    units = dated_words(asked)  # `metres` of "11 metres", "9 metres": a unit, never a title's word
    for text in asked:
        for toks in _clauses(text):
            while toks and toks[0].lower() in _COURTESY:
                toks = toks[1:]
            weight = [
                _witnesses(t, bags) if not _value(t, i == 0) and _content(t) else 0
                for i, t in enumerate(toks)
            ]
            hits = [i for i, w in enumerate(weight) if w >= 2]
            if not hits:
                continue
            start, end = hits[0], hits[0]
            for i in hits[1:]:
                between = [t for t in toks[end + 1 : i] if _content(t) and not _value(t, False)]
                if len(between) > MAX_GAP:
                    break
                end = i
            if (
                # values (a name, an id) between the verb and the shared words are no gap
                not _measure(toks, 1, units)  # `roughly 14 m`: a hedge, no verb
                and sum(1 for t in toks[1:start] if _content(t) and not _value(t, False)) < MAX_GAP
                and toks[0][:1].isalpha()
                and _content(toks[0])
                and not _value(toks[0], True)
                and not _reported(toks, weight)
            ):
                start = 0  # the request's imperative verb
            nxt = toks[end + 1] if end + 1 < len(toks) else ""
            if nxt and _content(nxt) and not _value(nxt, False) and (kind_word(nxt) or end + 2 == len(toks)):
                end += 1  # the noun the last word qualifies (`hotfix branch`)
            kept: list[str] = []
            dropped = ""
            # a request's determiner whose noun was left out, a function word next: `the tour for the but our
            # changed` (`onto a 3.8.2 hotfix branch` keeps its noun)
            holed = orphan = counted = False
            added: set[int] = set()  # where `the` was put for a name left out
            for i in range(start, end + 1):
                t = toks[i]
                if _value(t, i == 0) or 0 < i < end and _content(t) and weight[i] < 2 and not kind_word(t):
                    orphan = (
                        orphan
                        or bool(kept)
                        and kept[-1].lower() in _DETERMINERS
                        and len(kept) - 1 not in added
                    )
                    dropped = "name" if t[:1].isupper() else dropped or "word"
                    counted = counted or bool(kept) and _measure(toks, i, units)
                    if len(kept) > 1 and kept[-1].lower() in _PREPOSITIONS:
                        kept.pop()  # `ELISA for S-7795 on plate` -> `ELISA on plate`, not `ELISA for on plate`
                    continue
                if (
                    dropped == "name"
                    and len(kept) == 1
                    and t.lower() not in ("a", "an", "the", "to", "onto", "into")
                ):
                    added.add(len(kept))
                    kept.append("the")  # `Schedule Maya Chen's weekly column` -> `Schedule the weekly column`
                dropped = ""
                holed, orphan = holed or counted or orphan and not _content(t), False
                kept.append(t)
            if holed or not kept or kept[-1].lower() in ("a", "an", "the", "and", "to", "of", "for"):
                continue
            seen: list[str] = []
            score = 0
            for i in range(start, end + 1):
                if weight[i] >= 2 and not any(_same(stem(toks[i]), s) for s in seen):
                    seen.append(stem(toks[i]))
                    score += weight[i]
                elif _content(toks[i]) and not _value(toks[i], i == 0) and i != start and weight[i] < 2:
                    score -= 1
            verb = start == 0 and (weight[0] < 2 or stem(toks[0]) in done)  # `Restock` of "restocked"
            if len(seen) < 2 and not verb:
                continue  # one shared word and no verb before it (`Nodes`, `Printer`, `Owner called`): no work
            score += 1 if start == 0 else 0  # the request's own verb opens the title
            phrase = " ".join(kept)
            if (score, -len(kept)) > best[:2]:
                best = (score, -len(kept), phrase[:1].title() + phrase[1:])
    return best[2]


# finite verbs, the irregular past tenses among them (`Larkspur Biotech sent a protocol`: a report)
_FINITE = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "needs",
        "wants",
        "says",
        "got",
        "ran",
        "sent",
        "came",
        "made",
        "took",
        "gave",
        "brought",
        "bought",
        "found",
        "told",
        "paid",
        "wrote",
        "broke",
        "lost",
        "sold",
        "went",
    ]
)


def _reported(toks: Sequence[str], weight: Sequence[int]) -> bool:
    """A clause that reports (`Tonbo shipped 180 cartons`, `Hanamura needs an RCEP …`, `Batch B26-0871 is
    bright`): its opening word is the subject, a name or a thing, never the request's imperative verb. So is
    a capitalised opening word no other request writes, followed by a verb in the past."""
    head = [t.lower() for t in toks[1:3]]
    if any(t in _FINITE for t in head):
        return True
    return (
        len(toks) > 1
        and toks[0][:1].isupper()
        and weight[0] < 2
        and len(head[0]) > 4
        and head[0].endswith("ed")
    )


def _japanese(asked: Sequence[str], tasks: Sequence[tuple[str, str]]) -> str:
    best = (0, 0, 0, "")
    for text in asked:
        for m in KANJI_RUN.finditer(text):
            if m.start() > 0 and text[m.start() - 1].isdigit():
                continue  # `10月分` is a value
            for at, run in _parts(m.group(0), m.start()):
                n = sum(1 for a, _ in tasks if run in a) + any(run in r and run not in a for a, r in tasks)
                late = at * 1000 // max(len(text), 1)
                if n >= 2 and (n, len(run), late) > best[:3] and not is_label(run, asked):
                    best = (n, len(run), late, run)
    return best[3]


_SCRIPT = re.compile(r"[\u30a0-\u30ff]+|[\u3400-\u4dbf\u4e00-\u9fff]+")


def _parts(run: str, at: int) -> list[tuple[int, str]]:
    """A run and its words: each katakana word whole (`コラム` of `週刊コラム`; none starts inside one),
    each kanji stretch and its pieces of two or more (`予約` of `予約公開`)."""
    out = [(at, run)]
    for m in _SCRIPT.finditer(run):
        seg = m.group(0)
        if seg[0] >= "\u30a0" and seg[0] <= "\u30ff":
            out.append((at + m.start(), seg))
            continue
        out += [(at + m.start() + i, seg[i:j]) for i in range(len(seg)) for j in range(i + 2, len(seg) + 1)]
    return [(a, w) for a, w in out if len(w) >= 2]


def recurring_title(tasks: Sequence[tuple[str, str]], steps: Sequence[str] = (), ja: str = "") -> str:
    """The title the kind's requests write in words they share (see the module); "" when none recurs.

    `tasks` holds each task's request and its replies: a word is witnessed once per task, so a task's
    own value (`Give dlee access` + "dlee now has full access") never recurs. `ja`: the Japanese title
    already found (`日程変更`), to which the English requests' words are added."""
    asked = [a for a, _ in tasks if a.strip()]
    en = [t for t in asked if not _CJK.search(t)]
    jas = [t for t in asked if _CJK.search(t)]
    bags = [(_stems(a), _stems(r)) for a, r in tasks]
    done = {stem(w) for a, r in tasks for w in _ALPHA.findall(f"{a} {r}") if w.lower().endswith("ed")}
    english = _english(en, bags, "\n".join(steps).lower(), done) if en else ""
    japanese = ja or (_japanese(jas, tasks) if jas else "")
    if english and japanese:
        return f"{english}（{japanese}）"
    return english or japanese


def verb_asked(title: str, asked: Sequence[str]) -> bool:
    """Whether a title built from calls opens with a verb some request wrote (`Refund a charge`), not
    with a command's word nobody asked for (`Repo a helm`, `Transition a stage` for "promote")."""
    words = _ALPHA.findall(title)
    if _CJK.search(title) or not words:
        return True  # a Japanese title (`住所変更`) is judged by `titles_ja`
    return _witnesses(words[0], [(_stems(t), set()) for t in asked]) >= 1


def holds_more(work: str, title: str, tasks: Sequence[tuple[str, str]]) -> bool:
    """Whether a title from the calls (`Add a permission to a mailbox`) says more than a request-words
    title that holds one shared word (`Give access`): the calls' title names a thing a request writes."""
    bags = [(_stems(a), _stems(r)) for a, r in tasks]
    shared = {stem(w) for w in _ALPHA.findall(title) if _content(w) and _witnesses(w, bags) >= 2}
    asked = [(_stems(a), set[str]()) for a, _ in tasks]
    named = [w for w in _ALPHA.findall(work)[1:] if _content(w) and _witnesses(w, asked) >= 1]
    return len(shared) < 2 and bool(named)
