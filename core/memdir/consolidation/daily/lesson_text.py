"""The words of an episode that a daily lesson is made of: its sentences, the ones that say what to do
instead (`fix_sentences`), and the overlap that finds the same lesson again."""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_change import is_change, is_rationale, is_slip
from memdir.consolidation.daily.lesson_incident import incidents, rule_part
from memdir.consolidation.daily.lesson_labels import failure_labelled
from memdir.consolidation.daily.lesson_remedy import REMEDY
from memdir.consolidation.daily.lesson_sentences import (
    EU_LABELS,
    HEAD_LINE,
    ITEM,
    LABEL_LINE,
    TURN,
    is_japanese,
    items_under,
)
from memdir.consolidation.daily.lesson_turns import PROHIBIT, WORSE, fix_named
from memdir.consolidation.daily.lesson_units import (
    fixed_later,
    is_positive,
    remedy_told,
)
from memdir.consolidation.daily.lesson_words import FAILED_EN, FAILED_EU, FAILED_JA

_EU_LABEL = rf"(?:^|(?<=[.;!?]\s))\s*{EU_LABELS}\s*[:：]"
# "from now on", "next time" in German, French and Spanish (the same bounded list)
EU_AHEAD = (
    r"(?:ab jetzt|von jetzt an|ab sofort|k[üu]nftig|zuk[üu]nftig|in zukunft|n[äa]chstes mal|beim n[äa]chsten mal|"
    r"d[ée]sormais|dor[ée]navant|[àa] l'avenir|(?:la )?prochaine fois|[àa] partir de maintenant|"
    r"a partir de ahora|de ahora en adelante|en adelante|(?:la )?pr[óo]xima vez|para la pr[óo]xima|en el futuro)"
)
# A cue that by itself says something was done wrong and what to do instead.
FIX = re.compile(
    "(?i)" + _EU_LABEL + "|"
    r"\b(?:we|i|they|you) should have\b|^should have\b|\bshould've\b|\blessons? learned\b|"
    r"\bin hindsight\b|\bthe mistake was\b|\bour mistake\b|すべきだった|べきだった|"
    r"ておけばよかった|ればよかった|べきでした|教訓|反省点|"
    r"(?:^|\b(?:i|we)\s+)(?:won't|will not|not going to)\b(?:\s+\S+){0,4}?\s+again\b|^never again\b|二度と"  # "never again" says something went wrong
)
_QUOTED = re.compile(r"「[^」]*」|“[^”]*”|\"[^\"]*\"")  # 「教訓カレンダー」 is a name, not a cue
# A cue that only looks ahead ("next time", 「次からは」): a lesson only in an episode where something
# went wrong, and in English only where it opens a clause or a person commits to it ("Next time, …",
# "next time we'll …"), not a note written for the next person ("so next time is quicker", "the
# first thing to try next time", "for whoever does it next time").
AHEAD = re.compile(
    rf"(?i)\bnext time\b|\bfrom now on\b|\bgoing forward\b|(?<!\w){EU_AHEAD}(?!\w)|次からは|次回からは|次回は|今後は"
)
_AHEAD_OPENS = re.compile(
    r"(?i)(?:^|[.;:!?—–(]\s*|,\s*|\b(?:and|but|so|und|aber|also|et|mais|donc|y|pero)\s+)"
    rf"(?:next time|from now on|going forward|{EU_AHEAD})(?!\w)"
    r"(?!\s+(?:is|was|will be|would be|it's|it is)\b)"
)
_COMMITS = re.compile(
    r"(?i)\b(?:i|we)(?:'ll|'d| will| would| must| should| need to| have to| am going to| are going to)\b"
)
# Something went wrong: errors and mistakes, harm and damage, waste, delays, complaints and apologies,
# near misses, work that had to be redone (a broad lexicon, not the wording of one set).
FAILED = re.compile(
    r"(?i)\b(?:fail(?:ed|s|ing|ure)?|errors?|broke|broken|outage|down|wrong|mistakes?|forgot|missed|timed out|"
    r"lost|ran out|ran short|too (?:late|early|long|hot|cold)|overlooked|(?:minutes?|hours?|days?) (?:late|behind)|delay(?:ed)?|near miss|close call|"
    r"incident|complain(?:ed|ts?)?|apologi[sz]\w*|refund(?:ed)?|damage[ds]?|ruined|spoil(?:ed|t)|wasted|"
    r"threw away|thrown away|rejected|expired|mix-?up|mixed up|overbook\w*|double-(?:booked|sold|charged)|"
    r"misprint\w*|reprint(?:ed)?|redone|flooded|leak(?:ed|s|ing)?|drip(?:ped|ping)|drips? (?:from|through|onto|down)|(?:came|comes|coming|come|worked|was|were|got) loose|a loose|worn (?:out|through)|spill(?:ed|t)|injur(?:ed|y)|stung|stranded|"
    r"had to|at our (?:own )?(?:cost|expense)|crack(?:ed|s)?|burn(?:ed|t)|collapsed|fell (?:over|off|down)|"
    r"slipped|tripped|froze|frozen|corrupt(?:ed)?|jammed|torn|tore|warped|rotted|died|crashed|"
    r"locked out|lockouts?|got locked|(?:was|were|been|became) locked\b(?!\s+(?:in|down|away)\b)|"
    r"overflowed|overheated|bounced|unable to|stopped (?:\w+ing)|hit (?:its|the|our|their|a) (?:[\w-]+ )?(?:quota|limit|cap)|"
    r"(?:could|would|did|does|do|can|wo)(?:n't| not) (?:start|boot|connect|open|load|print|work|sync|respond|mount|log ?in))\b|"
    r"失敗|ミス|エラー|落ちた|止まった|止めた|間違|誤|取り違|入れ替わ|忘れ|障害|見落と|足りな|不足|切れ|遅れ|遅延|"
    r"事故|不具合|故障|壊れ|破損|漏れ|抜け|クレーム|苦情|詫び|謝|申し訳|迷惑|ヒヤリ|やり直|刷り直|作り直|"
    r"二重|無駄|廃棄|捨て|待ちぼうけ|混雑|刺され|怪我|けが|こぼれ|溶け|割れ|焦げ|つぶれ|動けなく|"
    r"てしまい|てしまった|ちゃった|発覚|間に合わ|詰ま[りっ]|摩耗|劣化|超過|"
    r"ロックアウト|ロックされ|ロックがかか|緩ん|緩み|ゆるん|ゆるみ|雨漏り|漏っ|水滴|ポタポタ|ぽたぽた|"
    r"(?:し|でき|動か|つながら|繋がら|使え|届か|開か|入れ|映ら|鳴ら|出)なくな[っりる]"
)
# A status that says things are fine ("we burned 4,100 of 12,000 GPU-hours, on track", 「予定どおり」): a failure
# word in it ("burned") tells of no failure.
FINE = re.compile(
    r"(?i)\b(?:on track|on schedule|on budget|within budget|as planned|ahead of schedule)\b|順調|予定(?:通り|どおり)"
)


def failure_told(s: str) -> bool:
    """A failure word in a sentence that is not a status saying things are fine."""
    told = FAILED.search(s) or WORSE.search(s) or any(f.search(s) for f in (FAILED_EN, FAILED_EU, FAILED_JA))
    return bool(told) and not FINE.search(s)


_OPENS_CHANGE = re.compile(
    rf"(?i)^\s*(?:from now on|going forward|from today|next time|{EU_AHEAD})(?!\w)|^\s*(?:今後|次から|次回から|これからは|以後)"
)


def opens_with_change(s: str) -> bool:
    """A sentence that opens with a change of practice ("From now on, always …", 「今後は…」)."""
    return bool(_OPENS_CHANGE.search(s))


def is_remedy(s: str) -> bool:
    """A sentence that says what fixed the failure (it belongs with what worked, not with what failed):
    "… fixed it", or an act done about it or "fine now" (trial 16) or the fix named ("The fix was to …",
    trial 18) in a sentence telling no failure."""
    told = remedy_told(s) or fix_named(s)
    told = (told and not failure_told(s)) or fixed_later(s, failure_told)  # "…; tightened it, no more drip"
    return bool(REMEDY.search(s)) or (told and not is_positive(s))


# An episode that calls itself a look back ("Lessons from …", a post-mortem, 振り返り) says something went wrong.
RETRO = re.compile(
    r"(?i)\blessons? from\b|\bpost-?mortem\b|\bretro(?:spective)?\b|\bwhat went wrong\b|"
    r"振り返|反省|ポストモーテム|障害報告|事故報告|ヒヤリ"
)
# A sentence that states a rule or a resolution for the future: always/never, must, has to, make sure,
# from now on, won't … again, a person's "we'll/I will"; 必ず, 〜こと, 〜ようにする, 徹底, 以後, 今後, 二度と, べき.
NORM = re.compile(
    r"(?i)(?:^|[:;]\s*|\b(?:we|i|you|they|everyone|everybody|staff|crews?|(?:must|should|will)(?: not)?)\s+)"
    r"(?:always|never)\s+\w|\bfrom now on\b|\bgoing forward\b|\bin (?:the )?future\b|"
    rf"(?<!\w){EU_AHEAD}(?!\w)|"
    r"\bfrom (?:today|tomorrow|here on)\b|"
    r"\b(?:i|we)(?:'ll| will| won't| will not| am going to| are going to)\b|"
    # a written rule's own ending, 「…を止めること。」「必ず確認すること。」 (not hearsay, 「…とのこと。」「…ということ。」)
    r"(?:[うくすつぬむるぐぶ]|ない)(?<!という)こと[。！]?$|"
    r"徹底|以後|今後|次から|次回から|次は|これからは|今度から|本日から|今日から|"
    r"ように(?:する|します|したい|しよう|心がけ|気をつけ)|気をつけ|心がけ|ことにする|ことにした|"
    # a rule for whoever does the thing, in the present: "whoever moves it tightens …"
    r"(?:^|[:;,]\s*)(?:whoever|anyone who)\b(?:\s+[\w-]+){1,4}?\s+(?!(?:was|has|does)\b)(?:[a-z]+s|must|gets?)\b"
)
# A change that names the failure that prompted it, in one sentence ("amended after a complaint", 「苦情を受けて」).
PROMPTED = re.compile(
    r"(?i)\b(?:after|following|because of|prompted by|in response to)\b|を受けて|があったため|があったので"
)
# A failure told as a condition ("otherwise the form is rejected", 「忘れると」) is a rule's reason, not an event.
SURELY = re.compile(r"必ず")  # also "bound to" (必ず落ちる): a rule only right after the failure
NEAR = 4  # a rule counts within this many sentences after a failure told as an event
_IF = re.compile(
    r"(?i)\b(?:if|unless|otherwise|in case|whenever|or else)\b|場合|たら|なければ|ないと|すると|忘れると|れば"
)
# A label or a question that introduces what changes ("Action items", "What we'd change:", "The fix
# going forward:", "What do we do differently?", 「再発防止策」「次はどうする？」).
RESOLVE = re.compile(
    r"(?i)\b(?:takeaways?|lessons?|change|differently|prevent\w*|action(?:s| items?)|rules?|"
    r"note to self|to-?dos?|improve\w*|remed\w+|countermeasures?|learning)\b|"
    r"対策|再発防止|是正|教訓|反省|改善|どうする|やること|変えること"
)
_QA = re.compile(r"^[AＡ答][.:：．]\s*")
_PAST_JA = re.compile(r"(?:た|だ|ました|でした)[。！]?$")
_NONPAST_JA = re.compile(
    r"(?<!で)[うくすつぬむるぐぶ][。！]?$|(?<![い題要方])ない(?:こと)?[。！]?$"
)  # 〜しない。: a rule too
CHECK = re.compile(r"(?i)\b(?:check|verify|confirm|make sure)\b|確認|確かめ")
_WORD = re.compile(r"[a-z0-9]+|[\u3040-\u30ff\u3400-\u9fff]+", re.I)
_STOP = frozenset(
    "the a an to of and or in on for we i it is was be should have next time that this with".split()  # noqa: SIM905 - a word list reads better as text
)


_LABEL = re.compile(rf"(?i)^(?:lessons? learned|lesson|takeaway|{EU_LABELS}|教訓|学び|反省)\s*[:：]\s*")


def fix_sentences(sents: list[str], text: str) -> list[str]:
    """The sentences that say what to do instead; a label over a list gives the list's items.

    A cue that says something was done wrong ("should have", 教訓) always counts; one that only looks
    ahead ("next time", 次からは) counts where the episode says something went wrong (or looks back on
    it) and, in English, where it opens a clause or a person commits to it. Where something went
    wrong, a sentence after it that states a rule or a resolution (`NORM`) counts too, and so does
    what a label or question about what changes (`RESOLVE`: "Action items", "What do we do
    differently?") stands over.
    """
    told = [k for k, s in enumerate(sents) if RETRO.search(s) or _happened(s)]
    # a mistake owned or a step not taken ("I didn't look") opens a label or a change, not a bare "I'll …"
    # a decision's reasons ("Reasons: no-shows cost us …") name the problem it addresses: only a failure
    # word in them (`_happened`) says something went wrong, not a slip cue
    bad = sorted({*told, *(k for k, s in enumerate(sents) if _owned(s) and not is_rationale(s))})
    answered = incidents(sents)  # an incident told without a failure word, then its rule (trial 24 #1)
    went_wrong = bool(any(failure_told(s) for s in sents) or RETRO.search(text) or bad or answered)
    picked: list[str] = []
    for k, s in enumerate(sents):
        strong = bool(FIX.search(_QUOTED.sub("", s)))
        cue = AHEAD.search(s) or LABEL_LINE.match(s) or (answered and rule_part(s) is not None)
        ahead = bool(cue) and went_wrong  # or "Takeaways:" over a list
        if ahead and not is_japanese(s) and not LABEL_LINE.match(s):
            ahead = bool(_AHEAD_OPENS.search(s) or _COMMITS.search(s))
        after = any(0 < k - b <= NEAR for b in bad)
        told_after = any(0 < k - b <= NEAR for b in told)
        said = NORM.search(s) or PROHIBIT.search(s) or (SURELY.search(s) and k - 1 in bad)
        head, rest = _head(s)
        resolve = head is not None and (
            (after and bool(RESOLVE.search(head))) or (any(b < k for b in bad) and is_change(head))
        )
        norm = told_after and bool(said) and not _PAST_JA.search(s) and not _in_list(s, text)
        # a change of practice, before or after the failure (a step of a list: the label over it decides)
        # a change of practice after the failure (one told first, with its reasons after it, is a decision)
        change = any(b < k for b in bad) or (
            k in bad and bool(PROMPTED.search(s))
        )  # "amended after a complaint"
        change = change and is_change(s) and not _in_list(s, text)
        if not (strong or ahead or resolve or norm or change) or s in picked or failure_labelled(s):
            continue
        if not resolve:
            rest = _LABEL.sub("", s).strip()
        if LABEL_LINE.match(s) or not rest or rest.endswith((":", "：", "?", "？")):
            follow = [_QA.sub("", t) for t in items_under(text, s) if t not in picked and _QA.sub("", t)]
            picked += follow or ([] if LABEL_LINE.match(s) or resolve else [s])
        else:
            picked.append(s)
            nxt = sents[k + 1] if k + 1 < len(sents) else ""
            if is_japanese(s) and _NONPAST_JA.search(nxt) and not CHECK.search(nxt) and not TURN.match(nxt):
                picked.append(
                    nxt
                )  # 〜二度としない。燃料は先に満杯にしておく。: the rule goes on (not another's reply)
    return list(dict.fromkeys(picked))


def rule_first(said: list[str]) -> list[str]:
    """The sentences that say what to do, one stating a rule ("always", 「…を止めること。」) first when the first states
    none (an action item): the description is its rule (trial 19). A label is no rule when a later sentence is marked
    as one (「今後は」「必ず」, "always"): 「教訓：ポータルの上限は 100MB。」 is a fact (trial 25 re-check N9)."""
    ruled = [bool(NORM.search(s) or PROHIBIT.search(s) or FIX.search(s) or AHEAD.search(s)) for s in said]
    bare = [unlabel(s) for s in said]
    if said and bare[0] != said[0] and not any(r.search(bare[0]) for r in (NORM, PROHIBIT, AHEAD, _MARK)):
        ruled[0] = not any(AHEAD.search(s) or _MARK.search(s) for s in bare[1:])  # the fact gives way
    k = next((i for i, r in enumerate(ruled) if r), 0)
    return said if not said or ruled[0] else [said[k], *said[:k], *said[k + 1 :]]


_MARK = re.compile(r"(?i)\b(?:always|never|make sure)\b|必ず")


def _happened(s: str) -> bool:
    """A sentence telling of a failure as an event (not as a rule's condition or the rule itself)."""
    told_as_if = _IF.search(s) and not _PAST_JA.search(s)  # 「行ったら…動けなくなった。」 is an event
    return failure_told(s) and not told_as_if and not NORM.search(s) and not PROHIBIT.search(s)


def is_check(s: str) -> bool:
    """A sentence that says how to verify ("check the seal", 「ロックを確認する」), not one reporting what
    happened (「メーカーに確認して廃棄になった。」, a failure told as an event)."""
    reported = _happened(s) or (is_japanese(s) and bool(_PAST_JA.search(s)))
    return bool(CHECK.search(s)) and not reported


def _owned(s: str) -> bool:
    """A mistake owned ("Should have …") or a step not taken ("I didn't look"), not a rule's condition."""
    return (bool(FIX.search(_QUOTED.sub("", s))) or is_slip(s)) and not (
        _IF.search(s) and not _PAST_JA.search(s)
    )


def _in_list(s: str, text: str) -> bool:
    """True when the sentence is an item of a list (steps of a procedure: a label over it decides)."""
    return any(s[:30] in line and ITEM.match(line) for line in text.splitlines())


def _head(s: str) -> tuple[str | None, str]:
    """The label a sentence opens with ("What we'd change:", 「反省点：」) and what follows it; a heading
    or a question is all label; a plain sentence has none."""
    if LABEL_LINE.match(s) or s.endswith(("?", "？")) or (HEAD_LINE.match(s) and len(s) <= 40):
        return s, ""
    m = re.match(r"^([^:：]{1,40})[:：]\s*", s)
    if m and len(m.group(1).split()) <= 6:
        return m.group(1), s[m.end() :]
    return None, s


def unlabel(sentence: str) -> str:
    """`Lesson learned: tests must …` -> `tests must …` (the section heading already says it; the
    episode's own wording otherwise)."""
    return _LABEL.sub("", sentence) or sentence


def terms(text: str) -> set[str]:
    """Content words (Latin) and character bigrams (CJK) for overlap."""
    out: set[str] = set()
    for w in _WORD.findall(text.lower()):
        if re.match(r"[\u3040-\u30ff\u3400-\u9fff]", w):
            out.update(w[i : i + 2] for i in range(max(1, len(w) - 1)))
        elif w not in _STOP and len(w) > 1:
            out.add(w)
    return out


def overlap(a: set[str], b: set[str]) -> float:
    """Share of the smaller set found in the other."""
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0
