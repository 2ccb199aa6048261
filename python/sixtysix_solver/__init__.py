"""sixtysix_solver: rules engine, exact solver and advice engine for Sixty-Six and its family."""

from ._version import __version__
from .errors import IllegalActionError, NotationError, PositionError, ProfileError, SixtySixError
from .profiles import PROFILES, Profile, get_profile, profile_names

__all__ = [
    "__version__",
    "SixtySixError",
    "NotationError",
    "PositionError",
    "IllegalActionError",
    "ProfileError",
    "PROFILES",
    "Profile",
    "get_profile",
    "profile_names",
]
