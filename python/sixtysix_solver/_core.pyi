# Type stub for the compiled core. The core is private: only the rules layer (game.py, solve.py,
# cancel.py; and the advice layer's world pools) uses it, wrapping every result in typed values.
from typing import Any

def __getattr__(name: str) -> Any: ...
