"""The shipped default agents (data only). A regular package, not a namespace one, so
that importlib.resources.files("aipa.prompts") is a real folder in an installed wheel."""
