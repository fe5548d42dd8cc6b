"""Loanwords: the words an English text and a Japanese one share without sharing letters (trial 19 #3).

"Reset the quota for yamada.t's group lab-yamada back to normal, usual steps" reports using
「クォータを戻す手順」: the title's one word a translation keeps is クォータ, "quota" written in katakana.
The cross-language title share (route_usage_name) counted only the title's Latin terms, so it saw none,
and the report became a new procedure. A person reads クォータ as "quota" (as ワクチン is "vaccine", フォルダ
"folder", スキャン "scan"): a katakana word of one text and an English word of the other are one word.

e5 is multilingual, and the vector of a katakana loanword lies close to its English word, but a few
words lie close to everything (フォルダ is 0.85-0.95 from any English word), so the raw cosine cannot tell.
`loan_pairs` reads the *cross-domain similarity local scaling* (CSLS) of each pair instead:
2 x cos(w, k) - r(w) - r(k), where r is a word's mean cosine to its 5 nearest words of a fixed reference
vocabulary in the other language (`_REF_EN`, `_REF_JA`: everyday words of offices, shops and machines,
chosen before the measurement, none of the test words). From `LOANWORD` (0.06) the two are one word.
On 26 English x 11 katakana words (docs/daily.md, "Usage reports") every loanword pair but
newsletter / ニュースレター (0.041) scored 0.072-0.143 and every other pair at most 0.043.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

LOANWORD = 0.06  # CSLS from which a katakana word and an English word are one word (docs/daily.md)
_NEIGHBOURS = 5
_KATAKANA = re.compile(r"[\u30a1-\u30faー]{2,}")
_EN = re.compile(r"[A-Za-z][a-z]{2,}")
_REF_EN_WORDS = (
    "water bottle parking permit plumber toilet bill website hours tax return freezer plant schedule meeting "
    "email invoice report account server backup update login network file machine truck order delivery "
    "kitchen door key car table"
)
_REF_EN = _REF_EN_WORDS.split()
_REF_JA_WORDS = (
    "サーバー メール ファイル ネットワーク ログイン アカウント バックアップ プリンター トラック キッチン ドア キー "
    "テーブル スケジュール ミーティング レポート データ システム ユーザー パソコン"
)
_REF_JA = _REF_JA_WORDS.split()
# words that say how it went or that it was the usual way, not what it was about
_FRAME_WORDS = (
    "the and for with from that this then after before back usual usually steps step way done went fine "
    "problems problem issues issue no not all good again today yesterday"
)
_FRAME = frozenset(_FRAME_WORDS.split())


def katakana_words(text: str) -> list[str]:
    """The katakana words of a text (two characters or more), in order, each once."""
    return list(dict.fromkeys(_KATAKANA.findall(text)))


def english_words(text: str) -> list[str]:
    """The English words of a text (three letters or more, lower-cased, no frame words), each once."""
    return list(dict.fromkeys(w.lower() for w in _EN.findall(text) if w.lower() not in _FRAME))


def loan_pairs(
    english: list[str], katakana: list[str], embed: Callable[[list[str]], np.ndarray]
) -> dict[str, str]:
    """Each katakana word that is one of the English words (katakana -> English), by CSLS >= LOANWORD."""
    if not english or not katakana:
        return {}
    vecs = embed([*english, *katakana, *_REF_EN, *_REF_JA])
    n, m = len(english), len(katakana)
    en, ja = vecs[:n], vecs[n : n + m]
    ref_en, ref_ja = vecs[n + m : n + m + len(_REF_EN)], vecs[n + m + len(_REF_EN) :]
    r_en = np.sort(en @ ref_ja.T, axis=1)[:, -_NEIGHBOURS:].mean(axis=1)
    r_ja = np.sort(ja @ ref_en.T, axis=1)[:, -_NEIGHBOURS:].mean(axis=1)
    csls = 2 * (en @ ja.T) - r_en[:, None] - r_ja[None, :]
    out = {}
    for j, word in enumerate(katakana):
        i = int(np.argmax(csls[:, j]))
        if csls[i, j] >= LOANWORD:
            out[word] = english[i]
    return out
