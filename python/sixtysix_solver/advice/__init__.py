"""The advice layer: recommendations by sampled worlds (PIMC), ISMCTS, the closing analysis,
match equity, opponent models and their pasts, and the club player's rules."""
