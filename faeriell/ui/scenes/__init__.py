"""One module per screen of the window. Each holds one Scene class, built as Scene(host, **kwargs)
and registered by name in faeriell/ui/registry.py (SCENES). A scene talks to the app only through
the Host interface and never imports the app or another scene (tests/test_ui_imports.py)."""
