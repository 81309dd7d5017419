"""The web scorer (``mahjong serve``): ``app.create_app`` and the pages under ``static/``. Needs
the ``web`` extra (Starlette, uvicorn); importing this package alone needs nothing."""
