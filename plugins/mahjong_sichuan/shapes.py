"""The value formula of the Sichuan rules."""
from __future__ import annotations



def multiplier(total, fans, situation, cap_multiplier=None):
    """2^番 (平胡 = 0 番 = ×1), capped at ``cap_multiplier`` (封顶, a multiplier such as 64)."""
    value = 2 ** total
    if cap_multiplier is not None and value > cap_multiplier:
        return cap_multiplier
    return value
