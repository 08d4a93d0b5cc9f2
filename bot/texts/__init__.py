"""User-facing texts: message catalogues per locale and the rulebook for /rules."""
