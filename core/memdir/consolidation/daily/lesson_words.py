"""Failure words a lesson is read by, beyond `lesson_text.FAILED`'s English and Japanese lexicon (round 28).

Trial 23's second re-check (M2): a failure told in German, French or Spanish ("Das Futter war verschimmelt",
"Les bols ont fissuré", "Las tomateras se secaron") and then a rule for next time ("Ab jetzt …", "Désormais …",
"La próxima vez …") made no lesson: the lesson writer found no failure in it. The same for English decay and
omission ("the glaze flaked off", "went out without the attachment"). A bounded list by meaning (errors,
breakage, forgetting, lateness, decay, damage, omission), not one set's wording (docs/daily.md, round 28).
"""

from __future__ import annotations

import re

# German, French and Spanish words of a failure: errors, breakage, forgetting, lateness, decay, damage, omission
FAILED_EU = re.compile(
    r"(?i)(?<!\w)(?:fehler\w*|falsch\w*|kaputt\w*|vergessen|verpasst|verloren|versp[äa]t\w*|zu sp[äa]t|"
    r"schiefgegangen|schief gegangen|ging schief|ausgefallen|abgest[üu]rzt|besch[äa]digt|verschimmelt|schimmel\w*|"
    r"gerissen|gebrochen|undicht|[üu]bersehen|reklam\w*|beschwer\w*|nicht funktioniert|"
    r"(?:ging|gingen|wurde|wurden|geschickt|verschickt)[^.;,]{0,25} ohne|ohne [^.;,]{0,30}raus|"
    r"[ée]chou[ée]\w*|erreur\w*|cass[ée]e?s?|oubli[ée]\w*|ratée?s?|manqu[ée]\w*|en retard|trop tard|perdu\w*|"
    r"ab[îi]m[ée]\w*|endommag[ée]\w*|fissur[ée]\w*|moisi\w*|plant[ée]e?s?|fuit[ée]?|plainte|(?:parti|partie|envoy[ée]e?s?)[^.;,]{0,20} sans|"
    r"fall[óo]|fallaron|fallido|error(?:es)?|roto|rota|rompi[óo]|se rompieron|olvid[ée]\w*|olvidamos|perd[ií]\w*|"
    r"(?:lleg[óo]|llegu[ée]|llegamos|demasiado) tarde|retras\w*|se sec[óo]|se secaron|se apag[óo]|moho\w*|agriet\w*|da[ñn]ad[oa]s?|queja\w*|"
    r"(?:sali[óo]|enviad[oa]s?|envi[ée]|envi[óo])[^.;,]{0,20} sin)(?!\w)"
)
# Japanese: running out and keeping a person waiting (「在庫を切らして」「二日待たせた」)
FAILED_JA = re.compile(r"切らし|品切れ|売り切れ|待たせ|カビが生え")
# English words the lessons' lexicon leaves out: decay and an omission told ("went out without the attachment")
FAILED_EN = re.compile(
    r"(?i)\b(?:mou?ldy|went mou?ldy|flaked|peeled off|dried out|dried up|wilted|"
    r"(?:went out|was sent|were sent|sent it|shipped|left|delivered|submitted) without)\b"
)
