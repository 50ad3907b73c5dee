"""Helpers shared by several test areas."""
