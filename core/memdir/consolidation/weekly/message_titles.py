"""A Japanese title that is one person's whole message gives way to the kind's own word in its calls.

A title such as `夏休みのあいだ({value}月と{value}月)はプールを休ませたいのですが、手続きをお願いできますか。清水 美月`
is one request with holes: its sentences, its courtesy and the sender's name are one task's, and no kind is
named. It is a *message* when it is Japanese and holds a sentence's end before its own end (`。`, `？`, `！`),
or ends as a request or a statement does (`…ますか`, `…ください`, `…です`, a question mark).

Such a title is replaced by a Japanese constant the kind's calls pass (a plan, a category, a template id
without its version: `plan=在籍休会`, `template=休会受付_v1`), the one holding a kanji that the most requests
write (`休`: お休み, 休ませ, 休む), more than half of them; on a tie the one more calls pass, then the first. Reply
lines are not calls. When no constant is so written the title stays: a message is still better than a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_SENTENCE_INSIDE = re.compile(r"[。？！?!]\s*\S")
_REQUEST_END = re.compile(r"(?:ますか|ませんか|ください|下さい|です|ます|[？?])[。.！!]?\s*$")
# a run of Japanese (kanji, kana, long vowel mark) in a call: 2+ characters, no placeholder inside
_JA_VALUE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\u30fc]{2,}")
_HOLE = re.compile(r"\{\w+\}")


def is_message(title: str) -> bool:
    """A Japanese title that is a whole message (sentences, a request's ending), not a name of work."""
    if not _CJK.search(title):
        return False
    text = title.strip()
    return bool(_SENTENCE_INSIDE.search(text) or _REQUEST_END.search(text))


def call_word_title(steps: Sequence[str], asked: Sequence[str]) -> str:
    """The Japanese constant of the calls most requests write a kanji of (see the module); "" when none."""
    calls = [_HOLE.sub(" ", s) for s in steps if not s.startswith("Reply")]
    runs = list(
        dict.fromkeys(m.group(0) for c in calls for m in _JA_VALUE.finditer(c) if _KANJI.search(m.group(0)))
    )
    best, rank = "", (0, 0, 0)
    for run in runs:
        writers = sum(1 for a in asked if _writes_kanji_of(run, a))
        if 2 * writers <= len(asked):
            continue
        whole = sum(1 for a in asked if _writes_kanji_of(run, a, strict=True))
        mine = (writers, whole, sum(c.count(run) for c in calls))
        if mine > rank:
            best, rank = run, mine
    return best


def _writes_kanji_of(run: str | set[str], request: str, strict: bool = False) -> bool:
    """Whether a request writes a kanji of the constant as a word of it: a kanji run of the request that
    holds two of the constant's kanji, none but the constant's (`休` of お休み for `在籍休会`), or starts with
    one (`視` of 視力 for `両眼視機能検査`: a word's head reads alone); a kanji inside or at the end of another
    word (the `会` of `懇親会` or `同窓会`: a party; the `印` of `実印一本`) is no witness of a menu `特選会席`
    or a case `朱肉付き印鑑ケース`. `strict`: the first two ways only (a tie's decider)."""
    kanji = set(_KANJI.findall(run)) if isinstance(run, str) else run
    for word in _KANJI_RUN.findall(request):
        mine = set(word)
        if len(mine & kanji) >= 2 or mine <= kanji or not strict and word[0] in kanji:
            return True
    return False


_KANA_KANJI = re.compile(r"[\u3041-\u3096\u3400-\u4dbf\u4e00-\u9fff]")
_KANJI_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]+")
# a message's purpose written after its subject in a template id (`撮影予約確認`: the booking's confirmation)
_NOTICE_END = re.compile(r"(?:の)?(?:ご|お)?(?:確認|受付|完了|通知|案内|連絡|送信|お知らせ|確定)$")
# the kanji of the acts and notices a constant may carry beside its thing (`来店予約確定`: a visit, booked,
# confirmed): a request writing them asks for the act, so they say nothing of which thing the kind is
_ACT_KANJI = frozenset("予約申込注文発行変更登録受付確認確定完了通知案内連絡送信")


# a run the calls write only in brackets right after another (`弁当箱（二段・白木）`, "two tiers, plain wood"):
# the options of the thing before it, no thing and no work (round 62)
_BRACKETED = "（("


def _options(run: str, calls: Sequence[str]) -> bool:
    """Whether every time the calls write the run it opens a bracket that follows a word (`弁当箱（二段・白木）`)."""
    spots = [(c, m.start()) for c in calls for m in re.finditer(re.escape(run), c)]
    return bool(spots) and all(i >= 2 and c[i - 1] in _BRACKETED and not c[i - 2].isspace() for c, i in spots)


def japanese_call_title(
    steps: Sequence[str], asked: Sequence[str], skip: Callable[[str], bool] = lambda _: False
) -> str:
    """For a kind most of whose requests are Japanese: the Japanese constant of its calls that names it.

    The constant (a template id without its version, a plan) holding a kanji most Japanese requests write,
    then the one holding the most kanji they write (`撮影予約確認`: 撮 and 予約 over `スタンダード撮影`'s 撮);
    a request counts by the constant's kanji other than an act's or a notice's (`来店予約確定`: 来 and 店, not
    予約, so `両眼視機能検査60分`, whose 検査 the requests write, names the optician's exam kind),
    without the notice it ends with (`確認`, `受付`: the message, not the work): `撮影予約`, `追加プリント`.
    "" when the requests are not mostly Japanese or no constant is so written. `skip`: a constant that
    names no work (a fragment: `仙台市` of an address, whose 台 the requests write as `2台`) is passed over.
    """
    ja = [a for a in asked if _CJK.search(a)]
    if 2 * len(ja) <= len(asked):
        return ""
    ja = [a for a in ja if _KANA_KANJI.search(a)]  # an English request quoting a katakana name is no Japanese
    if not ja:
        return ""
    calls = [_HOLE.sub(" ", s) for s in steps if not s.startswith("Reply")]
    runs = dict.fromkeys(
        m.group(0)
        for c in calls
        for m in _JA_VALUE.finditer(c)
        if _KANJI.search(m.group(0)) and not _options(m.group(0), calls)
    )
    written = set(_KANJI.findall("".join(ja)))
    best, rank = "", (0, 0, 0, 0)
    for run in runs:
        kanji = set(_KANJI.findall(run))
        own = kanji - _ACT_KANJI or kanji  # 予約 in a request asks for the act, not for this thing
        writers = sum(1 for a in ja if _writes_kanji_of(own, a))
        if 2 * writers <= len(ja) or skip(_NOTICE_END.sub("", run)) and skip(run):
            continue
        whole = sum(1 for a in ja if _writes_kanji_of(own, a, strict=True))  # `実印` over `…印鑑ケース`
        mine = (writers, whole, len(kanji & written), sum(c.count(run) for c in calls))
        if mine > rank:
            best, rank = run, mine
    short = _NOTICE_END.sub("", best)
    return short if len(short) >= 2 else best


def japanese_title(steps: Sequence[str], asked: Sequence[str], fragment: Callable[[str], bool]) -> str:
    """`japanese_call_title`, unless it is itself a fragment (`入会`: one short run of kanji names no work)."""
    title = japanese_call_title(steps, asked)
    return "" if not title or fragment(title) else title
