"""The ledger's values as lines in a language, for ``joker ledger`` and the web scorekeeper.

A penalty, the day's cup decision, what ``undo`` took back and a redeal's
reason, said through a :class:`joker.i18n.Tr` of the ``scorekeeper``
catalogue (:mod:`joker.i18n.scorekeeper`).  In English each is exactly the
library's own text (``PenaltyInfo.text``, ``DayInfo.cup_text``,
``Undone.text``, the stored reason); in Russian an infringement is named by
the regulation's Russian wording (``Infringement.text_ru``, RULES.md §11).
"""

from __future__ import annotations

from joker.i18n import Tr

from . import regulation as reg
from .values import UNDO_DEAL_KINDS, DayInfo, PenaltyInfo, Undone


def penalty_text(tr: Tr, p: PenaltyInfo) -> str:
    """A fine or dot as one line; in English exactly the library's ``PenaltyInfo.text``."""
    inf = reg.INFRINGEMENTS.get(p.code)
    if p.code == reg.OTHER:
        what = p.note
    else:
        what = (inf.text_ru if inf is not None and tr.lang == "ru" else p.code) + (f" ({p.note})" if p.note else "")
    where = tr("penalty_deal", deal=p.deal) if p.deal else tr("penalty_no_deal")
    value = f" {p.value}" if p.kind == reg.FINE else ""
    return tr("penalty_line", kind=tr(f"penalty_{p.kind}"), value=value, player=p.player, where=where, what=what)


def cup_rule_text(tr: Tr, rule: str) -> str:
    """Which rule of the tie-break chain decided (``regulation.CupRule``); English as ``CupRule.text``."""
    return tr(f"cup_rule_{rule}")


def cup_text(tr: Tr, d: DayInfo) -> str:
    """The day's cup decision; in English exactly the library's ``DayInfo.cup_text``."""
    if not d.ended:
        return tr("day_in_progress")
    if d.cup_rule is None:
        return tr("cup_no_game")
    tie = tr("cup_tie", names=", ".join(d.cup_tied)) if d.cup_tied else ""
    return tr("cup_taken", holder=d.cup_holder, rule=cup_rule_text(tr, d.cup_rule), tie=tie)


def undone_text(tr: Tr, u: Undone) -> str:
    """What ``undo`` took back; in English exactly the library's ``Undone.text``.
    A fine or dot is named like a penalty line (the regulation's Russian wording)."""
    if u.kind == "penalty" and u.player is not None:
        inf = reg.INFRINGEMENTS.get(u.code or "")
        what = inf.text_ru if inf is not None and tr.lang == "ru" else u.code
        text = tr("undo_penalty", kind=tr(f"penalty_{u.penalty_kind}"), player=u.player, what=what)
        return text + (tr("undo_penalty_redeal", deal=u.deal) if u.deal is not None else "")
    if u.kind in UNDO_DEAL_KINDS and u.deal is not None or u.kind in ("finish", "abandon"):
        return tr(f"undo_{u.kind}", deal=u.deal)
    return u.text  # an entry whose deal or penalty is gone: its journal kind, as stored


def redeal_reason_text(tr: Tr, reason: str) -> str:
    """A redeal's stored reason (``revoke: Бардак``); in English as stored, in
    Russian the infringement that caused it named by the regulation's Russian
    wording (``побил карту … : Бардак``) and the placeholder ``redeal`` (no reason
    given) translated; the keeper's own words stay as written."""
    if tr.lang == "en":
        return reason
    if reason == "redeal":
        return tr("redeal_no_reason")
    code, detail = reg.reason_code(reason)
    if code is None:
        return reason
    text = reg.INFRINGEMENTS[code].text_ru
    return f"{text}: {detail}" if detail else text
