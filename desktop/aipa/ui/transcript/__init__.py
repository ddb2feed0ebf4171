"""The transcript's painting: the list model and view, the presenter that turns core events
into rows, cards laid out and painted, selection and sideways code scrolling. Nothing
here imports ``ui.chat``."""
