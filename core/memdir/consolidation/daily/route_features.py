"""Structural cues of an episode as a fixed-length feature vector for the learned router.

Each feature is a count, a share or a flag read from the episode's blocks: imperative and
sequential wording, conditionals, "how" versus "why" wording, dates and times, first-person
status, list structure, code, links and length, in English and Japanese. They are generic
(nothing names a product, a path or a word of the evaluation data) and cheap: a regex pass.
The learned model (route_model) weighs them together with the episode's e5 vector.
"""

from __future__ import annotations

import math
import re

import numpy as np

from memdir.consolidation.daily.blocks import Block, content_words, link_share, strip_marker, units
from memdir.consolidation.daily.route_cues import (
    IMPERATIVE_VERBS,
    JA_PLAIN_VERB_END,
    SEQUENCE_MARKERS,
    first_word,
    plain,
)
from memdir.consolidation.daily.route_form import NAMES as FORM_NAMES
from memdir.consolidation.daily.route_form import form_features
from memdir.consolidation.daily.route_routine import NAMES as ROUTINE_NAMES
from memdir.consolidation.daily.route_routine import routine_features

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_JA_SEQ = re.compile(r"まず|次に|その後|そのあと|続いて|最後に|それから|してから|終わったら|したら|→|->")
_COND = re.compile(
    r"^(?:if|when|whenever|unless|once|in case|before|after)\b|\b(?:if|unless|in case)\b", re.I
)
_JA_COND = re.compile(r"たら|場合|なら|ときは|時は|際は|前に|後に|ないと")
_HOW = re.compile(
    r"\b(?:how (?:to|do|can|should)|steps?\b|procedure|runbook|checklist|recipe|workflow)", re.I
)
_JA_HOW = re.compile(r"方法|やり方|手順|どうすれば|どうやって|ステップ|チェックリスト")
_WHY = re.compile(
    r"\b(?:why|because|reason|root cause|caused|since|so that|due to|turns? out|lesson|learned|means|"
    r"decided|decision|trade-?off|instead of|rather than)\b",
    re.I,
)
_JA_WHY = re.compile(r"なぜ|理由|原因|ため|ので|から、|わかった|分かった|判明|教訓|決定|決めた|結論|比べ")
_DATE = re.compile(
    r"\b\d{1,2}:\d{2}\b|\b(?:mon|tue|wed|thu|fri|sat|sun)(?:day)?\b|\b(?:today|tomorrow|tonight|yesterday|"
    r"next week|this week|this morning|this afternoon|eod|asap)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|"
    r"oct|nov|dec)[a-z]*\.? \d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)\b",
    re.I,
)
_JA_DATE = re.compile(
    r"\d{1,2}時|\d{1,2}月\d{1,2}日|\d{1,2}日|[月火水木金土日]曜|明日|明後日|来週|今週|今日|本日|午前|午後"
)
# first-person status ("we merged", "done", "blocked", "in progress"), a trained feature: not past_tense.py's
# told-as-done verb list, which is about a sentence's opening verb and would change the model's inputs
_FIRST_PAST = re.compile(
    r"\b(?:i|we|i've|we've|i'm|we're)\b(?:\s+\w+){0,2}\s+\w+ed\b|\b(?:done|finished|merged|shipped|"
    r"deployed|released|fixed|on track|in progress|still|blocked|waiting)\b",
    re.I,
)
_JA_STATUS = re.compile(
    r"完了|対応中|進捗|終わった|終わりました|済み|予定|見込み|リリースした|マージした|順調"
)
# a checklist is for every time ("before any deploy"); a to-do list is for one day ("before I leave today")
_RECURRING = re.compile(
    r"\b(?:any|every|each|always|whenever|all (?:new|future)|next time|before (?:a|an|any|each|every|you)|"
    r"after (?:a|an|any|each|every)|if you)\b|たびに|毎回|ときは|時は|際は|場合は|前に|たら",
    re.I,
)
_ONE_OFF = re.compile(
    r"\b(?:today|tonight|tomorrow|this (?:week|morning|afternoon|evening)|next week|before i leave|by (?:eod|"
    r"mon|tue|wed|thu|fri)\w*|for (?:today|tomorrow)|i'm|i am|i'll|i will)\b|今日|明日|今週|来週|今夜|帰る前",
    re.I,
)
_FUTURE = re.compile(r"\b(?:will|going to|plan to|planning|need to|todo|to-do|to do)\b", re.I)
_SECOND = re.compile(r"\byou(?:r)?\b", re.I)
_JA_REQUEST = re.compile(r"ください|下さい|すること|しておく|しておいて|してね|しましょう|お願い")
_JA_PLAIN_END = re.compile(r"[うくぐすつぬぶむる]。?$|する。?$")
_JA_PAST_END = re.compile(r"(?:た|だ|ました|でした)[。！!]?$")
_JA_POLITE_END = re.compile(r"(?:です|ます)[。！!]?$")
_CHAT = re.compile(
    r"\b(?:hi|hello|hey|thanks|thank you|cheers|lol|haha|weather|lunch|coffee|weekend|holiday|birthday|"
    r"tired|fun|great|awesome|congrats)\b|[!]{1}|:\)|🙂|😂|🎉",
    re.I,
)
_JA_CHAT = re.compile(r"こんにちは|おはよう|お疲れ|ありがとう|よろしく|天気|ランチ|週末|楽しみ|笑|草|！")
_KNOW = re.compile(
    r"\b(?:always|never|must|should|policy|rule|note that|by default|limit|is a|are a|is the|means|"
    r"faster|slower|than|only)\b",
    re.I,
)
_JA_KNOW = re.compile(r"常に|必ず|禁止|ルール|方針|仕様|上限|制限|べき|である|とは|注意|より")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?\s*(?:%|ms|s\b|gb|mb|kb|件|個|台|分|秒|円)?", re.I)
_QUESTION = re.compile(r"[?？]")
_COLON_END = re.compile(r"[:：]\s*$")
_PAST_VERB = re.compile(r"\b\w{3,}ed\b", re.I)
_INLINE_CODE = re.compile(r"`[^`\n]+`")
_TABLE = re.compile(r"^\s*\|.*\|\s*$", re.M)
# documentation pages: a guide's headings are actions ("Install the agent", "Configuring TLS",
# "Step 2", 「証明書を更新する」), a concept or reference page's are names or questions
_HEAD_ACTION = re.compile(
    r"^(?:how to|step\s*\d|\d+[.)]?\s|\w+ing\b)|ステップ|手順|する$|します$|しよう$|方法$", re.I
)
_HEAD_QUESTION = re.compile(
    r"[?？]\s*$|^(?:what|why|when|which|who|how (?:does|do|is|are))\b|とは|なぜ", re.I
)
_FLAG = re.compile(r"(?<![\w-])--?[a-z][\w-]*", re.I)
_GUIDE_INTRO = re.compile(
    r"\b(?:this (?:guide|tutorial|walkthrough|page walks)|in this (?:guide|tutorial)|walks? (?:you )?through|"
    r"you will (?:build|create|learn|set up)|step[- ]by[- ]step|follow these steps|the following steps)\b|"
    r"このガイド|このチュートリアル|チュートリアルでは|手順を説明|までの流れ|次の手順",
    re.I,
)
_CAN = re.compile(
    r"\b(?:you can|we can|can be|may be|is used|are used|allows?|lets?)\b|できます|できる|られます", re.I
)
_DEFINE = re.compile(r"\b(?:is an?|are|refers to|is the|means)\b|とは|のことです|です。", re.I)

NAMES: tuple[str, ...] = (
    "cue_proc",
    "cue_know",
    "cue_chat",
    "cue_proc_share",
    "log_words",
    "log_units",
    "cjk_share",
    "ordered_items",
    "bullet_items",
    "code_blocks",
    "shell_code",
    "inline_code",
    "link_share",
    "headings",
    "table",
    "questions",
    "colon_intro",
    "imperative_share",
    "seq_share",
    "cond_share",
    "how_share",
    "why_share",
    "date_share",
    "status_share",
    "future_share",
    "second_person_share",
    "chat_share",
    "know_share",
    "number_density",
    "past_share",
    "ja_request_share",
    "ja_plain_end_share",
    "ja_past_end_share",
    "ja_polite_end_share",
    "item_imperative_share",
    "item_verb_end_share",
    "item_date_share",
    "item_number_share",
    "item_why_share",
    "item_short_share",
    "recurring_share",
    "oneoff_share",
    "opening_recurring",
    "opening_oneoff",
    "title_how",
    "title_why",
    "title_none",
    "heading_action_share",
    "heading_question_share",
    "flag_density",
    "code_char_share",
    "guide_intro",
    "can_share",
    "define_share",
    "log_chars",
    *FORM_NAMES,  # routing round 19: two line cues of English text (route_form), last so older sets keep theirs
    *ROUTINE_NAMES,  # routing round 21: acts told as routine (route_routine), after round 19's
)
DIM = len(NAMES)
DOC_CUES_FROM = NAMES.index("heading_action_share")  # the cues after this one tell documentation pages apart
FORM_FROM = NAMES.index(FORM_NAMES[0])
# the cues the episode weight sets read (recorded in the model file as their columns): the episode cues and,
# since routing round 19, the two line cues (round 21: and the four routine cues); the documentation and cue-only sets read the first columns
EPISODE_COLS: tuple[int, ...] = tuple(range(DOC_CUES_FROM)) + tuple(range(FORM_FROM, DIM))


def _share(flags: list[bool]) -> float:
    return sum(flags) / len(flags) if flags else 0.0


def _either(en: re.Pattern[str], ja: re.Pattern[str], text: str) -> bool:
    return bool(en.search(text) or ja.search(text))


def _doc_cues(blocks: list[Block], text_units: list[str], body: str) -> list[float]:
    """Cues that tell a guide from a concept or reference page: headings, flags, code share, intro."""
    heads = [b.text.lstrip("#").split("{#")[0].strip() for b in blocks if b.kind == "heading"][1:]
    code_chars = sum(len(b.text) for b in blocks if b.kind == "code")
    intro = " ".join(text_units[:3])
    return [
        _share([bool(_HEAD_ACTION.search(h)) or first_word(h) in IMPERATIVE_VERBS for h in heads]),
        _share([bool(_HEAD_QUESTION.search(h)) for h in heads]),
        min(1.0, 100.0 * len(_FLAG.findall(body)) / max(1, len(body))),
        code_chars / max(1, len(body)),
        float(bool(_GUIDE_INTRO.search(intro))),
        _share([bool(_CAN.search(u)) for u in text_units]),
        _share([bool(_DEFINE.search(u)) for u in text_units]),
        math.log1p(len(body)),
    ]


def features(title: str, blocks: list[Block]) -> np.ndarray:
    """The structural feature vector (len DIM, float32) of an episode given as blocks plus its title."""
    text_units = [plain(u) for b in blocks if b.kind in ("para", "list") for u in units(b)]
    items = [plain(strip_marker(u)) for b in blocks if b.kind == "list" for u in units(b)]
    proc = sum(b.score.proc for b in blocks)
    know = sum(b.score.know for b in blocks)
    chat = sum(b.score.chat for b in blocks)
    words = content_words(blocks)
    body = "\n".join(b.text for b in blocks)
    cjk = len(_CJK.findall(body)) / max(1, len(body))
    stripped = [u.rstrip() for u in text_units]
    n_chars = max(1, sum(len(u) for u in text_units))
    opening = f"{title} {text_units[0] if text_units else ''}"
    vals = [
        math.log1p(proc),
        math.log1p(know),
        math.log1p(chat),
        proc / (proc + know) if proc + know > 0 else 0.5,
        math.log1p(words),
        math.log1p(len(text_units)),
        cjk,
        math.log1p(sum(b.units for b in blocks if b.kind == "list" and b.ordered)),
        math.log1p(sum(b.units for b in blocks if b.kind == "list" and not b.ordered)),
        math.log1p(sum(1 for b in blocks if b.kind == "code")),
        float(any(b.kind == "code" and b.score.proc > b.score.know for b in blocks)),
        math.log1p(len(_INLINE_CODE.findall(body))),
        link_share(blocks),
        math.log1p(sum(1 for b in blocks if b.kind == "heading")),
        float(bool(_TABLE.search(body))),
        math.log1p(len(_QUESTION.findall(body))),
        float(any(_COLON_END.search(u) for u in stripped[:3])),
        _share([first_word(u) in IMPERATIVE_VERBS for u in text_units]),
        _share([bool(SEQUENCE_MARKERS.match(u) or _JA_SEQ.search(u)) for u in text_units]),
        _share([_either(_COND, _JA_COND, u) for u in text_units]),
        _share([_either(_HOW, _JA_HOW, u) for u in text_units]),
        _share([_either(_WHY, _JA_WHY, u) for u in text_units]),
        _share([_either(_DATE, _JA_DATE, u) for u in text_units]),
        _share([_either(_FIRST_PAST, _JA_STATUS, u) for u in text_units]),
        _share([bool(_FUTURE.search(u)) for u in text_units]),
        _share([bool(_SECOND.search(u)) for u in text_units]),
        _share([_either(_CHAT, _JA_CHAT, u) for u in text_units]),
        _share([_either(_KNOW, _JA_KNOW, u) for u in text_units]),
        min(1.0, 10.0 * len(_NUMBER.findall(body)) / n_chars),
        _share([bool(_PAST_VERB.search(u)) for u in text_units]),
        _share([bool(_JA_REQUEST.search(u)) for u in text_units]),
        _share([bool(_JA_PLAIN_END.search(u)) for u in stripped]),
        _share([bool(_JA_PAST_END.search(u)) for u in stripped]),
        _share([bool(_JA_POLITE_END.search(u)) for u in stripped]),
        _share([first_word(u) in IMPERATIVE_VERBS for u in items]),
        _share([bool(JA_PLAIN_VERB_END.search(u.rstrip())) for u in items]),
        _share([_either(_DATE, _JA_DATE, u) for u in items]),
        _share([bool(re.search(r"\d", u)) for u in items]),
        _share([_either(_WHY, _JA_WHY, u) for u in items]),
        _share([len(u) < 40 for u in items]),
        _share([bool(_RECURRING.search(u)) for u in text_units]),
        _share([bool(_ONE_OFF.search(u)) for u in text_units]),
        float(bool(_RECURRING.search(opening))),
        float(bool(_ONE_OFF.search(opening))),
        float(_either(_HOW, _JA_HOW, title) or first_word(title) in IMPERATIVE_VERBS),
        float(_either(_WHY, _JA_WHY, title)),
        float(not title.strip()),
        *_doc_cues(blocks, text_units, body),
        *form_features(body),
        *routine_features(body),
    ]
    return np.asarray(vals, dtype=np.float32)
