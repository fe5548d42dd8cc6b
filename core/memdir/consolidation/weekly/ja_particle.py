"""A Japanese title cut after its case particle loses the particle (trial 28 #12).

A title aligned from requests that differ in their verbs (「…リマインダーを送ってください」, 「…リマインダーをお願いします」)
keeps their shared words up to the particle: 「狂犬病ワクチンのリマインダーを」, and its description 「…をの手順」 is no
Japanese. を ends no word: a title that ends with it (「…お知らせを」) lost the verb it marked, and the noun phrase
before it is the title (「狂犬病ワクチンのリマインダー」). The other case particles (が, に, へ, で, と, は) are cut only
right after a kanji or katakana word: after hiragana they may be a word's own end (「ために」, 「まで」) and stay.
"""

from __future__ import annotations

import re

_CUT = re.compile(
    r"(?<=[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff])を$|(?<=[\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff])[がにへでとは]$"
)


def without_cut_particle(title: str) -> str:
    """`title` without the case particle it ends with (see the module)."""
    cut = _CUT.sub("", title.rstrip())
    return cut if cut.strip() else title
