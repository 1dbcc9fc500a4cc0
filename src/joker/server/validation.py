"""The HTTP API's refusals, said in the request's language: one shape,
``{"error": text, "code": code, …params}`` (:func:`error_json`), and a
request the API cannot read (FastAPI's request validation, 422).

The language is the request's (:func:`joker.i18n.lang_of`): ``?lang=``, else
the language cookie, else ``Accept-Language``, else English.

Every operation's body, query, path and header parameters are checked by
pydantic before the endpoint runs; a failed check answers **422** with the
body FastAPI documents in the OpenAPI schema (``HTTPValidationError``:
``detail``, a list of ``{"loc", "msg", "type"}``, one per problem) — but
each ``msg`` said in the request's language (:func:`joker.i18n.lang_of`)
from the ``web`` catalogue's ``invalid_…`` texts — and ``error``, the
problems in one line, each naming its field: ``name: at most 100 characters``,
«name: не больше 100 символов».  ``error`` is the key every refusal of
this API carries, so the pages show it as they show any other
(``api()`` in ``common.js``), with ``code`` ``invalid_request`` and
``fields``, the fields named.  The value sent is never echoed back (a
10 kB name stays on the client).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from joker.errors import JokerError
from joker.i18n import Tr, lang_of, message

from .conns import said

class ErrorBody(BaseModel):
    """A refusal: ``error`` said in the request's language, ``code`` its catalogue code
    (``invalid_request`` for a body the API cannot read), and the params the text names."""

    model_config = {"extra": "allow"}

    error: str
    code: Optional[str] = None


class InvalidBody(ErrorBody):
    """A request the API cannot read (:mod:`.validation`): ``code`` ``invalid_request``, ``fields`` the
    fields named, ``detail`` FastAPI's list of problems, each ``msg`` in the request's language."""

    fields: list[str] = []
    detail: list[dict[str, Any]] = []


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "Refused: `error` says why, `code` names it"},
    404: {"model": ErrorBody, "description": "No such table"},
    422: {"model": InvalidBody, "description": "A field missing or of the wrong type: `error` names it"},
}
"""The refusals the API's operations may answer, for the OpenAPI schema (``/api/docs``)."""


KEEPER_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    401: {"model": ErrorBody, "description": "The keeper key is missing or wrong"},
    403: {"model": ErrorBody, "description": "A write from another site, or not sent as JSON"},
}
"""The scorekeeper's refusals (:mod:`.keeper`): the API's, and its write guard's."""

RESERVED = ("error", "code")
"""Keys of an error body that a refusal's params never overwrite."""

SOURCES = ("body", "query", "path", "header", "cookie")
"""The first element of a problem's ``loc``: where the field was sent."""

TEXTS: dict[str, str] = {
    "missing": "invalid_missing",
    "string_type": "invalid_string",
    "string_too_long": "invalid_string_too_long",
    "string_too_short": "invalid_string_too_short",
    "string_pattern_mismatch": "invalid_pattern",
    "int_type": "invalid_int",
    "int_parsing": "invalid_int",
    "int_parsing_size": "invalid_int",
    "int_from_float": "invalid_int",
    "float_type": "invalid_number",
    "float_parsing": "invalid_number",
    "finite_number": "invalid_number",
    "bool_type": "invalid_bool",
    "bool_parsing": "invalid_bool",
    "list_type": "invalid_list",
    "too_short": "invalid_too_short",
    "too_long": "invalid_too_long",
    "greater_than_equal": "invalid_ge",
    "greater_than": "invalid_gt",
    "less_than_equal": "invalid_le",
    "less_than": "invalid_lt",
    "literal_error": "invalid_literal",
    "json_invalid": "invalid_json",
    "json_type": "invalid_json",
    "model_attributes_type": "invalid_object",
    "model_type": "invalid_object",
    "dict_type": "invalid_object",
    "date_type": "invalid_date",
    "date_parsing": "invalid_date",
    "date_from_datetime_parsing": "invalid_date",
    "date_from_datetime_inexact": "invalid_date",
}
"""pydantic's error ``type`` → the ``web`` catalogue's text of the problem; any
other type is said by ``invalid_other`` with pydantic's own (English) words."""


def field_of(error: Mapping[str, Any], tr: Tr) -> str:
    """The field a problem is about, as the API names it: ``loc`` without its
    source, dotted (``players.2``, ``host_seat``); the body itself (an
    unreadable or non-object body) is "the request body" in ``tr``'s language."""
    loc = list(error.get("loc", ()))
    if loc and loc[0] in SOURCES:
        loc = loc[1:]
    if error.get("type") in ("json_invalid", "json_type") or not loc:
        return tr("invalid_body")
    return ".".join(str(x) for x in loc)


def problem_of(error: Mapping[str, Any], tr: Tr) -> str:
    """One problem (a pydantic error dict: ``type``, ``ctx``, ``msg``) in
    ``tr``'s language, without its field: ``at most 100 characters``."""
    key = TEXTS.get(str(error.get("type")), "invalid_other")
    ctx = dict(error.get("ctx") or {})
    if "expected" in ctx:  # a literal's choices, "'a', 'b' or 'c'": said alike in every language
        ctx["expected"] = str(ctx["expected"]).replace(" or ", ", ")
    return tr(key, problem=str(error.get("msg", "")), **{k: v for k, v in ctx.items() if isinstance(v, (int, float, str))})


def error_json(request: Request, status: int, error: JokerError, **extra: Any) -> JSONResponse:
    """``status`` with ``{"error", "code", …params, …extra}``: ``error`` the coded
    error's text in the request's language (:func:`joker.i18n.message`, the web's
    variant), ``code`` its catalogue code (``None`` for a plain message), each
    param said in that language (:func:`.conns.said`; a param named ``error`` or
    ``code`` is left out, the body's own keys)."""
    lang = lang_of(request)
    body: dict[str, Any] = {k: said(v, lang) for k, v in error.params.items() if k not in RESERVED}
    body.update(extra)
    body.update(error=message(error, lang, "web"), code=error.code)
    return JSONResponse(body, status_code=status)


def invalid_response(request: Request, e: RequestValidationError) -> JSONResponse:
    """The 422 answer to ``e`` (see the module): ``{"detail": [{"loc", "msg", "type"}],
    "error", "code": "invalid_request", "fields"}`` in the request's language."""
    tr = Tr(lang_of(request), "web")
    detail = []
    lines = []
    fields = []
    for error in e.errors():
        problem = problem_of(error, tr)
        detail.append({"loc": list(error.get("loc", ())), "msg": problem, "type": str(error.get("type", ""))})
        field = field_of(error, tr)
        fields.append(field)
        lines.append(tr("invalid_field", field=field, problem=problem))
    return JSONResponse({"detail": detail, "error": "; ".join(lines) or tr("invalid_request"), "code": "invalid_request",
                         "fields": fields}, status_code=422)
