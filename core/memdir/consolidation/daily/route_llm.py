"""The LLM router: one structured call per batch of episodes, JSON validated, caps enforced.

Episode text is redacted before it leaves the machine. The model sees related notes only
as opaque ids (N1, N2...) and never names a path; its answer is checked field by field.
An answer that cannot be parsed is asked for once more; if it still fails, the batch's
episodes stay pending (nothing is written for them) and the next run tries again.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any

from memdir.config import LLMConfig
from memdir.consolidation.daily.route_rag import NoteVectors, embed_text
from memdir.consolidation.daily.router import KINDS, RoutedPart
from memdir.errors import LLMError
from memdir.jsonvalue import JSONObject
from memdir.llm.base import LLMEngine
from memdir.llm.prompts import load_prompt, render
from memdir.notes.episodes import Episode
from memdir.runs.redact import redact_text

log = logging.getLogger(__name__)

MAX_EPISODE_CHARS = 8_000
RELATED_K = 3


@dataclass
class LLMRouting:
    """Outcome of routing with an LLM: parts per routed episode, and what stayed pending."""

    routed: list[tuple[Episode, list[RoutedPart]]] = field(default_factory=list)
    pending: list[Episode] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    input_chars: int = 0


def _batches(episodes: list[Episode], budget_tokens: int) -> list[list[Episode]]:
    """Consecutive groups whose estimated tokens (chars / 4) fit the budget (at least one each)."""
    out: list[list[Episode]] = []
    cur: list[Episode] = []
    used = 0
    for ep in episodes:
        cost = min(len(ep.text), MAX_EPISODE_CHARS) // 4 + 50
        if cur and used + cost > budget_tokens:
            out.append(cur)
            cur, used = [], 0
        cur.append(ep)
        used += cost
    if cur:
        out.append(cur)
    return out


def parse_answer(text: str, ids: set[str]) -> dict[str, list[JSONObject]]:
    """Validate the model's JSON; returns episode id -> parts. Raises ValueError when unusable."""
    raw = text.strip()
    fence = re.match(r"^```(?:json)?\s*(.*?)\s*```$", raw, re.S)
    if fence:
        raw = fence.group(1)
    try:
        data = json.loads(raw)
    except RecursionError:
        raise ValueError("answer JSON is nested too deeply") from None
    if not isinstance(data, dict) or not isinstance(data.get("episodes"), list):
        raise ValueError("answer has no `episodes` list")
    out: dict[str, list[dict[str, Any]]] = {}
    for item in data["episodes"]:
        if (
            not isinstance(item, dict)
            or str(item.get("id")) not in ids
            or not isinstance(item.get("parts"), list)
        ):
            raise ValueError(f"invalid episode entry {str(item)[:80]!r}")
        parts = []
        for p in item["parts"]:
            if not isinstance(p, dict) or p.get("kind") not in KINDS:
                raise ValueError(f"invalid part {str(p)[:80]!r}")
            if p["kind"] != "skip" and not (isinstance(p.get("text"), str) and p["text"].strip()):
                raise ValueError("a kept part needs non-empty text")
            parts.append(p)
        out[str(item["id"])] = parts
    return out


class LLMRouter:
    """Routes episodes through an LLMEngine within the run's call and input caps."""

    def __init__(self, engine: LLMEngine, config: LLMConfig, vectors: NoteVectors) -> None:
        self.engine = engine
        self.config = config
        self.vectors = vectors
        self.system, self.template = load_prompt("daily_route")

    def route(self, episodes: list[Episode]) -> LLMRouting:
        """Route what fits the caps; the rest (and failed batches) stay pending."""
        res = LLMRouting()
        calls = 0
        batches = _batches(episodes, self.config.batch_tokens)
        for bi, batch in enumerate(batches):
            size = sum(min(len(e.text), MAX_EPISODE_CHARS) for e in batch)
            if calls >= self.config.max_calls or res.input_chars + size > self.config.max_input_chars:
                left = [e for b in batches[bi:] for e in b]
                res.pending.extend(left)
                res.errors.append(
                    f"llm caps reached (max_calls={self.config.max_calls}, "
                    f"max_input_chars={self.config.max_input_chars}): {len(left)} episodes left pending"
                )
                break
            res.input_chars += size
            user, ids, offered = self._prompt(batch)
            answer: dict[str, list[dict[str, Any]]] | None = None
            for attempt in (1, 2):
                if calls >= self.config.max_calls:
                    break
                calls += 1
                try:
                    reply = self.engine.complete(self.system, user, json_mode=True)
                except LLMError as exc:
                    res.errors.append(str(exc))
                    res.pending.extend(e for b in batches[bi:] for e in b)
                    return res  # provider trouble: stop calling, keep everything pending
                try:
                    answer = parse_answer(reply.text, set(ids))
                    break
                except (ValueError, TypeError) as exc:
                    log.warning("unusable LLM answer (attempt %d): %s", attempt, exc)
                    res.errors.append(f"unusable LLM answer (attempt {attempt}): {exc}")
            if answer is None:
                res.pending.extend(batch)
                continue
            for eid, ep in ids.items():
                if eid not in answer:
                    res.pending.append(ep)
                    res.errors.append(f"the LLM answer left out {ep.id}; it stays pending")
                    continue
                res.routed.append((ep, [self._part(ep, p, offered) for p in answer[eid]]))
        return res

    def _prompt(self, batch: list[Episode]) -> tuple[str, dict[str, Episode], dict[str, str]]:
        ids = {f"E{i}": ep for i, ep in enumerate(batch, 1)}
        texts = {eid: redact_text(ep.text)[:MAX_EPISODE_CHARS] for eid, ep in ids.items()}  # redact, then cut
        vecs = self.vectors.embed([embed_text(ep.title, texts[eid]) for eid, ep in ids.items()])
        offered: dict[str, str] = {}
        lines = []
        for vec in vecs:
            for kind in ("knowledge", "procedures"):
                for m in self.vectors.related(vec, kind, k=RELATED_K):
                    if m.path not in offered.values():
                        nid = f"N{len(offered) + 1}"
                        offered[nid] = m.path
                        lines.append(f"- {nid} ({kind}): {redact_text(m.title)}")
        eps = "\n\n".join(f"### {eid}: {redact_text(ep.title)}\n{texts[eid]}" for eid, ep in ids.items())
        user = render(self.template, related="\n".join(lines) or "(none)", episodes=eps)
        return user, ids, offered

    @staticmethod
    def _part(ep: Episode, p: dict[str, Any], offered: dict[str, str]) -> RoutedPart:
        upd = p.get("update")
        return RoutedPart(
            kind=str(p["kind"]),
            title=" ".join(str(p.get("title") or ep.title).split())[:120],
            text=str(p.get("text") or ""),
            description=" ".join(str(p.get("description") or "").split())[:200],
            update=offered.get(str(upd)) if upd else None,
        )
