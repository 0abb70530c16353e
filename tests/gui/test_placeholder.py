"""The placeholder main window builds, shows and renders."""

from arle.gui.app import build_window


def test_placeholder_window_renders(qtbot, tmp_path):
    window = build_window()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)

    assert window.windowTitle() == "Arle"
    assert not window.windowIcon().isNull()

    png = tmp_path / "placeholder.png"
    assert window.grab().save(str(png), "PNG")
    assert png.stat().st_size > 0
