"""Game review and hints: what a strong search sees at every decision, from the deciding seat's
information set only."""
