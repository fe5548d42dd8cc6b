"""A short documentation page that `router.is_document` (long, in sections) does not take.

Routing round 5 (docs/daily.md): short pages (index and landing stubs, link lists, short concept,
glossary and how-to pages, option tables) were read by the episode weights, which read them worse
than the documentation weights. A page is told from an episode by the marks a documentation
generator leaves, never by its topic or wording:

- frontmatter with a documentation key (`title`, `description`, `sidebar_position`, `layout`...);
- a first line that is the page's `# ` title, followed by a blank line or nothing (a shell comment
  `# do X` right above a command is not a title), or a Sphinx title underlined with `===`;
- an admonition (`::: tip`, `:::note`, `!!! note`, `> [!NOTE]`, `.. note::`, MyST ```` ```{note} ````);
- a component tag or import outside code (`<script setup>`, `<Badge />`, `import X from '...'`);
- a link to another page of the site (`](./x.md)`, `](../x/)`, `](/guide/x)`, `[[Wiki page]]`);
- a MyST cross-reference (`` {ref}`x` ``, `(label)=`).

Any one of them makes a page. Fenced code is read only for its MyST directive opener.
"""

from __future__ import annotations

import re

# keys that documentation generators put in frontmatter (MkDocs, Docusaurus, VitePress, Hugo, Jekyll)
DOC_KEYS = frozenset(
    {
        "title",
        "description",
        "sidebar_position",
        "sidebar_label",
        "sidebar",
        "layout",
        "page",
        "slug",
        "id",
        "tags",
        "hide",
        "outline",
        "aside",
        "footer",
        "nav_order",
        "weight",
        "draft",
        "hero",
        "features",
        "permalink",
        "toc",
    }
)
_FENCE = re.compile(r"^(`{3,}|~{3,}).*?^\1[ \t]*$", re.M | re.S)
_TITLE = re.compile(r"\A[ \t]*#[ \t]+\S[^\n]*(?:\n[ \t]*\n|\s*\Z)")
_SETEXT = re.compile(r"\A[^\n]*\S[^\n]*\n={3,}[ \t]*$", re.M)
_ADMONITION = re.compile(
    r"^(?::{3,}[ \t]*[a-z]\w*|!!![ \t]*[a-z]\w*|\?{3}\+?[ \t]*[a-z]\w*|>[ \t]*\[!(?:note|tip|important|"
    r"warning|caution)\]|\.\.[ \t]+[a-z][\w-]*::|`{3,}\{[a-z][\w-]*\})",
    re.M | re.I,
)
_COMPONENT = re.compile(
    r"^[ \t]*<script\b|^[ \t]*<[A-Z][A-Za-z]+[\s/>]|^import[ \t]+[\w{}, ]+[ \t]+from[ \t]+['\"]", re.M
)
_SITE_LINK = re.compile(
    r"\]\((?!https?:|mailto:|#)[^)\s]*\.mdx?(?:#[^)\s]*)?\)|\]\((?:\.{1,2})?/[^)\s]*\)|\[\[[^\[\]\n]+\]\]"
)
_MYST = re.compile(r"\{(?:ref|doc|term)\}`|^\([\w-]+\)=[ \t]*$", re.M)


def page_marks(body: str, meta_keys: frozenset[str] = frozenset()) -> list[str]:
    """The documentation-page marks found in a text (its body and its frontmatter's keys)."""
    marks = ["frontmatter"] if meta_keys & DOC_KEYS else []
    text = body.strip()
    if _ADMONITION.search(text):
        marks.append("admonition")
    prose = _FENCE.sub("", text)
    for name, rx in (
        ("title", _TITLE),
        ("setext-title", _SETEXT),
        ("component", _COMPONENT),
        ("site-link", _SITE_LINK),
        ("myst", _MYST),
    ):
        if rx.search(prose if name != "title" else text):
            marks.append(name)
    return marks


def is_short_page(body: str, meta_keys: frozenset[str] = frozenset()) -> bool:
    """A documentation page by its generator's marks (any one of page_marks)."""
    return bool(page_marks(body, meta_keys))
