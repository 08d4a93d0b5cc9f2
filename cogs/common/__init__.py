"""What every feature package shares: not an extension of its own."""
