"""The web app's storage, the lowest layer of its core: games as seed, rules, seats and actions
(`storage`), and the rate limits' counters shared by several server processes (`ratestore`).
It knows no game and no rule: the table above gives it what to keep."""
