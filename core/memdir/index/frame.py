"""A question's frame: the words that say *how* it asks (やり方, 方法, 手順, "steps"), not what about.

「爪切りと耳掃除のやり方」 asks about nail trims and ear cleaning; `のやり方` ("how to do") only frames the
question, and so does a verb's 〜方 after の (「予約の取り方」, "how to take a booking", trial 28 re-check N2: its
取り and り方 bigrams are in every note that says 取らない or 取り扱い, and left 予約 a fifth of the query). A note that shares the frame and one more word (「手術室の掃除のやり方」: 掃除 and のやり方)
shared half the query's bigrams, passed the words floor (0.35) and ranked above the English nail-trim
procedure that search can only find by meaning (trial 28 #8). So the lexical ranking and the `words` share
read the query without its frame (`content_query`); the vector ranking and the title check still read it
whole. A query that is only frame (`手順`, `steps`) is read as it is.

English needs little here: `how`, `what`, `to` are stop words already; only the nouns of the frame are
listed. `way`, `method`, `procedure` and `process` are left out on purpose: "Ways of Using Vue", "dental
procedure" and "process a refund" name the task (`scripts/bench_search_crosslang.py --frame`, dev half).
"""

from __future__ import annotations

import re
import unicodedata

# Japanese: a frame noun with the particle that ties it to the topic (の, を, について), and the request
# around it (を教えて, について教えてください, どうやって, どうすれば, とは).
_JA_FRAME = re.compile(
    r"(?:について|に関する|の|を)?"
    r"(?:やり方|やりかた|仕方|しかた|方法|手順|進め方|"
    # a verb's stem and 方, "the way of doing" (「予約の取り方」「ラベルの書き方」「薬の入れ方」): one or two kanji,
    # then the stem's kana ending (i- or e-row), after の or を; a noun with 方 (夕方, 両方, 味方) has no such kana
    r"(?<=[のを])[\u4e00-\u9fff]{1,2}[いきぎしじちにびみりえけげせぜてでねべめれ]方)"
    r"(?:は|を)?(?:教えて(?:ください|下さい)?|知りたい)?"
    r"|(?:について|を|は)?教えて(?:ください|下さい)?"
    r"|について"
    r"|どうやって|どうすれば(?:いい|よい)?|どのように|とは"
)
_EN_FRAME = re.compile(r"\b(?:steps?|instructions?|how-?to)\b", re.I)


def content_query(query: str) -> str:
    """The query without its frame, each cut replaced by a space (no CJK bigram spans the cut).

    It may hold no term at all (`手順`): lexical.content_terms then reads the query as it is."""
    norm = unicodedata.normalize("NFKC", query)
    return _EN_FRAME.sub(" ", _JA_FRAME.sub(" ", norm))
