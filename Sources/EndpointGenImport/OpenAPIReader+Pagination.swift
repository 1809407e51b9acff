import EndpointGenYAML

// `paginate:` recognised from the shape of a list operation, for documents that do not say it
// (`x-endpointgen-paginate` is an export's). Each rule reads the raw document, so nothing it
// looks at is reported twice; what it proposes is checked by the spec loader like any
// `paginate:`, and one the loader refuses is left out with a note.
extension OpenAPIReader {
    /// A rule that matched: its name (for the note) and the `paginate:` keys it proposes.
    struct RecognizedPagination {
        var rule: PaginationRule
        var keys: [(key: String, value: String)]
    }

    /// The shapes recognised, in the order they are tried.
    enum PaginationRule: String, CaseIterable {
        /// The document's own `x-speakeasy-pagination` (Speakeasy's SDK generator).
        case speakeasy = "x-speakeasy-pagination"
        /// GitHub: a `Link` header on the success response (`rel="next"`).
        case linkHeader = "link header"
        /// Stripe: `starting_after` sent back with the last item's `id`; `has_more` and `data`.
        case lastItem = "last item's id"
        /// A cursor in the page (`next_cursor`, `nextPageToken`, `meta.next_cursor`) sent back
        /// in a query parameter (`cursor`, `page_token`, `pageToken`).
        case cursor = "next cursor"
        /// `page` and a page size (`per_page`, `page_size`, `size`, `limit`) query parameters.
        case pageNumber = "page number"
        /// `offset` and `limit` query parameters.
        case offset = "offset and limit"

        /// What the rule looks for, for the note.
        var shape: String {
            switch self {
            case .speakeasy: return "the operation's x-speakeasy-pagination"
            case .linkHeader: return "a Link header on the success response"
            case .lastItem: return "starting_after, and has_more and data in the page"
            case .cursor: return "a next cursor in the page and a query parameter to send it in"
            case .pageNumber: return "page and page size query parameters"
            case .offset: return "offset and limit query parameters"
            }
        }
    }

    private static let cursorParameters = ["cursor", "page_token", "pageToken", "next_token", "nextToken", "continuation_token", "continuationToken"]
    private static let cursorFields = ["next_cursor", "nextCursor", "next_page_token", "nextPageToken", "next_token", "nextToken", "continuation_token", "continuationToken"]
    /// Objects a page keeps its cursor in (Slack's `response_metadata.next_cursor`).
    private static let cursorHolders = ["meta", "metadata", "pagination", "paging", "page_info", "pageInfo", "response_metadata"]
    private static let sizeParameters = ["per_page", "page_size", "pageSize", "perPage", "size", "limit"]
    /// When a page has several arrays, the one named like its items.
    private static let itemNames = ["data", "items", "results", "values", "entries", "records"]

    /// The first rule whose shape the GET operation has; nil for other methods, and for a
    /// success response that is not a JSON array or object.
    mutating func recognizedPagination(_ node: YAMLNode, method: String, parameters: [Parameter]) -> RecognizedPagination? {
        if let speakeasy = node["x-speakeasy-pagination"] {
            guard let keys = Self.speakeasyPagination(speakeasy, query: parameters.filter { $0.place == .query }.map(\.name)) else {
                diagnostics.warning(
                    .skippedPagination,
                    "x-speakeasy-pagination is left out: specs page by query parameters, with 'offsetLimit' (a page or offset input) or 'cursor' and plain JSONPaths ($.meta.next, $.data[-1].id)",
                    at: location(speakeasy))
                return nil
            }
            return RecognizedPagination(rule: .speakeasy, keys: keys)
        }
        guard method == "GET", let response = successResponse(node["responses"]),
              let pageNode = jsonSchema(of: response).flatMap({ resolvedSchema($0) }) else { return nil }
        let page = pageShape(pageNode)
        guard let items = page.items else { return nil }
        func withItems(_ keys: [(String, String)]) -> [(key: String, value: String)] {
            (keys + (items.property.map { [("items", $0)] } ?? [])).map { (key: $0.0, value: $0.1) }
        }
        let query = parameters.filter { $0.place == .query }
        func queryParameter(_ names: [String], integer: Bool) -> String? {
            for name in names {
                guard let parameter = query.first(where: { $0.name == name }) else { continue }
                switch parameter.schema?.kind {
                case .integer?: if integer { return name }
                case .string?: if !integer { return name }
                default: break
                }
            }
            return nil
        }
        let headers = response["headers"]?.mapping ?? YAMLMapping()
        if headers.contains(where: { $0.key.text?.lowercased() == "link" }) {
            return RecognizedPagination(rule: .linkHeader, keys: withItems([("link", "true")]))
        }
        if items.property == "data", page.booleans.contains("has_more"), queryParameter(["starting_after"], integer: false) != nil,
           let item = items.element.flatMap({ resolvedSchema($0) }), Self.type(of: property("id", of: item)) == "string" {
            return RecognizedPagination(rule: .lastItem, keys: withItems([("lastItem", "id"), ("param", "starting_after"), ("hasMore", "has_more")]))
        }
        for (path, type) in page.cursors {
            if let parameter = queryParameter(Self.cursorParameters, integer: type == "integer") {
                return RecognizedPagination(rule: .cursor, keys: withItems([("cursor", path), ("param", parameter)]))
            }
        }
        if queryParameter(["page"], integer: true) != nil, let size = queryParameter(Self.sizeParameters, integer: true) {
            return RecognizedPagination(rule: .pageNumber, keys: withItems([("page", "page"), ("size", size)]))
        }
        if queryParameter(["offset"], integer: true) != nil, queryParameter(["limit"], integer: true) != nil {
            return RecognizedPagination(rule: .offset, keys: withItems([("offset", "offset"), ("limit", "limit")]))
        }
        return nil
    }

    /// Speakeasy's `x-speakeasy-pagination`: `offsetLimit` with a `page` or `offset` input (and a
    /// `limit`), `cursor` with a `cursor` input and `outputs.nextCursor` (`$.data[-1].id`, the last
    /// item's, is `lastItem`); `results` and `numPages` as JSONPaths of plain names. Inputs must be
    /// query parameters of the operation (`in: parameters`); a `url` type, a body input or a path
    /// the spec cannot say gives none.
    static func speakeasyPagination(_ node: YAMLNode, query: [String]) -> [(key: String, value: String)]? {
        var inputs: [String: String] = [:]
        for input in node["inputs"]?.elements ?? [] {
            guard input["in"]?.text == "parameters", let name = input["name"]?.text, let type = input["type"]?.text,
                  query.contains(name) else { return nil }
            inputs[type] = name
        }
        let outputs = node["outputs"]
        var keys: [(key: String, value: String)] = []
        func path(_ name: String) -> String?? {
            guard let text = outputs?[name]?.text else { return .some(nil) }
            return jsonPath(text)
        }
        guard let results = path("results") else { return nil }
        switch node["type"]?.text {
        case "offsetLimit":
            if let page = inputs["page"] {
                keys = [("page", page)]
                if let limit = inputs["limit"] { keys.append(("size", limit)) }
                guard let pages = path("numPages") else { return nil }
                if let pages { keys.append(("totalPages", pages)) }
            } else if let offset = inputs["offset"] {
                keys = [("offset", offset)]
                if let limit = inputs["limit"] { keys.append(("limit", limit)) }
            } else {
                return nil
            }
        case "cursor":
            guard let cursor = inputs["cursor"], let text = outputs?["nextCursor"]?.text else { return nil }
            // `$.data[-1].id`: the last item's field.
            if let range = text.firstRange(of: "[-1].") {
                guard case .some(let items) = jsonPath(String(text[..<range.lowerBound])),
                      case .some(let field?) = jsonPath("$." + text[range.upperBound...]) else { return nil }
                return [("lastItem", field), ("param", cursor)] + (items.map { [("items", $0)] } ?? [])
            }
            guard case .some(let next?) = jsonPath(text) else { return nil }
            keys = [("cursor", next), ("param", cursor)]
        default:
            return nil
        }
        if let results { keys.append(("items", results)) }
        return keys
    }

    /// A JSONPath of plain names (`$.data`, `$.meta.next`) as a dotted path; `$` alone is nil (the
    /// body itself); anything else (filters, indices, wildcards) is not a path specs can say.
    private static func jsonPath(_ text: String) -> String?? {
        guard text.hasPrefix("$") else { return nil }
        let rest = text.dropFirst()
        if rest.isEmpty { return .some(nil) }
        guard rest.hasPrefix("."), !rest.contains(where: { "[]*?@()' \"".contains($0) }) else { return nil }
        let parts = rest.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        return .some(parts.joined(separator: "."))
    }

    /// What a page schema offers the rules: its items (the array itself, or one array property,
    /// with its element schema), its Boolean properties, and the cursors it holds (dotted path and
    /// JSON type), at the top or in one holder object.
    private struct PageShape {
        var items: (property: String?, element: YAMLNode?)?
        var booleans: [String] = []
        var cursors: [(path: String, type: String)] = []
    }

    private mutating func pageShape(_ page: YAMLNode) -> PageShape {
        var shape = PageShape()
        switch Self.type(of: page) {
        case "array":
            shape.items = (nil, page["items"])
        case "object":
            var arrays: [(name: String, element: YAMLNode?)] = []
            for pair in page["properties"]?.mapping ?? YAMLMapping() {
                guard let name = pair.key.text, let value = resolvedSchema(pair.value) else { continue }
                switch Self.type(of: value) {
                case "array": arrays.append((name, value["items"]))
                case "boolean": shape.booleans.append(name)
                case "string", "integer":
                    if Self.cursorFields.contains(name) { shape.cursors.append((name, Self.type(of: value)!)) }
                case "object":
                    guard Self.cursorHolders.contains(name) else { continue }
                    for inner in value["properties"]?.mapping ?? YAMLMapping() {
                        guard let innerName = inner.key.text, Self.cursorFields.contains(innerName) || innerName == "cursor",
                              let innerValue = resolvedSchema(inner.value), let type = Self.type(of: innerValue),
                              type == "string" || type == "integer" else { continue }
                        shape.cursors.append((name + "." + innerName, type))
                    }
                default: break
                }
            }
            let chosen = arrays.count == 1 ? arrays[0] : arrays.first { Self.itemNames.contains($0.name) }
            if let chosen { shape.items = (chosen.name, chosen.element) }
        default:
            break
        }
        return shape
    }

    /// The success response (`successResponse`), its reference followed.
    private mutating func successResponse(_ responses: YAMLNode?) -> YAMLNode? {
        guard let mapping = responses?.mapping, let pair = Self.successResponse(mapping) else { return nil }
        return follow(pair.value, what: "the success response")
    }

    /// The schema of the response's JSON media type.
    private func jsonSchema(of response: YAMLNode) -> YAMLNode? {
        let media = response["content"]?.mapping?.first { $0.key.text.map { Self.isJSON($0.lowercased()) } ?? false }
        return media?.value["schema"]
    }

    /// A schema with its `$ref` followed (a few steps at most: a cycle of references ends), and an
    /// `allOf` of one part read as that part.
    private func resolvedSchema(_ node: YAMLNode, depth: Int = 0) -> YAMLNode? {
        guard depth < 8 else { return nil }
        if let reference = node["$ref"]?.text {
            guard let name = try? references.schemaName(reference, from: node).get(), let target = component(name) else { return nil }
            return resolvedSchema(target, depth: depth + 1)
        }
        if let parts = node["allOf"]?.sequence, parts.count == 1, let part = parts.first {
            return resolvedSchema(part, depth: depth + 1)
        }
        return node
    }

    private func property(_ name: String, of object: YAMLNode) -> YAMLNode? {
        object["properties"]?[name].flatMap { resolvedSchema($0) }
    }

    /// The JSON type a schema declares (3.1's list with `null` read as the other type); an object
    /// with `properties` and no `type` is an object.
    private static func type(of node: YAMLNode?) -> String? {
        guard let node else { return nil }
        if let text = node["type"]?.text { return text }
        if let list = node["type"]?.sequence {
            let types = list.compactMap(\.text).filter { $0 != "null" }
            return types.count == 1 ? types[0] : nil
        }
        return node["properties"] != nil ? "object" : nil
    }
}
