"""The Principal's data as a whole (issue 33): verified backups and their rotation,
restore, one archive of everything (export and import), search from the terminal.
Qt-free; reached through ``Core.data`` (``door.DataDoor``)."""
