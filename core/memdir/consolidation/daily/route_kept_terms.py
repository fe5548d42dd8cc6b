"""Notes from a call or a meeting, read as nothing to keep, that hold a term which stands: asked about, not
dropped (trial 30 #12, fix42c).

"- Oliver (UK distributor) wants 60 cases of the junmai for January / - he asked about the new label design, Claire
to send PDF / - payment terms stay 30 days / - next call in two weeks" was skipped at p=0.87 with no review item:
the order, the errand and the next call are the day's logistics (GUIDELINES.md: skip), but "payment terms stay 30
days" is a term of the house's dealings a person looks up again ("policies, rules", knowledge). The standing-fact
reading (route_standing) asks only about texts of one or two sentences. Routing is not changed here (the list's
main content is the day's): the run raises the same `file_candidate` review item an unsure skip does, so a person
decides. A line of the text counts when it tells, by form,

- a term of dealings said to hold or to stay: payment / delivery / notice terms, a price, a rate, a fee, a
  discount, a minimum order, a deadline, a credit limit "stay(s)", "remain(s)", "unchanged", "is still", "the
  same", "as before"; a payment term in days ("net 30", "30 days' credit", "within 30 days of invoice");
  「支払条件」「単価」「価格」「料金」「締め」「掛け率」「最低ロット」 … 「のまま」「据え置き」「変わらず」「変更なし」
  「従来どおり」; 「30日サイト」「月末締め翌月末払い」;

and no line of it is a person's own day or a question (route_standing.OWN_DAY, a "?").
"""

from __future__ import annotations

import re

_TERM_NOUN = (
    r"(?:payment|delivery|shipping|notice|credit|contract|rental|lease)\s+(?:terms?|period|limit)|terms|prices?|"
    r"rates?|fees?|discounts?|minimum order|moq|deadline|cut-?off|margin|commission|credit limit"
)
_HOLDS = re.compile(
    rf"(?i)\b(?:{_TERM_NOUN})\b[^.;\n]{{0,40}}?\b(?:stays?|remains?|unchanged|(?:is|are) still|(?:is|are) the same|"
    r"as before|(?:is|are) kept at|held at)\b|"
    r"\bnet\s?\d{2,3}\b|\b\d{1,3}\s+days?'?\s+(?:credit|payment terms)|\bwithin\s+\d{1,3}\s+days\s+of\s+(?:the\s+)?invoice"
)
_HOLDS_JA = re.compile(
    r"(?:支払(?:い)?条件|取引条件|単価|価格|値段|料金|掛け?率|最低ロット|締め日?|支払(?:い)?サイト|手数料|値引き?)"
    r"[^。\n]{0,30}?(?:のまま|据え?置き|変わらず|変更なし|従来(?:どおり|通り)|これまで(?:どおり|通り)|同じ)|"
    r"\d+日サイト|月末締め翌月末払い"
)
_QUESTION = re.compile(r"[?？]\s*$")


def holds_a_term(body: str, own_day: re.Pattern[str]) -> bool:
    """Whether a line of `body` tells a term of dealings that holds or stays (see the module); a line `own_day`
    finds (route_standing.OWN_DAY: a person's own day) never counts."""
    lines = [ln.strip() for ln in body.splitlines() if ln.strip()]
    if any(_QUESTION.search(ln) for ln in lines):
        return False
    return any((_HOLDS.search(ln) or _HOLDS_JA.search(ln)) and not own_day.search(ln) for ln in lines)
