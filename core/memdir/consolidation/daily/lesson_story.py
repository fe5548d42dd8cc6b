"""What failed when no sentence of a lesson episode tells a failure in words (trial 23 #8).

Before, the two sentences before the lesson were taken as what went wrong, whatever they said: the narrator's
plain act ("Sent the ACME invoice at 23:59."), a day file's heading ("### Evening"), a fact ("Called 田中さん:
Tanaka KK switches its accounting system in January …") and the repair itself ("The export dropped the VAT line
again; re-exported with the v2 template.") were filed under "What failed". Now:

- a sentence that tells a repair after what it was done for gives that part ("The export dropped the VAT line
  again", 「…行がまた消えていた」); the repair stays under "What worked instead" (`lesson_units.REDONE`);
- else the act told against what it should have been ("I had printed the label as normal, not cool",
  「間違えて…した」: `lesson_mistake.told_mistake`, trial 30 #6);
- else a failure stated as a rule's consequence ("…, otherwise the tax line is wrong", "sonst …", "sinon …",
  「…しないと表がずれる」): the consequence is what goes wrong (`consequences`, re-check L3);
- else the story before the lesson, without the narrator's plain acts (`lesson_units.plain_act`), headings and
  what another person asked for ("The PM asked for a split by file.", 「先方から分割の依頼があった。」: a request
  is no failure, trial 25 #11; `a_request`);
- a heading is never a failed step.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.lesson_cause import reassures
from memdir.consolidation.daily.lesson_mistake import mistakes
from memdir.consolidation.daily.lesson_response import failed_part, response, took_the_step, without_responses
from memdir.consolidation.daily.lesson_sentences import sentences
from memdir.consolidation.daily.lesson_units import headings, is_block, plain_act, repaired
from memdir.consolidation.daily.past_tense import PAST_VERB
from memdir.consolidation.daily.shape_case import cap_first
from memdir.runs.redact import redact_text


def story_failed(
    failed: list[str], told: list[str], story: list[str], remedies: list[str], text: str
) -> list[str]:
    """`failed` without headings; when empty, what the repairs were done for, else the end of `story` (the
    sentences before the lesson, remedies left out) without plain acts; nothing when `told` ends in a step taken
    for a general reason (`took_the_step`)."""
    heads = headings(text)
    if not failed and not took_the_step(told):
        failed = [h for h in (repaired(s) if response(s) is None else failed_part(s) for s in remedies) if h]
        story = [
            s
            for s in story
            if s not in heads
            and not went_well(s)
            and not a_request(s)
            and not is_block(s)
            and not reassures(s)
        ]  # "It went well, otherwise nothing new."; a command block is what was run, not what failed (trial 26)
        erred = mistakes(story)  # "…, not cool, because …" (trial 30 #6)
        failed = (
            failed
            or erred
            or consequences(text)
            or without_responses([s for s in story[-2:] if not plain_act(s)])
        )
    return [s for s in failed if s not in heads]


# What goes wrong when a rule is not kept, stated after it: "otherwise"/"or else", German "sonst"/"andernfalls",
# French "sinon"/"autrement", Spanish "de lo contrario"/"de otro modo"; Japanese 「…しないと」「…でないと」
# 「…なければ」「さもないと」 (not "must": 「しないといけない」「しなければならない」).
_CONSEQUENCE = re.compile(
    r"(?i)(?P<x>\b(?:otherwise|or else|sonst|andernfalls|ansonsten|sinon|autrement|de lo contrario|de otro modo)\b"
    r"[,:]?\s+[^.;!?]{6,}?)\s*(?:[.;!?]|$)|"
    r"(?:(?<=[、,])|^)(?P<jc>(?:でないと|さもないと|でなければ)[、,]?\s*[^。！？]{3,}?)\s*(?:[。！？]|$)|"
    r"(?:ないと|なければ)(?!いけ|だめ|ダメ|なら|駄目)[、,]?\s*(?P<ja>[^。！？]{3,}?)\s*(?:[。！？]|$)"
)
# A rule or condition in the clause before the consequence: a modal, "always"/"never", "before"/"first"
# (re-check 2 M1: "otherwise" is also "apart from that", after no rule).
_RULE = re.compile(
    r"(?i)\b(?:must|needs?|ought|should|has to|have to|always|never|make sure|be sure|remember to|do not|don't|"
    r"only|before|first|muss|müssen|musst|müsste|soll|sollte|sollten|darf|immer|nie|niemals|unbedingt|zuerst|"
    r"vorher|erst|il faut|faut|doit|doivent|toujours|jamais|d'abord|avant|hay que|debe|deben|tiene que|"
    r"tienen que|siempre|nunca|antes)\b"
)
# A clause told as what happened (the past), not as a rule: English past verbs, German/French/Spanish
# past auxiliaries and the everyday preterites ("The call went well, otherwise …", "lief gut, sonst …").
_TOLD = re.compile(
    rf"(?i)\b(?:{PAST_VERB}|was|were|had|war|waren|hatte|hatten|lief|liefen|ging|gingen|kam|kamen|wurde|"
    r"était|étaient|avait|a été|fut|fue|fueron|estuvo|estaba|salió|hubo)\b"
)
# A consequence that is no bad outcome: nothing, nothing new, all fine ("otherwise nothing new", "sonst
# alles gut", "sinon rien", "de lo contrario todo bien", 「特に何もない」「問題ない」).
_NON_EVENT = re.compile(
    r"(?i)^\W*(?:otherwise|or else|sonst|andernfalls|ansonsten|sinon|autrement|de lo contrario|de otro modo)?"
    r"[,:]?\s*(?:(?:it|that|everything|all|alles|es|das|tout|todo|lo demás)\s+)?"
    r"(?:(?:was|is|went|has been|lief|läuft|ist|war|va|allait|est|était|está|estuvo|fue|va)\s+)?"
    r"(?:nothing|no news|not much|none|fine|good|ok|okay|well|great|quiet|as usual|the same|unchanged|"
    r"nichts|nix|kein\w*|gut|in ordnung|ruhig|wie immer|unverändert|rien|bien|calme|comme d'habitude|"
    r"nada|bien|igual|tranquilo|como siempre)\b|"
    r"^\W*(?:でないと|さもないと|でなければ)?[、,]?\s*(?:特に|とくに|何も|なにも|問題(?:ない|なし|ありません)|"
    r"いつも(?:通り|どおり)|順調|大丈夫|変わり(?:ない|なし))"
)
# 「…ないと思う」「…ないと言われた」: と quotes what is thought or said; no condition.
_QUOTED = re.compile(r"^(?:思|おも|言|い[うっわ]|考え|聞|き[いく]|感じ|分か|わか|書|話|伝え)")


# What went as it should: "went well", "lief gut", 「順調だった」 (re-check 2 M1: no failed step).
_WELL = re.compile(
    r"(?i)\b(?:went (?:well|fine|smoothly|great)|(?:was|were) (?:fine|good|great|on time)|"
    r"lief (?:gut|glatt|prima)|(?:war|waren) (?:gut|pünktlich|in ordnung)|s'est bien passée?|salió bien)\b|"
    r"順調(?:だった|でした)|(?:うまく|上手く)いった|問題(?:なかった|ありませんでした)"
)
_FAILED_WORD = re.compile(
    r"(?i)\b(?:but|aber|mais|pero|failed|broke|wrong|falsch|late|spät)\b|が、|けど|しかし"
)


# What another person asked of the narrator: "X asked (us) for …", "requested", "wanted …", "would like …";
# 「…の依頼があった」「…を頼まれた」「…と言われた」「…を求められた」「…してほしい」.
_REQUEST = re.compile(
    r"(?i)\b(?:asked|asks|requested|requests|wanted|wants|would like)\b(?:\s+(?:us|me|him|her|them))?\s+(?:for|to|that|a|an|the)\b|"
    r"依頼(?:が|を)?(?:あっ|来|き|受け)|頼まれ|求められ|(?:ほしい|欲しい)と(?:言われ|頼まれ|の)|要望(?:が|を)(?:あっ|受け)"
)


def a_request(s: str) -> bool:
    """The sentence tells what another person asked for ("The PM asked for a split by file.", 「先方から分割の
    依頼があった。」) and no failure: no failed step (trial 25 #11)."""
    return not _FAILED_WORD.search(s) and not re.match(r"(?i)\s*(?:i|we)\b", s) and bool(_REQUEST.search(s))


def went_well(s: str) -> bool:
    """The sentence tells only that things went as they should, or that nothing else happened ("Otherwise
    nothing new.", "…lief gut, sonst nichts Neues.", 「ほかに変わったことはないと思います。」): no failed step."""
    if _FAILED_WORD.search(s):
        return False
    if _NOTHING_ELSE.search(s):
        return True
    clauses = [c for c in re.split(r"\s*[,、;]\s*", s.strip(" .。!！")) if c]
    return (
        bool(clauses)
        and (bool(_WELL.search(clauses[0])) or quiet(clauses[0]))
        and all(map(quiet, clauses[1:]))
    )


# What may follow "nothing" in a clause that says nothing happened: "nothing new", "nichts Neues", "rien à signaler".
_QUIET_REST = re.compile(
    r"(?i)(?:(?:new|else|special|much|to report|of note|worth noting|neues|besonderes|weiter|los|de nouveau|"
    r"de spécial|à signaler|nuevo|especial|más|que contar|now|today|so far|heute|bisher)\s*)+"
)


def quiet(c: str) -> bool:
    """The clause is only a non-event ("otherwise nothing new", "sonst alles gut", "all fine today"), not
    "nothing prints" or "nothing worked"."""
    m = _NON_EVENT.match(c.strip())
    if m is None:
        return False
    rest = c.strip()[m.end() :].strip(" .!,;")
    return not rest or bool(_QUIET_REST.fullmatch(rest))


# 「ほかに変わったことはない」「特に何もない」「それ以外は特になし」: nothing else happened.
_NOTHING_ELSE = re.compile(
    r"(?:ほかに|他に|それ以外(?:は|に)?)[^。]*(?:ない|なし|ありません)|特に(?:何も)?(?:ない|なし)"
)


def _states_a_consequence(m: re.Match[str], s: str, y: str) -> bool:
    """The match is the consequence of a rule or condition told just before it in the same sentence and names
    a bad outcome: not "Otherwise nothing new.", "lief gut, sonst nichts Neues", 「…ないと思う」."""
    if quiet(y) or (m.group("x") is None and _NON_EVENT.search(y)):
        return False
    if m.group("ja") is not None:
        return not _QUOTED.search(y)
    if m.group("jc") is not None:
        return True
    before = s[: m.start()].split(":")[-1].strip(" ,;")
    if not re.search(r"\w", before):
        return False
    return bool(_RULE.search(before)) or not _TOLD.search(before)


def consequences(text: str) -> list[str]:
    """The consequences the episode states for a rule not kept, with the word that says so ("…, otherwise the
    roots rot" -> "Otherwise the roots rot", 「…、でないと表面が縮む」 -> 「でないと表面が縮む」), at most two."""
    out: list[str] = []
    for s in sentences(text):
        for m in _CONSEQUENCE.finditer(s):
            x = (m.group("x") or m.group("jc") or m.group("ja") or "").strip(" ,、")
            if x and x not in out and _states_a_consequence(m, s, x):
                out.append(cap_first(redact_text(x), text))
    return out[:2]


def without_consequence(s: str, failed: list[str]) -> str:
    """`s` without the consequence it states when that consequence is already under "What failed": the rule
    it is the consequence of ("Fixed the export: the field must be set first, otherwise the tax line is
    wrong." -> "The field must be set first.", re-check 2 M4); `s` as it is otherwise."""
    filed = {f.casefold() for f in failed}
    for m in _CONSEQUENCE.finditer(s):
        x = (m.group("x") or m.group("jc") or "").strip(" ,、")
        if not x or redact_text(x).casefold() not in filed or not _states_a_consequence(m, s, x):
            continue
        if m.group("jc") is not None:
            return s[: m.start()].rstrip("、, ") + "。"
        rule = s[: m.start()].split(":")[-1].strip(" ,;")
        return cap_first(rule) + "." if rule else s
    return s
