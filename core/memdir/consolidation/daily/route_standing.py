"""A standing fact told in one or two sentences, kept as knowledge when the model reads skip (round 29).

Trial 23's second re-check (`repro/slot_probe.sh`) and trial 24 found one-sentence facts of a working life
skipped with no review item: "The sevDesk licence renews on 1 February at 19 EUR per month", "Berlin office
lease: notice period is three months", "Lufthansa miles expire on 31 March unless a flight is booked",
「田中商事の経理窓口は来年から佐藤さんに変わる」, "Die ACME GmbH zahlt ab Januar einen monatlichen Retainer". GUIDELINES.md:
"facts about systems, … policies, rules, … configuration facts" are knowledge; "schedule and logistics changes
('standup moves to 10:30 tomorrow', 'I'm off Friday')", status updates and to-do lists are skip.

What tells them apart is the form, not the words of a domain. A text of one or two sentences (`MAX_SENTENCES`)
states a standing fact when a sentence of it

- tells a term, a rule or a price that holds over time: an amount per period ("19 EUR per month", "€40 a
  night", 「月額」「月1万円」, "pro Monat", "par mois", "al mes"), a recurrence of what holds ("every quarter",
  "each month", "monthly", 「毎月」「毎年」, "jeden Monat", "chaque mois", "cada mes"), a notice period, a term, a
  validity ("expires", "renews", "valid until", "unless"), what holds from or until a date ("from January",
  "from 2027", "ab Januar", "à partir de janvier", "desde enero", 「来年から」「4月から」「…から…まで」);
- names who a contact is, or where a thing is kept or found ("the contact for X is", 「窓口は」「担当は」「連絡先は」,
  "… is in 1Password", "is kept in"); or
- states a rule with a modal of obligation about a thing, not a person's task ("invoices must be sent as PDF",
  「…しなければならない」, "muss", "doit", "debe").

and no sentence of it is a one-time change or a person's own day: "tomorrow", "today", "tonight", "this
week", a weekday alone ("on Friday"), "moves to", "rescheduled", "postponed", "cancelled", 「明日」「今日」「今週」
「変更」 of a time, "I'm off", a to-do ("need to", "remember to", "TODO", 「やること」), a question. A status line
(a past tense report) states no such form. The reading acts only on what the model reads as skip (as
`route_decided` and `route_ahead` do), so it can only move a text out of skip.

`tells_standing` is the looser reading the run asks about (`route_fact`'s review item): any text the model
skips in which a sentence has such a form and none is a one-time change is raised as "Kept as nothing; file
it?" whatever the model's probability.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_sentences import sentences
from memdir.consolidation.daily.route_fact import UNSURE_FACT_SKIP, states_a_fact
from memdir.consolidation.daily.route_kept_terms import holds_a_term

MAX_SENTENCES = 2  # "told in one or two sentences" (the rule for routing round 29)

_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|januar|februar|märz|mai|juni|juli|oktober|dezember|"
    r"janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|"
    r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre"
)
_PERIOD = (
    r"month|year|week|day|night|hour|quarter|person|head|seat|user|licen[cs]e|"
    r"monat|jahr|woche|tag|nacht|stunde|quartal|mois|an|année|semaine|jour|nuit|heure|trimestre|"
    r"mes|año|semana|día|noche|hora"
)
# a term, a price per period, a recurrence, a validity, what holds from or until a date
TERM = re.compile(
    rf"(?i)(?:\d|\b(?:one|two|three|four|five|six|ten|twelve)\b)[\d.,' ]*\s*(?:[a-z€$£¥%]{{1,4}}\.?\s*)?"
    rf"(?:per|a|an|each|every|/|pro|je|im|par|al|por)\s*(?:{_PERIOD})\b|"
    r"\b(?:every|each)\s+(?:\w+\s+)?(?:month|year|week|quarter|season|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)\b|\b(?:monthly|yearly|annual|annually|quarterly|weekly|nightly)\b|"
    r"\bnotice period\b|\b(?:expire|expires|renews|renew|lapses?)\b|\bvalid (?:until|till|through|for)\b|"
    r"\bunless\b|\b(?:from|starting|as of|effective)\s+(?:(?:" + _MONTHS + r")\b|"
    r"(?:19|20)\d\d\b|next (?:year|month|quarter|season))|"
    r"(?<!\w)(?:ab|seit)\s+(?:" + _MONTHS + r"|(?:19|20)\d\d|nächste[mns]? (?:jahr|monat))(?!\w)|"
    r"(?<!\w)(?:monatlich\w*|jährlich\w*|vierteljährlich\w*|wöchentlich\w*|jede[nmrs]? (?:monat|jahr|woche|quartal)|"
    r"kündigungsfrist|läuft\s+\w*\s*ab|verlängert sich|gültig bis)(?!\w)|"
    r"(?<!\w)(?:à partir d[eu']\s*(?:" + _MONTHS + r"|(?:19|20)\d\d|l'an prochain)|mensuel\w*|annuel\w*|"
    r"chaque (?:mois|année|semaine|trimestre)|préavis|expire|valable jusqu)(?!\w)|"
    r"(?<!\w)(?:a partir de\s+(?:" + _MONTHS + r"|(?:19|20)\d\d)|desde\s+(?:" + _MONTHS + r")|"
    r"mensual\w*|anual\w*|cada (?:mes|año|semana|trimestre)|preaviso|caduca\w*|vence\w*|válid[oa] hasta)(?!\w)|"
    r"(?:来年度?|来月|来期|再来月|\d+月|[一二三四五六七八九十]+月|\d+年|今後)から|月額|年額|月[\d一二三四五六七八九十]+[万千]?円|毎[月年週]|年会費|更新(?:日|月|は)|"
    r"有効期限|期限は|解約予告|締め日"
)
# what holds from or until a day ("on 18 December … until 25 December", 「12月28日から1月4日まで」): a shop's
# closing days are a schedule as often as a term (heldout10's year-end hours are labelled skip), so the run asks
DATED_SPAN = re.compile(
    rf"(?i)\b(?:from|until|till|through|starting|restart\w*|resume\w*)\s+(?:on\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{_MONTHS})\b|"
    rf"\b(?:from|until|till|through)\s+(?:{_MONTHS})\s+\d{{1,2}}\b|"
    rf"(?<!\w)(?:bis (?:zum )?|ab (?:dem )?)\d{{1,2}}\.\s*(?:{_MONTHS}|\d{{1,2}}\.)|(?:jusqu'au|à partir du|du) \d{{1,2}}|"
    rf"\b(?:fixed|set|scheduled|booked|planned)\s+for\s+(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{_MONTHS})\b|(?:{_MONTHS})\s+\d)|"
    r"(?:hasta|desde) el \d{1,2}|\d+日(?:から|以降|まで)|から[^。、\n]{1,16}まで|"
    r"\d{1,2}/\d{1,2}\s*[〜~～–-]\s*\d{1,2}/\d{1,2}"  # 「12/29〜1/3は休診」 (trial 28 #7)
)
# who a contact is, where a thing is kept or found
CONTACT = re.compile(
    r"(?i)\b(?:contact|point of contact|account manager|the person to ask)\s+(?:for|at|is)\b|"
    r"\b(?:password|key|keys|login|credentials?|spare|manual|invoices?|contract)\s+(?:is|are)\s+(?:kept\s+)?"
    r"(?:in|at|under|with|behind|on)\b|"
    r"(?<!\w)(?:ansprechpartner\w*|zuständig)(?!\w)|(?<!\w)(?:interlocuteur|contacto)(?!\w)|"
    r"(?:窓口|担当(?:者)?|連絡先)(?:は|が)|[\w.+-]+@[\w-]+\.[\w.]+|"
    # where urgent or out-of-hours cases go (round 32, trial 28 #7): 「急患は夜間救急病院へ」, "emergencies go to …"
    r"\b(?:emergenc(?:y|ies)|urgent cases|out[- ]of[- ]hours|after[- ]hours)\b[^.;\n]{0,40}?\b(?:go(?:es)? to|"
    r"call|ring|phone|contact)\b|(?:急患|急病|救急|緊急(?:時|の場合)?|夜間|深夜|休日|時間外)(?:は|の方は|の場合は)[^。\n]{1,40}(?:へ|に連絡|に電話)"
)
# a rule told with a modal of obligation (the subject a thing, not "I")
RULE = re.compile(
    r"(?i)\b(?:must|has to|have to|is to|are to|shall)\s+be\b|"
    r"(?<!\w)(?:muss|müssen)\s+[^.;\n]{0,40}(?:werden|sein)(?!\w)|\b(?:doit|doivent)\s+être\b|"
    r"\b(?:debe|deben)\s+(?:ser|estar)\b|なければならない|なければなりません|ことになっている|決まりになっている"
)
# a one-time change, a person's own day, a to-do, a question
ONE_TIME = re.compile(
    r"(?i)\b(?:tomorrow|today|tonight|yesterday|this (?:morning|afternoon|evening|week|weekend)|next week|"
    r"on (?:mon|tues|wednes|thurs|fri|satur|sun)day|moves? to|moved to|rescheduled|postponed|cancell?ed|"
    r"i'?m off|i am off|i'll be|i will be|out of office|need to|needs to|remember to|don'?t forget|todo|to-do|"
    r"have to (?!be\b)|gotta)\b|"
    r"(?<!\w)(?:morgen|heute|übermorgen|diese woche|verschoben|abgesagt|demain|aujourd'hui|ce soir|reporté|annulé|"
    r"mañana|hoy|esta semana|aplazad[oa]|cancelad[oa])(?!\w)|"
    r"明日|今日|今夜|今晩|今週|明後日|昨日|延期|中止|やること|しないと|忘れずに|[?？]\s*$"
)
# a person's own day told in the first person ("I'm …", "my …")
# ... or framed by the day it is told on ("Saturday, checking the nightly from home.", trial 26 #6)
DAY_FRAME = re.compile(r"(?i)^\s*(?:[-*•]\s*)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\s*[,:—–-]")
OWN_DAY = re.compile(
    rf"(?i)^\s*(?:[-*•]\s*)?(?:i|i'm|i've|i'll|my|me)\b|^\s*(?:私|僕|俺)は|{DAY_FRAME.pattern[4:]}"
)


# the occasion a fact is told on: a past report of the change whose only one-time word is the day it happened
# ("The router was replaced this morning. The guest Wi-Fi is now called …", trial 28 #7), not a change ahead
_OCCASION_DAY = re.compile(r"(?i)\b(?:this (?:morning|afternoon)|today|yesterday)\b|今朝|今日|昨日")
_PAST = re.compile(
    r"(?i)\b(?:was|were|has been|have been)\s+\w+(?:ed|en|t)\b|\b(?:we|they|he|she)\s+\w+ed\b|た[。.]?$"
)


def _occasion(unit: str) -> bool:
    return bool(
        _OCCASION_DAY.search(unit)
        and _PAST.search(unit)
        and not ONE_TIME.search(_OCCASION_DAY.sub("", unit))
        and not _standing(unit)
    )


def _units(body: str) -> list[str]:
    units = [u.strip() for line in body.splitlines() for u in (sentences(line) or [line]) if u.strip()]
    told = [u for u in units if not _occasion(u)]
    return told if told and len(told) < len(units) else units


# a recurrence word used as a thing's name, not a term that holds: "the nightly" (then a stop or a preposition, not
# a noun: "the monthly review" is a term), "Nightly 1151", "Weekly 88"
# (trial 26 #6: "Saturday, checking the nightly from home." and "Nightly 1151 green …" were filed as facts)
_NAMED = re.compile(
    r"(?i)(?:\b(?:the|a|an|this|that|last|our|my|your|their|today's|tonight's)\s+)(?:nightly|daily|weekly|monthly|"
    r"quarterly|yearly|annual)\b(?=\s*(?:[.,;:!?)]|$)|\s+(?:from|for|at|on|in|to|with|by|of|and|or|but)\b)|"
    r"\b(?:nightly|daily|weekly|monthly|quarterly|yearly|annual)\s+#?\d"
)


def _standing(unit: str) -> bool:
    terms = [
        m
        for m in TERM.finditer(unit)
        if not any(n.start() <= m.start() < n.end() for n in _NAMED.finditer(unit))
    ]
    return bool(terms or CONTACT.search(unit) or RULE.search(unit))


def tells_standing(body: str) -> bool:
    """Whether `body`, in one or two sentences, has a standing fact's form or a dated span and no one-time change
    (the run's review item; see the module)."""
    units = _units(body)
    if (
        not units
        or len(units) > MAX_SENTENCES
        or any(ONE_TIME.search(u) or DAY_FRAME.search(u) for u in units)
    ):
        return False
    return any(_standing(u) or DATED_SPAN.search(u) for u in units)


def states_standing_fact(body: str) -> bool:
    """Whether `body` is a standing fact told in one or two sentences, not a person's own day (see the module)."""
    units = _units(body)
    if not units or len(units) > MAX_SENTENCES or any(OWN_DAY.search(u) or ONE_TIME.search(u) for u in units):
        return False
    return any(_standing(u) for u in units)


# a skip that tells a standing fact is asked about whatever the model's probability (condition 5 of the rule)
STANDING_SKIP = 1.01


def skip_ceiling(body: str, unsure: float) -> float:
    """The skip probability below which the run asks whether to file the text: any, when it tells a standing fact
    (`tells_standing`); `route_fact.UNSURE_FACT_SKIP` when it tells where a thing is kept or which part is used;
    else `unsure` (`router.UNSURE_SKIP`)."""
    # a term that stays, in a call's notes (route_kept_terms)
    if tells_standing(body) or holds_a_term(body, OWN_DAY):
        return STANDING_SKIP
    return UNSURE_FACT_SKIP if states_a_fact(body) else unsure
