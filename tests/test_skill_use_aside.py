"""Trial 31 #11: a skill used by its name is an `evidence` item on it, never a silent skip.

"Fixed it with the ding repair steps, it's in the sun now." beside `skills/ding-repair.md` ("Ding repair (solar
resin)") gave `1 looked at, 1 skipped … nothing to change`: the name was read only with the title's aside in
brackets, and a text read as nothing to keep was never read for a skill's name (route_skill_use,
route_plan._skill_used). Here a bike shop in English and an aquarium shop in Japanese.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from usage_roots import daily_today

from memdir.cli.main import cli
from memdir.notes.store import NoteStore


def _root(tmp_path: Path, name: str, text: str) -> Path:
    root = tmp_path / "root"
    assert CliRunner().invoke(cli, ["init", str(root)]).exit_code == 0
    (root / "skills" / name).write_text(
        f"---\ndescription: {name}\norigin: human\n---\n\n{text}", encoding="utf-8"
    )
    return root


def _evidence(root: Path) -> list[str]:
    items = NoteStore(root).iter_notes(("review",))
    return [str(n.get("target")) for n in items if n.get("kind") == "evidence"]


def test_a_skill_used_by_its_name_without_the_aside_is_evidence(tmp_path: Path) -> None:
    root = _root(
        tmp_path,
        "puncture-repair.md",
        "# Tubeless puncture repair (plug kit)\n\n1. Find the hole.\n2. Ream it and push a plug in.\n"
        "3. Trim the plug and pump to pressure.\n",
    )
    daily_today(
        root, ["Front tyre on the blue cargo bike went flat again. Sorted it with the puncture repair steps."]
    )
    assert _evidence(root) == ["skills/puncture-repair.md"]


def test_japanese_a_skill_used_by_its_name_without_the_aside_is_evidence(tmp_path: Path) -> None:
    root = _root(
        tmp_path,
        "water-change.md",
        "# 水槽の水換え（夏場）\n\n1. 水温を測る。\n2. 三分の一の水を抜く。\n3. カルキを抜いた水を足す。\n",
    )
    daily_today(root, ["朝、3番水槽の水が白く濁っていた。水槽の水換えを行って、昼には澄んだ。"])
    assert _evidence(root) == ["skills/water-change.md"]
