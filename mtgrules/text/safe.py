"""Text a person typed, made safe to show: in HTML, SVG (XML) and DOT.

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


def escape_html(text: object) -> str:
    """``text`` as inert HTML: markup and quotes escaped, control characters made visible.

    >>> escape_html('<img src=x onerror="alert(1)">')
    '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;'
    """
    return html.escape(printable(text), quote=True)
