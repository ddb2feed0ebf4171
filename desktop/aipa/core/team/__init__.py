"""The team: agents as data (files, the registry, roles), the roster the recruiter keeps
and the recruiter's tools."""
