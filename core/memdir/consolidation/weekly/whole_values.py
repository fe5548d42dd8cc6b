"""One value the alignment cut apart, put back together.

Atoms are aligned by equality, and a value made of words and marks (`review-corpus-v2`,
`gemma-2-9b-jcommonsense-20261124-e02f6d1`) holds the same marks as the text around it. When one
task's value has more hyphens than another's, the alignment may pair a hyphen inside one value with
the hyphen after another (`/data/gguf/{gguf}-{value}f16.gguf` for `/data/gguf/<run>-f16.gguf`: the
hyphen before `f16` went into `{value}`), or leave a piece only one task wrote (`-v2`) as a span of its
own, which, filled by a minority, was dropped with what it held (`--output {outgoing}-anon`, whose value
`review-corpus` had lost its `-v2`, became a placeholder of its own beside `{input}`). Two repairs:

- `fold_pieces`: a span some task leaves empty, glued inside a token to a neighbouring span (no space,
  quote, bracket, `/`, `=` or `?` between them), is a piece of that span's value: the two spans and the constant between
  are one span, each task's value exactly its text there. Marks every task's value then starts or ends
  with go back to the constant text (`{run}-f16.gguf`, `{input}-anon`).
- `join_named`: spans of one token with constant text between them (`{model}-jsquad-{stamp}` of
  `qwen2.5-1.5b-jsquad-20261112-a0c9f11`) are one value when every task names the whole of it
  elsewhere: the request ("evaluate checkpoint qwen2.5-1.5b-jsquad-20261112-a0c9f11 step 12000") for a
  step, the steps for a title. The request names the run, and an agent fills one placeholder from it;
  `configs/ft/{model}-{dataset}.yaml`, whose requests name the model and the dataset apart, stays two.

Japanese text (no spaces between words) and values with spaces are left as they are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from memdir.consolidation.weekly.span_types import Part, Span

# constant text inside one value: no space, quote, bracket, separator of a list, a shell, a path or a query
# (`/groups/{}/members/{}`, `a={}&b={}`: two values)
_GLUE = re.compile(r"[^\s'\"`()\[\]{}<>,;|&/=?\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]{1,24}")
_MARKS = "-_.:+#"
_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]")
# where a token starts or ends inside constant text
_TOKEN_EDGE = re.compile(r"[\s'\"`()\[\]{}<>,;|&=/:]")


def _solid(span: Span) -> bool:
    """A span whose values are pieces of a token: no space, no Japanese, no reference to another span."""
    return span.ref is None and not any(re.search(r"\s", v) or _CJK.search(v) for v in span.values.values())


def _joined(parts: Sequence[Part]) -> Span:
    """Spans and the constant text between them as one span: each task's text from the first to the last."""
    tasks = list(dict.fromkeys(t for p in parts if isinstance(p, Span) for t in p.values))
    return Span({t: "".join(p if isinstance(p, str) else p.values.get(t, "") for p in parts) for t in tasks})


def _trimmed(span: Span) -> list[Part]:
    """The span with the marks every task's value starts or ends with moved out to the constant text."""
    vals = list(span.values.values())
    if not vals or not all(vals):
        return [span]
    lead = 0
    while all(len(v) > lead + 1 and v[lead] == vals[0][lead] and v[lead] in _MARKS for v in vals):
        lead += 1
    trail = 0
    while all(len(v) > lead + trail + 1 and v[-1 - trail] == vals[0][-1 - trail] in _MARKS for v in vals):
        trail += 1
    inner = Span({t: v[lead : len(v) - trail] for t, v in span.values.items()})
    return [vals[0][:lead], inner, vals[0][len(vals[0]) - trail :] if trail else ""]


def _tidy(parts: list[Part]) -> list[Part]:
    """Adjacent constant texts as one, empty ones left out."""
    out: list[Part] = []
    for p in parts:
        if isinstance(p, str):
            if not p:
                continue
            if out and isinstance(out[-1], str):
                out[-1] += p
                continue
        out.append(p)
    return out


def fold_pieces(parts: list[Part]) -> list[Part]:
    """A span some task leaves empty and the span it is glued to inside one token are one span."""
    out = list(parts)
    k = 0
    while k + 2 < len(out):
        a, sep, b = out[k], out[k + 1], out[k + 2]
        if (
            isinstance(a, Span)
            and isinstance(sep, str)
            and isinstance(b, Span)
            and _GLUE.fullmatch(sep)
            and _solid(a)
            and _solid(b)
            and any(
                not a.values.get(t, "") or not b.values.get(t, "") for t in a.values.keys() | b.values.keys()
            )
        ):
            out[k : k + 3] = _trimmed(_joined([a, sep, b]))
            out = _tidy(out)
            k = 0
            continue
        k += 1
    return out


def _written(value: str, text: str) -> bool:
    """`value` written whole in `text`: not glued to a letter, digit, hyphen or dot of a longer token."""
    return re.search(rf"(?<![\w.-]){re.escape(value)}(?![\w-])", text, re.I) is not None


def _named(span: Span, named: Mapping[str, str]) -> bool:
    """Every task (two or more) wrote the span's value and names it whole in its other text."""
    filled = {t: v for t, v in span.values.items() if v}
    return (
        len(filled) >= 2
        and len(filled) == len(span.values)
        and all(_written(v, named.get(t, "")) for t, v in filled.items())
    )


def _head(text: str) -> str:
    """The end of a constant text that belongs to the token after it (`ckpt-` of `--out ckpt-`)."""
    cut = max((m.end() for m in _TOKEN_EDGE.finditer(text)), default=0)
    return text[cut:]


def _tail(text: str) -> str:
    """The start of a constant text that belongs to the token before it."""
    m = _TOKEN_EDGE.search(text)
    return text[: m.start()] if m else text


def _whole(parts: list[Part], i: int, j: int, named: Mapping[str, str]) -> tuple[str, Span, str] | None:
    """The span parts[i..j] make, widened to the constant text of their token when that is named whole
    (`qwen2.5-{x}-jsquad-{y}` of a run name); None when no such span is named."""
    before = parts[i - 1] if i > 0 and isinstance(parts[i - 1], str) else ""
    after = parts[j + 1] if j + 1 < len(parts) and isinstance(parts[j + 1], str) else ""
    assert isinstance(before, str) and isinstance(after, str)
    head, tail = _head(before), _tail(after)
    for pre, post in ((head, tail), (head, ""), ("", tail), ("", "")):
        span = _joined([pre, *parts[i : j + 1], post])
        if _named(span, named):
            return pre, span, post
    return None


def join_named(parts: list[Part], named: Mapping[str, str]) -> list[Part]:
    """Spans of one token that every task names whole in `named` (task -> its other text) are one span."""
    out: list[Part] = []
    i = 0
    while i < len(parts):
        p = parts[i]
        best: tuple[int, tuple[str, Span, str]] | None = None
        j = i
        while (
            isinstance(p, Span)
            and _solid(p)
            and j + 2 < len(parts)
            and isinstance(sep := parts[j + 1], str)
            and _GLUE.fullmatch(sep)
            and isinstance(nxt := parts[j + 2], Span)
            and _solid(nxt)
        ):
            j += 2
            found = _whole(parts, i, j, named)
            if found is not None:
                best = (j, found)
        if best is None:
            out.append(p)
            i += 1
            continue
        j, (pre, span, post) = best
        if pre:
            assert isinstance(out[-1], str)
            out[-1] = out[-1][: len(out[-1]) - len(pre)]
        out.append(span)
        rest = parts[j + 1] if j + 1 < len(parts) else ""
        i = j + 1
        if post:
            assert isinstance(rest, str)
            out.append(rest[len(post) :])
            i += 1
    return _tidy(out)
