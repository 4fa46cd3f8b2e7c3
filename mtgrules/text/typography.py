"""French typography: a narrow no-break space (U+202F) before « : ; ! ? » and inside « ».

Applied to every French text the kit shows (log, report, labels, rulings), after the parameters
are filled in, so a message never has to spell the spaces itself. A colon or mark that is not
followed by a space or the end (a URL, "10:30", "(?)"), or that follows a straight quote (a
Python value such as {'mode': 1}), is left alone. Applying it twice changes nothing.

>>> french("Cibles: aucune ; « oui »!") == "Cibles\u202f: aucune\u202f; «\u202foui\u202f»\u202f!"
True
>>> all(french(french(s)) == french(s) for s in ("Exact !", "« oui »", "«\u00a0a\u00a0»"))
True
"""

from __future__ import annotations

import re

NNBSP = "\u202f"  # narrow no-break space (espace fine insécable)

# Any ordinary or no-break space (or none) after a visible character, before a high mark that
# ends a phrase (followed by white space, a closing guillemet, a closing bracket or the end).
_BEFORE_MARK = re.compile(r"(?<=[^\s«(\['\"])[ \u00a0]?(?=[:;!?](?:[\s»)\]]|$))")
# Compiled on first use (``re`` keeps them): their character classes beyond Latin-1 cost 2% of
# ``import mtgrules`` to compile, and a check's texts have no guillemets.
_AFTER_OPENING = r"«[ \u00a0\u202f]?"
_BEFORE_CLOSING = r"[ \u00a0\u202f]?»"


def french(text: str) -> str:
    """``text`` with French spacing around « : ; ! ? » and guillemets."""
    # Each expression only where its mark is: most log lines have none (every action's
    # heading is typeset, so this is on the path of every step).
    if ":" in text or ";" in text or "!" in text or "?" in text:
        text = _BEFORE_MARK.sub(NNBSP, text)
    if "«" in text:
        text = re.sub(_AFTER_OPENING, "«" + NNBSP, text)
    if "»" in text:
        text = re.sub(_BEFORE_CLOSING, NNBSP + "»", text)
    return text


def typeset(text: str, lang: str) -> str:
    """``text`` with the typography of ``lang`` (only French changes anything)."""
    return french(text) if lang == "fr" else text
