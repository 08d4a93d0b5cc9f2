"""The README's card faces and table picture can be made again by docs/pictures/faces.py,
with the bot's own drawing code."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from PIL import Image

from bot.pictures.table import HEIGHT, WIDTH

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "pictures" / "faces.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_pictures_faces", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def test_the_script_draws_a_mid_trick_table_and_the_faces(tmp_path: Path) -> None:
    faces = load_script()
    state = await faces.table_state()
    assert state.trick_number == 3 and len(state.trick) == 3
    sheet = faces.faces_sheet()
    sheet.save(tmp_path / "faces.png")
    with Image.open(tmp_path / "faces.png") as drawn:
        assert drawn.width == sheet.width and drawn.height > 4 * 48


def test_the_readme_shows_the_committed_pictures() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/pictures/faces.py" in readme
    for name in ("table-picture", "faces"):
        path = ROOT / "docs" / "pictures" / f"{name}.png"
        assert f"docs/pictures/{name}.png" in readme and path.stat().st_size < 100_000
    with Image.open(ROOT / "docs" / "pictures" / "table-picture.png") as picture:
        assert picture.size == (WIDTH, HEIGHT)
