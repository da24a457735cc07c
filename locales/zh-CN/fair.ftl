# 公平发牌：牌桌发牌时公布的承诺、结算时公开的种子，以及 `paiju verify`
# 的结论。方案见 README.md 的 "Deals anyone can verify"。

## Discord：牌桌消息与结算。

fair-title = 公平发牌
fair-commitment = 承诺 `{ $commitment }…`（本局秘密种子的 SHA-256，结算时公开种子）
fair-commitment-chosen = 承诺 `{ $commitment }…`：种子由玩家指定，不能证明公平
fair-revealed = 种子 `{ $seed }`
    承诺 `{ $commitment }`
fair-verified = ✅ 承诺与种子相符，且该种子发出的正是本局的牌。任何人都可以用 `paiju verify` 核对牌局记录。
fair-not-verified = ❌ 牌局记录与该种子和承诺不符！
fair-chosen-note = 种子由玩家指定（`--seed`）：发牌可以重现，但不能证明公平。

## 终端（`paiju play`）。

term-fair-commitment = 公平发牌：承诺 `{ $commitment }`（本局秘密种子的 `SHA-256`，牌局结束时公开种子）。
term-fair-commitment-chosen = 按你的 `--seed` 发牌（可重现）：承诺 `{ $commitment }`；自选的种子不能证明公平。
term-fair-revealed = 本局种子：`{ $seed }`
term-fair-verified = 承诺 `{ $commitment }` 与该种子相符，且该种子发出的正是本局的牌（可用 `paiju verify` 核对记录）。
term-fair-not-verified = 牌局记录与该种子和承诺 `{ $commitment }` 不符！

## `paiju verify RECORD`。

verify-ok = 核对通过：{ $game } 第 { $id } 局。承诺 { $commitment } 是种子 { $seed } 的 SHA-256，且该种子发出的正是这份记录里的牌。
verify-ok-chosen = 种子由玩家指定（`paiju play --seed`）：记录中的发牌没有被改动，但自选的种子不能证明公平。
verify-limits = 这证明发牌在公布承诺时就已确定，且记录中的正是那一副牌；不证明种子是随机抽取的，也不证明记录中的出牌是玩家本人所为。
verify-failed = 核对未通过：这份记录的发牌与其种子和承诺不符。
verify-more = ……另有 { $count } 处不同。
fair-no-seed = 记录中没有种子和承诺（公平发牌之前的牌局，或缺少 `fair` 字段的记录）
fair-not-committed = 记录中有种子但没有承诺（牌局仍在进行，或在结束前中止）
fair-commitment-mismatch = 承诺 { $recorded } 与本局种子不符（应为 { $computed }）
fair-deal-differs = 在 { $path }，记录中是 { $record }，而该种子发出的是 { $seed }
