"""A lesson's parts read by their labels (trial 27 #7): 「反省：…」 is what failed, 「今後は…」 the rule.

「反省：マウントの寸法を事前に現物で確認しなかった。今後はマウント業者に現物採寸を依頼する。」 gave a lesson whose
"What worked instead" listed the 反省 sentence (the failure) and whose "What failed" listed a plain step of the day
(「収蔵庫Aと展示室2のトラップを点検した。」, nothing failed). A failure label, 反省/反省点/失敗/うまくいかなかった
(こと)/問題点, "What went wrong:", "Mistake:", "What didn't work:", over a sentence that states no rule for the future
(「反省：今後は…」 is a rule under the label), makes that sentence a failure: never a rule, always under "What
failed" (its label left off); with one, the other failure lines are the ones told in failure words, not a step
of the day read as an incident. The rule is read as before (今後は/次回から/これからは, "from now on").
"""

from __future__ import annotations

import re
from collections.abc import Callable

_FAILURE_LABEL = re.compile(
    r"(?i)^\s*(?:反省点?|失敗(?:点|したこと)?|うまくいかなかった(?:こと|点)?|上手くいかなかった(?:こと|点)?|"
    r"良くなかった(?:こと|点)|よくなかった(?:こと|点)|問題点|what went wrong|what failed|what didn't work|"
    r"what did not work|(?:the |our |my )?mistakes?)\s*[:：]\s*"
)
# a rule for the future under the label (「反省：今後は…」 "Mistake: from now on …")
_AHEAD = re.compile(
    r"(?i)今後|次回から|次から|これからは|以後|\b(?:from now on|next time|going forward|always|never)\b|必ず"
)

_KANA = re.compile(r"[\u3040-\u30ff]")
# told in the past (「…しなかった。」「…できなかった。」「…でした。」), as a failure is; a rule is told in the present
_PAST_JA = re.compile(r"(?:た|だ|でした|ました)(?:ね|よ)?[。！」]*$")


def failure_labelled(s: str) -> bool:
    """A sentence under a failure label that states no rule for the future."""
    m = _FAILURE_LABEL.match(s)
    rest = s[m.end() :] if m else ""
    told = not _KANA.search(rest) or bool(_PAST_JA.search(rest.strip()))  # 「反省点：…をもらう。」 is a rule
    return bool(rest.strip()) and told and not _AHEAD.search(rest)


def without_failure_label(s: str) -> str:
    """「反省：…しなかった。」 -> 「…しなかった。」"""
    return _FAILURE_LABEL.sub("", s, count=1) or s


def labelled_failed(sents: list[str], failed: list[str], in_words: Callable[[str], bool]) -> list[str]:
    """`failed` when no sentence carries a failure label; else the labelled sentences (label off) first, then the
    other failed lines told in failure words (`in_words`), none a part of a labelled sentence."""
    labelled = [s for s in sents if failure_labelled(s)]
    if not labelled:
        return failed
    keep = [f for f in failed if in_words(f) and not any(f in s or s in f for s in labelled)]
    return list(dict.fromkeys([*(without_failure_label(s) for s in labelled), *keep]))
