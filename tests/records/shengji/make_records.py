#!/usr/bin/env python3
"""Writes the Shengji records of this directory (NAME.json + NAME.expected.json).

A test-only helper, independent of the engine: pins are crafted hands (the
deck is built from the hands wanted), and whole hands are played here by a
small singles-only referee of its own (follow suit, trump, winner, points,
kitty multiplier, level table), so every expected outcome comes from these
rules, not from what the engine prints. Run from anywhere:
    python3 tests/records/shengji/make_records.py
"""
import json, os, random
from collections import Counter
from itertools import combinations

HERE = os.path.dirname(os.path.abspath(__file__))
RANKS = '23456789TJQKA'
KITTY = {1: 6, 2: 8, 3: 6, 4: 0}

def full_deck(decks):
    return ([r + s for s in 'SHCD' for r in RANKS] + ['SJ', 'BJ']) * decks

def pts(c):
    return {'5': 5, 'T': 10, 'K': 10}.get(c[0], 0) if c not in ('SJ', 'BJ') else 0

class Order:
    def __init__(self, level, trump, two_colors=False, twos=False):
        self.level, self.trump, self.tc, self.twos = level, trump, two_colors, twos and level != '2'
    def fold(self, s):
        return {'D': 'H', 'C': 'S'}.get(s, s) if self.tc else s
    def suit(self, c):
        if c in ('SJ', 'BJ') or c[0] == self.level or (self.twos and c[0] == '2'):
            return 'T'
        return 'T' if self.fold(c[1]) == self.trump else self.fold(c[1])
    def val(self, c):
        if c == 'BJ': return 100
        if c == 'SJ': return 99
        if c[0] == self.level: return 98 if self.fold(c[1]) == self.trump else 97
        if self.twos and c[0] == '2': return 96 if self.fold(c[1]) == self.trump else 95
        return RANKS.index(c[0])
    def key(self, c):
        return c if c in ('SJ', 'BJ') else c[0] + self.fold(c[1])

def values(o, suit):
    """The values of a play suit, low to high: adjacent means next in this list."""
    plain = [RANKS.index(r) for r in RANKS if r != o.level and not (o.twos and r == '2')]
    if suit != 'T':
        return plain
    out = plain if o.trump else []
    if o.twos:
        out = out + [95] + ([96] if o.trump else [])
    return out + [97] + ([98] if o.trump else []) + [99, 100]

def is_tractor(o, cards):
    """Two or more pairs of one play suit at adjacent values."""
    keys = sorted({o.key(c) for c in cards})
    if len(cards) < 4 or len(cards) != 2 * len(keys) or any(sum(o.key(c) == k for c in cards) != 2 for k in keys):
        return False
    suits = {o.suit(c) for c in cards}
    if len(suits) != 1:
        return False
    vs = values(o, suits.pop())
    at = sorted(vs.index(o.val(next(c for c in cards if o.key(c) == k))) for k in keys)
    return all(b - a == 1 for a, b in zip(at, at[1:]))

def find_triple(o, hand):
    """Three identical cards of `hand`, or None."""
    for c in hand:
        same = [x for x in hand if o.key(x) == o.key(c)]
        if len(same) >= 3:
            return same[:3]
    return None

def find_tractor(o, hand, pairs=2):
    """The first tractor of `pairs` pairs in `hand` (as cards), or None."""
    keys = [k for k in sorted({o.key(c) for c in hand}) if sum(o.key(c) == k for c in hand) >= 2]
    for i, k1 in enumerate(keys):
        for rest in combinations(keys[i + 1:], pairs - 1):
            cards = [c for k in (k1,) + rest for c in [c for c in hand if o.key(c) == k][:2]]
            if is_tractor(o, cards):
                return cards
    return None

def level_change(p, step):
    if p <= 0: return 3, 0
    if p < step: return 2, 0
    if p < 2 * step: return 1, 0
    return 0, (p - 2 * step) // step

def write(name, record, expected):
    with open(os.path.join(HERE, name + '.json'), 'w') as f:
        json.dump(record, f, indent=1)
        f.write('\n')
    with open(os.path.join(HERE, name + '.expected.json'), 'w') as f:
        json.dump(expected, f)
        f.write('\n')

def deal_deck(hands, kitty, start):
    n = len(hands[0])
    deck = [None] * (4 * n)
    for i in range(4 * n):
        deck[i] = hands[(start + i) % 4][i // 4]
    return deck + kitty

# ---------------------------------------------------------------- whole hands

def play_whole(seed, decks=1, levels=(2, 2), banker=0, rules=None, declare=False,
               pair_last=False, throw_by=None, first_hand=False, tractor_last=False, triple_last=False):
    """Deals with `seed`, plays singles (a pair at the end with pair_last, a
    tractor of two pairs kept by an attacker and led at the end with
    tractor_last (True: two pairs, or a number of pairs), a
    failing two-card throw by the banker side or the attackers with
    throw_by) and returns (record, expected) or None when the deal does not
    allow what was asked."""
    rules = dict(rules or {})
    rules['decks'] = decks
    rnd = random.Random(seed)
    deck = full_deck(decks)
    rnd.shuffle(deck)
    k = KITTY[decks]
    n = (len(deck) - k) // 4
    start = 0 if first_hand else banker
    hands = [[deck[i] for i in range(4 * n) if (start + i) % 4 == s] for s in range(4)]
    kitty = deck[4 * n:]
    level = RANKS[levels[banker % 2] - 2]
    tc = rules.get('two_colors', False)
    actions, trump = [], None
    if declare:
        cands = [c for c in hands[banker] if c[0] == level]
        if not cands:
            return None
        trump = Order(level, None, tc).fold(cands[0][1])
        actions.append({'seat': banker, 'declare': [cands[0]], 'dealt': 4 * n})
    elif rules.get('no_declare') == 'flip':
        for c in kitty:
            if c in ('SJ', 'BJ'):
                break
            if c[0] == level:
                trump = Order(level, None, tc).fold(c[1])
                break
    o = Order(level, trump, tc, rules.get('twos_trump', False))
    if k:
        actions.append({'seat': banker, 'bury': list(kitty)})
    leader, tp, penalty, thrown = banker, 0, 0, False
    step = 20 * decks
    tseat, kept4 = None, []
    if tractor_last or triple_last:
        for a in ((banker + 1) % 4, (banker + 3) % 4):
            t = find_tractor(o, hands[a], 2 if tractor_last is True else tractor_last) if tractor_last else find_triple(o, hands[a])
            if t:
                tseat, kept4 = a, t
                break
        if tseat is None:
            return None
    def pick(seat, cards):
        # The attacker keeping a tractor plays other cards while it can.
        if seat == tseat:
            free = [c for c in cards if c not in kept4]
            if not free:
                return None
            return rnd.choice(free)
        return rnd.choice(cards)
    last_lead_size, last_winner = 1, None
    while hands[leader]:
        h = hands[leader]
        lead, attempt = None, None
        if pair_last and len(h) == 2 and o.key(h[0]) == o.key(h[1]):
            lead = list(h)
        elif kept4 and len(h) == len(kept4):
            if leader != tseat:
                return None  # the last trick must be the kept tractor's
            lead = list(h)
        elif throw_by is not None and not thrown and (leader % 2 == banker % 2) == (throw_by == 'banker'):
            for s in 'SHCD':
                mine = sorted([c for c in h if o.suit(c) == s], key=o.val, reverse=True)
                if len(mine) < 2:
                    continue
                pair = mine[:2]
                others = [c for t in range(4) if t != leader for c in hands[t] if o.suit(c) == s]
                failing = [c for c in pair if any(o.val(x) > o.val(c) for x in others)]
                if failing:
                    attempt = pair
                    lead = [min(failing, key=lambda c: (o.val(c), pair.index(c)))]
                    thrown = True
                    pen = rules.get('throw_penalty', 0)
                    penalty += pen if leader % 2 == banker % 2 else -pen
                    break
        if lead is None:
            if len(h) == 2 and pair_last:
                return None  # the last trick must be a pair lead
            c = pick(leader, h)
            if c is None:
                return None
            lead = [c]
        ls = o.suit(lead[0])
        plays = [(leader, lead)]
        for i in range(1, 4):
            s = (leader + i) % 4
            hs = hands[s]
            if len(lead) >= 2:
                play = list(hs)
            else:
                same = [c for c in hs if o.suit(c) == ls]
                c = pick(s, same or hs)
                if c is None:
                    return None
                play = [c]
            plays.append((s, play))
        def strength(cards):
            st = {o.suit(c) for c in cards}
            if len(st) != 1:
                return None
            s = st.pop()
            if s != ls and s != 'T':
                return None
            if len(cards) == 2 and o.key(cards[0]) != o.key(cards[1]):
                return None
            if len(cards) >= 4 and not is_tractor(o, cards):
                return None
            if len(cards) == 3 and len({o.key(c) for c in cards}) != 1:
                return None
            return (s == 'T', max(o.val(c) for c in cards))
        best, bs = 0, strength(lead)
        for i in range(1, 4):
            st = strength(plays[i][1])
            if st is not None and st > bs:
                best, bs = i, st
        winner = plays[best][0]
        for s, cards in plays:
            for c in cards:
                hands[s].remove(c)
            actions.append({'seat': s, 'play': attempt if (s == leader and attempt) else cards})
        if winner % 2 != banker % 2:
            tp += sum(pts(c) for _, cards in plays for c in cards)
        leader, last_lead_size, last_winner = winner, len(lead), winner
    if throw_by is not None and not thrown:
        return None
    kp = sum(pts(c) for c in kitty)
    if last_winner % 2 != banker % 2 and k:
        mult = 2 if rules.get('kitty_multiplier') == 'double' else 2 ** last_lead_size
    else:
        mult = 0
    p = tp + kp * mult + penalty
    ub, ua = level_change(p, step)
    kept = p < 2 * step
    deltas = [ub if s % 2 == banker % 2 else ua for s in range(4)]
    lv = [min(levels[t] + (ub if t == banker % 2 else ua), 14) for t in range(2)]
    record = {'game': 'shengji', 'rules': rules, 'seats': 4,
              'deal': {'deck': deal_deck(
                  [[deck[i] for i in range(4 * n) if (start + i) % 4 == s] for s in range(4)],
                  kitty, start), 'start': start, 'levels': list(levels),
                  'banker': None if first_hand else banker},
              'actions': actions}
    outcome = {'banker': banker, 'trump': trump or 'none', 'points': p, 'kitty_points': kp,
               'kitty_multiplier': mult, 'next_banker': (banker + 2) % 4 if kept else (banker + 1) % 4,
               'levels': lv, 'deltas': deltas,
               'match_winner': (banker % 2 if kept and levels[banker % 2] == 14 else None)
               if rules.get('goal') == 'pass_a' else
               next((t for t in range(2) if lv[t] == 14 and levels[t] < 14), None)}
    return record, {'ok': True, 'finished': True, 'outcome': outcome}, p

def search(name, want, **kw):
    for seed in range(200000):
        r = play_whole(seed, **kw)
        if r and want(r[2], r[1]['outcome'], r[0]):
            write(name, r[0], r[1])
            return
    raise SystemExit(f'{name}: no seed found')

# ---------------------------------------------------------------- pins

def pin(name, spec, plays, expect, level='T', trump='H', levels=(10, 2), banker=0,
        rules=None, decks=2, reserve=(), seed=1, pre=None, bury=True, bury_seat=None,
        first_hand=False, post=(), bury_cards=None, tail=()):
    """Crafted hands: seats other than the banker hold exactly their `spec`
    cards of the `reserve` play suits (plus every card they play; fillers
    from other suits); the rest of the reserved cards go to the banker and
    the kitty. The trump is declared by a seat holding a level card of it."""
    rules = dict(rules or {})
    if decks != 2:
        rules['decks'] = decks
    o = Order(level, trump, rules.get('two_colors', False), rules.get('twos_trump', False))
    spec = {s: list(spec.get(s, [])) for s in range(4)}
    for s in range(4):
        need = Counter(c for ps, cards in plays if ps == s for c in cards.split())
        have = Counter(spec[s])
        for c, n in need.items():
            # (capped: a failed throw's cards are played again later)
            spec[s] += [c] * max(0, min(n, decks) - have[c])
    pre = list(pre or [])
    if trump and not pre:
        card = level + trump
        holders = [t for t in range(4) if card in spec[t]]
        if not holders:
            spec[banker].append(card)
            holders = [banker]
        pre.append({'seat': holders[0], 'declare': [card], 'dealt': None})
    deck = full_deck(decks)
    k = KITTY[decks]
    n = (len(deck) - k) // 4
    pool = list(deck)
    hands = [[] for _ in range(4)]
    for s in range(4):
        for c in spec[s]:
            pool.remove(c)
            hands[s].append(c)
    rnd = random.Random(seed)
    rnd.shuffle(pool)
    free = [c for c in pool if o.suit(c) not in reserve]
    reserved = [c for c in pool if o.suit(c) in reserve]
    for s in range(4):
        if s == banker:
            continue
        while len(hands[s]) < n:
            hands[s].append(free.pop())
    rest = reserved + free
    while len(hands[banker]) < n:
        hands[banker].append(rest.pop(0))
    kitty = rest
    assert len(kitty) == k, (name, len(kitty))
    assert all(o.suit(c) not in reserve for c in kitty) or True
    actions = []
    for a in pre:
        a = dict(a)
        if 'declare' in a and a.get('dealt') is None:
            a['dealt'] = 4 * n
        actions.append(a)
    if bury_cards is not None:
        # A crafted burial (refusals): from the banker's hand and the kitty.
        actions.append({'seat': banker, 'bury': bury_cards(hands[banker], kitty)})
    elif k and bury:
        actions.append({'seat': banker if bury_seat is None else bury_seat, 'bury': kitty})
    actions += [dict(a) for a in post]
    for s, cards in plays:
        actions.append({'seat': s, 'play': cards.split()})
    actions += [dict(a) for a in tail]
    if expect == 'refused':
        expected = {'ok': False, 'at': len(actions) - 1, 'error': 'illegal_action'}
        if name in MESSAGES:
            expected['message'] = MESSAGES[name]
    elif expect == 'not_your_turn':
        expected = {'ok': False, 'at': len(actions) - 1, 'error': 'not_your_turn'}
    else:
        expected = {'ok': True, 'finished': False}
    start = 0 if first_hand else banker
    record = {'game': 'shengji', 'rules': rules, 'seats': 4,
              'deal': {'deck': deal_deck(hands, kitty, start), 'start': start,
                       'levels': list(levels), 'banker': None if first_hand else banker},
              'actions': actions}
    write(name, record, expected)

def L(s):
    return s.split()

def main():
    # Units: the rules' tractor examples (level 10, trump hearts), seen
    # through what a follower must play.
    pin('unit-jokers-tractor-needs-tractor', {1: L('TS TS TH TH 9H 9H 3H')},
        [(0, 'SJ SJ BJ BJ'), (1, 'TS TS 9H 9H')], 'refused', reserve=('T',))
    pin('unit-jokers-tractor-followed', {1: L('TS TS TH TH 9H 9H 3H'), 2: L('4H 5H 6H 7H'),
                                         3: L('AH KH QH JH 2H')},
        [(0, 'SJ SJ BJ BJ'), (1, 'TS TS TH TH'), (2, '4H 5H 6H 7H'), (3, 'AH KH QH JH'), (0, 'AS')], 'ok', reserve=('T',))
    pin('unit-level-joker-tractor', {1: L('AH AH TS TS 7H 7H 8H')},
        [(0, 'TH TH SJ SJ'), (1, 'AH AH 7H 7H')], 'refused', reserve=('T',))
    pin('unit-level-cards-tractor', {1: L('AH AH TC TC 5H 5H 6H')},
        [(0, 'TS TS TH TH'), (1, 'AH AH 5H 5H')], 'refused', reserve=('T',))
    pin('unit-ace-level-tractor', {1: L('KH KH QH QH 3H 3H')},
        [(0, 'AH AH TS TS'), (1, 'KH KH 3H 3H')], 'refused', reserve=('T',))
    pin('unit-plain-tractor-skips-level', {1: L('KS KS QS QS 3S 3S'), 2: L('4S'), 3: L('5S')},
        [(0, 'JS JS 9S 9S'), (1, 'KS KS 3S 3S')], 'refused', reserve=('S',))
    # TS TS TC TC is two pairs: a thrown pair of TS fails to TH TH.
    pin('unit-equal-level-pairs-not-tractor', {1: L('3H 4H'), 2: L('TH TH'), 3: L('5H 6H')},
        [(0, 'TS TS TC TC'), (1, '3H 4H'), (2, 'TH TH'), (3, '5H 6H'), (2, 'AS')], 'ok', reserve=('T',))
    # AH AH 2H 2H does not wrap (trump spades): the 2s fail to KH KH.
    pin('unit-no-wrap-ace-two', {1: L('KH KH 3H'), 2: L('4H 6H'), 3: L('7H 8H')},
        [(0, 'AH AH 2H 2H'), (1, 'KH KH'), (2, '4H 6H'), (3, '7H 8H'), (1, 'AS')], 'ok',
        trump='S', reserve=('H',))
    pin('unit-pair-and-single-not-tractor', {1: L('6S'), 2: L('3S'), 3: L('2S')},
        [(0, '5S 5S 4S'), (1, '6S'), (2, '3S'), (3, '2S'), (1, 'AH')], 'ok', reserve=('S',))
    # Following.
    pin('follow-suit-refused', {1: L('3S'), 2: L('4S'), 3: L('6S')},
        [(0, 'AS'), (1, '4C')], 'refused', reserve=('S',))
    pin('follow-short-plays-all-then-fills', {1: L('3S'), 2: L('4S 4S'), 3: L('6S 7S')},
        [(0, 'AS AS'), (1, '3S 4C')], 'ok', reserve=('S',))
    pin('follow-short-holding-back-refused', {1: L('3S'), 2: L('4S 4S'), 3: L('6S 7S')},
        [(0, 'AS AS'), (1, '4C 5C')], 'refused', reserve=('S',))
    pin('follow-pair-on-pair-refused', {1: L('7S 7S 8S'), 2: L('4S'), 3: L('6S')},
        [(0, 'AS AS'), (1, '7S 8S')], 'refused', reserve=('S',))
    pin('follow-pair-on-pair', {1: L('7S 7S 8S'), 2: L('4S 5S'), 3: L('6S 9S')},
        [(0, 'AS AS'), (1, '7S 7S'), (2, '4S 5S'), (3, '6S 9S'), (0, 'AC')], 'ok', reserve=('S',))
    pin('follow-no-pair-any-two', {1: L('7S 8S 9S'), 2: L('4S 5S'), 3: L('6S 3S')},
        [(0, 'AS AS'), (1, '7S 9S')], 'ok', reserve=('S',))
    pin('follow-tractor-two-pairs-refused', {1: L('9S 9S 5S 5S 3S'), 2: L('4S'), 3: L('6S')},
        [(0, 'KS KS QS QS'), (1, '9S 5S 5S 3S')], 'refused', reserve=('S',))
    pin('follow-tractor-two-pairs', {1: L('9S 9S 5S 5S 3S'), 2: L('4S'), 3: L('6S')},
        [(0, 'KS KS QS QS'), (1, '9S 9S 5S 5S')], 'ok', reserve=('S',))
    pin('follow-tractor-one-pair-refused', {1: L('9S 9S 5S 3S 4S'), 2: L('6S'), 3: L('7S')},
        [(0, 'KS KS QS QS'), (1, '9S 5S 3S 4S')], 'refused', reserve=('S',))
    pin('follow-tractor-with-tractor-refused', {1: L('9S 9S 8S 8S 5S 5S'), 2: L('6S'), 3: L('7S')},
        [(0, 'KS KS QS QS'), (1, '9S 9S 5S 5S')], 'refused', reserve=('S',))
    pin('follow-throw-pair-refused', {1: L('QS QS 3S 4S'), 2: L('2S'), 3: L('5S')},
        [(0, 'AS AS KS'), (1, 'QS 3S 4S')], 'refused', reserve=('S',))
    pin('follow-trump-lead-refused', {1: L('3H'), 2: L('4H'), 3: L('5H')},
        [(0, 'AH'), (1, '3S')], 'refused', reserve=('T',))
    pin('follow-count-refused', {1: L('3S 4S'), 2: L('5S'), 3: L('6S')},
        [(0, 'AS'), (1, '3S 4S')], 'refused', reserve=('S',))
    pin('lead-mixed-suits-refused', {}, [(0, 'AS AC')], 'refused')
    pin('follow-out-of-turn', {1: L('3S'), 2: L('4S'), 3: L('6S')},
        [(0, 'AS'), (2, '4S')], 'not_your_turn', reserve=('S',))
    # Throws (the seed's 9 88 44).
    pin('throw-stands', {1: L('QS 3S'), 2: L('4S'), 3: L('2S')},
        [(0, 'AS AS KS'), (1, 'QS 3S 3C'), (2, '4S 5C 6C'), (3, '2S 7C 8C'), (0, 'AC')], 'ok',
        reserve=('S',))
    pin('throw-fails-to-a-single', {1: L('3S'), 2: L('JS'), 3: L('2S')},
        [(0, '9S 8S 8S 4S 4S'), (1, '3S'), (2, 'JS'), (3, '2S'), (2, 'AC')], 'ok', reserve=('S',))
    pin('throw-fails-to-a-pair', {1: L('3S 2S'), 2: L('6S 7S'), 3: L('QS QS')},
        [(0, '9S 8S 8S 4S 4S'), (1, '3S 2S'), (2, '6S 7S'), (3, 'QS QS'), (3, 'AC')], 'ok',
        reserve=('S',))
    # Trumping and over-trumping (seed 3.1.4).
    pin('trump-9988-72-beats-ak5544', {1: L('9H 9H 8H 8H 7H 2H'), 2: L(''), 3: L('')},
        [(0, 'AS KS 5S 5S 4S 4S'), (1, '9H 9H 8H 8H 7H 2H'), (2, '3C 4C 5C 6C 7C 8C'),
         (3, '3D 4D 5D 6D 7D 8D'), (1, 'AC')], 'ok', reserve=('S',), trump='H', seed=3)
    pin('trump-9988-72-is-a-discard-on-aa5544', {1: L('9H 9H 8H 8H 7H 2H'), 2: L(''), 3: L('')},
        [(0, 'AS AS 5S 5S 4S 4S'), (1, '9H 9H 8H 8H 7H 2H'), (2, '3C 4C 5C 6C 7C 8C'),
         (3, '3D 4D 5D 6D 7D 8D'), (0, 'KS')], 'ok', reserve=('S',), trump='H', seed=3)
    pin('overtrump-884-over-977-on-544', {1: L('9H 7H 7H'), 2: L('8H 8H 4H'), 3: L('')},
        [(0, '5S 4S 4S'), (1, '9H 7H 7H'), (2, '8H 8H 4H'), (3, '3C 4C 5C'), (2, 'AC')], 'ok',
        reserve=('S',), seed=4)
    pin('trump-977-holds-against-884-on-567', {1: L('9H 7H 7H'), 2: L('8H 8H 4H'), 3: L('')},
        [(0, '7S 6S 5S'), (1, '9H 7H 7H'), (2, '8H 8H 4H'), (3, '3C 4C 5C'), (1, 'AC')], 'ok',
        reserve=('S',), seed=4)
    pin('trump-equal-level-cards-earlier-wins', {1: L('TC'), 2: L('TD'), 3: L('')},
        [(0, 'AS'), (1, 'TC'), (2, 'TD'), (3, '3C'), (1, 'AC')], 'ok', reserve=('S',), seed=5)
    # 2s as trumps (level 5): a 2D is no diamond.
    pin('twos-trump-2d-is-trump', {1: L('2D 3C')}, [(0, 'AD'), (1, '3C')], 'ok', level='5',
        trump='S', levels=(5, 2), rules={'twos_trump': True}, reserve=('D',))
    pin('twos-not-trump-2d-must-follow', {1: L('2D 3C')}, [(0, 'AD'), (1, '3C')], 'refused',
        level='5', trump='S', levels=(5, 2), reserve=('D',))
    # Declaring.
    pin('declare-lower-dealt-refused', {0: L('TH TH')}, [], 'refused', bury=False,
        pre=[{'seat': 0, 'declare': ['TH'], 'dealt': 100}, {'seat': 0, 'declare': ['TH', 'TH'], 'dealt': 90}])
    pin('declare-strengthened-own-pair', {0: L('TH TH')}, [(0, 'AS')], 'ok',
        pre=[{'seat': 0, 'declare': ['TH'], 'dealt': 50}, {'seat': 0, 'declare': ['TH', 'TH'], 'dealt': 100}])
    pin('declare-weaker-refused', {0: L('TH TH'), 1: L('TS')}, [], 'refused', bury=False,
        pre=[{'seat': 0, 'declare': ['TH', 'TH'], 'dealt': 100}, {'seat': 1, 'declare': ['TS'], 'dealt': 100}])
    pin('declare-equal-strength-refused', {0: L('TH'), 1: L('TS')}, [], 'refused', bury=False,
        pre=[{'seat': 0, 'declare': ['TH'], 'dealt': 100}, {'seat': 1, 'declare': ['TS'], 'dealt': 100}])
    pin('declare-jokers-override-pair', {0: L('TH TH'), 1: L('SJ SJ')}, [], 'ok', bury=False,
        pre=[{'seat': 0, 'declare': ['TH', 'TH'], 'dealt': 100}, {'seat': 1, 'declare': ['SJ', 'SJ'], 'dealt': 100}])
    pin('declare-single-joker-refused', {1: L('BJ')}, [], 'refused', bury=False,
        pre=[{'seat': 1, 'declare': ['BJ'], 'dealt': 100}])
    pin('declare-not-yet-dealt-refused', {1: L('3H 4H 5H 6H 7H TH')}, [], 'refused', bury=False,
        pre=[{'seat': 1, 'declare': ['TH'], 'dealt': 10}])
    pin('first-hand-first-declarer-is-banker', {1: L('2H'), 2: L('2S 2S')}, [], 'ok', level='2',
        levels=(2, 2), banker=1, first_hand=True, bury_seat=1,
        pre=[{'seat': 1, 'declare': ['2H'], 'dealt': 50}, {'seat': 2, 'declare': ['2S', '2S'], 'dealt': 100}])
    pin('first-hand-overrider-is-not-banker', {1: L('2H'), 2: L('2S 2S')}, [], 'not_your_turn', level='2',
        levels=(2, 2), banker=1, first_hand=True, bury_seat=2,
        pre=[{'seat': 1, 'declare': ['2H'], 'dealt': 50}, {'seat': 2, 'declare': ['2S', '2S'], 'dealt': 100}])
    pin('bury-by-a-non-banker-refused', {}, [], 'not_your_turn', bury_seat=1)
    pin('lead-before-bury-refused', {}, [(0, 'AS')], 'refused', bury=False)
    # Whole hands (independent referee above).
    search('level-da-guang-up-3', lambda p, o, r: p <= 0, decks=1, levels=(2, 2))
    search('level-xiao-guang-up-2', lambda p, o, r: 0 < p < 20, decks=1, levels=(2, 2))
    search('level-banker-up-1', lambda p, o, r: 20 <= p < 40, decks=1, levels=(3, 2), banker=1)
    search('level-attackers-take-bank', lambda p, o, r: 40 <= p < 60, decks=1, levels=(2, 4), banker=2)
    search('level-attackers-up-1', lambda p, o, r: 60 <= p < 80, decks=1, levels=(2, 2), banker=3)
    search('level-attackers-up-2', lambda p, o, r: 80 <= p, decks=1, levels=(2, 2))
    search('level-capped-at-ace-match-won', lambda p, o, r: p <= 0 or 0 < p < 20, decks=1, levels=(13, 2))
    search('kitty-power-pair-times-4', lambda p, o, r: o['kitty_multiplier'] == 4 and o['kitty_points'] > 0,
           decks=2, levels=(2, 2), pair_last=True)
    search('kitty-double-pair-times-2', lambda p, o, r: o['kitty_multiplier'] == 2 and o['kitty_points'] > 0,
           decks=2, levels=(2, 2), pair_last=True, rules={'kitty_multiplier': 'double'})
    search('kitty-single-times-2', lambda p, o, r: o['kitty_multiplier'] == 2 and o['kitty_points'] > 0,
           decks=1, levels=(2, 2))
    search('kitty-banker-keeps-last-trick', lambda p, o, r: o['kitty_multiplier'] == 0 and o['kitty_points'] > 0,
           decks=1, levels=(2, 2))
    search('decks-3-whole-hand', lambda p, o, r: True, decks=3, levels=(6, 2), declare=True)
    search('decks-4-no-kitty', lambda p, o, r: True, decks=4, levels=(2, 9), banker=1)
    search('decks-1-declared-trump', lambda p, o, r: o['trump'] != 'none', decks=1, levels=(9, 2), declare=True)
    search('two-colors-trump-reported-as-color', lambda p, o, r: o['trump'] in ('H', 'S'), decks=1,
           levels=(7, 2), declare=True, rules={'two_colors': True})
    search('flip-kitty-decides-trump', lambda p, o, r: o['trump'] != 'none', decks=1, levels=(2, 2),
           rules={'no_declare': 'flip'})
    search('flip-joker-first-no-trump', lambda p, o, r: o['trump'] == 'none' and
           any(c in ('SJ', 'BJ') for c in r['deal']['deck'][-6:]), decks=1, levels=(2, 2), rules={'no_declare': 'flip'})
    search('throw-penalty-banker-fails', lambda p, o, r: True, decks=1, levels=(2, 2),
           throw_by='banker', rules={'throw_penalty': 10})
    search('throw-penalty-attacker-fails', lambda p, o, r: True, decks=1, levels=(2, 2),
           throw_by='attackers', rules={'throw_penalty': 10})
    search('throw-no-penalty-by-default', lambda p, o, r: True, decks=1, levels=(2, 2), throw_by='banker')
    search('pass-a-banker-wins-at-ace', lambda p, o, r: p < 40, decks=1, levels=(14, 5),
           rules={'goal': 'pass_a'})

# The reason each refusal must give (paiju replay's "message"), checked by
# hand against the rules: a record refused for another reason fails.
MESSAGES = {
    'decks-4-free-choice-shorter-tractor-refused':
        'you must play your tractor A♠ A♠ K♠ K♠ Q♠ Q♠ J♠ J♠ or your two fours K♠ K♠ K♠ K♠ 2♠ 2♠ 2♠ 2♠ on this lead',
    'decks-4-tractor-of-four-pairs-on-two-quads-refused': 'a tractor lead needs your tractor A♠ A♠ K♠ K♠ Q♠ Q♠ J♠ J♠',
    'decks-4-two-quads-on-tractor-of-four-pairs-refused': 'you must play your two fours K♠ K♠ K♠ K♠ 2♠ 2♠ 2♠ 2♠ on this lead',
    'decks-4-two-quads-on-two-quads-refused': 'you must play your two fours K♠ K♠ K♠ K♠ 9♠ 9♠ 9♠ 9♠ on this lead',
    'decks-4-list-1-quad-before-four-pairs-refused': 'you must play your four of a kind A♠ A♠ A♠ A♠ on this lead',
    'decks-4-list-1-two-triples-refused': 'you must play your two triples K♠ K♠ K♠ 8♠ 8♠ 8♠ on this lead',
    'decks-4-list-1-triple-before-four-pairs-refused': 'you must play your triple K♠ K♠ K♠ on this lead',
    'decks-4-list-1-tractor-before-quad-refused': 'a tractor lead needs your tractor 9♠ 9♠ 8♠ 8♠',
    'decks-4-list-2-quad-triple-and-single-refused': 'you must play your pair 8♠ 8♠ on this lead',
    'decks-4-list-2-tractor-triple-and-single-refused': 'you must play your pair 6♠ 6♠ on this lead',
    'decks-4-list-3-free-choice-refused':
        'you must play your tractor K♠ K♠ Q♠ Q♠ J♠ J♠ or your tractor 4♠ 4♠ 4♠ 5♠ 5♠ 5♠ on this lead',
    'decks-4-list-3-tractor-of-triples-refused': 'a tractor lead needs your tractor 5♠ 5♠ 5♠ 4♠ 4♠ 4♠',
    'decks-4-list-3-quad-before-tractor-refused': 'you must play your four of a kind A♠ A♠ A♠ A♠ on this lead',
    'decks-4-list-4-tractor-of-triples-refused': 'a tractor lead needs your tractor 9♠ 9♠ 9♠ 8♠ 8♠ 8♠',
    'decks-4-list-4-tractor-of-three-pairs-before-quad-refused': 'a tractor lead needs your tractor 9♠ 9♠ 8♠ 8♠ 7♠ 7♠',
    'decks-4-list-4-quad-before-tractor-refused': 'you must play your four of a kind A♠ A♠ A♠ A♠ on this lead',
    'decks-4-list-4-two-triples-refused': 'you must play your two triples K♠ K♠ K♠ 8♠ 8♠ 8♠ on this lead',
    'decks-4-list-4-triple-before-three-pairs-refused': 'you must play your triple K♠ K♠ K♠ on this lead',
    'decks-4-list-5-quad-refused': 'you must play your four of a kind 5♠ 5♠ 5♠ 5♠ on this lead',
    'decks-4-list-5-tractor-before-two-pairs-refused': 'you must play your tractor 9♠ 9♠ 8♠ 8♠ on this lead',
    'decks-4-list-5-two-pairs-before-a-triple-refused': 'you must play your pair 9♠ 9♠ on this lead',
    'decks-4-list-5-triple-before-a-pair-refused': 'you must play your triple K♠ K♠ K♠ on this lead',
    'decks-4-list-6-free-choice-refused':
        'you must play your tractor 4♠ 4♠ 3♠ 3♠ or your four of a kind A♠ A♠ A♠ A♠ on this lead',
    'decks-4-list-6-quad-before-two-pairs-refused': 'you must play your four of a kind A♠ A♠ A♠ A♠ on this lead',
    'bury-card-not-held-refused': 'A♥ Q♥ BJ BJ 7♠ A♦ 4♣ 2♠ is not in your hand and the kitty',
    'bury-wrong-count-refused': 'bury exactly 8 cards, not 7',
    'decks-3-big-jokers-under-three-level-cards-refused': 'BJ BJ does not beat the standing declaration 10♥ 10♥ 10♥',
    'decks-3-tractor-of-pairs-before-two-triples-refused': 'a tractor lead needs your tractor 9♠ 9♠ 8♠ 8♠',
    'decks-3-triple-counts-as-a-pair-refused': 'you must play your pair 9♠ 9♠ on this lead',
    'decks-3-tractor-of-triples-counts-as-pairs-refused': 'a tractor lead needs your tractor 9♠ 9♠ 8♠ 8♠',
    'decks-3-triple-on-triple-refused': 'you must play your triple 9♠ 9♠ 9♠ on this lead',
    'decks-4-bury-refused': 'there is no kitty with 4 decks: lead',
    'declare-after-bury-refused': 'declaring is over',
    'declare-two-suits-refused': '10♥ 10♠ is no declaration: the cards are not all the same (the level is 10)',
    'decks-4-four-level-cards-refused': '10♥ 10♥ 10♥ 10♥ is no declaration: a declaration is at most three cards (the level is 10)',
    'declare-dealt-beyond-the-deal-refused': '`dealt` is 1 to 100, not 101',
    'declare-equal-strength-refused': '10♠ does not beat the standing declaration 10♥',
    'declare-lower-dealt-refused': 'a declaration after 90 cards comes before one already made after 100',
    'declare-not-yet-dealt-refused': '10♥ is not among your first cards after 10 were dealt',
    'declare-own-team-level-refused': '2♥ is no declaration: only level cards or a pair of jokers declare (the level is 10)',
    'declare-single-joker-refused': 'BJ is no declaration: only level cards or a pair of jokers declare (the level is 10)',
    'declare-weaker-refused': '10♠ does not beat the standing declaration 10♥ 10♥',
    'follow-count-refused': 'play 1 card, as many as the lead',
    'follow-pair-on-pair-refused': 'you must play your pair 7♠ 7♠ on this lead',
    'follow-shorter-tractor-on-longer-tractor-refused': 'a tractor lead needs your tractor 9♠ 9♠ 8♠ 8♠',
    'follow-short-holding-back-refused': 'you must follow spades: you hold 1',
    'follow-suit-refused': 'you must follow spades: you hold 1',
    'follow-throw-pair-refused': 'you must play your pair Q♠ Q♠ on this lead',
    'follow-tractor-one-pair-refused': 'you must play your pair 9♠ 9♠ on this lead',
    'follow-tractor-two-pairs-refused': 'you must play your pair 9♠ 9♠ on this lead',
    'follow-tractor-with-tractor-refused': 'a tractor lead needs your tractor 9♠ 9♠ 8♠ 8♠',
    'follow-trump-lead-refused': 'you must follow trumps: you hold 1',
    'lead-before-bury-refused': 'bury the kitty before the first lead',
    'lead-mixed-suits-refused': 'A♠ A♣: a lead is of one suit (or all trumps)',
    'play-card-not-held-refused': 'K♠ is not in your hand',
    'two-colors-tractor-followed-refused': 'a tractor lead needs your tractor 4♥ 4♦ 3♥ 3♦',
    'twos-not-trump-2d-must-follow': 'you must follow diamonds: you hold 1',
    'twos-trump-tractor-of-twos-refused': 'a tractor lead needs your tractor A♠ A♠ 2♣ 2♣',
    'unit-ace-level-tractor': 'a tractor lead needs your tractor K♥ K♥ Q♥ Q♥',
    'unit-jokers-tractor-needs-tractor': 'a tractor lead needs your tractor 10♠ 10♠ 10♥ 10♥',
    'unit-level-cards-tractor': 'a tractor lead needs your tractor A♥ A♥ 10♣ 10♣',
    'unit-level-joker-tractor': 'a tractor lead needs your tractor A♥ A♥ 10♠ 10♠',
    'unit-plain-tractor-skips-level': 'a tractor lead needs your tractor K♠ K♠ Q♠ Q♠',
}


def audit():
    """Records added by the line-by-line audit of the rules file (issue #15):
    the rules and options no record pinned before (tests/records/shengji/COVERAGE.md)."""
    # Declaring: 自反 (a pair of another suit over one's own single) sets
    # that suit: AH is then a plain heart, and seat 1's 3S trumps it.
    pin('declare-self-turned-to-another-suit-with-a-pair', {0: L('TH TS TS'), 1: L('3S'),
                                                            2: L('4H'), 3: L('5H')},
        [(0, 'AH'), (1, '3S'), (2, '4H'), (3, '5H'), (1, 'AC')], 'ok', trump='S', reserve=('H',),
        pre=[{'seat': 0, 'declare': ['TH'], 'dealt': 50}, {'seat': 0, 'declare': ['TS', 'TS'], 'dealt': 100}])
    # 反无主: two small jokers over a pair of hearts: no trump, so seat 1's 3H
    # is a plain heart on a spade lead and the ace wins.
    pin('declare-jokers-override-then-no-trump', {0: L('TH TH'), 1: L('SJ SJ 3H'), 2: L('4S'), 3: L('5S')},
        [(0, 'AS'), (1, '3H'), (2, '4S'), (3, '5S'), (0, 'AC')], 'ok', trump=None, reserve=('S',),
        pre=[{'seat': 0, 'declare': ['TH', 'TH'], 'dealt': 100}, {'seat': 1, 'declare': ['SJ', 'SJ'], 'dealt': 100}])
    # The level rank is the banker side's (10 here), not the declarer's own team's (2).
    pin('declare-own-team-level-refused', {1: L('2H')}, [], 'refused', trump=None, bury=False,
        pre=[{'seat': 1, 'declare': ['2H'], 'dealt': 100}])
    # Two level cards of different suits are no pair; no declaration takes four cards.
    pin('declare-two-suits-refused', {1: L('TH TS')}, [], 'refused', trump=None, bury=False,
        pre=[{'seat': 1, 'declare': ['TH', 'TS'], 'dealt': 100}])
    pin('decks-4-four-level-cards-refused', {1: L('TH TH TH TH')}, [], 'refused', decks=4, trump=None,
        bury=False, pre=[{'seat': 1, 'declare': ['TH', 'TH', 'TH', 'TH'], 'dealt': 216}])
    pin('declare-dealt-beyond-the-deal-refused', {1: L('TS')}, [], 'refused', trump=None, bury=False,
        pre=[{'seat': 1, 'declare': ['TS'], 'dealt': 101}])
    # The first bury closes the declaring.
    pin('declare-after-bury-refused', {0: L('TH'), 1: L('TS TS')}, [], 'refused',
        post=[{'seat': 1, 'declare': ['TS', 'TS'], 'dealt': 100}])
    # Three decks: every strength of the table in turn (1 … 7), then no trump.
    pin('decks-3-every-declaration-strength', {0: L('TH TH TH'), 1: L('SJ SJ SJ 3H'),
                                               2: L('BJ BJ BJ 4S'), 3: L('TS TS 5S')},
        [(0, 'AS'), (1, '3H'), (2, '4S'), (3, '5S'), (0, 'AC')], 'ok', decks=3, trump=None,
        reserve=('S',), pre=[
            {'seat': 0, 'declare': ['TH'], 'dealt': 156},
            {'seat': 3, 'declare': ['TS', 'TS'], 'dealt': 156},
            {'seat': 1, 'declare': ['SJ', 'SJ'], 'dealt': 156},
            {'seat': 2, 'declare': ['BJ', 'BJ'], 'dealt': 156},
            {'seat': 0, 'declare': ['TH', 'TH', 'TH'], 'dealt': 156},
            {'seat': 1, 'declare': ['SJ', 'SJ', 'SJ'], 'dealt': 156},
            {'seat': 2, 'declare': ['BJ', 'BJ', 'BJ'], 'dealt': 156}])
    pin('decks-3-big-jokers-under-three-level-cards-refused', {0: L('TH TH TH'), 1: L('BJ BJ')}, [],
        'refused', decks=3, bury=False, pre=[
            {'seat': 0, 'declare': ['TH', 'TH', 'TH'], 'dealt': 156},
            {'seat': 1, 'declare': ['BJ', 'BJ'], 'dealt': 156}])
    # Three decks, following a tractor of triples (seed 3.3.3): a tractor of
    # pairs before two triples; and a triple lead wants the triple.
    pin('decks-3-tractor-of-pairs-before-two-triples-refused',
        {1: L('9S 9S 8S 8S QS QS QS 6S 6S 6S'), 2: L('2S'), 3: L('5S')},
        [(0, 'AS AS AS KS KS KS'), (1, 'QS QS QS 6S 6S 6S')], 'refused', decks=3, reserve=('S',))
    pin('decks-3-tractor-of-pairs-on-tractor-of-triples',
        {1: L('9S 9S 8S 8S QS QS QS 6S 6S 6S'), 2: L('2S 3S 4S 5S 7S 7S'), 3: L('JS JS 2S 3S 4S 5S')},
        [(0, 'AS AS AS KS KS KS'), (1, '9S 9S 8S 8S QS 6S'), (2, '2S 3S 4S 5S 7S 7S'),
         (3, 'JS JS 2S 3S 4S 5S'), (0, 'AC')], 'ok', decks=3, reserve=('S',))
    # "A longer unit always counts also as the shorter ones it contains":
    # a triple is a pair on a pair lead, a tractor of triples a tractor of pairs.
    pin('decks-3-triple-counts-as-a-pair-refused', {1: L('9S 9S 9S 3S 4S'), 2: L('2S'), 3: L('5S')},
        [(0, 'AS AS'), (1, '9S 3S')], 'refused', decks=3, reserve=('S',))
    pin('decks-3-triple-counts-as-a-pair', {1: L('9S 9S 9S 3S 4S'), 2: L('2S 6C'), 3: L('5S 6D')},
        [(0, 'AS AS'), (1, '9S 9S'), (2, '2S 6C'), (3, '5S 6D'), (0, 'AC')], 'ok', decks=3, reserve=('S',))
    pin('decks-3-tractor-of-triples-counts-as-pairs-refused',
        {1: L('9S 9S 9S 8S 8S 8S 3S'), 2: L('2S'), 3: L('5S')},
        [(0, 'KS KS QS QS'), (1, '9S 9S 8S 3S')], 'refused', decks=3, reserve=('S',))
    pin('decks-3-triple-on-triple-refused', {1: L('9S 9S 9S 8S 8S 3S'), 2: L('2S'), 3: L('5S')},
        [(0, 'AS AS AS'), (1, '9S 8S 8S')], 'refused', decks=3, reserve=('S',))
    # Kitty sizes refused: 8 cards with 2 decks, none with 4.
    pin('bury-wrong-count-refused', {}, [], 'refused', bury_cards=lambda h, k: k[:7])
    pin('bury-card-not-held-refused', {}, [], 'refused',
        bury_cards=lambda h, k: k[:7] + [next(c for c in full_deck(1) if c not in h and c not in k)])
    pin('decks-4-bury-refused', {}, [], 'refused', decks=4, bury_cards=lambda h, k: h[:6])
    pin('play-card-not-held-refused', {1: L('3S')}, [(0, 'AS')], 'refused', reserve=('S',),
        tail=[{'seat': 1, 'play': ['KS']}])
    # 2 常主 (level 5, trump spades): BJ > SJ > 5S > other 5s > 2S > other 2s > AS.
    pin('twos-trump-order', {1: L('2D 3S BJ'), 2: L('2S 4S 6S'), 3: L('5H 5D 7S')},
        [(0, 'AS'), (1, '2D'), (2, '2S'), (3, '5H'),
         (3, '5D'), (0, '5S'), (1, '3S'), (2, '4S'),
         (0, 'SJ'), (1, 'BJ'), (2, '6S'), (3, '7S'), (1, 'AC')], 'ok', level='5', trump='S',
        levels=(5, 2), rules={'twos_trump': True}, reserve=('T',))
    # 2S 2S 2D 2D and AS AS 2C 2C are tractors when 2s are trumps.
    pin('twos-trump-tractor-of-twos-refused', {1: L('AS AS 2C 2C 3S 3S'), 2: L('4S'), 3: L('6S')},
        [(0, '2S 2S 2D 2D'), (1, 'AS AS 3S 3S')], 'refused', level='5', trump='S',
        levels=(5, 2), rules={'twos_trump': True})
    # two_colors (one deck, level 7): 7H 7D declare as a pair over 7S.
    pin('two-colors-red-pair-declares', {1: L('7S 3D'), 2: L('7H 7D 4S 6S 8S 9S'), 3: L('5S 3C 4C 6C')},
        [(0, 'AS'), (1, '3D'), (2, '4S'), (3, '5S'), (1, 'AH')], 'ok', level='7', trump='H',
        levels=(7, 2), decks=1, rules={'two_colors': True}, reserve=('S',), pre=[
            {'seat': 1, 'declare': ['7S'], 'dealt': 48},
            {'seat': 2, 'declare': ['7H', '7D'], 'dealt': 48}])
    # ... and a red tractor 9H 9D 8H 8D is followed by the red tractor 4H 4D 3H 3D.
    pin('two-colors-tractor-followed-refused', {1: L('4H 4D 3H 3D 6H'), 2: L('2H'), 3: L('JD')},
        [(0, '9H 9D 8H 8D'), (1, '4H 4D 6H 3H')], 'refused', level='7', trump='S',
        levels=(7, 2), decks=1, rules={'two_colors': True}, reserve=('H',))
    # A throw of two equal pairs (level cards) fails to TH TH: the pair listed
    # first (TC TC) is played, TS TS stays in the hand and is played later.
    pin('throw-equal-units-first-listed-is-played', {1: L('3H 4H 5S 6S'), 2: L('TH TH SJ SJ'), 3: L('5H 6H 3S 4S')},
        [(0, 'TC TC TS TS'), (1, '3H 4H'), (2, 'TH TH'), (3, '5H 6H'),
         (2, 'SJ SJ'), (3, '3S 4S'), (0, 'TS TS'), (1, '5S 6S'), (2, 'AC')], 'ok', reserve=('T',))
    # Trumping a pair: a trump pair wins, a higher pair over-trumps, two
    # higher trumps that are no pair are a discard.
    pin('trump-pair-on-pair-lead', {1: L('9H 9H'), 2: L('AH KH'), 3: L('QH QH')},
        [(0, '4S 4S'), (1, '9H 9H'), (2, 'AH KH'), (3, 'QH QH'), (3, 'AC')], 'ok', reserve=('S',))
    # Seed 3.1.4 "其余家有拖拉机必须出拖拉机": without a tractor as long as
    # the lead's, the longest one held (9S 9S 8S 8S), then pairs.
    pin('follow-shorter-tractor-on-longer-tractor-refused', {1: L('9S 9S 8S 8S 6S 6S 4S 4S 2S')},
        [(0, 'KS KS QS QS JS JS'), (1, '9S 9S 6S 6S 4S 4S')], 'refused', reserve=('S',))
    pin('follow-shorter-tractor-on-longer-tractor', {1: L('9S 9S 8S 8S 6S 6S 4S 4S 2S'),
                                                     2: L('3S 5S'), 3: L('7S')},
        [(0, 'KS KS QS QS JS JS'), (1, '9S 9S 8S 8S 4S 4S'), (2, '3S 5S 3C 4C 5C 6C'),
         (3, '7S 3D 4D 5D 6D 7D'), (0, 'AC')], 'ok', reserve=('S',))
    # Four decks, seed 3.4.5 list 1 (on 44556677): "1连4或2个4张(出牌可选)":
    # two quads rank with a tractor of four pairs, above a tractor of three
    # pairs and a pair (KS KS QS QS JS JS here); holding both, either.
    quads = L('KS KS KS KS 2S 2S 2S 2S QS QS JS JS 3S 3S 9S')
    both = L('AS AS KS KS KS KS 2S 2S 2S 2S QS QS JS JS 3S')
    lead8 = (0, '4S 4S 5S 5S 6S 6S 7S 7S')
    discards = [(2, '3C 4C 5C 6C 7C 8C 9C JC'), (3, '3D 4D 5D 6D 7D 8D 9D JD'), (0, 'AC')]
    pin('decks-4-two-quads-on-tractor-of-four-pairs', {1: quads},
        [lead8, (1, 'KS KS KS KS 2S 2S 2S 2S')] + discards, 'ok', decks=4, reserve=('S',))
    pin('decks-4-two-quads-on-tractor-of-four-pairs-refused', {1: quads},
        [lead8, (1, 'KS KS QS QS JS JS 3S 3S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-free-choice-two-quads', {1: both},
        [lead8, (1, 'KS KS KS KS 2S 2S 2S 2S')] + discards, 'ok', decks=4, reserve=('S',))
    # (the higher tractor wins the trick: seat 1 leads next)
    pin('decks-4-free-choice-tractor-of-four-pairs', {1: both},
        [lead8, (1, 'AS AS KS KS QS QS JS JS')] + discards[:2] + [(1, 'AC')], 'ok', decks=4,
        reserve=('S',))
    pin('decks-4-free-choice-shorter-tractor-refused', {1: both},
        [lead8, (1, 'AS AS KS KS KS KS QS QS')], 'refused', decks=4, reserve=('S',))
    # List 2 (on 44445555): two quads (any two levels), then a tractor of
    # four pairs ("1连4"), before a tractor of triples (the list's "2个3张").
    quads = L('KS KS KS KS 9S 9S 9S 9S QS QS JS JS 8S 8S 3S')
    pairs = L('AS AS AS KS KS KS QS QS JS JS 3S')
    lead8 = (0, '4S 4S 4S 4S 5S 5S 5S 5S')
    pin('decks-4-two-quads-on-two-quads', {1: quads},
        [lead8, (1, 'KS KS KS KS 9S 9S 9S 9S')] + discards, 'ok', decks=4, reserve=('S',))
    pin('decks-4-two-quads-on-two-quads-refused', {1: quads},
        [lead8, (1, 'KS KS QS QS JS JS 9S 9S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-tractor-of-four-pairs-on-two-quads', {1: pairs},
        [lead8, (1, 'AS AS KS KS QS QS JS JS')] + discards, 'ok', decks=4, reserve=('S',))
    pin('decks-4-tractor-of-four-pairs-on-two-quads-refused', {1: pairs},
        [lead8, (1, 'AS AS AS KS KS KS QS JS')], 'refused', decks=4, reserve=('S',))
    # Seed 3.4.5 lists 1 and 2 below the tractors: a quad (and two pairs,
    # one, none), then two triples, then a triple, before plain pairs; a
    # tractor of two pairs still before a quad. Neither has the lead's
    # format, so the leader wins and leads again.
    lead8 = (0, '4S 4S 5S 5S 6S 6S 7S 7S')
    quad = L('AS AS AS AS QS QS 8S 8S 5S 5S 3S 2S')
    pin('decks-4-list-1-quad-and-two-pairs', {1: quad},
        [lead8, (1, 'AS AS AS AS QS QS 8S 8S')] + discards, 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-1-quad-before-four-pairs-refused', {1: quad},
        [lead8, (1, 'AS AS QS QS 8S 8S 5S 5S')], 'refused', decks=4, reserve=('S',))
    triples = L('KS KS KS 8S 8S 8S 5S 5S JS 3S 2S')
    pin('decks-4-list-1-two-triples-and-a-pair', {1: triples},
        [lead8, (1, 'KS KS KS 8S 8S 8S 5S 5S')] + discards, 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-1-two-triples-refused', {1: triples},
        [lead8, (1, 'KS KS KS 5S 5S 8S 8S JS')], 'refused', decks=4, reserve=('S',))
    triple = L('KS KS KS JS JS 8S 8S 5S 5S 3S 3S')
    pin('decks-4-list-1-triple-and-two-pairs', {1: triple},
        [lead8, (1, 'KS KS KS JS JS 8S 8S 5S')] + discards, 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-1-triple-before-four-pairs-refused', {1: triple},
        [lead8, (1, 'JS JS 8S 8S 5S 5S 3S 3S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-1-tractor-before-quad-refused', {1: L('9S 9S 8S 8S AS AS AS AS QS QS 3S 3S')},
        [lead8, (1, 'AS AS AS AS QS QS 3S 3S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-1-tractor-and-quad', {1: L('9S 9S 8S 8S AS AS AS AS QS QS 3S 3S')},
        [lead8, (1, 'AS AS AS AS 9S 9S 8S 8S')] + discards, 'ok', decks=4, reserve=('S',))
    lead8 = (0, '4S 4S 4S 4S 5S 5S 5S 5S')
    quad = L('AS AS AS AS QS QS QS 8S 8S 3S 2S')
    pin('decks-4-list-2-quad-and-two-pairs', {1: quad},
        [lead8, (1, 'AS AS AS AS QS QS 8S 8S')] + discards, 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-2-quad-triple-and-single-refused', {1: quad},
        [lead8, (1, 'AS AS AS AS QS QS QS 8S')], 'refused', decks=4, reserve=('S',))
    tractor = L('9S 9S 8S 8S KS KS KS 6S 6S 3S')
    pin('decks-4-list-2-tractor-and-two-pairs', {1: tractor},
        [lead8, (1, '9S 9S 8S 8S KS KS 6S 6S')] + discards, 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-2-tractor-triple-and-single-refused', {1: tractor},
        [lead8, (1, '9S 9S 8S 8S KS KS KS 3S')], 'refused', decks=4, reserve=('S',))
    # List 3 (on 667788): "有667788和JJJQQQ的时候,出牌是可选的"; then a quad
    # and a pair, then a tractor of two pairs and a pair. KK QQ JJ has the
    # format and is higher: seat 1 leads next; 444 555 has not.
    d6 = [(2, '3C 4C 5C 6C 7C 8C'), (3, '3D 4D 5D 6D 7D 8D')]
    lead6 = (0, '6S 6S 7S 7S 8S 8S')
    both = L('KS KS QS QS JS JS 4S 4S 4S 5S 5S 5S 2S')
    pin('decks-4-list-3-free-choice-tractor-of-pairs', {1: both},
        [lead6, (1, 'KS KS QS QS JS JS')] + d6 + [(1, 'AC')], 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-3-free-choice-tractor-of-triples', {1: both},
        [lead6, (1, '4S 4S 4S 5S 5S 5S')] + d6 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-3-free-choice-refused', {1: both},
        [lead6, (1, 'KS KS QS QS 5S 5S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-3-tractor-of-triples-refused', {1: L('5S 5S 5S 4S 4S 4S KS KS QS QS 2S')},
        [lead6, (1, 'KS KS QS QS 5S 5S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-3-tractor-of-triples', {1: L('5S 5S 5S 4S 4S 4S KS KS QS QS 2S')},
        [lead6, (1, '5S 5S 5S 4S 4S 4S')] + d6 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-3-tractor-and-a-pair', {1: L('KS KS QS QS 5S 5S 3S 3S 9S')},
        [lead6, (1, 'KS KS QS QS 5S 5S')] + d6 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    quad = L('AS AS AS AS QS QS JS JS 3S 3S 5S')
    pin('decks-4-list-3-quad-and-a-pair', {1: quad},
        [lead6, (1, 'AS AS AS AS 3S 3S')] + d6 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-3-quad-before-tractor-refused', {1: quad},
        [lead6, (1, 'QS QS JS JS 3S 3S')], 'refused', decks=4, reserve=('S',))
    # List 4 (on JJJQQQ, here 333444): a tractor of triples, one of three
    # pairs, a quad, a tractor of two pairs, two triples, a triple, pairs.
    lead6 = (0, '3S 3S 3S 4S 4S 4S')
    pin('decks-4-list-4-tractor-of-triples-refused', {1: L('9S 9S 9S 8S 8S 8S KS KS QS QS JS JS')},
        [lead6, (1, 'KS KS QS QS JS JS')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-4-tractor-of-three-pairs-before-quad-refused',
        {1: L('9S 9S 8S 8S 7S 7S AS AS AS AS 5S')},
        [lead6, (1, 'AS AS AS AS 9S 9S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-4-tractor-of-three-pairs', {1: L('9S 9S 8S 8S 7S 7S AS AS AS AS 5S')},
        [lead6, (1, '9S 9S 8S 8S 7S 7S')] + d6 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-4-quad-before-tractor-refused', {1: L('AS AS AS AS QS QS JS JS 5S 5S')},
        [lead6, (1, 'QS QS JS JS 5S 5S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-4-quad-and-a-pair', {1: L('AS AS AS AS QS QS JS JS 5S 5S')},
        [lead6, (1, 'AS AS AS AS 5S 5S')] + d6 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    triples = L('KS KS KS 8S 8S 8S 5S 5S 2S')
    pin('decks-4-list-4-two-triples', {1: triples},
        [lead6, (1, 'KS KS KS 8S 8S 8S')] + d6 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-4-two-triples-refused', {1: triples},
        [lead6, (1, 'KS KS KS 5S 5S 8S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-4-triple-before-three-pairs-refused', {1: L('KS KS KS 8S 8S 5S 5S 2S')},
        [lead6, (1, 'KS KS 8S 8S 5S 5S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-4-triple-pair-and-single', {1: L('KS KS KS 8S 8S 5S 5S 2S')},
        [lead6, (1, 'KS KS KS 8S 8S 5S')] + d6 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    # List 5 (on AAAA): a quad, a tractor, two pairs, a triple and a single,
    # a pair and two singles.
    d4 = [(2, '3C 4C 5C 6C'), (3, '3D 4D 5D 6D')]
    lead4 = (0, 'AS AS AS AS')
    pin('decks-4-list-5-quad-refused', {1: L('5S 5S 5S 5S 9S 9S 8S 8S')},
        [lead4, (1, '9S 9S 8S 8S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-5-quad', {1: L('5S 5S 5S 5S 9S 9S 8S 8S')},
        [lead4, (1, '5S 5S 5S 5S')] + d4 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-5-tractor-before-two-pairs-refused', {1: L('9S 9S 8S 8S KS KS 3S')},
        [lead4, (1, 'KS KS 9S 9S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-5-tractor', {1: L('9S 9S 8S 8S KS KS 3S')},
        [lead4, (1, '9S 9S 8S 8S')] + d4 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    pairs = L('KS KS KS 9S 9S 5S 2S')
    pin('decks-4-list-5-two-pairs-before-a-triple', {1: pairs},
        [lead4, (1, 'KS KS 9S 9S')] + d4 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-5-two-pairs-before-a-triple-refused', {1: pairs},
        [lead4, (1, 'KS KS KS 5S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-5-triple-before-a-pair-refused', {1: L('KS KS KS 9S 5S 2S')},
        [lead4, (1, 'KS KS 9S 5S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-5-triple-and-single', {1: L('KS KS KS 9S 5S 2S')},
        [lead4, (1, 'KS KS KS 2S')] + d4 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    # List 6 (on 7788): "有4个(AAAA)和拖拉机(3344)出牌可选"; then two pairs.
    lead4 = (0, '7S 7S 8S 8S')
    both = L('AS AS AS AS 4S 4S 3S 3S 9S')
    pin('decks-4-list-6-free-choice-quad', {1: both},
        [lead4, (1, 'AS AS AS AS')] + d4 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-6-free-choice-tractor', {1: both},
        [lead4, (1, '4S 4S 3S 3S')] + d4 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    pin('decks-4-list-6-free-choice-refused', {1: both},
        [lead4, (1, 'AS AS 4S 4S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-6-quad-before-two-pairs-refused', {1: L('AS AS AS AS QS QS 5S 5S 2S')},
        [lead4, (1, 'QS QS 5S 5S')], 'refused', decks=4, reserve=('S',))
    pin('decks-4-list-6-quad', {1: L('AS AS AS AS QS QS 5S 5S 2S')},
        [lead4, (1, 'AS AS AS AS')] + d4 + [(0, 'AC')], 'ok', decks=4, reserve=('S',))
    # Whole hands (the singles referee): the level table's edges, pass_a, flip.
    search('level-edge-p-is-step-banker-up-1', lambda p, o, r: p == 20, decks=1, levels=(2, 2))
    search('level-edge-p-is-2-steps-bank-changes', lambda p, o, r: p == 40, decks=1, levels=(2, 2))
    search('level-edge-p-is-3-steps-attackers-up-1', lambda p, o, r: p == 60, decks=1, levels=(2, 2))
    search('level-negative-points-by-penalty', lambda p, o, r: p < 0, decks=1, levels=(2, 2),
           throw_by='attackers', rules={'throw_penalty': 10})
    search('pass-a-attackers-reach-ace-no-match', lambda p, o, r: p >= 60, decks=1, levels=(5, 13),
           rules={'goal': 'pass_a'})
    search('pass-a-banker-at-ace-loses-no-match', lambda p, o, r: p >= 40, decks=1, levels=(14, 9),
           rules={'goal': 'pass_a'})
    search('reach-a-attackers-reach-ace', lambda p, o, r: p >= 60, decks=1, levels=(5, 13))
    search('flip-nothing-found-no-trump', lambda p, o, r: not any(
        c in ('SJ', 'BJ') or c[0] == '2' for c in r['deal']['deck'][-6:]), decks=1, levels=(2, 2),
           rules={'no_declare': 'flip'})
    search('flip-level-card-before-joker', lambda p, o, r: flip_order(r['deal']['deck'][-6:], '2'),
           decks=1, levels=(2, 2), rules={'no_declare': 'flip'})
    search('first-hand-nobody-declares-seat-0-banker', lambda p, o, r: True, decks=1, levels=(2, 2),
           first_hand=True)
    search('kitty-power-tractor-times-16', lambda p, o, r: o['kitty_multiplier'] == 16 and o['kitty_points'] > 0,
           decks=2, levels=(2, 2), tractor_last=True)
    # A tractor of three pairs wins the last trick: 2^6 = 64, the cap.
    search('kitty-power-tractor-of-three-pairs-times-64',
           lambda p, o, r: o['kitty_multiplier'] == 64 and o['kitty_points'] > 0,
           decks=2, levels=(2, 2), tractor_last=3)
    search('kitty-power-triple-times-8', lambda p, o, r: o['kitty_multiplier'] == 8 and o['kitty_points'] > 0,
           decks=3, levels=(2, 2), triple_last=True)


def flip_order(kitty, level):
    """A level card comes before a joker in the kitty."""
    lv = [i for i, c in enumerate(kitty) if c[0] == level and c not in ('SJ', 'BJ')]
    jk = [i for i, c in enumerate(kitty) if c in ('SJ', 'BJ')]
    return bool(lv and jk and lv[0] < jk[0])


if __name__ == '__main__':
    main()
    audit()
