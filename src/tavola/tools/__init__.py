"""Tools that run games from outside the contract's users: the rule trace, the fuzzer, the
benchmarks, bot arenas and seat balance, and the server load test. The CLI parses arguments
and calls them; nothing in ``tavola.core`` or a game imports them."""
