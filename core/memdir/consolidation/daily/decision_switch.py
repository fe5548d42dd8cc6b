"""A decision told as a switch: what the house goes with from now on and what it leaves (trial 29 re-check N4).

"We'll go with the steel pegs from now on instead of the plastic ones" and 「これからは紙の伝票をやめて、全部タブレット
で受けることにした」 tell a decision and the option it beat, yet the first has none of the words route_decided.DECIDED
reads ("we decided / agreed") and the second names its alternative in 「Xをやめて」 (or 「XからYに替える」), which
decision_told.ALT_JA ("ではなく", "の代わりに") did not read.

- `SWITCH_EN`: the house ("we", "the team") in the future or the present going with, switching to, sticking with or
  using something, and in the same sentence the option it beat ("instead of", "rather than", "in place of") or a
  start ("from now on", "going forward"). Told in the past ("we went with the red one instead") it is a one-off
  choice, as a person's own ("I'll go with …") is: neither reads here.
- `switched_from`: 「Xをやめて」「Xを止めて」「Xから…に替える / 切り替える / 変える / 変更する / 移行する」, X no time
  (「これから」「来月から」「10時から」 are starts, not options).
"""

from __future__ import annotations

import re

SWITCH_EN = (
    r"\b(?:we|the team|the shop|the office)(?:'ll| will|'re going to| are going to|'re| are| now)\s+"
    r"(?:now\s+)?(?:go(?:ing)? with|switch(?:ing)? to|stick(?:ing)? with|us(?:e|ing)|mov(?:e|ing) to|chang(?:e|ing) to)\b"
    r"(?=[^.!?\n]*\b(?:instead of|rather than|in place of|from now on|going forward)\b)"
)
# the switch's verb and its "we'll" as DECIDED_EN strips "we decided to": what is left is what was chosen
SWITCH_EN_LEAD = re.compile(rf"(?i)^.*?{SWITCH_EN}\s*")
_FROM_JA = re.compile(
    r"(?P<alt>[^、。はがをにで]{1,40}?)(?:を(?:やめて|止めて|廃止して)[、,]?|"
    r"から(?=[^、。]{1,40}?に(?:替え|換え|切り替え|切替え|変え|変更|移行|乗り換え)))"
)
_TIME = re.compile(r"^(?:これ|それ|あれ|今|今後|以前|前|昔|当初|朝|夜)$|[月日年週時期度分頃]$|^\d")


def switched_from(text: str) -> list[str]:
    """The options a Japanese switch leaves (「Xをやめて」「XからYに替える」), times not counted."""
    return [
        m.group("alt").strip() for m in _FROM_JA.finditer(text) if not _TIME.search(m.group("alt").strip())
    ]


def without_switched(text: str) -> str:
    """`text` without the options it leaves (「ワイヤー錠をやめて、全車U字ロックに」 -> 「全車U字ロックに」)."""
    return _FROM_JA.sub(lambda m: "" if not _TIME.search(m.group("alt").strip()) else m.group(0), text)


_START_EN = re.compile(r"(?i),?\s*\b(?:from now on|going forward)\b,?")
# a reason told as a plain clause after the choice: ", they last longer", ", it's cheaper to replace"
_WHY_CLAUSE = re.compile(r"(?i),\s*(?P<why>(?:they|it|these|those|that)(?:'re|'s|\s+\w+)\b[^.;!?]*)")


def switch_parts(text: str) -> tuple[str, str] | None:
    """(what was chosen, the reason told after it) of an English switch (`SWITCH_EN`), its "we'll go with" and
    its "from now on" taken off; None when `text` tells no switch."""
    m = SWITCH_EN_LEAD.match(text)
    if m is None:
        return None
    rest = text[m.end() :]
    why = _WHY_CLAUSE.search(rest)
    chosen = rest[: why.start()] if why else rest
    return _START_EN.sub("", chosen).strip(" ,.;"), why.group("why").strip(" .") if why else ""
