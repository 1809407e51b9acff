import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How far a transfer has come: bytes so far, and the total when it is known.
public struct TransferProgress: Sendable, Hashable {
    /// Bytes written to the file (a download, after decompression) or handed to the connection (an upload).
    public var completedBytes: Int64
    /// The whole size: a download's `Content-Length` when the body is not compressed on the wire,
    /// an upload's file size; nil when unknown. The last report of a finished transfer always has it.
    public var totalBytes: Int64?

    /// Creates a report.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// `completedBytes / totalBytes` between 0 and 1, nil while the total is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }
}

/// Called with each progress report, in order, from the task running the transfer: keep it short.
public typealias TransferProgressHandler = @Sendable (TransferProgress) -> Void

extension APIClient {
    /// Sends `endpoint` and writes its 2xx body to `destination`, never holding the body in memory.
    ///
    /// The body goes to a temporary file in `destination`'s folder (`.<name>.<UUID>.download`),
    /// which replaces `destination` atomically (`rename(2)`) only once the whole body has arrived:
    /// a failed or cancelled download leaves `destination` as it was and no temporary file. The
    /// body is limited by `Configuration.maxDownloadSize` (not `maxResponseSize`, which keeps
    /// bounding the bodies held in memory, an error body here included), and it is decompressed as
    /// every body is (gzip, deflate; br and zstd where the transport supports them).
    ///
    /// Everything before the first body byte is as for `send`: credentials, plugins, redirects
    /// under the `RedirectPolicy`, one refresh after a 401, the retry policy; a non-2xx answer
    /// fails with `.server`. After it, the endpoint's timeout is the longest silence allowed
    /// between chunks (a download may take longer than one timeout in all), nothing is retried,
    /// and cancelling the task stops the transfer.
    ///
    /// `progress` is called after each chunk is written, with the bytes written so far and the
    /// `Content-Length` when the body is not compressed on the wire; the reports only grow, and the
    /// last one has `totalBytes == completedBytes`.
    ///
    /// Returns `destination` with the response's status and header fields.
    @discardableResult
    public func download(_ endpoint: some Endpoint, baseURL: URL, to destination: URL,
                         progress: TransferProgressHandler? = nil) async throws(APIError) -> APIResponse<URL> {
        guard destination.isFileURL else {
            throw .invalidRequest(reason: "A download's destination must be a file URL, not \(destination.absoluteString).")
        }
        // Created first, so that a folder that cannot take the file fails before anything is sent.
        let file = try TemporaryDownload(next: destination)
        defer { file.discard() }
        let head = try await Self.within(transferTimeout: configuration.transferTimeout) { () throws(APIError) in
            try await receive(endpoint, baseURL: baseURL, into: file, progress: progress)
        }
        try file.commit(to: destination)
        return APIResponse(value: destination, status: head.status, headers: head.headers, url: head.url)
    }

    /// The body of `endpoint` written to `file` (not yet committed), with progress; its head.
    private func receive(_ endpoint: some Endpoint, baseURL: URL, into file: TemporaryDownload,
                         progress: TransferProgressHandler?) async throws(APIError) -> HTTPResponseHead {
        let (head, body) = try await openStream(endpoint, baseURL: baseURL)
        let limit = configuration.maxDownloadSize
        // A compressed body's Content-Length counts the bytes on the wire, not those written.
        let encoding = head.header("Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased()
        let encoded = encoding != nil && encoding != "identity" && encoding != ""
        let expected = encoded ? nil : head.header("Content-Length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        if let expected, expected > Int64(limit) { throw .responseTooLarge(limit: limit) }

        var written: Int64 = 0
        do {
            for try await chunk in body {
                try checkCancellation()
                written += Int64(chunk.count)
                guard written <= Int64(limit) else { throw APIError.responseTooLarge(limit: limit) }
                try file.write(chunk)
                progress?(TransferProgress(completedBytes: written, totalBytes: expected))
            }
            // An ended iteration may be the task's cancellation rather than the body's end.
            try checkCancellation()
        } catch {
            throw Self.streamError(error)
        }
        if let expected, written != expected {
            throw .transport(.connectionLost)
        }
        if written == 0 || expected == nil {
            progress?(TransferProgress(completedBytes: written, totalBytes: written))
        }
        return head
    }
}

/// The file a download is written to until it is complete: next to its destination (so the
/// final move is a rename on one file system), removed unless committed.
private final class TemporaryDownload: @unchecked Sendable {
    let url: URL
    private var handle: FileHandle?

    init(next destination: URL) throws(APIError) {
        let folder = destination.deletingLastPathComponent()
        url = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: url.path) else {
            throw Self.failure("The download could not create a file in \(folder.path).")
        }
        self.handle = handle
    }

    func write(_ chunk: Data) throws(APIError) {
        do {
            try handle?.write(contentsOf: chunk)
        } catch {
            throw Self.failure("The download could not be written to \(url.path): \(error.localizedDescription)")
        }
    }

    /// Closes the file and renames it to `destination` (replacing a file there, atomically).
    func commit(to destination: URL) throws(APIError) {
        try? handle?.close()
        handle = nil
        guard rename(url.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw Self.failure("The download could not be moved to \(destination.path): \(reason)")
        }
    }

    /// A file system failure, as URLSession reports one (`cannotWriteToFile`).
    private static func failure(_ description: String) -> APIError {
        .transport(.other(code: URLError.cannotWriteToFile.rawValue, description: description))
    }

    /// Closes and removes the file unless it was committed.
    func discard() {
        if let handle {
            try? handle.close()
            self.handle = nil
        }
        try? FileManager.default.removeItem(at: url)
    }
}

/// The upload progress handler of the calls a task makes (a task-local value, so that every call
/// form, generated methods included, reports without a parameter of its own).
enum UploadProgress {
    @TaskLocal static var handler: TransferProgressHandler?
}

extension APIClient {
    /// Runs `body`, reporting the request bodies its calls send to `progress`: bytes handed to the
    /// connection so far and the body's size (`Content-Length`). Both transports report; a body
    /// sent again (a retry, a 307 redirect) starts again from 0. Stubs report nothing.
    ///
    /// ```swift
    /// let receipt = try await client.withUploadProgress({ print($0.completedBytes) }) { () async throws(APIError) in
    ///     try await client.send(FilesRouter.upload(file: url), baseURL: base, as: Receipt.self)
    /// }
    /// ```
    public func withUploadProgress<Value>(_ progress: TransferProgressHandler?,
                                          _ body: () async throws(APIError) -> Value) async throws(APIError) -> Value {
        do {
            return try await UploadProgress.$handler.withValue(progress) {
                try await body()
            }
        } catch {
            throw Self.streamError(error)
        }
    }
}
