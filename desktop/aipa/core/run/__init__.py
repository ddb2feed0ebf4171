"""A run: the directive pipeline and what every playbook shares (stages, gates,
checkpoints), one agent call, the tools it may use, the words said to agents at each
stage."""
