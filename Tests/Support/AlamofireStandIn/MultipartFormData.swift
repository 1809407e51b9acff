import Foundation

/// A `multipart/form-data` body built the way Alamofire's `MultipartFormData` documents it.
///
/// Each part is written as: the boundary line (`--boundary` for the first part, CRLF then
/// `--boundary` for the others), its headers (`Content-Disposition: form-data; name="…"` with
/// `; filename="…"` when a file name is given, then `Content-Type: …` when a MIME type is given),
/// an empty line, the part's bytes; the body ends with CRLF `--boundary--` CRLF. The request's
/// `Content-Type` is `multipart/form-data; boundary=…`.
public final class MultipartFormData {
    private struct Part {
        let headers: HTTPHeaders
        let length: UInt64
        let read: () throws -> Data
    }

    /// The boundary between parts: `alamofire.boundary.` and 16 random hex digits unless given.
    public let boundary: String
    private var parts: [Part] = []
    private var firstError: AFError?

    /// An empty body with that boundary, or a random one as Alamofire makes them.
    public init(boundary: String? = nil) {
        self.boundary = boundary ?? String(
            format: "alamofire.boundary.%08x%08x",
            UInt32.random(in: .min ... .max), UInt32.random(in: .min ... .max)
        )
    }

    /// The request's `Content-Type` for this body.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The bytes of the parts, without boundaries and headers.
    public var contentLength: UInt64 { parts.reduce(0) { $0 + $1.length } }

    /// A part holding the data; `fileName` and `mimeType` only when given.
    public func append(_ data: Data, withName name: String, fileName: String? = nil, mimeType: String? = nil) {
        let headers = Self.contentHeaders(name: name, fileName: fileName, mimeType: mimeType)
        parts.append(Part(headers: headers, length: UInt64(data.count), read: { data }))
    }

    /// A part holding the file; its file name is the URL's last path component and its MIME type
    /// the one of its extension (`application/octet-stream` when unknown).
    public func append(_ fileURL: URL, withName name: String) {
        let fileName = fileURL.lastPathComponent
        let pathExtension = fileURL.pathExtension
        guard !fileName.isEmpty, !pathExtension.isEmpty else {
            record(.bodyPartFilenameInvalid(in: fileURL))
            return
        }
        append(fileURL, withName: name, fileName: fileName, mimeType: MIMETypes.type(forPathExtension: pathExtension))
    }

    /// A part holding the file, with the given file name and MIME type.
    public func append(_ fileURL: URL, withName name: String, fileName: String, mimeType: String) {
        guard fileURL.isFileURL else {
            record(.bodyPartURLInvalid(url: fileURL))
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let size = (try? FileManager.default.attributesOfItem(atPath: fileURL.path)[.size]) as? NSNumber else {
            record(.bodyPartFileNotReachable(at: fileURL))
            return
        }
        let headers = Self.contentHeaders(name: name, fileName: fileName, mimeType: mimeType)
        parts.append(Part(headers: headers, length: size.uint64Value, read: { try Data(contentsOf: fileURL) }))
    }

    /// A part holding `length` bytes of the stream, with a file name and MIME type.
    public func append(_ stream: InputStream, withLength length: UInt64, name: String, fileName: String, mimeType: String) {
        append(stream, withLength: length, headers: Self.contentHeaders(name: name, fileName: fileName, mimeType: mimeType))
    }

    /// A part holding `length` bytes of the stream, with exactly those part headers.
    public func append(_ stream: InputStream, withLength length: UInt64, headers: HTTPHeaders) {
        parts.append(Part(headers: headers, length: length, read: { try Self.read(stream, length: length) }))
    }

    /// The whole body; throws the first error an `append` met, or a read error.
    public func encode() throws -> Data {
        if let firstError { throw firstError }
        var body = Data()
        for (index, part) in parts.enumerated() {
            body.append(Data((index == 0 ? "--\(boundary)\r\n" : "\r\n--\(boundary)\r\n").utf8))
            body.append(Data((part.headers.map { "\($0.name): \($0.value)\r\n" }.joined() + "\r\n").utf8))
            body.append(try part.read())
        }
        if !parts.isEmpty {
            body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        }
        return body
    }

    private func record(_ reason: AFError.MultipartEncodingFailureReason) {
        if firstError == nil { firstError = .multipartEncodingFailed(reason: reason) }
    }

    private static func contentHeaders(name: String, fileName: String?, mimeType: String?) -> HTTPHeaders {
        var disposition = "form-data; name=\"\(name)\""
        if let fileName { disposition += "; filename=\"\(fileName)\"" }
        var headers: HTTPHeaders = [.contentDisposition(disposition)]
        if let mimeType { headers.add(.contentType(mimeType)) }
        return headers
    }

    private static func read(_ stream: InputStream, length: UInt64) throws -> Data {
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1024)
        // A negative count is the read error; `streamError` itself is not asked, as reading it
        // traps in Linux's Foundation.
        while stream.hasBytesAvailable {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        guard UInt64(data.count) == length else {
            throw AFError.multipartEncodingFailed(reason: .inputStreamReadFailed(error: StreamLengthMismatch(expected: length, read: UInt64(data.count))))
        }
        return data
    }

    /// A stream part held fewer or more bytes than its stated length.
    public struct StreamLengthMismatch: Error, Equatable {
        /// The length the part was appended with.
        public let expected: UInt64
        /// The bytes the stream held.
        public let read: UInt64
    }
}

/// The MIME types Apple's UTType gives common file extensions, for file parts without a type.
/// Alamofire asks the system; Linux has no such registry, so the usual ones are listed here.
enum MIMETypes {
    static func type(forPathExtension pathExtension: String) -> String {
        known[pathExtension.lowercased()] ?? "application/octet-stream"
    }

    private static let known: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif",
        "heic": "image/heic", "webp": "image/webp", "pdf": "application/pdf", "json": "application/json",
        "txt": "text/plain", "html": "text/html", "csv": "text/csv", "zip": "application/zip",
        "mp4": "video/mp4", "mov": "video/quicktime", "mp3": "audio/mpeg",
    ]
}
