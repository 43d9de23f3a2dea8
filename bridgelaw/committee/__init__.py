"""committee."""
