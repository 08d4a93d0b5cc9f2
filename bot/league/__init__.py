"""League nights: settings, check-in, the draw, results, corrections and standings.

No discord import: the cogs adapt this package; the draw and the standings are pure
functions of their inputs, the service runs a night's lifecycle against the store.
"""
