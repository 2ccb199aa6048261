# Type stub for the compiled core. The core is private: only game.py and solve.py use it,
# and they wrap every result in typed Python values.
from typing import Any

def __getattr__(name: str) -> Any: ...
