"""A session over time: the standing brief, the transcript as events, exports, the last
session peeked before the store opens."""
