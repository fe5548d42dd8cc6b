"""Personal and financial identifiers: national id numbers and account numbers, masked like secrets.

A pasted client mail, a payroll form or a patient's intake note holds numbers that are no
credential but must not leave the file either: copied into a note, a search snippet or an agent's
context they are a privacy breach (Japan's 番号法, HIPAA, PCI DSS). These are found, and masked
wherever secrets are (`secret_detect.py` runs this detector with the others):

- a Japanese Individual Number (マイナンバー, 個人番号: 12 digits, `stdnum.jp.in_`): written in
  the card's groups (`1234 5678 9018`) with a valid check digit, or any 12 digits a cue names
  (`My Number`, `individual number`, `マイナンバー`, `個人番号`; a mistyped number is still one);
- a US Social Security number (`stdnum.us.ssn`: the invalid areas 000, 666 and 9xx, group 00 and
  serial 0000 are no SSN): written `123-45-6789`, or as 9 digits after `SSN` / `social security`;
- an IBAN (`stdnum.iban`: country, length and the mod-97 check);
- a payment card number: 13 to 19 digits, plain or in groups of four (Amex 4-6-5), with an
  issuer's prefix and length (Visa, Mastercard, Amex, JCB, Discover, Diners, UnionPay) and a
  valid Luhn digit (`stdnum.luhn`);
- a bank account number (6 to 17 digits, or `123-4567890`) right after an account cue: `account`,
  `acct`, `a/c`, `account number`, `口座`, `口座番号`, `普通`, `当座` (`普通預金 1234567`);
- a bank's branch or routing code right after its label: `sort code 60-16-13`, `routing number`,
  `ABA`, `BSB 062-000`, `transit number`, `支店番号`, `店番`, `銀行コード` (trial 27 #9).

Public numbers stay: a Japanese corporate number (法人番号, 13 digits) and an invoice issuer number
(`T` + 13 digits) are longer than an Individual Number, and a number with a letter, a `+` or a
hyphenated word joined to it is part of something else (`INV-2025-1234`, `+81 …`). Grouped digits
that another cue names (a tracking, order, invoice, member or phone number, 法人番号, 登録番号) are
not taken for an Individual Number by shape alone. Dates, phone numbers and amounts (`1,234,567`,
`1234567円`, `¥1234567`) have no shape here and no account cue before them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from stdnum import iban, luhn
from stdnum.jp import in_ as jp_in
from stdnum.us import ssn as us_ssn

# no Latin letter, digit, `+`, hyphen, dot, slash or `#` joined before (kana and kanji are: `番号は1234…`)
_NOT_BEFORE = r"(?=\d)(?<![\dA-Za-z_+\-./#])(?<!\d[ \-])"  # nor a group of a longer number
_NOT_AFTER = r"(?![\dA-Za-z_\-/]|[.,:][\dA-Za-z]| \d)"  # nor after (a sentence's full stop is fine)

# a cue naming an Individual Number (the English `My Number` in its capitals: "my number" is a phone's)
_MY_NUMBER_CUE = re.compile(
    r"My[ -]?Number|MY ?NUMBER|(?i:individual\s+number|マイナンバー|個人番号|my-?number)"
)
_SSN_CUE = re.compile(r"(?i)\bSSN\b|social\s+security(?:\s+(?:number|no\.?|#))?|社会保障番号")
# a cue naming another kind of number: grouped digits after it are not taken for an id by their shape
_OTHER_CUE = re.compile(
    r"(?i)(?<![a-z])(?:tracking|track|order|invoice|inv|member(?:ship)?|customer|ticket|case|phone|tel|fax|"
    r"serial|parcel|shipment|reference|ref|po|part|model|sku|item|lot|batch)(?![a-z])|追跡|伝票|送り状|問い合わせ|問合せ|注文|請求|会員|"
    r"顧客|電話|携帯|法人番号|登録番号|受付"
)
_CUE_WINDOW = 48  # characters before a number (its line, and the end of the line above) a cue may be in

_TWELVE = re.compile(_NOT_BEFORE + r"(\d{4})([ \-]?)(\d{4})\2(\d{4})" + _NOT_AFTER)
_NINE = re.compile(_NOT_BEFORE + r"(\d{3})([ \-]?)(\d{2})\2(\d{4})" + _NOT_AFTER)
_CARD = re.compile(_NOT_BEFORE + r"\d(?:[ \-]?\d){12,18}" + _NOT_AFTER)
_CARD_GROUPS = re.compile(r"\d{4}(?:([ \-])\d{4})(?:\1\d{4}){1,2}(?:\1\d{1,4})?|\d{4}([ \-])\d{6}\2\d{4,5}")
_IBAN = re.compile(
    r"(?=[A-Z]{2}\d)(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,4})?|[A-Z0-9]{11,30})(?![A-Za-z0-9])"
)
# a bank account: the cue, maybe `number` / `no.` / `番号`, a colon or `is` / `は`, then the digits
_ACCOUNT = re.compile(
    r"(?i)(?<![a-z])(?:account|acct|a/c)(?:[ _-]?(?:number|num|no|nr)\.?|\s*#)?(?![a-z])"
    r"[\"']?(?:\s*(?:is|[:=#]))?\s*[\"']?"  # `account no. 1234567`, `"account_no": "1234567"`
    r"|(?:口座番号|口座|普通預金|当座預金|普通|当座|貯蓄預金)(?:\s*(?:番号|No\.?|#))?\s*(?:[:：]|は)?\s*"
)
# ... not an amount (`1234567円`, `1234567 yen`) nor part of a longer number, a code or a date
_ACCOUNT_NUMBER = re.compile(
    r"(\d{6,17}|\d{3,5}-\d{6,8})(?![\dA-Za-z_\-/%％円件個人名回日年月万千億行台本枚時分秒]|[.,]\d)"
    r"(?!\s*(?i:yen|jpy|usd|eur|dollars?|euros?|円))"
)
# `AWS account 1234…`, `user account 1234…`: no bank's
_CLOUD = re.compile(r"(?i)arn:aws|amazonaws|(?<![a-z])(?:aws|gcp|azure)(?![a-z])")
_JOINED_BEFORE = re.compile(r"(?i)(?:aws|gcp|azure|cloud|user|service)\s*$")

# issuers: (prefixes, lengths); a prefix is a range of its first digits
_ISSUERS: tuple[tuple[tuple[tuple[int, int], ...], tuple[int, ...]], ...] = (
    (((4, 4),), (13, 16, 19)),  # Visa
    (((51, 55), (2221, 2720)), (16,)),  # Mastercard
    (((34, 34), (37, 37)), (15,)),  # American Express
    (((3528, 3589),), (16, 17, 18, 19)),  # JCB
    (((6011, 6011), (644, 649), (65, 65)), (16, 17, 18, 19)),  # Discover
    (((300, 305), (36, 36), (38, 39)), (14, 15, 16, 17, 18, 19)),  # Diners Club
    (((62, 62),), (16, 17, 18, 19)),  # UnionPay
)


def _digits(text: str) -> str:
    """The ASCII digits of text (full-width digits read as theirs)."""
    return "".join(str(unicodedata.digit(c)) for c in text if c.isdigit())


def _before(text: str, start: int) -> str:
    """What comes before a number that may name it: its line and the end of the line above."""
    head = text[max(0, start - _CUE_WINDOW) : start]
    cut = head.rfind("\n", 0, head.rfind("\n")) if head.count("\n") > 1 else -1
    return head[cut + 1 :]


def _other_number(text: str, start: int, cue: re.Pattern[str] | None = None) -> bool:
    """Another kind of number is named just before (`tracking 1234 5678 9012`, `電話 0120 …`), and
    the id's own cue is not as near."""
    near = text[max(0, start - 24) : start]
    return bool(_OTHER_CUE.search(near)) and not (cue is not None and cue.search(near))


def _named_by(cue: re.Pattern[str], text: str, start: int) -> bool:
    """A cue names the number: in its line or the end of the line above, and no other number's nearer."""
    return bool(cue.search(_before(text, start))) and not _other_number(text, start, cue)


def _my_number_spans(text: str) -> Iterator[tuple[int, int]]:
    for m in _TWELVE.finditer(text):
        # named, or in the card's groups with a valid check digit (the shape alone: 1 in 10 would pass)
        shaped = bool(m.group(2)) and jp_in.is_valid(_digits(m.group(0)))
        if _named_by(_MY_NUMBER_CUE, text, m.start()) or (shaped and not _other_number(text, m.start())):
            yield m.span()


def _ssn_spans(text: str) -> Iterator[tuple[int, int]]:
    for m in _NINE.finditer(text):
        shaped = m.group(2) == "-" and us_ssn.is_valid(m.group(0))  # `123-45-6789` in valid ranges
        if _named_by(_SSN_CUE, text, m.start()) or (shaped and not _other_number(text, m.start())):
            yield m.span()


# a published test number (`4242 4242 4242 4242`, `4000 0000 0000 0002`, `5555 5555 5555 4444`): five
# equal digits in a row, or two digits repeated
_TEST_CARD = re.compile(r"(\d)\1{4}|^(\d\d)\2{5}")


def _issued(number: str) -> bool:
    """An issuer's prefix and length, and a valid Luhn digit; no published test number."""
    if _TEST_CARD.search(number):
        return False
    for prefixes, lengths in _ISSUERS:
        if len(number) in lengths and any(lo <= int(number[: len(str(lo))]) <= hi for lo, hi in prefixes):
            return luhn.is_valid(number)
    return False


def _card_spans(text: str) -> Iterator[tuple[int, int]]:
    for m in _CARD.finditer(text):
        raw = m.group(0)
        if (raw.isdigit() or _CARD_GROUPS.fullmatch(raw)) and _issued(_digits(raw)):
            yield m.span()


def _iban_spans(text: str) -> Iterator[tuple[int, int]]:
    for m in _IBAN.finditer(text):
        raw = m.group(0)
        if iban.is_valid(raw):
            yield m.span()
        elif " " in raw:  # a last group that is the next word's (`… 3000 EUR`)
            head = raw.rsplit(" ", 1)[0]
            if iban.is_valid(head):
                yield m.start(), m.start() + len(head)


_ACCOUNT_HINTS = ("acc", "a/c", "口座", "普通", "当座", "貯蓄")


def _account_spans(text: str) -> Iterator[tuple[int, int]]:
    lowered = text.lower()
    if not any(h in lowered for h in _ACCOUNT_HINTS):
        return
    for cue in _ACCOUNT.finditer(text):
        if _JOINED_BEFORE.search(text[max(0, cue.start() - 12) : cue.start()]):
            continue
        if _CLOUD.search(text[max(0, cue.start() - 120) : cue.end() + 120]):
            continue  # `{"Account": "418273645190", "Arn": "arn:aws:sts::…"}`: a cloud account's id
        m = _ACCOUNT_NUMBER.match(text, cue.end())
        if m:
            yield m.span(1)


# a bank's branch or routing code a label names (trial 27 #9): with the account number it completes the
# payment details, and it has no place in a note's description; masked only right after its label
_BANK_CODE = re.compile(
    r"(?i)(?:(?<![a-z])(?:sort[ _-]?code|routing(?:[ _-]?(?:number|num|no|nr|code|transit)\.?)?|aba|bsb|"
    r"transit[ _-]?(?:number|no)\.?)(?![a-z])[\"']?(?:\s*(?:is|[:=#]))?\s*[\"']?"
    r"(\d{2}-\d{2}-\d{2}|\d{3}-\d{3}|\d{6}|\d{9})"  # UK sort code, AU BSB, US ABA routing number
    r"|(?:支店番号|支店コード|店番号|店番|銀行コード|金融機関コード)\s*(?:[:：]|は)?\s*(\d{3,4}))"
    r"(?![\d\-/A-Za-z]|[.,]\d)"
)
_BANK_HINTS = ("sort", "routing", "aba", "bsb", "transit", "店番", "支店", "銀行コード", "金融機関")


def _bank_code_spans(text: str) -> Iterator[tuple[int, int]]:
    lowered = text.lower()
    if any(h in lowered for h in _BANK_HINTS):
        yield from (m.span(1) if m.group(1) else m.span(2) for m in _BANK_CODE.finditer(text))


_HAS_DIGITS = re.compile(r"\d{2}")
_FOUR = re.compile(r"\d{4}")  # every id but an account (`123-456789`) has 4 digits in a row


def id_spans(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of the national ids and account numbers in text."""
    if not _HAS_DIGITS.search(text):
        return
    if _FOUR.search(text):
        yield from _my_number_spans(text)
        yield from _ssn_spans(text)
        yield from _card_spans(text)
        yield from _iban_spans(text)
    yield from _account_spans(text)
    yield from _bank_code_spans(text)
