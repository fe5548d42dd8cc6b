"""Usage reports: an episode that says an existing procedure was followed and adds nothing new.

"Rotated the database password again today, the usual steps", 「いつもの手順でリリースした」:
such an episode is an outcome for that procedure, not a new note. `usage_features` are the cues
the usage model (route_model, trained by scripts/train_router.py) weighs: a reference to a known
way of doing it ("as usual", "per the runbook", 手順どおり), completion or failure, and the signs of
new material that make it a near-miss instead (a missing step, a changed value, a question, a
proposal, a root cause). `usage_outcome` reads what the writer reports: success, failure, unknown.
"""

from __future__ import annotations

import math
import re

import numpy as np

from memdir.consolidation.daily.blocks import Block, content_words, sentences, split_blocks
from memdir.consolidation.daily.past_tense import JA_PAST_END, PAST_VERB
from memdir.consolidation.daily.route_usage_went import without_for_later, without_retried
from memdir.consolidation.daily.shape_shell import shell_steps

USUAL = re.compile(
    r"\b(?:the usual|as usual|as always|like (?:every|last) (?:time|week|month|quarter|year)|same (?:\w+ )?(?:as|way as) "
    r"(?:last time|before|always|usual)|same way|standard (?:way|procedure|steps|process|protocol)|"
    r"(?:as )?per the (?:runbook|checklist|procedure|steps|docs|wiki|guide|playbook|protocol|list)|"
    r"(?:followed|following|according to|went through|by) the (?:\w+ ){0,3}"
    r"(?:runbook|checklist|procedure|steps|playbook|protocol|list|guide)|by the book|routine)\b|"
    # the usual way told with its doer ("as we always do", "like always", "the way I usually do it", trial 27 #1)
    r"\b(?:as|like|the way)\s+(?:(?:we|i|you|they|she|he)\s+)?(?:always|usually|normally)\b|\bas (?:per )?normal\b|"
    r"いつもの|いつも通り|いつもどおり|通常の|例年の|例の手順|定例の|前回と同じ|同じやり方|所定の|"
    r"(?:普段|従来|前回|毎回|例年)(?:通り|どおり|と同じ|同様|のように)|例によって|"
    r"(?:手順|手順書|ランブック|マニュアル|チェックリスト|フロー|流れ|段取り)(?:どおり|通り|に沿って|に従って|で)",
    re.I,
)
# the usual way named without an article (", usual steps.", "usual procedure, done"): not a cue of the trained
# usage model (its inputs stay USUAL's), read by the rules that tell a plain report (trial 19)
_USUAL_BARE = re.compile(
    r"\b(?:usual|normal|standard|regular|same)\s+(?:steps|way|procedure|process|routine|drill|runbook|checklist)\b",
    re.I,
)


def names_usual_way(text: str) -> bool:
    """Whether a text names the usual way: USUAL, or "usual steps" / "normal procedure" without an article."""
    return bool(USUAL.search(text) or _USUAL_BARE.search(text))


PROC_NOUN = re.compile(
    r"\b(?:runbook|checklist|procedure|steps|protocol|playbook|process|routine)\b|"
    r"手順|手順書|ランブック|チェックリスト|フロー|流れ|段取り|やり方|マニュアル",
    re.I,
)
DONE = re.compile(
    r"\b(?:done|finished|completed|went fine|went through|no issues|nothing unusual|all good|all green|"
    r"worked|on time|back up|has it back|ok|fine)\b|完了|終わり|終わった|済み|問題なし|問題なく|実施|できました|対応しました",
    re.I,
)
FAILED = re.compile(
    r"\b(?:failed|fails|didn't (?:work|help|pass)|did not (?:work|help|pass)|stuck|rejected|on hold|"
    r"stopped there|reverted|postponed|got stuck|never came back|broke|error)\b|"
    r"失敗|止ま|弾かれ|中断|だめ|ダメ|低かった|出てこない|できなかった|進まない|エラー",
    re.I,
)
PENDING = re.compile(
    r"\b(?:running|in progress|waiting|tomorrow|too early|pending|will finish|handing over)\b|待ち|様子見|確認待ち|実行中",
    re.I,
)
_NEW = re.compile(
    r"\b(?:added|add|also (?:have|need) to|missing|misses|miss|changed?|changes|now|new|instead|obsolete|"
    r"out of date|outdated|propos\w+|should|could (?:someone|you)|please|rule|learned|root cause|because|"
    r"here's what|turns out|otherwise|not \d+|rewrite|wrote|draft|review|question|explain|why|how long|"
    r"where|does anyone|need a)\b|"
    r"追加|足し|入れた方|変更|延ば|見直|提案|原因|分かりました|わかりました|ため|更新|案|決まり|ことに|"
    r"にしました|仕様|補足|どこに|知っている|したい|予定|ませんか|でも|ではなく",
    re.I,
)
# nothing new said to be there: "No change.", "nothing changed since last year", "unchanged", 「変化なし」
# 「変更はなかった」: the report's good news, never a sign of new material (trial 27 #1: "the same way as always.
# No change." read as a change)
_NO_NEWS = re.compile(
    r"\b(?:no|not any|without|nothing)\s+(?:\w+\s+)?(?:changes?|changed|new|news|different)\b|"
    r"\bnothing (?:has |had )?(?:changed|new|different)\b|\bunchanged\b|"
    r"(?:変化|変更|変わり|異同)(?:は|も)?(?:なし|無し|ない|なかった|ありません|ありませんでした)",
    re.I,
)


def _new_material(body: str) -> list[str]:
    """The signs of new material in a text (_NEW), its "no change" / 「変化なし」 left out."""
    return _NEW.findall(_NO_NEWS.sub(" ", body))


# a feature of the trained usage model (regular -ed only): not past_tense.py, whose list would change its inputs
_FIRST_PAST = re.compile(r"^(?:i |we )?\w+ed\b|した[。、]|しました|やりました|出しました|終わ", re.I)
_CODE = re.compile(r"`[^`]+`|```")
_NUM = re.compile(r"\d+(?:[.,]\d+)?\s*(?:%|min|h|kb|mb|gb|°|分|時間|本|台|件|日)", re.I)

NAMES = (
    "usual",
    "proc_noun",
    "done",
    "failed",
    "pending",
    "new_cues",
    "question",
    "log_words",
    "sentences",
    "code",
    "numbers",
    "first_past",
    "colon_label",
)


def usage_features(body: str, blocks: list[Block]) -> np.ndarray:
    """The cue features of the usage model (len(NAMES), float32)."""
    sents = sentences(body) or [body]
    vals = [
        float(len(USUAL.findall(body))),
        float(len(PROC_NOUN.findall(body))),
        float(bool(DONE.search(body))),
        float(bool(FAILED.search(body))),
        float(bool(PENDING.search(body))),
        float(min(6, len(_new_material(body)))),
        float(body.count("?") + body.count("？")),
        math.log1p(content_words(blocks)),
        math.log1p(len(sents)),
        float(min(3, len(_CODE.findall(body)))),
        float(min(4, len(_NUM.findall(body)))),
        float(bool(_FIRST_PAST.search(sents[0].strip()))),
        float(bool(re.match(r"^[^:：\n]{3,60}[:：]", body.strip()))),
    ]
    return np.asarray(vals, dtype=np.float32)


_STOP = frozenset(
    [
        "the",
        "a",
        "an",
        "of",
        "to",
        "for",
        "in",
        "on",
        "and",
        "or",
        "with",
        "from",
        "by",
        "at",
        "as",
        "is",
        "are",
        "was",
        "be",
        "this",
        "that",
        "it",
        "our",
        "we",
        "i",
        "my",
    ]
)
_EN_WORD = re.compile(r"[a-z0-9]+")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]+")
TITLE_WEIGHT = 0.5  # match score = calibrated similarity + TITLE_WEIGHT x title overlap (docs/daily.md)


def stem(word: str) -> str:
    """A crude English stem: a common suffix off, when three letters stay ("rotated" -> "rotat")."""
    for suffix in ("ation", "ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _terms(text: str) -> set[str]:
    """Crudely stemmed English words and Japanese character bigrams."""
    words = {stem(w) for w in _EN_WORD.findall(text.lower()) if w not in _STOP and len(w) > 1}
    return words | {run[i : i + 2] for run in _CJK_RUN.findall(text) for i in range(len(run) - 1)}


def title_terms(text: str) -> set[str]:
    """The terms title_overlap counts: crudely stemmed English words and Japanese character bigrams."""
    return _terms(text)


def title_overlap(report: str, title: str) -> float:
    """Share of a procedure title's terms that a usage report mentions ("rotated the DB password" / "Rotate...")."""
    want = _terms(title)
    return len(want & _terms(report)) / len(want) if want else 0.0


def _last(pattern: re.Pattern[str], text: str) -> int:
    """Where the last match of pattern starts (-1: none)."""
    return max((m.start() for m in pattern.finditer(text)), default=-1)


# a sentence told as done: opening with a verb in the past ("Calibrated …", "Made …", "We sent …"), or a
# Japanese one ending so (「…送付した。」「…実施済み。」), a closing bracket's aside ignored
# (the verbs and the past ending are past_tense.py's, shared with route_story; the done nouns are this rule's)
_DONE_EN = re.compile(rf"^(?:(?:i|we|they|she|he)\s+)?{PAST_VERB}\b", re.I)
_DONE_JA = re.compile(rf"(?:{JA_PAST_END}|済み|済|完了|実施|終了)[。！!]?$")
_ASIDE = re.compile(r"\s*[（(][^）)]*[）)]\s*(?=[。.!！]?$)")


def plain_report(body: str, blocks: list[Block]) -> bool:
    """A report that something was done the usual way and nothing more: it names the usual way (USUAL),
    its first sentence is told as done, it writes no steps of its own (a list, code, a pasted shell
    session) and shows none of the signs of new material (a new-material cue, a question, a value with a
    unit). Such a text holds no steps to keep, whatever the usage model's probability (trial 12)."""
    if (
        not names_usual_way(body)
        or any(b.kind in ("list", "code") for b in blocks)
        or shell_steps(body) != body
    ):
        return False
    if _new_material(body) or _NUM.search(body) or "?" in body or "？" in body:
        return False
    first = _ASIDE.sub("", (sentences(body) or [body])[0].strip())
    return bool(_DONE_EN.match(first) or _DONE_JA.search(first))


# a bad thing said not to have happened is good news: "no errors", "nothing was left", 「問題なかった」,
# 「残っていなかった」, 「エラーなし」 (read before the failure words, which would count "error" / エラー)
_NO_TROUBLE = re.compile(
    r"\b(?:no|not|never|nothing|without|none|zero|n't)\b(?:\W+\w+){0,3}?\W+(?:issues?|problems?|errors?|"
    r"trouble|leaks?|residue|faults?|complain\w*|surprises?|wrong|damage|alarms?|warnings?|left|remain\w*|"
    r"again|failures?|rejects?|defects?|stuck)\b(?:\s+(?:was|were|is|are)\s+(?:left|found|seen|remaining))?|"
    r"\bstill (?:fine|ok|okay|good|clean|green|within|in spec|passed|passes|works|worked|ran|runs|neutral)\b|"
    r"(?:問題|異常|支障|影響|不具合|エラー|漏れ|ズレ|汚れ|残り|残留|再発|詰まり|不良|トラブル)(?:は|も)?"
    r"(?:なかった|ない|なし|無し|なく|ありませんでした|ありません|出なかった|出ず)|"
    r"(?:残|再発|漏れ|詰ま|ずれ|ズレ|止ま|落ち|弾かれ)[^。、！!\n]{0,4}?(?:なかった|なく|ず|ません)",
    re.I,
)
NO_TROUBLE = _NO_TROUBLE  # a bad thing said not to have happened (route_usage_work reads it too)
# the work, then a contrast (but / however / though; が、けど、しかし) and a bad result after it: a value not
# as it should be, something left or still there, work to redo, a problem back (trial 18: "washed the bowl
# the usual way, but the pH was not neutral", 「いつもの手順で洗浄したが、うまくいかなかった。」)
_CONTRAST = re.compile(
    r"\b(?:but|however|though|although|except that)\b|,\s*yet\b|"
    r"(?:た|だ|ます|です|ました)(?:が|けど|けれど|けれども)[、,]?|しかし|ところが|ただ(?:し)?[、,]",
    re.I,
)
_BAD_RESULT = re.compile(
    r"\b(?:not|no|never|still|left|again|redo|redid|remained|leak\w*|out of (?:spec|range|tolerance)|"
    r"wrong|off by|too (?:high|low|long|short)|had to (?:re\w+|repeat|start over|do it)|"
    r"\w+n't)\b|"
    r"なかった|ない[。、]|ず[、。]|残っ|残り|残った|ダメ|だめ|駄目|やり直|再発|再度|もう一度|合わな|足りな|不足|"
    r"外れ|超え|(?<![A-Za-z])NG(?![A-Za-z])",
    re.I,
)
# "not done yet" / 「まだ終わっていない」 is news still to come, not a bad result: read as pending
_NOT_YET = re.compile(
    r"\bnot\s+(?:\w+\s+){0,2}yet\b|まだ[^。、\n]{0,12}?(?:ていない|てない|ない|ません)", re.I
)


_SENTENCE_END = re.compile(r"[。！？!?]|\.(?=\s|$)|\n")


def _contrast_then_bad(text: str) -> bool:
    """Whether a contrast follows the work and a bad result follows the contrast: in the rest of the
    contrast's sentence or in the sentence after it (the result told next, 「…したが、…。洗剤が残った。」)."""
    for m in _CONTRAST.finditer(text):
        if m.start() == 0:
            continue
        ends = [e.end() for e in _SENTENCE_END.finditer(text, m.end())][:2]
        if _BAD_RESULT.search(text[m.end() : ends[-1] if ends else len(text)]):
            return True
    return False


# a shortfall told after the work ("ran out of boxes", "short of labels", 「箱が足りなくなった」「テープを切らした」)
# or work put off to a later day ("two orders wait until Monday", "held until tomorrow", 「持ち越し」
# 「月曜に回した」): the usual work did not get everything done, so it is no success (trial 24)
_SHORTFALL = re.compile(
    r"\b(?:ran|run|running|runs) out of\b|\b(?:were|was|are|is|came up|fell|ran) short (?:of|on|by)\b|"
    r"\bnot enough\b|\bout of stock\b|足りなくな|足りなか|切らし|切らせ|在庫切れ|品切れ|不足し",
    re.I,
)
_LATER_DAY = (
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|next (?:week|month|day|shift|run|batch|time)|"
    r"the (?:next|following) (?:day|week|morning|shift)|(?:\d{1,2}(?:st|nd|rd|th)?\s+)?"
    r"(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?(?:\s+\d{1,2})?|\d{4}-\d{2}-\d{2}"
)
_PUT_OFF = re.compile(
    rf"\b(?:wait|waits|waiting|held|hold|holding|left|pushed(?: back| out)?|put off|deferred|carried over|"
    rf"moved|rescheduled|postponed|kept)\s+(?:(?:to|until|till|for|over)\s+)(?:{_LATER_DAY})\b|"
    r"持ち越し|持越し|先送り|延期|(?:[月火水木金土日]曜(?:日)?|明日|翌日|来週|週明け|後日|次回)(?:に|へ)(?:回し|回す|回っ|持ち越|延ば|延期)",
    re.I,
)


def usage_outcome(text: str) -> str:
    """What the writer reports: failure when a step failed or the run stopped, success, else unknown.

    "but the pH was not neutral" / 「が、洗剤が残った」 (a contrast, then a bad result) is a failure;
    "but it went fine" / 「が、問題なかった」 stays a success (trial 18); a shortfall or work put off to
    a later day ("ran out of boxes; two orders wait until Monday", 「持ち越し」) is a failure (trial 24). Between "still running" and
    "done" the later one is the news: "listed the pending expenses, approved them. Both worked" is a
    success, "deployed, health check pending" is not known yet.
    """
    text = without_retried(text, FAILED)  # a failure a retry made good is no failure (trial 29)
    text = _NOT_YET.sub(" pending ", _NO_TROUBLE.sub(" ", text))
    if FAILED.search(text) or _contrast_then_bad(text) or _SHORTFALL.search(text) or _PUT_OFF.search(text):
        return "failure"
    text = without_for_later(
        text
    )  # "for tomorrow": what the work was for, not pending ("held for tomorrow" is put off)
    pending, done = _last(PENDING, text), _last(DONE, text)
    if pending >= 0 and pending > done:
        return "unknown"
    return "success" if done >= 0 or USUAL.search(text) else "unknown"


def has_own_steps(text: str) -> bool:
    """Whether a usage report also writes steps of its own: a list, a code block or a pasted shell session.

    `text` is what the writer wrote (the episode's text), never the shaped part: shaping numbers the
    sentences of a prose report ("Anonymized batch 4 the usual way. The spot check was clean."), and
    those report sentences are no steps.
    """
    return any(b.kind in ("list", "code") for b in split_blocks(text)) or shell_steps(text) != text
