import EndpointGenSupport
import EndpointGenYAML

// `paginate:` checked against the query parameters and the response model.
extension Resolver {
    /// `paginate:` checked against the endpoint: its parameters are Int (or the cursor's type)
    /// query parameters of the endpoint, its paths lead through the response model to fields of
    /// fitting types. Errors about the service's scheme are reported where `paginate: true` uses it.
    mutating func resolvePagination(
        _ syntax: EndpointSyntax, service: ServiceSyntax, query: [Field], response: SpecResponse
    ) -> Pagination? {
        guard let inUse = paginationInUse(syntax, service: service) else { return nil }
        let (pagination, usedAt, notes) = inUse
        let owner = "'paginate' of endpoint '\(syntax.name)'"
        guard case .json(let pageType) = response, !pageType.isOptional else {
            diagnostics.error(
                "\(owner) needs a JSON response (a model or an array), found \(Self.describe(response))",
                at: usedAt ?? pagination.location, notes: notes)
            return nil
        }
        var check = PaginationCheck(owner: owner, usedAt: usedAt, notes: notes, pageType: pageType, query: query)
        var itemType: TypeRef?
        var items: FieldPath?
        if let named = pagination.items {
            items = paginationPath(named, "items", fits: { if case .array = $0.unwrapped { return true } else { return false } },
                                   expected: "an array", &check)
            if case .array(let element)? = items?.type.unwrapped { itemType = element }
        } else if case .array(let element) = pageType {
            itemType = element
        } else {
            report("\(owner) needs 'items', the path of the items' array in '\(pageType.specSpelling)'", at: pagination.location, &check)
        }
        let hasMore = paginationPath(pagination.hasMore, "hasMore", fits: { $0.unwrapped == .primitive(.bool) }, expected: "a Bool", &check)
        let scheme = paginationScheme(pagination.scheme, itemType: itemType, &check)
        guard !check.failed, let scheme, let itemType else { return nil }
        return Pagination(scheme: scheme, items: items, itemType: itemType, hasMore: hasMore, location: pagination.location)
    }

    /// What one `paginate:` is checked against, and where its errors go (`usedAt`, with `notes`,
    /// when the service's scheme is used); `failed` once any is reported.
    private struct PaginationCheck {
        let owner: String
        let usedAt: SourceLocation?
        let notes: [Diagnostic]
        let pageType: TypeRef
        let query: [Field]
        var failed = false
    }

    /// The endpoint's own scheme, or the service's for `paginate: true` (with where it is used and
    /// a note to it); nil when the endpoint does not paginate or the service has no scheme (reported).
    private mutating func paginationInUse(
        _ syntax: EndpointSyntax, service: ServiceSyntax
    ) -> (PaginationSyntax, usedAt: SourceLocation?, notes: [Diagnostic])? {
        if let own = syntax.pagination { return (own, nil, []) }
        guard let location = syntax.usesServicePagination else { return nil }
        guard let shared = service.pagination else {
            diagnostics.error(
                "endpoint '\(syntax.name)' says 'paginate: true', but service '\(service.name)' has no 'paginate'", at: location)
            return nil
        }
        return (shared, location, [.note("the service's 'paginate' is here", at: shared.location)])
    }

    /// An error of this `paginate:`, at the use of the service's scheme when it is one.
    private mutating func report(_ message: String, at location: SourceLocation, _ check: inout PaginationCheck) {
        diagnostics.error(message, at: check.usedAt ?? location, notes: check.notes)
        check.failed = true
    }

    /// The scheme's query parameters and response paths, each checked; nil when a required one failed.
    private mutating func paginationScheme(
        _ scheme: PaginationSyntax.Scheme, itemType: TypeRef?, _ check: inout PaginationCheck
    ) -> Pagination.Scheme? {
        func isInt(_ type: TypeRef) -> Bool { type.unwrapped == .primitive(.int) }
        switch scheme {
        case .page(let page, let size, let totalPages):
            let parameterName = paginationParameter(page, "page", type: .int, &check)
            let sizeName = paginationParameter(size, "size", type: .int, &check)
            let total = paginationPath(totalPages, "totalPages", fits: isInt, expected: "an Int", &check)
            return parameterName.map { .page(parameter: $0, size: sizeName, totalPages: total) }
        case .offset(let offset, let limit, let totalCount):
            let parameterName = paginationParameter(offset, "offset", type: .int, &check)
            let limitName = paginationParameter(limit, "limit", type: .int, &check)
            let total = paginationPath(totalCount, "total", fits: isInt, expected: "an Int", &check)
            return parameterName.map { .offset(parameter: $0, limit: limitName, total: total) }
        case .cursor(let cursor, let named):
            let cursorPath = paginationPath(
                cursor, "cursor", fits: { [.primitive(.string), .primitive(.int)].contains($0.unwrapped) },
                expected: "a String or an Int", &check)
            let cursorType: PrimitiveType = cursorPath?.type.unwrapped == .primitive(.int) ? .int : .string
            let parameterName = cursorPath == nil ? nil : paginationParameter(named, "param", type: cursorType, &check)
            guard let cursorPath, let parameterName else { return nil }
            return .cursor(cursorPath, parameter: parameterName)
        case .lastItem(let cursor, let named):
            // A path into the items (reported with them when there are none).
            guard let itemType else { return nil }
            let cursorPath = paginationPath(
                cursor, "lastItem", from: itemType, fits: { [.primitive(.string), .primitive(.int)].contains($0.unwrapped) },
                expected: "a String or an Int", &check)
            let cursorType: PrimitiveType = cursorPath?.type.unwrapped == .primitive(.int) ? .int : .string
            let parameterName = cursorPath == nil ? nil : paginationParameter(named, "param", type: cursorType, &check)
            guard let cursorPath, let parameterName else { return nil }
            return .lastItem(cursorPath, parameter: parameterName)
        case .link:
            return .link
        }
    }

    /// A dotted path from the page type (or `start`, the item type) through struct models to a
    /// field whose type `fits`.
    private mutating func paginationPath(
        _ named: NamedSyntax?, _ key: String, from start: TypeRef? = nil, fits: (TypeRef) -> Bool, expected: String,
        _ check: inout PaginationCheck
    ) -> FieldPath? {
        guard let named else { return nil }
        let owner = check.owner
        var fields: [Field] = []
        var current = start ?? check.pageType
        for part in named.text.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            guard case .model(let name) = current.unwrapped, let model = resolvedModels[name],
                  case .structure(let modelFields) = model.kind
            else {
                report("'\(key)' of \(owner): '\(named.text)' goes through '\(current.specSpelling)', which is not a struct model",
                       at: named.location, &check)
                return nil
            }
            guard let field = modelFields.first(where: { $0.wireName == part }) else {
                report("'\(key)' of \(owner): model '\(name)' has no field '\(part)'"
                           + DidYouMean.hint(for: part, among: modelFields.map(\.wireName)),
                       at: named.location, &check)
                return nil
            }
            fields.append(field)
            current = field.type
        }
        guard fits(current) else {
            report("'\(key)' of \(owner) must lead to \(expected), found '\(named.text)' of type '\(current.specSpelling)'",
                   at: named.location, &check)
            return nil
        }
        return FieldPath(fields: fields)
    }

    /// A query parameter of the endpoint of the given type (optional or not); its wire name.
    private mutating func paginationParameter(
        _ named: NamedSyntax?, _ key: String, type: PrimitiveType, _ check: inout PaginationCheck
    ) -> String? {
        guard let named else { return nil }
        let owner = check.owner
        let query = check.query
        guard let field = query.first(where: { $0.wireName == named.text }) else {
            report("'\(key)' of \(owner) names '\(named.text)', which is not a query parameter of the endpoint"
                       + DidYouMean.hint(for: named.text, among: query.map(\.wireName)),
                   at: named.location, &check)
            return nil
        }
        guard field.type.unwrapped == .primitive(type) else {
            report("'\(key)' of \(owner) names query parameter '\(named.text)' of type '\(field.type.specSpelling)'; it must be \(type.rawValue) or \(type.rawValue)?",
                   at: named.location, &check)
            return nil
        }
        return field.wireName
    }

    private static func describe(_ response: SpecResponse) -> String {
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
