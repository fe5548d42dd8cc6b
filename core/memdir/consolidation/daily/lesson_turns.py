"""The words where a lesson's story turns from what failed to what worked (trial 18).

A metal detector's false rejects ended "Lesson learned: after any product changeover, re-run product
learning …; never just lower the sensitivity." The clause after the semicolon opens with "never", so
the whole instruction before it was filed under "What failed" and the prohibition became the lesson's
description. Here, in English and Japanese:

- `is_instruction`: a clause that tells what to do (after a label and a condition: "after any paper
  change, recalibrate …", "Always …", "Don't …") is a rule, never a failure; `split_fix` cuts a sentence
  only where the part before the break tells what happened;
- `PROHIBIT`: a rule that forbids ("Don't just silence the alarm, check … instead", "Never …",
  「〜だけで済ませない」) is said like one that commands;
- `fix_named`: what fixed it named as such ("The fix was to …", "what worked was …", 「解決策は」), an act
  done about it in Japanese (「清掃して再起動」) or the news that it has held since ("no alarms since",
  「それ以降は鳴っていない」) goes with what worked (a bare "instead" does not: "the night nurse drew the
  injectable instead" tells the mistake);
- `WORSE`: a move that made things worse ("which made it worse", "didn't help", 「かえって悪化した」)
  is a failure, not a remedy, even when told as an act ("We raised the cyan key first, …"); so is what
  one was forced into (「〜する羽目になった」, as "had to" in English), and a stop (「停止」, not a planned one
  nor a duration, 「停止55分」);
- `FOUND_OUT`: a cause found out ("It turned out the probe was touching the wall", 「〜と判明した」) goes
  with what failed, unless it turned out fine.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_cues import IMPERATIVE_VERBS

_LABEL = re.compile(r"(?i)^(?:lessons? learned|lesson|takeaway|rule|note to self)\s*[:：]\s*")
# a rule's condition before its instruction ("after any product changeover, ", "when the alarm goes off, ")
_COND = re.compile(
    r"(?i)^(?:after|before|when|whenever|if|once|until|on|for (?:any|every|each|all)|during|in case of)\b[^,;:]{2,90},\s*"
)
_OPENERS = frozenset(
    ["always", "never", "don't", "dont", "do", "please", "make", "keep", "avoid", "recalibrate"]
)
# a statement's own verb ("Log rotation was off", "Type checks are slow"): the clause tells how things were
_STATES = re.compile(r"(?i)\b(?:was|were|is|are|has|had|have|got|went|did|does|kept)\b")
PROHIBIT = re.compile(
    r"(?i)^(?:(?:so|and|but)\s+)?(?:please\s+)?(?:don't|dont|do not|never|avoid)\s+\w|"
    r"(?:だけで(?:済ませ|合わせようとし|対処し)|だけにし)(?:ない|ないこと|てはいけない)[。]?$|(?:しては|ては)いけない[。]?$"
)
_WORD = re.compile(r"[a-z][a-z'-]*")


def is_instruction(clause: str) -> bool:
    """True when a clause tells what to do: its first word after a label and a condition is a verb of an
    instruction ("re-run …", "recalibrate …") or a rule's opener (always, never, don't, make sure)."""
    t = _COND.sub("", _LABEL.sub("", clause.strip()), count=1).strip().lower()
    m = _WORD.match(t)
    if not m or _STATES.search(t):
        return False
    w = m.group(0).rstrip("'")
    bare = w[3:] if w.startswith("re-") else w[2:] if w.startswith("re") and w[2:] in IMPERATIVE_VERBS else w
    return w in IMPERATIVE_VERBS or w in _OPENERS or bare in IMPERATIVE_VERBS


_FIX_NAMED = re.compile(
    r"(?i)\bthe (?:real |actual |only )?(?:fix|solution|cure|remedy|answer|workaround)\s+(?:was|turned out to be|"
    r"ended up being)\b|\bwhat (?:finally |actually |eventually )?(?:fixed|solved|cured|worked)\b|"
    r"解決策は|解決方法は|直し方は|"
    # fine since: "no alarms since", 「それ以降アラームは鳴っていない」; "no hot water since 6am" is the outage (trial 21)
    r"\bno (?:more |further )?[a-z]+(?: [a-z]+)? since\b(?!\s+(?:\d|yesterday|last|early|this (?:morning|afternoon|evening))|"
    r"\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)|(?:それ|その後|以降)[^。]{0,20}(?:ていない|てない|なし)[。]?$"
)


# what was done about it in Japanese, told as done: 「清掃し、…調整して再起動」「交換した」「やり直した」
_ACTED_JA = re.compile(
    r"(?:再起動|再開|交換|清掃|調整|復旧|復帰|解凍|保温|修理|補修|やり直|入れ直|付け直|締め直|張り直|差し直)(?:し|して|した|しました|、|。|$)"
)


def fix_named(sentence: str) -> bool:
    """What fixed it, named as such ("The fix was to …", 「解決策は」), an act done about it in Japanese
    (「清掃して再起動した」) or the news that it held since; the caller checks it tells no failure. A bare
    "instead" is no such cue: "the nurse drew the injectable instead" tells the mistake."""
    return bool(_FIX_NAMED.search(sentence) or _ACTED_JA.search(sentence))


WORSE = re.compile(
    r"(?i)\b(?:made (?:it|things|matters|them|the \w+) worse|(?:got|became|was|even) worse|"
    r"(?:didn't|did not|doesn't|does not) help|backfired|no better|(?:the )?wrong (?:move|call|fix))\b|"
    r"悪化|逆効果|かえって|羽目に|ざるを得なかった|ざるをえなかった|(?<!計画)(?<!予定)停止(?![\d０-９]|予定|計画)"
)
FOUND_OUT = re.compile(
    r"(?i)\b(?:turned out|it turns out)\b(?!\s+(?:fine|well|ok|okay|great|to (?:be fine|work|help)))|判明|と分かった|とわかった"
)
