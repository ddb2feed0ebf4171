"""Text in and out: markdown rendered and sanitised, code blocks, model replies parsed, the
shapes a model must produce."""
