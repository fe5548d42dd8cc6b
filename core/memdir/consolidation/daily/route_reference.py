"""A reference fact: what an item is, what it costs each time and how long it takes to come (trial 18 #4).

「2号オーブン用ヒーター HE-4.5kW-200V を2本発注。㈱関西ヒーター工業、単価 12,800円、納期 1週間。」 was read
as nothing to keep (skip, p=0.71) and its English twin only just kept: the model learnt order notes,
invoices and approval forms as status. Yet a part's number, its unit price, its lead time and who sells it
are what a team looks up the next time the part is needed (the labelling guideline's "facts ...
configuration facts": knowledge). What holds next time is told per unit and as a duration:

- a unit price: 「単価 12,800円」「1箱 2,980円」「12,800円/本」, "12,800 yen each", "$14 a set", "unit price";
- a lead time, a duration: 「納期 1週間」「注文から2日で届く」, "delivery in one week", "ships in 3 days",
  "lead time 10 days";
- the item's own number: a code of letters and digits with a hyphen ("HE-4.5kW-200V", "BR-M8100"), or one
  labelled so (品番, 型番, "part no.", "P/N", "SKU", "catalogue number");
- who sells it: a company's mark (㈱, 株式会社, "Co.", "Ltd", "Inc."), 仕入先, "supplier", a phone number
  or an e-mail address.

A text holds a reference fact when it tells a unit price or a lead time, and one more of the four. What
holds for one case only is none of these: an order's total (「金額：38,500円」), a due date (「納期：12月10日」),
an invoice's amount. Two texts labelled skip in the routing sets show the line: a purchase approval form
(total, due date) and a forwarded invoice mail (totals) hold no unit price and no lead time.
"""

from __future__ import annotations

import re

_NUM = r"\d[\d,，]*(?:\.\d+)?"
_MONEY = rf"(?:[$€£¥￥]\s?{_NUM}|{_NUM}\s?(?:円|万円|ドル|ユーロ|yen\b|usd\b|eur\b|gbp\b|jpy\b|dollars?\b|euros?\b|pounds?\b))"
_COUNTER = r"(?:個|本|箱|組|台|枚|袋|缶|巻|冊|セット|ケース|パック|kg|キロ|m|メートル|L|リットル)"
_PER_EN = (
    r"(?:each|apiece|per\s+\w+|an?\s+(?:piece|unit|set|pair|box|pack|bag|roll|case|can|bottle|metre|meter|"
    r"kilo|kg|litre|liter|sheet|item)|/\s?\w+)\b"
)
UNIT_PRICE = re.compile(
    rf"(?i)単価|unit\s+(?:price|cost)|price\s+per\b|1\s?{_COUNTER}\s*(?:あたり|当たり)?\s*[:：]?\s*{_MONEY}|"
    rf"{_MONEY}\s*(?:/|／)\s*\S|{_MONEY}\s*(?:each|apiece|per\b)|{_MONEY}\s+{_PER_EN}|各\s?{_MONEY}"
)
_SPAN = r"(?:\d+|[一二三四五六七八九十]+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a|an)"
_UNIT_EN = r"(?:business\s+|working\s+)?(?:days?|weeks?|months?)"
_UNIT_JA = r"(?:営業)?(?:日|週間|か月|ヶ月|カ月)"
LEAD_TIME = re.compile(
    rf"(?i)リードタイム|\blead[ -]?times?\b|納期\s*[:：は]?\s*(?:約|およそ|最短)?\s*{_SPAN}\s*{_UNIT_JA}|"
    rf"{_SPAN}\s*{_UNIT_JA}(?:ほど|くらい|ぐらい|程度|前後)?で(?:届|入荷|納品|到着|入る|来る|着く)|"
    rf"\b(?:deliver(?:y|ed|s)?|ships?|shipping|arrives?|arrival|comes?)\s+(?:in|within|takes)\s+(?:about\s+)?{_SPAN}\s+{_UNIT_EN}|"
    rf"\btakes?\s+(?:about\s+)?{_SPAN}\s+{_UNIT_EN}\s+to\s+(?:arrive|ship|come|deliver)"
)
ITEM_NUMBER = re.compile(
    r"(?<![\w/.@:#-])(?=[A-Za-z0-9.-]*\d)(?=[A-Za-z0-9.-]*[A-Z])[A-Z0-9][A-Za-z0-9.]*(?:-[A-Za-z0-9.]+)+(?![\w-])|"
    r"品番|型番|部品番号|商品番号|型式|(?i:\b(?:part|catalog(?:ue)?|model|item|article)\s*(?:no\b\.?|number|#)|\bp/n\b|\bsku\b)"
)
SUPPLIER = re.compile(
    r"㈱|株式会社|有限会社|[（(]株[)）]|仕入(?:れ)?先|取引先|発注先|購入先|"
    r"(?i:\b(?:co\.|ltd\b\.?|inc\b\.?|gmbh\b|llc\b|corp\b\.?)|\bsuppliers?\b|\bvendors?\b)|"
    r"\b0\d{1,4}-\d{1,4}-\d{3,4}\b|\+\d{1,3}[ -]\d[\d -]{6,}\d|[\w.+-]+@[\w-]+\.[\w.]+"
)


def reference_marks(body: str) -> set[str]:
    """Which marks of a reference fact `body` holds: unit price, lead time, item number, supplier."""
    marks = {
        "unit price": UNIT_PRICE,
        "lead time": LEAD_TIME,
        "item number": ITEM_NUMBER,
        "supplier": SUPPLIER,
    }
    return {name for name, pattern in marks.items() if pattern.search(body)}


def states_a_reference(body: str) -> bool:
    """Whether `body` tells a unit price or a lead time and one more mark of a reference fact."""
    marks = reference_marks(body)
    return bool(marks & {"unit price", "lead time"}) and len(marks) >= 2
