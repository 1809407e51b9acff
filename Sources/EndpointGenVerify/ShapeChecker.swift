import EndpointGenSpec
import EndpointGenSupport
import EndpointRuntime
import Foundation

/// One way a JSON value differs from its spec type, before it is tied to an endpoint and status.
struct ShapeIssue: Sendable, Equatable {
    var severity: Severity
    /// The sentence after `<endpoint>: <status> response: `.
    var text: String
    /// Where the spec declares what was expected: the model field, else the model.
    var declaration: SourceLocation?
    /// Issues with the same group are one drift seen in several array elements or map values
    /// (`results[].poster_url` missing): reported once, with how many more there were.
    var group: String
    var more = 0
}

/// Walks a decoded body against a resolved spec type the way the generated `Decodable` code reads
/// it: required and optional fields (a default fills a missing or null value), scalar types and
/// integer ranges, dates in their encoding, enum values (an unknown one decodes as `.unknown`: a
/// warning), `oneOf` discriminators, unions (the first case that decodes), arrays and maps.
/// Members the model does not declare are warnings: the app ignores them, but they are often a
/// renamed field's new name.
struct ShapeChecker {
    let models: [String: Model]
    /// The service's `dateEncoding:`; a field's own wins.
    let serviceDates: DateEncodingSetting?
    private(set) var issues: [ShapeIssue] = []
    private var groups: [String: Int] = [:]

    init(models: [String: Model], serviceDates: DateEncodingSetting?) {
        self.models = models
        self.serviceDates = serviceDates
    }

    /// The field a value sits in, for messages and for the declaration's place.
    struct Owner {
        var model: Model
        var field: Field
    }

    /// Checks `value` found at `path` (`results[0].title`; empty for the whole body) against `type`.
    mutating func check(_ value: JSONDocument, _ type: TypeRef, path: String, owner: Owner? = nil, dates: DateEncodingSetting? = nil) {
        switch type {
        case .optional(let wrapped):
            if value == .null { return }
            check(value, wrapped, path: path, owner: owner, dates: dates)
        case .primitive(.json):
            // `JSONValue` reads any value, `null` included.
            return
        case _ where value == .null:
            let wanted = owner.map { "not optional in \($0.model.name), \(place($0.field.location))" } ?? "expected \(type.specSpelling)"
            report(.error, "\(subject(path)) is null (\(wanted))", owner: owner, path: path, kind: "null")
        case .primitive(let primitive):
            checkPrimitive(value, primitive, path: path, owner: owner, dates: dates)
        case .array(let element):
            guard case .array(let items) = value else { return mismatch(value, type, path: path, owner: owner) }
            for (index, item) in items.enumerated() {
                check(item, element, path: "\(path)[\(index)]", owner: owner, dates: dates)
            }
        case .dictionary(let valueType):
            guard case .object(let members) = value else { return mismatch(value, type, path: path, owner: owner) }
            for member in members {
                check(member.value, valueType, path: "\(path)[\(QuotedText.shown(member.key))]", owner: owner, dates: dates)
            }
        case .model(let name):
            guard let model = models[name] else { return }
            checkModel(value, model, path: path, owner: owner)
        }
    }

    // MARK: - Models

    private mutating func checkModel(_ value: JSONDocument, _ model: Model, path: String, owner: Owner?, skipping: String? = nil) {
        switch model.kind {
        case .structure(let fields):
            guard case .object(let members) = value else { return mismatch(value, .model(model.name), path: path, owner: owner) }
            checkStruct(members, model, fields, path: path, skipping: skipping)
        case .enumeration(let enumeration):
            checkEnum(value, model, enumeration, path: path, owner: owner)
        case .oneOf(let oneOf):
            guard case .object = value else { return mismatch(value, .model(model.name), path: path, owner: owner) }
            checkOneOf(value, model, oneOf, path: path, owner: owner)
        case .union(let union):
            checkUnion(value, model, union, path: path, owner: owner)
        }
    }

    private mutating func checkStruct(_ members: [(key: String, value: JSONDocument)], _ model: Model, _ fields: [Field], path: String, skipping: String?) {
        let declared = Set(fields.map(\.wireName))
        let extras = members.map(\.key).filter { !declared.contains($0) && $0 != skipping }
        for field in fields {
            let fieldPath = join(path, field.wireName)
            let owner = Owner(model: model, field: field)
            guard let member = members.first(where: { $0.key == field.wireName }) else {
                // A default fills a missing key; an optional field may be absent.
                guard !field.type.isOptional, field.defaultValue == nil else { continue }
                let hint = DidYouMean.suggestion(for: field.wireName, among: extras).map { "; the answer has '\($0)'" } ?? ""
                report(.error, "\(subject(fieldPath)) is missing (required in \(model.name), \(place(field.location)))\(hint)",
                       owner: owner, path: fieldPath, kind: "missing")
                continue
            }
            if member.value == .null, field.defaultValue != nil { continue }
            check(member.value, field.type, path: fieldPath, owner: owner, dates: field.dateEncoding)
        }
        for extra in extras {
            let fieldPath = join(path, extra)
            issues.append(ShapeIssue(severity: .warning, text: "\(subject(fieldPath)) is not in \(model.name)",
                                     declaration: model.location, group: "extra \(normalized(fieldPath))"))
            deduplicateLast()
        }
    }

    private mutating func checkEnum(_ value: JSONDocument, _ model: Model, _ enumeration: EnumModel, path: String, owner: Owner?) {
        let text: String
        switch (enumeration.rawType, value) {
        case (.string, .string(let string)): text = string
        case (.int, .number(let number)) where Self.integer(number) != nil: text = String(Self.integer(number)!)
        default: return mismatch(value, .model(model.name), path: path, owner: owner)
        }
        guard !enumeration.cases.contains(where: { $0.value == text || Self.integer($0.value).map(String.init) == text }) else { return }
        let values = enumeration.cases.prefix(6).map(\.value).joined(separator: ", ") + (enumeration.cases.count > 6 ? ", …" : "")
        let shown = enumeration.rawType == .string ? QuotedText.shown(text) : text
        report(.warning, "\(subject(path)) is \(shown), not a value of \(model.name) (\(values))\(ownerNote(owner)); the app reads it as .unknown",
               declaration: owner?.field.location ?? model.location, path: path, kind: "enum")
    }

    private mutating func checkOneOf(_ value: JSONDocument, _ model: Model, _ oneOf: OneOfModel, path: String, owner: Owner?) {
        let keyPath = join(path, oneOf.discriminator)
        guard let discriminator = value[oneOf.discriminator] else {
            report(.error, "\(subject(keyPath)) is missing (the discriminator of \(model.name), \(place(model.location)))",
                   declaration: model.location, path: keyPath, kind: "missing")
            return
        }
        let text: String
        switch (oneOf.valueType, discriminator) {
        case (.string, .string(let string)): text = string
        case (.int, .number(let number)) where Self.integer(number) != nil: text = String(Self.integer(number)!)
        default:
            let wanted = oneOf.valueType == .string ? "a string" : "an integer"
            report(.error, "\(subject(keyPath)) is \(discriminator.kind), expected \(wanted) (the discriminator of \(model.name), \(place(model.location)))",
                   declaration: model.location, path: keyPath, kind: "type")
            return
        }
        guard let variant = oneOf.variants.first(where: { $0.value == text }), let variantModel = models[variant.model] else {
            let values = oneOf.variants.map(\.value).joined(separator: ", ")
            report(.warning, "\(subject(keyPath)) is \(QuotedText.shown(text)), not a case of \(model.name) (\(values)); the app reads it as .unknown",
                   declaration: model.location, path: keyPath, kind: "enum")
            return
        }
        checkModel(value, variantModel, path: path, owner: owner, skipping: oneOf.discriminator)
    }

    private mutating func checkUnion(_ value: JSONDocument, _ model: Model, _ union: UnionModel, path: String, owner: Owner?) {
        // The generated code takes the first case that decodes: a trial whose errors are none wins.
        for variant in union.variants {
            var trial = ShapeChecker(models: models, serviceDates: serviceDates)
            trial.check(value, variant.type, path: path, owner: owner)
            if !trial.issues.contains(where: { $0.severity == .error }) {
                for issue in trial.issues { add(issue) }
                return
            }
        }
        let cases = union.variants.map(\.type.specSpelling).joined(separator: ", ")
        report(.error, "\(subject(path)) is \(value.kind), which none of \(model.name)'s cases (\(cases)) reads\(ownerNote(owner))",
               declaration: owner?.field.location ?? model.location, path: path, kind: "type")
    }

    // MARK: - Scalars

    private mutating func checkPrimitive(_ value: JSONDocument, _ primitive: PrimitiveType, path: String, owner: Owner?, dates: DateEncodingSetting?) {
        switch primitive {
        case .string:
            guard case .string = value else { return mismatch(value, .primitive(primitive), path: path, owner: owner) }
        case .int, .int64, .int32:
            guard case .number(let number) = value else { return mismatch(value, .primitive(primitive), path: path, owner: owner) }
            guard let integer = Self.integer(number) else {
                return report(.error, "\(subject(path)) is \(number), not an integer (\(primitive.rawValue)\(ownerNote(owner, leading: ", ")))",
                              owner: owner, path: path, kind: "type")
            }
            if primitive == .int32, !(Int64(Int32.min)...Int64(Int32.max)).contains(integer) {
                report(.error, "\(subject(path)) is \(number), out of Int32's range\(ownerNote(owner))", owner: owner, path: path, kind: "range")
            }
        case .double, .float, .decimal:
            guard case .number = value else { return mismatch(value, .primitive(primitive), path: path, owner: owner) }
        case .bool:
            guard case .bool = value else { return mismatch(value, .primitive(primitive), path: path, owner: owner) }
        case .date:
            checkDate(value, path: path, owner: owner, dates: dates ?? owner?.field.dateEncoding ?? serviceDates)
        case .url:
            guard case .string(let text) = value else { return mismatch(value, .primitive(primitive), path: path, owner: owner) }
            if URL(string: text) == nil {
                report(.error, "\(subject(path)) is \(QuotedText.shown(text)), not a URL\(ownerNote(owner))", owner: owner, path: path, kind: "format")
            }
        case .uuid:
            guard case .string(let text) = value else { return mismatch(value, .primitive(primitive), path: path, owner: owner) }
            if UUID(uuidString: text) == nil {
                report(.error, "\(subject(path)) is \(QuotedText.shown(text)), not a UUID\(ownerNote(owner))", owner: owner, path: path, kind: "format")
            }
        case .data:
            guard case .string(let text) = value else { return mismatch(value, .primitive(primitive), path: path, owner: owner) }
            if Data(base64Encoded: text) == nil {
                report(.error, "\(subject(path)) is not base64 (Data)\(ownerNote(owner))", owner: owner, path: path, kind: "format")
            }
        case .json, .file:
            return
        }
    }

    private mutating func checkDate(_ value: JSONDocument, path: String, owner: Owner?, dates: DateEncodingSetting?) {
        let setting = dates ?? DateEncodingSetting(kind: .iso8601)
        let encoding = Self.runtimeEncoding(setting)
        switch (setting.kind, value) {
        case (.epochSeconds, .number), (.epochMilliseconds, .number):
            return
        case (_, .string(let text)):
            if encoding.date(from: text) != nil { return }
            report(.error, "\(subject(path)) is \(QuotedText.shown(text)), not a date in \(setting.kind.rawValue)\(ownerNote(owner))",
                   owner: owner, path: path, kind: "date")
        default:
            report(.error, "\(subject(path)) is \(value.kind), not a date in \(setting.kind.rawValue)\(ownerNote(owner))",
                   owner: owner, path: path, kind: "date")
        }
    }

    /// The runtime's reader of a spec date encoding (the one the generated code uses).
    static func runtimeEncoding(_ setting: DateEncodingSetting) -> DateEncoding {
        switch setting.kind {
        case .iso8601: return .iso8601
        case .date: return .date(timeZone: setting.timeZone)
        case .epochSeconds: return .epochSeconds
        case .epochMilliseconds: return .epochMilliseconds
        case .local: return .local(timeZone: setting.timeZone)
        }
    }

    /// The value of an integer's JSON text as `JSONDecoder` reads an `Int64`: digits only, no
    /// fraction or exponent, within range.
    static func integer(_ text: String) -> Int64? {
        Int64(text)
    }

    // MARK: - Reporting

    private mutating func mismatch(_ value: JSONDocument, _ type: TypeRef, path: String, owner: Owner?) {
        report(.error, "\(subject(path)) is \(value.kind), expected \(type.specSpelling)\(ownerNote(owner))", owner: owner, path: path, kind: "type")
    }

    private mutating func report(_ severity: Severity, _ text: String, owner: Owner?, path: String, kind: String) {
        report(severity, text, declaration: owner?.field.location, path: path, kind: kind)
    }

    private mutating func report(_ severity: Severity, _ text: String, declaration: SourceLocation?, path: String, kind: String) {
        add(ShapeIssue(severity: severity, text: text, declaration: declaration, group: "\(kind) \(normalized(path))"))
    }

    private mutating func add(_ issue: ShapeIssue) {
        issues.append(issue)
        deduplicateLast()
    }

    /// Folds the last issue into an earlier one of its group.
    private mutating func deduplicateLast() {
        let issue = issues[issues.count - 1]
        if let first = groups[issue.group] {
            issues.removeLast()
            issues[first].more += 1 + issue.more
        } else {
            groups[issue.group] = issues.count - 1
        }
    }

    /// ` (in Movie, specs/movie.yaml:12:7)` for a model field's value.
    private func ownerNote(_ owner: Owner?, leading: String = " (") -> String {
        guard let owner else { return "" }
        let body = "in \(owner.model.name), \(place(owner.field.location))"
        return leading == " (" ? " (\(body))" : leading + body
    }

    private func subject(_ path: String) -> String {
        path.isEmpty ? "the body" : "field '\(path)'"
    }

    private func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    /// The path with array indexes and map keys taken out: `results[].poster_url`.
    private func normalized(_ path: String) -> String {
        var result = ""
        var depth = 0
        for character in path {
            if character == "[" {
                if depth == 0 { result += "[]" }
                depth += 1
            } else if character == "]" {
                depth -= 1
            } else if depth == 0 {
                result.append(character)
            }
        }
        return result
    }

}

/// `specs/movie.yaml:120:7`.
func place(_ location: SourceLocation) -> String {
    "\(location.file):\(location.line):\(location.column)"
}
