"""A usage report that names a thing's id and the work done on it (trial 18 #3).

「M-2 いつもの手順で洗浄した。問題なし。」 ("washed M-2 the usual way") was skipped although the only
wash procedure is "Mixer bowl wash (M-1 / M-2)": eleven characters leave e5 little to go on (match score
0.44), the title's share across languages counts Latin words of two letters or more (`M-2` is none), and
洗浄 is no word of the English steps. A person reads it by the id and the work: a procedure that names the
machine (bus, centrifuge, mixer) by its id, and whose title or steps say the work the report says was
done, is the one. Both are needed: an id alone (a client's number, a machine serviced another way) names
nothing, and the work alone is what the other rules read.

*Ids* (`ids`): a token of up to six letters and digits joined by a hyphen (`M-2`, `B-12`, `RYE-01`,
`AL-200`) or capitals then digits (`B12`, `CT01`); digits first (`50ml`, `2026-11-28`) is a value, not an id.
*The work* (`work_words`): what the report says was done, without its ids and the usual-way frame: in
English the verbs told as done ("Washed", "calibrated", "Rebuilt"), and the work named with the usual way
("the usual inspection steps"); in Japanese the run before する/実施/済み/完了 (「洗浄した」「点検を実施」
「校正済み」). It agrees with a procedure when the procedure's title, description or steps hold it (an
English stem as the start of one of its words, "calibrat" in "calibration"; a Japanese word as written),
or, across languages, when both name the same act of `ACTS` (washed / 洗浄, inspected / 点検,
calibrated / 校正): a short table of the acts of routine work in both languages.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.past_tense import PAST_VERB
from memdir.consolidation.daily.route_usage import DONE, FAILED, PENDING, PROC_NOUN, USUAL, stem
from memdir.consolidation.daily.route_usage_case import named_work

# ids: letters-hyphen-digits (M-2, B-12, RYE-01, HE-4-200V), or capitals then digits (B12); not inside a word
_ID = re.compile(
    r"(?<![A-Za-z0-9_.-])(?:[A-Za-z]{1,6}-\d{1,6}(?:-[A-Za-z0-9]+)*|[A-Z]{1,6}\d{1,6})(?![A-Za-z0-9_-])"
)
# one act of routine work, English word starts (stems) and Japanese words; a report and a procedure in two
# languages do the same work when they name the same act (docs/daily.md "Usage reports", trial 18)
ACTS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("wash", "clean", "rins", "saniti", "scrub", "disinfect"),
        ("洗浄", "清掃", "洗い", "掃除", "消毒", "除菌"),
    ),
    (("inspect", "inspection"), ("点検", "検査")),
    (("calibrat", "calibr"), ("校正", "キャリブレーション")),
    (("replac", "swap"), ("交換", "取り替え", "取替")),
    (("order", "purchas"), ("発注", "注文", "購入")),
    (("repair", "mend"), ("修理", "修繕", "補修")),
    (("refuel", "fuel"), ("給油",)),
    (("lubricat", "greas"), ("注油", "給脂", "潤滑")),
    (("install", "mount"), ("設置", "取り付け", "取付", "インストール", "導入")),
    (("remov", "dismount", "uninstall"), ("撤去", "取り外し", "取外し")),
    (("updat", "upgrad"), ("更新", "アップデート", "アップグレード")),
    (("renew", "rotat"), ("更新",)),
    (("restart", "reboot"), ("再起動",)),
    (("backup", "back up", "backed up"), ("バックアップ",)),
    (("restor",), ("復元", "リストア")),
    (("deploy", "releas"), ("デプロイ", "リリース")),
    (("measur",), ("測定", "計測")),
    (("steriliz", "sterilis", "autoclav"), ("滅菌",)),
    (("recharg", "charg"), ("充電",)),
    (("restock", "replenish", "refill"), ("補充",)),
    (("stocktak", "inventor"), ("棚卸",)),
    (("ship", "dispatch"), ("出荷", "発送")),
    (("approv",), ("承認",)),
    (("invoic", "bill"), ("請求",)),
    (("defrost", "thaw"), ("解凍", "霜取り")),
    (("pack",), ("梱包",)),
    (("polish", "grind", "sharpen"), ("研磨",)),
)
# verbs of any work: what the usual way or the outcome says, not which work it was
_ANY_WORK_WORDS = (
    "follow used went go did do done got get made make finish complet start ran run check work tri try need "
    "want let kept keep took take sent gave told said saw 作業 対応 確認 実施 完了 手順"
)
_ANY_WORK = frozenset(_ANY_WORK_WORDS.split())
_EN_DONE = re.compile(rf"\b{PAST_VERB}\b", re.I)
_EN_WORD = re.compile(r"[a-z][a-z0-9]*")
_JA_RUN = re.compile(r"[\u30a0-\u30ffー]{2,}|[\u3400-\u9fff々]{2,}")
# a Japanese work: the run of kanji or katakana right before する/実施/済み/完了 (「洗浄した」「点検を実施」)
_JA_WORK = re.compile(
    r"([\u30a0-\u30ffー]{2,}|[\u3400-\u9fff々]{2,})を?(?:した|しました|して|する|します|実施|済み|済|完了|行|終了|終え)"
)


def ids(text: str) -> set[str]:
    """The ids a text names, upper-cased (`m-2` and `M-2` are one)."""
    return {m.group(0).upper() for m in _ID.finditer(text)}


def work_words(report: str) -> set[str]:
    """What the report says was done: English stems of its done verbs and named work, Japanese work runs."""
    said = _ID.sub(" ", report)
    words = set()
    for m in _EN_DONE.finditer(said):
        if not any(f.match(said, m.start()) for f in (USUAL, PROC_NOUN, DONE, FAILED, PENDING)):
            words.add(stem(m.group(0).lower()))
    for work in named_work(said):  # 「車両の点検をいつもの手順で」: the work is its last run, 点検
        runs = _JA_RUN.findall(work)
        words.add(runs[-1] if runs else work)
    words.update(m.group(1) for m in _JA_WORK.finditer(said))
    low = set(_EN_WORD.findall(said.lower()))  # a word of an act anywhere: "the C-3 calibration", 「洗浄済」
    words.update(stem(w) for w in low if any(w.startswith(e) for en, _ in ACTS for e in en))
    words.update(j for _, ja in ACTS for j in ja if j in said)
    return {w for w in words if w not in _ANY_WORK and len(w) >= 2}


def _acts(text: str, words: set[str]) -> set[int]:
    """The acts of ACTS a text (its lower-cased English words, and as written) names."""
    low = text.lower()
    return {
        i
        for i, (en, ja) in enumerate(ACTS)
        if any(j in text for j in ja)
        or any(any(w.startswith(e) for w in words) or (" " in e and e in low) for e in en)
    }


def agrees(work: set[str], procedure: str) -> bool:
    """Whether the procedure's text says the work: one of its words (or a Japanese word of it), or its act."""
    words = set(_EN_WORD.findall(procedure.lower()))
    for w in work:
        if re.search(r"[\u3040-\u9fff]", w):
            if w in procedure:
                return True
        elif len(w) >= 4 and any(p.startswith(w) or w.startswith(q) for p in words if len(q := stem(p)) >= 4):
            return True
    said = " ".join(work)
    return bool(_acts(said, set(_EN_WORD.findall(said))) & _acts(procedure, words))


def pick_by_id(report: str, texts: dict[str, str]) -> tuple[str, str, str] | None:
    """The one procedure (path -> route_usage_match.procedure_text) that names an id of the report and says
    its work, with that id and the work word; None when no procedure or more than one does."""
    named = ids(report)
    work = work_words(report)
    if not named or not work:
        return None
    found = [(path, sorted(named & ids(text))) for path, text in texts.items() if named & ids(text)]
    fits = [(path, shared) for path, shared in found if agrees(work, texts[path])]
    if len(fits) != 1:
        return None
    return fits[0][0], fits[0][1][0], ", ".join(sorted(work))
