"""How long a question stored but not yet sent is left to the process that stored it.

A round's next question and a daily question are stored first, then sent, then their message
is recorded. A process that starts, or resumes, and finds one without a message cannot tell
a creator still sending it from one that died: it leaves the question to its creator for
CLAIM_GRACE after it was stored (or claimed), then takes it over (`Store.take_over_post`:
one process wins) and sends it.
"""

from __future__ import annotations

from datetime import timedelta

CLAIM_GRACE = timedelta(seconds=60)
"""A claimant renews its claim while it sends (rate limits can hold a send for minutes), so
only one that died leaves it longer."""
CLAIM_RENEWAL = CLAIM_GRACE / 3
"""How often a claimant still sending renews its claim: twice more before the grace ends."""
