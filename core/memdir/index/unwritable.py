"""A root the index cannot be written to (mounted read-only, no permission): index it in memory.

Search never writes a note, but it keeps the derived index under `.memdir/index` in step with the
files. When that write is refused, a query still answers: the index is brought in step in this
process only (from the saved one when there is one, else from the files), never saved, and one
warning line says so. Up to `max_chunks` chunks are embedded inline; a bigger root is ranked by its
words (the hits' `rankers` say `["lexical"]`) until an index is saved where the root is writable.
"""

from __future__ import annotations

import errno
import logging
from collections.abc import Mapping

from memdir.errors import StoreWriteError
from memdir.index.catalog import Catalog, CatalogDamaged, load_catalog
from memdir.index.sync import IndexSync

log = logging.getLogger(__name__)

REFUSED = (errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC, errno.EDQUOT)


def refused_write(exc: BaseException) -> bool:
    """True when exc is the filesystem refusing a write (read-only, permission, full), not a bug."""
    if isinstance(exc, StoreWriteError):
        return True
    return isinstance(exc, OSError) and exc.errno in REFUSED


def saved_catalog(syncer: IndexSync, want: Mapping[str, object]) -> Catalog:
    """The saved catalog when it is readable and built with these settings, else an empty one."""
    try:
        cat = load_catalog(syncer.store.root)
    except (CatalogDamaged, StoreWriteError, OSError):
        cat = None
    return cat if cat is not None and cat.manifest == want else Catalog(manifest=dict(want))


def sync_in_memory(
    syncer: IndexSync,
    want: Mapping[str, object],
    current: Catalog | None,
    cause: BaseException,
    max_chunks: int,
) -> Catalog:
    """Bring `current` (or the saved index, or an empty one) in step with the files, in memory only.

    Warns once per catalog started (one line: why nothing is saved, what is ranked by words only,
    how to save an index); a later refresh of the same in-memory catalog is quiet.
    """
    first = current is None or current.manifest != want
    cat = saved_catalog(syncer, want) if first else current
    assert cat is not None
    report = syncer.run(cat, max_embed_chunks=max_chunks)
    if first:
        words_only = f"; {report.pending} notes ranked by their words only" if report.pending else ""
        log.warning(
            "the index cannot be saved (%s): searching an index built in memory for this process%s; "
            "run `memdir index sync` where the root is writable to save one",
            cause,
            words_only,
        )
    return cat
