"""A kind whose title is a fragment is named by the service its calls pass, when its requests ask for it (round 31).

Set 31's French watch repairer titled its full-service kind `Rechercher client` (a look-up in the infinitive won
as the decisive call) and its battery kind `Est-ce je peux le remplacement` (a request's question, with no call to
give way to: `CreerRendezVousComptoir` is four words). Both kinds' calls pass what the work is under a key that
says so: `prestation=révision-complète`, `prestation=pile-et-test-étanchéité`, and the requests ask for it
(`réviser`, `révisée`; `la pile`, `l'étanchéité`). A person names such a kind by that service.

So a fragment title (`fragment_titles.is_fragment`) of a desk that is neither English nor Japanese nor Korean
gives way to a constant the calls send under a service key (`service`, `prestation`, `servicio`, `servizio`,
`serviço`, `prestazione`, `leistung`, `dienst`, `layanan`) of at least two letters' words, when most requests
write the start of one of its words (five letters, accents ignored: `révisée` writes `révis`; four for a word of
four, `pile`): the hyphens read as spaces, the first letter capitalised (`Révision complète`, `Pile et test
étanchéité`). So does a title that names none of those words (`Creer ordre reparation`, the decisive call's
words once the look-up and the estimate are reads). None: the title stays.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

_SERVICE_KEYS = "service|prestation|servicio|servizio|serviço|prestazione|leistung|dienst|layanan"
_SERVICE = re.compile(rf"(?<![\w.])(?:{_SERVICE_KEYS})=([^\s{{}}`=]+)", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+")


def _fold(text: str) -> str:
    """Lower case without accents (`Révisée` -> `revisee`)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def _asks(value: str, text: str) -> bool:
    """Whether a request writes the start of one of the value's words (see the module)."""
    folded = _fold(text)
    stems = [w[:5] for w in _WORD.findall(_fold(value)) if len(w) >= 4]
    return any(re.search(rf"(?<![^\W\d_]){re.escape(s)}", folded) for s in stems)


def service_title(steps: Sequence[str], asked: Sequence[str], title: str, fragment: bool) -> str:
    """The service the calls pass, as the kind's title when the title is a fragment or names none of the
    service's words (see the module); the title otherwise."""
    values = dict.fromkeys(
        m.group(1) for s in steps if not s.startswith("Reply") for m in _SERVICE.finditer(s)
    )
    for value in values:
        if not _WORD.fullmatch(value.replace("-", "")) or "-" not in value:
            continue  # one word (`standard`) or a code (`SVC-12`): no name of work
        if 2 * sum(1 for a in asked if _asks(value, a)) > len(asked) and (
            fragment or not _asks(value, title)
        ):
            named = value.replace("-", " ")
            named = named.lower() if named.isupper() else named  # `GREEN-TO-CLEAN`: a code's capitals
            return named[:1].title() + named[1:]
    return title
