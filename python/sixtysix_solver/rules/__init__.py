"""The rules layer: cards, actions, profiles, the game (the state API over the compiled
core), the position text, seeds, random play and the exact solver. It imports nothing above it."""
