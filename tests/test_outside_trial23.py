"""Trial 23 re-check, N3: Markdown kept beside memdir's folders on purpose.

Templates kept outside memdir's folders (as formats.md advises) made `init`, `status` and `lint` say
"move them under knowledge/" forever, with no way to say they stay out. Now `memdir.yaml`'s
`outside: {ignore: [...]}` (paths from the root) keeps them out of the count, and the line says so
with the places to paste; `lint` puts the root-wide line on `.`, not on the first place.
Real files, the CLI in real subprocesses; a choir's score library (English and Japanese).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def _cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(PYTHONPATH=os.pathsep.join(sys.path), MEMDIR_EMBEDDER="hashing")
    return subprocess.run(
        [sys.executable, "-m", "memdir", *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=300
    )


def test_named_places_stay_out_and_the_line_says_how(tmp_path: Path) -> None:
    vault = tmp_path / "choir"
    files = {
        "Templates/rehearsal.md": "---\ndate: {{date}}\n---\n## Warm-up\n",
        "テンプレート/練習.md": "# {{title}}\n",
        "Start here.md": "# Choir library\n",
        "knowledge/scores/ave-verum.md": "---\ndescription: Mozart, SATB\n---\n# Ave verum\n",
    }
    for rel, text in files.items():
        (vault / rel).parent.mkdir(parents=True, exist_ok=True)
        (vault / rel).write_text(text, encoding="utf-8")
    init = _cli(vault, "init", ".")
    assert (
        "3 Markdown file(s) outside knowledge/, procedures/, episodes/, skills/ are not memory "
        "(Start here.md, Templates/, テンプレート/): move them under knowledge/ (facts, references) or "
        "procedures/ (how-tos) to have them searched, or keep them out with `outside: {ignore: "
        "[Start here.md, Templates/, テンプレート/]}` in memdir.yaml"
    ) in init.stdout
    assert "\n.: warning: 3 Markdown file(s) outside" in "\n" + _cli(vault, "lint").stdout
    (vault / "memdir.yaml").write_text("outside:\n  ignore: [Templates/, テンプレート]\n", encoding="utf-8")
    status = json.loads(_cli(vault, "status", "--json").stdout)["outside_notes"]
    assert status["count"] == 1 and status["places"] == ["Start here.md"]
    (vault / "memdir.yaml").write_text(
        "outside:\n  ignore: [Templates/, テンプレート/, Start here.md]\n", encoding="utf-8"
    )
    for verb in (("init", "."), ("status",), ("lint",)):
        res = _cli(vault, *verb)
        assert res.returncode == 0 and "outside" not in res.stdout, (verb, res.stdout)
    (vault / "Templates" / "new.md").write_text("# new\n", encoding="utf-8")
    assert "outside" not in _cli(vault, "lint").stdout  # a folder named keeps all it holds out


def test_a_bad_ignore_value_is_a_config_error(tmp_path: Path) -> None:
    vault = tmp_path / "choir"
    (vault / "knowledge").mkdir(parents=True)
    (vault / "memdir.yaml").write_text("outside:\n  ignore: {Templates: yes}\n", encoding="utf-8")
    res = _cli(vault, "status")
    assert res.returncode == 1
    assert "outside.ignore: must be a list of paths" in res.stderr
