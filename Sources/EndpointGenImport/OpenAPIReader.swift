import EndpointGenSpec
import EndpointGenSupport
import EndpointGenYAML

/// Reads the part of an OpenAPI 3.0 / 3.1 document (YAML or JSON) the importer turns into specs.
/// What it cannot carry over is a warning at the node that holds it; a document that is not
/// OpenAPI 3 at all is an error.
struct OpenAPIReader {
    /// The document's files and what its references name.
    let references: References
    var diagnostics = DiagnosticBag()
    /// The security schemes specs can express, by name: which of a `security` list's
    /// alternatives is taken.
    var supportedSchemes: Set<String> = []
    /// Whether list operations get `paginate:` from their shape (`recognizedPagination`).
    var recognizesPagination = true

    init(references: References) {
        self.references = references
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    mutating func read(_ node: YAMLNode) -> OpenAPIDocument? {
        guard node.mapping != nil else {
            diagnostics.error("an OpenAPI document is a mapping, found \(node.kindDescription)", at: location(node))
            return nil
        }
        if let swagger = node["swagger"] {
            diagnostics.error(
                "this is a Swagger \(swagger.text ?? "2") document; only OpenAPI 3.0 and 3.1 are read (convert it first, e.g. with swagger2openapi)",
                at: location(swagger))
            return nil
        }
        guard let versionNode = node["openapi"], let version = versionNode.text else {
            diagnostics.error("not an OpenAPI document: the top-level key 'openapi' is missing", at: location(node))
            return nil
        }
        guard version.hasPrefix("3.") else {
            diagnostics.error("OpenAPI \(version) is not supported; only 3.0 and 3.1 are read", at: location(versionNode))
            return nil
        }
        var document = OpenAPIDocument()
        // An export says every paging it has (x-endpointgen-paginate).
        if node[OpenAPIExtension.export]?["paginate"]?.text == "explicit" { recognizesPagination = false }
        document.title = node["info"]?["title"]?.text
        document.version = node["info"]?["version"]?.text
        for server in node["servers"]?.elements ?? [] {
            if let url = serverURL(server) {
                document.servers.append((url, server["description"]?.text.map(HTMLToMarkdown.convert)))
            } else if let url = server["url"] {
                diagnostics.warning(.servers, "server URL '\(url.text ?? "")' is not an absolute http or https URL; pass the base URL when creating the service", at: location(url))
            }
        }
        for tag in node["tags"]?.elements ?? [] {
            guard let name = tag["name"]?.text else { continue }
            document.tagDescriptions.append((name, tag["description"]?.text.map(HTMLToMarkdown.convert) ?? ""))
            if let settings = serviceSettings(tag) { document.tagSettings.append((name, settings)) }
        }
        for pair in node["components"]?["securitySchemes"]?.mapping ?? YAMLMapping() {
            guard let name = pair.key.text, let scheme = securityScheme(name, pair.value) else { continue }
            document.securitySchemes.append((name, scheme))
            supportedSchemes.insert(name)
        }
        document.security = node["security"].flatMap(securityChoice)
        for component in references.registerComponents() {
            document.schemas.append(NamedSchema(name: component.name, schema: schema(component.node)))
        }
        if let paths = node["paths"]?.mapping {
            for pair in paths {
                // `x-…` keys are extensions the Paths object may hold, not paths.
                guard let path = pair.key.text, !path.hasPrefix("x-") else { continue }
                if let problem = Self.pathProblem(path) {
                    diagnostics.warning(.skippedPaths, "path '\(path)' is skipped: \(problem)", at: location(pair.key))
                    continue
                }
                readPathItem(path, pair.value, into: &document)
            }
        } else if node["paths"] == nil, node["webhooks"] == nil {
            diagnostics.warning(.skippedPaths, "the document has no 'paths': no endpoints are imported", at: location(node))
        }
        // Schemas of other files (or other places) that references named, as components of
        // their own; reading one may name more.
        var next = 0
        while next < references.added.count {
            let (name, schemaNode) = references.added[next]
            document.schemas.append(NamedSchema(name: name, schema: schema(schemaNode)))
            next += 1
        }
        return document
    }

    // MARK: - Security

    private mutating func securityScheme(_ name: String, _ node: YAMLNode) -> SecurityScheme? {
        switch node["type"]?.text {
        case "http":
            switch node["scheme"]?.text?.lowercased() {
            case "bearer": return .bearer
            case "basic": return .basic
            default:
                diagnostics.warning(.security, "security scheme '\(name)' uses HTTP scheme '\(node["scheme"]?.text ?? "")', which specs cannot express", at: location(node))
                return nil
            }
        case "apiKey":
            guard let keyName = node["name"]?.text else { return nil }
            switch node["in"]?.text {
            case "header": return .apiKeyHeader(keyName)
            case "query": return .apiKeyQuery(keyName)
            case "cookie": return .apiKeyCookie(keyName)
            default: return nil
            }
        case "oauth2", "openIdConnect":
            // The access token travels as `Authorization: Bearer`.
            return .bearer
        default:
            diagnostics.warning(.security, "security scheme '\(name)' of type '\(node["type"]?.text ?? "")' is not supported", at: location(node))
            return nil
        }
    }

    /// The first alternative of a `security` list whose scheme specs can express
    /// (`[{ mutualTLS: [] }, { bearer: [] }]` is bearer), else the first one; `[]` or a first
    /// `{}` is anonymous (auth optional: nothing is sent).
    func securityChoice(_ node: YAMLNode) -> SecurityChoice? {
        guard let list = node.sequence else { return nil }
        let keys = list.map { $0.mapping?.first?.key }
        guard let first = keys.first ?? nil, let name = first.text else { return .anonymous }
        if !supportedSchemes.contains(name),
           let other = keys.lazy.compactMap({ $0 }).first(where: { $0.text.map(supportedSchemes.contains) ?? false }),
           let otherName = other.text {
            return .scheme(otherName, location(other))
        }
        return .scheme(name, location(first))
    }

    // MARK: - Helpers

    /// `node`, or what its `$ref` names (in this file or another, through further references);
    /// nil after a warning at the `$ref` that `what` (the path, the parameter…) is skipped.
    mutating func follow(_ node: YAMLNode, what: String) -> YAMLNode? {
        switch references.follow(node) {
        case .success(let target):
            return target
        case .failure(let problem):
            diagnostics.warning(.unresolvedReferences, problem.message + "; \(what) is skipped", at: problem.location ?? location(node["$ref"] ?? node), notes: problem.notes)
            return nil
        }
    }

    func serverURL(_ server: YAMLNode) -> String? {
        guard var url = server["url"]?.text else { return nil }
        // Server variables take their defaults: `https://{region}.example.com`.
        for pair in server["variables"]?.mapping ?? YAMLMapping() {
            guard let name = pair.key.text, let value = pair.value["default"]?.text else { continue }
            url = Text.replacing("{\(name)}", with: value, in: url)
        }
        while url.hasSuffix("/") { url.removeLast() }
        return SpecRules.isBaseURL(url) ? url : nil
    }

    /// JSON Pointer escapes (`~1` is `/`, `~0` is `~`) and percent-encoding in a reference.
    static func unescapePointer(_ text: String) -> String {
        Text.replacing("~0", with: "~", in: Text.replacing("~1", with: "/", in: Text.percentDecoded(text)))
    }

    /// The first paragraph of a description (in Markdown when it was HTML), on one line.
    static func oneLine(_ text: String) -> String {
        Text.firstParagraph(HTMLToMarkdown.convert(text))
    }

    func location(_ node: YAMLNode) -> SourceLocation {
        references.location(node)
    }
}

extension YAMLNode {
    /// The value of `key` in a mapping (nil for other nodes or a missing key).
    subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.text == key }?.value
    }

    /// The nodes of a sequence (nil for other nodes).
    var elements: [YAMLNode]? {
        sequence.map(Array.init)
    }

    /// A scalar's text; nil for `null`, mappings and sequences.
    var text: String? {
        isPlainNull ? nil : scalar?.value
    }
}
