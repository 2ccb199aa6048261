"""The engine protocol: a line protocol for front-ends that embed the engine."""
