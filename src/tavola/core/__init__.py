"""The game-agnostic core: the rules contract, the session, records, RNG, flow stack."""
