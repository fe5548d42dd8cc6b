"""Trial 22 re-check N4: a file name made from a Hindi or Thai title lost its vowel signs (`रात में आपातकालीन` ->
`र-त-म-आप-तक-ल-न…`, Thai `เม-อม-โทรศ-พท…`): the slug kept only `\\w`, and a vowel sign, a virama or an Arabic
haraka is a combining mark (Mn/Mc), not a letter to `\\w`. A slug now keeps every letter with its marks and cuts
only between grapheme clusters. A school's and a weather service's notes, in several scripts, English and Japanese.
"""

from __future__ import annotations

import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from memdir import Memory

TITLES = {
    "hindi": "कक्षा में बच्चों की उपस्थिति दर्ज करना",
    "thai": "การตรวจสอบสภาพอากาศก่อนออกเดินทาง",
    "bengali": "বৃষ্টির পূর্বাভাস দেখা",
    "tamil": "மாணவர்களின் வருகைப் பதிவு",
    "arabic": "مَدْرَسَة كَبِيرَة",
}


def _stem(rel: str) -> str:
    return rel.rsplit("/", 1)[-1].removesuffix(".md")


@pytest.mark.parametrize("script", sorted(TITLES))
def test_a_file_name_keeps_every_vowel_sign(mem: Memory, script: str) -> None:
    title = TITLES[script]
    rel = mem.add_note("knowledge", title, "Keep the register by nine.")
    words = [unicodedata.normalize("NFKC", w) for w in title.split()]
    assert _stem(rel) == "-".join(words)  # each word whole, a hyphen only where the title had a space


def test_the_cli_names_a_hindi_note_with_its_vowel_signs(root: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "MEMDIR_ROOT": str(root)}
    out = subprocess.run(
        [sys.executable, "-m", "memdir", "note", "add", "procedures", "रात में मौसम की चेतावनी", "1. check"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert (root / "procedures" / "रात-में-मौसम-की-चेतावनी.md").is_file()


def test_a_long_title_is_cut_between_grapheme_clusters(mem: Memory) -> None:
    # Hindi and Thai, long enough to be cut at 180 bytes: the name never ends in a bare mark or a virama
    for title in (
        "मौसम विभाग की चेतावनी " * 12,
        "ตรวจสอบสภาพอากาศก่อนออกเดินทางทุกครั้ง" * 6,
        "क्षक्षक्षक्षक्ष" * 20,
    ):
        stem = _stem(mem.add_note("knowledge", title, "body"))
        assert len(stem.encode()) <= 180
        assert unicodedata.combining(stem[-1]) != 9, stem  # no dangling virama (half of a conjunct)
        assert not unicodedata.category(stem[0]).startswith("M")
        # the cut falls where the title's own clusters end: the name is a prefix of the slugged title
        assert title.replace(" ", "-").startswith(stem)


def test_latin_and_japanese_names_are_unchanged(mem: Memory) -> None:
    assert (
        _stem(mem.add_note("knowledge", "Storm warning: close the yard!", "b"))
        == "storm-warning-close-the-yard"
    )
    assert _stem(mem.add_note("knowledge", "台風の日の登校判断", "b")) == "台風の日の登校判断"
    nfd = unicodedata.normalize("NFD", "Café météo")
    assert _stem(mem.add_note("knowledge", nfd, "b")) == "café-météo"
