"""Usage reports that name no procedure for sure: a review item on the closest one, never a silent skip.

Trial 24: "Packed the Osaka orders the usual way" was credited to "Pack and ship an overseas order" at match
score 0.79 and its twin was skipped at 0.69; a Japanese report of that very procedure was skipped at 0.51,
with only the JSON reason saying so. Now
- a report about another scope than the title names (`scope_differs`: the title's "overseas order", the
  report's "Osaka orders"; 「海外注文」 / 「国内注文」) is not credited;
- a report just under USAGE_MATCH (NEAR_MATCH or more), or one in the other language than the closest
  procedure at match score CROSS_SIMILAR or more (across scripts the title share counts only Latin terms and
  loanwords, so the score is mostly the calibrated multilingual similarity), is not dropped;
each gets an `evidence` item on the closest procedure (`near_review`): accepting adds the episode to its
sources; the item says how to count the outcome (`memdir feedback`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memdir.consolidation.daily.past_tense import PAST_VERB
from memdir.consolidation.daily.route_lang import CROSS_SIMILAR, language
from memdir.consolidation.daily.route_rag import Match
from memdir.consolidation.daily.route_usage import stem
from memdir.consolidation.daily.route_usage_act import act_differs, act_named
from memdir.notes.model import hash_text
from memdir.runs.journal import Op
from memdir.runs.redact import redact

if TYPE_CHECKING:
    from memdir.consolidation.daily.router import RoutedPart
    from memdir.notes.episodes import Episode

NEAR_MATCH = 0.6  # a match score this close under USAGE_MATCH (0.7) asks a person (docs/daily.md)

# a whole word: "Kobayashi's" is one (a possessive), never "Kobayashi" and "s" (trial 25 #9); a plural's
# possessive, "Midori Foods'" (an apostrophe after its s, no letter after it), is one too (trial 25 re-check 2 M4)
_WORD = re.compile(r"[A-Za-z][A-Za-z-]*(?:['’]s\b|(?<=s)['’](?![A-Za-z]))?|\d+")
_POSSESSIVE = re.compile(r"['’]s$|(?<=s)['’]$")
# a placeholder of a procedure's title: {client}, <client>, [client]
_PLACEHOLDER = re.compile(r"\{[^{}\n]{1,40}\}|<[^<>\n]{1,40}>|\[[^\[\]\n]{1,40}\]")
_NOT_QUALIFIER = re.compile(
    rf"^(?:{PAST_VERB}|a|an|the|this|that|these|those|our|my|your|their|its|his|her|all|both|each|every|some|"
    r"any|few|several|many|more|most|other|same|usual|normal|standard|regular|two|three|four|five|six|seven|"
    r"eight|nine|ten|one|and|or|of|to|for|in|on|at|by|with|from|as|is|are|was|were|be|it|we|i|\d+)$",
    re.I,
)
# a value written right before a word (a date, a number, a code: 2026-10, 12, KT-2230): the word after it is the
# value's unit or counter (「2026-10 分の」, "10 kg"), a fragment of the value, never a scope word (trial 25 re-check 9)
_LITERAL_BEFORE = re.compile(r"[\w-]*\d[\w./:-]*\s?$")
# Japanese nouns: a run of kanji, or of katakana (two characters or more), and the の joining two of them
_JA_RUN = re.compile(r"[\u4e00-\u9fff]+|[\u30a0-\u30ff]{2,}|の")


def _pairs_en(text: str) -> list[tuple[str, str, str]]:
    """(qualifier stem, head stem, as written) for each two words in a row whose first may qualify the second."""
    out = []
    for sent in re.split(r"[.;:!?\n]", text):
        words = _WORD.findall(sent)
        # a word of a value (2026-10, KT-2230, 10kg, v2): part of a literal, no scope word
        literal = {w for t in re.findall(r"\S*\d\S*", sent) for w in _WORD.findall(t)}
        for i in range(1, len(words)):  # a sentence's first word is its verb or subject, no qualifier
            q, h = words[i - 1], words[i]
            if i - 1 == 0 or _NOT_QUALIFIER.match(q) or _NOT_QUALIFIER.match(h) or q in literal:
                continue
            if _POSSESSIVE.search(
                h
            ):  # "client's portal", "clients' portal": the possessive qualifies the next word
                continue
            if _POSSESSIVE.search(q) and q[:1].isupper():
                continue  # "Kobayashi's portal": whose it is, the case, not a scope (a name, route_usage_case)
            q = _POSSESSIVE.sub("", q)
            out.append((stem(q.lower()), stem(h.lower()), f"{q} {h}"))
    return out


def _pairs_ja(text: str) -> list[tuple[str, str, str]]:
    """(qualifier, head, as written) for two nouns in a row (本番 データベース, 本番のデータベース); a compound of
    four kanji is two nouns of two (海外注文: 海外 注文)."""
    out = []
    for c in re.finditer(r"[\u4e00-\u9fff\u30a0-\u30ffの]+", text):
        chunk = c.group(0)
        if _LITERAL_BEFORE.search(text[: c.start()]):  # 「2026-10 分の」: a unit of a value, cut from it
            chunk = re.sub(r"^[^の]*の?", "", chunk, count=1)
        words: list[str] = []
        for m in _JA_RUN.finditer(chunk):
            w = m.group(0)
            four = len(w) == 4 and all("\u4e00" <= c <= "\u9fff" for c in w)
            words.extend([w[:2], w[2:]] if four else [w])
        for i in range(1, len(words)):
            q, h = words[i - 1], words[i]
            if q == "の":
                continue
            if h != "の":
                out.append((q, h, f"{q}{h}"))
            elif h == "の" and i + 1 < len(words) and words[i + 1] != "の":
                out.append((q, words[i + 1], f"{q}の{words[i + 1]}"))
    return out


# a name in a report is the party or the object of this run, never another scope (trial 27 #2: "the Tokyo National
# Museum loan" refused as another scope than "outgoing loans"): a capitalised word inside a sentence not written in
# title case, a word in quotes, or in Japanese a name with an honorific or a hall (〜様, 〜殿, 〜博物館, 〜美術館)
_QUOTED = re.compile(r'"[^"\n]{1,60}"|“[^”\n]{1,60}”|「[^」\n]{1,30}」|『[^』\n]{1,30}』')
_JA_NAME = re.compile(r"^(?:.+(?:様|殿)|.{2,}館)$")


def _names(text: str) -> set[str]:
    """The words a report writes as names: capitalised ones ("Tokyo", "Museum"; an acronym is no name, a word
    opening a sentence is not read as one, nor are the words of a sentence in title case) and quoted ones."""
    out = {w for q in _QUOTED.findall(text) for w in _WORD.findall(q) + _JA_RUN.findall(q) if w != "の"}
    for sent in re.split(r"[.;:!?\n]", _QUOTED.sub(" ", text)):
        words = _WORD.findall(sent)
        if all(w[:1].isupper() for w in words if len(w) > 3):
            continue  # a heading in title case: its capitals name nothing
        out |= {_POSSESSIVE.sub("", w) for w in words[1:] if w[:1].isupper() and not w.isupper()}
    return out


def _is_name(word: str, names: set[str]) -> bool:
    """Whether a qualifier as written is a name of the report's (`_names`) or a Japanese one (〜様, 〜館)."""
    return word in names or bool(_JA_NAME.match(word))


def scope_differs(report: str, title: str) -> str:
    """The title's qualified noun and the report's same noun qualified otherwise ("" when none): the title
    "Pack and ship an overseas order" and "Packed the Osaka orders" -> `"overseas order" / "Osaka orders"`.
    A title word the report leaves out is no other scope; only another word in its place is."""
    pairs = _pairs_ja if language(title) == "ja" else _pairs_en
    if language(title) != language(report):
        return ""
    said = {q for q, _, _ in pairs(report)} | {h for _, h, _ in pairs(report)}
    titled = {q for q, _, _ in pairs(title)} | {h for _, h, _ in pairs(title)} | _title_words(title)
    names = _names(report)
    for tq, th, twritten in pairs(title):
        if any(_same_word(tq, w) for w in said):
            continue
        for rq, rh, rwritten in pairs(report):
            if _is_name(rq if language(title) == "ja" else rwritten.split()[0], names):
                continue  # whose or what it was done for (a lender, a client): the case, not a scope
            if rh == th and not any(_same_word(rq, w) for w in titled) and not _fills_placeholder(title, rh):
                return f'another scope: title "{twritten}", report "{rwritten}"'
    return ""


def _title_words(title: str) -> set[str]:
    """Every word of the title, its first included: a title that is a noun phrase ("Rental bike tune-up") opens
    with a qualifier, not a verb, so "the rental tune-up" qualifies the title's noun with the title's own word
    (trial 29 #3 refused it as another scope than "bike tune-up")."""
    if language(title) == "ja":
        return {w for w in _JA_RUN.findall(title) if w != "の"}
    return {stem(_POSSESSIVE.sub("", w).lower()) for w in _WORD.findall(title)}


def _same_word(a: str, b: str) -> bool:
    """The same word, or one cut short of the other ("cert" / "certification", "config" / "configuration"):
    a Latin word of 4+ letters the other starts with (trial 26: "the cert submission" was another scope than
    "Console certification submission")."""
    short, long_ = sorted((a, b), key=len)
    return a == b or (len(short) >= 4 and short.isascii() and short.isalpha() and long_.startswith(short))


def _fills_placeholder(title: str, head: str) -> bool:
    """Whether a placeholder of the title qualifies `head` in the same noun phrase ("{client}'s portal",
    "the {region} order", 「{client} 様の {month} 分の請求書」): the report's word in its place fills it, it is the
    same scope (trial 25 #9: 「ネクサの請求書」 of 「{client} 様の … 請求書を発行して送付する」)."""
    for m in _PLACEHOLDER.finditer(title):
        rest = _PLACEHOLDER.sub(" ", title[m.end() :])
        if language(title) == "ja":
            # up to the head: nouns, の, honorifics, spaces, no other particle or verb in between
            # (a value written in it, 「2026-10 分の」, is part of the phrase)
            phrase = re.match(r"[\s\u4e00-\u9fff\u30a0-\u30ffーの様さまA-Za-z0-9./:-]*", rest)
            if phrase and head in phrase.group(0):
                return True
            continue
        for w in _WORD.findall(re.sub(r"^['’]s?(?![A-Za-z])", "", rest))[
            :3
        ]:  # the phrase: up to an article or a verb
            if _NOT_QUALIFIER.match(w):
                break
            if stem(_POSSESSIVE.sub("", w).lower()) == head:
                return True
    return False


@dataclass(frozen=True)
class Near:
    """The closest procedure of a usage report no rule credited, and why a person should look."""

    match: Match
    score: float
    why: str


def near_of(best: Match | None, score: float, report: str) -> Near | None:
    """A Near when the report is just under the cut-off, or in the other language close enough by meaning
    (the same scope as the title's or not: "another scope" is said first, whatever the score)."""
    if best is None or best.path.startswith("skills/"):
        return None
    if (score >= NEAR_MATCH or best.similarity >= CROSS_SIMILAR) and (
        other := scope_differs(report, best.title)
    ):
        return Near(best, score, other)
    if score >= NEAR_MATCH:
        return Near(best, score, f"match score {score:.2f}, just under the cut-off")
    if language(report) != language(best.title or "") and score >= CROSS_SIMILAR:
        return Near(best, score, f"in the other language, match score {score:.2f}")
    return None


def nearest_of(
    scored: list[tuple[float, Match]], report: str, texts: dict[str, str]
) -> tuple[Near | None, str]:
    """`near_of` the best-scoring procedure whose title, description or steps name what the report says was
    done (route_usage_act, trial 24 re-check N1), and why closer ones were passed over ("" when none was).
    A closer procedure of another act is never offered: the next one is, or none."""
    passed: list[str] = []
    for score, m in sorted(scored, key=lambda x: -x[0]):
        if m.path.startswith("skills/"):
            continue
        if other := act_differs(report, texts.get(m.path, m.title), m.title):
            passed.append(f"{m.path}: {other}")
            continue
        near = near_of(m, score, report)
        if near is None and (told := act_named(report, texts.get(m.path, m.title), m.title)):
            # its act is the procedure's: asked, never a silent skip (trial 25 #9, "Delivered NX-0470 the usual way")
            why = f'match score {score:.2f}, under the cut-off, but it names the act the report tells ("{told}")'
            near = Near(m, score, why)
        return near, "; ".join(passed)
    return None, "; ".join(passed)


_MARK = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s+")


def as_written(part: str, episode: str) -> str:
    """The part's text as the episode wrote it: a part the router shaped as steps (「1. 今日はトリミング8頭。
    2. ココ…いつも通りの手順でやりました。」) whose lines, unnumbered, are all the episode's own words is its
    sentences run on, as told: an `evidence` item quotes the report, never the report numbered as steps (trial 28
    #3). Any other part is kept as it is."""
    lines = [_MARK.sub("", line).strip() for line in part.splitlines()]
    lines = [line for line in lines if line]
    told = "".join(episode.split())
    if len(lines) < 2 or not all("".join(line.split()) in told for line in lines):
        return part
    return episode.strip() if "".join("".join(lines).split()) == told else " ".join(lines)


def add_near_review(ops: list[Op], near: Near | None, ep: Episode, part: RoutedPart) -> str | None:
    """Append `near_review`'s item for this episode to `ops`; its target (None: no item)."""
    op = near_review(near, ep.ref, ep.id, as_written(part.text, ep.text), str(part.usage or "unknown"))
    ops.extend([op] if op is not None else [])
    return None if op is None else op.path


def near_review(near: Near | None, ep_ref: str, ep_id: str, text: str, result: str) -> Op | None:
    """The `evidence` item on the closest procedure for a usage report no rule credited (None: none)."""
    if near is None:
        return None
    said = redact(" ".join(text.split()))[0]
    flag = f"--{result}" if result in ("success", "failure") else "--success|--failure"
    why = f"{result}, not counted: {near.why}; to count it: memdir feedback {near.match.path} {flag}"
    item = {
        "kind": "evidence",
        "target": near.match.path,
        "title": near.match.title or near.match.path,
        "body": said,
        "similarity": round(near.match.similarity, 4),
        "sources": [ep_ref],
        "key": f"daily-evidence:{near.match.path}:{ep_ref}:{hash_text(said)[:12]}",
        "description": f"{why} ({ep_ref})",
        # the whole reason in the item, and whether accepting writes nothing (lifecycle/review_usage, N2)
        "extra": {"usage": why, **({"other_scope": True} if near.why.startswith("another scope") else {})},
    }
    return Op("review", near.match.path, "", None, [ep_id], item)
