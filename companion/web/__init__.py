"""The HTTP edge: the Flask app, the tornado server and its workers, the live stream, the checks and limits."""
