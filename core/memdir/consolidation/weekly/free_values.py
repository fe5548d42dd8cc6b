"""A free-text argument whose words differ between the tasks is one value (trial 17).

A call's argument written in words (`subject=Reminder: invoice INV-2025-118 is overdue` in one task,
`subject=【ご確認】請求書 INV-2025-121 のお支払いについて` in another) aligns only where the tasks happen to share
characters: the invoice number's prefix stayed constant, the English words before it were written by half the
tasks and dropped as a minority's extra, and the words after it went into a placeholder with the number's tail
(`subject={subject} INV-2025-{value4}`). An agent cannot rebuild a subject from that. When the words of such a
value differ between the tasks (beyond the numbers and identifiers in it), the whole value under its key is one
span (`subject={subject}`), before a minority's part of it is dropped; values that differ only in numbers and
identifiers keep their constant words (`Reminder: invoice {invoice_no} is overdue`).

A span that is a piece of a value an earlier step names whole (`attach=gensen_2025_C-{number}.pdf`, where the
steps' `{client_id}` is `C-2014`) is that value: the text around it that every task's value shares goes into it
(`within_values`), and equal values per task are one placeholder (`gensen_2025_{client_id}.pdf`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from memdir.consolidation.weekly.function_words import FUNCTION_WORDS
from memdir.consolidation.weekly.span_types import Part, Span

_KEY = re.compile(r"(?:^|[\s,;(])[A-Za-z_][\w.-]{0,40}=")  # `subject=`, the start of an argument
_NEXT_KEY = re.compile(r"(?:^|\s+)[A-Za-z_][\w.-]{0,40}=")  # the next argument ends the value
_NUMBERED = re.compile(r"[A-Za-z0-9_.:/#+-]*\d[A-Za-z0-9_.:/#+-]*")  # a number or an id in a value
_WORDS = re.compile(r"\s|[\u3040-\u30ff\u3400-\u9fff]{2}")  # free text: words apart, or Japanese
MAX_VALUE = 200


def _skeleton(value: str) -> str:
    return " ".join(_NUMBERED.sub("#", value).split()).lower()


# options or arguments inside: `--vessel X`, `+short`, `@1.1.1.1`, `日=5月末`
_ARGUMENTS = re.compile(r"(?:^|\s)(?:--?|\+)[A-Za-z]|(?:^|\s)@\S|\S=\S")
MAX_COMPARED = 8
_MARKS = "#.,:;!?()[]【】（）「」『』"
SHARED = 0.5  # two values this alike (difflib ratio, ids as `#`) are one wording with slots, not two texts


def _free(values: Sequence[str]) -> bool:
    """Whether the values are text whose words differ between the tasks (numbers and ids aside): not options
    or arguments of their own, no word written by all of them, and two of them alike less than `SHARED` (`Reminder: invoice # is overdue`
    beside `【ご確認】請求書 # のお支払いについて`; not `--rego ZK-ARIA`, not `Your March invoice`)."""
    vals = [v.strip() for v in values]
    if not (
        len(set(vals)) >= 2
        and all(v and "\n" not in v and len(v) <= MAX_VALUE for v in vals)
        and any(_WORDS.search(v) for v in vals)
        and len({_skeleton(v) for v in vals}) >= 2
        and not any(_ARGUMENTS.search(v) for v in vals)
    ):
        return False
    shapes = sorted({_skeleton(v) for v in vals})[:MAX_COMPARED]
    words = ({w for w in (x.strip(_MARKS) for x in v.split()) if len(w) >= 2} for v in shapes)
    if set.intersection(*words) - FUNCTION_WORDS:
        return False  # a word every value writes (`dig`, `꽃다발`): one wording with slots; an article or a
        # preposition every note writes (`… the field`, `by the chapel`) is no wording (round 60)
    return any(
        difflib.SequenceMatcher(a=a, b=b, autojunk=False).ratio() < SHARED
        for k, a in enumerate(shapes)
        for b in shapes[k + 1 :]
    )


def whole_texts(parts: list[Part], tasks: Sequence[str]) -> list[Part]:
    """`parts` (raw: a minority's spans still in) with each free-text argument one span (module note)."""
    out: list[Part] = []
    i = 0
    while i < len(parts):
        p = parts[i]
        starts = list(_KEY.finditer(p)) if isinstance(p, str) else []
        start = starts[-1] if starts else None
        if not isinstance(p, str) or start is None or _NEXT_KEY.search(p, start.end()):
            out.append(p)
            i += 1
            continue
        head = p[start.end() :]
        j, tail, rest = i + 1, "", ""
        inner: list[Part] = []
        while j < len(parts):
            q = parts[j]
            if isinstance(q, str):
                m = _NEXT_KEY.search(q)
                if m is not None:
                    tail, rest = q[: m.start()], q[m.start() :]
                    j += 1
                    break
            inner.append(q)
            j += 1
        values = {
            t: head + "".join(x if isinstance(x, str) else x.values.get(t, "") for x in inner) + tail
            for t in tasks
        }
        if not any(isinstance(x, Span) for x in inner) or not _free(list(values.values())):
            out.append(p)
            i += 1
            continue
        out.append(p[: start.end()])
        out.append(Span(values))
        i = j
        if rest:  # the next argument may be free text too (`acces=… remartga=…`, round 60)
            parts = [*parts[: j - 1], rest, *parts[j:]]
            i = j - 1
    return out


def _whole_value(span: Span) -> bool:
    vals = [v for v in span.values.values() if v]
    return (
        len(vals) >= 2 and len(set(vals)) >= 2 and all(len(v) >= 3 and not re.search(r"\s", v) for v in vals)
    )


def within_values(templates: Sequence[list[Part]]) -> list[list[Part]]:
    """Each template with each span that, with the constant text just around it, is every task's value of a
    span of any template (`attach=…_C-{number}.pdf` and the steps' `C-2014`), as that value (module note)."""
    known = [s for parts in templates for s in parts if isinstance(s, Span) and _whole_value(s)]
    return [_within(parts, known) for parts in templates]


def _within(parts: list[Part], known: Sequence[Span]) -> list[Part]:
    out = list(parts)
    for k, p in enumerate(out):
        if not isinstance(p, Span) or p.ref is not None or len(p.values) < 2:
            continue
        before = out[k - 1] if k > 0 and isinstance(out[k - 1], str) else ""
        after = out[k + 1] if k + 1 < len(out) and isinstance(out[k + 1], str) else ""
        for whole in known:
            if whole is p or any(not whole.values.get(t) for t in p.values):
                continue
            cuts = set()
            for t, v in p.values.items():
                w = whole.values[t]
                at = w.find(v) if v else -1
                cuts.add((w[:at], w[at + len(v) :]) if at >= 0 else None)
            if len(cuts) != 1 or None in cuts:
                continue
            pre, post = next(iter(cuts))  # type: ignore[misc]
            if not (pre or post) or not (str(before).endswith(pre) and str(after).startswith(post)):
                continue
            if k > 0 and isinstance(out[k - 1], str):
                out[k - 1] = str(before)[: len(str(before)) - len(pre)]
            if k + 1 < len(out) and isinstance(out[k + 1], str):
                out[k + 1] = str(after)[len(post) :]
            out[k] = Span({t: whole.values[t] for t in p.values})
            break
    return [x for x in out if x != ""]
