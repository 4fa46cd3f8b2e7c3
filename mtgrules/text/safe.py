"""Text a person typed, made safe to show: in HTML, SVG (XML), DOT and a terminal.

Names come from files and widgets, so they may hold markup, quotes or control characters. XML 1.0
forbids most control characters outright (a single one makes an SVG unreadable), so they are
replaced by U+FFFD, visibly, rather than dropped silently.
"""

from __future__ import annotations

import html
import re

# Characters XML 1.0 does not allow (2.2 Char), plus DEL and the C1 controls, which display as
# nothing and only confuse: everything below U+0020 except tab, newline and carriage return;
# U+007F-U+009F; lone surrogates; U+FFFE and U+FFFF.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def printable(text: object) -> str:
    """``text`` with every character XML can't hold replaced by U+FFFD.

    >>> printable("Bear\\x00s\\x1b[31m")
    'Bear\\ufffds\\ufffd[31m'
    """
    return _NOT_XML.sub("\ufffd", str(text))


# What a terminal would obey or hide rather than show: the C0 controls but tab and newline (ESC
# starts the sequences that recolour or clear the screen), DEL, the C1 controls, and the
# invisible format characters, bidirectional overrides first (U+202E turns the rest of the line
# around: "Trojan Source"), zero-width spaces and joiners, the byte order mark; lone surrogates.
_NOT_TERMINAL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f"
                           "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
                           "\ud800-\udfff]")


def for_terminal(text: object) -> str:
    """``text`` with every character a terminal would obey or hide written as its escape, as
    Python writes it (``\\x1b``, ``\\u202e``): an error quoting a typed value shows what was
    typed, and can't recolour, clear or reverse the screen.

    >>> for_terminal("unknown card 'Bolt\\x1b[2J\\u202e'\\n")
    "unknown card 'Bolt\\\\x1b[2J\\\\u202e'\\n"
    """
    return _NOT_TERMINAL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"),
                             str(text))


def escape_html(text: object) -> str:
    """``text`` as inert HTML: markup and quotes escaped, control characters made visible.

    >>> escape_html('<img src=x onerror="alert(1)">')
    '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;'
    """
    return html.escape(printable(text), quote=True)
