"""The table companion: the phones' side of a game, opened by scanning a sheet's QR code.

rules/ decides every move (no web, no store); rooms/ joins the rules, the store and live updates; web/ is the HTTP
edge (the Flask app in web/app.py, the tornado server, its workers); store/, scoring/ and groups/ beside them.
"""
