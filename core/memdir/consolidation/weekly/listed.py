"""Which of a draft's steps a note already lists: what a review item's candidate leaves out.

The duplicate check (`dedupe.py`) decides whether a note says the work, weighing a step's code
against the note's code. What a review item then lists as "Steps the new tasks took that this note
does not list" is read as a person reads the note: a step is listed when one line of the note holds
at least `COVERED` of the words the step names, the line read whole (its code and its prose:
"`git pull` on main" lists `git pull origin main`), the step read as what it names: its command's
words; for a call written as arguments (`channel=#deploys text=api {version} on staging`), the
arguments' values, where a value of several words is a message (what was said, which a person's line
paraphrases) and is left out, and, when those are fewer than two words, the tool's own words too
(`slack.post`: slack, post; a tool says how the work was logged, a person's line "announce" or "post").
Placeholders (`{x}`, `<x>`), markup and a line's list marker are no words; Japanese is read by
character pairs. A line that names the step's call in code (`` `carrier.create_label` ``, a name with a
dot, a slash or an underscore in it) lists the step whatever its arguments (trial 24: "Create the EMS label
with the customs form attached (`carrier.create_label`, service EMS)" was said not to list
`carrier.create_label: service=EMS customs_form=…`).

A step the note does not list says where it goes among the note's numbered steps (`placed`): after the
step that lists the draft's step before it, or before the one that lists the step after it ("after step
6"), so that a person accepting it knows where to move it from the dated section it is appended in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from memdir.consolidation.weekly.cross_language import placed_across
from memdir.consolidation.weekly.dedupe import COVERED
from memdir.consolidation.weekly.named import PLACEHOLDER, named_line, runs, step_tool

_CODE = re.compile(r"`+([^`]+)`+")
_PREFIX = re.compile(r"^\s*(?:(?:\d+[.)]|[-*+])\s+)?([\w.:/-]{1,40}): (?=`)")
_KEY = re.compile(r"^[\w.-]+=")
_SPLIT = re.compile(r"[\W_]+", re.U)
_CJK_RUN = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]+")


def _words(text: str) -> set[str]:
    """The words of a text, lower case, no placeholders, no punctuation; a run of Japanese (no spaces
    between its words) gives its character pairs, so that a line sharing a few characters (の, し) with
    a reply does not list it."""
    out: set[str] = set()
    rest = PLACEHOLDER.sub(" ", text.replace("`", " "))
    for run in _CJK_RUN.findall(rest):
        out.update([run] if len(run) == 1 else (run[i : i + 2] for i in range(len(run) - 1)))
    out.update(w.lower() for w in _SPLIT.split(_CJK_RUN.sub(" ", rest)) if w)
    return out


def step_names(step: str) -> set[str]:
    """What a draft step names: its command's words, or for arguments the tool and the short values."""
    m = _PREFIX.match(step)
    code = " ".join(_CODE.findall(step)) or (step[m.end() :] if m else step)
    tokens = code.split()
    if not tokens or not _KEY.match(tokens[0]):
        return _words(code)
    values: list[list[str]] = []
    for tok in tokens:
        if _KEY.match(tok):
            values.append([tok.split("=", 1)[1]])
        else:
            values[-1].append(tok)
    short = [v for v in values if len(v) == 1] or values  # a value of several words is a message
    names = _words(" ".join(w for v in short for w in v))
    if len(names) >= 2:  # the tool says how the work was logged (`slack.post`: a line says "announce")
        return names
    return names | (_words(m.group(1)) if m else set())


_CALL_NAME = re.compile(r"[\w-]+(?:[./_][\w-]+)+")


def names_call(step: str, line: str) -> bool:
    """Whether a line names the step's call in code: its tool, a name joined by `.`, `/` or `_`, backticked."""
    m = _PREFIX.match(step)
    tool = m.group(1) if m else ""
    if not _CALL_NAME.fullmatch(tool):
        return False
    return any(tool in code.replace(",", " ").split() for code in _CODE.findall(line))


def listed(step: str, lines: Sequence[str]) -> bool:
    """Whether one of the note's lines holds at least COVERED of what the step names, or names its call."""
    names = step_names(step)
    if any(names_call(step, ln) for ln in lines):
        return True
    if not names:
        return False
    return any(len(names & _words(ln)) >= COVERED * len(names) for ln in lines)


_NUMBER = re.compile(r"^\s*(\d{1,3})[.)]\s")


def _number(step: str, lines: Sequence[str]) -> str:
    """The number of the note's numbered line that lists the step, or ""."""
    for ln in lines:
        m = _NUMBER.match(ln)
        if m and listed(step, [ln]):
            return m.group(1)
    return ""


def placed(step: str, whole: Sequence[str], lines: Sequence[str]) -> str:
    """Where an unlisted step goes among the note's numbered steps: "after step N" (N lists the draft's
    step before it), "before step N" (N lists the one after), or "" when no neighbour is listed."""
    if step not in whole:
        return ""
    at = list(whole).index(step)
    for s in reversed(whole[:at]):
        if n := _number(s, lines):
            return f"after step {n}"
    for s in whole[at + 1 :]:
        if n := _number(s, lines):
            return f"before step {n}"
    return placed_across(step, whole, lines)  # a note in the other language: by the lines that tell the steps


_TOOL = re.compile(r"^\s*([^`:]{1,40}): (?=`)")


def _named_by(step: str) -> set[str]:
    """The words a line naming this step would share with it: its tool's and its short values'."""
    m = _TOOL.match(step)
    return {w for w in (_words(m.group(1)) if m else set()) | step_names(step) if len(w) > 1}


def listed_in_order(steps: Sequence[str], lines: Sequence[str]) -> set[int]:
    """The steps a note lists in its own words at the same place (trial 12): between two steps a line lists
    or names (`named.runs`: the template, the report it runs), or before the first, after the last, a step
    no line lists is listed by the next line there that lists no step and names its tool or one of its values.
    Returns the steps listed either way. "4. Slack の #events に…投稿する", "5. Google カレンダーの
    予定の場所を更新する" after the line that lists the mail-out are the Slack and calendar calls that follow it."""
    lines = list(lines)
    tools = {t for s in steps if (t := step_tool(s))}
    named = [named_line(ln) for ln in lines]
    held = [
        [j for j, ln in enumerate(lines) if listed(s, [ln]) or (named[j].terms and runs(named[j], s, tools))]
        for s in steps
    ]
    anchors: list[tuple[int, int]] = []
    for i, js in enumerate(held):
        later = [j for j in js if j > (anchors[-1][1] if anchors else -1)]
        if later:
            anchors.append((i, later[0]))
    if not anchors:
        return set()
    taken = {j for js in held for j in js}
    bounds = [(-1, -1), *anchors, (len(steps), len(lines))]
    out = {i for i, js in enumerate(held) if js}
    for (i0, j0), (i1, j1) in zip(bounds, bounds[1:], strict=False):
        free = [j for j in range(j0 + 1, j1) if j not in taken]
        for i in range(i0 + 1, i1):
            if held[i]:
                continue
            names = _named_by(steps[i])
            at = next((k for k, j in enumerate(free) if names & _words(lines[j])), None)
            if at is not None:
                out.add(i)
                free = free[at + 1 :]
    return out


def unlisted(
    steps: Sequence[str],
    lines: Sequence[str],
    whole: Sequence[str] = (),
    values: Mapping[str, Sequence[str]] | None = None,
) -> list[str]:
    """The steps none of the note's lines lists, in order (`whole`: all the draft's steps, to read the
    note's lines in order, `listed_in_order`; `values`: the draft's placeholders' values, `spelled_by`)."""
    by_place = {whole[i] for i in listed_in_order(whole, lines)} if whole else set()
    return [
        s
        for s in steps
        if s not in by_place and not listed(s, lines) and not said_with_value(s, lines, values or {})
    ]


_NOTE_SLOT = re.compile(r"<[^<>\s]{1,40}>|\{[^{}\s]{1,40}\}")


def spelled_by(code: str, seen: Sequence[str]) -> bool:
    """Whether a note's code span writes the values seen: one of them literally, or most of them (two or
    more; a masked one aside) as a pattern of its placeholders (`<client>_<job-id>_JA.zip` writes
    `acme_J-7_JA.zip`)."""
    if code in seen:
        return True
    if not _NOTE_SLOT.search(code):
        return False
    pattern = ".+?".join(re.escape(p) for p in _NOTE_SLOT.split(code))
    real = [v for v in seen if "REDACTED" not in v]
    hits = sum(1 for v in real if re.fullmatch(pattern, v))
    return hits >= 2 and hits * 2 > len(real)


def _command_word(step: str) -> str:
    code = PLACEHOLDER.sub(" ", _code(step)).split()
    return code[0].lower() if code else ""


def said_with_value(step: str, lines: Sequence[str], values: Mapping[str, Sequence[str]]) -> bool:
    """A line that says the step's command (`zip` in "Zip the deliverables as …") and writes in code what
    one of its placeholders stands for (the note's own spelling or one of its values): the note has the
    step (trial 25 #7: `zip {object} out/*.docx` was proposed beside "3. Zip the deliverables as
    `<client>_<job-id>_JA.zip`.")."""
    word = _command_word(step)
    names = [n for n in _DRAFT_SLOT.findall(_code(step)) if values.get(n)]
    if not word or not names:
        return False
    for line in lines:
        if not _words(word) <= _words(line):
            continue
        if any(spelled_by(c.strip(), values[n]) for c in _CODE.findall(line) for n in names):
            return True
    return False


_DRAFT_SLOT = re.compile(r"\{([A-Za-z][\w-]*)\}")


def _code(text: str) -> str:
    """A step's or a line's code (its backticked spans, else the text after a tool prefix), spaces squashed."""
    m = _PREFIX.match(text)
    code = " ".join(_CODE.findall(text)) or (text[m.end() :] if m else text)
    return " ".join(code.split())


_TOKEN_EDGE = "`'\"()[],;"


def _matches(code: str, lines: Sequence[str], found: dict[str, set[str]]) -> None:
    """Where `code` (a step's, or one of its tokens) is one of `lines` but for its placeholders, the note's
    placeholder at each of them goes into `found`."""
    names = _DRAFT_SLOT.findall(code)
    if not names:
        return
    parts = _DRAFT_SLOT.split(code)  # text, name, text, name, ..., text
    pattern = "".join(re.escape(p) if i % 2 == 0 else "(.+?)" for i, p in enumerate(parts))
    for line in lines:
        m = re.fullmatch(pattern, line)
        if m is None:
            continue
        for name, got in zip(names, m.groups(), strict=True):
            if PLACEHOLDER.fullmatch(got):
                found.setdefault(name, set()).add(got)


def _anchored(token: str) -> bool:
    """A token that says where its placeholders sit: a word of constant text around them
    (`/data/ckpt/{run}/step-{step}`, `VERSION={version}`), not a bare `{name}`."""
    return re.search(r"[^\W\d_]{2,}", _DRAFT_SLOT.sub(" ", token)) is not None


def resolve(
    steps: Sequence[str], lines: Sequence[str], values: Mapping[str, Sequence[str]] | None = None
) -> dict[str, str]:
    """The note's own spelling of a draft's placeholders: a step whose code is one of the note's lines'
    code but for its placeholders (`make release VERSION={version2}`, `make release VERSION=<version>`)
    names the note's placeholder there (`{version2}` -> `<version>`); so does a token of a step that is a
    token of a note's line but for its placeholders, with constant words around them (the draft's `cd
    ~/eval && python run_eval.py --ckpt /data/ckpt/{run}/step-{step} --bench jsquad`, the note's `python
    run_eval.py --ckpt /data/ckpt/<run>/step-<N> --bench jglue`: `{run}` -> `<run>`, `{step}` -> `<N>`). A
    placeholder the note would spell two ways is left as it is."""
    found: dict[str, set[str]] = {}
    codes = [_code(ln) for ln in lines]
    tokens = list(dict.fromkeys(t.strip(_TOKEN_EDGE) for c in codes for t in c.split()))
    for step in steps:
        code = _code(step)
        _matches(code, codes, found)
        for token in code.split():
            token = token.strip(_TOKEN_EDGE)
            if _anchored(token):
                _matches(token, tokens, found)
    spans = [c.strip() for ln in lines for c in _CODE.findall(ln) if _NOTE_SLOT.search(c)]
    for name, seen in (values or {}).items():  # a note's code span that writes all of its values
        if name not in found:
            found[name] = {c for c in spans if spelled_by(c, seen)}
    return {name: next(iter(got)) for name, got in found.items() if len(got) == 1}


def numbered_lines(body: str) -> list[str]:
    """A note's numbered lines, whole (`1. …`, `2) …`), indented or not."""
    return [m.group(0) for m in re.finditer(r"^\s*\d+[.)]\s.*$", body, re.M)]


def list_items(body: str) -> list[str]:
    """The text of a note's `N. ` items at the start of a line."""
    return [m.group(1) for m in re.finditer(r"^\d+\. (.+)$", body, re.M)]
