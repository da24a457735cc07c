//! Every sentence `paiju play` prints, in one place, so the wording can move
//! to the Fluent locale files (`locales/`) without touching the game loop.

use crate::table::{GameId, TableError};

pub const PROMPT: &str = "> ";

pub fn welcome(stake: i64, balance: i64) -> String {
    format!(
        "paiju: Dou Dizhu (斗地主) in your terminal. You sit at seat 0 against AI players.\n\
         Stake: {stake} chips per point. Your balance: {balance} chips. Type `help` at any prompt."
    )
}

pub fn help() -> &'static str {
    "Commands:\n\
     \x20 33344, 10JQKA, 3s 3h, 大王 …  play these cards (bare ranks pick from your hand)\n\
     \x20 pass (p, 不要)                 pass\n\
     \x20 1 / 2 / 3, bid N              bid (score bidding); 0 or pass to pass\n\
     \x20 call, rob, kick, counter, double, show   the bidding options the table allows\n\
     \x20 hint (h)                      what the AI would play\n\
     \x20 auto (a)                      let the AI make this move for you\n\
     \x20 hand, table                   show your hand or the table again\n\
     \x20 leave                         abandon the game (you pay the escape penalty)\n\
     \x20 help (?)                      this list"
}

pub fn seat_name(seat: usize, mine: usize) -> String {
    if seat == mine {
        "You".to_string()
    } else {
        format!("AI {seat}")
    }
}

pub fn started(game: GameId) -> String {
    format!("\n=== Game #{game} starts: new cards are dealt. ===")
}

pub fn resumed(game: GameId, version: u64) -> String {
    format!("\n=== Resuming game #{game} where it stopped (after {version} moves). ===")
}

pub fn your_turn() -> &'static str {
    "Your move."
}

pub fn you_may(options: &str) -> String {
    format!("You may: {options}")
}

pub fn refused(why: &str) -> String {
    format!("Refused: {why}. Try again (`hint` suggests a move, `help` lists commands).")
}

pub fn table_error(e: &TableError) -> String {
    match e {
        TableError::Rule(rule) => refused(&rule.message),
        other => format!("Refused: {other}."),
    }
}

pub fn not_understood(input: &str, why: &str) -> String {
    refused(&format!("`{input}`: {why}"))
}

pub fn hint(action: &str) -> String {
    format!("Hint: {action}")
}

pub fn autoplay(who: &str, on: bool) -> String {
    if on {
        format!("{who}: time ran out; the AI plays for this seat (托管) until it acts again.")
    } else {
        format!("{who}: back at the table.")
    }
}

pub fn hand(groups: &str, count: usize) -> String {
    format!("Your hand ({count}): {groups}")
}

pub fn settled_line(who: &str, chips: i64) -> String {
    if chips > 0 {
        format!("  {who}: +{chips} chips")
    } else {
        format!("  {who}: {chips} chips")
    }
}

pub fn rake(chips: i64) -> String {
    format!("  The house took {chips} chips of rake.")
}

pub fn balance(chips: i64) -> String {
    format!("Your balance: {chips} chips.")
}

pub fn choose_reading() -> &'static str {
    "Those cards can be played several ways. Type the number of the one you mean:"
}

pub fn another_game() -> &'static str {
    "Another game? [y/n]"
}

pub fn saved_on_eof(game: &str) -> String {
    format!("\nInput closed. The game is saved: run `paiju play {game}` again to continue it.")
}

pub fn goodbye() -> &'static str {
    "Thanks for playing. 再见!"
}

pub fn closed(reason: &str) -> String {
    format!("The table closed: {reason}.")
}

pub fn trouble(message: &str) -> String {
    format!("(table trouble: {message})")
}

pub fn left(who: &str) -> String {
    format!("{who} left the game.")
}

pub fn leave_confirm(penalty: u32) -> String {
    format!(
        "Leaving costs at least {penalty}× the stake. Type `leave` again to confirm, anything else to stay."
    )
}

pub fn cannot_resume(id: GameId, why: &str) -> String {
    format!("Game #{id} could not be resumed ({why}); it was cancelled and its chips released.")
}

pub fn opening_failed(e: &TableError) -> String {
    format!("paiju: cannot start a table: {e}")
}

// ---- Dou Dizhu -------------------------------------------------------------

pub mod ddz {
    /// `You bid` / `AI 1 bids`: the verb agrees with the seat's name.
    fn says(who: &str, you: &str, they: &str, rest: &str) -> String {
        let verb = if who == "You" { you } else { they };
        format!("{who} {verb}{rest}")
    }
    pub fn bid(who: &str, bid: u8) -> String {
        if bid == 0 {
            says(who, "pass", "passes", " on bidding.")
        } else {
            says(who, "bid", "bids", &format!(" {bid}."))
        }
    }
    pub fn called(who: &str) -> String {
        says(who, "call", "calls", " the landlord (叫地主).")
    }
    pub fn robbed(who: &str) -> String {
        says(who, "rob", "robs", " the landlord (抢地主).")
    }
    pub fn kicked(who: &str) -> String {
        says(who, "kick", "kicks", " (踢).")
    }
    pub fn countered(who: &str) -> String {
        says(who, "kick", "kicks", " back (反踢).")
    }
    pub fn doubled(who: &str) -> String {
        says(who, "double", "doubles", " (加倍).")
    }
    pub fn passed(who: &str) -> String {
        says(who, "pass", "passes", ".")
    }
    pub fn shown(who: &str, hand: &str) -> String {
        says(who, "show", "shows", &format!(" the hand (明牌): {hand}"))
    }
    pub fn landlord(who: &str, kitty: &str, base: u32) -> String {
        says(
            who,
            "are",
            "is",
            &format!(" the landlord (地主) at {base}; the kitty: {kitty}"),
        )
    }
    pub fn played(who: &str, cards: &str, what: &str, left: u8) -> String {
        says(
            who,
            "play",
            "plays",
            &format!(" {cards}  ({what}; {left} left)"),
        )
    }
    pub fn lead(who: &str) -> String {
        format!("Everyone passed: {}", says(who, "lead", "leads", " again."))
    }
    pub fn redeal() -> &'static str {
        "Nobody bid: the cards are dealt again."
    }
    pub fn escaped(who: &str, penalty: u64) -> String {
        says(
            who,
            "leave",
            "leaves",
            &format!(" the game (逃跑), paying {penalty}× the stake."),
        )
    }
    pub fn table(landlord: &str, counts: &str, standing: &str, multiplier: u64) -> String {
        format!("Landlord: {landlord} | Cards left: {counts} | Multiplier: ×{multiplier}\nOn the table: {standing}")
    }
    pub fn nobody() -> &'static str {
        "not chosen yet"
    }
    pub fn not_yet() -> &'static str {
        "nothing yet (bidding)"
    }
    pub fn free_lead() -> &'static str {
        "nothing: lead anything"
    }
    pub fn to_beat(who: &str, cards: &str, what: &str) -> String {
        format!("{cards} by {who} ({what})")
    }
    pub fn kitty(cards: &str) -> String {
        format!("Kitty: {cards}")
    }
    /// Two players: the cards set aside and the handicap (让牌).
    pub fn aside(cards: &str, handicap: u8) -> String {
        format!(
            "Set aside: {cards} | Handicap (让牌): {handicap} — the farmer wins with {handicap} or fewer cards left"
        )
    }
    /// A play with its stated reading (癞子): `play 6665 (a bomb; wild as 6)`.
    pub fn reading(play: &str, pattern: Option<&str>, wild_as: &str) -> String {
        match (pattern, wild_as.is_empty()) {
            (Some(p), true) => format!("{play} ({p})"),
            (Some(p), false) => format!("{play} ({p}; wild as {wild_as})"),
            (None, _) => format!("{play} (wild as {wild_as})"),
        }
    }
    /// 癞子: the wild rank.
    pub fn wild(rank: &str) -> String {
        format!("Wild (癞子): every {rank} stands for any rank but a joker")
    }
    pub fn result(landlord_won: bool, you_landlord: bool, multiplier: u64, spring: bool) -> String {
        let side = match (landlord_won, you_landlord) {
            (true, true) | (false, false) => "Your side wins",
            _ => "Your side loses",
        };
        let who = if landlord_won {
            "the landlord wins"
        } else {
            "the farmers win"
        };
        let spring = if spring { ", spring (春天)" } else { "" };
        format!("\n=== Game over: {who}. {side}! Multiplier ×{multiplier}{spring}. ===")
    }
    pub fn redealt_result() -> &'static str {
        "\n=== Nobody bid: no chips move. ==="
    }
    pub fn escape_result() -> &'static str {
        "\n=== Game over: a player left. ==="
    }
    pub fn action_bid(n: u8) -> String {
        format!("bid {n}")
    }
    pub const PASS: &str = "pass";
    pub const CALL: &str = "call";
    pub const ROB: &str = "rob";
    pub const KICK: &str = "kick";
    pub const COUNTER: &str = "counter";
    pub const DOUBLE: &str = "double";
    pub const SHOW: &str = "show";
    pub const LEAVE: &str = "leave";
    pub fn action_play(cards: &str) -> String {
        format!("play {cards}")
    }
    pub const PLAYS: &str = "a play (type the cards)";
    pub const DISCARDS: &str = "a discard (type the cards, or `keep` to discard nothing)";
    pub fn action_discard(cards: &str) -> String {
        if cards.is_empty() {
            "keep".into()
        } else {
            format!("discard {cards}")
        }
    }
    pub fn discarded(who: &str, count: u8, factor: u32) -> String {
        format!("{who} discarded {count} card(s) (弃牌), factor ×{factor}.")
    }
    pub const NOT_A_COMMAND: &str = "not a command or cards you hold";
    pub const BID_RANGE: &str = "a bid is 1, 2 or 3";
}

/// Duan Guozi's sentences.
pub mod dgz {
    pub fn welcome(seats: usize, ante: u32, chips_per_dao: i64, balance: i64) -> String {
        format!(
            "paiju: Duan Guozi (端锅子) in your terminal. You sit at seat 0 with {} AI player(s).\n\
             Everyone antes {ante} 道 into the pot (锅子); 1 道 = {chips_per_dao} chips. \
             Your balance: {balance} chips. Type `help` at any prompt.",
            seats - 1
        )
    }

    pub fn help() -> &'static str {
        "Commands:\n\
         \x20 Enter, deal (d, 发牌)      deal the round when you are the dealer\n\
         \x20 table (t)                  show the pot and the last round again\n\
         \x20 auto (a)                   let the AI deal for you\n\
         \x20 leave                      leave the table after this game (the pot is shared back if you are the last player)\n\
         \x20 help (?)                   this list\n\
         Nobody decides anything in a round: every hand is shown, the best one takes its 道 from the pot\n\
         (ties go to the seat dealt earlier), and the winner deals next. When the pot is empty the game ends."
    }

    pub fn reshuffled() -> &'static str {
        "The deck ran short: all 32 cards are gathered and reshuffled."
    }

    pub fn round_dealt(round: usize, dealer: &str, cards_left: usize) -> String {
        format!("--- Round {round} · dealer: {dealer} · {cards_left} cards left in the deck ---")
    }

    pub fn hand(who: &str, cards: &str, name_zh: &str, name_en: &str, dao: u32) -> String {
        format!("  {who:<6} {cards:<8} {name_zh} ({name_en}), {dao} 道")
    }

    pub fn won(who: &str, name_zh: &str, paid: u32, swept: bool, pot_after: u32) -> String {
        let how = if swept {
            format!("sweeps the pot (全拿): {paid} 道")
        } else {
            format!("{paid} 道 from the pot")
        };
        format!("Winner: {who} with {name_zh}, {how}. The pot holds {pot_after} 道.")
    }

    pub fn all_bie_shi(dealer: &str) -> String {
        format!("Every hand is 瘪十: nothing is paid; the same dealer ({dealer}) deals again.")
    }

    pub fn game_over() -> &'static str {
        "The pot is empty: this game (一锅子) is over."
    }

    pub fn table(
        pot: u32,
        pot_start: u32,
        dealer: &str,
        cards_left: usize,
        rounds: usize,
    ) -> String {
        format!(
            "Pot: {pot} of {pot_start} 道. Rounds played: {rounds}. Cards left: {cards_left}. Dealer: {dealer}."
        )
    }

    pub fn standing(line: &str) -> String {
        format!("Net so far: {line}")
    }

    pub fn you_deal() -> &'static str {
        "You deal: press Enter (or type `deal`)."
    }

    pub const DEAL: &str = "deal";

    pub fn result(deltas: &str) -> String {
        format!("Game over. Net 道 (antes counted): {deltas}")
    }

    pub fn closed_result() -> &'static str {
        "The table closed mid-game: each player keeps what it won, and the pot is shared back in equal parts."
    }

    pub fn leave_confirm() -> &'static str {
        "Leave? Your seat is still dealt in until the pot is empty; if nobody else is left, the table closes and the pot is shared back. Type `leave` again to confirm."
    }

    pub const NOT_A_COMMAND: &str = "press Enter or type `deal` to deal; `help` lists the commands";
}
