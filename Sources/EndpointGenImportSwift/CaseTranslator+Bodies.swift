#if ImportSwift
import EndpointGenImport
import EndpointGenSpec
import EndpointGenSupport
import SwiftSyntax

/// How Alamofire writes a dictionary of parameters (`URLEncoding`, `JSONEncoding`).
enum ParameterEncodingKind {
    enum Destination {
        /// Query for GET, HEAD and DELETE, the body otherwise (`URLEncoding.default`).
        case methodDependent, queryString, httpBody
    }

    enum Arrays {
        case brackets, noBrackets, indexInBrackets
    }

    case url(Destination, Arrays, numericBools: Bool)
    case json
    /// A `ParameterEncoding` of the app's own: what it writes is not known.
    case custom(String)
}

extension CaseTranslator {
    /// What a Moya `Task` (or a home-grown enum with its case names) carries.
    func readTask(_ task: Value?, method: String, arguments: CaseArguments, into request: inout RequestParts) {
        guard let task else { return }
        guard let name = task.memberName else {
            context.warn(.runTimeValues, "the task of '\(item.name)' is computed at run time (\(describe(task))): the request carries nothing in the spec; write its query or body by hand", at: task.node)
            return
        }
        switch name {
        case "requestPlain", "downloadDestination":
            request.isDownload = name == "downloadDestination"
        case "requestData":
            request.body = .raw("application/octet-stream")
        case "requestJSONEncodable", "requestCustomJSONEncodable":
            if name == "requestCustomJSONEncodable", let encoder = task.argument("encoder", at: 1) {
                context.warn(.customEncodings, "'\(item.name)' encodes its body with its own JSONEncoder (\(describe(encoder))): the spec's JSON uses the models' wire names and ISO 8601 dates; check its key and date strategies against them", at: encoder.node)
            }
            request.body = encodableBody(task.argument(nil, at: 0), arguments: arguments)
        case "requestParameters", "downloadParameters":
            request.isDownload = name == "downloadParameters"
            place(task.argument("parameters", at: 0), encoding: encoding(task.argument("encoding", at: 1)), method: method, arguments: arguments, into: &request)
        case "requestCompositeData":
            request.body = .raw("application/octet-stream")
            place(task.argument("urlParameters", at: 1), encoding: .url(.queryString, .brackets, numericBools: true), method: method, arguments: arguments, into: &request)
        case "requestCompositeParameters":
            place(task.argument("bodyParameters", at: 0), encoding: encoding(task.argument("bodyEncoding", at: 1)), method: method, arguments: arguments, into: &request)
            place(task.argument("urlParameters", at: 2), encoding: .url(.queryString, .brackets, numericBools: true), method: method, arguments: arguments, into: &request)
        case "uploadFile":
            request.body = .file("application/octet-stream")
        case "uploadMultipart", "uploadCompositeMultipart":
            let parts = multipartParts(task.argument(nil, at: 0), arguments: arguments)
            // No part read (each is warned about): no body, rather than an empty one.
            request.body = parts.isEmpty ? nil : .multipart(parts)
            if name == "uploadCompositeMultipart" {
                place(task.argument("urlParameters", at: 1), encoding: .url(.queryString, .brackets, numericBools: true), method: method, arguments: arguments, into: &request)
            }
        default:
            context.warn(.runTimeValues, "'\(item.name)' has a task import-swift does not know ('\(name)'): the request carries nothing in the spec; write its query or body by hand", at: task.node)
        }
    }

    /// An Alamofire router's parameters, written by its `encoding` (a property, or the one
    /// `asURLRequest()` passes them to), else by `URLEncoding.default` as Alamofire's
    /// `request(_:method:parameters:)` does.
    func readParameters(_ members: Members, method: String, arguments: CaseArguments, into request: inout RequestParts) {
        var encodingValue = members.encoding
        if let built = members.request {
            for step in RequestSteps(built).steps {
                switch step {
                case .encode(let encoder, let parameters):
                    encodingValue = encodingValue ?? encoder
                    if members.parameters == nil, let parameters { place(parameters, encoding: encoding(encoder), method: method, arguments: arguments, into: &request) }
                case .header(let name, let value):
                    request.headers.append(Value.Entry(key: name, value: value))
                case .timeout(let seconds):
                    if case .number(let text) = seconds.kind { request.timeout = text }
                }
            }
        }
        guard let parameters = members.parameters else { return }
        let kind = encodingValue.map(encoding) ?? .url(.methodDependent, .brackets, numericBools: true)
        place(parameters, encoding: kind, method: method, arguments: arguments, into: &request)
    }

    /// `URLEncoding.default`, `URLEncoding(destination: .queryString)`, `JSONEncoding.default`, ….
    func encoding(_ value: Value?) -> ParameterEncodingKind {
        guard let value else { return .url(.methodDependent, .brackets, numericBools: true) }
        let spelled = value.dottedName ?? value.call.map { _ in Evaluator.excerpt(value.node) } ?? ""
        if spelled.contains("JSONEncoding") { return .json }
        guard spelled.contains("URLEncoding") else { return .custom(describe(value)) }
        var destination = ParameterEncodingKind.Destination.methodDependent
        var arrays = ParameterEncodingKind.Arrays.brackets
        var numericBools = true
        switch value.memberName {
        case "queryString": destination = .queryString
        case "httpBody": destination = .httpBody
        default: break
        }
        if case .call = value.kind {
            switch value.argument("destination")?.memberName {
            case "queryString": destination = .queryString
            case "httpBody": destination = .httpBody
            default: break
            }
            switch value.argument("arrayEncoding")?.memberName {
            case "noBrackets": arrays = .noBrackets
            case "indexInBrackets": arrays = .indexInBrackets
            default: break
            }
            numericBools = value.argument("boolEncoding")?.memberName != "literal"
        }
        return .url(destination, arrays, numericBools: numericBools)
    }

    /// Parameters (a dictionary literal, a DTO, a DTO's dictionary) as query items or a body.
    func place(_ parameters: Value?, encoding: ParameterEncodingKind, method: String, arguments: CaseArguments, into request: inout RequestParts) {
        guard let parameters else { return }
        if case .null = parameters.kind { return }
        if case .custom(let spelled) = encoding {
            context.warn(.customEncodings, "'\(item.name)' writes its parameters with its own encoding (\(spelled)): what it sends is not known, so they are left out; write them as query parameters or a body in the spec", at: parameters.node)
            return
        }
        let toQuery: Bool
        switch encoding {
        case .url(.methodDependent, _, _): toQuery = ["GET", "HEAD", "DELETE"].contains(method)
        case .url(.queryString, _, _): toQuery = true
        default: toQuery = false
        }
        if case .dictionary(let entries) = parameters.kind {
            var fields = dictionaryFields(entries, encoding: encoding, arguments: arguments)
            if toQuery {
                takeQueryKey(&fields, entries, into: &request)
                request.query += fields
            } else if case .json = encoding {
                request.body = .json(fields)
            } else {
                request.body = .form(fields)
            }
            return
        }
        guard let model = modelOfParameters(parameters, arguments: arguments) else {
            context.warn(.runTimeValues, "the parameters of '\(item.name)' are computed at run time (\(describe(parameters))): they are left out; write them as query parameters or a body in the spec", at: parameters.node)
            return
        }
        if toQuery {
            var field = ImportedField(key: model.name, type: model.type)
            field.style = "form"
            request.query.append(field)
        } else if case .json = encoding {
            request.body = .type(model.type)
        } else if let name = model.type.unwrapped.plainName {
            request.body = .formModel(name)
        }
    }

    /// The model a parameters value stands for: a DTO argument, or its dictionary
    /// (`dto.toDictionary()`, `try? dto.asDictionary()`, `dto.dictionary`).
    private func modelOfParameters(_ value: Value, arguments: CaseArguments) -> (name: String, type: TypeExpr)? {
        var inner = value
        if case .call(let callee, let callArguments) = value.kind, callArguments.isEmpty, let name = callee.memberName, name.lowercased().contains("dictionary"),
           case .member(let base?, _) = callee.kind
        {
            inner = base
        }
        if case .argument(let index, let members) = inner.kind, members.last?.lowercased().contains("dictionary") == true {
            inner = Value(.argument(index: index, members: members.dropLast()), at: inner.node)
        }
        guard case .argument(let index, let members) = inner.kind, let type = arguments.type(index, members: members, at: inner.node),
              let name = type.unwrapped.plainName, name != "JSON", !TypeMapper.builtins.values.contains(name) else { return nil }
        return (arguments.name(index, members: members), type)
    }

    /// Fields of a dictionary literal, with the styles of Alamofire's URL encoding.
    ///
    /// The fields follow the case's values (`case search(query: String, page: Int)` gives
    /// `search(query:page:)` whatever the dictionary's order), constants after them: call sites
    /// keep their order. On the wire the items are then in that order, where Alamofire's
    /// URLEncoding sorts them by name; servers read them by name (docs/import-swift.md).
    func dictionaryFields(_ entries: [Value.Entry], encoding: ParameterEncodingKind, arguments: CaseArguments) -> [ImportedField] {
        var fields: [ImportedField] = []
        let ordered = entries.enumerated().sorted { a, b in
            let (first, second) = (Self.argumentPosition(a.element.value), Self.argumentPosition(b.element.value))
            return first != second ? first < second : a.offset < b.offset
        }.map(\.element)
        for entry in ordered {
            guard let key = entry.key.constantText else {
                context.warn(.runTimeValues, "a key of the parameters of '\(item.name)' is computed at run time (\(describe(entry.key))): that entry is left out; add it to the spec", at: entry.key.node)
                continue
            }
            guard var field = arguments.field(key, entry.value, isOptional: entry.isOptional) else { continue }
            if case .url(_, let arrays, let numericBools) = encoding {
                guard urlEncodable(&field, arrays: arrays, numericBools: numericBools, at: entry.value.node) else { continue }
            }
            if !fields.contains(where: { $0.key == key }) { fields.append(field) }
        }
        return fields
    }

    /// The position of the case's value an entry's value is made of; constants come last.
    private static func argumentPosition(_ value: Value) -> Int {
        switch value.kind {
        case .argument(let index, _): return index
        case .coalesce(let inner, _): return argumentPosition(inner)
        case .call(_, let arguments) where arguments.count == 1: return argumentPosition(arguments[0].value)
        case .text(let pieces) where pieces.count == 1:
            if case .value(let inner) = pieces[0] { return argumentPosition(inner) }
            return Int.max
        default: return Int.max
        }
    }

    /// Gives a URL-encoded field Alamofire's style, or warns where the spec writes it otherwise;
    /// false for a value URL encoding cannot carry in a spec.
    private func urlEncodable(_ field: inout ImportedField, arrays: ParameterEncodingKind.Arrays, numericBools: Bool, at node: Syntax) -> Bool {
        let type = field.type.unwrapped
        if case .array(let element) = type {
            switch arrays {
            case .brackets: field.style = "brackets"
            case .noBrackets: break
            case .indexInBrackets:
                context.warn(.encodingDifferences, "'\(field.key)' is sent as \(field.key)[0]=…, Alamofire's indexInBrackets: the spec writes \(field.key)[]=… (brackets); check the server reads it", at: node)
                field.style = "brackets"
            }
            if element.plainName == "Bool", numericBools { warnBool(field.key, at: node) }
        } else if case .dictionary = type {
            field.style = "deepObject"
        } else if let name = type.plainName {
            if ["JSON", "Data", "File"].contains(name) {
                context.warn(.runTimeValues, "'\(field.key)' of '\(item.name)' has no form a URL-encoded parameter can take in a spec (\(name)): it is left out", at: node)
                return false
            }
            if name == "Bool", numericBools { warnBool(field.key, at: node) }
            if TypeMapper.builtins[name] == nil, context.index.type(named: name)?.kind != .enumType { field.style = "deepObject" }
        }
        return true
    }

    /// An API key sent in the query (`key`, `api_key`, `appid`, a value read from a constant
    /// named like a key or secret) becomes `auth: apiKeyQuery(name)`: its value stays out of the spec.
    func takeQueryKey(_ fields: inout [ImportedField], _ entries: [Value.Entry], into request: inout RequestParts) {
        let keyNames: Set<String> = ["key", "api_key", "apikey", "api-key", "appid", "app_id", "access_key", "accesskey", "client_secret"]
        for entry in entries {
            guard let key = entry.key.constantText, entry.value.constantText != nil, request.auth == nil else { continue }
            let source = Evaluator.excerpt(entry.value.node).lowercased()
            let fromSecret = !source.hasPrefix("\"") && (source.contains("key") || source.contains("secret") || source.contains("token"))
            guard keyNames.contains(key.lowercased()) || fromSecret else { continue }
            fields.removeAll { $0.key == key }
            request.auth = "apiKeyQuery(\(key))"
            context.note("query parameter '\(key)' is an API key: it becomes auth: apiKeyQuery(\(key)), and the client gives its value (Authentication(apiKey:)), not the spec; the runtime sends it after the endpoint's own parameters", at: entry.key.node)
        }
    }

    /// A request type's `queryItems` (`URLQueryItem(name:value:)`s, some appended under a
    /// condition), its `body` (JSON, as such types encode it) and `parameters`.
    func readRequestType(_ members: Members, method: String, arguments: CaseArguments, into request: inout RequestParts) {
        if let items = members.queryItems, case .array(let values) = items.kind {
            var entries: [Value.Entry] = []
            for element in values {
                let (value, optional) = element.conditional
                guard let (name, _) = value.call, name == "URLQueryItem" || name == "init", let key = value.argument("name", at: 0),
                      let itemValue = value.argument("value", at: 1) else {
                    context.warn(.runTimeValues, "a query item of '\(item.name)' is not a URLQueryItem(name:value:) import-swift can read (\(describe(element))): it is left out; add it to the spec", at: element.node)
                    continue
                }
                entries.append(Value.Entry(key: key, value: itemValue, isOptional: optional))
            }
            var fields = dictionaryFields(entries, encoding: .url(.queryString, .noBrackets, numericBools: false), arguments: arguments)
            takeQueryKey(&fields, entries, into: &request)
            request.query += fields
        } else if let items = members.queryItems, case .null = items.kind {
        } else if let items = members.queryItems {
            context.warn(.runTimeValues, "the query items of '\(item.name)' are computed at run time (\(describe(items))): they are left out; add them to the spec", at: items.node)
        }
        request.body = encodableBody(members.body, arguments: arguments)
        if let parameters = members.parameters {
            place(parameters, encoding: .url(.methodDependent, .brackets, numericBools: true), method: method, arguments: arguments, into: &request)
        }
    }

    /// What the case returns: a request type's `typealias Response = T`, else the type the
    /// layer's calls decode it as (`decodingType: T.self`); `.none` for `Void` or an empty type.
    func responseType() -> ImportedResponse?? {
        let written: TypeSyntax?
        if router.style == .requestTypes {
            written = request.owner.typeAliases.first { $0.name == "Response" }?.type
        } else {
            written = context.responses.type(of: item.name)
        }
        guard let written else { return nil }
        let name = TypeMapper.nameAndArguments(written).name ?? ""
        if ["Void", "EmptyResponse", "Empty", "EmptyEntity"].contains(name) || written.trimmedDescription == "()" {
            return .some(nil)
        }
        return .some(.type(types.type(written, in: request.owner.qualifiedName)))
    }

    private func warnBool(_ key: String, at node: Syntax) {
        context.warn(.encodingDifferences, "'\(key)' is a Bool, which Alamofire's URL encoding sends as 1 or 0: the spec sends true or false; if the server reads only 1 and 0, make it an Int in the spec", at: node)
    }

    /// The body of `requestJSONEncodable(x)`: the model of an argument, of a value built from
    /// the case's values (`Item(id: id)`), or the fields of a dictionary.
    func encodableBody(_ value: Value?, arguments: CaseArguments) -> ImportedBody? {
        guard let value else { return nil }
        switch value.kind {
        case .null:
            return nil
        case .argument(let index, let members):
            return arguments.type(index, members: members, at: value.node).map { .type($0) }
        case .dictionary(let entries):
            return .json(dictionaryFields(entries, encoding: .json, arguments: arguments))
        case .call(let callee, _):
            if let name = callee.dottedName, let declared = context.index.type(named: name), declared.kind != .protocolType {
                context.note("the body of '\(item.name)' is built from the case's values ('\(Evaluator.excerpt(value.node))'): the endpoint takes the \(declared.name) as its body", at: value.node)
                return .type(.named(types.model(for: declared, at: value.node)))
            }
        default:
            break
        }
        context.warn(.runTimeValues, "the body of '\(item.name)' is computed at run time (\(describe(value))): it is left out; write it in the spec", at: value.node)
        return nil
    }
}
#endif
