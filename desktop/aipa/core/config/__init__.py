"""Configuration: settings, provider profiles and their keys (the OS keyring), where data
lives, the providers' catalogue."""
