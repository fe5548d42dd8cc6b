"""Trial 15 #5: what `--json` prints agrees with docs/cli-json.md, key for key and in order.

Each verb's documented `{...}` (and the search hit example) is read from the page and compared with
the output of the verb run on real files (a bakery's notes), so a key added, dropped or moved in
the code without the page, or in the page without the code, fails here. `...` in a documented
object means more keys may follow or sit between: those documented keys must then appear in order.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_cli_json import run

from memdir import Memory

DOC = Path(__file__).resolve().parent.parent / "docs" / "cli-json.md"


def objects(cell: str) -> list[tuple[list[str], bool]]:
    """The top-level `{...}` of a table cell: (their keys in order, open-ended with `...`)."""
    found: list[tuple[list[str], bool]] = []
    depth, keys, is_open = 0, [], False
    for tok in re.finditer(r'[{}\[\]]|"[^"]*"|\.\.\.', cell):
        t = tok.group()
        if t in "{[":
            depth += 1
            if depth == 1 and t == "{":
                keys, is_open = [], False
        elif t in "}]":
            depth -= 1
            if depth == 0 and t == "}":
                found.append((keys, is_open))
        elif depth == 1 and t == "...":
            is_open = True
        elif depth == 1 and t.startswith('"'):
            keys.append(t.strip('"'))
    return found


def documented() -> dict[str, list[tuple[list[str], bool]]]:
    """verb -> the objects its row documents."""
    out: dict[str, list[tuple[list[str], bool]]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| `"):
            continue
        verbs_cell, shape = line.split("|")[1], "|".join(line.split("|")[2:])
        for verb in re.findall(r"`([^`]+)`", verbs_cell):
            out[re.sub(r" [A-Z\[].*", "", verb).strip()] = objects(shape)
    return out


def search_example() -> list[str]:
    block = DOC.read_text(encoding="utf-8").split("```json", 1)[1].split("```", 1)[0]
    hits = json.loads(block)
    assert isinstance(hits, list)
    return list(hits[0])


def agrees(verb: str, data: object, which: int = 0) -> None:
    if isinstance(data, list):
        assert data, f"{verb}: empty list, nothing to compare"
        data = data[0]
    assert isinstance(data, dict), (verb, data)
    keys, is_open = documented()[verb][which]
    got = list(data)
    if not is_open:
        assert got == keys, f"{verb}: prints {got}, docs/cli-json.md says {keys}"
    else:
        assert [k for k in got if k in keys] == keys, (
            f"{verb}: prints {got}, docs/cli-json.md says {keys}, ..."
        )


def test_the_objects_of_the_page_are_read() -> None:
    doc = documented()
    assert objects('`{"a", "b": [{"x", "y"}], "c", ...}`') == [(["a", "b", "c"], True)]
    assert doc["index sync"][0][0][:3] == ["new", "changed", "moved"]
    assert doc["daemon"][1][0] == ["stopped", "pid"]
    assert search_example()[0] == "path"


def test_every_verb_prints_the_keys_the_page_lists_in_its_order(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMDIR_EMBEDDER", "hashing")
    mem = Memory(root)
    (root / "procedures" / "proof-sourdough.md").write_text(
        "---\ndescription: Proof sourdough overnight in the fridge\nconfidence: 0.5\ntags: [bread]\n---\n"
        "# Proof sourdough\n\n1. Shape the loaf\n2. Cold-proof it for 12 hours\n",
        encoding="utf-8",
    )
    (root / "knowledge" / "oven.md").write_text(
        "---\ndescription: The deck oven runs 10 degrees hot\n---\n\nSet it to 220 for 230.\n",
        encoding="utf-8",
    )
    (root / "knowledge" / "bad.md").write_text("---\ndescription: [unclosed\n---\n\nx\n", encoding="utf-8")
    mem.add_episode("Proofed the sourdough overnight; the crumb was open.", title="Sourdough")
    raised = mem.review.raise_item(
        "merge_candidate", "procedures/proof-sourdough.md", "t", "b", 0.9, [], key="k"
    )
    assert raised is not None
    item = mem.review.get(raised).id

    agrees("index sync", run(root, "index", "sync"))
    hits = run(root, "search", "sourdough proofing")
    assert isinstance(hits, list) and hits
    assert list(hits[0]) == search_example(), f"search hit prints {list(hits[0])}"
    agrees("context", run(root, "context", "bake sourdough"))
    agrees("status", run(root, "status"))
    agrees("lint", run(root, "lint"))
    agrees("review list", run(root, "review", "list"))
    agrees("log", run(root, "log", "--type", "task_start", "--task", "b1", "--summary", "bake rye"))
    agrees("note show", run(root, "note", "show", "procedures/proof-sourdough.md"))
    agrees("consolidate weekly", run(root, "consolidate", "weekly", "--dry-run"))
    agrees("consolidate daily", run(root, "consolidate", "daily", "--dry-run"))
    agrees("note add", run(root, "note", "add", "knowledge", "Flour stock", "Rye runs out on Fridays."))
    agrees("episode add", run(root, "episode", "add", "Baked rye for the market."))
    agrees("feedback", run(root, "feedback", "procedures/proof-sourdough.md", "--success"))
    agrees(
        "decision add",
        run(root, "decision", "add", "Oven at 220", "-o", "220", "-o", "230", "--chosen", "220"),
    )
    agrees("decision list", run(root, "decision", "list"))
    agrees(
        "outcome",
        run(root, "outcome", "knowledge/decisions/oven-at-220.md", "Crust fine", "--result", "success"),
    )
    agrees("review accept", run(root, "review", "accept", item))
    other = mem.review.raise_item("merge_candidate", "knowledge/oven.md", "t", "b", 0.9, [], key="k2")
    assert other is not None
    agrees("review reject", run(root, "review", "reject", mem.review.get(other).id))
    archived = mem.store.archive("knowledge/flour-stock.md", reason="test")
    agrees("restore", run(root, "restore", archived))
    agrees("index rebuild", run(root, "index", "rebuild"))
    agrees("daemon", run(root, "daemon", "--stop"), which=1)
    agrees("init", run(root.parent / "bakery", "init"))
