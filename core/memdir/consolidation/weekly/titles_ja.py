"""Titles of Japanese requests: the action they ask for and its object, as a person would write them.

Words are kanji or katakana strings of 2+ characters (inside longer runs too: `振込予約` holds `予約`;
no word starts inside a katakana run: `トラック` and `チェック` share no word `ック`),
not right after a digit (`10月分` is a value); a kana inside a compound verb-noun is dropped before
words are counted (`差し戻し` = `差戻`). The action is a verbal noun, a word the requests or the
replies write as a verb (`予約して`, `差し戻し`, `発行お願い`, `予約しました`): the one more than half of
the requests wrote, latest in them (Japanese puts the verb last), else one a request wrote and more
than half of the replies report as done (`会議室 4名 お願いします` + `予約しました`). Its object is the
other word at least two requests wrote, closest before it, with the word another request glued to it
(`経費` + `精算` = `経費精算`). The title is written as the requests write the action (`差し戻し`, not
`差戻`): `{object}{action}` where a request joined them (`振込予約`), `{object}を{action}する` across を,
`{object}して{action}する` where a request did the object first (`匿名化して共有する`), else
`{object}の{action}`: 「経費精算の差し戻し」, 「会議室の予約」. A day's name (`土曜`, `明日`, `来週`) is when one
task is, never the object: `土曜に予約していました` + `来週の土曜…` do not make 「土曜の予約」.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

KANJI_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\u30a0-\u30ff]{2,}")
# a kana inside a compound verb-noun, not a particle: `差し戻し` and `差戻` are one word (`振込`, `取消`); nor a
# verb's plain form before the noun it tells of (`使う長柄`, `作る日`: a clause, round 63): that kana ends a word
_OKURIGANA = re.compile(
    r"(?<=[\u4e00-\u9fff])[\u3041-\u3093](?<![のをにがはでともへやかうくぐすずつづぬふぶむゆる])"
    r"(?=[\u4e00-\u9fff])"
)
# what follows a field's label: a topic marker, a colon, a quote, a value (`件名は`, `期日 12/15`, `カード RC-7130`),
# or の and the label of a value it belongs to (`登録カードの番号はRC-…`)
_LABEL_NEXT = re.compile(
    r"\s*(?:[はがも：:「(（]|\d|[A-Za-z]{1,4}-?\d)"
    r"|の[\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{1,6}[はが：:]?\s*(?:\d|[A-Za-z]{1,4}-?\d)"
)
# what follows a verbal noun: する in any form, or a request for it (`予約して`, `発行お願い`, `修正依頼`)
_STEM_KANA = frozenset("いきぎしじちにひびみりえけげせぜてでねべめれ")
# replies report these of every kind (`確認しました`, `連絡しました`): no kind's own action
_REPORTING = frozenset({"確認", "連絡", "対応", "完了", "報告", "送付", "返信"})
_WHEN = re.compile(r"[月火水木金土日]曜日?|[今明昨]日|[今来先]週|[今来先]月|[今来昨]年|午[前後]|週末|平日")
_AS_VERB = re.compile(
    r"(?:し|す|さ(?![んま])|せ|でき|お願い|願い|依頼|希望|済|完了)"
)  # `田中さん` is no verb


def _label(word: str, occurrences: list[tuple[int, int]], texts: Sequence[str]) -> bool:
    """Every time a request wrote `word`, a value or a topic marker follows the word it is part of: a field's
    label (`番号は…`; `契約` and `登録カー` of `契約カード PK-80211`, `登録カードの番号はRC-…`)."""
    return all(_LABEL_NEXT.match(texts[n], _run_end(texts[n], i + len(word))) for n, i in occurrences)


def is_label(word: str, texts: Sequence[str]) -> bool:
    """Whether every text that writes `word` writes it as a field's label (`_label`)."""
    occurrences = [(n, m.start()) for n, t in enumerate(texts) for m in re.finditer(re.escape(word), t)]
    return bool(occurrences) and _label(word, occurrences, texts)


def _run_end(text: str, end: int) -> int:
    """`end`, or past the katakana that follows it in the same word (`契約|カード`, `登録カー|ド`)."""
    while 0 < end < len(text) and ("\u30a1" <= text[end] <= "\u30fa" or text[end] == "ー"):
        end += 1
    return end


def _verbal(word: str, texts: Sequence[str]) -> bool:
    """Whether some text writes `word` as a verb (`予約して`, `差戻し`, `承認お願い`)."""
    return any(_AS_VERB.match(t, m.end()) for t in texts for m in re.finditer(re.escape(word), t))


# a request for the thing before it (`掃除をお願い`, `掃除の依頼`, `清掃を希望`): an act asked for, by its noun
_ASKED = re.compile(r"[をのもが]?(?:お願い|依頼|希望|頼)")


def _asked_for(word: str, texts: Sequence[str]) -> bool:
    """Whether some request asks for `word` itself (`掃除をお願い`, `掃除の依頼`): the act the kind is."""
    return any(_ASKED.match(t, m.end()) for t in texts for m in re.finditer(re.escape(word), t))


def _words(texts: Sequence[str]) -> dict[str, list[tuple[int, int]]]:
    where: dict[str, list[tuple[int, int]]] = {}  # word -> (text, position) of each occurrence
    for n, text in enumerate(texts):
        for run in KANJI_RUN.finditer(text):
            for i in range(run.start(), run.end() - 1):
                if i > 0 and (text[i - 1].isdigit() or _kana_pair(text, i)):
                    continue
                for j in range(i + 2, run.end() + 1):
                    where.setdefault(text[i:j], []).append((n, i))
    return where


def _kana_pair(text: str, i: int) -> bool:
    """A word starting at `i` would start inside a katakana word (`トラ|ック`, `チェ|ック`): a katakana word is
    never read from its middle (its head may be: `メンテ` is short for `メンテナンス`)."""
    return 0 < i < len(text) and all("\u30a1" <= c <= "\u30fa" or c == "ー" for c in text[i - 1 : i + 1])


def surface(word: str, texts: Sequence[str]) -> str:
    """The action as most of the texts write it: with its inner kana when most write one (`差戻` ->
    `差し戻し`, the noun form of the verb `差し戻す`), else as it is (`予約`)."""
    if len(word) < 2:
        return word
    inner = "[\u3041-\u3093]?".join(re.escape(c) for c in word)
    seen: Counter[str] = Counter()
    for t in texts:
        for m in re.finditer(inner, t):
            form = m.group(0)
            if len(form) > len(word) and t[m.end() : m.end() + 1] in _STEM_KANA:
                form += t[
                    m.end()
                ]  # the verb's noun form: `差し戻して` -> `差し戻し`, `取り下げて` -> `取り下げ`
            seen[form] += 1
    return max(seen, key=lambda f: (seen[f], len(f))) if seen else word


def shared_phrase_ja(intents: Sequence[str], alone: bool = False, replies: Sequence[str] = ()) -> str:
    """What paraphrased Japanese requests all ask for, as an action on its object ("" when they share
    too little; see the module). With `alone`, a word more than half of the requests wrote is the
    phrase when no action goes with it (`会議室`: the kind's steps and replies name no action)."""
    raw = [t for t in intents if t.strip()]
    texts = [_OKURIGANA.sub("", t) for t in raw]
    if len(texts) < 3:
        return ""
    said = [_OKURIGANA.sub("", r) for r in replies if r.strip()]
    where = _words(texts)
    count = {w: len({n for n, _ in occ}) for w, occ in where.items()}
    # the tail of a longer word it never stands apart from is no word (`収書` of `領収書`; `給与` of
    # `給与明細` is one: a word's head reads alone, and ties go to the longer word below)
    whole = {
        w for w in where if not any(len(o) > len(w) and w in o[1:] and count[o] == count[w] for o in where)
    }
    count = {w: c for w, c in count.items() if w in whole}
    # a day's name (`土曜`, `明日`, `来週`) says when one task is, never what the kind acts on
    words = sorted(
        (w for w, c in count.items() if c >= 2 and not _WHEN.fullmatch(w)),
        key=lambda w: (-count[w], -len(w), w),
    )
    # a label that introduces a value (`件名は…`, `期日 12/15`, `件名：`) is no action, however late
    actions = [w for w in words if 2 * count[w] > len(texts) and not _label(w, where[w], texts)]
    if not actions:  # four requests, two of them name the action (`会議室を予約`, `会議室予約`)
        actions = [w for w in words if 2 * count[w] >= len(texts) and not _label(w, where[w], texts)]
    verbs = [w for w in actions if _verbal(w, texts + said)]
    nouns = [w for w in words if w not in verbs]
    # what the replies all report as done (`予約しました`, `送信しました`), the first they report, one a
    # request wrote first: it names the kind when the requests name none, or one the replies never
    # repeat (a symptom: `起動できない`, where the replies report `回復キーを…送信しました`)
    done = sorted(
        (
            w
            for w in {*where, *_words(said)}
            if w not in _REPORTING and 2 * sum(1 for r in said if w in r) > len(said) and _verbal(w, said)
        ),
        key=lambda w: (w not in where, min(r.find(w) % 10**4 for r in said), -len(w), w),
    )
    if done and not any(v in r for v in verbs for r in said):
        verbs = done[:1]
        nouns = [w for w in words if w not in verbs]
    unasked = False  # no word written as a verb nor asked for: two things, no act (round 62)
    if not verbs and len(actions) > 1:  # no word is written as a verb: the latest word, as before, but
        # when a request asks for one of them by name (`掃除をお願い`, `掃除の依頼`), that act: never a place a
        # request names after it (`霊園`: `掃除の霊園` is no phrase of the work)
        verbs = [w for w in actions if _asked_for(w, texts)]
        unasked = not verbs
        verbs = verbs or actions
        nouns = words
    if not verbs:  # a field's label (`登録カードの番号は…`) names what a request gives, not the work
        named = [w for w in nouns if not _label(w, where[w], texts)]
        return _with_action(named[0], texts) if alone and named else ""

    def lateness(w: str) -> float:
        occ = where.get(w, [])
        return sum(i / max(1, len(texts[n])) for n, i in occ) / max(1, len(occ))

    action = max(verbs, key=lambda w: (lateness(w), count.get(w, 0), len(w)))
    spoken = surface(action, raw)
    best: tuple[int, int, str] = (0, 10**6, "")
    asked = action in count  # else the replies named it: the object is what most requests name
    for obj in words if asked else nouns:
        if obj in action or action in obj or any(obj.endswith(action[:k]) for k in range(1, len(action))):
            continue  # `給与明` and `明細` are pieces of one word
        for n, i in where[obj]:
            k = texts[n].find(action, i + len(obj))
            if k < 0 and asked:
                continue
            gap = 10**5 if k < 0 else k - i - len(obj)
            if (count[obj], -gap) > (best[0], -best[1]):
                best = (count[obj], gap, obj)
    obj = _compound(best[2], words, texts, action) if best[2] else ""
    if not obj:  # a word more than half wrote, none as a verb: the verbal noun they write goes with it
        return (_with_action(action, texts) if not _verbal(action, texts + said) else action) if alone else ""
    if any(action + obj in t for t in texts) and not any(obj + action in t for t in texts):
        return ""  # `羽毛布団`: one thing's name, not an act on its second noun (`布団の羽毛`, round 37)
    if spoken == action and any(obj + action in t for t in texts):  # as a request wrote it: `振込予約`
        return obj + spoken
    if spoken == action and any(f"{obj}を{action}" in t for t in texts):
        return f"{obj}を{spoken}する"  # `口座を更新する`; a verb's own noun form takes `の` (`…の差し戻し`)
    if spoken == action and any(f"{obj}して{action}" in t for t in texts):
        return f"{obj}して{spoken}する"  # two actions in a row, as requests wrote them: `匿名化して共有する`
    if unasked:
        return _things(action, obj, texts, raw) or f"{obj}の{spoken}"
    return f"{obj}の{spoken}"


_HONORIFIC = ("", "お", "ご")
_KANA = re.compile(r"[\u3041-\u309f\u30a1-\u30fa]")


def _things(first: str, second: str, texts: Sequence[str], raw: Sequence[str]) -> str:
    """Two words no request writes as an act: as a request writes them joined by `の` (`二段のお弁当箱` ->
    `二段の弁当箱`, an option and its thing, never `弁当箱の二段`); requests with no kana write no `の` (Cantonese
    `副麻雀唔見咗`, "the set's tiles lost", and `可以`, "can"): the longer word, the one holding more of the
    thing, stands alone;
    "" otherwise (the caller's phrase, as before)."""
    for a, b in ((first, second), (second, first)):
        if any(f"{a}の{h}{b}" in t for h in _HONORIFIC for t in texts):
            return f"{a}の{b}"
    if not any(_KANA.search(t) for t in raw):
        return max((first, second), key=lambda w: (len(w), w))
    return ""


def _compound(obj: str, words: Sequence[str], texts: Sequence[str], action: str) -> str:
    """The object with a word at least two requests wrote that a request glued to it (`経費` and
    `精算`, written `経費精算`: the longer name of the thing; `振込予約` holds `振込`)."""
    found: list[str] = []
    for other in words:
        if action in other or other in action or other in obj:
            continue
        for k in range(min(len(obj), len(other))):  # `経費` + `費精算` (a piece across a word) -> `経費精算`
            for glued in ({obj + other[k:]} if obj.endswith(other[:k]) else set()) | (
                {other[k:] + obj} if k == 0 else set()
            ):
                if obj in other:
                    glued = other
                cut = any(glued.endswith(action[:k]) for k in range(1, len(action)))  # `給与明`+`細`
                if glued != obj and not cut and any(glued in t for t in texts):
                    found.append(glued)
    return max(found, key=lambda g: (len(g), g)) if found else obj


# verbal nouns of office work: a request names its action with one even when it writes no verb
# (`住所変更を反映して`, `住所の登録変更をお願い`)
_ACTIONS = (
    "変更",
    "登録",
    "追加",
    "削除",
    "修正",
    "訂正",
    "申請",
    "更新",
    "発行",
    "解除",
    "停止",
    "取消",
    "交換",
    "設定",
    "移動",
    "付与",
    "返却",
    "貸出",
    "予約",
    "承認",
    "精算",
    "作成",
)


def _with_action(noun: str, texts: Sequence[str]) -> str:
    """A noun the requests share, with the verbal noun two or more of them write (`住所` -> `住所変更`);
    the noun alone when none does (a noun is no action, but an action invented would be worse)."""
    counts = {a: sum(1 for t in texts if a in t) for a in _ACTIONS if a not in noun}
    best = max(counts, key=lambda a: (counts[a], -_ACTIONS.index(a)), default="")
    return noun + best if best and counts[best] >= 2 else noun
