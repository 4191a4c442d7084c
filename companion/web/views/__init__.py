"""The companion's blueprints, one per feature."""
