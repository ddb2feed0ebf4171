"""AIPA Desktop: a local-first agency of LLM agents."""

__version__ = "0.1.0"
