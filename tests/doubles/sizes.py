"""Doubles of the places servers tell their context size, each in the server's own shape
(taken from the servers' answers): vLLM's ``GET /v1/models`` (``max_model_len``),
LiteLLM's ``GET /model/info`` (``model_info.max_input_tokens``, null for a model it does
not know), Ollama's ``POST /api/show`` (``parameters`` and ``model_info``), llama.cpp's
``GET /props``. Any other path is a 404, as on those servers.

    async with SizeServer(vllm("qwen", 4096)) as server:
        server.root  # "http://127.0.0.1:PORT"
"""

from __future__ import annotations

from typing import Any

from tests.doubles.base import Answer, HttpDouble, Request

Routes = dict[tuple[str, str], Any]  # (method, path) -> JSON body


def vllm(model: str, max_model_len: int) -> Routes:
    entry = {
        "id": model,
        "object": "model",
        "created": 1733000000,
        "owned_by": "vllm",
        "root": f"/models/{model}",
        "parent": None,
        "max_model_len": max_model_len,
        "permission": [{"id": "modelperm-1", "object": "model_permission", "allow_sampling": True}],
    }
    return {("GET", "/v1/models"): {"object": "list", "data": [entry]}}


def litellm(model: str, max_input_tokens: int | None) -> Routes:
    info = {
        "id": "16e40585717d9cbbc56dc650b386bbbb2fdae322cb7b65283d97723d00ce27a7",
        "db_model": False,
        "key": f"openai/{model}",
        "max_tokens": None,
        "max_input_tokens": max_input_tokens,
        "max_output_tokens": None,
        "input_cost_per_token": None,
    }
    data = [{"model_name": model, "litellm_params": {"model": f"openai/{model}"}, "model_info": info}]
    return {
        ("GET", "/model/info"): {"data": data},
        ("GET", "/v1/models"): {"data": [{"id": model, "object": "model", "created": 1677610602}]},
    }


def ollama(model: str, context_length: int, num_ctx: int | None = None) -> Routes:
    parameters = 'stop                           "<|im_end|>"'
    if num_ctx:
        parameters += f"\nnum_ctx                        {num_ctx}"
    body = {
        "modelfile": f"FROM {model}\n",
        "parameters": parameters,
        "template": "{{ .Prompt }}",
        "details": {"format": "gguf", "family": "qwen2", "parameter_size": "494.03M", "quantization_level": "Q4_K_M"},
        "model_info": {"general.architecture": "qwen2", "qwen2.context_length": context_length},
        "capabilities": ["completion"],
    }
    return {("POST", "/api/show"): body}


def llama_cpp(n_ctx: int) -> Routes:
    return {("GET", "/props"): {"default_generation_settings": {"n_ctx": n_ctx}, "total_slots": 4}}


class SizeServer(HttpDouble):
    def __init__(self, routes: Routes) -> None:
        super().__init__()
        self.routes = routes
        self.asked: list[tuple[str, str, Any]] = []  # (method, path, body)

    async def route(self, req: Request, out: Answer) -> bool:
        self.asked.append((req.method, req.route, req.body))
        body = self.routes.get((req.method, req.route))
        if body is None:
            return await out.json(404, {"detail": "Not Found"})
        return await out.json(200, body)
