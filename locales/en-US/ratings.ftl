# Ratings, tiers (段位) and seasons (issue #35): the commands, the result
# lines of a rated game, /rank, /ladder and /season.

cmd-rank = rank
    .description = Your tier and rating in each game (privately)
cmd-rank-opt-user = user
    .description = Whose ratings to show (default: yours)
cmd-rank-opt-game = game
    .description = One game only
cmd-ladder = ladder
    .description = This server's ladder of a game
cmd-ladder-opt-game = game
    .description = Which game's ladder
cmd-ladder-opt-season = season
    .description = A past season's final ladder (default: this season)
cmd-ladder-opt-page = page
    .description = Which page of 20 (default: the top)
cmd-ladder-opt-public = public
    .description = Post it in the channel (default: only you see it)
cmd-season = season
    .description = This server's ranked seasons (Manage Server)
cmd-season-status = status
    .description = Which season this is, since when, and its rated games
cmd-season-start = start
    .description = Start this season's clock now (before its first rated game)
cmd-season-end = end
    .description = End this season: post its final ladders and softly reset every rating

choice-game-dou-dizhu = Dou Dizhu
choice-game-duan-guozi = Duan Guozi
choice-game-chexuan = Chexuan
choice-game-shengji = Shengji
choice-game-paohuzi = Paohuzi

# Dou Dizhu's titles, as 欢乐斗地主 ranks its players.
tier-titles-0 = Day labourer (短工)
tier-titles-1 = Farmhand (长工)
tier-titles-2 = Tenant (佃户)
tier-titles-3 = Poor peasant (贫农)
tier-titles-4 = Middle peasant (中农)
tier-titles-5 = Rich peasant (富农)
tier-titles-6 = Shopkeeper (掌柜)
tier-titles-7 = Merchant (商人)
tier-titles-8 = Small squire (小财主)
tier-titles-9 = Great squire (大财主)
tier-titles-10 = Small landlord (小地主)
tier-titles-11 = Great landlord (大地主)
tier-titles-12 = Magistrate (知县)
tier-titles-13 = Prefect (知府)
tier-titles-14 = Governor (总督)
tier-titles-15 = Emperor (帝王)
# The other games' ladder.
tier-metals-0 = Bronze
tier-metals-1 = Silver
tier-metals-2 = Gold
tier-metals-3 = Platinum
tier-metals-4 = Diamond
tier-metals-5 = Master
tier-metals-6 = King
tier-with-division = { $tier } { $division }

rating-result-title = Rating
rating-unrated-ai = Not rated: an AI sat at the table.
rating-unrated-repeat = Not rated: the same players have met { $count } times today.
rating-line = { $player }: { $rating } ({ $change }) — { $tier }
rating-line-provisional = { $player }: { $rating } ({ $change }) — provisional, { $games }/{ $needed } games

rank-title = { $player }'s ranks — season { $season }
rank-line = **{ $game }**: { $tier }, { $rating } · { $games } rated games, { $rate }% won, best streak { $streak } · { $place }
rank-provisional = provisional ({ $games }/{ $needed } games)
rank-place = #{ $place } this season
rank-no-place = not on this season's ladder
rank-empty = { $player } has played no rated game here.

ladder-title = { $game } ladder — season { $season }
ladder-line = { $place }. { $player } — { $rating } { $tier } ({ $wins }/{ $games } won)
ladder-provisional = (provisional)
ladder-empty = Nobody has played a rated game of this yet.
ladder-page = Page { $page }

season-since-first-game = the first rated game
season-status = Season { $season }, since { $since }: { $games } rated games.
season-ends-at = It ends { $when }.
season-started = Season { $season } starts now.
season-ended = Season { $season } is over: its final ladders are kept (`/ladder season:{ $season }`). Season { $next } begins, every rating softly reset.

err-no-such-season = There is no season { $season } here (this is season { $current }).
err-ladder-page = The ladder lists its first { $pages } pages ({ $players } players): ask for page { $pages } or an earlier one.
