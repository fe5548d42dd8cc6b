"""Cue lexicons and per-unit scoring for the built-in router (English and Japanese).

A *unit* is one sentence, list item or code block. Each unit gets a procedure score
(steps, imperatives, commands), a knowledge score (lessons, decisions, facts, policies)
and a small-talk score. The cues are generic: nothing here names a product or a path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Verbs that start an instruction ("Run the tests", "Install uv", "Open the console").
IMPERATIVE_VERBS = frozenset(
    """
    activate add append apply attach authenticate build bump call change check choose clean clear click clone
    close commit compile configure confirm connect copy create define delete deploy disable download drag
    drop edit enable ensure enter execute export fetch fill find follow generate go grant import initialize
    initialise insert install launch link list load log login logout make merge migrate mount move navigate
    open paste pin point press print publish pull push put re-run rebase reboot rebuild register reinstall
    reload remove rename replace request reset restart restore retry revert rotate run save scroll select send
    set setup sign specify ssh start stop submit switch sync tag type unpin uninstall unset update upgrade
    upload use verify visit wait write
    fix unplug plug hold wipe drain flush purge kill scale renew revoke approve assign
    ship pack scan measure calibrate weigh mix pour heat cool spin incubate wash rinse dry thaw
    freeze backup archive detach promote rollback invalidate regenerate rerun resubmit reconcile cancel
    shut boot reinstall recreate redeploy reindex refresh re-enable reapply kick drop wait take
    """.split()  # noqa: SIM905 - a word list reads better as text
)

SEQUENCE_MARKERS = re.compile(
    r"^(?:first(?:ly)?|second(?:ly)?|third|then|next|finally|afterwards|after that|now|lastly|last|"
    r"step\s*\d+|once (?:that|this|done)|to start|to begin)\b[,:]?",
    re.I,
)
HOWTO = re.compile(
    r"\b(?:how to|how-to|step[- ]by[- ]step|steps?:|the steps|follow these|procedure|workflow|checklist|runbook|"
    r"instructions|to do this|you can (?:do|use|run|install|add|create|set)|by running|run the following|"
    r"with the following command|use the following|the following command)\b",
    re.I,
)
TO_PURPOSE = re.compile(
    r"^(?:to|in order to)\s+\w+[^.]{0,120},\s*(?:\w+\s+){0,2}(?:"
    + "|".join(sorted(IMPERATIVE_VERBS))
    + r")\b",
    re.I,
)

KNOWLEDGE_CUES = re.compile(
    r"\b(?:learned|learnt|lesson|takeaway|because|since the|root cause|caused by|the cause|turned out|"
    r"it turns out|decided|decision|we agreed|agreed that|policy|rule|principle|always|never|must not|should not|"
    r"should always|important|note that|keep in mind|remember that|the reason|reason is|means that|this means|"
    r"is defined as|refers to|is (?:a|an|the)|are (?:a|an|the)|by default|defaults to|guarantee|supports?|"
    r"is not|are not|does not|cannot|only if|whenever|in general|typically|usually|tradeoff|trade-off|"
    r"limitation|caveat|prefer|avoid|deprecated|fact|convention|for example|e\.g\.|i\.e\.|allows?|lets|"
    r"provides?|includes?|contains?|behaviou?r|instead of|rather than|unlike|compared to|in contrast|must|"
    r"finding|found that|that is why|which is why|otherwise|faster|slower|comes from|limit|ceiling|bottleneck|"
    r"note to self|fyi|til|remember|reminder|gotcha|pitfall|expires?|every \d+ (?:days?|hours?|weeks?|months?))\b",
    re.I,
)
# descriptive prose: passive voice, "will" of behaviour, conditions that describe how something works
DESCRIPTIVE = re.compile(
    r"\b(?:is|are|be|been|being)\s+(?:\w+ly\s+)?\w+(?:ed|en)\b|\b\w+\s+will\s+(?!you\b)\w+|"
    r"^(?:if|when|while|unless|although|however|by default|in this case|otherwise)\b",
    re.I,
)
SECOND_PERSON_ACTION = re.compile(r"\byou(?:'ll| will| can| should| need to| must| may)\b|\byour\b", re.I)
SMALLTALK_CUES = re.compile(
    r"\b(?:hello|hi|hey|good morning|good night|thanks|thank you|cheers|weather|sunny|rainy|raining|lunch|"
    r"dinner|breakfast|coffee|tea break|weekend|holiday|vacation|birthday|how are you|nice day|see you|"
    r"chatted|chit-chat|small talk|had fun|tired|sleepy|football|movie)\b",
    re.I,
)

JA_PROCEDURE = re.compile(
    r"手順|まず|次に|最後に|その後|続いて|してください|して下さい|を実行|実行する|コマンド|"
    r"インストール|設定する|設定します|クリック|開く|起動|再起動|ステップ|方法"
)
JA_KNOWLEDGE = re.compile(
    r"教訓|方針|原因|決定|決めた|理由|学んだ|わかった|分かった|判明|ため|べき|常に|必ず|禁止|"
    r"ルール|仕様|とは|である|原則|注意|重要|気をつけ|気を付け|ポリシー|結論|ので|上限|制限|"
    r"ボトルネック|要件"
)
JA_SMALLTALK = re.compile(
    r"こんにちは|おはよう|こんばんは|お疲れ|ありがとう|天気|晴れ|雨|雪|ランチ|昼ご飯|昼ごはん|"
    r"昼食|夕食|雑談|コーヒー|週末|休み|誕生日|眠い|楽しかった|美味し|おいし"
)

# an instruction in a series: "...: ssh into it, stop the service, run the cleanup"
SERIES_IMPERATIVE = re.compile(
    r"(?:[,:;]|\b(?:then|and))\s+(" + "|".join(sorted(IMPERATIVE_VERBS)) + r")\s+(?:the|a|an|it|\w+)", re.I
)
# a Japanese list item or clause ending in a plain-form verb ("...を申請する", "...を読む")
JA_PLAIN_VERB_END = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff][うくぐすつぬぶむる][。.]?$")
# a sentence that ends in a copula or a verb of being states, never instructs (「ログインIDは shop-01 です。」,
# 「鍵は金庫にあります。」; trial 29 #6); not a need or a duty (「再起動する必要があります。」「…すべきです。」) nor what to
# do named as a thing (「…を止めることです。」). Not a feature of the model (JA_PLAIN_VERB_END is): rules and the shaper
JA_STATED = re.compile(
    r"(?<!必要が)(?<!必要も)(?<!べき)(?<!こと)(?<!もの)(?:です|でした|だ|だった|である|であった|あります|ありました|ある|あった|ございます)[。．.！!]?$"
)

SHELL_LANGS = frozenset({"console", "bash", "sh", "shell", "zsh", "powershell", "pwsh", "cmd", "bat", "fish"})
LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
WORD = re.compile(r"[A-Za-z][A-Za-z'-]*|[\u3040-\u30ff\u3400-\u9fff]")


@dataclass
class UnitScore:
    """Cue scores of one unit (sentence, list item or code block)."""

    proc: float = 0.0
    know: float = 0.0
    chat: float = 0.0


def plain(text: str) -> str:
    """Text with Markdown links reduced to their label and inline code marks dropped."""
    return LINK.sub(r"\1", text).replace("`", "")


def first_word(text: str) -> str:
    """The first word of a sentence, lower-cased, with list markers and emphasis stripped."""
    t = re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", text).lstrip("*_>#![ ").lower()
    m = re.match(r"[a-z][a-z'-]*", t)
    return m.group(0) if m else ""


def score_sentence(sentence: str) -> UnitScore:
    """Score one prose sentence or list item."""
    s = plain(sentence).strip()
    sc = UnitScore()
    if not s:
        return sc
    fw = first_word(s)
    if fw in IMPERATIVE_VERBS:
        sc.proc += 1.0
    if SEQUENCE_MARKERS.match(s.lstrip("-*+ 0123456789.)")):
        sc.proc += 0.8
    if TO_PURPOSE.match(s):
        sc.proc += 1.0
    sc.proc += 0.5 * min(3, len(SERIES_IMPERATIVE.findall(s)))
    if HOWTO.search(s):
        sc.proc += 0.6
    if s.rstrip().endswith(":") and fw not in ("note", "example", "for"):
        sc.proc += 0.3
    sc.proc += 0.8 * min(2, len(JA_PROCEDURE.findall(s)))
    sc.know += 0.5 * min(3, len(KNOWLEDGE_CUES.findall(s)))
    sc.know += 0.4 * min(2, len(DESCRIPTIVE.findall(s)))
    if SECOND_PERSON_ACTION.search(s):
        sc.proc += 0.4
    sc.know += 0.8 * min(2, len(JA_KNOWLEDGE.findall(s)))
    sc.chat += 1.0 * min(2, len(SMALLTALK_CUES.findall(s))) + 1.0 * min(2, len(JA_SMALLTALK.findall(s)))
    return sc


def score_heading(heading: str) -> UnitScore:
    """Score a heading: "How to ...", "Step 2", "Installing ..." and 手順 announce steps."""
    h = plain(heading).lstrip("#").strip()
    sc = UnitScore()
    fw = first_word(h)
    if re.match(r"(?i)how to|step\s*\d|steps\b|checklist|runbook|walkthrough|tutorial|an? guide\b", h):
        sc.proc += 1.0
    elif fw.endswith("ing") and len(fw) > 5 or fw in IMPERATIVE_VERBS:
        sc.proc += 0.5
    if JA_PROCEDURE.search(h):
        sc.proc += 1.0
    if re.match(r"(?i)(?:why|what|about|background|overview|lessons?|decision|policy|notes?|rationale)\b", h):
        sc.know += 0.5
    if JA_KNOWLEDGE.search(h):
        sc.know += 1.0
    return sc


def score_code(lang: str, code: str) -> UnitScore:
    """Score a fenced code block: shell commands read as steps, other code as neutral material."""
    lines = [ln for ln in code.splitlines() if ln.strip()]
    prompts = sum(1 for ln in lines if ln.lstrip().startswith(("$ ", "> ", "PS> ", "# ")))
    shell = lang.lower() in SHELL_LANGS or prompts > 0
    return UnitScore(proc=(0.6 + 0.1 * min(prompts, 3)) if shell else 0.25, know=0.0 if shell else 0.25)


def word_count(text: str) -> int:
    """Words (Latin) plus CJK characters / 2, in plain text."""
    words = WORD.findall(plain(text))
    latin = sum(1 for w in words if w[0].isascii())
    return latin + (len(words) - latin) // 2
