"""`search` says when a relevant note ranks below the weak top k (trial 7, item 4).

`memdir search "ステージングのDBパスワードを変更する方法" -k 3` printed `no note matched` while the
English procedure passed the relevance floor at rank 5: the top k were cut first, then the weak
hits dropped. Showing relevant hits from deeper in the ranking cost a nonsense query on the Vue docs
(docs/cli.md), so the hits stay as they were and a stderr line says how to see the lower ones. Here a
short note repeating one query word outranks the note sharing the other two.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
HASHING = {"MEMDIR_EMBEDDER": "hashing"}


def _notes(root: Path) -> None:
    for i in range(1, 5):
        (root / "knowledge" / f"coffee-{i}.md").write_text(
            f"---\ndescription: Coffee machine notes {i}\n---\n# Coffee machine {i}\n\n"
            f"The coffee machine on floor {i} is broken again.\n",
            encoding="utf-8",
        )
    (root / "knowledge" / "runbook.md").write_text(
        "---\ndescription: Where the team keeps its runbook\n---\n# Runbook\n\n"
        "The runbook lives in the wiki next to the coffee rota, the holiday calendar and the seating plan "
        "for the third floor.\n",
        encoding="utf-8",
    )
    (root / "procedures" / "vault-chores.md").write_text(
        "---\ndescription: Vault chores for the platform team\n---\n# Vault chores\n\n"
        "Once a quarter we rotate the database password: put the new value in Vault, restart the api pods "
        "one by one, then check the logs for authentication errors. The platform team owns this, and the "
        "on-call engineer of the week does it on a Tuesday morning when traffic is low, never on a Friday.\n",
        encoding="utf-8",
    )


def test_a_relevant_note_ranked_under_a_weak_one_is_pointed_at(root: Path, run_cli: Run) -> None:
    _notes(root)
    weak = json.loads(
        run_cli("search", "runbook rotate password", "-k", "1", "--weak", "--json", env=HASHING).stdout
    )
    assert [(h["path"], h["relevant"]) for h in weak] == [
        ("knowledge/runbook.md", False)
    ]  # the ranking is unchanged

    res = run_cli("search", "runbook rotate password", "-k", "1", env=HASHING)
    assert res.returncode == 0 and res.stdout == ""
    assert "no note matched" in res.stderr
    assert "1 note(s) ranked below the top 1 pass the floor: -k 10 shows them" in res.stderr
    res = run_cli("search", "runbook rotate password", "-k", "10", env=HASHING)
    assert res.stdout.startswith("1. procedures/vault-chores.md"), res.stdout

    ctx = run_cli("context", "runbook rotate password", env=HASHING)
    assert "procedures/vault-chores.md" in ctx.stdout


def test_a_query_with_no_answer_still_matches_nothing(root: Path, run_cli: Run) -> None:
    _notes(root)
    res = run_cli("search", "frobnicate the quux", "-k", "3", env=HASHING)
    assert res.returncode == 0 and res.stdout == ""
    assert "no note matched 'frobnicate the quux'" in res.stderr and "pass the floor" not in res.stderr


def _clinic(root: Path) -> None:
    """A vet clinic (trial 16 was a lab notebook): the poster repeats one query word, the morning
    routine shares three of them in a long text."""
    (root / "procedures" / "puppy-vaccination.md").write_text(
        "---\ndescription: Vaccinate a puppy against rabies, with the booster a year later\n---\n"
        "# Vaccinate a puppy\n\nVaccinate the puppy against rabies at twelve weeks; book the booster for "
        "one year later.\n",
        encoding="utf-8",
    )
    (root / "knowledge" / "rabies-poster.md").write_text(
        "---\ndescription: Rabies\n---\n# Rabies\n\n"
        "Rabies. Rabies! Laminated A2 sheet, rabies in red, hung with blue tack beside the exit sign.\n",
        encoding="utf-8",
    )
    (root / "procedures" / "clinic-morning.md").write_text(
        "---\ndescription: What the front desk does each morning at the veterinary clinic\n---\n"
        "# Clinic morning\n\nOpen the clinic at eight, check the fridge log, call the owners whose puppy is "
        "due for a booster this week, and make sure every animal we vaccinate gets its card stamped; the vet "
        "on duty signs the card, and the nurse files the copy in the drawer behind the desk before the first "
        "appointment arrives. Then switch on the kettle, sort the post into the trays, water the plants by "
        "the window, check that the card machine has paper, and write the day's surgeries on the whiteboard "
        "in the corridor so that the nurses know which kennels to prepare after lunch, and that the dog "
        "walkers know which runs are free in the afternoon.\n",
        encoding="utf-8",
    )


def test_a_relevant_note_under_a_weak_one_is_pointed_at_when_others_are_shown(
    root: Path, run_cli: Run
) -> None:
    """Trial 16: 3 relevant hits shown, the relevant rank 6 (under weak 4 and 5) dropped without a word."""
    _clinic(root)
    query = "vaccinate the puppy rabies booster"
    weak = json.loads(run_cli("search", query, "-k", "3", "--weak", "--json", env=HASHING).stdout)
    assert [(h["path"], h["relevant"]) for h in weak] == [
        ("procedures/puppy-vaccination.md", True),
        ("knowledge/rabies-poster.md", False),
        ("procedures/clinic-morning.md", True),
    ]
    res = run_cli("search", query, "-k", "2", env=HASHING)
    assert res.returncode == 0 and res.stdout.startswith("1. procedures/puppy-vaccination.md")
    assert "clinic-morning" not in res.stdout and "no note matched" not in res.stderr
    assert "1 more note(s) ranked below the top 2 pass the floor: -k 10 shows them" in res.stderr
    assert "clinic-morning" in run_cli("search", query, "-k", "3", env=HASHING).stdout
    assert "pass the floor" not in run_cli("search", query, "-k", "3", env=HASHING).stderr


def test_mcp_search_says_it_in_message(root: Path) -> None:
    import anyio
    from mcp import Client

    from memdir import Memory
    from memdir.index.embedder import get_embedder
    from memdir.mcp.server import build_server

    _clinic(root)
    mem = Memory(root, embedder=get_embedder("hashing"))

    async def go() -> dict[str, object]:
        async with Client(build_server(mem, read_only=True)) as client:
            res = await client.call_tool("search", {"query": "vaccinate the puppy rabies booster", "k": 2})
            return dict(res.structured_content or {})

    out = anyio.run(go)
    assert [h["path"] for h in out["hits"]] == ["procedures/puppy-vaccination.md"]  # type: ignore[attr-defined]
    assert out["message"] == "1 more note(s) rank below the top 2 and pass the floor: ask with k=10"
