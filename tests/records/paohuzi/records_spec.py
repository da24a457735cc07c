# The records: name, why (the reasoning from rules/paohuzi.md), the cards
# that matter, the actions, and what replay must print. Seat 0 deals unless
# said otherwise. T is the template hand (wins on 柒 or 拾 with 15 huxi).

# ----- 天胡 -----
record("tianhu-compulsory-three-ti",
       "Seat 1 is dealt three 提 (一 ×4, 二 ×4, 伍 ×4): a compulsory 天胡 before any "
       "action. huxi 9 + 9 + 12 = 30 (no 坎 among his other cards); tun ⌊(30×2 − 12)/3⌋ "
       "= 16, not 自摸 (he is not the dealer); each other player pays 16.",
       {1: "x1 x1 x1 x1 x2 x2 x2 x2 d5 d5 d5 d5 x4 x6 x8 d1 d3 d7 d9 x10"}, "x3", [],
       won(1, 30, 16, 1, [-16, 32, -16], tianhu=True, zimo=False, compulsory_tianhu=True))
record("game-over-after-tianhu",
       "The same deal: the hand ended at the deal, so any action is game_over.",
       {1: "x1 x1 x1 x1 x2 x2 x2 x2 d5 d5 d5 d5 x4 x6 x8 d1 d3 d7 d9 x10"}, "x3",
       [discard(0, "x3")], refused(0, "game_over"))
record("tianhu-compulsory-five-kan-dealer",
       "The dealer holds 提 拾 ×4 and 三 ×4, 坎 壹 (two dealt + the 亮张 壹, which counts "
       "as his), 坎 五 and 坎 九: 2 提 + 3 坎 = 5 (a 提 counts as a 坎), a compulsory "
       "天胡. huxi 12 + 9 + 6 + 3 + 3 = 33; tun ⌊(66 − 12)/3⌋ = 18, + 1 because the "
       "dealer's 天胡 is a 自摸: 19.",
       {0: "d10 d10 d10 d10 x3 x3 x3 x3 d1 d1 x5 x5 x5 x9 x9 x9 x1 x2 d4 d6"}, "d1", [],
       won(0, 33, 19, 1, [38, -19, -19], tianhu=True, zimo=True))
record("tianhu-compulsory-dealer-first",
       "The dealer and seat 1 both hold three 提: the dealer wins first. Dealer 一 二 三 "
       "×4: 27 huxi, tun ⌊(54 − 12)/3⌋ + 1 = 15.",
       {0: "x1 x1 x1 x1 x2 x2 x2 x2 x3 x3 x3 x3 x5 x7 x9 d1 d3 d5 d7 d9",
        1: "d2 d2 d2 d2 d4 d4 d4 d4 d6 d6 d6 d6 x4 x6 x8 x10 d8 d10 x5 d1"}, "x7", [],
       won(0, 27, 15, 1, [30, -15, -15], tianhu=True, zimo=True))
record("tianhu-compulsory-before-optional",
       "The dealer's 21 cards (the template and the 亮张 拾) win: an optional 天胡. But "
       "seat 1 holds 提 十 and 坎 一 二 三 四 (5 with the 提): the compulsory 天胡 goes "
       "first, without a question. huxi 9 + 4 × 3 = 21, tun ⌊(42 − 12)/3⌋ = 10.",
       {0: T, 1: "x10 x10 x10 x10 x1 x1 x1 x2 x2 x2 x3 x3 x3 x4 x4 x4 d3 d5 d8 x6"}, "d10", [],
       won(1, 21, 10, 1, [-10, 20, -10], tianhu=True, zimo=False))
record("tianhu-shown-dealer",
       "The dealer's 20 cards and his 亮张 拾 make 壹贰叁 6, 贰柒拾 6, 一二三 3 and four "
       "0-huxi sequences: 15 huxi, an optional 天胡 he takes. tun ⌊(30 − 12)/3⌋ = 6, + 1 "
       "(the dealer's 天胡 is a 自摸) = 7.",
       {0: T}, "d10", [hu(0)], won(0, 15, 7, 1, [14, -7, -7], tianhu=True, zimo=True))
record("tianhu-shown-other-seat",
       "Seat 1 holds the template and the dealer's 亮张 拾 completes it: seat 1 may win on "
       "it (optional 天胡), not a 自摸. 15 huxi, tun ⌊(30 − 12)/3⌋ = 6.",
       {1: T}, "d10", [hu(1)], won(1, 15, 6, 1, [-6, 12, -6], tianhu=True, zimo=False))
record("tianhu-shown-declined-is-chou-hu",
       "Seat 1 declines the 天胡 on the 亮张 拾 (臭胡 for 拾 until his huxi changes). The "
       "dealer discards 十; seat 1 is asked to 吃 it and passes; he draws 拾: winning on "
       "an identical card with his huxi unchanged is barred, so he is only asked to 吃 it "
       "(捌玖拾 / 贰柒拾) and {hu} is refused.",
       {1: T, 0: "x10"}, "d10", [pas(1), discard(0, "x10"), pas(1), hu(1)],
       refused(3, "illegal_action"), wall="d10", bottom="x10 x10 x10 d10")
record("chou-hu-bars-only-that-card",
       "As before seat 1 declines the 天胡 on 拾, but then draws 柒: 臭胡 bars only cards "
       "identical to the declined one, so he wins on his own draw (自摸): 15 huxi, tun "
       "⌊3/3⌋ + 1 = 2.",
       {1: T, 0: "x10"}, "d10", [pas(1), discard(0, "x10"), pas(1), hu(1)],
       won(1, 15, 2, 1, [-2, 4, -2], zimo=True, tianhu=False),
       wall="d7", bottom="x10 x10 x10 d7 d7")

# ----- two players may win on one card -----
TT = {1: T, 2: T, 0: "x10"}
record("two-winners-drawer-first",
       "Seats 1 and 2 both hold the template. The dealer discards 十, seat 1 passes its 吃 "
       "and draws 柒: both may win on it, the drawer is asked first, so seat 2's {hu} is "
       "not his turn.",
       TT, "x10", [discard(0, "x10"), pas(1), hu(2)], refused(2, "not_your_turn"),
       wall="d7", bottom="x10 x10")
record("two-winners-drawer-wins-zimo",
       "The same deal: the drawer (seat 1) wins on his own draw: 15 huxi, 自摸, tun 2.",
       TT, "x10", [discard(0, "x10"), pas(1), hu(1)],
       won(1, 15, 2, 1, [-2, 4, -2], zimo=True), wall="d7", bottom="x10 x10")
TT2 = {1: T, 2: T}
record("two-winners-next-seat-first",
       "Seat 2 deals and discards the 亮张 十; seat 0 passes its 吃 and draws 柒. Seats 1 and 2 both win on "
       "it; the drawer cannot, so the seat after the drawer (1) is asked before seat 2: "
       "seat 2's {hu} is not his turn.",
       TT2, "x10", [discard(2, "x10"), pas(0), hu(2)], refused(2, "not_your_turn"),
       wall="d7", bottom="x10 x10 x10", dealer=2)
record("two-winners-next-seat-wins",
       "The same deal: seat 1 wins on seat 0's draw: 15 huxi, not 自摸, tun ⌊3/3⌋ = 1.",
       TT2, "x10", [discard(2, "x10"), pas(0), hu(1)],
       won(1, 15, 1, 1, [-1, 2, -1], zimo=False), wall="d7", bottom="x10 x10 x10", dealer=2)

# ----- 名堂 -----
BLACK = "x1 x1 x1 x1 x3 x3 x3 x3 x4 x4 x4 x4 x5 x6 x8 x9 d1 d3 d4 d5"
record("mingtang-wu-hu",
       "Option mingtang. Seat 1: 提 一 三 四 (27 huxi, a compulsory 天胡) and only black "
       "cards: 乌胡, fan 5. tun ⌊(54 − 12)/3⌋ = 14; each other player pays 14 × 5 = 70.",
       {1: BLACK}, "x2", [],
       won(1, 27, 14, 5, [-70, 140, -70], red_cards=0, mingtang=["wu_hu", "tian_hu"]),
       rules={"mingtang": True})
record("mingtang-off-no-fan",
       "The same deal without the option: fan 1, each pays 14.",
       {1: BLACK}, "x2", [], won(1, 27, 14, 1, [-14, 28, -14], red_cards=0,
                                 mingtang=["tian_hu"]))
record("mingtang-dian-hu",
       "Option mingtang. As 乌胡 but with one red card (贰 for 伍): 点胡, fan 3: 14 × 3 = 42.",
       {1: BLACK.replace("d5", "d2")}, "x2", [],
       won(1, 27, 14, 3, [-42, 84, -42], red_cards=1, mingtang=["dian_hu", "tian_hu"]),
       rules={"mingtang": True})
record("mingtang-hong-hu",
       "Option mingtang. Seat 1: 提 二 七 十 (12 red cards, 27 huxi): 红胡, fan 2: "
       "14 × 2 = 28.",
       {1: "x2 x2 x2 x2 x7 x7 x7 x7 x10 x10 x10 x10 x1 x4 x6 x9 d1 d3 d5 d8"}, "x3", [],
       won(1, 27, 14, 2, [-28, 56, -28], red_cards=12, mingtang=["hong_hu", "tian_hu"]),
       rules={"mingtang": True})

# ----- melds on the way to a win -----
record("win-with-peng",
       "Seat 1 碰s the dealer's 伍 (big 碰: 3 huxi), discards 十 (seat 2 passes its 吃), and wins on 柒 drawn by "
       "seat 2: 碰 伍 3 + 壹贰叁 6 + 贰柒拾 6 + 一二三 3 = 18 huxi, tun 2, not 自摸.",
       {1: "d1 d2 d3 d2 d7 d10 x1 x2 x3 x4 x5 x6 x7 x8 x9 d5 d5 d8 d9 x10", 0: "d5"}, "x5",
       [discard(0, "d5"), peng(1), discard(1, "x10"), pas(2), hu(1)],
       won(1, 18, 2, 1, [-2, 4, -2], zimo=False),
       wall="d7", bottom="d5 d7 d7 x10 x10 x10")
PP = "d5 d5 d5 x9 x9 d1 d2 d3 x1 x2 x3 x4 x5 x6 d7 d8 d9 x6 x7 x8"
record("po-pao-hu-own-draw-ti",
       "Seat 1 holds 坎 伍 and passes the 吃 of the dealer's 十. He draws 伍: it makes his "
       "提, and he may win first (自摸). The split: 提 伍 12 + pair 九 + 壹贰叁 6 + 一二三 3 "
       "+ three 0-huxi groups = 21 huxi (the 坎 cannot stay whole with the extra 伍 "
       "elsewhere). tun ⌊9/3⌋ + 1 = 4.",
       {1: PP, 0: "x10"}, "x5", [discard(0, "x10"), pas(1), hu(1)],
       won(1, 21, 4, 1, [-4, 8, -4], zimo=True), wall="d5", bottom="x10 x10")
record("po-pao-hu-declined-ti-then-discard",
       "The same deal, but seat 1 declines the win: the 提 is laid out, his first 提/跑: "
       "21 cards > 20, so he discards (一).",
       {1: PP, 0: "x10"}, "x5", [discard(0, "x10"), pas(1), pas(1), discard(1, "x1")],
       going(), wall="d5", bottom="x10 x10")
record("po-pao-hu-other-draw",
       "Seat 1 holds 坎 伍 and passes the 吃 of the dealer's 十; he draws 十 (臭 to him now, "
       "so not asked), seat 2 passes its 吃 of it and draws 伍. Winning comes before the compulsory 跑 (破跑胡): "
       "seat 1 wins with 跑 伍 9 + pair 九 + 壹贰叁 6 + 一二三 3 = 18 huxi, not 自摸: tun 2.",
       {1: PP, 0: "x10"}, "x5", [discard(0, "x10"), pas(1), pas(2), hu(1)],
       won(1, 18, 2, 1, [-2, 4, -2], zimo=False), wall="x10 d5", bottom="x10")

# ----- 跑, 提 and the discard rule -----
record("pao-then-chong-pao-no-discard",
       "Seat 1 holds 坎 伍 and 坎 陆. The dealer discards 伍: a compulsory 跑, his first: 21 "
       "cards > 20, he discards 十 (seat 2 passes its 吃). Seat 2 draws 陆: seat 1's 坎 makes his second 跑 "
       "(重跑): 21 cards ≤ 20 + 1, no discard, the next seat draws; seat 1's discard is "
       "not his turn.",
       {1: "d5 d5 d5 d6 d6 d6 x10 x1 x3 x5 x7 x9 d1 d3 d8 d10 x2 x4 x6 x8", 0: "d5"}, "x5",
       [discard(0, "d5"), discard(1, "x10"), pas(2), discard(1, "x1")],
       refused(3, "not_your_turn"),
       wall="d6", bottom="x10 x10 x10")
record("pao-before-chi",
       "Seat 2 holds 坎 伍, seat 1 holds 肆 陆. The dealer's 伍 is taken by the compulsory "
       "跑 before any 吃: seat 1's 吃 is not his turn (seat 2 must discard).",
       {2: "d5 d5 d5 x10", 1: "d4 d6", 0: "d5"}, "x5",
       [discard(0, "d5"), chi(1, "d4 d5 d6")], refused(1, "not_your_turn"), bottom="x10 x10 x10")
record("pao-then-discard",
       "The same deal: after his first 跑 seat 2 has 21 cards and discards.",
       {2: "d5 d5 d5 x10", 1: "d4 d6", 0: "d5"}, "x5",
       [discard(0, "d5"), discard(2, "x10")], going(), bottom="x10 x10 x10")
record("chong-ti-no-discard",
       "Seat 1 is dealt 三 ×4 (a 提, laid out at once) and 坎 捌. After the dealer's 十 he "
       "draws 捌: a 提 (compulsory), his second: 21 cards ≤ 20 + 1, no discard, so his "
       "discard is not his turn.",
       {1: "x3 x3 x3 x3 d8 d8 d8 x1 x5 x7 x9 d1 d3 d5 d7 d10 x2 x4 x6 d4", 0: "x10"}, "x8",
       [discard(0, "x10"), pas(1), discard(1, "x1")], refused(2, "not_your_turn"),
       wall="d8", bottom="x10 x10 x10")
record("ti-on-own-draw-then-discard",
       "Seat 1 holds 坎 捌 and no 提. After the dealer's 十 he draws 捌: a 提, his first: "
       "21 cards > 20, he discards.",
       {1: "x3 x3 d8 d8 d8 x1 x5 x7 x9 d1 d3 d5 d7 d10 x2 x4 x6 d4 d2 d9", 0: "x10"}, "x8",
       [discard(0, "x10"), pas(1), discard(1, "x1")], going(),
       wall="d8", bottom="x10 x10 x10")
record("dealer-two-ti-no-first-discard",
       "The dealer is dealt 一 ×4 and 二 ×4: two 提, 21 cards ≤ 20 + 1, so he does not "
       "discard first; seat 1 draws, and the dealer's discard is not his turn.",
       {0: "x1 x1 x1 x1 x2 x2 x2 x2 x5"}, "x9", [discard(0, "x5")], refused(0, "not_your_turn"))
record("dealer-shown-card-second-ti",
       "The dealer is dealt 一 ×4 and 二 ×3; the 亮张 二 makes his second 提: he does not "
       "discard first.",
       {0: "x1 x1 x1 x1 x2 x2 x2 x5"}, "x2", [discard(0, "x5")], refused(0, "not_your_turn"))
record("two-ti-no-discard-after-peng",
       "Seat 1 is dealt two 提 and a pair of 伍; he 碰s the dealer's 伍: 21 cards ≤ 20 + 1, "
       "no discard due, so his discard is not his turn.",
       {1: "x1 x1 x1 x1 x2 x2 x2 x2 d5 d5 x10", 0: "d5"}, "x5",
       [discard(0, "d5"), peng(1), discard(1, "x10")], refused(2, "not_your_turn"),
       bottom="d5")
record("one-ti-discards-after-peng",
       "Seat 1 is dealt one 提 and a pair of 伍; after his 碰 he has 21 cards > 20 and "
       "discards.",
       {1: "x1 x1 x1 x1 x2 x2 d5 d5 x10", 0: "d5"}, "x5",
       [discard(0, "d5"), peng(1), discard(1, "x10")], going(), bottom="d5")

# ----- 比 -----
BI1 = {1: "x1 x3 x2 d2 d2", 0: "x2"}
record("bi-one-copy",
       "Seat 1 holds 一 三, one 二 and 贰 贰; he 吃s the dealer's 二 with 一 三 and must lay "
       "his own 二 out in 比 (二 贰 贰) in the same move.",
       BI1, "x5", [discard(0, "x2"), chi(1, "x1 x2 x3", "x2 d2 d2")], going(),
       bottom="x2 x2 d2 d2")
record("chi-without-bi-refused",
       "The same deal: the 吃 without the 比 group is refused.",
       BI1, "x5", [discard(0, "x2"), chi(1, "x1 x2 x3")], refused(1, "illegal_action"),
       bottom="x2 x2 d2 d2")
BI2 = {1: "x1 x2 x2 x3 x3 x4 d2 d2", 0: "x2"}
record("bi-two-copies",
       "The seed's example: seat 1 holds 一, 二 二, 三 三, 四, 贰 贰 and takes the dealer's 二. "
       "He may 碰 it, is asked that first and passes; then he 吃s with 贰 贰 and lays out "
       "both other 二 in 比: 一二三 and 二三四.",
       BI2, "x5", [discard(0, "x2"), pas(1), chi(1, "x2 d2 d2", "x1 x2 x3", "x2 x3 x4")],
       going(), bottom="x2 d2 d2 x3 x3 x1 x1 x4 x4")
record("bi-two-copies-in-one-jiao",
       "The same deal: 吃 with 一 三 and one 比 group 二 二 贰 holding both his 二.",
       BI2, "x5", [discard(0, "x2"), pas(1), chi(1, "x1 x2 x3", "x2 x2 d2")], going(),
       bottom="x2 d2 d2 x3 x3 x1 x1 x4 x4")
record("bi-two-copies-one-left-refused",
       "The same deal: 吃 with 贰 贰 and only one 比 group leaves an 二 in his hand: refused.",
       BI2, "x5", [discard(0, "x2"), pas(1), chi(1, "x2 d2 d2", "x1 x2 x3")],
       refused(2, "illegal_action"), bottom="x2 d2 d2 x3 x3 x1 x1 x4 x4")
record("chi-using-kan-refused",
       "Seat 1 holds 坎 四 and 六 七: he may 吃 the dealer's 五 with 六 七 but not with a "
       "card of his 坎.",
       {1: "x4 x4 x4 x6 x7", 0: "x5"}, "x9", [discard(0, "x5"), chi(1, "x4 x5 x6")],
       refused(1, "illegal_action"), bottom="x5 x5 x5 x4")

# ----- claim order and 臭 -----
PC = {2: "x5 x5 x10", 1: "x4 x6", 0: "x5"}
record("peng-before-chi",
       "The dealer discards 五: seat 2 may 碰 it, seat 1 may 吃 it. 碰 is asked first, so "
       "seat 1's 吃 is not his turn.",
       PC, "x9", [discard(0, "x5"), chi(1, "x4 x5 x6")], refused(1, "not_your_turn"),
       bottom="x5")
record("peng-declined-then-chi",
       "The same deal: seat 2 declines the 碰, then seat 1 may 吃.",
       PC, "x9", [discard(0, "x5"), pas(2), chi(1, "x4 x5 x6")], going(), bottom="x5")
record("peng-asked-wrong-answer",
       "The same deal: asked to 碰, seat 2 may only 碰 or pass; a discard is refused.",
       PC, "x9", [discard(0, "x5"), discard(2, "x10")], refused(1, "illegal_action"),
       bottom="x5")
record("peng-declined-is-chou",
       "Seat 2 declines the 碰 of the dealer's 五, seat 1 declines its 吃; seat 1 draws the "
       "last 五: it is 臭 to both (they declined it), so nobody is asked, it lies, and seat "
       "2 draws; his {peng} now answers another question and is refused (were 五 not 臭 "
       "he would be asked to 碰 it).",
       {2: "x5 x5", 1: "x4 x6", 0: "x5"}, "x9",
       [discard(0, "x5"), pas(2), pas(1), peng(2)], refused(3, "illegal_action"), wall="x5")
record("chi-declined-is-chou",
       "Seat 1 declines the 吃 of the dealer's 五 and then draws a 五: it is 臭 to him, he "
       "may not 吃 it.",
       {1: "x4 x6", 0: "x5"}, "x9", [discard(0, "x5"), pas(1), chi(1, "x4 x5 x6")],
       refused(2, "not_your_turn"), wall="x5", bottom="x5 x5")

# ----- refusals -----
record("discard-kan-refused",
       "The dealer may not discard a card of his 坎.",
       {0: "x4 x4 x4"}, "x9", [discard(0, "x4")], refused(0, "illegal_action"), bottom="x4")
record("discard-not-held",
       "The dealer holds no 拾.",
       {}, "x9", [discard(0, "d10")], refused(0, "illegal_action"),
       bottom="d10 d10 d10 d10")
record("not-your-turn",
       "The dealer discards first; seat 1 may not.",
       {}, "x9", [discard(1, "x1")], refused(0, "not_your_turn"))
record("bad-card",
       "十一 is not a card.",
       {}, "x9", [discard(0, "x11")], refused(0, "bad_card"))

# ----- 荒庄 and the next dealer (the shared draw example's deck) -----
_draw = json.load(open(os.path.join(HERE, "draw.json"), encoding="utf-8"))
for _before, _dealer, _after in [(0, 0, 1), (1, 0, 2), (2, 1, 0)]:
    _r = json.loads(json.dumps(_draw))
    if _before:
        _r["deal"]["drawn_in_a_row"] = _before
    RECORDS.append((
        f"draw-after-{_before}-drawn",
        "The shared draw example with {} drawn hands before it: the dealer deals again "
        "after a drawn hand, the next seat after the third in a row.".format(_before),
        _r,
        {"ok": True, "finished": True, "outcome": {
            "winner": None, "deltas": [0, 0, 0], "next_dealer": _dealer,
            "drawn_in_a_row": _after}}))

# ----- 臭偎 -----
record("chou-wei-after-declined-peng",
       "Seat 2 holds 五 五 and declines the 碰 of the dealer's 五 (seat 1 then declines its "
       "吃). Seat 1 draws 拾 (seat 2 passes its 吃); seat 2 draws the last 五: with his pair it is "
       "a compulsory 偎, a 臭偎 since he declined that 碰 (one card shown); his first "
       "take-in makes 21 cards, so he discards.",
       {2: "x5 x5 x10", 1: "x4 x6", 0: "x5"}, "x9",
       [discard(0, "x5"), pas(2), pas(1), pas(2), discard(2, "x10")], going(),
       wall="d10 x5", bottom="x10 x10 x10")

# ----- 臭: a card one discarded -----
record("own-discard-barred",
       "The dealer discards 八 while holding 七 九. Seat 1 passes its 吃; seat 2 碰s the 伍 "
       "seat 1 draws and discards his 八: the dealer, the seat after him, could 吃 it with "
       "七 九, but nobody may 吃 a card identical to one he discarded, so he is not asked "
       "and his {chi} is refused.",
       {0: "x7 x8 x9", 2: "d5 d5 x8"}, "x3",
       [discard(0, "x8"), pas(1), peng(2), discard(2, "x8"), chi(0, "x7 x8 x9")],
       refused(4, "not_your_turn"), wall="d5", bottom="x8 x8 d5 x7 x9")
