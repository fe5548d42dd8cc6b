"""Constant text and varying spans: one step (or intent) as the cluster's tasks wrote it.

`template_of` aligns the atoms (`memdir.consolidation.weekly.align.atoms`) of the same step in
several tasks and cuts the result into parts: text equal in every task (kept verbatim) and
spans where the tasks differ, each holding every task's value. A span is the smallest run of
differing atoms; two spans separated by a single space are one (`spraybottle 2`, `user
accounts`), unless one of them is a date. A span that only a minority of the tasks fill (an extra flag one task passed) is
dropped rather than kept as a value seen once; one glued inside a token to another span is a piece of
that span's value (`whole_values.fold_pieces`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from memdir.consolidation.weekly.align import align_many, atoms, is_cjk, same_text
from memdir.consolidation.weekly.free_values import whole_texts
from memdir.consolidation.weekly.span_dates import whole_dates
from memdir.consolidation.weekly.span_types import Part, Span
from memdir.consolidation.weekly.whole_values import fold_pieces

MAX_ATOMS = 160  # atoms of one text that take part in alignment (a long input keeps its head)


@dataclass
class Template:
    """A text as parts: constant strings and varying spans."""

    parts: list[Part]

    @property
    def spans(self) -> list[Span]:
        """The varying spans, in order."""
        return [p for p in self.parts if isinstance(p, Span)]

    def constant(self) -> str:
        """The constant text only (spans left out)."""
        return "".join(p for p in self.parts if isinstance(p, str))

    def render(self, mark: str = "{%s}") -> str:
        """The text with every span as its placeholder name (whitespace runs collapsed)."""
        out = "".join(p if isinstance(p, str) else mark % (p.name or "value") for p in self.parts)
        return re.sub(r"[ \t]{2,}", " ", out).strip()

    def context(self, span: Span) -> tuple[str, str]:
        """The constant text just before and just after a span (other spans as `{}`)."""
        i = next(k for k, p in enumerate(self.parts) if p is span)
        left = "".join(p if isinstance(p, str) else "{}" for p in self.parts[:i])
        right = "".join(p if isinstance(p, str) else "{}" for p in self.parts[i + 1 :])
        return left, right


def template_of(texts: Mapping[str, str]) -> Template:
    """The template of one text as several tasks wrote it (task id -> text, first is the pivot)."""
    ids = list(texts)
    distinct = list(dict.fromkeys(texts[t] for t in ids))
    if len(distinct) == 1:
        return Template([distinct[0]] if distinct[0] else [])
    # tasks that wrote the very same text share one aligned row
    unique_rows = [atoms(x)[:MAX_ATOMS] for x in distinct]
    unique_cols = align_many(unique_rows, same_text, 0.5, exact=True, star=False)
    which = [distinct.index(texts[t]) for t in ids]
    rows = [unique_rows[w] for w in which]
    columns = [[col[w] for w in which] for col in unique_cols]
    raw: list[tuple[bool, list[int | None]]] = []
    for col in columns:
        present = [rows[r][i] for r, i in enumerate(col) if i is not None]
        raw.append((len(present) == len(ids) and len({a.lower() for a in present}) == 1, col))
    parts: list[Part] = []
    k = 0
    while k < len(raw):
        const = raw[k][0]
        j = k
        while j < len(raw) and raw[j][0] == const:
            j += 1
        cols = [c for _, c in raw[k:j]]
        if const:
            parts.append("".join(rows[0][c[0]] for c in cols if c[0] is not None))
        else:
            values = {
                t: "".join(rows[r][i] for c in cols if (i := c[r]) is not None) for r, t in enumerate(ids)
            }
            parts.append(Span(values))
        k = j
    parts = whole_texts(parts, ids)  # a free-text argument whose words differ is one value (trial 17)
    return Template(
        _arguments(_one_value(_glue(_qualify(whole_dates(_tidy(fold_pieces(_merge(parts)), len(ids)))))))
    )


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?|\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}")


def _dates(span: Span) -> bool:
    seen = span.seen()
    return bool(seen) and all(_DATE.fullmatch(v.strip()) for v in seen)


def _ident(span: Span) -> bool:
    """Every value an identifier (`finance-ops`, `k.tanaka`, `e1042`): two of them are two arguments."""
    seen = span.seen()
    return bool(seen) and all(
        re.search(r"[-_.@/]|\d", v) and re.search(r"[^\W\d_]", v) and not re.search(r"\s", v) for v in seen
    )


def _letters(span: Span) -> bool:
    seen = span.seen()
    return bool(seen) and all(re.fullmatch(r"[^\W\d_]+", v) for v in seen)


def _code(span: Span) -> bool:
    """Every value an upper-case code (`LMP`, `OAK-220`, `M`): what a hyphen joins is one id (`TEE-BLK-M`),
    as words a hyphen joins are one name; fields of a file name (`e1042`, `2026-10`) stay apart."""
    seen = span.seen()
    return bool(seen) and all(re.fullmatch(r"[A-Z0-9]+(?:-[A-Z0-9]+)*", v) for v in seen)


def _kanji(span: Span) -> bool:
    """Every value holds CJK: `7F-大会議室B` is one room, whatever the hyphen joins."""
    seen = span.seen()
    return bool(seen) and all(re.search(r"[\u3040-\u30ff\u3400-\u9fff]", v) for v in seen)


def _merge(parts: list[Part]) -> list[Part]:
    """Spans separated by one space are one span, unless one of them is a date (`{job} {date}`) or
    an identifier (`add-member {group} {user}`: two arguments).

    So are a name and the number an underscore or hyphen glues to it (`cabinet_1`, `drawer-3`: one id),
    and words a hyphen joins (`finance-ops`, `design-leads`, `7F-大会議室B`: one name).
    """
    out: list[Part] = []
    for p in parts:
        if (
            isinstance(p, Span)
            and len(out) >= 2
            and isinstance(out[-2], Span)
            and isinstance(out[-1], str)
            and (
                out[-1] == " "
                and not (_ident(p) or _ident(out[-2]))
                or out[-1] in ("_", "-")
                and all(v.isdigit() for v in p.values.values() if v)
                or out[-1] == "-"
                and (
                    _letters(p)
                    and _letters(out[-2])
                    or _kanji(p)
                    or _kanji(out[-2])
                    or _code(p)
                    and _code(out[-2])
                    and any(re.search("[A-Z]", v) for v in [*p.seen(), *out[-2].seen()])
                )
            )
            and not _dates(p)
            and not _dates(out[-2])
        ):
            sep = out.pop()
            prev = out.pop()
            assert isinstance(prev, Span) and isinstance(sep, str)
            p = Span({t: prev.values[t] + sep + p.values[t] for t in prev.values})
        out.append(p)
    return out


_GLUE_SEP = re.compile(r"[^\s/=,:;{}()\[\]\"'`（）「」『』【】〔〕、。，：；]{1,2}")
_TOKEN_TAIL = re.compile(r"^[^\s\"'`,;)\]]+")


def _glue(parts: list[Part]) -> list[Part]:
    """Placeholders one token holds are one placeholder: `{value}館{value2}` (本館7F-702, 別館3F-305),
    `{file}@{value}` (`j.ortiz@northwind`), never across a bracket or a mark of Japanese prose
    (`EX-{number}（{amount}円）`: two values). An address takes the rest of its token too (`.example`):
    `{email}`, not a user and a domain of their own. Dates, and separators such as `/` or `=`
    (`/users/{id}/mfa`, `a={x}`) and `-`, `_`, `.` (`payslip-{employee}-{month}.pdf`) keep
    their spans apart.
    """
    out: list[Part] = []
    k = 0
    while k < len(parts):
        p = parts[k]
        while (
            isinstance(p, Span)
            and k + 2 < len(parts)
            and isinstance(sep := parts[k + 1], str)
            and isinstance(nxt := parts[k + 2], Span)
            and _GLUE_SEP.fullmatch(sep)
            and not re.fullmatch(r"[-_.]+", sep)  # `payslip-{employee}-{month}.pdf`: fields of a name
            and not (_dates(p) or _dates(nxt))
            and not any(re.search(r"\s", v) for v in [*p.values.values(), *nxt.values.values()])
        ):
            p = Span({t: p.values[t] + sep + nxt.values.get(t, "") for t in p.values})
            k += 2
            if "@" in sep and k + 1 < len(parts) and isinstance(tail := parts[k + 1], str):
                m = _TOKEN_TAIL.match(tail)
                if m and "." in m.group(0):
                    p = Span({t: v + m.group(0) for t, v in p.values.items()})
                    parts = [*parts[: k + 1], tail[m.end() :], *parts[k + 2 :]]
        out.append(p)
        k += 1
    return _adjacent([x for x in out if x != ""])


def _adjacent(parts: list[Part]) -> list[Part]:
    """Spans with nothing between them are one value (`{value}{value2}` of an address: round 51)."""
    out: list[Part] = []
    for p in parts:
        if isinstance(p, Span) and out and isinstance(prev := out[-1], Span):
            out[-1] = Span({t: prev.values[t] + p.values.get(t, "") for t in prev.values})
            continue
        out.append(p)
    return out


_VALUE_MARK = re.compile(r"[-_.:/#+]+\d?[-_.:/#+]*")
_TYPED = re.compile(
    r"\d{4}-\d{2}(?:-\d{2})?|v?\d+(?:\.\d+)+|[\w.+-]+@[\w.-]+|[a-z][a-z0-9+.-]*://\S*|\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}",
    re.I,
)


def _one_value(parts: list[Part]) -> list[Part]:
    """Spans of one token that only marks separate (`core-{}.{}` of `core-r1.par2`, `{}/0/{}` of `Te2/0/5`,
    `{}-{}` of `oat-pale-v4`) are one value: a request names a host, a port or a recipe whole, and an agent
    fills one placeholder from it rather than cutting it where this week's values happened to differ. A
    date, a version or an address among them is a value of its own (`payslip-{employee}-{month}.pdf`), and
    a word between (`/groups/{}/members/{}`) or a key (`a={}&b={}`) keeps two values apart.
    """
    out: list[Part] = []
    k = 0
    while k < len(parts):
        p = parts[k]
        while (
            isinstance(p, Span)
            and k + 2 < len(parts)
            and isinstance(sep := parts[k + 1], str)
            and isinstance(nxt := parts[k + 2], Span)
            and _VALUE_MARK.fullmatch(sep)
            and not any(re.search(r"\s", v) or _TYPED.fullmatch(v) for v in [*p.seen(), *nxt.seen()])
            and not (_dates(p) or _dates(nxt))
            and all(bool(p.values.get(t, "").strip()) == bool(v.strip()) for t, v in nxt.values.items())
        ):
            p = Span({t: p.values[t] + sep + nxt.values.get(t, "") for t in p.values})
            k += 2
        out.append(p)
        k += 1
    return out


def _arguments(parts: list[Part]) -> list[Part]:
    """Arguments that differ in their keys too are one placeholder: `{value}={value2}` (`is_flag=True`,
    `type=int`) is one argument, and a run of them where one task wrote more than another
    (`type=int, default=None`) one list: `@click.option("--{flag}", {options}, help=…)`, not three
    anonymous values. Spans around a `=` the tasks share, and a `, ` when some task left one side empty.
    """
    out: list[Part] = []
    merged: set[int] = set()
    for part in parts:
        if (
            isinstance(part, Span)
            and len(out) >= 2
            and isinstance(sep := out[-1], str)
            and isinstance(prev := out[-2], Span)
            and prev.ref is None
            and part.ref is None
            and (
                sep == "="
                or re.fullmatch(r",\s?", sep)
                and any(not v.strip() for v in [*prev.values.values(), *part.values.values()])
            )
            and not any("\n" in v for v in [*prev.values.values(), *part.values.values()])
        ):
            keys = prev.values.keys() | part.values.keys()
            joined = {}
            for t in keys:
                a, b = prev.values.get(t, ""), part.values.get(t, "")
                joined[t] = a + sep + b if a.strip() and b.strip() else a + b
            out[-2:] = [Span(joined)]
            merged.add(len(out) - 1)
            continue
        out.append(part)
    for k in sorted(merged):  # a list's closing comma, written by some tasks, is the text's
        part, after = out[k], out[k + 1] if k + 1 < len(out) else None
        if (
            isinstance(part, Span)
            and isinstance(after, str)
            and any(v.endswith(",") for v in part.values.values())
        ):
            out[k] = Span({t: v.rstrip(",") for t, v in part.values.items()}, part.name, part.ref)
            out[k + 1] = after if after.startswith(",") else "," + after
    return out


def _tidy(parts: list[Part], n: int) -> list[Part]:
    """Move shared edge whitespace out of spans; drop spans a minority fills; join constant runs."""
    out: list[Part] = []
    for p in parts:
        if isinstance(p, Span):
            filled = sum(1 for v in p.values.values() if v.strip())
            if filled * 2 <= n:
                continue  # what only a minority wrote here is not part of the step
            vals = list(p.values.values())
            lead = _common_prefix([v for v in vals if v.strip()], " ")
            trail = _common_suffix([v for v in vals if v.strip()], " ")
            if lead:
                out.append(lead)
            out.append(
                Span(
                    {t: v[len(lead) : len(v) - len(trail)] if v.strip() else "" for t, v in p.values.items()}
                )
            )
            if trail:
                out.append(trail)
        else:
            out.append(p)
    joined: list[Part] = []
    for p in out:
        if isinstance(p, str) and joined and isinstance(joined[-1], str):
            joined[-1] = joined[-1] + p
        elif p != "":
            joined.append(p)
    return joined


# a constant instance number (`1`, `2nd`, `#3`) after a varying noun, then the text's end, a
# punctuation mark, a placeholder or a function word: `go to {cabinet} 1`, `take {x} 1 from`
_FOLLOWERS = "from|to|in|on|into|onto|at|with|and|or|then|under|using|for"
_INSTANCE = re.compile(
    r"( (?:#|No\.)?\d{1,3}(?:st|nd|rd|th)?)(?=[\s;)\]]*$|\s*\{\}|,(?!\d)|[;)\]]|\s+(?:" + _FOLLOWERS + r")\b)"
    r"|([_-]\d{1,3})(?![\w.-])"  # `cabinet_1`, `cabinet-1`: glued to the noun, an id's number
)
_NOUN_END = re.compile(r"[^\W\d_]$")


def _qualify(parts: list[Part]) -> list[Part]:
    """A constant number that qualifies a varying noun is part of that noun's value.

    Three tasks that went to `cabinet 1`, `drawer 1`, `shelf 1` wrote one constant `1` after the
    varying noun; kept verbatim it sends an agent whose thing is `cabinet 3` to `cabinet 1`. The
    span takes the number (`{source}`: a thing and its number), also when an id glues it on
    (`cabinet_1`). A number before a noun (`3 replicas`) counts something and stays.
    """
    out: list[Part] = []
    k = 0
    while k < len(parts):
        p = parts[k]
        nxt = parts[k + 1] if k + 1 < len(parts) else None
        if (
            isinstance(p, Span)
            and isinstance(nxt, str)
            and all(v.strip() and _NOUN_END.search(v) for v in p.values.values())
            and (m := _INSTANCE.match(nxt + ("{}" if k + 2 < len(parts) else "")))
        ):
            num = m.group(1) or m.group(2)
            out.append(Span({t: v + num for t, v in p.values.items()}, p.name, p.ref))
            if nxt[len(num) :]:
                out.append(nxt[len(num) :])
            k += 2
            continue
        out.append(p)
        k += 1
    return out


def _common_prefix(values: list[str], chars: str) -> str:
    if not values:
        return ""
    n = min(len(v) - len(v.lstrip(chars)) for v in values)
    return values[0][:n]


def _common_suffix(values: list[str], chars: str) -> str:
    if not values:
        return ""
    n = min(len(v) - len(v.rstrip(chars)) for v in values)
    return values[0][len(values[0]) - n :] if n else ""


def find_word(text: str, word: str) -> tuple[int, int] | None:
    """Where `word` occurs in `text` as a whole (not glued to a letter or digit of its script; CJK may touch it)."""
    for m in re.finditer(re.escape(word), text, re.I):
        before = text[m.start() - 1] if m.start() else ""
        after = text[m.end()] if m.end() < len(text) else ""
        if not (_glued(before, word[0]) or _glued(after, word[-1])):
            return m.start(), m.end()
    return None


def _glued(neighbour: str, edge: str) -> bool:
    if not neighbour or not (neighbour.isalnum() and edge.isalnum()):
        return False
    return neighbour.isascii() == edge.isascii() and not is_cjk(neighbour)
