"""What a usage report says was worked on, against what came of it (trial 29 #2).

「中村さんが初めて一人でレンタル整備をやった。いつもの手順で6台、問題なし。」 was read as the work 「問題なし」 ("no
problems"), and 「いつもの手順で予約確認メールを送ろうとしたが、…メールアドレスが間違っていて送れなかった。」 as the work
「…送れなかった」: the sentence that names the usual way held the outcome, or the clause after the work told how it
failed. Either was then compared with every title across languages and "named" the nearest act, "Supplier login".
How it went is never the work:

- `is_outcome` — a phrase with nothing left once its outcome words are taken out ("no problems", 「問題なし」,
  "went fine", 「完了」, "failed") names no work;
- `is_failure` — a clause that tells the work did not happen or did not work (「送れなかった」, "could not send",
  "failed") is the outcome, not the work;
- `attempt_as_work` — 「送ろうとした」 ("tried to send") names the work it tried: 「送る」.

route_usage_phrase reads the work with these, and takes the sentence before when the one naming the usual way
tells only how it went (「…をやった。いつもの手順で6台、問題なし。」).
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_usage import DONE, FAILED, NO_TROUBLE, PENDING
from memdir.consolidation.daily.route_usage_act import OUTCOME

# what is left of a phrase that names work: a word of two letters or more, a kanji, a katakana run
_WORD_LEFT = re.compile(r"[A-Za-z]{2,}|[\u4e00-\u9fff々]|[\u30a0-\u30ffー]{2,}")
_OUTCOME_WORDS = re.compile(
    r"\b(?:all|everything|it|ok|okay|good|fine|well|smoothly|clean|no|none|nothing|issues?|problems?|errors?|"
    r"trouble|as|expected|the|a|and|so|far)\b|全部|すべて|全て|特に|台|件|個|回|本|名|人",
    re.I,
)
# the work not done or not working: a negative past, a "could not", a failure word
_FAILURE_CLAUSE = re.compile(
    r"(?:なかった|ませんでした|できず|られず|ず(?:に)?)[。、]?$|"
    r"\b(?:could not|couldn't|did not|didn't|was not|wasn't|were not|weren't|never)\b",
    re.I,
)
# 「送ろうとした(が)」: the verb's volitional form and とした, read as the plain verb (送る); ichidan よう -> る
_ATTEMPT = re.compile(
    r"([\u4e00-\u9fff々])(よう|[ろこそとのもぼごおぎびみにりしちいえけせてねめべげ]?う)としたが?$"
)
_VOLITIONAL = {
    "ろう": "る",
    "こう": "く",
    "そう": "す",
    "とう": "つ",
    "のう": "ぬ",
    "もう": "む",
    "ぼう": "ぶ",
    "ごう": "ぐ",
    "おう": "う",
    "よう": "る",
}


def is_outcome(phrase: str) -> bool:
    """Whether a phrase says only how the work went ("no problems", 「問題なし」, "all fine", "failed")."""
    text = NO_TROUBLE.sub(" ", OUTCOME.sub(" ", phrase))
    text = _OUTCOME_WORDS.sub(" ", FAILED.sub(" ", DONE.sub(" ", PENDING.sub(" ", text))))
    return not _WORD_LEFT.search(text)


def is_failure(clause: str) -> bool:
    """Whether a clause tells that the work failed or did not happen (「送れなかった」, "could not send")."""
    c = clause.strip(" 。．.!！")
    return bool(FAILED.search(c) or _FAILURE_CLAUSE.search(c))


def attempt_as_work(clause: str) -> str:
    """「…を送ろうとしたが」 -> 「…を送る」: the work a person tried is the work of the report."""
    m = _ATTEMPT.search(clause.strip())
    if m is None:
        return clause
    return clause.strip()[: m.start()] + m.group(1) + _VOLITIONAL.get(m.group(2), "る")
