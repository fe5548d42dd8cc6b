"""The message's template qualifies the work the title names (round 34).

A title that is only the work call's name (`Siparis olustur` of `siparis_olustur`, "create an order") says
what every order desk does. The template the kind's message sends often names which work it confirms, in the
calls' own words: `kurumsal_siparis_onay_v2` ("corporate order confirmation"). When a template's name writes a
word of the work call's name, right before it one or two words the call's name does not (`kurumsal`), and
after it a word of its own (the notice, `onay`), those words qualify the thing in the title: `Kurumsal
siparis olustur`; in English after the article (`annual_visit_confirm_v2` + `Schedule a visit` -> `Schedule an
annual visit`). A template that writes
no word of the work (`gel_al_hazir_v1`), only the work's words (`order_confirm_v2`) or ends with them (a
language that writes the notice first: `konfirmasi_pesanan_v1`, `confirmacao_reparo_v4`) leaves the title.

Before it: a word of the work call's name that its own call passes as a key with a constant of words names
that thing: `kavurma_planla` ("plan a roast") with `kavurma=Taze Kavrum` -> `Taze kavrum planla`,
`schedule_cleaning` with `cleaning=Deep Clean` -> `Schedule a deep clean`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.work_flow import says_only_the_call, tool_words, work_call

_TEMPLATE = re.compile(r"(?:^|[\s=])([^\W\d_][\w-]*)[_-]v\d+(?=[\s`]|$)", re.U)
_ALPHA = re.compile(r"[^\W\d_]{4,}", re.U)
_WORD = re.compile(r"[^\W\d_]+", re.U)
MAX_QUALIFIER = 2  # words before the work's word


def _qualifier(steps: Sequence[str], work: list[str]) -> tuple[list[str], str]:
    """The words a template writes right before a word of the work call's name, and that word; ([], "")."""
    for step in steps:
        for m in _TEMPLATE.finditer(step):
            parts = [p.lower() for p in re.split(r"[_-]+", m.group(1)) if p]
            at = next((i for i, p in enumerate(parts) if p in work), -1)
            end = at
            while 0 <= end < len(parts) and parts[end] in work:
                end += 1
            before = parts[max(0, at - MAX_QUALIFIER) : at] if at > 0 and end < len(parts) else []
            if before and all(_ALPHA.fullmatch(p) and p not in work for p in before):
                return before, parts[at]
    return [], ""


def _keyed_thing(steps: Sequence[str], tool: str, work: list[str]) -> tuple[str, str]:
    """A word of the work call's name that its call passes as a key with a constant of words, and that
    constant (`kavurma`, `Taze Kavrum`); ("", "")."""
    call = next((s for s in steps if s.strip().startswith(f"{tool}: `")), "")
    for word in work:
        m = re.search(rf"(?:^|[\s`]){re.escape(word)}=([^=`{{}}]+?)(?=\s+[\w.-]+=|`|$)", call)
        value = m.group(1).strip() if m else ""
        if value and all(_WORD.fullmatch(w) for w in value.split()) and value.lower() != word:
            return word, value
    return "", ""


def qualified_title(title: str, steps: Sequence[str]) -> str:
    """The title with the work's thing named by its constant, or the template's qualifier before it, when
    it is only the work call's name (see the module); the title otherwise."""
    if not says_only_the_call(title, steps):
        return title
    tool = work_call(steps)
    work = tool_words(tool)
    word, value = _keyed_thing(steps, tool, work)
    said = title.split()
    at = next((i for i, w in enumerate(said) if w.lower() == word), -1) if word else -1
    if at >= 0:
        if at > 0 and said[at - 1].lower() in ("a", "an"):
            said[at - 1] = "an" if value[:1].lower() in "aeiou" else "a"
        text = " ".join([*said[:at], value.lower(), *said[at + 1 :]])
        return text[:1].title() + text[1:]
    words, thing = _qualifier(steps, work)
    said = title.split()
    at = next((i for i, w in enumerate(said) if w.lower() == thing), -1)
    if not words or at < 0:
        return title
    if at > 0 and said[at - 1].lower() in ("a", "an"):
        said[at - 1] = "an" if words[0][:1] in "aeiou" else "a"
    out = [*said[:at], *words, *said[at:]]
    text = " ".join(out)
    return text[:1].title() + text[1:].lower() if title[1:] == title[1:].lower() else text
