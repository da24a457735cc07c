# 积分、段位与赛季（issue #35）：命令、计分牌局结果里的积分行、/段位、/排行榜 与 /赛季。

cmd-rank = 段位
    .description = 你在每种游戏的段位和积分（仅自己可见）
cmd-rank-opt-user = 用户
    .description = 查看谁的段位（默认：你自己）
cmd-rank-opt-game = 游戏
    .description = 只看一种游戏
cmd-ladder = 天梯
    .description = 本服务器某种游戏的天梯排行
cmd-ladder-opt-game = 游戏
    .description = 哪种游戏的天梯
cmd-ladder-opt-season = 赛季
    .description = 往届赛季的最终排名（默认：本赛季）
cmd-ladder-opt-page = 页
    .description = 第几页，每页 20 名（默认：第一页）
cmd-ladder-opt-public = 公开
    .description = 在频道里公布（默认：只有你看得到）
cmd-season = 赛季
    .description = 本服务器的排位赛季（需要“管理服务器”权限）
cmd-season-status = 状态
    .description = 现在是第几赛季、何时开始、已有多少计分局
cmd-season-start = 开始
    .description = 现在开始本赛季的计时（须在第一场计分局之前）
cmd-season-end = 结束
    .description = 结束本赛季：公布最终排名，所有积分软重置

choice-game-dou-dizhu = 斗地主
choice-game-duan-guozi = 端锅子
choice-game-chexuan = 扯旋
choice-game-shengji = 升级
choice-game-paohuzi = 跑胡子

# 斗地主的称号，仿欢乐斗地主。
tier-titles-0 = 短工
tier-titles-1 = 长工
tier-titles-2 = 佃户
tier-titles-3 = 贫农
tier-titles-4 = 中农
tier-titles-5 = 富农
tier-titles-6 = 掌柜
tier-titles-7 = 商人
tier-titles-8 = 小财主
tier-titles-9 = 大财主
tier-titles-10 = 小地主
tier-titles-11 = 大地主
tier-titles-12 = 知县
tier-titles-13 = 知府
tier-titles-14 = 总督
tier-titles-15 = 帝王
# 其他游戏的段位。
tier-metals-0 = 青铜
tier-metals-1 = 白银
tier-metals-2 = 黄金
tier-metals-3 = 铂金
tier-metals-4 = 钻石
tier-metals-5 = 大师
tier-metals-6 = 王者
tier-with-division = { $tier } { $division }

rating-result-title = 积分
rating-unrated-ai = 本局不计分：有 AI 在座。
rating-unrated-repeat = 本局不计分：同一批玩家今天已对局 { $count } 次。
rating-line = { $player }：{ $rating }（{ $change }）— { $tier }
rating-line-provisional = { $player }：{ $rating }（{ $change }）— 定级中，{ $games }/{ $needed } 局

rank-title = { $player } 的段位 — 第 { $season } 赛季
rank-line = **{ $game }**：{ $tier }，{ $rating } 分 · 计分 { $games } 局，胜率 { $rate }%，最长连胜 { $streak } · { $place }
rank-provisional = 定级中（{ $games }/{ $needed } 局）
rank-place = 本赛季第 { $place } 名
rank-no-place = 本赛季尚未上榜
rank-empty = { $player } 在这里还没有打过计分局。

ladder-title = { $game } 天梯 — 第 { $season } 赛季
ladder-line = { $place }. { $player } — { $rating } { $tier }（{ $games } 局胜 { $wins }）
ladder-provisional = （定级中）
ladder-empty = 还没有人打过这种游戏的计分局。
ladder-page = 第 { $page } 页

season-since-first-game = 第一场计分局
season-status = 第 { $season } 赛季，始于 { $since }：已有 { $games } 场计分局。
season-ends-at = 将于 { $when } 结束。
season-started = 第 { $season } 赛季现在开始。
season-ended = 第 { $season } 赛季结束：最终排名已保存（`/天梯 赛季:{ $season }`）。第 { $next } 赛季开始，所有积分已软重置。

err-no-such-season = 这里没有第 { $season } 赛季（现在是第 { $current } 赛季）。
err-ladder-page = 天梯只列前 { $pages } 页（{ $players } 名玩家）：请查看第 { $pages } 页或更前的页。
