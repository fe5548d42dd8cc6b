"""Which opening sentence says what a note is about, and which only speaks about the note or to a person.

An episode often opens with a line about itself ("Pasting this because I keep looking it up", 「原因が
判明したので共有します。」), with whom it is for ("For the new folks starting Monday.", 「佐伯 様」), a
greeting or a self-introduction (「ブリッジキャリアの森でございます。」), or a reference to an earlier
message ("Re your question from yesterday about the misprinted visa foil —"). None of these is a title
or a description a person keeps. `opening_topic` picks the first opening sentence that is none of them,
and turns a reference ("about X", 「Xについてご説明申し上げます」) into its topic X. A sentence that
speaks to people ("you", "everyone", "girls") must also share content words with the rest of the note.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.blocks import Block, sentences, units
from memdir.consolidation.daily.shape_opening import EMPHASIS, SPEAKER
from memdir.consolidation.daily.shape_text import strip_narrative

_QUOTE = re.compile(r"^(?:>\s*)+")

# writing, pasting or sharing the note itself: "Writing this down while it still stings", "Pasting this"
_META_EN = re.compile(
    r"\b(?:writ(?:e|ing)|wrote|past(?:e|ing|ed)|shar(?:e|ing)|post(?:ing)?|not(?:e|ing)|jot(?:ting)?|"
    r"typ(?:e|ed|ing)|put(?:ting)?|leav(?:e|ing)|dump(?:ing)?)\s+(?:this|these|it|that)(?:\s+(?:down|up|here|in))?\b|"
    r"^(?:transcript|transcription|recording|minutes|notes?)\s+(?:from|of)\b|\blightly (?:cleaned|edited)\b|"
    r"^(?:a\s+)?(?:quick (?:one|note|heads[- ]?up|reminder|question)|heads[- ]?up|reminder|fyi|psa)\b|"
    r"^(?:note\s+)?(?:for|to)\s+(?:the\s+)?(?:new\s+\w+|whoever|anyone|everyone|all of you)\b|"
    r"^note\s+(?:for|to)\s+(?:the|my|our)\s+[\w' -]{1,40}[.:]?$|^#[\w-]+\s+(?:thread|channel)\b|\b(?:thread|channel),?\s+pinned\b|"
    r"^(?:there are|here are)\s+(?:two|three|four|a few|\d+)\s+(?:reasons|things|points|rules)[.:]?$|"
    r"^[\w' -]{0,40}?\basked\b[^.!?]{0,120}?\bso here(?:'s| is| it is| you go| goes| they are)\b|"  # trial 29
    r"\bfor (?:whoever|anyone who|the next (?:person|one|guy|girl))\b",
    re.I,
)
# 「共有します」「まとめておきます」「表にしました」「分かったことを残します」「取り急ぎ」
_META_JA = re.compile(
    r"(?:共有|まとめ|メモ|記録|報告|お知らせ|転記|ご説明|ご案内)(?:し|っ|て|とき|てお|ておき|いたし|申し上げ|させていただき)*"
    r"(?:ます|ました|する|した|とく|ておく)[。.！!]?$|"
    r"(?:書いて|書い|書き|残し|表に|一覧に)(?:し)?(?:とき|ておき|てお|とく|おく|ます|ました)+[。.！!：:]?$|^取り急ぎ|"
    r"^(?:理由|原因|ポイント|注意点|ルール|決定事項)は(?:[一二三四五六七八九十\d]+|いくつか)(?:つ|点)?(?:あります|です|ある)?[。.]?$"
)
# a greeting of a letter or a self-introduction: 「お世話になっております。」「ブリッジキャリアの森でございます。」
_LETTER_JA = re.compile(
    r"^(?:いつも|大変)*お世話になって(?:おります|います)[。.]?$|^(?!.*(?:について|に関して|の件))[^\s、。はがを]{1,18}(?:でございます|です)[。.]?$|"
    r"(?:誠に|本当に)?ありがとうございま(?:す|した)[。.!！]?$"
)
# a line that only names whom it is for: 「株式会社ミナト精機 人事部 小野寺様」「来年の担当者へ」
_ADDRESS_LINE = re.compile(
    r"^[^。！？!?]{0,36}(?:様|さま|さん|殿|各位|御中|担当者|担当の方)(?:へ|に)?[、,:：]?$|^[^。！？!?]{1,36}へ[、,:：]?$"
)
# "Re your question from yesterday about X", "This is about X": the topic is X
_ABOUT_EN = re.compile(
    r"^(?:@\w+\s+)?(?:re:?\s+)?(?:(?:your|the|my|our)\s+(?:question|message|email|mail|note|ask|point)"
    r"(?:\s+(?:from|of)\s+\w+|\s+(?:this|last)\s+\w+)?\s+(?:about|on|regarding)|this is (?:about|re|regarding)|"
    r"thanks?(?:\s+you)?\s+(?:\w+\s+)?for\s+(?:your|the)\s+(?:\w+\s+)?(?:enquiry|inquiry|question|email|mail|message|note)"
    r"\s+(?:about|on|regarding))\s+",
    re.I,
)
# 「…、Xについてご説明申し上げます」「Xを、ご案内いたします」: the topic is X
_ABOUT_JA = re.compile(
    r"^(?:.*[、,])?([^、,。]{4,40}?)(?:について|に関して|を)[、,]?\s*(?:のご|ご|お)?"
    r"(?:説明|案内|連絡|報告|知らせ|共有)(?:申し上げ|いたし|し|させていただき)?ます"
)
# 「これ知らんかったんだけど、」「実はこれ、」: a lead about how the writer came to it
_KNEW_JA = re.compile(
    r"^(?:これ|この件|この話|実は)[^、。]{0,16}(?:けど|けれど|けども|んですが|ですが)[、,]\s*"
)
# speaking to people: a note that does so and shares few words with the rest is a message, not a topic
_TO_PEOPLE = re.compile(
    r"\b(?:you|your|everyone|everybody|girls|guys|folks)\b|皆さん|みなさん|みんな|各位|お願いします",
    re.I,
)
_HEAD_META = re.compile(
    r"\b(?:please )?(?:remember|note|important|reminder|heads[- ]?up)\b|覚えておいて|注意|お願い", re.I
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]{3,}|[\u4e00-\u9fff\u30a0-\u30ffー]{2,}")
_STOP = frozenset(
    [
        "this",
        "that",
        "these",
        "those",
        "with",
        "from",
        "have",
        "will",
        "when",
        "what",
        "which",
        "your",
        "about",
        "there",
        "their",
        "they",
        "them",
        "then",
        "than",
        "just",
        "only",
        "also",
        "into",
        "over",
        "been",
        "were",
        "here",
        "some",
        "more",
        "very",
        "still",
        "before",
        "after",
        "because",
    ]
)


def about_note(sentence: str) -> bool:
    """Does this sentence speak about the note itself, to whom it is for, or greet, rather than say a thing?"""
    s = " ".join(EMPHASIS.sub("", sentence).split()).strip()
    s = unstamped(re.sub(r"[\s\u2600-\u27bf\U0001f000-\U0001faff]+$", "", s))  # 「…メモっとく🙏」, "06:40 — "
    if not s:
        return True
    dated = _DATELINE.match(s)  # "4 Dec — for the presiding officers' pack, agreed at today's briefing."
    if dated and re.match(r"for\s", s[dated.end() :], re.I) and len(s) <= 120:
        return True
    m = _META_EN.search(s) if len(s) <= 140 else None
    if m and m.start() <= 16:  # "Pasting this because…"; not "Stayed late to realign…, writing this down"
        return True
    if (
        len(s) <= 90
        and _META_JA.search(s)
        and len(re.split(r"ので|から|ため", s)[0]) <= 14 + 90 * ("ので" not in s)
    ):
        return True  # 「原因が判明したので共有します」; not 「…増やすことが決定いたしましたので、ご報告申し上げます」
    if len(s) <= 70 and (_LETTER_JA.search(s) or _ADDRESS_LINE.match(s)):
        return True
    if date_only(s) or (len(s) <= 120 and (_SMALL_TALK.match(s) or _META_JA_LINE.search(s))):
        # "14 March, late shift.", "Dear Ms Halvorsen,", "Hope the weekend was quiet", 「メモです」
        return True
    return bool(re.fullmatch(r"[\[【(（][^\]】)）]{1,40}[\]】)）]", s))  # 【決定事項】 as a line of its own


# the parts of a line that only say when: "14 March, late shift", 「11月20日（水）」, "[09:12]", "Tue 3 Dec"
_WHEN = re.compile(
    r"(?:\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?|"
    r"\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\b\.?|\b(?:early|late|night|day|morning|"
    r"afternoon|evening|back|double|weekend)\b|\bshifts?\b|\b(?:am|pm)\b|\d{1,4}(?:st|nd|rd|th)?\b|"
    r"\d+[年月日時分]|[（(][月火水木金土日](?:曜日?)?[)）]|[月火水木金土日]曜日?|"
    r"(?:早番|遅番|夜勤|日勤|午前|午後|朝|夕方|夜|当直|宿直)|[\s,.:/\-–—()\[\]（）・、。]+)",
    re.I,
)
# a small-talk or salutation line: "Dear Ms Halvorsen,", "Hope the weekend was quieter than ours.",
# "Sorry this is long, but…", "Busy week, and…", "Jo asked me about something that keeps coming up."
_SMALL_TALK = re.compile(
    r"^(?:dear\s+[^,.!?]{1,40}[,:!]?$|拝啓|(?:i\s+)?hope\s+(?:you|your|the|everyone|all|this\s+finds)\b|"
    r"sorry\b|apologies\b|(?:busy|long|quiet|crazy|hectic|mad)\s+(?:week|day|shift|night|morning)\b|"
    r"(?:hey|hi|hello)\s+(?:all|team|everyone|folks|there)\b[\W_]*(?:quick one|just)\b|"
    r".{0,60}\babout something that (?:keeps|kept) coming up\b)",
    re.I,
)
# 「メモです（自分用）」「自分用メモ」「朝礼で共有された件。」: a line that only says what kind of note this is
_META_JA_LINE = re.compile(
    r"^(?:自分用の?)?メモ(?:です|だよ|っす|書き)?(?:[（(][^）)]{0,10}[）)])?[。.！!]?$|"
    r"^[^、。]{0,16}(?:共有|報告|連絡|指示)(?:された|があった|を受けた|のあった)件[。.]?$"
)
_STAMP = re.compile(r"^\s*\[?\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]m)?\]?\s*(?:[—–-]+\s*)?(?=\S)", re.I)


def date_only(line: str) -> bool:
    """Does this line only say when (a date, a weekday, a time or a shift), not what?"""
    s = line.strip()
    return (
        bool(s) and len(s) <= 40 and bool(re.search(r"\d|曜|shift|番|勤", s, re.I)) and not _WHEN.sub("", s)
    )


def unstamped(line: str) -> str:
    """A line without the time it was written ("06:40 — note…", "[09:12] Priya: …", 「7:50 朝礼で…」)."""
    m = _STAMP.match(line)
    return line[m.end() :] if m and len(line) - m.end() >= 6 else line


def bare(text: str) -> str:
    """Text without marks or punctuation, casefolded: for comparing a sentence with a title."""
    return re.sub(r"[\W_]+", " ", EMPHASIS.sub("", text)).strip().casefold()


def description_ok(sentence: str, title: str, same: bool = True) -> bool:
    """Can this sentence be a note's description: not about the note, not a fragment that starts with a
    particle (「の説明用に…」), not a section label, and not the title again (alone or with an aside)?"""
    s = " ".join(EMPHASIS.sub("", sentence).split())
    if re.search(r"[?？]$", s) and len(s) < 30:  # 「うちの営業所だけ？」 "So we're agreed?"
        return False
    if (
        _MAIL_LINE.match(s)
        or (_ABOUT_EN.match(s) and re.match(r"thank", s, re.I))
        or re.search(r"させて(?:ください|下さい|いただけますか)[。.]?$", s)
    ):
        return False  # "RE: hose testing — annual", 「件名：Fw: …」, 「理由を確認させてください。」
    if not s or about_note(s) or re.match(r"[のをにがはでともへや](?=[\u4e00-\u9fff\u30a0-\u30ff])|\|", s):
        return False  # nor a table row, nor a header of labels (「日時：… 場所：… 出席：…」)
    labels = len(re.findall(r"(?:^|\s)[^\s：:A-Za-z*]{1,6}[：:](?!\d)", s))
    if labels >= 2 or (labels and re.match(r"\d", s)):  # 「12月2日 14:00〜 場所：第2会議室」
        return False
    flat, head = bare(s), bare(title.removesuffix("…"))
    if not same or not head or not flat.startswith(head):
        return True
    rest = s[len(title.removesuffix("…")) :].strip(" .。") if s.startswith(title.removesuffix("…")) else s
    after = re.sub(r"^(?:[(（\[【][^)）\]】]*[)）\]】]|[—–-]\s.*)", "", rest).strip(" .。")
    return flat != head and len(after) >= 12  # not "X — field crew version", 「X（三浦メモ）」


_MAIL_LINE = re.compile(
    r"^(?:(?:re|fw|fwd|aw|wg)\s*[:：]|件名\s*[:：]|(?:from|to|subject|cc|sent|date)\s*:\s|-{3,}\s*forwarded)",
    re.I,
)


def recurrence(sentence: str, rest: str) -> float:
    """The share of the sentence's content words that come back in the rest of the note (1.0 if it has none)."""
    words = {w.lower() for w in _WORD.findall(sentence) if w.lower() not in _STOP}
    if not words:
        return 1.0
    low = rest.lower()
    return sum(w in low for w in words) / len(words)


def topic_of(sentence: str) -> str:
    """The topic a reference sentence points at ("Re your question … about X —" -> "X"), else the sentence."""
    s = strip_narrative(unstamped(sentence.strip()))  # "so this is about…", "06:40 — note for…"
    m = _HERES_HOW.search(s)
    if m and len(s) - m.end() >= 8:  # "Since you're covering…, here's how we handle a parcel that…"
        return s[m.end() :].rstrip(" :：.")
    m = _REPLY_TO_JA.search(s)
    if m:  # 「先ほどの「食物アレルギー対応食の配送ってどうするの？」への回答です。」
        return m.group(1)
    m = _ABOUT_LINE_JA.match(s)
    if m:  # 「入学式前日の教室準備についてです。」
        return m.group(1)
    m = _ABOUT_EN.match(s)
    if m and len(s) - m.end() >= 8:
        return re.split(r",?\s+(?:because|since|as|so|which)\b", s[m.end() :])[0].rstrip(" —–-:.")
    m = _ABOUT_JA.match(s)
    if m:
        return m.group(1)
    s = _KNEW_JA.sub("", s)
    m = _JA_WRITTEN.search(s)
    if m and about_note(s):  # 「…入るので、上映開始の流れ書いときます」 -> 「上映開始の流れ」
        return m.group(1)
    head, sep, tail = s.partition(": ")
    if sep and len(tail) >= 12 and (_HEAD_META.search(head) or about_note(head)):
        return tail  # "important … — please remember for everyone: when a client says…"
    return s


_HERES_HOW = re.compile(
    r"(?:^|[,;:—–]\s*)(?:so\s+)?(?:here(?:'s| is)|this is)\s+how\s+(?:we|you|i|to)\s+(?:should\s+|can\s+)?(?=\w)",
    re.I,
)
_REPLY_TO_JA = re.compile(r"「([^」]{4,40})」(?:への|に対する|について)の?(?:回答|返事|答え|お返事|ご回答)")
_ABOUT_LINE_JA = re.compile(
    r"^([^、。]{3,30}?)(?:について|に関して|の件)(?:です|でございます|だけど|ですが)?[。.]?$"
)
TURN = re.compile(r"^(?:さて|ところで|本題ですが|本題です|anyway|anyhow|so,? about)[、,，\s]+", re.I)
_GA_TOPIC = re.compile(
    r"^([^、。]{3,30}?[^、。はがをのでに])(?:の件)?(?:ですが|だけど|ですけど|なんですが)[、,]"
)


def candidates(blocks: list[Block]) -> list[str]:
    """The opening sentences: those of the first paragraphs and the line before a list or steps."""
    out: list[str] = []
    for b in blocks[:6]:
        if b.kind == "para" and not b.text.lstrip().startswith("|"):  # a table row is not a sentence
            lines = b.text.splitlines()
            parts = [lines[0], "\n".join(lines[1:])] if len(lines) > 1 and about_note(lines[0]) else [b.text]
            said = [_QUOTE.sub("", s) for p in parts for s in sentences(p)][
                :4
            ]  # 「メモです（自分用）」 on its own line
            said = _joined_quotes(said)
            out += [p for s in said for p in re.split(r"(?<=[.!?])\s+(?=how\b)", s)]  # "…PIN. how do I…"
        elif b.kind == "heading":
            out.append(b.text.lstrip("# "))
        if len(out) >= 6 or b.kind in ("list", "code"):
            break
    return out


def _joined_quotes(said: list[str]) -> list[str]:
    """Sentences with a quote split at its 「？」 joined again (「「…どうするの？」への回答です」)."""
    out: list[str] = []
    for s in said:
        if out and out[-1].count("「") > out[-1].count("」"):
            out[-1] += s
        else:
            out.append(s)
    return out


def opening_topic(blocks: list[Block]) -> str:
    """The opening sentence that says what the note is about, when the first one does not ("" if it does)."""
    cands = candidates(blocks)
    if not cands:
        return ""
    turn = next((i for i, c in enumerate(cands[:4]) if i and TURN.match(c)), 0)
    if turn:  # 「昨日は…大変でした。…ありがとうございました。さて、台風接近時の車庫の準備ですが、…」
        c = TURN.sub("", cands[turn])
        m = _GA_TOPIC.match(c)
        return m.group(1) if m else c
    text = "\n".join(u for b in blocks for u in (units(b) if b.kind in ("para", "list") else [b.text]))
    for i, c in enumerate(cands):
        topic = topic_of(c)
        ask = _HOW_IT.match(cands[i + 1]) if i + 1 < len(cands) else None
        np_ = _LAST_NP.search(topic.rstrip(" .")) if ask else None
        if ask and np_:  # "…he never set a port-out PIN. how do I reset it?" -> "reset a port-out PIN"
            return f"{ask.group(1)} {np_.group(0)}"
        rest = text.replace(c, " ")
        talks = len(topic) <= 80 and bool(_TO_PEOPLE.search(topic)) and recurrence(topic, rest) < 0.34
        if about_note(topic) or (talks and i + 1 < len(cands)):
            continue
        q = re.search(r"[?？](?=\s+\S)", topic)  # "can we ship on day one? phased release means…"
        topic = topic[: q.end()] if q and q.start() >= 12 else topic
        return "" if i == 0 and topic == c.strip() else topic
    return ""


_JA_WRITTEN = re.compile(
    r"(?:^|[、,]|ので)([^、,。にでがは]{3,24}?[^、,。にでがはをのてした])を?(?:書いとき|書いておき|まとめ|共有し|メモし|メモっ|残し)"
)
_DATELINE = re.compile(
    r"^(?:(?:mon|tue|wed|thu|fri|sat|sun)\w*,?\s+)?(?:\d{1,2}\s+[A-Z][a-z]{2,8}|[A-Z][a-z]{2,8}\s+\d{1,2}|"
    r"\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2})\s*[—–:-]\s*"
)
_HOW_IT = re.compile(r"^how (?:do|can|should|would) (?:i|we|you) (\w+) (?:it|this|that|them)\s*[?？]", re.I)
_LAST_NP = re.compile(r"\b(?:a|an|the|his|her|their|my|our|your)\s+[\w-]+(?:\s+[\w-]+){0,2}$", re.I)
_JA_CONJ = re.compile(r"(?:ても|でも|けど|けれど|ので|から|たら|れば|ると)$")
_JA_NOUN_END = re.compile(r"[\u4e00-\u9fff\u30a0-\u30ffーA-Za-z0-9」）)]$")


def ja_title_clause(line: str, long: bool = True) -> str:
    """A Japanese sentence too long for a title, as the clause a person would title it by: its opening
    noun phrase (「B棟の通用口、20時を過ぎると…」 -> 「B棟の通用口」) or, after a conditional or concessive
    clause, the main clause (「…使っても、LINEのトーク履歴は移らんのよ」 -> 「LINEのトーク履歴は移らん」)."""
    head, sep, rest = line.partition("、")
    if not sep or not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", head):
        return line
    if long and 3 <= len(head) <= 24 and _JA_NOUN_END.search(head) and not re.search(r"[はがを]", head):
        return head
    if _JA_CONJ.search(head):
        main = re.sub(r"(?:のよ|んよ|んだ|のだ|よね|よ|ね|わ)*[。.!！]*$", "", rest.split("。")[0])
        if 6 <= len(main) <= 36 and "、" not in main:
            return main
    return line


def unspoken(sentence: str) -> str:
    """A quoted chat line as what it says: "> **Omar:** can we ship…" -> "can we ship…"."""
    sentence = re.sub(r"^[・•]\s*", "", sentence)  # 「・平均風速16m/sで荷役中止。」
    s = EMPHASIS.sub("", _QUOTE.sub("", sentence))
    m = SPEAKER.match(s) if sentence.startswith(">") else None
    return s[m.end() :] if m and len(m.group(0).split()) <= 2 else sentence


# the hashtags a sentence ends with (`… on 11/19. #vpn #policy`; not `## Heading`, `C#`, `#1234`, a URL's
# `#anchor`, nor a channel named inside a sentence, `posts to #alerts, no page`) and a pointer to another
# note ("See [[X]].", 「[[X]]も参照」): neither says what the note states
_TAG_RUN = re.compile(r"(?:^|\s+)(?:(?<![\w&/#])#(?=[^\W\d_])[\w-]+[\s,、]*)+(?=[.。]?$)")
_POINTER = re.compile(
    r"(?:\b(?:see(?: also)?|cf\.?|related|more in)\s*:?\s*)?\[\[[^\]]+\]\]\s*(?:(?:も|を)?参照[^\s。.]*)?",
    re.I,
)
_WIKILINK = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]+)\]\]")
# who decided it and when ("Decided by 課長 on 11/19.", "Approved by the board in March.", "Per Dana.",
# 「11/19 課長決定。」「定例会議で承認済み。」): where the rule came from, not the rule
_ATTRIBUTION = re.compile(
    r"^(?:(?:this|it) (?:was|is) )?(?:decided|approved|agreed|signed off|confirmed|okayed|ok'?d|mandated)\b"
    r"(?:\s+(?:by|on|at|in|with|during)\s+[^.,;:!?]{1,30}){1,3}[.!]?$|"
    r"^(?:as )?(?:per|according to)\s+[^.,;:!?]{1,30}[.!]?$|"
    r"^[^。、，,\u3040-\u309f]{0,20}(?:の[^。、，,\u3040-\u309f]{1,12})?(?:で|にて|より|が)?"
    r"(?:決定|承認|了承|決裁|合意)(?:済み?)?(?:です|しました|した|されました|された)?[。.]?$",
    re.I,
)


def rule_sentences(said: list[str]) -> list[str]:
    """The sentences without the hashtags they end with and pointers to other notes (a sentence that is
    only a pointer goes), and without a line of who decided it when another sentence states what was decided."""
    out = []
    for s in said:
        if "[[" in s and len(re.findall(r"\w+", _WIKILINK.sub("", _TAG_RUN.sub("", s)))) <= 4:
            continue  # "Follows on from [[cemetery-permits]].", 「[[X]]の続き。」: only a pointer
        t = _POINTER.sub("", s).rstrip()
        t = _WIKILINK.sub(r"\1", _TAG_RUN.sub("", t))
        if t == s:
            out.append(s)
            continue
        t = re.sub(r"(?<=[.。!?！？])[\s.。]+$", "", " ".join(t.split())).strip()
        out += [x for x in sentences(t) if re.search(r"\w", x)]
    stated = [s for s in out if not _ATTRIBUTION.match(s.strip("()（）[]【】 "))]
    return stated or out
