"""Every error a web user or an API client can get from ``joker serve`` is
coded: a catalogue key with both an English and a Russian text, never an
English f-string.  The server's sources are read (``ast``) for every refusal
they raise, and each key is looked up in the catalogues it names."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from joker.i18n import LANGS, catalogue, message, placeholders
from joker.server.protocol import MAX_MESSAGE, ProtocolError, parse_message

SRC = Path(__file__).resolve().parent.parent / "src" / "joker"
SERVER = SRC / "server"

PLAIN_ALLOWED = {
    ("idle.py", "ValueError"),     # $JOKER_IDLE_MINUTES misread: the operator's, at start-up
    ("app.py", "RuntimeError"),    # $JOKER_REDIS_URL with an SQLite file: the operator's, at start-up
    ("access.py", "ValueError"),   # a keeper key that cannot travel in a header: the operator's, at start-up
    ("protocol.py", "KeyError"),   # a program's mistake (a key the catalogue lacks), never a client's
}
"""(file, exception) raised with plain text, never read by a web user as the refusal itself."""


def _calls(path: Path) -> list[tuple[str, ast.Call]]:
    """Every call in ``path``: the called name and the call."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            out.append((name, node))
    return out


def _text(node: ast.expr) -> str | None:
    """A literal string argument (``None`` for anything else)."""
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _texts(node: ast.expr) -> list[str]:
    """The literal strings an argument may be: a literal, or either branch of ``a if c else b``."""
    if isinstance(node, ast.IfExp):
        return _texts(node.body) + _texts(node.orelse)
    t = _text(node)
    return [] if t is None else [t]


def _words(node: ast.expr) -> str:
    """The literal text of an argument: a string, or an f-string's literal parts (``f"long_{what}"``:
    ``long_``, a key; ``f"unknown type {kind!r}"``: ``unknown type ``, English words)."""
    if isinstance(node, ast.JoinedStr):
        return "".join(_text(v) or "" for v in node.values)
    return _text(node) or ""


def _english_raises(path: Path) -> list[str]:
    """``raise X(f"…")`` or ``raise X("words with spaces")``: an error said in English only."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            f = node.exc.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            english = any(" " in _words(a) for a in node.exc.args)
            if english and (path.name, name) not in PLAIN_ALLOWED:
                found.append(f"{path.name}:{node.lineno} {name}")
    return found


def test_no_error_of_the_server_is_an_english_f_string():
    found = [hit for path in sorted(SERVER.glob("*.py")) for hit in _english_raises(path)]
    assert found == []


def test_the_scan_finds_an_english_error(tmp_path):
    """The scan can fail: an English f-string refusal is reported."""
    bad = tmp_path / "bad.py"
    bad.write_text('def f(kind):\n    raise ProtocolError("malformed", f"unknown message type {kind!r}")\n')
    assert _english_raises(bad) == ["bad.py:2 ProtocolError"]


def _keys() -> list[tuple[str, str, str]]:
    """Every coded refusal the server raises: (catalogue, key, where)."""
    out = []
    for path in sorted(SERVER.glob("*.py")):
        for name, call in _calls(path):
            args = call.args
            where = f"{path.name}:{call.lineno}"
            if name == "ProtocolError" and len(args) >= 2:
                key = args[1]
                if isinstance(key, ast.JoinedStr):  # proto_field_{…}: every type of FIELDS
                    out += [("web", f"proto_field_{w}", where) for w in ("text", "int", "text_or_null")]
                else:
                    assert _text(key) is not None, where
                    out.append(("web", str(_text(key)), where))
            elif name == "refused" and len(args) >= 2:
                if isinstance(args[1], ast.JoinedStr):  # one_line's f"long_{what}": each text it checks
                    out += [("web", f"table_{_words(args[1])}{what}", where) for what in ("name", "chat")]
                out += [("web", f"table_{t}", where) for t in _texts(args[1])]
            elif name in ("TableRefusal", "TokenError") and args:
                out += [("web", t, where) for t in _texts(args[0])]
            elif name == "LedgerError" and args:
                out += [("ledger", t, where) for t in _texts(args[0])]
            elif name == "KeeperRefusal" and len(args) >= 2:
                out += [("web", t, where) for t in _texts(args[1])]
    engine = SRC / "games" / "joker" / "engine" / "state.py"
    for name, call in _calls(engine):
        if name == "IllegalActionError" and call.args:
            out += [("refusals", t, f"{engine.name}:{call.lineno}") for t in _texts(call.args[0])]
    return out


def test_the_scan_finds_the_refusals():
    keys = {(c, k) for c, k, _ in _keys()}
    assert {("web", "proto_not_json"), ("web", "proto_hello_first"), ("web", "proto_rate_limited"),
            ("web", "table_chat_closed"), ("web", "table_not_your_turn"), ("web", "keeper_key"),
            ("refusals", "summary_tricks_sum"), ("refusals", "game_over")} <= keys
    assert len(keys) > 80


@pytest.mark.parametrize("name, key, where", _keys(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_refusal_has_an_english_and_a_russian_text_with_the_same_placeholders(name, key, where):
    texts = catalogue(name).texts
    assert key in texts["en"], f"{where}: no English {name} text {key!r}"
    assert key in texts["ru"], f"{where}: no Russian {name} text {key!r}"
    assert placeholders(texts["en"][key]) == placeholders(texts["ru"][key]), where


BAD = [
    (None, "malformed", "proto_text_frames"),
    ("x" * (MAX_MESSAGE + 1), "too_large", "proto_too_large"),
    ("{", "malformed", "proto_not_json"),
    (b'"\xff"', "malformed", "proto_not_utf8"),
    ("[" * 1000 + "]" * 1000, "malformed", "proto_too_deep"),
    ("[1]", "malformed", "proto_not_object"),
    ('{"type": "chat", "text": "\\ud800"}', "malformed", "proto_surrogate"),
    ('{"type": 5}', "malformed", "proto_no_type"),
    ('{"type": "fly"}', "unknown_type", "proto_unknown_type"),
    ('{"type": "act"}', "malformed", "proto_missing_field"),
    ('{"type": "act", "action": 7}', "malformed", "proto_field_text"),
    ('{"type": "vote", "seat": "1"}', "malformed", "proto_field_int"),
    ('{"type": "hello", "token": 5}', "malformed", "proto_field_text_or_null"),
    ('{"type": "start", "x": 1}', "malformed", "proto_unknown_fields"),
]


@pytest.mark.parametrize("text, code, key", BAD, ids=[b[2] for b in BAD])
def test_each_malformed_message_is_refused_by_its_own_code_and_text_in_both_languages(text, code, key):
    with pytest.raises(ProtocolError) as ei:
        parse_message(text)
    e = ei.value
    assert (e.code, e.key, e.refusal.code) == (code, key, key)
    en, ru = (message(e.refusal, lang, "web") for lang in LANGS)
    assert en == str(e) and ru and ru != en and "{" not in ru.replace('{"', "")


def test_a_protocol_error_refuses_a_key_outside_its_texts():
    with pytest.raises(KeyError):
        ProtocolError("malformed", "not json")
    with pytest.raises(KeyError):
        ProtocolError("malformed", "proto_no_such_text")
