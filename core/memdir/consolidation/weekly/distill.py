"""Distil a cluster of successful tasks into a procedure draft (built-in engine, or an LLM's reply).

Built-in, offline, extractive: the consensus steps of the tasks (`consensus.py`: retries
collapsed, search loops folded, aligned, columns a majority fills kept), each step's text
aligned across the tasks so what is equal stays verbatim and what differs becomes one named
placeholder (`spans.py`, `placeholders.py`), and a title generalised over the intents
(`titles.py`). Everything is redacted (`memdir.runs.redact`) before any of it is read, so no
secret reaches a title, a file name, a step or the legend. A cluster without consensus steps
gets a draft that says so (`consensus=False`) and lists what the tasks did share.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from memdir.consolidation.weekly.action_titles import titled_by_work
from memdir.consolidation.weekly.asked_terms import constant_title, xml_commands
from memdir.consolidation.weekly.asked_whole import written_by_all
from memdir.consolidation.weekly.bare_titles import is_bare, verb_object, with_object
from memdir.consolidation.weekly.call_subject import call_subject_title, weak_title
from memdir.consolidation.weekly.consensus import MAX_ALIGN_TASKS, Consensus, build_consensus, one_tool
from memdir.consolidation.weekly.constant_acts import constant_act
from memdir.consolidation.weekly.draft import Draft
from memdir.consolidation.weekly.draft_shares import shared_tools, threaded
from memdir.consolidation.weekly.fragment_titles import fragment_title
from memdir.consolidation.weekly.free_values import within_values
from memdir.consolidation.weekly.id_values import id_spans, same_ids, whole_ids
from memdir.consolidation.weekly.ja_act import act_title
from memdir.consolidation.weekly.ja_particle import without_cut_particle
from memdir.consolidation.weekly.joined_holes import split_joined
from memdir.consolidation.weekly.language_template import written_by_its_language
from memdir.consolidation.weekly.legend_holes import undefined_holes, without_undefined
from memdir.consolidation.weekly.message_titles import call_word_title, is_message
from memdir.consolidation.weekly.option_quotes import quoted_title
from memdir.consolidation.weekly.outcome_title import outcome_title, preferred
from memdir.consolidation.weekly.own_values import own_value_words, without_own
from memdir.consolidation.weekly.phone_values import join_phones
from memdir.consolidation.weekly.phrase_verb import with_verb
from memdir.consolidation.weekly.placeholders import assign, rename
from memdir.consolidation.weekly.purpose import describe
from memdir.consolidation.weekly.recurring import holds_more, recurring_title, verb_asked
from memdir.consolidation.weekly.render import StepText, one_line, render_column
from memdir.consolidation.weekly.request_language import call_name_title, request_words_title
from memdir.consolidation.weekly.returned_names import mark_steps, name_returned, returned_legend
from memdir.consolidation.weekly.romaji_titles import romaji_title
from memdir.consolidation.weekly.run_period import period_notes
from memdir.consolidation.weekly.script_titles import request_script_title
from memdir.consolidation.weekly.service_heads import service_head
from memdir.consolidation.weekly.spaced_message import spaced_message_title
from memdir.consolidation.weekly.span_types import Span
from memdir.consolidation.weekly.spans import Template, template_of
from memdir.consolidation.weekly.subject_act import acted_subject
from memdir.consolidation.weekly.tasks import Task
from memdir.consolidation.weekly.title_guard import fit_title, pronoun_clause, readable_id, with_tools
from memdir.consolidation.weekly.title_holes import cuts_words, loose_holes, mostly_holes, without_holes
from memdir.consolidation.weekly.title_language import across_languages, calls_text
from memdir.consolidation.weekly.title_support import call_title, task_source
from memdir.consolidation.weekly.titles import (
    file_stem,
    one_persons,
    own_words,
    render_title,
    shared_name,
    shared_phrase,
    shared_phrase_ja,
    shared_wording,
    steps_title,
    title_template,
)
from memdir.consolidation.weekly.typical import order_by_typicality, redacted
from memdir.consolidation.weekly.unit_values import unit_apart
from memdir.consolidation.weekly.unsourced import unsourced
from memdir.consolidation.weekly.varying_words import one_task_values
from memdir.consolidation.weekly.verb_titles import verb_and_thing
from memdir.consolidation.weekly.week_names import without_week_name
from memdir.consolidation.weekly.when_holes import without_when_tail
from memdir.consolidation.weekly.whole_values import join_named

MAX_STEPS = 40
MAX_VALUES = 10
CHATTY_WORDS = 8
CHATTY_SHARED = 0.5  # below it, the one intent a title would follow is its own person's wording
_PLACEHOLDER = re.compile(r"\{([^\W\d_][\w-]{0,40})\}")  # `{package}`, `{件名}`
_METHODS_ONLY = re.compile(
    r"^(?:GET|POST|PUT|PATCH|DELETE|HEAD)(?:, (?:GET|POST|PUT|PATCH|DELETE|HEAD))*(?: \(.*\))?$"
)


@dataclass
class _Entry:
    """One step to render: its column and template, and the search column it ends (if any)."""

    column: int
    template: Template | None  # None: a search with no step of its own after it
    search: int | None = None


def _step_templates(cons: Consensus, order: list[str]) -> list[_Entry]:
    """Steps to render, in order; a search and the visit that ends it are one step; repeats merged.

    The visit that ends a search is the next column (or the one after a single other step, which
    then comes first) whose steps are of the search's actions and visit what the step after uses.
    """
    out: list[_Entry] = []
    cols = cons.columns
    pending: int | None = None  # a search column waiting for its visit
    skipped: list[_Entry] = []
    for k, col in enumerate(cols):
        if col.is_search:
            if pending is None:
                pending = k
            continue
        col = one_tool(col, order)
        tpl = template_of({t: col.steps[t].text() for t in order if t in col.steps})
        if pending is not None:
            acts = {a for sr in cols[pending].searches.values() for a in sr.actions}
            ends = {s.action for s in col.steps.values()} <= acts and 2 * len(col.feeding) > len(col.steps)
            if ends:
                out.extend(skipped)
                out.append(_Entry(k, tpl, pending))
                pending, skipped = None, []
                continue
            if not skipped:
                skipped.append(_Entry(k, tpl))  # one other step may come between the search and its visit
                continue
            out.append(_Entry(pending, None, pending))
            out.extend(skipped)
            pending, skipped = None, []
        prev = out[-1] if out else None
        if prev is not None and prev.template is not None and prev.search is None:
            before = cols[prev.column]
            same_action = {s.action for s in before.steps.values()} == {s.action for s in col.steps.values()}
            if same_action and _skeleton(prev.template) == _skeleton(tpl):
                continue  # the same step again (one per file, per host...): said once
        out.append(_Entry(k, tpl))
    if pending is not None:
        out.append(_Entry(pending, None, pending))
        out.extend(skipped)
    return out


def _skeleton(tpl: Template) -> tuple[str, ...]:
    return tuple(p if isinstance(p, str) else "\0" for p in tpl.parts)


def distil_builtin(
    tasks: list[Task],
    vectors: np.ndarray,
    shared_calls: frozenset[str] = frozenset(),
    week: Sequence[str] = (),
    by_what_is_shared: bool = False,
) -> Draft:
    """Built-in draft from successful tasks and their (calibrated) vectors; `shared_calls`: tools other kinds of
    the week make too; `week`: every request of the week; `by_what_is_shared`: no title of one request's words."""
    ordered = order_by_typicality([redacted(t) for t in tasks], vectors)
    ids = [t.task_id for t in ordered]
    cons = build_consensus(ordered)
    steps = _step_templates(cons, ids)
    step_tpls = [e.template for e in steps if e.template is not None]
    id_vals: list[Span] = []
    calls = {t.task_id: " ".join(s.input for s in t.steps) for t in ordered}
    requested = {t.task_id: t.intent for t in ordered}
    for tpl in step_tpls:  # a run name the request names whole is one value, however its pieces aligned
        tpl.parts = join_named(tpl.parts, requested)
        tpl.parts = join_phones(tpl.parts, calls)  # a phone cut around its constant digits (round 39)
        before, tpl.parts = tpl.parts, whole_ids(tpl.parts, requested, calls)  # an identifier is one value
        id_vals.extend(id_spans(tpl.parts, before))
    # a piece of a value another step names whole (`…_C-{number}.pdf` of `{client_id}`) is that value
    for tpl, parts in zip(
        step_tpls, unit_apart(within_values(same_ids([t.parts for t in step_tpls], id_vals))), strict=True
    ):
        tpl.parts = parts
    marks = mark_steps(  # a value an earlier step's result returned is one span (`returned_names`)
        [(e.template, {s.tool for s in cons.columns[e.column].steps.values()}) for e in steps],
        {t.task_id: t for t in ordered},
    )
    # the most typical tasks speak for the cluster (alignment is quadratic in their number)
    intents = {t.task_id: t.intent or readable_id(t.task_id) for t in ordered[:MAX_ALIGN_TASKS]}
    spans = [s for tpl in step_tpls for s in tpl.spans]
    title_tpl, group = title_template(intents, spans)
    title_tpl.parts = join_named(title_tpl.parts, calls)
    # requests each phrased in one person's words: the title says what the steps have in common
    # (or a few worded alike, fewer than half of them, aligned with a hole inside a word: `お願い{value}ます`)
    chatty = by_what_is_shared or (  # `by_what_is_shared`: the title had holes no legend line names
        len(intents) >= 3
        and 2 * len(group) <= len(intents)
        and bool(step_tpls)
        and (
            len(group) == 1
            and shared_wording(title_tpl, intents, group) < CHATTY_SHARED
            and own_words(title_tpl) >= CHATTY_WORDS  # "Rotate the {host} API credentials" is a title
            or (len(group) == 1 or loose_holes(title_tpl, spans))
            and one_persons(title_tpl, intents, group)  # one request with holes is no title
        )
    )
    # a title of holes (`{value} churn-xgb {value2} to {target}`) names no work: say what the requests share
    # ... or a hole that cuts a word or holds a verb's endings (`コー{value}匿名化{value2}共有す{value3}`)
    chatty = (
        chatty
        or len(intents) >= 3
        and bool(step_tpls)
        and (mostly_holes(render_title(title_tpl)) or cuts_words(title_tpl))
    )
    # one terse Japanese request with holes (`{item} 紛失→弁償 {patron}`) is one person's note, no kind's name
    chatty = chatty or (
        len(intents) >= 3
        and len(group) == 1
        and bool(step_tpls)
        and _CJK_TITLE.search(render_title(title_tpl)) is not None
        and _PLACEHOLDER.search(render_title(title_tpl)) is not None
    )
    groups = assign(None if chatty else title_tpl, step_tpls, intents)
    name_returned(groups, marks)  # a value an earlier step returned: named by its result's key
    title = one_line(render_title(title_tpl)) or readable_id(ordered[0].task_id)

    def render_steps() -> list[StepText]:
        texts: list[StepText] = []
        for n, e in enumerate(steps):
            nxt = [x.template for x in steps[n : n + 3] if x.template is not None]
            search = cons.columns[e.search] if e.search is not None else None
            texts.append(
                render_column(one_tool(cons.columns[e.column], ids), e.template, nxt, groups, search)
            )
        return texts

    texts = render_steps()
    rendered = [t.text for t in texts][:MAX_STEPS]
    if chatty:  # what the requests all say, else what the steps ran
        asked = list(intents.values())
        done = [s.text() for t in ordered[:MAX_ALIGN_TASKS] for s in t.steps if s.kind == "response"]
        told = [
            (t.intent, "\n".join(s.text() for s in t.steps if s.kind == "response"))
            for t in ordered[:MAX_ALIGN_TASKS]
        ]
        phrase = without_own(shared_phrase(asked, rendered), groups, rendered)
        said = with_verb(phrase, asked, rendered + done)
        bare = is_bare(said, phrase)  # `Fuel card`: a thing, no action (`bare_titles`)
        said = said or shared_phrase_ja(asked, replies=done)
        if said and not re.search("[A-Za-z]", said):  # a kind asked in both languages: both say it
            said = recurring_title(told, rendered, ja=said)
        said = said or quoted_title(rendered, asked)  # the kind's own words (`Change plan`)
        work = (
            ""
            if said and not (bare or _REPORT.search(said))
            else titled_by_work(rendered, asked + done, asked)
        )
        if said and work and verb_asked(work, asked) and (verb_object(work) or not bare):  # "License renewed"
            said = (
                with_object(work, phrase) if bare else work
            )  # a report or a thing: the decisive call's verb
        # a command's words nobody asked for (`Repo a helm`): the words the requests keep writing
        said = said or (work if verb_asked(work, asked) else "")
        ja = "" if said else shared_phrase_ja(asked, alone=True)
        mine = "" if said else recurring_title(told, rendered, ja=ja)
        if mine and not ja and weak_title(mine, asked):  # `ツアー` of one request and the replies: the calls'
            mine = acted_subject(call_subject_title(rendered), rendered, asked) or mine
        said = said or (work if mine and holds_more(work, mine, told) else mine) or work
        # nothing names the kind: the verb the requests write before a value, and the thing it is
        said = said or verb_and_thing(asked, {g.name: list(g.value_tasks()) for g in groups})
        said = said or service_head(rendered, asked)  # `Ding repair`: the service in the requests' words
        by_steps = "" if said else steps_title(rendered)
        if _METHODS_ONLY.match(by_steps):  # `GET, PATCH, POST`: the requests' shared words say more
            said = shared_phrase_ja(asked, alone=True) or by_steps
        name = shared_name(asked) if by_steps and not _METHODS_ONLY.match(by_steps) else ""
        if name:  # the steps' commands leave out what the work is about: "ELISA: checkout_plate, …"
            said = f"{name}: {by_steps}"
        said = (
            said
            or by_steps
            or shared_phrase_ja(asked, alone=True)
            or acted_subject(
                call_subject_title(rendered), rendered, asked
            )  # `Marui` -> `Order from Marui Parts`
        )
        title = one_line(render_title(Template([said]))) or without_holes(title)  # `{value}, {value}`: none
    # a title of holes and ids, a name, a pronoun's action (`sr-{sr}`, `Sea Tern`): the next candidate's
    asked = list(intents.values())
    done = [s.text() for t in ordered[:MAX_ALIGN_TASKS] for s in t.steps if s.kind == "response"]
    title = fit_title(
        title,
        (
            lambda: pronoun_clause(title, intents, {g.name: g.task_values() for g in groups}),
            lambda: constant_title(rendered, asked),
            lambda: with_verb(shared_phrase(asked, rendered), asked, rendered + done),
            lambda: titled_by_work(rendered, asked + done, asked),
            lambda: titled_by_work(xml_commands(rendered), asked + done, asked),
            lambda: verb_and_thing(asked, {g.name: list(g.value_tasks()) for g in groups}),
            lambda: steps_title(rendered),
            lambda: steps_title(with_tools(rendered)),
        ),
        asked,
        [task_source(t) for t in ordered],
        lambda: call_title(rendered, asked),
        one_task_values({g.name: g.value_tasks() for g in groups}, asked),  # `Maytag washer`: one task's
    )
    if is_message(title):  # one person's whole message is no title: the kind's word in its calls
        title = call_word_title(rendered, asked) or title
    # the outcome most of the kind's replies report says what the kind does (`outcome_title`)
    said = outcome_title(
        [_replies(t) for t in ordered], asked + rendered + done, [t.subjects for t in ordered]
    )
    title = constant_act(
        preferred(title, said), rendered, asked, own_value_words(groups, rendered)
    )  # `Has dried out`
    title = across_languages(
        title, asked, rendered, [task_source(t) for t in ordered], [calls_text(t) for t in ordered]
    )
    if (
        chatty
        or title != one_line(render_title(title_tpl))
        or not written_by_all(  # the requests' template
            title, asked, len(group), rendered, shared_calls
        )
        and not written_by_its_language(title, intents, group, rendered, shared_calls)  # trial 30 #2
    ):
        title = fragment_title(title, rendered, asked, shared_calls)  # `Agua por`: the decisive call's work
    title = request_script_title(title, rendered, asked)  # `Kva tor tikun` over Hebrew requests: their words
    title = request_words_title(title, rendered, asked, week)  # `Book henna visit` over Swahili: theirs
    title = spaced_message_title(
        title, rendered, asked, week
    )  # an Odia buyer's whole message: the kind's words
    title = without_cut_particle(  # 「…リマインダーを」: the verb it marked is gone
        act_title(romaji_title(without_week_name(title, week), rendered, asked), rendered, asked)
    )  # `Kaisuuken a hakkou`; `ペン`
    if title in (steps_title(rendered), steps_title(with_tools(rendered))):  # a list of tool names, never a
        title = call_name_title(rendered, asked, shared_calls) or title  # title: the decisive call's work
    if (
        any(g.in_title for g in groups) and _PLACEHOLDER.search(title) is None
    ):  # names once the title is final
        rename(groups, step_tpls)
        name_returned(groups, marks)
        texts = render_steps()
        rendered = [t.text for t in texts][:MAX_STEPS]
    # `Book {name} for a {service} with {groomer} {value}`: the last hole only says when (`when_holes.py`)
    title = without_when_tail(
        title, {g.name: list(g.task_values().values()) for g in groups if g.in_title}, rendered
    )
    rendered = split_joined(groups, rendered)  # `{value}` that is `{build} {platform}` (`joined_holes.py`)
    used = set(_PLACEHOLDER.findall(title + "\n" + "\n".join(rendered)))
    values = {g.name: g.values()[:MAX_VALUES] for g in groups if g.name in used}
    extended = {g.name: g.step_values()[:MAX_VALUES] for g in groups if g.name in used and g.extended}
    # the tools most of the tasks used: one task's exploration tool (`scroll`) is no tool of the kind
    used_by = Counter(t for task in tasks for t in set(task.tools))
    tools = [t for t in dict.fromkeys(t for task in tasks for t in task.tools) if used_by[t] * 2 > len(tasks)]
    tools = tools or list(
        dict.fromkeys(t for task in tasks for t in task.tools)
    )  # as first used, not set order
    shared = [] if rendered else shared_tools(ordered)
    if undefined := undefined_holes(title, values):  # `Book {value} (fixie) …`: one request's holes
        if not by_what_is_shared:  # what the requests share, else the call's work, else no such hole
            return distil_builtin(tasks, vectors, shared_calls, week, by_what_is_shared=True)
        title = without_undefined(title, undefined, rendered, asked)
    desc = describe(title, [t.intent for t in ordered], bool(rendered), rendered)
    return Draft(
        title=title,
        description=one_line(desc),
        steps=rendered,
        sources=sorted(t.task_id for t in tasks),
        tools=tools,
        values=values,
        stem=file_stem(title),
        consensus=bool(rendered),
        step_values=extended,
        value_tasks={g.name: g.value_tasks() for g in groups if g.name in used},
        shared=shared,
        dropped=sum(len(v) for v in cons.dropped.values()),
        retries=cons.retries,
        searches=cons.searches,
        intents_agree=len(group) * 2 > len(intents),  # of the tasks that speak for the cluster
        specific_steps=sum(1 for t in texts if t.specific),
        threaded_steps=threaded(rendered),
        run_notes=period_notes(rendered, [t.start for t in ordered], title),  # `month=2026-11`
        started=[t.start for t in ordered],
        keyed={t.text: t.keyed for t in texts if t.keyed},  # nested arguments with their keys (`keyed_args`)
        returned=returned_legend(groups, marks, rendered),
        unsourced=unsourced(groups, rendered, {t.task_id: t for t in ordered}),  # `{phone}` given nowhere
    )


def _replies(task: Task) -> list[str]:
    return [s.text() for s in task.steps if s.kind == "response"]


_CJK_TITLE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_REPORT = re.compile(r"^[A-Za-z]+ [a-z]{3,}ed$")  # `License renewed`, `Tonbo shipped`: a status, no task
