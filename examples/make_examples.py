"""Regenerate the example records in this folder:

    .venv/bin/python examples/make_examples.py

Each is a whole game by bots (the strongest registered), except
``bus-angeles-real-cards.json``, a game kept from real cards.
"""

from __future__ import annotations

from pathlib import Path

from joker import new_game, parse_rules, view_of
from joker.bots import BOTS, make_bot
from joker.record import Penalty, record_from_state, save_record

HERE = Path(__file__).parent
BOT = "heuristic" if "heuristic" in BOTS else "random"


def bot_game(rules_text: str, seed: int, names: tuple[str, ...]) -> None:
    rules = parse_rules(rules_text)
    bots = [make_bot(BOT, f"{seed}:{s}") for s in range(rules.players)]
    state = new_game(rules, seed=seed)
    while not state.is_terminal():
        p = state.current_player
        state = state.apply(bots[p].choose(view_of(state, p)))
    name = rules_text.split("(")[0]
    save_record(record_from_state(state, names, meta={"bots": [BOT] * rules.players}), HERE / f"{name}-seed{seed}.json")


def real_cards_game() -> None:
    """Block 1 of a Bus-Angeles evening typed from the paper sheet, with a fine."""
    rules = parse_rules("bus-angeles(schedule='1,2,3,4,5,6,7,8')")
    state = new_game(rules, real_cards=True)
    deals = [  # trump, bids, tricks — dealers 4, 1, 2, 3, 4, 1, 2, 3
        (3, (0, 0, 0, 0), (0, 0, 1, 0)),
        (0, (1, 0, 0, 0), (1, 1, 0, 0)),
        (2, (1, 1, 0, 0), (1, 0, 2, 0)),
        (1, (2, 0, 1, 2), (2, 0, 1, 1)),
        (None, (1, 2, 1, 0), (1, 2, 2, 0)),
        (3, (2, 1, 2, 2), (2, 2, 1, 1)),
        (0, (3, 1, 1, 1), (3, 1, 1, 2)),
        (2, (2, 2, 1, 2), (2, 3, 1, 2)),
    ]
    for trump, bids, tricks in deals:
        state = state.apply_summary(trump, bids, tricks)
    rec = record_from_state(state, ("Бутка", "Печун", "Бардак", "Монай"),
                            penalties=(Penalty(1, "fine", "revoke", -250, 5, "trumped a heart holding ♥9"),))
    save_record(rec, HERE / "bus-angeles-real-cards.json")


if __name__ == "__main__":
    bot_game("bus-angeles", 7, ("Бутка", "Печун", "Бардак", "Монай"))
    bot_game("camp(players=3)", 11, ("Аня", "Боря", "Вика"))
    bot_game("raspisnoy", 5, ("North", "East", "South", "West"))
    bot_game("georgian(khishti=-200)", 3, ("ნინო", "გიორგი", "ლევანი", "თამარი"))
    real_cards_game()
    print("wrote", ", ".join(sorted(p.name for p in HERE.glob("*.json"))))
