"""Time and memory bounds per input class: frontmatter, episodes, activity lines, LLM answers, redaction.

Hypothesis generates hostile inputs of each class (alias bombs, deep nesting, long lines, many
headings, control characters, huge JSON); every single input must be handled within the class's
time budget and tracemalloc peak. The bounds are per input, not per test: one slow input fails
the test even if the average is fine. Budgets are generous for a loaded 2-core box; what they
catch is the quadratic or exponential case (on main an alias bomb took minutes and gigabytes).
"""

from __future__ import annotations

import json
import time
import tracemalloc
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memdir import redaction
from memdir.activity import ActivityLog
from memdir.errors import MemdirError
from memdir.notes import frontmatter as fm_module
from memdir.notes.episodes import parse_episode_text
from memdir.notes.model import Note
from memdir.redaction import redact_text

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")  # big failing examples
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MB = 1024 * 1024


def _fresh() -> None:
    """Forget what the caches keep by text (detected secrets, parsed frontmatter): each measure is cold."""
    redaction._detected_short.cache_clear()  # noqa: SLF001
    redaction._LONG.clear()  # noqa: SLF001
    redaction._LONG_CHARS[0] = 0  # noqa: SLF001
    fm_module._parsed.cache_clear()  # noqa: SLF001


def _call(fn: Callable[[], object]) -> None:
    try:
        fn()
    except (MemdirError, ValueError, TypeError):
        pass  # documented refusals; anything else fails the test


def _bounded(fn: Callable[[], object], seconds: float, peak_mb: float) -> None:
    """Time a cold call as it runs (tracemalloc slows allocation-heavy code several times), then its
    memory peak on a second cold call under tracemalloc."""
    _fresh()
    t0 = time.perf_counter()
    _call(fn)
    elapsed = time.perf_counter() - t0
    _fresh()
    tracemalloc.start()
    try:
        _call(fn)
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert elapsed < seconds, f"took {elapsed:.2f}s (budget {seconds}s)"
    assert peak < peak_mb * MB, f"peak {peak / MB:.1f} MB (budget {peak_mb} MB)"


@st.composite
def alias_yaml(draw: st.DrawFn) -> str:
    """Billion-laughs shapes: n levels of k aliases to the level below, as tags, sources or merge keys."""
    levels, width = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    lines = ['l0: &l0 ["lol", "lol"]']
    for i in range(1, levels + 1):
        lines.append(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * width)}]")
    key = draw(st.sampled_from(["tags", "sources", "description", "<<"]))
    lines.append(f"{key}: *l{levels}")
    return "\n".join(lines) + "\n"


_nested = st.integers(1, 200).map(lambda n: "x: " + "[" * n + "]" * n + "\n") | st.integers(1, 200).map(
    lambda n: "".join("  " * i + f"k{i}:\n" for i in range(n)) + "  " * n + "v\n"
)
_wide = st.integers(1, 20_000).map(lambda n: "x: [" + ",".join("1" for _ in range(n)) + "]\n")
_long = st.integers(1, 200_000).map(lambda n: "description: " + "a" * n + "\n")
frontmatter = st.one_of(alias_yaml(), _nested, _wide, _long, st.text(max_size=2000))


@FUZZ
@given(frontmatter, st.text(max_size=200))
def test_frontmatter_parse_is_bounded(meta: str, body: str) -> None:
    """Any frontmatter: parsed or refused (NoteError) in under 5 s and 64 MB; aliases never expanded."""

    def parse() -> None:
        note = Note.from_text("knowledge/x.md", f"---\n{meta}---\n{body}")
        str(note.meta)  # what chunking and planning do with tags and sources
        note.str_list("tags"), note.str_list("sources"), note.description, note.title

    _bounded(parse, 5.0, 64)


_md = st.sampled_from(["## ", "## 10:30 — x\n", "```\n", "~~~\n", "---\n", "text\n", "\x00", "\r\n", "# t\n"])
episode_text = st.one_of(
    st.lists(_md, max_size=400).map("".join),
    st.integers(1, 5000).map(
        lambda n: (
            "---\ndate: x\n---\n"
            + "".join(f"## {i % 24:02d}:{i % 60:02d} — e{i}\n\nbody\n" for i in range(n))
        )
    ),
    st.integers(1, 2000).map(lambda n: "```\n" * n + "## a\n" * n),
    st.text(max_size=5000),
)


@FUZZ
@given(episode_text)
def test_episode_parse_is_bounded(text: str) -> None:
    """Any day file, including thousands of headings and fences: parsed in under 5 s and 64 MB."""
    _bounded(lambda: parse_episode_text("episodes/2026-11-28.md", text), 5.0, 64)


activity_line = st.one_of(
    st.integers(1, 100_000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 2_000_000).map(
        lambda n: json.dumps({"ts": "2026-11-28T10:00:00Z", "type": "x", "input": "y" * n})
    ),
    st.text(max_size=2000),
    st.binary(max_size=2000).map(lambda b: b.decode("latin-1")),
)


@FUZZ
@given(activity_line)
def test_activity_line_parse_is_bounded(line: str) -> None:
    """Any activity line (deep JSON, 2 MB lines, binary): parsed or skipped in under 1 s and 32 MB."""
    raw = line.encode("utf-8", "surrogatepass")
    _bounded(lambda: ActivityLog._parse_line(raw, "x.jsonl:1"), 1.0, 32 + len(raw) * 4 / MB)


llm_answer = st.one_of(
    st.integers(1, 50_000).map(lambda n: '{"episodes": ' + "[" * n + "]" * n + "}"),
    st.integers(1, 3_000).map(
        lambda n: json.dumps(
            {"episodes": [{"id": "E1", "parts": [{"kind": "knowledge", "text": "t" * 50}] * n}]}
        )
    ),
    st.text(max_size=3000).map(lambda t: "```json\n" + t + "\n```"),
    st.integers(1, 300_000).map(lambda n: '{"title": "' + "x" * n + '", "steps": ["a"]}'),
)


@FUZZ
@given(llm_answer)
def test_llm_answer_parse_is_bounded(answer: str) -> None:
    """Any model answer (deep JSON, thousands of parts, huge fields): validated or refused in under 2 s."""
    from memdir.consolidation.daily.route_answer import parse_daily
    from memdir.consolidation.weekly.draft import Draft
    from memdir.consolidation.weekly.llm_brief import ClusterBrief
    from memdir.consolidation.weekly.llm_distill import parse_weekly

    fallback = Draft(
        title="t", description="d", steps=["s"], sources=[], tools=[], values={}, engine="builtin"
    )
    brief = ClusterBrief(tasks=[], failed=[], draft={"title": "t", "steps": ["s"]})
    _bounded(lambda: parse_daily(answer, {"E1": set()}, 64_000), 2.0, 64 + len(answer) * 8 / MB)
    _bounded(lambda: parse_weekly(answer, brief, fallback, "mock"), 2.0, 64 + len(answer) * 8 / MB)


redact_input = st.one_of(
    st.integers(1, 50_000).map(lambda n: "a_" * n),
    st.integers(1, 20_000).map(lambda n: "curl -u " * n),
    st.integers(1, 20_000).map(lambda n: "password=" * n),
    st.integers(1, 5_000).map(lambda n: "-----BEGIN PRIVATE KEY-----" * n),
    st.text(alphabet="ab_=:-@/\\\"' \n\tA1", max_size=20_000),
)


@FUZZ
@given(redact_input)
def test_redaction_is_bounded(text: str) -> None:
    """Redaction runs on every episode before daily: any 100 kB input in under 5 s, linear in size."""
    _bounded(lambda: redact_text(text), 5.0, 64)
