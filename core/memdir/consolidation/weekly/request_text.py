"""What the requester wrote: a task's first human-authored free text, wherever the logger put it.

The contract recommends `summary` on `task_start` for the intent, but loggers write the request
elsewhere: nested in the start event (`request: {text, lang, channel}`), on an event of its own
(`request`, `inquiry`, `user_message`, `email`: `text`, `body`, `subject`, `prompt`...). Key names
are the logger's; what they hold is not: a request is prose. So the request is the longest free text
of the first event, in time, that the agent did not write (no tool call or result, thought, reply,
end or feedback) and that holds free text at all; free text is a string value at any depth (up to
`MAX_DEPTH` maps and lists) of three or more words, two of letters and one of them in lower case, or of four or more Japanese
characters. Names (`Ines Caldwell`), codes (`KTY-RENT-01`), channels (`counter`, `LINE`) and dates are
not free text; the longest wins over a subject line (`見積書もう一回ください` < its body).

A string that is a whole raw e-mail (RFC 5322: header lines `From:`, `To:`, `Subject:`, `Date:`,
`Message-ID:` …, a blank line, the body) is read as a person reads an e-mail: its Subject and its body are
what was asked; the other headers (addresses, dates, message ids) are the mail system's, never the request.
A string that is itself a JSON object or list (a span export's `input.value`: `{"channel": "sms", "message":
"…"}`) is read as its values (round 33): the message is the request, not the whole string.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence

from memdir.activity import ActivityEvent

MAX_DEPTH = 12  # a WhatsApp Cloud API webhook puts its text.body 11 levels deep (round 45)
# events the agent writes: its calls and their results, its thoughts, its replies, its end and feedback
AGENT_TYPES = frozenset(["tool_use", "tool_result", "thought", "response_sent", "task_end", "feedback"])
_META = frozenset(["ts", "type", "task_id"])
_LETTER_WORD = re.compile(r"^[^\W\d_]{2,}[.,!?;:]*$")
_LOWER_WORD = re.compile(
    r"^[a-z\u00df-\u00ff]{2,}[.,!?;:]*$"
)  # prose writes one: a name (`Ines Caldwell`) does not
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")  # Japanese, Chinese, Hangul
# scripts written without spaces between words (Thai, Lao, Khmer, Myanmar): counted by characters, as CJK
_UNSPACED = re.compile(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]")
_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9-]*):[ \t]*(.*)$")
_CONTINUED = re.compile(r"^[ \t]+\S")
# headers a mail client writes; one of them (with another header) makes a header block
_MAIL_HEADERS = frozenset(["from", "to", "cc", "subject", "date", "message-id", "reply-to", "sender"])


def mail_text(value: str) -> str | None:
    """A raw e-mail's Subject and body, one after the other; None when the string is no raw e-mail."""
    head, sep, body = value.replace("\r\n", "\n").partition("\n\n")
    lines = head.split("\n")
    if not sep or len(lines) < 2:
        return None
    headers: list[tuple[str, str]] = []
    for line in lines:
        if headers and _CONTINUED.match(line):
            name, text = headers[-1]
            headers[-1] = (name, f"{text} {line.strip()}")
        elif m := _HEADER.match(line):
            headers.append((m.group(1).lower(), m.group(2).strip()))
        else:
            return None
    names = {n for n, _ in headers}
    if not names & _MAIL_HEADERS or len(headers) < 2:
        return None
    subject = next((t for n, t in headers if n == "subject"), "")
    if subject and body.strip() and subject[-1] not in ".!?。！？":
        subject += "."  # a subject line is a sentence of its own, not the body's first words
    return "\n".join(x for x in (subject, body.strip()) if x)


def json_value(value: str) -> dict[str, object] | list[object] | None:
    """A string that is itself a JSON object or list (a span's `input.value`: `{"channel": "sms", "message":
    "…"}`) holds its values, read as they are; None for any other string."""
    text = value.strip()
    if not (text.startswith("{") and text.endswith("}") or text.startswith("[") and text.endswith("]")):
        return None
    try:
        inner = json.loads(text)
    except ValueError:
        return None
    return inner if isinstance(inner, dict | list) else None


def _bare(word: str) -> str:
    """The word without its combining marks: a Thai or Devanagari word's vowel signs are marks, no letters
    (`str.isalpha` is False for `สวัสดี`), yet the word is written in letters (round 46)."""
    return "".join(c for c in word if not unicodedata.category(c).startswith("M"))


def _lower(word: str) -> bool:
    """A word prose writes and a name does not: Latin in lower case, Cyrillic or Greek in lower case, or any
    word of a script without case (Hebrew, Arabic: round 45, a Hebrew request had been no prose at all; Thai,
    its vowel signs set aside: round 46)."""
    if _LOWER_WORD.match(word):
        return True
    core = _bare(word).rstrip(".,!?;:")
    return (
        len(core) >= 2
        and core.isalpha()
        and not _CJK.search(core)
        and not core.isascii()
        and (core.islower() or core.lower() == core.upper())
    )


def free_text(value: str) -> int:
    """How much prose a string is (its words, or Japanese characters / 2), 0 when it is no prose. A script
    written without spaces counts by characters even where a request puts spaces between its phrases: a
    Khmer message of six phrases is more prose than a form's one-phrase label beside it (round 56)."""
    words = value.split()
    letters = sum(1 for w in words if _LETTER_WORD.match(_bare(w)))
    if len(words) >= 3 and letters >= 2 and any(_lower(w) for w in words):
        return max(len(words), len(_UNSPACED.findall(_bare(value))) // 2)
    cjk = len(_CJK.findall(value)) + len(_UNSPACED.findall(_bare(value)))
    return max(cjk // 2, 2) if cjk >= 4 else 0


def _texts(value: object, depth: int = 0) -> list[str]:
    if depth > MAX_DEPTH:
        return []
    if isinstance(value, str):
        if (inner := json_value(value)) is not None:
            return _texts(inner, depth + 1)
        mail = mail_text(value)
        return [value if mail is None else mail]
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in _META for t in _texts(v, depth + 1)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v, depth + 1)]
    return []


def _by_agent(event: ActivityEvent) -> bool:
    tool = event.get("tool", event.get("tool_name"))
    return event.type in AGENT_TYPES or (isinstance(tool, str) and bool(tool.strip()))


def request_text(events: Sequence[ActivityEvent], skip: frozenset[str] = frozenset()) -> str:
    """The longest free text of the task's first event (in the order given) not written by the agent,
    one line, none of `skip` (the week's own constants, `task_intent.settle_intents`); "" when no such
    event holds free text."""
    for event in events:
        if _by_agent(event):
            continue
        texts = [(free_text(t), n, " ".join(t.split())) for n, t in enumerate(_texts(event.data))]
        prose = [t for t in texts if t[0] > 0 and t[2] not in skip]
        if prose:
            return max(prose, key=lambda t: (t[0], -t[1]))[2]
    return ""


def reply_text(event: ActivityEvent) -> str:
    """A reply logged under a key of the logger's own (`answer`, `body`, `reply: {text}`): its longest free
    text, one line; "" when it holds none."""
    texts = [(free_text(t), n, " ".join(t.split())) for n, t in enumerate(_texts(event.data))]
    prose = [t for t in texts if t[0] > 0]
    return max(prose, key=lambda t: (t[0], -t[1]))[2] if prose else ""
