"""The translator: catalogues by name, one lookup with a fallback, one plural rule.

A :class:`Catalogue` holds texts by language, then by key, with
``{placeholders}`` for ``str.format``; optionally *variants* (per variant name,
per language, per key: the same text said otherwise — the web's own buttons,
or "you" to the player who acted) and *parts* (pieces a text is built from,
see :class:`Part`).  Catalogues are found by name (:data:`NAMES`); each is a
data module of this package, imported on first use.

**Lookup.**  A key is looked up in the asked language's variants, then its
texts, then the English texts; a key English lacks raises ``KeyError`` naming
the key and the catalogue (a typo, never a silent blank).  An unknown language
is said in English, except by :class:`Tr`, which refuses it (``ValueError``).

**Formatting.**  Beyond ``str.format``: ``{n:one|many}`` (Russian
``{n:one|few|many}``) gives the noun form for ``n`` alone (:func:`plural`); a
:class:`Part` is said in the text's language; an error is said by
:func:`message` in that language.  A plain text asked for without fields is
returned as written.

**Russian texts are gender-neutral about players.**  A player may be a woman
(and half the bots are: Алиса, Вера…), so a Russian text never says what a
player did in the masculine past tense (not «взял», «сходил», «заказал»,
«вышел», «отошёл», «мог»).  Say it in the present («берёт», «выходит из игры»),
as a noun («ход: 8♠», «заказ: 2», «выбор: Борис»), impersonally («взято»,
«сыграно», «можно взять») or in the plural («её уже записали»).  The masculine
past stays only for subjects that are not players («сервер не ответил»,
«анализ не удался», «ни один бот не смог»: the word бот is masculine).
``tests/test_i18n.py`` scans every Russian text for such verbs.
"""

from __future__ import annotations

import importlib
import string
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping, Sequence

if TYPE_CHECKING:
    from markupsafe import Markup

LANGS = ("en", "ru")
"""The languages every catalogue speaks; English is the fallback."""

NAMES = ("play", "scorekeeper", "web", "ledger", "refusals", "durak", "durak_play", "durak_web", "names", "rules",
         "notation", "records")
"""The catalogues: ``joker play`` (terminal game), ``joker ledger`` (terminal
scorekeeper), the web app, the ledger library's errors, the Joker engine's refusals,
the Durak engine's refusals, Durak's terminal game and replay, Durak's web pages,
the names of rule sets and bots, the rules errors, the notation errors (a rules
string, a card, an action) and the record errors."""

FRONTS = ("cli", "web")
"""Front ends an error is said for: the terminal (a catalogue's own texts) and
the web (its ``"web"`` variant where it has one: the page's controls, not commands)."""

Texts = Mapping[str, Mapping[str, str]]
"""Per language, per key: a text."""

_EMPTY: Texts = {}


@dataclass(frozen=True)
class Catalogue:
    """One application's (or library's) texts in every language of :data:`LANGS`."""

    name: str
    texts: Texts
    variants: Mapping[str, Texts] = field(default_factory=dict)
    parts: Texts = field(default_factory=dict)

    def has(self, key: str) -> bool:
        """Whether ``key`` is a text of this catalogue."""
        return key in self.texts["en"]

    def text(self, key: str, lang: str = "en", variants: Sequence[str] = ()) -> str:
        """The raw text of ``key``: ``lang``'s variants in order, then ``lang``,
        then English.  Raises ``KeyError`` when English lacks ``key``."""
        for v in variants:
            found = self.variants.get(v, _EMPTY).get(lang, {}).get(key)
            if found is not None:
                return found
        found = self.texts.get(lang, {}).get(key)
        if found is None:
            found = self.texts["en"].get(key)
            if found is None:
                raise KeyError(f"no text {key!r} in the {self.name} catalogue")
        return found

    def table(self, lang: str, *variants: str) -> dict[str, str]:
        """Every text of ``lang`` (English for an unknown one), later ``variants``
        over earlier ones over the texts: what a browser script gets as JSON."""
        lang = lang if lang in self.texts else "en"
        out = dict(self.texts[lang])
        for v in variants:
            out.update(self.variants.get(v, _EMPTY).get(lang, {}))
        return out


_LOADED: dict[str, Catalogue] = {}


def catalogue(name: str) -> Catalogue:
    """The catalogue ``name`` (one of :data:`NAMES`), its data module imported on
    first use.  Raises ``KeyError`` naming the catalogues for another name."""
    found = _LOADED.get(name)
    if found is None:
        if name not in NAMES:
            raise KeyError(f"no catalogue {name!r}; catalogues: {', '.join(NAMES)}")
        found = importlib.import_module(f"joker.i18n.{name}").CATALOGUE
        assert isinstance(found, Catalogue)
        _LOADED[name] = found
    return found


def placeholders(text: str) -> set[str]:
    """The names of ``text``'s ``{placeholders}`` (``"{n:card|cards} of {who!r}"``: ``{"n", "who"}``)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def plural(n: int, forms: Sequence[str], lang: str = "en") -> str:
    """The noun form for ``n`` (the form alone).  Russian with three forms
    (1, 2–4, 5+: взятка, взятки, взяток): 1 and 21 take the first, 2–4 and
    22–24 the second, 5–20 and 11–14 the third; otherwise (English, or two
    forms) the first for 1, the last for any other number."""
    if lang == "ru" and len(forms) == 3:
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if n == 1 else forms[-1]


class Part:
    """A piece of a message said in the message's language, from the ``parts``
    of the catalogue the class names (:attr:`of`): ``LedgerPart("deal", deal=2,
    cards=2)`` is "deal 2 (2 cards)" in English (``str()``), "раздача 2 (2
    карты)" in Russian.  Raises ``KeyError`` for a key those parts lack."""

    __slots__ = ("key", "fields")
    of: ClassVar[str] = ""
    """The catalogue whose parts this class says."""

    def __init__(self, key: str, /, **fields: Any) -> None:
        if key not in catalogue(self.of).parts.get("en", {}):
            raise KeyError(f"no message part {key!r}")
        self.key = key
        self.fields = fields

    def say(self, lang: str = "en", front: str = "cli") -> str:
        parts = catalogue(self.of).parts
        lang = lang if lang in parts else "en"
        return fill(parts[lang].get(self.key) or parts["en"][self.key], self.fields, lang, front)

    def __str__(self) -> str:
        return self.say("en")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r}, {self.fields!r})"


class Named(Part):
    """A thing known by name in an error's params — a rule set, a deck — said in the
    text's language: in English its identifier as the rules string writes it
    (``bus-angeles``, ``georgian36``: English messages read as before), in another
    language the name people give it there (``names``, per language: «Регламент
    Бус-Анджелес», a deck's «6–туз и два джокера»), never the English identifier.
    Built where the error is raised: :meth:`from_names` from the ``names`` catalogue,
    :func:`joker.rulestring.rules_named` for a rule set."""

    __slots__ = ("ident", "names")

    def __init__(self, ident: str, names: Mapping[str, str]) -> None:  # noqa: D107 (no part key: the name is given)
        self.key = ident
        self.fields = {}
        self.ident = ident
        self.names = dict(names)

    @classmethod
    def from_names(cls, key: str, ident: str) -> "Named":
        """``ident`` named by the ``names`` catalogue's ``key`` in every language (``KeyError`` for an unknown key)."""
        names = catalogue("names")
        return cls(ident, {lang: names.text(key, lang) for lang in LANGS})

    def say(self, lang: str = "en", front: str = "cli") -> str:
        return self.ident if lang == "en" else self.names.get(lang, self.ident)

    def __repr__(self) -> str:
        return f"Named({self.ident!r}, {self.names!r})"


class LedgerPart(Part):
    """A piece of a ledger error (:mod:`joker.i18n.ledger`'s parts): a deal's label, a CSV row, a cell."""

    __slots__ = ()
    of = "ledger"


class _Formatter(string.Formatter):
    """``str.format`` that reads ``{n:one|many}`` as the noun for ``n`` and says
    parts and errors in its language, for its front end."""

    def __init__(self, lang: str, front: str) -> None:
        self.lang = lang
        self.front = front

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "|" in format_spec:
            return plural(int(value), format_spec.split("|"), self.lang)
        if isinstance(value, Part):
            value = value.say(self.lang, self.front)
        elif isinstance(value, BaseException):
            value = message(value, self.lang, self.front)
        return super().format_field(value, format_spec)


def fill(text: str, fields: Mapping[str, Any], lang: str = "en", front: str = "cli") -> str:
    """``text`` with its ``{placeholders}`` filled from ``fields`` in ``lang``
    (see the module's *Formatting*).  Raises ``KeyError`` for a missing field."""
    if "|" not in text and not any(isinstance(v, (Part, BaseException)) for v in fields.values()):
        return text.format(**fields)  # the common case, at str.format's speed
    return _Formatter(lang, front).format(text, **fields)


def say(name: str, key: str, fields: Mapping[str, Any], lang: str = "en", front: str = "cli") -> str:
    """The text of ``key`` in catalogue ``name``, in ``lang`` (English for an
    unknown language), for the ``front`` end, filled from ``fields``.  Raises
    ``KeyError`` for an unknown key or a missing field."""
    lang = lang if lang in LANGS else "en"
    variants = (front,) if front != "cli" else ()
    return fill(catalogue(name).text(key, lang, variants), fields, lang, front)


def message(error: BaseException, lang: str = "en", front: str = "cli", *, you: bool = False,
            render: Callable[[str, str], str] | None = None) -> str:
    """``error`` said in ``lang`` (English for an unknown language) for the
    ``front`` end (:data:`FRONTS`).  A coded error (a ``catalogue`` name and a
    ``code``, see :class:`joker.errors.JokerError`) is said from its
    catalogue, filled from its ``params``; anything else is ``str(error)``.
    ``you``: said to the player who acted ("you do not hold …", the
    catalogue's ``"you"`` variant).  ``render(name, value)``: each param as
    the caller shows it (the terminal's card notation).  In English, with no
    ``you`` and no ``render``, this is always ``str(error)``.  Raises
    ``ValueError`` for an unknown front end."""
    if front not in FRONTS:
        raise ValueError(f"unknown front end {front!r}; front ends: {', '.join(FRONTS)}")
    name: str = getattr(error, "catalogue", "")
    code: str | None = getattr(error, "code", None)
    if not name or code is None:
        return str(error)
    lang = lang if lang in LANGS else "en"
    variants = (("you",) if you else ()) + ((front,) if front != "cli" else ())
    params: Mapping[str, Any] = getattr(error, "params", {})
    if render is not None:
        params = {k: render(k, v) for k, v in params.items()}
    return fill(catalogue(name).text(code, lang, variants), params, lang, front)


class Tr:
    """The texts of one catalogue in one language: ``tr("bid_prompt", lo=0, hi=3)``.

    ``Tr(lang, name)``: ``lang`` one of :data:`LANGS` (else ``ValueError``
    naming them), ``name`` one of :data:`NAMES`.  A key missing from
    ``lang`` is said in English; one missing from English raises ``KeyError``.
    """

    def __init__(self, lang: str, name: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; languages: {', '.join(LANGS)}")
        self.lang = lang
        self.catalogue = catalogue(name)
        self._strings = self.catalogue.texts[lang]
        self._english = self.catalogue.texts["en"]

    def __call__(self, key: str, **fields: Any) -> str:
        text = self._strings.get(key)
        if text is None:
            text = self.catalogue.text(key)
        return fill(text, fields, self.lang) if fields else text

    def html(self, key: str, **values: Any) -> Markup:
        """``key``'s text as HTML for a template: the
        text and the values escaped, except values that are already markup (a
        Jinja ``{% set %}`` block, e.g. ``<code>joker ledger</code>``)."""
        from markupsafe import Markup  # the web's dependency: imported only by the web

        text = self._strings.get(key)
        return Markup.escape(text if text is not None else self.catalogue.text(key)).format(**values)

    def error(self, error: BaseException, you: bool = False,
              render: Callable[[str, str], str] | None = None) -> str:
        """``error`` in this language (:func:`message` for the terminal)."""
        return message(error, self.lang, you=you, render=render)

    def plural(self, n: int, forms: Sequence[str]) -> str:
        """``n`` with the right noun form: ``2 cards``, ``21 взятка`` (:func:`plural`)."""
        return f"{n} {plural(n, forms, self.lang)}"

    def count(self, n: int, key: str) -> str:
        """``n`` with the noun of entry ``key``, its forms separated by ``|``
        (``"game|games"``, ``"партия|партии|партий"``): ``2 games``, ``2 партии``."""
        return self.plural(n, self(key).split("|"))

    def cards(self, n: int) -> str:
        """``3 cards`` / ``3 карты`` (the catalogue's ``n_card`` entry)."""
        return self.count(n, "n_card")
