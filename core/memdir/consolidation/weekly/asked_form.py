"""A title that asks, wishes or names a thing alone gives way to the service its calls pass (round 53).

Set 53's kilim workshop titled its weaving course `Ima mesta` ("are there places": a question's opening words,
`… ima li mesta na radionici …?`), its kilim washing `Ćilim` (the thing alone), and the bagpipe workshop its
repairs `Quero levar a gaita` ("I want to bring the bagpipe": a wish). A person names such a kind by the act
or the service its requests share, and the calls pass it as a constant (`akoranga.ingoa=Radionica tkanja na
razboju`, `ratonga.ingoa=Pranje i osvežavanje pirotskog ćilima`). Read by form, in any language:

- a question: the title writes `?`, or a request writes its words (in order) in a sentence ending with `?`
  whose clause the title's first word opens (`…, ima li mesta …?`; not "could you book a table?" of `Book a
  table`, whose clause opens with another word);
- a wish: the title opens with a first person's verb before an infinitive (`Quero levar`, `Quiero
  reservar`, `Voglio prenotare`: a word ending in `o`, then one in `r` or `re`);
- a thing alone: one word.

Only titles in Latin letters (marks folded): a Japanese or Korean title has its own readers.

The service is the head of a constant a call passes (its words before a comma, a number or a bracket) without
the words fewer than two requests write (first four letters, marks folded: `razboju`, `osvežavanje`, one
request's words each), a word of two letters or fewer kept only between two kept words (`Revisión de gaita`).
It needs two words kept, one of them written by more than half of the requests; none leaves the title.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

_VALUE = re.compile(r"(?:^|\s)[^\W\d][\w.-]*=([^\s`{][^=`{}]*?)(?=\s+[^\W\d][\w.-]*=|`|$)", re.U)
_HEAD = re.compile(r"[^\W\d_][^\W\d_'-]*(?: [^\W\d_][^\W\d_'-]*)*", re.U)
_WORD = re.compile(r"[^\W\d_]+", re.U)
_SENTENCE = re.compile(r"(?<=[.!?？。])\s+", re.U)
_CLAUSE = re.compile(r"[,;:(]\s*", re.U)
_CASED_END = 0x0530  # Latin, Greek and Cyrillic letters end here: scripts whose sentences open with a capital
_LINK = 2  # letters of a link word (`de`, `na`, `i`)
MIN_WRITERS = 2  # requests that write a service word for it to stay


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def _stems(text: str) -> set[str]:
    return {w[:4] for w in _WORD.findall(_fold(text)) if len(w) >= 3}


def _sentences(text: str) -> list[str]:
    """The text's sentences: a stop, then a capital (`u subotu 6. decembra?` is one sentence)."""
    out: list[str] = []
    for piece in _SENTENCE.split(text.strip()):
        if out and not piece[:1].isupper():
            out[-1] += " " + piece
        else:
            out.append(piece)
    return out


def _in_order(words: Sequence[str], text: str) -> bool:
    """Whether the text writes the words in this order, the first opening it."""
    toks = _WORD.findall(_fold(text))
    if not toks or toks[0] != words[0]:
        return False
    i = 0
    for t in toks:
        if i < len(words) and t == words[i]:
            i += 1
    return i == len(words)


def asks(title: str, asked: Sequence[str]) -> bool:
    """Whether the title is a question, a wish or a thing alone (see the module)."""
    words = _WORD.findall(_fold(title))
    if not words or "{" in title or not all(w.isascii() for w in words):
        return False  # Latin letters only: a Japanese or Korean title has its own readers
    if "?" in title or "？" in title or len(words) == 1:
        return True
    first = title.split()
    if (
        len(first) >= 2
        and re.fullmatch(r"[^\W\d_]{3,}o", first[0])
        and re.search(r"[^\W\d_]{2,}re?$", first[1])
    ):
        return True
    for text in asked:
        for sentence in _sentences(text):
            if sentence.rstrip().endswith(("?", "？")) and any(
                _in_order(words, clause) for clause in _CLAUSE.split(sentence)
            ):
                return True
    return False


def service_name(steps: Sequence[str], asked: Sequence[str]) -> str:
    """The head of a constant the calls pass, in the requests' words (see the module); "" when none."""
    bags = [_stems(a) for a in asked if a.strip()]
    if len(bags) < 3:
        return ""

    def writers(word: str) -> int:
        stems = [w[:4] for w in _WORD.findall(_fold(word)) if len(w) >= 3]
        return min((sum(1 for b in bags if s in b) for s in stems), default=0)

    for step in steps:
        for m in _VALUE.finditer(step.split(": `", 1)[-1]):
            head = _HEAD.match(m.group(1).strip())
            words = head.group(0).split() if head else []
            kept = [writers(w) >= MIN_WRITERS for w in words]
            for i, w in enumerate(words):
                if len(w) <= _LINK and 0 < i < len(words) - 1:
                    kept[i] = kept[i + 1] and any(kept[:i])
            out = [w for w, k in zip(words, kept, strict=True) if k]
            content = [w for w in out if len(w) > _LINK]
            if len(content) >= 2 and any(2 * writers(w) > len(bags) for w in content):
                name = " ".join(out)
                return name[:1].upper() + name[1:]
    return ""


def service_over_asking(title: str, steps: Sequence[str], asked: Sequence[str]) -> str:
    """The service the calls pass when the title asks, wishes or names a thing alone (see the module)."""
    if asks(title, asked):
        return service_name(steps, asked) or title
    service = service_name(steps, asked)
    return service if service and _thing_of(title, service) else title


def _thing_of(title: str, service: str) -> bool:
    """Whether a Latin title of two or three words, no link between them, names the thing of the service the
    calls pass and not its act (round 54): they open with one word (first four letters) and end with other
    words, the title's last one not in the service (`Leaded window` beside `Leaded panel repair`: the act,
    `repair`, the requests write too; not `Winter sail storage` beside itself). The service is longer, the
    thing and its act: a name of as many words is another reading of the same (`Late add form` stays beside
    the override code's `Late add dean`)."""
    words = _WORD.findall(_fold(title))
    named = _WORD.findall(_fold(service))
    if not 2 <= len(words) <= 3 or len(words) != len(title.split()) or not all(w.isascii() for w in words):
        return False
    if len(named) <= len(words):
        return False
    if any(len(w) <= _LINK for w in words) or words[0][:4] != named[0][:4]:
        return False
    return all(words[-1][:4] != n[:4] for n in named) and all(named[-1][:4] != w[:4] for w in words)


def capitalised(title: str, steps: Sequence[str]) -> str:
    """The title with a capital first letter where its script has one (`beginners' course day` -> `Beginners'
    course day`, round 53), unless its first word is written so: a name with a capital inside (`iPhone`,
    `macOS`), or a word the steps write in lower case (a command, `git pull`; a tool, `kubectl`)."""
    first = title.split(" ", 1)[0]
    if not first[:1].islower() or any(c.isupper() for c in first) or ord(first[0]) >= _CASED_END:
        return title  # Georgian's capitals (Mtavruli) open no sentence: Latin, Greek, Cyrillic only
    bare = first.strip("'\",.:;!?()")
    if any(re.search(rf"(?<![\w-]){re.escape(bare)}(?![\w-])", s) for s in steps):
        return title
    return title[:1].upper() + title[1:]


_NUMBER = "0-9０-９一二三四五六七八九十百"
_TAIL = re.compile(r"^(.+)の([\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{1,4})$")


def without_count_tail(title: str, asked: Sequence[str]) -> str:
    """A Japanese title without its tail after `の` when that tail is a count's word, written beside a number
    wherever a request writes it (`絵付体験の大人` of `大人2名`, `大人一人`: "adults", one task's value, left
    after the work it does not qualify; round 53): the work, `絵付体験`, ends the title."""
    m = _TAIL.match(title)
    if m is None or len(m.group(1)) < 2:
        return title
    tail = re.escape(m.group(2))
    said = [a for a in asked if m.group(2) in a]
    near = re.compile(rf"[{_NUMBER}]{tail}|{tail}[{_NUMBER}]")
    beside = all(len(re.findall(tail, a)) == len(near.findall(a)) for a in said)
    return m.group(1) if len(said) >= 2 and beside else title
