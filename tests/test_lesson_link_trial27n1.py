"""A daily lesson links only a procedure it is about, in a root where a procedure holds two languages (trial 27
re-check N1, `fix36a`).

Accepting "the same note in another language" leaves a procedure with its own steps and a version in the other
language below them (`## English version — merged from review …`). The link read every step of a procedure
against the background of the procedure's majority language, so the steps of the minority language stood far
above it for any lesson in their language: a Japanese lesson about mounts got `applies_to` a climate-logger check.
Now each step is read against its own language's background. Real files: the person's procedures written by hand
(one with a merged version), several episodes in English prose quoting a Japanese note, one daily run, the
lessons read back. A brewery and a dental lab; the person's notes stay byte for byte theirs.
"""

from __future__ import annotations

from pathlib import Path

from test_daily_support import at, memory, run

from memdir.notes.store import NoteStore

Procedures = dict[
    str, tuple[str, list[str], str, list[str]]
]  # path -> title, steps, merged heading, its steps

BREWERY: Procedures = {
    "procedures/brew-a-pale-ale.md": (
        "Brew a pale ale",
        [
            "Mash in at 66C for 60 minutes.",
            "Sparge with 76C water until the kettle holds 55 litres.",
            "Boil 60 minutes, adding the hops at 60, 15 and 0 minutes.",
            "Chill the wort to 18C and pitch the yeast.",
        ],
        "",
        [],
    ),
    "procedures/発酵タンクの洗浄.md": (
        "発酵タンクの洗浄",
        [
            "タンクを水で予洗いする。",
            "アルカリ洗浄剤を70度で30分循環させる。",
            "酸洗浄剤で仕上げ、水ですすぐ。",
            "消毒剤を噴霧して密閉する。",
        ],
        "English version — merged from review rv-3f2a9c1e (2026-11-20)",
        [
            "Pre-rinse the tank with water.",
            "Circulate the caustic cleaner at 70C for 30 minutes.",
            "Finish with the acid cleaner and rinse with water.",
            "Spray the sanitiser and seal the tank.",
        ],
    ),
    "procedures/keg-the-beer.md": (
        "Keg the beer",
        [
            "Clean and sanitise the kegs.",
            "Purge each keg with CO2.",
            "Fill the kegs from the bright tank.",
            "Check the pressure and write the batch number on the keg collar.",
        ],
        "",
        [],
    ),
    "procedures/open-the-taproom.md": (
        "Open the taproom",
        [
            "Check the gas and the beer lines.",
            "Write today's beers on the chalkboard.",
            "Count the till float.",
            "Unlock the door at 16:00.",
        ],
        "",
        [],
    ),
    "procedures/麦芽の受け入れ.md": (
        "麦芽の受け入れ",
        [
            "納品書と麦芽の種類・重量を照合する。",
            "ロット番号を受け入れ記録に書く。",
            "パレットごと乾燥した倉庫に保管する。",
            "古いロットを手前に並べ替える。",
        ],
        "",
        [],
    ),
}

DENTAL_LAB: Procedures = {
    "procedures/石膏模型の作製.md": (
        "石膏模型の作製",
        [
            "硬石膏を規定の水粉比で計量する。",
            "真空練和器で30秒練和する。",
            "振動器にかけながら印象に石膏を注ぐ。",
            "1時間硬化させてから印象から外す。",
            "模型の底面をモデルトリマーで整える。",
        ],
        "",
        [],
    ),
    "procedures/ship-finished-work-to-clinics.md": (
        "Ship finished work to clinics",
        [
            "Check the work against the lab slip.",
            "Pack each case in a labelled box with the slip.",
            "Book the courier before 15:00.",
            "Email the clinic the tracking number.",
        ],
        "",
        [],
    ),
    "procedures/ジルコニアの焼成.md": (
        "ジルコニアの焼成",
        [
            "削り出したフレームを乾燥させる。",
            "焼成炉にセットし、1500度のプログラムで焼成する。",
            "冷却後、適合を模型で確認する。",
        ],
        "",
        [],
    ),
    "procedures/disinfect-incoming-impressions.md": (
        "Disinfect incoming impressions",
        [
            "Open the bag in the receiving area wearing gloves.",
            "Rinse the impression under running water.",
            "Soak it in the disinfectant for ten minutes.",
            "Log the case number and the time.",
        ],
        "Japanese version — merged from review rv-8d41b07a (2026-11-18)",
        [
            "手袋をして受付エリアで袋を開ける。",
            "印象を流水で洗う。",
            "消毒液に10分浸ける。",
            "ケース番号と時刻を記録する。",
        ],
    ),
    "procedures/月末の請求.md": (
        "月末の請求",
        ["月末に納品記録を集計する。", "医院ごとに請求書を作る。", "請求書を郵送する。"],
        "",
        [],
    ),
}


def _write(root: Path, procedures: Procedures) -> dict[str, bytes]:
    for rel, (title, steps, merged, more) in procedures.items():
        body = "\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1))
        if merged:
            body += f"\n\n## {merged}\n\n" + "\n".join(f"{i}. {s}" for i, s in enumerate(more, 1))
        text = f"---\ndescription: {title}\norigin: human\nconfidence: 0.8\n---\n\n# {title}\n\n{body}\n"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return {rel: (root / rel).read_bytes() for rel in procedures}


def _lessons(root: Path, procedures: Procedures, episodes: list[tuple[str, str]]) -> list[dict[str, object]]:
    """One daily run over the episodes; each episode's lesson's front matter, in order."""
    before = _write(root, procedures)
    mem = memory(root)
    refs = [mem.add_episode(text, title=title, at=at(9 + i)).ref for i, (title, text) in enumerate(episodes)]
    run(mem)
    store = NoteStore(root)
    out = []
    for ref in refs:
        [note] = [n for n in store.iter_notes(("knowledge",)) if ref in n.str_list("sources")]
        assert note.path.startswith("knowledge/lessons/") and note.get("type") == "lesson", note.path
        out.append(dict(note.meta))
    assert {rel: (root / rel).read_bytes() for rel in procedures} == before
    return out


def test_brewery_japanese_lessons_quoted_in_english_link_only_their_procedure(root: Path) -> None:
    """A label misprint is about none of the brewery's procedures; a missing malt lot number is about the
    Japanese malt intake. On main both went to the tank cleaning, whose English version read its Japanese steps
    against the English background (lift 0.30 for the label lesson, 0.31 for the malt one)."""
    label, malt = _lessons(
        root,
        BREWERY,
        [
            (
                "Can labels reprinted",
                "The new can labels for the harvest ale came back from the printer with the wrong ABV and "
                "we had to reprint all of them. Mei's note:\n\n"
                "「反省：ラベルの校正刷りを事前に確認しなかった。今後は印刷前に必ず校正刷りを二人で確認する。」",
            ),
            (
                "Malt recall",
                "The maltster recalled one lot of pale malt and we could not tell whether we had it. "
                "Kenji's note:\n\n"
                "「反省：麦芽のロット番号を記録しなかった。今後は麦芽の納品時に必ず袋のロット番号を記録する。」",
            ),
        ],
    )
    assert "applies_to" not in label
    assert malt.get("applies_to") == "procedures/麦芽の受け入れ.md"


def test_dental_lab_lessons_link_only_their_procedure(root: Path) -> None:
    """A lab slip not read on receipt and a scanner PC without backups are about none of the lab's
    procedures (on main both went to the impression disinfection, through its merged Japanese version); gloves
    when opening impression bags are about that procedure."""
    slip, backup, gloves = _lessons(
        root,
        DENTAL_LAB,
        [
            (
                "Wrong shade on a crown",
                "A crown for Dr Sato's clinic went out in the wrong shade. Yui wrote in the lab log:\n\n"
                "「反省：指示書のシェードの記載を確認しなかった。今後は技工指示書の記載を受付時に必ず確認する。」",
            ),
            (
                "Scanner PC disk",
                "The scanner PC's disk died on Thursday and a week of scans was gone. Takeshi's note:\n\n"
                "「反省：スキャナーのパソコンのバックアップを確認しなかった。"
                "今後はスキャナーのパソコンを毎週金曜にバックアップする。」",
            ),
            (
                "Impression bag opened bare-handed",
                "A technician opened an impression bag from the clinic bare-handed and it was leaking. "
                "From now on always wear gloves when opening impression bags.",
            ),
        ],
    )
    assert "applies_to" not in slip
    assert "applies_to" not in backup
    assert gloves.get("applies_to") == "procedures/disinfect-incoming-impressions.md"


def test_a_step_is_read_against_its_own_languages_background() -> None:
    """Japanese grammar with Latin names is still a Japanese step; an English step is English."""
    from memdir.consolidation.daily.lesson_link import step_lang

    assert step_lang("結果を conservation@museum.example にメールで報告する。") == "ja"
    assert step_lang("Google Workspace の管理画面でユーザーを追加する。") == "ja"
    assert step_lang("Report the results by mail to the conservator.") == "en"
    assert step_lang("器具洗浄。") == "ja"
