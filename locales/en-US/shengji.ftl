# 升级 / 拖拉机 Shengji: refusals of the engine (src/games/shengji).

err-shengji-malformed-action = That Shengji action could not be understood.
err-shengji-declaring-closed = Declaring is over: the trump is settled.
err-shengji-declare-dealt-range = A declaration is made after 1 to { $total } cards have been dealt, not { $dealt }.
err-shengji-declare-dealt-order = A declaration after { $dealt } cards cannot come after one made after { $last }.
err-shengji-declare-not-dealt = You did not yet hold { $cards } after { $dealt } cards had been dealt.
err-shengji-declare-shape = { $cards } cannot declare: show level cards ({ $level }) or a pair of jokers, all the same.
err-shengji-declare-weaker = { $cards } does not beat the standing declaration { $standing }.
err-shengji-bury-now = The kitty is already buried.
err-shengji-no-kitty = With four decks there is no kitty: lead.
err-shengji-bury-count = Bury exactly { $count } cards (you gave { $given }).
err-shengji-bury-first = Bury the kitty before the first lead.
err-shengji-not-in-hand = You do not hold { $cards }.
err-shengji-play-empty = Play at least one card.
err-shengji-lead-mixed = { $cards }: a lead is all of one suit, or all trumps.
err-shengji-follow-count = Play { $count } cards, as many as the lead.
err-shengji-follow-suit = You must follow { $suit ->
    [trump] trumps
    [S] spades
    [H] hearts
    [C] clubs
   *[D] diamonds
}: you hold { $held }.
err-shengji-follow-tractor = A tractor lead needs your tractor { $cards }.
err-shengji-follow-pair = You must play your pair { $cards } on this lead.
err-shengji-follow-triple = You must play your triple { $cards } on this lead.
err-shengji-follow-quad = You must play your four { $cards } on this lead.

## What a hand's events and outcome say (front ends pick the id).

shengji-name = Shengji (Tractor)
shengji-declared = Seat { $seat } declares { $cards }.
shengji-trump-none = no trump
shengji-buried = The banker buries { $count } cards.
shengji-throw-failed = Seat { $seat } tried to throw { $attempted } but seat { $by } can beat it: { $played } is played.
shengji-trick-won = Seat { $seat } takes the trick ({ $points } points).
shengji-result-da-guang = The attackers took no points: the banker side goes up 3 levels.
shengji-result-xiao-guang = The attackers took { $points } points: the banker side goes up 2 levels.
shengji-result-banker-up = The attackers took { $points } points: the banker side goes up 1 level.
shengji-result-take-bank = The attackers took { $points } points and take the bank.
shengji-result-attackers-up = The attackers took { $points } points: they take the bank and go up { $levels } levels.
shengji-kitty-won = The attackers won the last trick: the kitty's { $kitty } points count × { $multiplier }.
