"""The invite link in README.md asks for exactly the permissions `bot/client.py` defines."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.client import INVITE_PERMISSIONS, INVITE_SCOPES, invite_url

README = Path(__file__).resolve().parent.parent / "README.md"
LINK = re.compile(
    r"https://discord\.com/oauth2/authorize\?client_id=<APPLICATION_ID>"
    r"&scope=(?P<scopes>[a-z.+]+)&permissions=(?P<permissions>\d+)"
)


def test_readme_link_matches_the_permissions_in_code() -> None:
    text = README.read_text(encoding="utf-8")
    [link] = LINK.finditer(text)
    assert int(link["permissions"]) == INVITE_PERMISSIONS.value
    assert tuple(link["scopes"].split("+")) == INVITE_SCOPES
    generated = invite_url(1234).replace("client_id=1234", "client_id=<APPLICATION_ID>")
    assert generated == link[0]


def test_readme_table_explains_each_permission_and_adds_up() -> None:
    text = README.read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([A-Z][A-Za-z ]+) \| (\d+) \| .+ \|$", text, re.MULTILINE)
    values = {name: int(value) for name, value in rows}
    assert sum(values.values()) == INVITE_PERMISSIONS.value
    granted = {flag for flag, on in INVITE_PERMISSIONS if on}
    assert len(values) == len(granted)
    for flag in granted:
        # Each flag's own value is one row of the table.
        assert discord.Permissions(**{flag: True}).value in values.values(), flag


def test_the_bot_asks_for_nothing_it_does_not_use() -> None:
    for unused in ("administrator", "manage_messages", "manage_channels", "mention_everyone"):
        assert not getattr(INVITE_PERMISSIONS, unused), unused
