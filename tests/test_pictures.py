"""The README's pictures can be made again: docs/pictures/make.py plays its table through
the offline harness and draws both messages at phone width."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from PIL import Image

from tests.harness.limits import iter_components

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "docs" / "pictures" / "make.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_pictures_make", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def test_the_pictures_show_a_table_and_a_hand(tmp_path: Path) -> None:
    make = load_script()
    public, hand = await make.messages()
    assert "Trick 1 of 8" in str(public["components"]) and public["flags"] & 64 == 0
    assert hand["flags"] & 64  # the hand is private to its player
    cards = [
        b for b in iter_components(hand["components"]) if "kj:card:" in str(b.get("custom_id"))
    ]
    assert cards and not any(b.get("disabled") for b in cards)  # the cards she may play
    texts = [c["content"] for c in iter_components(hand["components"]) if c.get("type") == 10]
    assert any("Not playable now: " in text for text in texts)  # and the others, in words
    fonts = make.Fonts()
    for name, message in (("table", public), ("hand", hand)):
        image = make.draw(message, fonts, ephemeral=name == "hand")
        image.save(tmp_path / f"{name}.png")
        with Image.open(tmp_path / f"{name}.png") as drawn:
            assert drawn.width == make.WIDTH * make.SCALE and 300 < drawn.height < 2000


def test_the_readme_shows_the_committed_pictures() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in ("table", "hand"):
        assert f"docs/pictures/{name}.png" in readme
        assert (ROOT / "docs" / "pictures" / f"{name}.png").stat().st_size < 150_000
