"""JSON that is safe inside an HTML ``<script>`` block.

A page hands its script data as ``window.JOKER = {...};``.  Strings in that
data come from users (player and table names, rules strings), so the JSON is
written with every character that could end the script or change how the HTML
parser reads it spelled as a JSON escape: ``<`` ``>`` ``&`` ``'`` (so neither
``</script>`` nor ``<!--`` can appear) and U+2028 / U+2029 (line terminators
in older JavaScript).  ``JSON.parse`` and a JavaScript literal read the escapes
back as the same characters, so the data is unchanged.  Other non-ASCII text
stays as it is (a Russian page's catalogue does not grow sixfold).
"""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

_ESCAPES = {ord(c): f"\\u{ord(c):04x}" for c in "<>&'\u2028\u2029"}


def script_json(value: Any) -> Markup:
    """``value`` (anything :func:`json.dumps` takes) as JSON for a ``<script>``
    block, marked safe for Jinja: the characters above escaped as ``\\uXXXX``.
    Raises ``TypeError`` for a value JSON cannot hold.  Outside a string those
    characters never occur in JSON, so escaping them everywhere is exact."""
    return Markup(json.dumps(value, ensure_ascii=False).translate(_ESCAPES))
