# 斗地主用语：游戏名、牌型、选项、规则说明。

ddz-name = 斗地主
ddz-pattern-single = 单张
ddz-pattern-pair = 对子
ddz-pattern-trio = 三张
ddz-pattern-trio-single = 三带一
ddz-pattern-trio-pair = 三带二
ddz-pattern-straight = 顺子
ddz-pattern-pair-straight = 连对
ddz-pattern-airplane = 飞机
ddz-pattern-airplane-singles = 飞机带翅膀
ddz-pattern-airplane-pairs = 飞机带对
ddz-pattern-four-two = 四带二
ddz-pattern-four-two-pairs = 四带两对
ddz-pattern-bomb = 炸弹
ddz-pattern-rocket = 王炸
ddz-bidding-score = 叫分
ddz-bidding-rob = 抢地主
ddz-rules = **斗地主** — 三人，54 张牌。
    • 每人 17 张，3 张扣作底牌。依次叫 1、2 或 3 分（每人一次，必须比前面高）；叫分最高者当地主，拿走底牌（亮给所有人），一人对抗两个农民。无人叫分则重新发牌。
    • 牌的大小（从小到大）：3 4 5 6 7 8 9 10 J Q K A 2 小王 大王，不分花色。
    • 地主先出。每人依次出同牌型、同张数、更大的牌，或者不出。另外两人都不出时，最后出牌的人重新自由出牌。
    • 牌型：单张、对子、三张、三带一、三带二、顺子（5 张以上，3 到 A）、连对（3 对以上）、飞机（2 组以上连续三张，可带翅膀）、四带二（两张单牌或两对）、炸弹（四张同点）和王炸（大小王）。炸弹可以压任何非炸弹的牌，大炸弹压小炸弹，王炸最大。
    • 倍数：叫分，每出一个炸弹或王炸 ×2，春天（农民一张没出）或反春天（地主只出了第一手）×2。每个农民输赢 底分 × 倍数，地主输赢两人之和。
    • 本桌约定：开启底牌翻倍时，底牌含大小王 ×4；叫牌时明牌 ×3。超时的玩家由电脑托管，直到本人再次操作。
    • 用牌桌消息上的按钮和“我的手牌”操作，或输入 /出牌 牌:33344 和 /不出。
