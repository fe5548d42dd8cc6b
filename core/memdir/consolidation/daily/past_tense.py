"""The past tense the daily rules read: one English verb list and the Japanese past endings.

Two rules ask whether a sentence is told as done or in the past, and both read this module:
- `route_usage._DONE_EN` / `_DONE_JA` (a usage report's first sentence told as done: `plain_report`, and
  `route_usage_recap.recap_report`): "Rotated the key the usual way", "We sent the letters as usual",
  「いつもの手順で送付した。」;
- `route_story._PAST_EN` / `_PAST_JA` (a story's sentences told in the past: `is_story`): "I booked the
  venue", "The transfer was rejected", 「登録を直して再集計した。」.

English: a verb in the past is a regular one (`REGULAR_PAST`, any word ending in -ed, so "swapped",
"showed", "fed" need no entry) or one of `IRREGULAR_PAST`. The irregular list is the union of what both
rules had (trial 12 #8 for the usage rule, trial 12 #7 for the story rule); a verb added here counts for
both. Some of them are also the present or the imperative ("put", "set", "read", "cut", "let", "quit",
"reset", "split", "spread", "hit", "shut"); each rule reads them with its other conditions (the usual way
named, no instruction in the text), so "Reset the password" alone is no report and no story.

Japanese: the past/done ending is `JA_PAST_END` (…た。 …ました。 …でした。). Each rule adds its own forms
around it: the usage rule the done nouns (済み, 完了, 実施, 終了), the story rule the copula だ and a past
clause before a comma (「…したが、」). Those are not shared: 「実施済み。」 is done but not a story's past
tense, and 「…だ。」 is no report of a thing done.

The learned models' features (`route_usage._FIRST_PAST`, `route_features._FIRST_PAST`) do not read this
list: they are inputs of trained weights, and a changed pattern would change what the weights see.
"""

from __future__ import annotations

IRREGULAR_PAST: tuple[str, ...] = (
    # everyday actions reported done
    "made", "sent", "did", "ran", "took", "got", "put", "set", "gave", "wrote", "went", "came", "paid",
    "built", "kept", "brought", "found", "held", "told", "began", "spent", "shut", "drove", "met", "sold",
    "bought", "left", "redid", "reran", "rebuilt", "reset", "quit", "split", "spread", "let", "withdrew",
    # what happened, things going wrong
    "saw", "knew", "thought", "had", "was", "were", "forgot", "lost", "broke", "fell", "froze", "rang",
    "hung", "lit", "read", "rode", "ate", "drank", "won", "hit", "cut", "caught", "taught", "stuck",
    "threw", "tore", "woke", "wore", "understood", "chose", "spoke", "stole", "flew", "grew", "drew",
    "became", "overslept", "mistook", "shook", "sat", "stood", "slept", "swept", "dug", "bent", "sank",
    "sang", "shot", "hid",
)  # fmt: skip
# the present of each irregular past an act is compared by ("Sent the SMS reminders" is the act of "Send each owner
# an SMS"): a stemmer does not join `sent` and `send` (route_usage_act)
BASE_OF: dict[str, str] = {
    "made": "make", "sent": "send", "did": "do", "ran": "run", "took": "take", "got": "get", "gave": "give",
    "wrote": "write", "went": "go", "came": "come", "paid": "pay", "built": "build", "kept": "keep",
    "brought": "bring", "found": "find", "held": "hold", "told": "tell", "began": "begin", "spent": "spend",
    "drove": "drive", "met": "meet", "sold": "sell", "bought": "buy", "left": "leave", "redid": "redo",
    "reran": "rerun", "rebuilt": "rebuild", "withdrew": "withdraw", "saw": "see", "knew": "know", "thought": "think",
    "forgot": "forget", "lost": "lose", "broke": "break", "fell": "fall", "froze": "freeze", "rang": "ring",
    "hung": "hang", "lit": "light", "rode": "ride", "ate": "eat", "drank": "drink", "won": "win", "caught": "catch",
    "taught": "teach", "stuck": "stick", "threw": "throw", "tore": "tear", "woke": "wake", "wore": "wear",
    "understood": "understand", "chose": "choose", "spoke": "speak", "stole": "steal", "flew": "fly", "grew": "grow",
    "drew": "draw", "became": "become", "overslept": "oversleep", "mistook": "mistake", "shook": "shake",
    "sat": "sit", "stood": "stand", "slept": "sleep", "swept": "sweep", "dug": "dig", "bent": "bend", "sank": "sink",
    "sang": "sing", "shot": "shoot", "hid": "hide",
}  # fmt: skip
REGULAR_PAST = "[a-z]+ed"
# one English verb in the past, for a regex (case-insensitive, followed by `\b` where it is used)
PAST_VERB = rf"(?:{REGULAR_PAST}|{'|'.join(IRREGULAR_PAST)})"
# the Japanese past ending (plain and polite), for a regex alternation: 「…した」「…しました」「…でした」
JA_PAST_END = "た|ました|でした"
