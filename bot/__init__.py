"""Klaverjas bot."""

from .compiled import prefer_sources, pure_requested

if pure_requested():  # KLAVERJAS_PURE=1: run the engine's sources, not the compiled build
    prefer_sources()
