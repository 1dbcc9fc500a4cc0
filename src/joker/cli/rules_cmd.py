"""``joker rules``: list the presets (Joker's, then transfer Durak's), or show one
rule set field by field; a Durak preset or rules string is a Durak rule set
(:func:`joker.registry.game_of_rules`), as ``joker play`` reads it."""

from __future__ import annotations

import dataclasses
import re
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from joker.errors import JokerError
from joker.games.durak import rules as durak_rules
from joker.games.joker.rules import PRESETS, Rules, parse_rules
from joker.i18n import LANGS, Tr, catalogue


# :class:`Rules` → Rules, :func:`~joker.games.joker.rules.preset` → preset, :ref:`the text <target>` → the text
_ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`(~?)([^`<]*?)\s*(?:<[^`>]*>)?`")
_LITERAL = re.compile(r"``(.+?)``|`([^`]+)`")


def _plain(text: str) -> str:
    """A field's docstring without its reST markup, for the terminal: a double-
    backquoted literal or a role shows as its bare text; a literal of punctuation
    only (a comma, a bar) keeps quotes, so "separated by ','" still reads."""

    def role(m: re.Match[str]) -> str:
        name: str = m.group(2)
        return name.rsplit(".", 1)[-1] if m.group(1) else name

    def literal(m: re.Match[str]) -> str:
        t = m.group(1) or m.group(2)
        return t if any(ch.isalnum() for ch in t) else f"'{t}'"

    return _LITERAL.sub(literal, _ROLE.sub(role, text))


def _field_docs(cls: type = Rules) -> dict[str, str]:
    """Attribute docstrings of a rules dataclass (:class:`Rules`, or Durak's
    :class:`~joker.games.durak.rules.DurakRules`): the source's ``\"\"\"...\"\"\"``
    under each field, as plain text (:func:`_plain`)."""
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(cls))
    docs: dict[str, str] = {}
    body = tree.body[0].body  # type: ignore[attr-defined]
    for node, nxt in zip(body, body[1:]):
        if isinstance(node, ast.AnnAssign) and isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant):
            docs[node.target.id] = _plain(" ".join(str(nxt.value.value).split()))  # type: ignore[union-attr]
    return docs


def _value(v: object) -> str:
    if isinstance(v, tuple):
        return "+".join(getattr(x, "value", str(x)) for x in v) or "—"
    return str(getattr(v, "value", v))


def rules_command(
    rules: Optional[str] = typer.Argument(
        None, help="A preset or rules string, e.g. bus-angeles or \"georgian(khishti=-500)\"; none lists the presets."
    ),
    lang: str = typer.Option("en", "--lang", help="Language of the tables and errors: en or ru."),
) -> None:
    """List the presets, or show every field of one rule set with its schedule.

    A field's meaning is its documentation in English, its name in words
    (``joker.i18n.names``) in Russian; field names and values stay as a rules
    string writes them."""
    if lang not in LANGS:
        typer.echo(Tr("en", "play")("bad_lang", langs=", ".join(LANGS)), err=True)
        raise typer.Exit(2)
    tr = Tr(lang, "play")
    console = Console()
    if rules is None:
        t = Table(title=tr("rules_presets"), header_style="bold")
        for col in tr("rules_presets_cols").split("|"):
            t.add_column(col)
        for name, jr in PRESETS.items():
            t.add_row(name, str(jr.players), jr.deck.value, str(len(jr.deals)), jr.scoring.value)
        console.print(t)
        t = Table(title=tr("rules_durak_presets"), header_style="bold")
        for col in tr("rules_durak_presets_cols").split("|"):
            t.add_column(col)
        for name, dr in durak_rules.PRESETS.items():
            t.add_row(name, str(dr.players), dr.deck.value, str(dr.games))
        console.print(t)
        console.print(tr("rules_presets_hint"))
        return
    from joker.registry import game_of_rules

    durak = game_of_rules(rules) == "durak"
    try:
        r: Rules | durak_rules.DurakRules = durak_rules.parse_rules(rules) if durak else parse_rules(rules)
    except JokerError as e:
        typer.echo(tr("rules_error", error=e), err=True)
        raise typer.Exit(2)
    if lang == "en":
        docs = _field_docs(type(r))
    else:
        names = catalogue("names").table(lang)
        docs = {f.name: names.get(f"rule_{f.name}", "") for f in dataclasses.fields(r)}
        docs["preset"] = names.get(f"preset_{r.preset}", "")
    base = (durak_rules.PRESETS if durak else PRESETS)[r.preset]
    t = Table(title=str(r), header_style="bold")
    for col in tr("rules_fields_cols").split("|"):
        t.add_column(col)
    for f in dataclasses.fields(r):
        v = getattr(r, f.name)
        style = "bold yellow" if getattr(base, f.name) != v else ""
        t.add_row(f.name, _value(v), docs.get(f.name, ""), style=style)
    console.print(t)
    if not isinstance(r, Rules):  # Durak has no deals: one game, or a series of them (the games field)
        return
    blocks: dict[int, list[str]] = {}
    for d in r.deals:
        blocks.setdefault(d.block, []).append(str(d))
    console.print(tr("rules_deals", blocks=" | ".join(",".join(b) for b in blocks.values()), n=len(r.deals)))
