import EndpointGenSupport
import EndpointGenYAML

// `paginate:` checked against the query parameters and the response model.
extension Resolver {
    /// `paginate:` checked against the endpoint: its parameters are Int (or the cursor's type)
    /// query parameters of the endpoint, its paths lead through the response model to fields of
    /// fitting types. Errors about the service's scheme are reported where `paginate: true` uses it.
    mutating func resolvePagination(
        _ syntax: EndpointSyntax, service: ServiceSyntax, query: [Field], response: Response
    ) -> Pagination? {
        let pagination: PaginationSyntax
        // Where errors about the scheme go, and a note to the service's scheme when it is used.
        var usedAt: SourceLocation?
        var notes: [Diagnostic] = []
        if let own = syntax.pagination {
            pagination = own
        } else if let location = syntax.usesServicePagination {
            guard let shared = service.pagination else {
                diagnostics.error(
                    "endpoint '\(syntax.name)' says 'paginate: true', but service '\(service.name)' has no 'paginate'", at: location)
                return nil
            }
            pagination = shared
            usedAt = location
            notes = [.note("the service's 'paginate' is here", at: shared.location)]
        } else {
            return nil
        }
        let owner = "'paginate' of endpoint '\(syntax.name)'"
        var failed = false
        func report(_ message: String, at location: SourceLocation) {
            diagnostics.error(message, at: usedAt ?? location, notes: notes)
            failed = true
        }
        guard case .json(let pageType) = response, !pageType.isOptional else {
            report("\(owner) needs a JSON response (a model or an array), found \(Self.describe(response))",
                   at: pagination.location)
            return nil
        }
        func path(_ named: NamedSyntax?, _ key: String, fits: (TypeRef) -> Bool, expected: String) -> FieldPath? {
            guard let named else { return nil }
            var fields: [Field] = []
            var current = pageType
            for part in named.text.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
                guard case .model(let name) = current.unwrapped, let model = resolvedModels[name],
                      case .structure(let modelFields) = model.kind
                else {
                    report("'\(key)' of \(owner): '\(named.text)' goes through '\(current.specSpelling)', which is not a struct model",
                           at: named.location)
                    return nil
                }
                guard let field = modelFields.first(where: { $0.wireName == part }) else {
                    report("'\(key)' of \(owner): model '\(name)' has no field '\(part)'"
                               + DidYouMean.hint(for: part, among: modelFields.map(\.wireName)),
                           at: named.location)
                    return nil
                }
                fields.append(field)
                current = field.type
            }
            guard fits(current) else {
                report("'\(key)' of \(owner) must lead to \(expected), found '\(named.text)' of type '\(current.specSpelling)'",
                       at: named.location)
                return nil
            }
            return FieldPath(fields: fields)
        }
        func parameter(_ named: NamedSyntax?, _ key: String, type: PrimitiveType) -> String? {
            guard let named else { return nil }
            guard let field = query.first(where: { $0.wireName == named.text }) else {
                report("'\(key)' of \(owner) names '\(named.text)', which is not a query parameter of the endpoint"
                           + DidYouMean.hint(for: named.text, among: query.map(\.wireName)),
                       at: named.location)
                return nil
            }
            guard field.type.unwrapped == .primitive(type) else {
                report("'\(key)' of \(owner) names query parameter '\(named.text)' of type '\(field.type.specSpelling)'; it must be \(type.rawValue) or \(type.rawValue)?",
                       at: named.location)
                return nil
            }
            return field.wireName
        }
        func isInt(_ type: TypeRef) -> Bool { type.unwrapped == .primitive(.int) }

        var itemType: TypeRef?
        var items: FieldPath?
        if let named = pagination.items {
            items = path(named, "items", fits: { if case .array = $0.unwrapped { return true } else { return false } },
                         expected: "an array")
            if case .array(let element)? = items?.type.unwrapped { itemType = element }
        } else if case .array(let element) = pageType {
            itemType = element
        } else {
            report("\(owner) needs 'items', the path of the items' array in '\(pageType.specSpelling)'", at: pagination.location)
        }
        let hasMore = path(pagination.hasMore, "hasMore", fits: { $0.unwrapped == .primitive(.bool) }, expected: "a Bool")
        let scheme: Pagination.Scheme?
        switch pagination.scheme {
        case .page(let page, let size, let totalPages):
            let parameterName = parameter(page, "page", type: .int)
            let sizeName = parameter(size, "size", type: .int)
            let total = path(totalPages, "totalPages", fits: isInt, expected: "an Int")
            scheme = parameterName.map { .page(parameter: $0, size: sizeName, totalPages: total) }
        case .offset(let offset, let limit, let totalCount):
            let parameterName = parameter(offset, "offset", type: .int)
            let limitName = parameter(limit, "limit", type: .int)
            let total = path(totalCount, "total", fits: isInt, expected: "an Int")
            scheme = parameterName.map { .offset(parameter: $0, limit: limitName, total: total) }
        case .cursor(let cursor, let named):
            let cursorPath = path(cursor, "cursor", fits: { [.primitive(.string), .primitive(.int)].contains($0.unwrapped) },
                                  expected: "a String or an Int")
            let cursorType: PrimitiveType = cursorPath?.type.unwrapped == .primitive(.int) ? .int : .string
            let parameterName = cursorPath == nil ? nil : parameter(named, "param", type: cursorType)
            if let cursorPath, let parameterName {
                scheme = .cursor(cursorPath, parameter: parameterName)
            } else {
                scheme = nil
            }
        case .link:
            scheme = .link
        }
        guard !failed, let scheme, let itemType else { return nil }
        return Pagination(scheme: scheme, items: items, itemType: itemType, hasMore: hasMore, location: pagination.location)
    }

    private static func describe(_ response: Response) -> String {
        switch response {
        case .empty: return "no response"
        case .json(let type): return "'\(type.specSpelling)'"
        case .envelope(let type): return "'Envelope<\(type.specSpelling)>'"
        case .data: return "'Data'"
        case .string: return "'String'"
        case .stream(let format, let type): return "'\(format.typeName)<\(type.specSpelling)>'"
        case .download: return "'File'"
        }
    }
}
