"""The daily routing answer: its schema (sent as `response_format`) and its validation, episode by episode.

One pydantic schema, `DailyAnswer`, is both what the provider is asked to produce and what the
reply is checked against; the prompt names exactly its fields (a test holds them together).
Each episode's entry is validated on its own, so one bad entry fails only its episode.

Tolerant where it is safe (each is a slip with one meaning):
- prose or a code fence around the JSON, Windows line ends (`memdir.llm.structured`);
- kinds in the singular or capitalised (`procedure` -> `procedures`), `skipped` -> `skip`;
- the old field name `note` for `update` (an earlier prompt asked for it), `content`/`body` for `text`;
- a missing `description`, `update` or (for skip) `title`/`text`; `null`/`""`/`none` as no update;
  note ids in lower case (`n3`); episode ids as numbers (`1` -> `E1`); one part not in a list;
- an over-long title or description is cut to its limit.
Strict where it is not: an unknown kind, an episode id that was not asked about or comes twice, a
missing entry, a kept part with no text, text that is not a string, a part larger than
MAX_PART_CHARS, a title that names a path, any character a note may not hold, or an update id
that was not listed under that same episode. Those fail the episode with a message for the retry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memdir.errors import LLMAnswerError
from memdir.jsonvalue import JSONValue
from memdir.llm.structured import bad_character, clean_text, extract_json, safe_line, validation_message

MAX_EPISODE_CHARS = 8_000  # of each episode's (redacted) text shown to the model
MAX_PART_CHARS = 4 * MAX_EPISODE_CHARS  # a part is the episode's own wording, rearranged
MAX_TITLE_CHARS = 120
MAX_DESCRIPTION_CHARS = 200
_KINDS = {
    "knowledge": "knowledge",
    "knowledges": "knowledge",
    "procedure": "procedures",
    "procedures": "procedures",
    "skip": "skip",
    "skips": "skip",
    "skipped": "skip",
}
_ALIASES = {"note": "update", "content": "text", "body": "text"}
_PATHLIKE = re.compile(r"^\s*(?:/|~|[A-Za-z]:[\\/]|\.\.?[\\/])|\.\.[\\/]|[\\/]\.\.(?:[\\/]|$)|\.md\s*$")


class PartAnswer(BaseModel):
    """One piece of an episode worth keeping (or `skip`)."""

    model_config = ConfigDict(extra="ignore")

    kind: Literal["knowledge", "procedures", "skip"] = Field(
        description="knowledge (what/why), procedures (how: steps), or skip"
    )
    title: str = Field(description="short title in the episode's language")
    description: str = Field(description="one line: what the note is for")
    text: str = Field(description="self-contained Markdown; procedures as numbered steps")
    update: str | None = Field(description="id of a related note listed under this episode, or null")


class EpisodeAnswer(BaseModel):
    """The parts of one episode."""

    model_config = ConfigDict(extra="ignore")

    id: str = Field(description="the episode id, e.g. E1")
    parts: list[PartAnswer]


class DailyAnswer(BaseModel):
    """The whole answer: one entry per episode asked about."""

    model_config = ConfigDict(extra="ignore")

    episodes: list[EpisodeAnswer]


@dataclass
class ParsedAnswer:
    """Per episode id: its valid parts, or why its entry was rejected."""

    parts: dict[str, list[PartAnswer]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)


def _episode_id(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"E{value}"
    text = str(value).strip() if isinstance(value, str) else ""
    return text.upper() if re.fullmatch(r"[eE]\d+", text) else text


def _normalise_part(raw: object) -> object:
    if not isinstance(raw, dict):
        return raw
    part = {_ALIASES.get(k, k): v for k, v in raw.items() if k not in _ALIASES or _ALIASES[k] not in raw}
    for name in ("title", "description", "text"):
        if isinstance(part.get(name), str):
            part[name] = clean_text(part[name])
    kind = part.get("kind")
    if isinstance(kind, str):
        part["kind"] = _KINDS.get(kind.strip().lower(), kind)
    upd = part.get("update")
    if isinstance(upd, str):
        upd = upd.strip()
        part["update"] = (
            None
            if upd.lower() in ("", "null", "none")
            else upd.upper()
            if re.fullmatch(r"[nN]\d+", upd)
            else upd
        )
    part.setdefault("update", None)
    part.setdefault("description", "")
    if part.get("kind") == "skip":
        part.setdefault("title", "")
        part.setdefault("text", "")
    return part


def _check_part(i: int, part: PartAnswer, offered: set[str], eid: str) -> str | None:
    """Why the part cannot be used, or None."""
    where = f"parts[{i}]"
    for name in ("title", "description", "text", "update"):
        value = getattr(part, name)
        bad = bad_character(value) if isinstance(value, str) else None
        if bad:
            return f"{where}.{name} holds {bad}"
    if part.kind == "skip":
        return None
    if not part.text.strip():
        return f"{where}: a {part.kind} part needs its text"
    if len(part.text) > MAX_PART_CHARS:
        return f"{where}.text is {len(part.text):,} characters, more than the {MAX_PART_CHARS:,} allowed"
    if _PATHLIKE.search(part.title):
        return f"{where}.title {safe_line(part.title, 60)!r} names a path; give a plain title (memdir picks files)"
    if part.update is not None and part.update not in offered:
        listed = ", ".join(sorted(offered, key=lambda n: int(n[1:]))) or "none"
        return (
            f"{where}.update {safe_line(part.update, 20)!r} is not a note listed for {eid} (listed: {listed})"
        )
    return None


def _tidy(part: PartAnswer) -> PartAnswer:
    title = " ".join(part.title.split())
    if len(title) > MAX_TITLE_CHARS:
        title = title[: MAX_TITLE_CHARS - 1].rstrip() + "…"
    desc = " ".join(part.description.split())
    if len(desc) > MAX_DESCRIPTION_CHARS:
        desc = desc[: MAX_DESCRIPTION_CHARS - 1].rstrip() + "…"
    return part.model_copy(update={"title": title, "description": desc, "text": part.text.strip()})


def parse_daily(text: str, offered: dict[str, set[str]], max_chars: int) -> ParsedAnswer:
    """Validate a routing answer for the episodes in `offered` (id -> note ids listed under it).

    Raises LLMAnswerError when the answer as a whole is unusable (too large, no JSON, too deep,
    no `episodes` list); otherwise returns each episode's parts or the reason its entry failed.
    """
    data: JSONValue = extract_json(text, max_chars)
    if isinstance(data, list):
        data = {"episodes": data}  # the entries without their envelope
    entries = data.get("episodes") if isinstance(data, dict) else None
    if isinstance(entries, dict):
        entries = [entries]
    if not isinstance(entries, list):
        raise LLMAnswerError('the answer has no "episodes" list')
    out = ParsedAnswer()
    seen: set[str] = set()
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        eid = _episode_id(entry.get("id"))
        if eid not in offered:
            continue  # not asked about: nothing of it is used
        if eid in seen:
            out.parts.pop(eid, None)
            out.errors[eid] = f"{eid} appears more than once in the answer"
            continue
        seen.add(eid)
        raw_parts = entry.get("parts")
        if isinstance(raw_parts, dict):
            raw_parts = [raw_parts]
        fixed = {**entry, "id": eid}
        if isinstance(raw_parts, list):
            fixed["parts"] = [_normalise_part(p) for p in raw_parts]
        try:
            answer = EpisodeAnswer.model_validate(fixed)
        except ValidationError as exc:
            out.errors[eid] = f"{eid}: {validation_message(exc)}"
            continue
        problems = [
            p for i, part in enumerate(answer.parts) if (p := _check_part(i, part, offered[eid], eid))
        ]
        if problems:
            out.errors[eid] = f"{eid}: " + "; ".join(problems[:3])
            continue
        out.parts[eid] = [_tidy(p) for p in answer.parts]
    for eid in offered:
        if eid not in seen:
            out.errors[eid] = f"the answer has no entry for {eid}"
    return out
