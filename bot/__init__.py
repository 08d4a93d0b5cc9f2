"""Klaverjas bot."""
