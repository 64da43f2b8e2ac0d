"""The spaced schedule of a drill: 1 day, 3 days, a week, a month.

A success moves the drill one step up the ladder of waits; a failure sends it back to the first.
Times are seconds since the epoch from the clock the caller passes (tests pass a fake one).

    step, due = next_review(step, success, now)
"""
from __future__ import annotations

DAY = 86400.0
WAITS_DAYS = (1, 3, 7, 30)


def next_review(step: int, success: bool, now: float) -> tuple[int, float]:
    """The new step (the number of successes in a row, at most len(WAITS_DAYS)) and when the drill
    is due again."""
    step = max(0, min(int(step), len(WAITS_DAYS)))
    step = min(step + 1, len(WAITS_DAYS)) if success else 0
    wait = WAITS_DAYS[max(0, step - 1)]          # a failure waits the first step, like a first success
    return step, now + wait * DAY


def wait_words(due: float, now: float) -> str:
    """'due now', 'in 3 days', 'tomorrow', in the player's words."""
    left = due - now
    if left <= 0:
        return "due now"
    days = int(left // DAY + (1 if left % DAY else 0))
    if days <= 1:
        hours = max(1, int(left // 3600 + (1 if left % 3600 else 0)))
        return "tomorrow" if hours > 12 else f"in {hours} hour{'s' if hours > 1 else ''}"
    return f"in {days} days"
