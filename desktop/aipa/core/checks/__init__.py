"""Checked work (issue 31): the directive's requirements as checks, measured on the
deliverable. ``model`` (the Check), ``counting`` (the counting rules, written down
once), ``find`` (directive text -> measured checks), ``measure``, ``merge``."""
