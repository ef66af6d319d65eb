"""paths: the built-in data and templates are found, in a checkout and in a plain install."""

from generator import paths


def test_data_folders_exist_with_fonts_and_licence() -> None:
    assert paths.card_data_dir().is_dir()
    assert paths.templates_dir().is_dir()
    fonts = {p.name for p in paths.fonts_dir().iterdir()}
    assert "DejaVuSans.ttf" in fonts and "LICENSE-DejaVu.txt" in fonts


def test_output_dir_follows_environment(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("PNPGEN_OUTPUT", str(tmp_path))
    assert paths.default_output("kit", "index.md") == tmp_path / "kit" / "index.md"
