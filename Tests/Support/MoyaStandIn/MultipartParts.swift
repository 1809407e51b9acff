import Foundation

/// Reads a `multipart/form-data` body back into its parts, so that tests compare uploads by
/// parts (names, file names, types, bytes) and not by a random boundary.
public enum MultipartParts {
    /// One part of a body.
    public struct Part: Equatable, CustomStringConvertible {
        /// The `name` of its `Content-Disposition`.
        public let name: String?
        /// The `filename` of its `Content-Disposition`.
        public let fileName: String?
        /// Its `Content-Type`.
        public let mimeType: String?
        /// Its bytes.
        public let data: Data

        /// A part with those fields.
        public init(name: String?, fileName: String?, mimeType: String?, data: Data) {
            self.name = name
            self.fileName = fileName
            self.mimeType = mimeType
            self.data = data
        }

        /// `name="…" filename="…" type=… N bytes`.
        public var description: String {
            "name=\(name.map { "\"\($0)\"" } ?? "-") filename=\(fileName.map { "\"\($0)\"" } ?? "-") type=\(mimeType ?? "-") \(data.count) bytes"
        }
    }

    /// Why a body could not be read.
    public struct Malformed: Error, Equatable, CustomStringConvertible {
        /// What was wrong.
        public let description: String
    }

    /// The parts of `body`, whose boundary is the `boundary` parameter of `contentType`
    /// (`multipart/form-data; boundary=…`). Throws `Malformed` for anything that is not a
    /// complete body: no boundary, a missing opening or closing delimiter, a part without the
    /// empty line after its headers.
    public static func parse(body: Data, contentType: String) throws -> [Part] {
        let boundary = try boundary(of: contentType)
        let bytes = [UInt8](body)
        let opening = Array("--\(boundary)\r\n".utf8)
        let separator = Array("\r\n--\(boundary)".utf8)
        guard bytes.starts(with: opening) else { throw Malformed(description: "the body does not open with --\(boundary)") }

        var parts: [Part] = []
        var position = opening.count
        while true {
            guard let end = find(separator, in: bytes, from: position) else {
                throw Malformed(description: "part \(parts.count + 1) has no closing delimiter")
            }
            parts.append(try part(Array(bytes[position..<end]), number: parts.count + 1))
            let after = end + separator.count
            if bytes[after...].starts(with: Array("--".utf8)) {
                return parts
            }
            guard bytes[after...].starts(with: Array("\r\n".utf8)) else {
                throw Malformed(description: "a delimiter is not followed by CRLF or --")
            }
            position = after + 2
        }
    }

    private static func boundary(of contentType: String) throws -> String {
        let fields = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.first?.lowercased() == "multipart/form-data" else {
            throw Malformed(description: "not multipart/form-data: \(contentType)")
        }
        for field in fields.dropFirst() where field.lowercased().hasPrefix("boundary=") {
            let value = field.dropFirst("boundary=".count)
            return value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? String(value.dropFirst().dropLast()) : String(value)
        }
        throw Malformed(description: "no boundary in \(contentType)")
    }

    private static func part(_ bytes: [UInt8], number: Int) throws -> Part {
        // A part without headers (a stream part appended with no headers) opens with the empty line.
        let headerEnd: Int
        if bytes.starts(with: Array("\r\n".utf8)) {
            headerEnd = -2
        } else if let end = find(Array("\r\n\r\n".utf8), in: bytes, from: 0) {
            headerEnd = end
        } else {
            throw Malformed(description: "part \(number) has no empty line after its headers")
        }
        let headerText = headerEnd < 0 ? "" : String(decoding: bytes[0..<headerEnd], as: UTF8.self)
        var name: String?, fileName: String?, mimeType: String?
        for line in headerText.components(separatedBy: "\r\n") where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw Malformed(description: "part \(number) has a header without a colon: \(line)") }
            let field = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if field == "content-disposition" {
                let parameters = dispositionParameters(value)
                name = parameters["name"]
                fileName = parameters["filename"]
            } else if field == "content-type" {
                mimeType = value
            }
        }
        return Part(name: name, fileName: fileName, mimeType: mimeType, data: Data(bytes[(headerEnd + 4)...]))
    }

    /// The `key=value` / `key="value"` parameters after `form-data;`, keys lowercased; a `;`
    /// inside quotes belongs to the value.
    private static func dispositionParameters(_ value: String) -> [String: String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        for character in value {
            if character == "\"" { quoted.toggle() }
            if character == ";" && !quoted {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        var parameters: [String: String] = [:]
        for field in fields.dropFirst() {
            let pair = field.trimmingCharacters(in: .whitespaces)
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let raw = pair[pair.index(after: equals)...]
            let unquoted = raw.count >= 2 && raw.hasPrefix("\"") && raw.hasSuffix("\"") ? raw.dropFirst().dropLast() : raw
            parameters[pair[..<equals].lowercased()] = String(unquoted)
        }
        return parameters
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
