"""Reading a model's JSON answer safely: find it, bound it, parse it, and check the text inside it.

Tolerant where that is safe: prose before or after the JSON, a Markdown code fence, a byte-order
mark, Windows line ends. Strict where it is not: an answer larger than the caller allows, nested
deeper than any answer of ours (checked before parsing, so 100,000 brackets never reach the
recursive parser), or text with characters no note may hold (lone surrogates, NUL and other
control characters but newline and tab) is refused with a message the model can act on.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from memdir.errors import LLMAnswerError
from memdir.jsonvalue import JSONValue

if TYPE_CHECKING:
    from pydantic import ValidationError

MAX_DEPTH = 8  # our answers nest 5 deep ({episodes: [{parts: [{...}]}]}); the weekly one 4
MAX_CANDIDATES = 20  # `{` positions tried when the JSON is wrapped in prose
_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n(.*?)(?:\n[ \t]*```|\Z)", re.S)
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BAD_CHAR = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _depth(candidate: str) -> int:
    """Deepest bracket nesting outside strings (linear; never recursive)."""
    depth = peak = 0
    for ch in _STRING.sub("", candidate):
        if ch in "[{":
            depth += 1
            if depth > peak:
                peak = depth
                if peak > MAX_DEPTH:
                    return peak
        elif ch in "]}":
            depth -= 1
    return peak


def _load(candidate: str) -> JSONValue:
    if _depth(candidate) > MAX_DEPTH:
        raise LLMAnswerError(f"the JSON is nested more than {MAX_DEPTH} levels deep")
    try:
        value: JSONValue = json.loads(candidate)
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise LLMAnswerError(f"the JSON is nested more than {MAX_DEPTH} levels deep") from None
    return value


def extract_json(text: str, max_chars: int) -> JSONValue:
    """The JSON value in a model's reply; raises LLMAnswerError (too large, none found, too deep)."""
    if len(text) > max_chars:
        raise LLMAnswerError(
            f"the answer is {len(text):,} characters long, more than the {max_chars:,} allowed"
        )
    raw = text.lstrip("\ufeff").strip()
    if not raw:
        raise LLMAnswerError("the answer is empty")
    candidates: list[str] = []
    fence = _FENCE.search(raw)
    if fence:
        candidates.append(fence.group(1).strip())
    if raw[0] in "{[":
        candidates.append(raw)
    first, last = raw.find("{"), raw.rfind("}")
    if 0 <= first < last:
        candidates.append(raw[first : last + 1])
    error = "the answer holds no JSON object"
    for candidate in dict.fromkeys(candidates):
        try:
            return _load(candidate)
        except ValueError as exc:
            error = f"the answer is not valid JSON ({str(exc).split(':', 1)[0]})"
    # prose with braces of its own around the JSON: decode from each `{` until one parses
    decoder = json.JSONDecoder()
    start = raw.find("{")
    for _ in range(MAX_CANDIDATES):
        if start < 0:
            break
        try:
            if _depth(raw[start:]) <= MAX_DEPTH:
                value, _end = decoder.raw_decode(raw, start)
                if isinstance(value, dict):
                    return value
        except ValueError:
            pass
        start = raw.find("{", start + 1)
    if _depth(raw) > MAX_DEPTH:
        raise LLMAnswerError(f"the JSON is nested more than {MAX_DEPTH} levels deep")
    if raw.count("{") > raw.count("}"):
        error = "the JSON is cut off before its end (a closing brace is missing)"
    raise LLMAnswerError(error)


def clean_text(value: str) -> str:
    """Windows and old-Mac line ends become newlines (safe: no meaning is lost)."""
    return value.replace("\r\n", "\n").replace("\r", "\n")


def bad_character(value: str) -> str | None:
    """A description of the first character no note may hold, or None when the text is clean."""
    m = _BAD_CHAR.search(value)
    if m is None:
        return None
    code = ord(m.group(0))
    kind = "a lone surrogate" if 0xD800 <= code <= 0xDFFF else "NUL" if code == 0 else "a control character"
    return f"{kind} (U+{code:04X}) at character {m.start()}"


def safe_line(value: object, limit: int = 80) -> str:
    """A short, printable rendering of a value for messages and retries (bad characters shown as `?`)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=True)[: limit * 2]
    text = _BAD_CHAR.sub("?", " ".join(text.split()))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def validation_message(exc: ValidationError, limit: int = 3) -> str:
    """pydantic's errors as one short line: `parts.0.kind: Input should be 'knowledge', ...`."""
    items = []
    for err in exc.errors()[:limit]:
        loc = ".".join(str(x) for x in err.get("loc", ())) or "answer"
        items.append(f"{loc}: {err.get('msg', 'invalid')}")
    more = len(exc.errors()) - limit
    return "; ".join(items) + (f" (and {more} more)" if more > 0 else "")
