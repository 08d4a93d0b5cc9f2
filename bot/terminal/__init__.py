"""The terminal front ends: each starts through `Services` or a service of its own, as the
Discord process does, and no service imports them.

`tables.py` plays and simulates matches (`python -m bot play|simulate`), `challenge.py`
plays the running challenge (`python -m bot challenge`), `league_draw.py` previews a
night's draw (`python -m bot draw`) and `league_simulation.py` plays a league night with
computers (`python -m bot league simulate`).
"""
