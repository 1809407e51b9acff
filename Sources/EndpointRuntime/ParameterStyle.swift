import Foundation

/// How an array, a map or an object is written as query items or form fields — the one owner of
/// these encodings (OpenAPI's `style`/`explode`, and the bracket convention of Rails, PHP and
/// Alamofire).
///
/// | style | `ids: [1, 2]` | `filter: {status: open}` |
/// |---|---|---|
/// | `repeated` (default) | `ids=1&ids=2` | — |
/// | `comma` | `ids=1,2` (a comma inside a value is `%2C`) | — |
/// | `space` | `ids=1%202` | — |
/// | `pipe` | `ids=1%7C2` | — |
/// | `brackets` | `ids%5B%5D=1&ids%5B%5D=2` (`ids[]`) | — |
/// | `deepObject` | — | `filter%5Bstatus%5D=open` (`filter[status]`); nested: `items[0][price]` |
/// | `exploded` | — | `status=open` (each key its own item) |
///
/// Every name and value is percent-encoded but `A-Z a-z 0-9 - _ . ~`; only `comma`'s delimiter
/// is sent as it is. Keys of maps are sent in sorted order, so requests are stable.
public enum ParameterStyle: String, Sendable, Hashable {
    /// An item per element with the same name, `ids=1&ids=2` (OpenAPI's `form` with `explode`).
    case repeated
    /// One item, elements joined by commas: `ids=1,2` (`form` without `explode`).
    case comma
    /// One item, elements joined by encoded spaces: `ids=1%202` (`spaceDelimited`).
    case space
    /// One item, elements joined by encoded pipes: `ids=1%7C2` (`pipeDelimited`).
    case pipe
    /// An item per element named `name[]` (Rails, PHP); a map's keys in brackets, as `deepObject`.
    case brackets
    /// A map or object as `name[key]=value`, nested by the bracket convention (`deepObject`).
    case deepObject
    /// A map or object as its own items, `key=value` (`form` with `explode`).
    case exploded

    /// The delimiter as sent, for the delimited array styles.
    var delimiter: String? {
        switch self {
        case .comma: return ","
        case .space: return "%20"
        case .pipe: return "%7C"
        default: return nil
        }
    }
}

extension Array where Element == QueryItem {
    /// Appends an array in `style`; nil and an empty array append nothing, in every style.
    /// (`name=`, OpenAPI's "empty" form, is read back by servers and validators as one empty
    /// element, `[""]`: it cannot say `[]`. The export leaves array parameters optional.)
    public mutating func append(name: String, _ values: [some ParameterValue]?, style: ParameterStyle) {
        guard let values, !values.isEmpty else { return }
        let texts = values.map(\.parameterValue)
        if let delimiter = style.delimiter {
            append(QueryItem(name: name, elements: texts, delimiter: delimiter))
            return
        }
        let itemName = style == .brackets ? name + "[]" : name
        for text in texts {
            append(QueryItem(name: itemName, value: text))
        }
    }

    /// Appends a map: `name[key]=value` (`deepObject`, `brackets`) or `key=value` (`exploded`),
    /// keys sorted; nil appends nothing.
    public mutating func append(name: String, _ map: [String: some ParameterValue]?, style: ParameterStyle) {
        guard let map else { return }
        for key in map.keys.sorted() {
            let value = map[key]!.parameterValue
            append(QueryItem(name: style == .exploded ? key : "\(name)[\(key)]", value: value))
        }
    }

    /// Appends a model as its JSON would read, flattened: `name[key]=value` (`deepObject`,
    /// `brackets`) or `key=value` at the top (`exploded`); nested objects and arrays by the bracket
    /// convention (`items[0][price]=p`), keys sorted, nulls left out. Nil appends nothing.
    public mutating func append(name: String, object: (some Encodable & Sendable)?, style: ParameterStyle) throws(APIError) {
        guard let object else { return }
        let json: JSONValue
        do {
            let data = try APIClient.Configuration.defaultEncoder().encode(object)
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .encoding(description: "The \(name) parameter could not be encoded: \(error)")
        }
        flatten(json, path: style == .exploded ? nil : name)
    }

    /// Appends a value as its JSON reads, flattened as `append(name:object:style:)` does:
    /// `name[key]=value`, `items[0][price]=p` (`deepObject`, the default, and `brackets`) or
    /// `key=value` at the top (`exploded`); an array of scalars in a style of arrays (`repeated`,
    /// `comma`, …) is written in that style. Nil appends nothing. Generated form bodies use it for
    /// objects, lists of them and maps (Stripe's `metadata[key]=v`). A value that cannot be
    /// encoded fails the request with `.encoding` when it is built. `dates` writes the dates in
    /// the value (ISO 8601 by default; the service's `dateEncoding` in generated code).
    public mutating func append(name: String, fields value: (some Encodable & Sendable)?, style: ParameterStyle = .deepObject,
                                dates: DateEncoding? = nil) {
        guard let value else { return }
        let json: JSONValue
        do {
            let encoder = APIClient.Configuration.defaultEncoder()
            dates?.apply(to: encoder)
            let data = try encoder.encode(value)
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            append(QueryItem(name: name, failure: "The \(name) field could not be encoded: \(error)"))
            return
        }
        // A list of scalars in a style of lists; anything else by the bracket convention.
        if case .array(let elements) = json, style != .deepObject, style != .exploded {
            let texts = elements.compactMap(\.formText)
            if texts.count == elements.count {
                append(name: name, texts, style: style)
                return
            }
        }
        flatten(json, path: style == .exploded ? nil : name)
    }

    private mutating func flatten(_ value: JSONValue, path: String?) {
        switch value {
        case .null:
            return
        case .object(let object):
            for key in object.keys.sorted() {
                flatten(object[key]!, path: path.map { "\($0)[\(key)]" } ?? key)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                flatten(element, path: "\(path ?? "")[\(index)]")
            }
        default:
            guard let path, let text = value.formText else { return }
            append(QueryItem(name: path, value: text))
        }
    }
}

extension JSONValue {
    /// A scalar as form text: strings as they are, numbers in their shortest form, booleans as `true`/`false`.
    var formText: String? {
        switch self {
        case .string(let text): return text
        case .number(let number):
            if let integer = Int64(exactly: number) { return String(integer) }
            return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }
}
