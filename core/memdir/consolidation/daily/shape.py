"""Notes a person keeps: a title, a one-line description and a body shaped from an episode.

Extractive only: every word comes from the episode. What changes is the arrangement:
- greetings and sign-offs on their own ("Hi all,", "Thanks!") are dropped;
- a procedure written as prose becomes numbered steps; sentences before the first step are its
  context (kept above the steps, not numbered), a narrative announcement ("I wrote down the
  deploy steps", 「手順をまとめた」) is dropped from the body, a sentence that does not act
  joins the step before it, and what follows the last step stays as a paragraph after them;
- the title is the episode's heading when it has one, else the phrase its first line opens with
  (the part before a colon, or the first clause without "Today," / "again"); a procedure's title
  starts with the base form of its verb ("Rotated the DB password" -> "Rotate the DB password"),
  the one change of word form the built-in engine makes (`shape_title.py`);
- the description says what the note is for: the clause of purpose or condition ("To restore one
  table", "If the laptop will not boot") or, for knowledge, the sentence with the lesson, the root
  cause or the decision, followed by the first steps or items that fit on one line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memdir.consolidation.daily.blocks import Block, sentences, split_blocks, units
from memdir.consolidation.daily.route_no_steps import errand, step_sentence
from memdir.consolidation.daily.shape_act_fact import fact_after_report, title_for_label
from memdir.consolidation.daily.shape_authors import without_authors
from memdir.consolidation.daily.shape_case import cap_first
from memdir.consolidation.daily.shape_central import central_description, central_opening, terms
from memdir.consolidation.daily.shape_cols import DESC_LIMIT, width
from memdir.consolidation.daily.shape_cols import cut as _cut
from memdir.consolidation.daily.shape_cols import one_line as _one_line
from memdir.consolidation.daily.shape_desc import announces, asked_task, meta_phrase, procedure_summary, whole
from memdir.consolidation.daily.shape_inline import split_inline_lists
from memdir.consolidation.daily.shape_items import unlabel as _unlabel
from memdir.consolidation.daily.shape_items import with_items as _with_items
from memdir.consolidation.daily.shape_lead import TURN as _TURN
from memdir.consolidation.daily.shape_lead import (
    about_note,
    description_ok,
    opening_topic,
    rule_sentences,
    unspoken,
)
from memdir.consolidation.daily.shape_lead import bare as _bare
from memdir.consolidation.daily.shape_narration import as_instruction
from memdir.consolidation.daily.shape_opening import TOPIC_REST, unaddressed
from memdir.consolidation.daily.shape_point import marked_point
from memdir.consolidation.daily.shape_preamble import says_more
from memdir.consolidation.daily.shape_repair import names_case, repair_title
from memdir.consolidation.daily.shape_rule_ahead import rule_ahead
from memdir.consolidation.daily.shape_series import prose_steps as _prose_steps
from memdir.consolidation.daily.shape_series import told_in_turn
from memdir.consolidation.daily.shape_shell import shell_steps
from memdir.consolidation.daily.shape_slot import fact_after_act, slot_title, undated
from memdir.consolidation.daily.shape_steps import counted, labelled, list_steps, shown, split_symptoms
from memdir.consolidation.daily.shape_tail import detach_tails
from memdir.consolidation.daily.shape_text import is_filler, is_meta, purpose_clause, strip_narrative
from memdir.consolidation.daily.shape_title import COMMIT_PREFIX as _COMMIT_PREFIX
from memdir.consolidation.daily.shape_title import STEPS_OF as _STEPS_OF
from memdir.consolidation.daily.shape_title import TITLE_LIMIT, make_title
from memdir.consolidation.daily.shape_title import first_line as _first_line
from memdir.consolidation.daily.shape_title import item_text as _item
from memdir.consolidation.daily.shape_use import announced_purpose, lead_sentences, source_line, use_line
from memdir.notes.episode_titles import heading_title

_KNOW_LEAD = re.compile(
    r"\b(?:root cause|lesson|learned|learnt|takeaway|decided|decision|we chose|policy|rule|the reason|"
    r"because|turns? out|means that|never|always|must)\b|原因|教訓|結論|決定|決めた|方針|ルール|理由|ため|ので|べき|必ず",
    re.I,
)
# a heading's label that names the note's kind (「手順：」「やり方：」"How-to:"), not what it is about (trial 27 #6)
_KIND_LABEL = re.compile(r"(?i)^\s*(?:作業手順|手順|やり方|how-?to|procedure|steps)\s*[:：]\s*(?=\S)")
_CHATTY = re.compile(r"[!！]|おめでとう|ありがと|\b(?:hi|hey|hello|thanks|congrats)\b|ね。", re.I)
_STRONG_KNOW = re.compile(
    r"\b(?:root cause|lesson|takeaway|decided|decision|we chose|policy|rule|the reason|turns? out|means that)\b|"
    r"原因|教訓|結論|決定|決めた|方針|ルール|理由",
    re.I,
)
# what a condition's sentence goes on to state ("…, you don't need a full purge"), not a command or a pointer
_STATEMENT = re.compile(
    r"(?:you|we|it|there|this|that|the|nothing|no|one|our|your)\b(?!.*\b(?:here(?:'s| is| are)|as follows|what (?:you|to) do)\b)",
    re.I,
)
_ANNOUNCE = re.compile(
    r"(?:原因|理由)が(?:分かった|わかった|判明した|分かりました|わかりました)[。.]?$|"
    r"\b(?:found|figured out) (?:the|its) (?:cause|reason|root cause)[.!]?$",
    re.I,
)


@dataclass(frozen=True)
class Shaped:
    """A note's title, description and body text, all from the episode's own words."""

    title: str
    description: str
    text: str


def _clean_blocks(blocks: list[Block]) -> list[Block]:
    """Blocks without a greeting or sign-off paragraph of their own, nor a lone filler sentence."""
    out: list[Block] = []
    for b in blocks:
        if b.kind == "para":
            kept = [s for s in sentences(b.text) if not is_filler(s)]
            if not kept:
                continue
            if len(kept) != len(sentences(b.text)):
                b = Block("para", " ".join(kept))
        out.append(b)
    return out


def _procedure_body(blocks: list[Block]) -> tuple[str, list[str], list[str], list[str]]:
    """The body text, the meta sentences, the context sentences and the steps."""
    if any(b.kind in ("list", "code") for b in blocks):
        meta = [u for b in blocks[:1] if announces(b) for u in units(b) if is_meta(u)]
        keep = [b for b in blocks if not announces(b)]
        if not any(b.kind in ("list", "code") for b in keep):
            keep = blocks
        symptoms, steps = list_steps(keep)  # a fenced block's commands; a symptom is no step
        leads = [(i, lead_sentences(b)) for i, b in enumerate(keep[:3]) if b.kind == "para"]
        lead = next(
            (p for i, p in leads if p and (i < 2 or not leads[0][1])), []
        )  # after a heading, a source line
        return "\n\n".join(b.text for b in keep), meta, lead + symptoms, steps
    paras = [b.text for b in blocks if b.kind == "para"]
    meta, lead, steps, tail = _prose_steps(paras)
    in_turn = any(told_in_turn(s) for p in paras for s in sentences(p))  # "First I …, then I …" (#11)
    if steps and not lead and not tail and not in_turn and not any(step_sentence(s) for s in steps):
        return "\n\n".join(b.text for b in blocks), meta, steps, []  # what happened is no step to number
    symptoms, steps = split_symptoms(steps)  # "Docker build failed: libheif missing." is what they are for
    steps = [as_instruction(s) for s in steps]  # "First I wash …" -> "Wash …", 「まず…」 (trial 30 #7)
    # an instruction for one day the text ends with ("Don't rent it out tomorrow", 「明日は使わせないで」): an errand,
    # no step or part of the procedure (trial 29 re-check #5); the episode keeps it
    tail = [s for s in tail if not errand(s)]
    while len(steps) > 2 and not tail and errand(steps[-1]):
        steps = steps[:-1]
    lead = lead + symptoms
    if len(steps) < 2 or len(paras) > 2 or len(steps) > 10:  # a long letter keeps its paragraphs
        return "\n\n".join(b.text for b in blocks), meta, lead, steps
    parts = []
    if lead:
        parts.append(" ".join(lead))
    parts.append("\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1)))
    if tail:
        parts.append(" ".join(tail))
    return "\n\n".join(parts), meta, lead, steps


def _knowledge_description(blocks: list[Block], title: str) -> str:
    paras = [b for b in blocks if b.kind == "para"]
    lists = [b for b in blocks if b.kind == "list"]
    first = paras[0] if paras else None
    if first is not None and lists and first.text.rstrip().endswith((":", "：")):
        if description_ok(first.text, title):
            return _with_items(_one_line(first.text), [_item(u) for u in units(lists[0])])
        paras = paras[1:]  # "Pasting this because I keep looking it up:" says nothing of the list
    every = rule_sentences([_COMMIT_PREFIX.sub("", unspoken(s)) for b in paras for s in sentences(b.text)])
    sents = [s for s in every if description_ok(s, title)]
    if every and not sents and lists:  # "【決定事項】" over a list: its first item says it
        return _cut(sentences(_item(units(lists[0])[0]))[0], DESC_LIMIT)
    sents = sents if sents or lists else every
    if every and sents and every[0] != sents[0] and _bare(every[0]) == _bare(title) and width(sents[0]) >= 24:
        return _cut(sents[0], DESC_LIMIT)  # the first sentence is the title: the one after it says more
    point = next((p for p in map(marked_point, sents) if p), "")
    if point:  # "Worth remembering that X." says which sentence is the note's point (trial 28 #11)
        return _cut(point, DESC_LIMIT)
    for pat, where in ((_STRONG_KNOW, sents), (_KNOW_LEAD, sents[:1])):
        for i, s in enumerate(where):
            if pat.search(s) and not s.rstrip().endswith((":", "：")):
                if _ANNOUNCE.search(s) and i + 1 < len(where):  # "原因が分かった。" -> the cause itself
                    return _cut(where[i + 1], DESC_LIMIT)
                return _cut(s, DESC_LIMIT)
    fact = fact_after_report(sents)
    if fact:  # "Posted the holiday notice. 12/29-1/3 closed, …": the fact, not the act (shape_act_fact)
        return _cut(fact, DESC_LIMIT)
    if sents:
        s = next((s for s in sents if not s.rstrip().endswith((":", "："))), sents[0])
        short = s != every[0] and width(s) < 24 and not about_note(every[0])  # 「北営業所もだって。」
        return _cut(every[0] if short else s, DESC_LIMIT)
    items = [_item(u) for b in lists for u in units(b)]
    facts = [fact_after_act(i) for i in items]
    if len(facts) == 1 and facts != items:  # "- Called X: <fact>": the fact whole, its address too
        return _cut(sentences(facts[0])[0], DESC_LIMIT)
    return _with_items("", facts)


def _procedure_description(
    title: str,
    meta: list[str],
    lead: list[str],
    steps: list[str],
    body: list[Block],
    held: str | None = None,
) -> str:
    """What the steps are for; `held`: None for steps the person numbered, else what bullets or commands hold."""
    counted, held = held is None, held or ""
    lead = without_authors(
        [s for s in lead if not source_line(s)]
    )  # where it came from, who was there: not what
    purpose = ""
    for s in lead[:1] + steps[:1]:
        purpose = purpose_clause(s)
        if purpose:
            break
    condition = bool(purpose)
    rest = lead[0][len(purpose) :].strip(" ,、") if purpose and lead and lead[0].startswith(purpose) else ""
    if (
        _STATEMENT.match(rest)
        and len(rest.split()) >= 3
        and not rest.endswith((":", "："))
        and says_more(rest)
    ):
        purpose, condition = lead[0], False  # "If one page is stale, you don't need a full purge.": all of it
    asked = "" if purpose else asked_task(lead + meta)  # "Someone asked how we clean X, so here it is."
    if asked and terms(asked) - terms(
        title
    ):  # the writer's own words of what the steps are for (trial 30 #7)
        return whole(asked)
    if asked:
        purpose, condition = asked, False
    announced = "" if purpose else announced_purpose(lead)  # "How to book a vaccination:" after a story
    if announced:
        purpose, lead = announced, [s for s in lead if announced_purpose([s]) == announced]
    if not purpose and meta:
        purpose = meta_phrase(meta)
    said = lead + steps[:1]
    turn = next((i for i, s in enumerate(said[:4]) if i and _TURN.match(s)), 0)
    if (
        turn
    ):  # 「昨日は…大変でした。…さて、台風接近時の車庫の準備ですが、…」: what comes before さて is small talk
        lead, purpose, condition = lead[turn + 1 :], "", False
        steps = [_TURN.sub("", steps[0]), *steps[1:]] if turn == len(said) - 1 and steps else steps
    named = [
        (meta_phrase([s]), s) for s in lead[:2] if about_note(s)
    ]  # 「…ときの対応をまとめます」: what it names
    remarks = [
        m for m, s in named if m and len(m) < len(s.rstrip(" .。:：")) - 2
    ]  # only when a meta verb went
    lead = [s for s in lead if description_ok(s, title, same=False)]
    steps = [s for s in steps if not about_note(s)] or steps  # 「お世話になっております」 is no step
    if not purpose and lead and not _CHATTY.search(lead[0]):
        purpose = _STEPS_OF.sub("", _COMMIT_PREFIX.sub("", _one_line(lead[0]).strip('"“”「」')))
        purpose = strip_narrative(purpose).rstrip(":：")
        q = re.search(r"[?？]", purpose)
        purpose = purpose[: q.end()] if q else purpose
    if not purpose:
        purpose = title
    head = strip_narrative(_one_line(steps[0])) if steps else ""  # "So when the baler jams..."
    stem = purpose.removesuffix("…")
    spoken = _bare(re.sub(r"\s+(?:u+m+|u+h+|erm|er)\b,?(?=\s)", "", head, flags=re.I))
    said_first = re.split(r"(?<=[.!?])\s", head)[0]
    tail = (
        re.search(re.escape(stem.split()[-1]) + r"\s+[a-z]", head) if stem.split() else None
    )  # cut mid-sentence
    cut_title = (
        bool(tail) and width(said_first) > TITLE_LIMIT and spoken.startswith(_bare(stem)) and purpose == title
    )
    if steps and (cut_title or (stem != purpose and head.casefold().startswith(stem.casefold()))):
        return procedure_summary(
            "", title, steps, counted=counted, held=held
        )  # the title is the first step, cut: where the steps go
    if steps and head[: len(purpose)].casefold() == purpose.casefold():
        first = TOPIC_REST.sub("", head[len(purpose) :])  # "洗車ね、まず…" after the title 洗車
        first = re.sub(
            r"^(?:について|に関して|の件)(?:です|でございます)?[。.]?$", "", first
        )  # 「…についてです。」
        first = re.sub(
            r"^(?:ですが|だけど|ですけど|なんですが)[、,]\s*", "", first
        )  # 「…の準備ですが、前日までに」
        # "dock gate 3 stuck shut again. fix:"; 「…の流れを統一します」 after the title 「…の流れ」 is no step
        first = "" if width(first) < 12 or re.match(r"[をにがはでもとのへ]", first) else first
        steps = [first] + steps[1:] if first else steps[1:]
    context = (
        [strip_narrative(_one_line(s)) for s in lead[:2] if not _CHATTY.search(s) and not about_note(s)]
        + remarks
        + [m for m in [meta_phrase(meta)] if not about_note(m)]
    )
    return procedure_summary(
        _unlabel(purpose), title, steps, context, condition, counted, held
    )  # what they are for, never a chain


def shape(kind: str, title: str, text: str, page: bool = False) -> Shaped:
    """Title, description and body of a note of `kind` made from an episode's title and text; a heading that
    names only a time, a day or a slot (`### Morning`, `## Notizen`) is no title (`shape_slot`)."""
    title = "" if not page and slot_title(title) else title
    title = title if page else undated(title)  # "2026-12-03 Kickoff": the date is no part of the title
    title = (
        cap_first(_KIND_LABEL.sub("", title), text) if kind == "procedures" else title
    )  # 「手順：X」: X (#6)
    written = split_inline_lists(text) if kind == "procedures" else text  # "…：1. a。2. b。" on one line
    if kind == "procedures":
        text = shell_steps(written)  # pasted shell history: one command per step
    blocks = _clean_blocks(detach_tails(split_blocks(text.strip())))  # a memo under the last step is no step
    if not title and not page and len(blocks) > 1 and blocks[0].kind == "heading":
        blocks = (
            blocks[1:] if slot_title(heading_title(blocks[0].text)) else blocks
        )  # a day file's `# Mittwoch, 2. Dez`
    if not blocks:
        return Shaped(title or "Note", _cut(title or text, DESC_LIMIT), text.strip())
    if kind == "knowledge" and not title and not page and (ruled := rule_ahead(blocks)):
        title, blocks = ruled  # "<status>. Next time, <rule>.": named by its rule, the status left out
    if kind == "knowledge" and not page and title and blocks[0].kind == "para":
        named = title_for_label(title, text, (sentences(blocks[0].text) or [""])[0])
        title = named or title  # 「受付」 over a holiday notice: a label of where, not what (shape_act_fact)
    opened = unaddressed(blocks)  # title and description; the body keeps the address as written
    note_title = make_title(kind, title, opened, page)
    said = " ".join(heading_title(blocks[0].text).split()).casefold() if blocks[0].kind == "heading" else ""
    if len(blocks) > 1 and said == " ".join(note_title.split()).casefold():
        blocks = blocks[1:]  # a pasted page's own `# Title`, `## 10:00 — Title`: the note's heading says it
    if kind == "procedures":
        body = _procedure_body(blocks)[0]
        _, meta, lead, steps = _procedure_body(opened)
        held = None if counted(written, opened) and shown(body, opened, steps) else ""  # numbered: span
        held = (
            _knowledge_description(opened, note_title) if held == "" and labelled(opened) else held
        )  # TODO:
        desc = _procedure_description(note_title, meta, lead, steps, opened, held)
    else:
        body = "\n\n".join(b.text for b in blocks)
        desc = _knowledge_description(opened, note_title)
    first = opening_topic(opened) or _first_line(opened)
    frame = first if not title and central_opening(kind, opened, first) != first else ""
    central = central_description(desc, opened, note_title, frame)  # not a frame line such as "LN-0417."
    desc = (desc if central == desc else _cut(central, DESC_LIMIT)) or _cut(note_title, DESC_LIMIT)
    if (
        kind == "procedures"
        and not page
        and title
        and note_title == _cut(title, TITLE_LIMIT)
        and names_case(title)
    ):
        fixed = repair_title(
            "\n".join(b.text for b in opened), steps
        )  # the work, not the day's case (trial 29 #5)
        note_title, desc = fixed if fixed else (note_title, desc)
    use = use_line(opened) if kind == "procedures" else ""
    desc = _cut(use, DESC_LIMIT) if use else desc  # the page's own "When to use:" line says it
    return Shaped(note_title, cap_first(desc, text), body)
