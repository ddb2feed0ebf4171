"""Server doubles: the servers a test machine cannot run, on 127.0.0.1, speaking their
real wire formats. Every one builds on one base, ``base.HttpDouble`` (a loopback
HTTP/1.1 server, on the test's loop with ``async with`` or in a thread with ``with``;
requests read and recorded; JSON, SSE and NDJSON answers):

- ``openai``: an OpenAI-compatible chat server (SSE ``chat.completion.chunk`` streams);
- ``anthropic``: the Anthropic Messages API, and with ``gateway=True`` LiteLLM's proxy in
  front of it (``/model/info``, usage in ``message_delta``);
- ``ollama``: Ollama's API (NDJSON chat and pull), optionally answered by the real small
  model behind it;
- ``sizes``: where vLLM, LiteLLM, Ollama and llama.cpp say their context size;
- ``files``: a file server with Range support (model downloads);
- ``silent``: a server that accepts and never answers (or answers only health probes);
- ``hostile``: an OpenAI-compatible server that misbehaves as scripted.

The real llama.cpp server and LiteLLM's real proxy are no doubles: tests/support/."""
