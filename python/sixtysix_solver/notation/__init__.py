"""The notation layer: position text and JSON for games, and game records."""
