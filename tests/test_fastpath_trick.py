"""The policy's incremental trick rules (``kernels.trick_open/trick_add/
trick_summary``, ``beats``, ``can_beat``) against the plain ones
(``winner_index``, ``led_of``, ``trick_trump``, ``gen_moves``), which the
differential test holds to the engine (RULES.md §7), on random positions of
every preset, with extra jokers and random hands for the followers."""

from __future__ import annotations

import random

import numpy as np

from joker import PRESETS
from joker.games.joker.fastpath import kernels as K
from joker.games.joker.fastpath.convert import position_of

from helpers import random_play_state


def _positions(count):
    names = list(PRESETS)
    for s in range(count):
        walk = random.Random(s)
        state = random_play_state(PRESETS[names[s % len(names)]], s, walk, 30)
        if state is not None:
            yield walk, position_of(state)


def test_incremental_trick_rules_agree_with_the_plain_ones():
    buf = np.empty(K.MAX_MOVES, dtype=np.int64)
    beats_checked = can_beat_checked = 0
    for walk, pos in _positions(600):
        n = pos.players
        hands, trick, _ = pos.arrays()
        tlen = len(pos.trick)
        p = pos.params
        tr, ro, hc, mu = int(p[K.P_TRUMP]), int(p[K.P_ROTATING]), int(p[K.P_HCTW]), int(p[K.P_MUST_TRUMP])
        for seat in range(n):  # every hand's moves, as if it were to move
            k = K.gen_moves(int(hands[seat]), trick, tlen, int(pos.first), p, buf)
            for c in [int(x) for x in buf[:k]]:
                t2 = np.zeros(n + 1, dtype=np.int64)
                t2[:tlen] = trick[:tlen]
                t2[tlen] = c
                if tlen == 0:
                    wins, summary = True, K.trick_open(c, tr, ro, hc)
                else:
                    before = K.trick_summary(t2, tlen, tr, ro, hc)
                    wins, summary = K.beats(*before, c), K.trick_add(*before, c, int(t2[0]), tr, ro)
                assert wins == (K.winner_index(t2, tlen + 1, tr, ro, hc) == tlen)
                assert summary == K.trick_summary(t2, tlen + 1, tr, ro, hc)
                assert summary[0] == K.led_of(t2, tlen + 1) and summary[1] == K.trick_trump(tr, ro, summary[0])
                beats_checked += 1
                if tlen + 1 >= n:
                    continue
                for h in hands:
                    h = int(h)
                    if walk.random() < 0.3:
                        h |= walk.choice((1 << 52, 1 << 53, 3 << 52))
                    if walk.random() < 0.1:
                        h = walk.getrandbits(54)
                    kk = K.gen_moves(h, t2, tlen + 1, 0, p, buf)
                    wins_after = [K.winner_index(np.append(t2[:tlen + 1], m), tlen + 2, tr, ro, hc) == tlen + 1
                                  for m in buf[:kk]]
                    assert tuple(K.can_beat(h, int(t2[0]), *summary, mu)) == (any(wins_after), all(wins_after))
                    can_beat_checked += 1
    assert beats_checked > 1000 and can_beat_checked > 2000
