"""Index damage repair: whatever is in the way of the index's files is cleared, and Chroma refilled.

Everything under `.memdir/index` is derived from the notes, so a damaged or foreign file there is
never fatal: `repair_layout` clears what is in the way before a sync or a reload (the catalog is
then rebuilt from the files), the Chroma store wipes itself when it cannot be opened
(`chroma_store.py`), and `refill_chroma` puts the catalog's vectors back into a Chroma that lost
them. Search, sync and rebuild all pass through here, so the next command after any damage
answers again.
"""

from __future__ import annotations

import logging
import os
import shutil
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from memdir.index.catalog import index_dir

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)


def repair_layout(root: Path) -> list[str]:
    """Clear what is in the way of the index's own files (derived state), so the next sync rebuilds them.

    `.memdir/index` must be a folder and `catalog.json`, `vectors.npy` and `data.lock` regular files:
    a regular file, a symlink (never followed: memdir does not write through links), a FIFO or a
    folder in their place is removed (a symlink's target is left alone) and reported.
    """
    d = index_dir(root)
    fixed: list[str] = []
    for path, want_dir in (
        (d, True),
        (d / "catalog.json", False),
        (d / "vectors.npy", False),
        (d / "data.lock", False),
    ):
        try:
            st = os.lstat(path)
        except OSError:
            if path == d:
                break
            continue
        if stat.S_ISDIR(st.st_mode) if want_dir else stat.S_ISREG(st.st_mode):
            continue
        log.warning(
            "%s is in the way of the index (not a %s); removing it", path, "folder" if want_dir else "file"
        )
        try:
            if stat.S_ISDIR(st.st_mode):
                shutil.rmtree(path)
            else:
                path.unlink()
        except OSError as exc:
            log.warning("cannot remove %s: %s", path, exc.strerror or exc)
            continue
        fixed.append(str(path))
        if path == d:
            break
    return fixed
