# 牌的显示名（点数和花色符号各语言相同）。

card-small-joker = 小王
card-big-joker = 大王
cards-none = （无）
