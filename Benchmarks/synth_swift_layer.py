#!/usr/bin/env python3
"""Writes a deterministic Moya network layer of N cases, as an app writes one, for
`endpointgen import-swift` (`make bench`, section "import-swift").

One `enum API` split over the files apps split it into (Tests/Fixtures/swift-layers/moya-split
is the style): API.swift (the cases and the TargetType conformance), API+Path.swift,
API+Method.swift, API+Task.swift, API+Headers.swift (a Bearer token from `TokenStore.shared.token`)
and Models.swift (Codable DTOs, some with CodingKeys, and the enums the cases take).

Resources of 2 to 10 cases each (plural nouns, namespaced as `/admin/…`, `/partner/…` once the
nouns run out): lists with optional query values, `id: Int` lookups, `(owner: String, repo:
String)` lists, DTO bodies (`requestJSONEncodable`), JSON parameters (`JSONEncoding.default`),
searches (`URLEncoding.default`), bulk deletes and, every so often, a multipart upload. Switches
bind values in the three spellings apps use (`.a(let id)`, `let .a(id)`, `.a(id: let id)`) and
group cases that share a path, a method or a task.

Usage: synth_swift_layer.py N OUTDIR [--import MODULE]   (default `import Moya`; the tests'
stand-in is MoyaStandIn)

Written with `--import MoyaStandIn`, the layer type-checks in Swift 5 mode against the stand-ins
(Tests/Support) up to 600 cases at least; at 1000 the compiler gives up on the exhaustiveness of
the `path` switch (no `default:`; Benchmarks/NOTES.md, "Big documents"), so an app that size
splits its enum. import-swift reads syntax only: N = 1000 is there for how the import scales.
"""
import os
import random
import sys

NOUNS = [("order", "orders"), ("product", "products"), ("invoice", "invoices"), ("customer", "customers"),
         ("shipment", "shipments"), ("coupon", "coupons"), ("review", "reviews"), ("warehouse", "warehouses"),
         ("ticket", "tickets"), ("playlist", "playlists"), ("album", "albums"), ("comment", "comments"),
         ("project", "projects"), ("team", "teams"), ("webhook", "webhooks"), ("payment", "payments"),
         ("subscription", "subscriptions"), ("device", "devices"), ("notification", "notifications"),
         ("report", "reports"), ("workspace", "workspaces"), ("document", "documents"), ("folder", "folders"),
         ("booking", "bookings"), ("vehicle", "vehicles"), ("driver", "drivers"), ("message", "messages"),
         ("channel", "channels"), ("recipe", "recipes"), ("course", "courses"), ("lesson", "lessons"),
         ("badge", "badges"), ("contact", "contacts"), ("address", "addresses"), ("store", "stores"),
         ("employee", "employees"), ("milestone", "milestones"), ("release", "releases"), ("label", "labels"),
         ("survey", "surveys")]
AREAS = ["", "admin", "partner", "archive", "billing", "support", "internal", "legacy"]

# (Swift name, Swift type) of DTO fields, 3 to 7 picked per DTO; CodingKeys give multi-word names
# their snake_case wire names.
FIELDS = [("title", "String"), ("name", "String"), ("quantity", "Int"), ("note", "String?"),
          ("tags", "[String]"), ("isActive", "Bool"), ("priority", "Int?"), ("dueDate", "Date?"),
          ("amount", "Money"), ("discount", "Money?"), ("shippingAddress", "Address?"), ("rating", "Double"),
          ("externalID", "String?"), ("itemIDs", "[Int]"), ("description", "String?"), ("color", "String"),
          ("position", "Int"), ("isPublic", "Bool?"), ("startsAt", "Date"), ("metadata", "[String: String]?")]
STATUSES = ["draft", "pending", "active", "onHold", "completed", "archived", "cancelled"]
SORTS = ["newest", "oldest", "name", "updatedAt", "popularity"]


def snake(name):
    name = name.replace("IDs", "Ids").replace("ID", "Id")
    out = []
    for i, ch in enumerate(name):
        if ch.isupper() and i > 0 and not (name[i - 1].isupper() and (i + 1 == len(name) or name[i + 1].isupper())):
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


def cap(word):
    return word[0].upper() + word[1:]


class Case:
    """One case: its associated values, method, path (`{name}` for a value) and task."""

    def __init__(self, name, params, method, path, task, kind):
        self.name, self.params, self.method, self.path, self.task, self.kind = name, params, method, path, task, kind
        self.public = False

    def declaration(self):
        if not self.params:
            return f"    case {self.name}"
        inner = ", ".join(f"{label}: {type_}" if label else type_ for label, type_ in self.params)
        return f"    case {self.name}({inner})"


def bind(case, names, style):
    """A case pattern binding `names` (None: `_`) in one of the spellings apps use."""
    if not case.params:
        return f".{case.name}"
    if all(n is None for n in names):
        return f".{case.name}"
    if style == "let-outside":
        return f"let .{case.name}(" + ", ".join(n or "_" for n in names) + ")"
    if style == "labeled":
        parts = []
        for (label, _), n in zip(case.params, names):
            if n is None:
                parts.append("_")
            elif label:
                parts.append(f"{label}: let {n}")
            else:
                parts.append(f"let {n}")
        return f".{case.name}(" + ", ".join(parts) + ")"
    return f".{case.name}(" + ", ".join(f"let {n}" if n else "_" for n in names) + ")"


class Layer:
    def __init__(self, n, seed):
        self.n = n
        self.rng = random.Random(seed)
        self.cases = []
        self.models = []  # declarations for Models.swift, resource by resource

    # --- resources -------------------------------------------------------------------------

    def resources(self):
        index = 0
        while True:
            area = AREAS[(index // len(NOUNS)) % len(AREAS)]
            single, plural = NOUNS[index % len(NOUNS)]
            round_ = index // (len(NOUNS) * len(AREAS))
            suffix = str(round_ + 1) if round_ else ""
            yield area, single, plural, suffix
            index += 1

    def build(self):
        for number, (area, single, plural, suffix) in enumerate(self.resources()):
            if len(self.cases) >= self.n:
                break
            self.resource(number, area, single, plural, suffix)

    def resource(self, number, area, single, plural, suffix):
        rng = self.rng
        Single, Plural = cap(single) + suffix, cap(plural) + suffix
        s = area + Single if area else single + suffix
        p = area + Plural if area else plural + suffix
        S, P = cap(s), cap(p)
        base = (f"/{area}" if area else "") + f"/{plural}" + (f"/v{suffix}" if suffix else "")
        type_prefix = cap(area) + Single if area else Single
        status_type, sort_type = f"{type_prefix}Status", f"{type_prefix}Sort"
        dtos = {}  # name -> (declaration, whether it names the status enum)
        made = []

        # A list: plain, or with query values (some optional).
        if rng.random() < 0.55:
            made.append(Case(p, [], "get", base, ("plain",), "list"))
        else:
            params = [("page", "Int"), ("perPage", "Int?")]
            if rng.random() < 0.6:
                params.append(("sort", f"{sort_type}?"))
            if rng.random() < 0.4:
                params.append(("updatedSince", "String?"))
            made.append(Case(p, params, "get", base, ("query", rng.choice(["if-let", "compact", "if-let"])), "list"))
        made[-1].public = rng.random() < 0.2
        made.append(Case(s, [("id", "Int")], "get", base + "/{id}", ("plain",), "get"))
        if rng.random() < 0.85:
            label = rng.choice(["body", None, "request"])
            made.append(Case(f"create{S}", [(label, f"New{type_prefix}")], "post", base, ("json-encodable",), "create"))
            dtos[f"New{type_prefix}"] = self.dto(f"New{type_prefix}", status_type, create=True)
        if rng.random() < 0.7:
            made.append(Case(f"update{S}", [("id", "Int"), ("patch", f"{type_prefix}Update")],
                             rng.choice(["put", "patch"]), base + "/{id}", ("json-encodable",), "update"))
            dtos[f"{type_prefix}Update"] = self.dto(f"{type_prefix}Update", status_type, create=False)
        if rng.random() < 0.75:
            made.append(Case(f"delete{S}", [("id", "Int")], "delete", base + "/{id}", ("plain",), "delete"))
        if rng.random() < 0.5:
            made.append(Case(f"set{S}Status", [("id", "Int"), ("status", status_type), ("note", "String?")],
                             "patch", base + "/{id}/status", ("json-params",), "status"))
        if rng.random() < 0.45:
            made.append(Case(f"repo{P}", [("owner", "String"), ("repo", "String")], "get",
                             "/repos/{owner}/{repo}" + base, ("plain",) if rng.random() < 0.5 else ("owned-query",), "owned"))
        if rng.random() < 0.5:
            made.append(Case(f"search{P}", [("query", "String"), ("page", "Int?"), ("status", f"{status_type}?")],
                             "get", base + "/search", ("search",), "search"))
        if rng.random() < 0.3:
            made.append(Case(f"bulkDelete{P}", [("ids", "[Int]")], "delete", base, ("bulk",), "bulk"))
        if rng.random() < 0.25:
            made.append(Case(f"upload{S}Attachment", [("id", "Int"), ("file", "Data"), ("fileName", "String"),
                                                      ("caption", "String?")],
                             "post", base + "/{id}/attachments", ("multipart", rng.choice(["append", "literal"])),
                             "upload"))
        made = made[:self.n - len(self.cases)]
        for c in made:
            c.resource = number
        self.cases += made
        # What the cases kept name: the resource's enums first, then its DTOs.
        named = {t.rstrip("?") for c in made for _, t in c.params}
        kept = [name for name in dtos if name in named]
        if status_type in named or any(dtos[name][1] for name in kept):
            self.models.append(self.status_enum(status_type))
        if sort_type in named:
            self.models.append(self.sort_enum(sort_type))
        self.models += [dtos[name][0] for name in kept]

    # --- models ----------------------------------------------------------------------------

    def dto(self, name, status_type, create):
        """A DTO struct: its declaration, and whether it names the resource's status enum."""
        rng = self.rng
        picks = rng.sample(FIELDS, rng.randint(3, 7))
        if create and not any(t == "String" for _, t in picks):
            picks[0] = ("title", "String")
        names_status = not create and rng.random() < 0.6
        fields = [(f, t if create or t.endswith("?") else t + "?") for f, t in picks]
        if names_status:
            fields.append(("status", f"{status_type}?"))
        keyword = "let" if create else "var"
        lines = [f"struct {name}: Codable {{"]
        lines += [f"    {keyword} {fname}: {ftype}" for fname, ftype in fields]
        if rng.random() < 0.45 and any(snake(f) != f for f, _ in fields):
            plain = [f for f, _ in fields if snake(f) == f]
            lines += ["", "    enum CodingKeys: String, CodingKey {"]
            if plain:
                lines.append("        case " + ", ".join(plain))
            lines += [f'        case {f} = "{snake(f)}"' for f, _ in fields if snake(f) != f]
            lines.append("    }")
        lines.append("}")
        return "\n".join(lines), names_status

    def status_enum(self, name):
        values = self.rng.sample(STATUSES, self.rng.randint(3, 5))
        lines = [f"enum {name}: String, Codable {{"]
        for v in values:
            lines.append(f'    case {v} = "{snake(v)}"' if snake(v) != v else f"    case {v}")
        return "\n".join(lines + ["}"])

    def sort_enum(self, name):
        values = self.rng.sample(SORTS, 3)
        lines = [f"enum {name}: String {{"]
        for v in values:
            lines.append(f'    case {v} = "{snake(v)}"' if snake(v) != v else f"    case {v}")
        return "\n".join(lines + ["}"])

    # --- files -----------------------------------------------------------------------------

    def api_file(self, module):
        lines = ["import Foundation", f"import {module}", "", "enum API {"]
        for c in self.cases:
            if c.resource and c.kind == "list":
                lines.append("")
            lines.append(c.declaration())
        lines += ["}", "", "extension API: TargetType {",
                  "    var baseURL: URL {",
                  '        return URL(string: "https://api.example.com/v1")!',
                  "    }", "",
                  "    var sampleData: Data {",
                  "        return Data()",
                  "    }", "",
                  "    var validationType: ValidationType {",
                  "        return .successCodes",
                  "    }",
                  "}"]
        return "\n".join(lines) + "\n"

    def path_file(self, module):
        rng = random.Random(self.n * 7 + 1)
        lines = ["import Foundation", f"import {module}", "", "extension API {", "    var path: String {",
                 "        switch self {"]
        groups = {}
        order = []
        for c in self.cases:
            if c.path not in groups:
                groups[c.path] = []
                order.append(c.path)
            groups[c.path].append(c)
        for path in order:
            members = groups[path]
            names = [seg[1:-1] for seg in path.split("/") if seg.startswith("{")]
            # Cases that share a path are grouped as apps do, when they bind the same names.
            if len(members) > 1 and rng.random() < 0.6:
                chunks = [members]
            else:
                chunks = [[m] for m in members]
            for chunk in chunks:
                style = rng.choice(["let-inside", "let-outside", "labeled"])
                if len(chunk) > 1 and style == "let-outside":
                    style = "let-inside"
                patterns = []
                for c in chunk:
                    bound = [label if label in names else None for label, _ in c.params]
                    patterns.append(bind(c, bound, style))
                swift_path = path
                for name in names:
                    swift_path = swift_path.replace("{" + name + "}", f"\\({name})")
                lines.append(f"        case {', '.join(patterns)}:")
                lines.append(f'            return "{swift_path}"')
        lines += ["        }", "    }", "}"]
        return "\n".join(lines) + "\n"

    def method_file(self, module):
        lines = ["import Foundation", f"import {module}", "", "extension API {", "    var method: Moya.Method {",
                 "        switch self {"]
        for method in ["post", "put", "patch", "delete"]:
            members = [c for c in self.cases if c.method == method]
            if not members:
                continue
            for i in range(0, len(members), 4):
                head = "        case " if i == 0 else "             "
                chunk = ", ".join(f".{c.name}" for c in members[i:i + 4])
                tail = ":" if i + 4 >= len(members) else ","
                lines.append(head + chunk + tail)
            lines.append(f"            return .{method}")
        lines += ["        default:", "            return .get", "        }", "    }", "}"]
        return "\n".join(lines) + "\n"

    def task_file(self, module):
        rng = random.Random(self.n * 13 + 5)
        lines = ["import Foundation", f"import {module}", "", "extension API {", "    var task: Task {",
                 "        switch self {"]
        plain = [c for c in self.cases if c.task[0] == "plain"]
        for i in range(0, len(plain), 4):
            head = "        case " if i == 0 else "             "
            tail = ":" if i + 4 >= len(plain) else ","
            lines.append(head + ", ".join(f".{c.name}" for c in plain[i:i + 4]) + tail)
        if plain:
            lines.append("            return .requestPlain")
        for c in self.cases:
            if c.task[0] == "plain":
                continue
            lines.append("")
            lines += self.task_case(c, rng)
        lines += ["        }", "    }", "}"]
        return "\n".join(lines) + "\n"

    def task_case(self, c, rng):
        kind = c.task[0]
        names = [label or ("body" if kind == "json-encodable" else "value") for label, _ in c.params]
        style = rng.choice(["let-inside", "let-outside", "labeled"])
        i8, i12 = " " * 12, " " * 16
        if kind == "json-encodable":
            bound = [None] * (len(names) - 1) + [names[-1]]
            return [f"        case {bind(c, bound, style)}:", f"{i8}return .requestJSONEncodable({names[-1]})"]
        if kind == "query":
            out = [f"        case {bind(c, names, style)}:"]
            required = [(n, t) for n, t in c.params if not t.endswith("?")]
            optional = [(n, t) for n, t in c.params if t.endswith("?")]
            if c.task[1] == "compact":
                entries = [f'"{snake(n)}": {n}' for n, _ in required]
                entries += [f'"{snake(n)}": {n}?.rawValue' if "Sort" in t else f'"{snake(n)}": {n}'
                            for n, t in optional]
                out.append(f"{i8}let parameters: [String: Any?] = [")
                out += [f"{i12}{e}," for e in entries]
                out.append(f"{i8}]")
                out.append(f"{i8}return .requestParameters(parameters: parameters.compactMapValues {{ $0 }}, "
                           "encoding: URLEncoding.default)")
            else:
                out.append(f"{i8}var parameters: [String: Any] = [")
                out += [f'{i12}"{snake(n)}": {n},' for n, _ in required]
                out.append(f"{i8}]")
                for n, t in optional:
                    value = f"{n}.rawValue" if "Sort" in t else n
                    out += [f"{i8}if let {n} = {n} {{", f'{i12}parameters["{snake(n)}"] = {value}', f"{i8}}}"]
                out.append(f"{i8}return .requestParameters(parameters: parameters, encoding: URLEncoding.default)")
            return out
        if kind == "json-params":
            out = [f"        case {bind(c, [None, 'status', 'note'], style)}:",
                   f'{i8}var parameters: [String: Any] = ["status": status.rawValue]',
                   f"{i8}if let note = note {{", f'{i12}parameters["note"] = note', f"{i8}}}",
                   f"{i8}return .requestParameters(parameters: parameters, encoding: JSONEncoding.default)"]
            return out
        if kind == "owned-query":
            return [f"        case .{c.name}:",
                    f'{i8}return .requestParameters(parameters: ["per_page": 50, "direction": "desc"], '
                    "encoding: URLEncoding.default)"]
        if kind == "search":
            out = [f"        case {bind(c, names, style)}:",
                   f'{i8}var parameters: [String: Any] = ["q": query]',
                   f"{i8}if let page = page {{", f'{i12}parameters["page"] = page', f"{i8}}}",
                   f"{i8}if let status = status {{", f'{i12}parameters["status"] = status.rawValue', f"{i8}}}",
                   f"{i8}return .requestParameters(parameters: parameters, encoding: URLEncoding.default)"]
            return out
        if kind == "bulk":
            return [f"        case {bind(c, ['ids'], style)}:",
                    f'{i8}return .requestParameters(parameters: ["ids": ids], encoding: URLEncoding.default)']
        if kind == "multipart":
            out = [f"        case {bind(c, [None, 'file', 'fileName', 'caption'], style)}:"]
            file_part = (f'MultipartFormData(provider: .data(file), name: "file", fileName: fileName, '
                         'mimeType: "application/octet-stream")')
            if c.task[1] == "append":
                out += [f"{i8}var formData = [{file_part}]",
                        f"{i8}if let caption = caption {{",
                        f'{i12}formData.append(MultipartFormData(provider: .data(Data(caption.utf8)), name: "caption"))',
                        f"{i8}}}"]
            else:
                out += [f"{i8}let formData = [",
                        f"{i12}{file_part},",
                        f'{i12}MultipartFormData(provider: .data(Data((caption ?? "").utf8)), name: "caption"),',
                        f"{i8}]"]
            out.append(f"{i8}return .uploadMultipart(formData)")
            return out
        raise ValueError(kind)

    def headers_file(self, module):
        public = [c for c in self.cases if c.public]
        lines = ["import Foundation", f"import {module}", "", "extension API {",
                 "    var headers: [String: String]? {",
                 "        var headers = [",
                 '            "Accept": "application/json",',
                 '            "X-Client": "ios/4.12.0",',
                 "        ]",
                 "        switch self {"]
        if public:
            for i in range(0, len(public), 4):
                head = "        case " if i == 0 else "             "
                tail = ":" if i + 4 >= len(public) else ","
                lines.append(head + ", ".join(f".{c.name}" for c in public[i:i + 4]) + tail)
            lines += ["            // public, no token needed", "            break"]
        lines += ["        default:",
                  '            headers["Authorization"] = "Bearer \\(TokenStore.shared.token ?? "")"',
                  "        }",
                  "        return headers",
                  "    }",
                  "}",
                  "",
                  "/// The signed-in user's access token (the app fills it from the Keychain at launch).",
                  "final class TokenStore {",
                  "    static let shared = TokenStore()",
                  "",
                  "    var token: String?",
                  "",
                  "    private init() {}",
                  "}"]
        return "\n".join(lines) + "\n"

    def models_file(self):
        text = "\n".join(self.models)
        blocks = []
        if "Money" in text:
            blocks.append("struct Money: Codable {\n    let amountCents: Int\n    let currency: String\n\n"
                          "    enum CodingKeys: String, CodingKey {\n        case amountCents = \"amount_cents\"\n"
                          "        case currency\n    }\n}")
        if "Address" in text:
            blocks.append("struct Address: Codable {\n    let line1: String\n    let line2: String?\n    let city: String\n"
                          "    let postalCode: String\n    let countryCode: String\n\n"
                          "    enum CodingKeys: String, CodingKey {\n        case line1, line2, city\n"
                          "        case postalCode = \"postal_code\"\n        case countryCode = \"country_code\"\n    }\n}")
        return "import Foundation\n\n" + "\n\n".join(blocks + self.models) + "\n"


def main():
    args = sys.argv[1:]
    module = "Moya"
    if "--import" in args:
        at = args.index("--import")
        module = args[at + 1]
        del args[at:at + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    n, out = int(args[0]), args[1]
    layer = Layer(n, 20261128 + n)
    layer.build()
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        if name.endswith(".swift"):
            os.remove(os.path.join(out, name))
    files = {"API.swift": layer.api_file(module), "API+Path.swift": layer.path_file(module),
             "API+Method.swift": layer.method_file(module), "API+Task.swift": layer.task_file(module),
             "API+Headers.swift": layer.headers_file(module), "Models.swift": layer.models_file()}
    for name, text in files.items():
        with open(os.path.join(out, name), "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
