#!/usr/bin/env python3
"""Writes a deterministic synthetic EndpointGen spec set with N endpoints.

Shape (issue 5): services of about 10 endpoints; GETs with path and query parameters
(optional, arrays, enums, dates), POST/PUT/PATCH with JSON model bodies, DELETE returning
empty; about 0.75 models per endpoint with 6 to 12 fields of mixed types, snake_case wire
names, nested models, arrays of models, string enums; shared models in a models-only file.

Usage: synth_spec.py N OUTDIR
"""
import os
import random
import sys

SCALARS = ["String", "Int", "Int64", "Double", "Bool", "Date", "URL", "String?", "Int?", "Date?", "UUID"]
WORDS = ["user", "order", "item", "price", "created", "updated", "title", "name", "count", "status",
         "owner", "amount", "label", "region", "score", "rating", "total", "page", "color", "size",
         "code", "note", "tag", "image", "level", "kind", "source", "target", "weight", "rank"]


def snake(rng, used):
    while True:
        name = "_".join(rng.sample(WORDS, rng.choice([1, 2, 2, 3])))
        if name not in used:
            used.add(name)
            return name


def main():
    n = int(sys.argv[1])
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for f in os.listdir(out):
        if f.endswith(".yaml"):
            os.remove(os.path.join(out, f))
    rng = random.Random(20261122 + n)

    shared_count = max(2, n // 40)
    shared = [f"Shared{i}" for i in range(shared_count)]
    shared_enums = [f"SharedKind{i}" for i in range(max(1, shared_count // 2))]
    lines = ["# Synthetic shared models.", "models:"]
    for name in shared_enums:
        lines.append(f"  {name}:")
        lines.append("    enum: [alpha, beta, gamma_delta, epsilon]")
    for name in shared:
        lines.append(f"  {name}:")
        lines.append("    fields:")
        used = {"kind"}
        for _ in range(rng.randint(6, 9)):
            lines.append(f"      {snake(rng, used)}: {rng.choice(SCALARS)}")
        lines.append(f"      kind: {rng.choice(shared_enums)}")
    with open(os.path.join(out, "shared.yaml"), "w") as fh:
        fh.write("\n".join(lines) + "\n")

    services = (n + 9) // 10
    remaining = n
    for s in range(services):
        count = min(10, remaining)
        remaining -= count
        svc = f"Svc{s:04d}"
        models = []          # (name, lines)
        model_names = []
        enum_name = f"{svc}State"
        n_models = max(1, round(count * 0.75))
        for m in range(n_models):
            name = f"{svc}Model{m}"
            model_names.append(name)
        body = [f"service: {svc}", f"summary: Synthetic service {s}.",
                f"baseURL: https://api{s % 7}.example.com/v1",
                "headers:", "  Accept: application/json",
                "auth: bearer", "envelope:", "  payload: data", "  success: success",
                "  code: code", "  message: message",
                "errorBody:", "  message: message", "  code: code", "endpoints:"]
        methods = ["GET", "GET", "GET", "GET", "POST", "PUT", "PATCH", "DELETE", "GET", "POST"]
        for e in range(count):
            method = methods[e % len(methods)]
            model = model_names[e % len(model_names)]
            resource = f"res{e}"
            ep = f"{method.lower()}{svc}R{e}"
            body.append(f"  {ep}:")
            body.append(f"    method: {method}")
            if method == "GET":
                body.append(f"    path: /{resource}/{{id}}/items/{{itemId}}")
                body.append(f"    summary: Fetch {resource}.")
                body.append("    params:")
                body.append("      id: Int")
                body.append("    query:")
                body.append("      page_size: Int = 20")
                body.append("      cursor: String?")
                body.append("      tags: [String]")
                body.append(f"      state: {enum_name}?")
                body.append("      since: Date?")
                body.append(f"    response: {'[' + model + ']' if e % 3 == 0 else model}")
            elif method == "DELETE":
                body.append(f"    path: /{resource}/{{id}}")
                body.append("    params:")
                body.append("      id: Int64")
                body.append("    response: empty")
            else:
                body.append(f"    path: /{resource}")
                body.append(f"    body: {model}")
                body.append(f"    response: {model}")
        body.append("models:")
        body.append(f"  {enum_name}:")
        body.append("    enum: [open, closed, archived, in_review]")
        for i, name in enumerate(model_names):
            body.append(f"  {name}:")
            body.append("    fields:")
            used = set()
            for _ in range(rng.randint(6, 12)):
                r = rng.random()
                field = snake(rng, used)
                if r < 0.08 and i > 0:
                    body.append(f"      {field}: [{model_names[rng.randrange(i)]}]")
                elif r < 0.14:
                    body.append(f"      {field}: {rng.choice(shared)}?")
                elif r < 0.20:
                    body.append(f"      {field}: {enum_name}")
                else:
                    body.append(f"      {field}: {rng.choice(SCALARS)}")
        with open(os.path.join(out, f"svc{s:04d}.yaml"), "w") as fh:
            fh.write("\n".join(body) + "\n")


if __name__ == "__main__":
    main()
