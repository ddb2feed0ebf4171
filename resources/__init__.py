"""Icons, stylesheet, .desktop entry and AppStream metadata (data only). A regular package,
not a namespace one, so that importlib.resources.files("aipa.resources") is a real folder
in an installed wheel."""
