"""A Japanese-led kind is named in Japanese: the thing its calls' Japanese constant names, and the act (round 27).

Round 26 named a Japanese-led kind whose title gave way to its call by the Japanese constant of its calls that
most requests write a kanji of (`撮影予約確認_v3` -> `撮影予約`). Set 27 left three kinds of a Japanese desk
titled otherwise: `Create a contract` (its requests write 掃除, 2週に1回: no kanji of `定期契約のご案内_v2`),
`エアコンの大丈夫` (a fragment of one request: 大丈夫, "that's fine") while its calls pass `service=エアコン洗浄`.

The thing: that constant (`japanese_call_title`), fragments passed over (`隔週`: one short run of kanji;
`仙台市` of an address, whose 台 the requests write as `2台`), else the subject of the Japanese notice template the calls send (`定期契約のご案内_v2` -> `定期契約`,
`スポット作業確定_v1` -> `スポット作業`). The act: the decisive call's, in Japanese (book, reserve, schedule ->
予約; create, register, enroll, apply -> 申込; an object that is itself an act, `create_print_order`, -> its
noun, 注文), written after the thing with の unless the thing already ends with an act (`撮影予約`):
`定期契約の申込`, `エアコン洗浄の予約`. No act known: the thing alone. No thing: "" (the title stays, or the
call's English words).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from memdir.consolidation.weekly.ja_thing_work import HANDOVER, asked_thing, thing_work_title
from memdir.consolidation.weekly.message_titles import japanese_call_title
from memdir.consolidation.weekly.work_acts import act_word, led_by

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_HOLE = re.compile(r"\{\w+\}")
_JA_VALUE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\u30fc]{2,}")
# a template's notice after its subject: the message (`ご案内`, `確定`), not the work
_NOTICE = re.compile(r"(?:の)?(?:ご|お)?(?:確認|受付|完了|通知|案内|連絡|送信|お知らせ|確定)$")
_ENDS_ACT = re.compile(r"(?:予約|申込|申し込み|注文|発行|変更|登録|受付|手続き?)$")
_TEMPLATE = re.compile(
    r"(?<![\w.])\w*template\w*=([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]{2,})", re.IGNORECASE
)
_SCRIPT_RUN = re.compile(r"[\u30a0-\u30ff]+|[\u3400-\u4dbf\u4e00-\u9fff]+|[\u3040-\u309f]+")


# a Japanese run that opens with a particle (`の利用を承認しました`: its thing cut off before it, by a bracket or a
# hole) names no work; `はがき`, `にんじん`, `もち米` open with the same kana inside a word (round 37)
_PARTICLE_FIRST = re.compile(
    r"^(?:[のをがはにでとへも]|から|まで)[\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]|^を"
)


def opens_with_particle(text: str) -> bool:
    """Whether a Japanese title or constant opens with a particle (see `_PARTICLE_FIRST`)."""
    return _PARTICLE_FIRST.match(text.strip()) is not None


def japanese_led(asked: Sequence[str]) -> bool:
    """Whether most requests are Japanese."""
    return led_by(asked, _CJK)


def notice_subjects(steps: Sequence[str]) -> list[str]:
    """The subjects of the Japanese notice templates the calls send (`定期契約のご案内` -> `定期契約`).

    A template's first (`トリミング予約確定_v2` -> `トリミング予約`), then any other constant ending with a
    notice: `pickup_notice=仕上がり電話連絡` is how the customer hears back, not the work (round 33)."""
    calls = [_HOLE.sub(" ", s) for s in steps if not s.startswith("Reply")]
    sent = [m.group(1) for c in calls for m in _TEMPLATE.finditer(c)]
    runs = dict.fromkeys([*sent, *(m.group(0) for c in calls for m in _JA_VALUE.finditer(c))])
    return [subject for run in runs if (subject := _NOTICE.sub("", run)) != run and len(subject) >= 2]


def japanese_work_title(
    steps: Sequence[str],
    asked: Sequence[str],
    verb: str,
    noun: Sequence[str],
    fragment: Callable[[str], bool],
) -> str:
    """The thing and the act, in Japanese (see the module); "" when the kind is not Japanese-led or no
    Japanese constant names its thing."""
    if not japanese_led(asked):
        return ""
    act = act_word(verb, noun, "ja")
    fragment = _or_particle(fragment)

    def bare(s: str) -> bool:  # a short thing (`実印`) names the work once it has its act (`実印の注文`)
        return fragment(s) and (not act or fragment(f"{s}の{act}"))

    thing = japanese_call_title(steps, asked, fragment)
    # the thing alone (`仏壇`), or how it travels (`位牌預かり・店頭受取`): the thing and its call's work (round 39)
    if (
        not thing
        or HANDOVER.search(thing)
        or fragment(thing)
        or thing.strip("・") == asked_thing(steps, asked)
    ):
        work = thing_work_title(steps, asked, noun, act)
        if work:
            return work
    if not thing or fragment(thing) or HANDOVER.search(thing):  # how it is packed: the template's subject
        # a template's subject names the work even when short (`合鍵受付_v1` -> 合鍵), once it has its act,
        # when a request writes it (not `入会` of `入会のご案内_v1` for requests that write 入りたい)
        def named(s: str) -> bool:
            asks = any(s in a for a in asked)
            return not fragment(s) or bool(act) and asks and not fragment(f"{s}の{act}")

        thing = next((s for s in notice_subjects(steps) if named(s)), "")
    if not thing:  # none names it alone: a short thing a request writes whole, with the act (`実印の注文`)
        thing = japanese_call_title(steps, asked, bare)
        thing = "" if bare(thing) or not any(thing in a for a in asked) else thing
    thing = _without_grade(thing, asked)
    if not thing:
        return ""
    if not _ENDS_ACT.search(thing):
        act = asked_act(steps, asked, thing) or act
    return thing if not act or _ENDS_ACT.search(thing) else f"{thing}の{act}"


def asked_act(steps: Sequence[str], asked: Sequence[str], thing: str) -> str:
    """The act the requests ask for by the word a constant of the same thing writes (round 37): the plan
    `羽毛リフォーム・スタンダード` names the thing `羽毛掛け布団` (`羽毛`) and the act half the requests write
    (`リフォーム`): `羽毛掛け布団のリフォーム`, not the generic act of the call that books it (`…の申込`). ""
    when no constant does."""
    calls = [_HOLE.sub(" ", s) for s in steps if not s.startswith("Reply")]
    found: list[str] = []
    for value in dict.fromkeys(m.group(0) for c in calls for m in _JA_VALUE.finditer(c)):
        runs = [r for part in value.split("・") for r in _SCRIPT_RUN.findall(part)]
        if value == thing or not any(len(r) >= 2 and r in thing for r in runs):
            continue  # a constant of another thing
        found += [
            r
            for r in runs
            if len(r) >= 2 and r not in thing and 2 * sum(1 for a in asked if r in a) >= len(asked) >= 3
        ]
    return found[0] if found else ""


def _or_particle(fragment: Callable[[str], bool]) -> Callable[[str], bool]:
    return lambda s: opens_with_particle(s) or fragment(s)


def _without_grade(thing: str, asked: Sequence[str]) -> str:
    """The thing without a part after `・` that no request writes a character of (`墓石クリーニング・標準` ->
    `墓石クリーニング`: the service's grade, a plan's tier, is no word of the work a person names)."""
    parts = thing.split("・")
    while len(parts) > 1 and not any(c in a for c in parts[-1] if _CJK.match(c) for a in asked):
        parts.pop()
    return "・".join(parts)


def acted_template(steps: Sequence[str], thing: str) -> str:
    """A bare Japanese thing with the act the calls' template names (`ピアノ` and `template=移動見積_v1` ->
    `ピアノの移動見積`), for a kind none of whose calls is done rather than looked at (a quote is a read); ""
    when no template's Japanese run ends with an act."""
    runs = [m.group(1) for s in steps if not s.startswith("Reply") for m in _TEMPLATE.finditer(s)]
    work = next((r for r in runs if _ENDS_ACT.search(r) or r.endswith("見積")), "")
    if not work:
        return ""
    return work if thing in work else f"{thing}の{work}"


def names_less(title: str, work_title: str, asked: Sequence[str] = (), steps: Sequence[str] = ()) -> bool:
    """Whether a title says less than the Japanese work title: English (the call's words, for a Japanese
    desk), the thing's first word without what is done to it (`エアコンの大丈夫` beside `エアコン洗浄`), a
    verb's form a request wrote, no noun of an act (`実印の受け取れ` of `受け取れると助かります`), or words
    no more than half the requests write and no call does (`一週間の真柏`, round 40)."""
    if not _CJK.search(title) or verb_form(title, asked) or few_write(title, asked, steps):
        return True
    thing = work_title.split("の")[0] if "の" in work_title else work_title
    runs = _SCRIPT_RUN.findall(thing)
    return (
        len(runs) >= 2 and runs[0] in title and thing not in title and not any(r in title for r in runs[1:])
    )


def few_write(title: str, asked: Sequence[str], steps: Sequence[str]) -> bool:
    """Whether each of a Japanese title's words (its runs of kanji and katakana) is written by no more than
    half of three requests or more and by none of the calls: a duration and a species two customers wrote
    (`一週間の真柏`), not the work every task did (round 40)."""
    words = [
        w for w in _SCRIPT_RUN.findall(title) if len(w) >= 2 and not re.fullmatch(r"[\u3040-\u309f]+", w)
    ]
    if len(asked) < 3 or not words or not steps:
        return False
    calls = "\n".join(s for s in steps if not s.startswith("Reply"))
    return all(2 * sum(1 for a in asked if w in a) <= len(asked) and w not in calls for w in words)


# a title ending in a kanji and an e-row kana (`受け取れ`, `取り下げ`): a verb's stem, or a noun of an act
_E_ROW_END = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff][\u3041-\u3093]*[えけげせぜてでねへべめれ]$")
# what follows a verb, never a noun: its ending (`受け取れる`, `受け取れます`, `受け取れない`, `受け取れれば`)
_VERB_NEXT = "(?:る|ます|ません|ない|れば|たら)"


def verb_form(title: str, asked: Sequence[str]) -> bool:
    """Whether a Japanese title ends with a verb's form that the requests write as a verb (`受け取れると`,
    `受け取れますか`: the potential `受け取れる`), no noun a person titles work with (`取り下げ` of `取り下げて`
    stays)."""
    m = _E_ROW_END.search(title.strip())
    if m is None:
        return False
    tail = re.escape(m.group(0))
    return any(re.search(tail + _VERB_NEXT, a) for a in asked)


def unspoken_tools(title: str, steps: Sequence[str], words: Sequence[str], asked: Sequence[str]) -> bool:
    """Whether a title in the requests' script that more than half of them write and a call passes as a value
    (`番傘` of `nom=番傘 20間 …`) stands over a call whose words no request writes (`commander_wagasa` under
    Japanese requests): the calls name the thing in the requests' words, and their tool's name would title
    the kind in another language (`Commander a wagasa`)."""
    texts = [a.lower() for a in asked if a.strip()]
    if (
        not title
        or re.search("[A-Za-z]", title)
        or not (re.search("[\u3040-\u30ff\u3400-\u9fff]", title) and japanese_led(asked))
    ):
        return False
    if not any(title in s for s in steps):
        return False
    if 2 * sum(1 for a in texts if title.lower() in a) <= len(texts):
        return False
    return not any(w[:4].lower() in a for w in words if len(w) >= 3 for a in texts)
