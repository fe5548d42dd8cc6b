"""Trial 20 re-check: a revised procedure written on a later day (the daemon's day-by-day runs) is offered as
"a later version of this procedure", and accepting it makes its steps the current ones (a pottery's kiln)."""

from __future__ import annotations

from pathlib import Path

import frontmatter
from cli_support import memdir_stdout

FIRST = """How we fire the bisque kiln:
1. Check every shelf post is seated and the shelves do not rock.
2. Load the pots with a finger's gap between them, lids off.
3. Set the controller to program B (950 °C, hold 10 minutes).
4. Leave the bungs out until the kiln reaches 600 °C.
5. Let it cool to below 100 °C before opening the door.
6. Write the firing number and the cone result in the kiln book."""

REVISED = """New version of how we fire the bisque kiln (step 3 changed after the element was replaced):
1. Check every shelf post is seated and the shelves do not rock.
2. Load the pots with a finger's gap between them, lids off.
3. Set the controller to program C (1000 °C, hold 15 minutes); program B is for test tiles only.
4. Leave the bungs out until the kiln reaches 600 °C.
5. Let it cool to below 100 °C before opening the door.
6. Write the firing number and the cone result in the kiln book."""


def test_a_revision_on_a_later_day_is_offered_as_a_later_version_and_accepting_makes_it_current(
    tmp_path: Path,
) -> None:
    root = tmp_path / "root"
    memdir_stdout(tmp_path, "init", str(root))
    memdir_stdout(
        root, "episode", "add", FIRST, "--title", "Bisque firing", "--at", "2026-11-02T09:00:00+00:00"
    )
    assert "create procedures/" in memdir_stdout(root, "consolidate", "daily", "--date", "2026-11-02")
    memdir_stdout(
        root,
        "episode",
        "add",
        REVISED,
        "--title",
        "Bisque firing revised",
        "--at",
        "2026-11-05T16:00:00+00:00",
    )
    memdir_stdout(root, "consolidate", "daily", "--date", "2026-11-05")
    items = sorted((root / "review").glob("rv-*.md"))
    assert len(items) == 1 and len(list((root / "procedures").glob("*.md"))) == 1
    item = frontmatter.load(str(items[0]))
    assert str(item["description"]).startswith("a later version of this procedure")
    memdir_stdout(root, "review", "accept", items[0].stem)
    body = next((root / "procedures").glob("*.md")).read_text(encoding="utf-8")
    assert "> **Current steps:**" in body and body.index("program B (950") < body.index("program C (1000")
