"""Titles and file names of distilled procedures, generalised over the cluster's intents.

The intents that read alike (atom alignment ratio >= `GROUP_MIN`; Japanese is compared
character by character) form the phrasing most tasks used; aligned as one template
(`spans.template_of`), the parts where they differ are placeholders, shared with the steps.
When every task phrased its intent its own way, the most typical intent is the title and the
words it shares with the task's own step values become those placeholders; numbers, quoted
text, URLs and paths become placeholders too. Either way no value of a single task remains.

A file name comes from the title: a bracketed part that holds a placeholder is left out
(`（第{week}週）`), a placeholder next to Japanese text goes with its counter or honorific
(`{name}さんの` -> ``), other placeholders become their names (`upgrade-object-to-version`...),
and a word repeated next to itself is said once (`deploy-the-service-to-staging`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence

from memdir.consolidation.weekly.align import atoms, is_cjk
from memdir.consolidation.weekly.span_types import Span
from memdir.consolidation.weekly.spans import Template, find_word, template_of
from memdir.consolidation.weekly.title_holes import HOLE, drop_dangling
from memdir.consolidation.weekly.title_values import keeps_values, marked_values, unmarked
from memdir.consolidation.weekly.titles_ja import KANJI_RUN
from memdir.consolidation.weekly.titles_ja import shared_phrase_ja as shared_phrase_ja
from memdir.consolidation.weekly.varying_words import COUNT_WORDS
from memdir.paths import slugify

GROUP_MIN = 0.5
# capitalised words (not all capitals: `API`, `TLS` are terms), e.g. a person's name
_PROPER_NAME = re.compile(r"(?<![\w'])[A-Z][a-z\u00c0-\u024f'-]+(?: [A-Z][a-z\u00c0-\u024f'-]+)*")
_CLASS_SPAN = re.compile(
    r"\b(?:https?|ftp|file)://\S+|\"[^\"\n]{1,200}\"|'[^'\n]{1,200}'|「[^」\n]{1,200}」"
    r"|(?<![\w{/])(?:[\w.@-]+/)+[\w.@-]+|(?<![A-Za-z0-9_.,:])\d+(?:[.,:]\d+)*(?![A-Za-z0-9_])"
)
_BRACKETED = re.compile(r"[（(\[【「][^（()\[\]【】「」）]*\{\w+\}[^（()\[\]【】「」）]*[）)\]】」]")
_COUNTER = r"(?:さん|様|君|[週日月年時分号番件個回人円歳])"
_CASE = r"(?!を|に|へ|から|が|と|で)"  # `{object}を…{target}に置いて`: the name says which thing
_CJK_EDGE = re.compile(
    rf"第?\{{\w+\}}{_COUNTER}(?![\u3040-\u9fff])"  # `{partner}様 {amount}円`: the counter goes with its value
    rf"|第?\{{\w+\}}(?:{_COUNTER}|{_CASE})(?=[\u3040-\u9fff])"
    rf"|(?<=[\u3040-\u9fff])第?\{{\w+\}}(?:{_COUNTER}|{_CASE})"
)
_JA_GAP = re.compile(rf"(?<=[\u3040-\u30ff\u3400-\u9fff])\s*{HOLE}\s*(?=[\u3040-\u30ff\u3400-\u9fff])")
_NO_WORD = re.compile(r"value\d*")  # a placeholder named for no role says nothing in a file name
_PARTICLE = re.compile(r"^[のをにがはでともへ、。・]+")


def _words(text: str) -> list[str]:
    return [a.lower() for a in atoms(text) if not a.isspace()]


def intent_groups(intents: Mapping[str, str]) -> list[str]:
    """The largest set of task ids whose intents read alike around one centre (first id wins ties)."""
    ids = [t for t in intents if intents[t].strip()]
    if not ids:
        return []
    words = {t: _words(intents[t]) for t in ids}
    best: list[str] = []
    for c in ids:
        group = [c] + [
            t
            for t in ids
            if t != c and difflib.SequenceMatcher(a=words[c], b=words[t], autojunk=False).ratio() >= GROUP_MIN
        ]
        if len(group) > len(best):
            best = group
    return best


def title_template(intents: Mapping[str, str], step_spans: Sequence[Span]) -> tuple[Template, list[str]]:
    """The title as a template, and the task ids whose phrasing it follows.

    When the phrasing most tasks share keeps a value the steps vary, or cuts one (`keeps_values`), the
    requests are grouped and aligned again with each step value a request writes whole as one mark
    (`marked_values`): `qwen2.5-7b-jsquad-…` and `gemma-2-9b-jcommonsense-…` are the steps' `{ckpt}`, not words
    two requests happen to share (`qwen2.5-{jsquad}-jsquad-{jsquad2}`), and the title names that placeholder
    as the steps do (`on {bench}`, never two tasks' `on jsquad`).
    """
    group = intent_groups(intents)
    if len(group) >= 2:
        tpl = template_of({t: intents[t] for t in group})
        if not keeps_values(tpl, step_spans, intents):
            return tpl, group
        marked, found = marked_values(intents, step_spans)
        again = intent_groups(marked)
        if len(again) >= 2:
            return unmarked(template_of({t: marked[t] for t in again}), found, again), again
        return tpl, group
    pivot = group[0] if group else next(iter(intents))
    return _single(pivot, intents.get(pivot, ""), step_spans, intents), [pivot]


def _after_letter(intent: str, value: str) -> tuple[int, int] | None:
    """Where a number-led step value sits behind a one- or two-letter prefix the request glued to it
    (`v0.14.2` for the steps' `v{version}`), the prefix left as text; None when it is nowhere so."""
    if not value[:1].isdigit():
        return None
    m = re.search(r"(?<![\w.-])[A-Za-z]{1,2}(" + re.escape(value) + r")(?![\w]|\.\w)", intent)
    return (m.start(1), m.end(1)) if m else None


def _single(
    task: str, intent: str, step_spans: Sequence[Span], intents: Mapping[str, str] | None = None
) -> Template:
    """One task's intent with its step values and its instance details as spans (values of that task)."""
    marks: list[tuple[int, int, Span]] = []
    for span in step_spans:
        value = span.values.get(task, "").strip()
        if not value:
            continue
        for v in dict.fromkeys(
            [value, value.rsplit(" ", 1)[0] if value.rsplit(" ", 1)[-1].isdigit() else value]
        ):
            where = find_word(intent, v) or _after_letter(intent, v)
            if where and len(v) > 1:
                marks.append((where[0], where[1], span))
                break
    for m in _CLASS_SPAN.finditer(intent):
        marks.append((m.start(), m.end(), Span({task: m.group(0)})))
    others = [v.lower() for t, v in (intents or {}).items() if t != task]
    for m in _PROPER_NAME.finditer(intent):  # a person or thing only this task named (`Tomás Ruiz`)
        start, name = m.start(), m.group(0)
        if start == 0:  # the sentence's first word is capitalised anyway
            first, _, name = name.partition(" ")
            start += len(first) + 1
        if name and others and not any(name.lower() in o for o in others):
            marks.append((start, start + len(name), Span({task: name})))
    parts: list[str | Span] = []
    pos = 0
    for start, end, span in sorted(marks, key=lambda x: (x[0], -x[1])):
        if start < pos:
            continue
        parts.append(intent[pos:start])
        parts.append(Span({task: intent[start:end]}, ref=span if span.values.keys() - {task} else None))
        pos = end
    parts.append(intent[pos:])
    return Template([p for p in parts if p != ""])


def shared_wording(pivot: Template, intents: Mapping[str, str], task: str | Sequence[str]) -> float:
    """How much of the pivot's own wording (outside placeholders) most of the other intents also wrote.

    ALFWorld's "put a {object} in {target}", phrased three ways, still says what the others say
    (`put`); a chatty request ("could you get {x} back into his account? he typed his old password
    …") is one person's words. Words of 3+ letters, or CJK characters, count; 1.0 when none.
    """
    mine = {task} if isinstance(task, str) else set(task)
    others = [_words(v) for t, v in intents.items() if t not in mine and v.strip()]
    if not others:
        return 1.0
    own = [w for w in _words(_prose(pivot)) if len(w) >= 3 and w.isalpha() or is_cjk(w)]
    if not own:
        return 1.0
    common = sum(1 for w in own if sum(1 for o in others if w in o) * 2 > len(others))
    return common / len(own)


def one_persons(pivot: Template, intents: Mapping[str, str], task: str | Sequence[str]) -> bool:
    """Whether a title is one request with holes: it has a placeholder and a word no other request
    wrote (`Upgrade {x} to {v} and make sure nothing breaks`; `請求書発行依頼：ハヤテ物流（C-{n}）…`:
    no other request wrote `物流`). Such a title says one person's request, not the kind. `task` is
    the request the title was read from, or the few requests worded alike that it was aligned over
    (two formal 入社 requests among casual and terse ones: `…社員番号 {object}部）のアカウント発行…`)."""
    if not pivot.spans:
        return False
    mine = {task} if isinstance(task, str) else set(task)
    others = [v.lower() for t, v in intents.items() if t not in mine and v.strip()]
    if not others:
        return False
    prose = _prose(pivot)
    # an English title with one value stays ("Rotate the {x} API credentials", round 2): terse
    for w in re.findall(r"[^\W\d_]{3,}", prose) if len(pivot.spans) >= 2 else []:
        if w.isascii() and not any(re.search(rf"\b{re.escape(w.lower())}\b", o) for o in others):
            return True
    for run in KANJI_RUN.finditer(prose):
        r = run.group(0)
        if not any(r[i : i + 2] in o for i in range(len(r) - 1) for o in others):
            return True
    return False


def own_words(pivot: Template) -> float:
    """How many words the pivot says outside its placeholders (a CJK character counts half)."""
    return sum(0.5 if is_cjk(w) else 1.0 for w in _words(_prose(pivot)) if w.isalnum())


def _prose(pivot: Template) -> str:
    """The pivot's constant text without the domains of its addresses (`@acme.test` is no wording)."""
    return re.sub(r"@[\w.-]+|\b(?:https?|ftp)://\S+", " ", pivot.constant())


_LEAD = re.compile(r"[A-Za-z][\w.-]*")
_ANCHOR_WINDOW = 4  # words a shared phrase may hold between two shared words
_TOKEN = re.compile(r"\S+")


def _plain(word: str) -> str:
    return re.sub(r"[^a-z]", "", word.lower())


def shared_phrase(intents: Sequence[str], steps: Sequence[str] = ()) -> str:
    """What paraphrased English requests all say, as the phrase one of them says it in ("" when none).

    Anchors are words of 3+ letters (no function word) that more than half of the requests wrote;
    each request's phrase starts at an anchor and runs on while its words are shared (written by
    two requests or more, or by the kind's steps: `…/mfa/reset`), to the last word of 3+ letters
    that is (within a few words), over plain words only (no value, no id). The phrase holding the
    most such words wins, then the shortest: "Refund the duplicate charge on T-4260 …", "… refund
    the extra payment", "… refund the duplicate" -> "Refund the duplicate charge". A phrase that opens
    with a measure after a count is the thing it measures, when two shared words of 3+ letters name it
    (`shelf-stable` is one)
    ("two bundles of hazel stakes and binders" -> "hazel stakes and binders", round 61).
    """
    from memdir.consolidation.weekly.function_words import PLACE_WORDS
    from memdir.consolidation.weekly.naming import FUNCTION_WORDS

    texts = [t for t in intents if t.strip()]
    if len(texts) < 3 or any(is_cjk(c) for t in texts for c in t):
        return ""
    bags = [{_plain(w) for tok in _TOKEN.findall(t) for w in re.split(r"[-/]", tok)} for t in texts]
    counts = {w: sum(1 for b in bags if w in b) for b in bags for w in b}
    done = {w for step in steps for w in re.findall(r"[a-z]+", re.sub(r"\{\w+\}", " ", step.lower()))}
    shared = {w for w, c in counts.items() if c >= 2} | done
    # `near the rear hub`: a place, never the work (round 62)
    content = {w for w in shared if len(w) >= 3 and w not in FUNCTION_WORDS and w not in PLACE_WORDS}
    anchors = {w for w in content if 2 * counts.get(w, 0) > len(texts)}
    best: tuple[int, int, str] = (0, 0, "")
    for text in texts:
        toks = _TOKEN.findall(text)
        for i, tok in enumerate(toks):
            if _plain(tok) not in anchors or _plain(tok) != tok.lower().strip(",.:;!?()'\""):
                continue
            end, gap, hits = i, 0, 1
            for j in range(i + 1, len(toks)):
                words = [_plain(w) for w in re.split(r"[-/]", toks[j])]
                stop = any(c in toks[j - 1] for c in ",.:;!?()")
                if stop or not all(w.isalpha() and w in shared for w in words) or _label(toks, j):
                    break
                if any(w in content for w in words):
                    end, gap, hits = j, 0, hits + 1
                elif (gap := gap + 1) > _ANCHOR_WINDOW:
                    break
            if hits >= 2 and (hits, -(end - i)) > best[:2]:
                start = i + 2 if _measure(toks, i) else i  # `two bundles of hazel stakes`: the thing
                tail = [{_plain(w) for w in re.split(r"[-/]", tok)} for tok in toks[start : end + 1]]
                start = start if sum(1 for ws in tail if ws & content) >= 2 else i  # two words (round 61)
                best = (hits, -(end - i), " ".join(toks[start : end + 1]).strip(",.:;!?()'\""))
    return best[2]


def _measure(toks: Sequence[str], i: int) -> bool:
    """Whether the word at `i` is a measure: after a count (`4`, `two`, `a few`) and before `of`."""
    before = toks[i - 1].lower().strip(",.:;!?()'\"") if i else ""
    after = toks[i + 1].lower() if i + 1 < len(toks) else ""
    return after == "of" and (before.isdigit() or before in COUNT_WORDS or before in ("few", "couple"))


def _label(toks: Sequence[str], j: int) -> bool:
    """The word names the value right after it (`card ending 4471`): the value's label, not the kind's."""
    nxt = toks[j + 1] if j + 1 < len(toks) else ""
    return any(c.isdigit() for c in nxt) and len(toks[j]) >= 3 and toks[j].isalpha() and toks[j].islower()


_NAME = re.compile(r"[A-Za-z][A-Za-z]*[A-Z][A-Za-z]*|[A-Z][a-z]{2,}")


def shared_name(intents: Sequence[str]) -> str:
    """A name every request writes the same way, capitalised inside its sentence (`ELISA`, `Kafka`):
    "ELISA on S-7795 …", "Finish the IL-6 ELISA for …", "sandwich ELISA, …" -> "ELISA" ("" when none).

    The thing the work is about, which a title made of the steps' commands would leave out; a word
    capitalised only where a request begins (`Finish`, `Please`) is no name.
    """
    from memdir.consolidation.weekly.naming import FUNCTION_WORDS

    texts = [t for t in intents if t.strip()]
    if len(texts) < 3 or any(is_cjk(c) for t in texts for c in t):
        return ""
    tokens = [[tok.strip(",.:;!?()'\"") for tok in t.split()] for t in texts]
    inside = {w for toks in tokens for w in toks[1:]}
    names = [
        w
        for w in dict.fromkeys(w for w in tokens[0] if len(w) >= 3 and _NAME.fullmatch(w))
        if w.lower() not in FUNCTION_WORDS and w in inside and all(w in toks for toks in tokens)
    ]
    return names[0] if len(names) == 1 else ""


_HTTP_CALL = re.compile(r"\b(POST|PUT|PATCH|DELETE|GET)\s+(/[^\s?`]*)")


def decisive_call(steps: Sequence[str]) -> str:
    """The HTTP call that says what this kind does: the first write (POST/PUT/PATCH/DELETE) whose
    path ends in a literal word (`POST /orders/ORD-{number}/refunds`: what it creates), else the
    last write ("" when no step is an HTTP write). The reads and the ticket update
    (`PATCH /tickets/{ticket}`, path ending in a value) are what every kind of a desk does alike.
    """
    writes = [m for s in steps if not s.startswith("Reply") for m in _HTTP_CALL.finditer(s)]
    writes = [m for m in writes if m.group(1) != "GET"]
    if not writes:
        return ""
    named = [m for m in writes if re.search(r"/[A-Za-z][\w-]*/?$", m.group(2))]
    m = (named or writes[-1:])[0]
    return f"{m.group(1)} {m.group(2).rstrip('/')}"


def steps_title(steps: Sequence[str]) -> str:
    """A title from what the steps ran: their commands, then the placeholders threaded through them.

    `dirctl account show {account}`, `dirctl account unlock {account}`, `dirctl session revoke
    {account} --all` -> "dirctl account show, account unlock, session revoke ({account})". For a
    kind whose requests were each phrased in one person's words: what the tasks have in common.
    Steps that are HTTP calls: the decisive call (`decisive_call`) alone.
    """
    call = decisive_call(steps)
    if call:  # `GET, POST, PATCH` would be every kind of an HTTP desk
        return call
    phrases: list[str] = []
    program = ""
    counts: dict[str, int] = {}
    for step in steps:
        if step.startswith("Reply"):
            continue
        code = step.split("`")[1] if step.count("`") >= 2 else step.split(": ", 1)[-1]
        words: list[str] = []
        for token in code.split():
            if not _LEAD.fullmatch(token) or len(words) == 3:
                break
            words.append(token)
        if words and words[0] == program and len(words) > 1:
            words = words[1:]
        elif words:
            program = words[0]
        phrase = " ".join(words)
        if phrase and phrase not in phrases:
            phrases.append(phrase)
        for name in dict.fromkeys(re.findall(r"\{\w+\}", step)):
            counts[name] = counts.get(name, 0) + 1
    threaded = sorted((n for n, c in counts.items() if c >= 2), key=lambda n: -counts[n])[:2]
    if not phrases:
        return ""
    title = ", ".join(phrases[:4])
    return f"{title} ({', '.join(threaded)})" if threaded else title


def render_title(template: Template) -> str:
    """The title text: placeholders by name, first letter upper-cased, no closing full stop."""
    text = template.render().rstrip(" .。")
    if re.match(r"[a-z]+(?:-[a-z]+)* ", text):  # an English sentence starts with a capital (`Smoke-test …`)
        return text[:1].title() + text[1:]
    return text


def _gap(m: re.Match[str]) -> str:
    """What a bracketed placeholder leaves in a file name: nothing between Japanese text (「週次レポート（第{week}週）を
    作成して」 -> 週次レポートを作成して, not 週次レポート-を作成して), else a word break."""
    before, after = m.string[m.start() - 1 : m.start()], m.string[m.end() : m.end() + 1]
    return "" if before and after and is_cjk(before) and is_cjk(after) else " "


def file_stem(title: str, max_length: int = 60) -> str:
    """A file name a person would pick for a titled procedure (no holes where placeholders were)."""
    text = _BRACKETED.sub(_gap, title)
    text = _CJK_EDGE.sub("", text)
    text = _PARTICLE.sub("", text.strip())
    text = re.sub(
        r"\{(\w+)\}",
        lambda m: " " + (HOLE if _NO_WORD.fullmatch(m.group(1)) else m.group(1).replace("_", " ")) + " ",
        text,
    )
    # a hole named for no role between Japanese words leaves no break (`チェックポイント {value} の評価`)
    text = _JA_GAP.sub("", text)
    words = drop_dangling(text).split()
    bare = [re.sub(r"[\W_]+", "", w.lower()) for w in words]  # `test_` beside `test` is one word twice
    # ... also across a mark that says nothing (`issue #{issue}` is `issue # issue`)
    deduped = []
    last = ""
    for w, b in zip(words, bare, strict=True):
        if b and b == last:
            continue
        deduped.append(w)
        last = b or last
    text = " ".join(deduped)
    if not any(not is_cjk(a) and a.strip() and a.isalnum() or is_cjk(a) for a in atoms(text)):
        text = title.replace("{", "").replace("}", "")
    return slugify(text, max_length=max_length)
