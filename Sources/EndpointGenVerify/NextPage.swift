import EndpointGenSpec
import EndpointGenSupport
import EndpointRuntime
import Foundation

/// The request of a paginated endpoint's second page, found the way the generated `<name>Pages`
/// method finds it (`paginate:`): the page number plus one, the offset plus the items received,
/// the cursor read from the page, or the `Link` header's `rel="next"` on the base URL's origin;
/// none when the first page is the last by the same end rules.
struct NextPage {
    let endpoint: SpecEndpoint
    let pagination: Pagination

    /// What the first page says about the next.
    enum Step {
        /// The first page is the last (`why`, for the report).
        case end(String)
        /// The next page: the request and base URL, and how it was found (`page=2`).
        case next(PlannedRequest, URL, String)
        /// The first page does not let the next be found as declared.
        case broken(String, Severity = .error)
    }

    /// `payload` is the first page's body unwrapped from its envelope.
    func step(after request: PlannedRequest, base: URL, answer: RawAnswer, payload: JSONDocument) -> Step {
        let items: [JSONDocument]
        switch value(at: pagination.items, in: payload) {
        case .array(let array)?: items = array
        default: return .broken("the items' array \(pagination.items.map { "'\(name($0))'" } ?? "(the body)") is not in the page")
        }
        var hasMore: Bool?
        if let path = pagination.hasMore, case .bool(let flag)? = value(at: path, in: payload) { hasMore = flag }
        switch pagination.scheme {
        case .page(let parameter, let size, let totalPages):
            let current = integer(request, parameter) ?? 1
            let next = current + 1
            let total = totalPages.flatMap { integerValue(at: $0, in: payload) }
            guard continues(items.count, size: size.flatMap { integer(request, $0) }, hasMore: hasMore), total.map({ next <= $0 }) ?? true else {
                return .end("page \(current) is the last")
            }
            return .next(replacing(parameter, with: String(next), in: request), base, "\(parameter)=\(next)")
        case .offset(let parameter, let limit, let total):
            let next = (integer(request, parameter) ?? 0) + items.count
            let count = total.flatMap { integerValue(at: $0, in: payload) }
            guard continues(items.count, size: limit.flatMap { integer(request, $0) }, hasMore: hasMore), count.map({ next < $0 }) ?? true else {
                return .end("the first page is the last")
            }
            return .next(replacing(parameter, with: String(next), in: request), base, "\(parameter)=\(next)")
        case .lastItem(let path, let parameter):
            return afterLastItem(items, path: path, parameter: parameter, hasMore: hasMore, request: request, base: base)
        case .cursor(let path, let parameter):
            guard let cursor = value(at: path, in: payload) else {
                // An optional cursor reads as nil: the app would never ask for a second page.
                return .broken("the cursor '\(name(path))' is not in the page, so the app stops after it", .warning)
            }
            let text: String
            switch cursor {
            case .null: return .end("the cursor '\(name(path))' is null")
            case .string(let string) where string.isEmpty: return .end("the cursor '\(name(path))' is empty")
            case .string(let string): text = string
            case .number(let number): text = number
            default: return .broken("the cursor '\(name(path))' is \(cursor.kind), expected a string or an integer")
            }
            return sendingBack(text, in: parameter, from: "the page", hasMore: hasMore, request: request, base: base)
        case .link:
            guard let header = answer.header("Link"),
                  let target = LinkHeader.target(ofRelation: "next", in: header, base: answer.url ?? base) else {
                return .end("no Link rel=\"next\"")
            }
            guard Origin(target) == Origin(base) else {
                return .broken("the Link rel=\"next\" \(target.absoluteString) is not on the base URL's origin: the app refuses it")
            }
            guard var components = URLComponents(url: target, resolvingAgainstBaseURL: true) else {
                return .broken("the Link rel=\"next\" is not a URL")
            }
            let path = components.percentEncodedPath
            let query = (components.percentEncodedQueryItems ?? []).map {
                QueryItem(name: $0.name.removingPercentEncoding ?? $0.name, value: ($0.value ?? "").removingPercentEncoding ?? "")
            }
            components.percentEncodedPath = ""
            components.percentEncodedQuery = nil
            components.fragment = nil
            guard let origin = components.url else { return .broken("the Link rel=\"next\" is not a URL") }
            var next = request
            next.pathComponents = path.isEmpty ? [] : [.literal(path)]
            next.queryItems = query
            return .next(next, origin, "Link rel=\"next\"")
        }
    }

    /// `lastItem`: the next page after the last item's cursor.
    private func afterLastItem(
        _ items: [JSONDocument], path: FieldPath, parameter: String, hasMore: Bool?, request: PlannedRequest, base: URL
    ) -> Step {
        guard let last = items.last else { return .end("the page is empty") }
        guard let cursor = value(at: path, in: last) else {
            return .broken("the last item has no '\(name(path))', so the app stops after this page", .warning)
        }
        let text: String
        switch cursor {
        case .string(let string) where !string.isEmpty: text = string
        case .number(let number): text = number
        default: return .broken("the last item's '\(name(path))' is \(cursor.kind), expected a string or an integer")
        }
        return sendingBack(text, in: parameter, from: "the page's last item", hasMore: hasMore, request: request, base: base)
    }

    /// The request with cursor `text` in `parameter`, unless `hasMore` says the page is the last;
    /// a cursor the request was already sent with (read `from` the page) would stop the app there.
    private func sendingBack(_ text: String, in parameter: String, from: String, hasMore: Bool?, request: PlannedRequest, base: URL) -> Step {
        guard hasMore != false else { return .end("'hasMore' is false") }
        if request.queryItems.first(where: { $0.name == parameter })?.value == text {
            return .broken("\(from) repeats the cursor it was asked with ('\(text)'): the app would stop here")
        }
        return .next(replacing(parameter, with: text, in: request), base, "\(parameter)=\(text)")
    }

    /// The items of a page (nil when the items' array is not there).
    func items(of payload: JSONDocument) -> [JSONDocument]? {
        if case .array(let items)? = value(at: pagination.items, in: payload) { return items }
        return nil
    }

    /// The end rule every scheme shares: not after an empty page, a short one, or `hasMore` false.
    private func continues(_ count: Int, size: Int?, hasMore: Bool?) -> Bool {
        count > 0 && (size.map { count >= $0 } ?? true) && hasMore != false
    }

    private func value(at path: FieldPath?, in payload: JSONDocument) -> JSONDocument? {
        guard let path else { return payload }
        var current: JSONDocument? = payload
        for field in path.fields { current = current?[field.wireName] }
        return current
    }

    private func integerValue(at path: FieldPath, in payload: JSONDocument) -> Int? {
        if case .number(let text)? = value(at: path, in: payload) { return Int(text) }
        return nil
    }

    private func integer(_ request: PlannedRequest, _ name: String) -> Int? {
        request.queryItems.last { $0.name == name }.flatMap { Int($0.value) }
    }

    private func name(_ path: FieldPath) -> String {
        path.fields.map(\.wireName).joined(separator: ".")
    }

    private func replacing(_ name: String, with value: String, in request: PlannedRequest) -> PlannedRequest {
        var next = request
        if let index = next.queryItems.firstIndex(where: { $0.name == name }) {
            next.queryItems[index] = QueryItem(name: name, value: value)
        } else {
            next.queryItems.append(QueryItem(name: name, value: value))
        }
        return next
    }
}
