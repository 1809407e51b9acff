import EndpointGenSupport

/// A JSON value with its object keys in the order they were added: the exported document before
/// it is printed. Built in spec order and never from a dictionary, so the output is the same on
/// every run; printed as YAML or JSON by the same walk.
public indirect enum DocumentValue: Sendable, Hashable {
    case string(String)
    /// JSON number text, as the spec wrote it (`20`, `-1.5`).
    case number(String)
    case bool(Bool)
    case null
    case array([DocumentValue])
    case object([Member])

    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: DocumentValue

        public init(key: String, value: DocumentValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value of `key` in an object (nil for other values or a missing key).
    public subscript(key: String) -> DocumentValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// Builds an object member by member; `nil` values are left out, so optional parts of the
/// document read as one expression each.
struct ObjectBuilder {
    private(set) var members: [DocumentValue.Member] = []

    var isEmpty: Bool { members.isEmpty }

    mutating func set(_ key: String, _ value: DocumentValue?) {
        guard let value else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(DocumentValue.Member(key: key, value: value))
        }
    }

    mutating func set(_ key: String, _ text: String?) {
        set(key, text.map(DocumentValue.string))
    }

    var value: DocumentValue { .object(members) }
}

extension DocumentValue {
    /// Block-style YAML, two spaces per level, LF line ends and one trailing newline. Every
    /// string and key goes through `YAMLText` (plain only when it reads back as the same
    /// string), so no text of a spec can end a line or start a key.
    public func yaml(header: [String] = []) -> String {
        var lines = header.map { "# " + YAMLText.comment($0) }
        switch self {
        case .object(let members) where !members.isEmpty:
            Self.block(members, indent: "", into: &lines)
        case .array(let items) where !items.isEmpty:
            Self.block(items, indent: "", into: &lines)
        default:
            lines.append(inline)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A scalar, or an empty collection, on one line.
    private var inline: String {
        switch self {
        case .string(let text): return YAMLText.scalar(text)
        case .number(let text): return YAMLText.literal(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array: return "[]"
        case .object: return "{}"
        }
    }

    private var isBlock: Bool {
        switch self {
        case .array(let items): return !items.isEmpty
        case .object(let members): return !members.isEmpty
        default: return false
        }
    }

    private static func block(_ members: [Member], indent: String, into lines: inout [String]) {
        for member in members {
            let key = indent + YAMLText.scalar(member.key) + ":"
            switch member.value {
            case .object(let inner) where !inner.isEmpty:
                lines.append(key)
                block(inner, indent: indent + "  ", into: &lines)
            case .array(let items) where !items.isEmpty:
                lines.append(key)
                block(items, indent: indent + "  ", into: &lines)
            default:
                lines.append(key + " " + member.value.inline)
            }
        }
    }

    private static func block(_ items: [DocumentValue], indent: String, into lines: inout [String]) {
        for item in items {
            guard item.isBlock else {
                lines.append(indent + "- " + item.inline)
                continue
            }
            // The first line of the nested block goes after the dash; the rest line up with it.
            var nested: [String] = []
            switch item {
            case .object(let members): block(members, indent: indent + "  ", into: &nested)
            case .array(let inner): block(inner, indent: indent + "  ", into: &nested)
            default: break
            }
            lines.append(indent + "- " + nested[0].dropFirst(indent.count + 2))
            lines += nested.dropFirst()
        }
    }

    /// JSON, two spaces per level, keys in order, LF line ends and one trailing newline.
    public var json: String {
        var out = ""
        Self.writeJSON(self, indent: "", into: &out)
        return out + "\n"
    }

    private static func writeJSON(_ value: DocumentValue, indent: String, into out: inout String) {
        let inner = indent + "  "
        switch value {
        case .string(let text): writeJSONString(text, into: &out)
        case .number(let text): out += text
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                writeJSON(item, indent: inner, into: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += inner
                writeJSONString(member.key, into: &out)
                out += ": "
                writeJSON(member.value, indent: inner, into: &out)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped; U+2028 and U+2029 too,
    /// which some JavaScript readers take for line ends.
    private static func writeJSONString(_ text: String, into out: inout String) {
        QuotedText.appendQuoted(text, to: &out) { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}"
        }
    }
}
