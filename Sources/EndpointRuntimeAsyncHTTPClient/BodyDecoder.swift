// Built with the package trait AsyncHTTPClient only (Package.swift); without it, WithoutTheTrait.swift.
#if AsyncHTTPClient
import CEndpointZlib
import EndpointRuntime
import NIOCore

/// Undoes a body's `Content-Encoding` as it arrives: `gzip` (`x-gzip`) and `deflate` (zlib, or
/// raw deflate as some servers send) are inflated into pieces of at most 64 KiB, each handed to
/// the caller before the next is made, so the caller's size limit bounds the memory whatever the
/// compression ratio. No encoding (or `identity`) passes the bytes through. Any other encoding
/// fails at the first body byte: it was not offered, and its bytes cannot be read.
final class BodyDecoder {
    private enum Coding {
        case identity
        case inflate(deflate: Bool)
        case unsupported(String)
    }

    private static let pieceSize = 64 * 1024
    private let coding: Coding
    private var stream: UnsafeMutablePointer<z_stream>?
    private var output = [UInt8](repeating: 0, count: 0)
    private var fed = false
    private var ended = false
    private var producedAny = false

    init(contentEncoding: String?) {
        let name = (contentEncoding ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        switch name {
        case "", "identity": coding = .identity
        case "gzip", "x-gzip": coding = .inflate(deflate: false)
        case "deflate": coding = .inflate(deflate: true)
        default: coding = .unsupported(contentEncoding ?? "")
        }
    }

    deinit {
        if let stream {
            inflateEnd(stream)
            stream.deallocate()
        }
    }

    /// Decodes `buffer`, handing each decoded piece to `sink` (which may throw to stop).
    func feed(_ buffer: ByteBuffer, into sink: (UnsafeRawBufferPointer) throws(APIError) -> Void) throws(APIError) {
        guard buffer.readableBytes > 0 else { return }
        switch coding {
        case .identity:
            try Self.withBytes(of: buffer, sink)
        case .unsupported(let name):
            throw .transport(.badResponse(reason: "The body's content encoding \"\(name)\" is not supported (gzip and deflate were offered)."))
        case .inflate(let deflate):
            let first = !fed
            fed = true
            do {
                try Self.withBytes(of: buffer) { bytes throws(APIError) in try inflate(bytes, windowBits: 15 + 32, into: sink) }
            } catch let error where deflate && first && !producedAny && isCorrupt(error) {
                // `deflate` without the zlib header: raw deflate, from the start again.
                reset()
                try Self.withBytes(of: buffer) { bytes throws(APIError) in try inflate(bytes, windowBits: -15, into: sink) }
            }
        }
    }

    /// `body` over `buffer`'s readable bytes (ByteBuffer's own method only rethrows untyped errors).
    private static func withBytes(of buffer: ByteBuffer, _ body: (UnsafeRawBufferPointer) throws(APIError) -> Void) throws(APIError) {
        var failure: APIError?
        buffer.withUnsafeReadableBytes { bytes in
            do throws(APIError) { try body(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Fails when a compressed body ended before its compressed stream did.
    func finish() throws(APIError) {
        guard case .inflate = coding, fed, !ended else { return }
        throw .transport(.badResponse(reason: "The body's content encoding is corrupt (the compressed data ends early)."))
    }

    private static let corrupt = "The body's content encoding is corrupt"

    private func isCorrupt(_ error: APIError) -> Bool {
        if case .transport(.badResponse(let reason)) = error { return reason.hasPrefix(Self.corrupt) }
        return false
    }

    private func reset() {
        if let stream {
            inflateEnd(stream)
            stream.deallocate()
        }
        stream = nil
        ended = false
    }

    private func inflate(_ input: UnsafeRawBufferPointer, windowBits: Int32, into sink: (UnsafeRawBufferPointer) throws(APIError) -> Void) throws(APIError) {
        guard !ended else { return }  // bytes after the end of the compressed stream are ignored
        let stream: UnsafeMutablePointer<z_stream>
        if let existing = self.stream {
            stream = existing
        } else {
            stream = .allocate(capacity: 1)
            stream.initialize(to: z_stream())
            guard endpointgen_inflate_init(stream, windowBits) == Z_OK else {
                stream.deallocate()
                throw .transport(.other(code: -1, description: "zlib could not start inflating."))
            }
            self.stream = stream
            output = [UInt8](repeating: 0, count: Self.pieceSize)
        }
        guard let base = input.baseAddress else { return }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        while true {
            var code: Int32 = Z_OK
            let produced = output.withUnsafeMutableBufferPointer { piece -> Int in
                stream.pointee.next_out = piece.baseAddress
                stream.pointee.avail_out = uInt(piece.count)
                code = CEndpointZlib.inflate(stream, Z_NO_FLUSH)
                defer { stream.pointee.next_out = nil }
                return piece.count - Int(stream.pointee.avail_out)
            }
            guard code == Z_OK || code == Z_STREAM_END || code == Z_BUF_ERROR else {
                throw .transport(.badResponse(reason: "\(Self.corrupt) (zlib error \(code))."))
            }
            if produced > 0 {
                producedAny = true
                var failure: APIError?
                output.withUnsafeBytes { bytes in
                    do throws(APIError) { try sink(UnsafeRawBufferPointer(rebasing: bytes[..<produced])) } catch { failure = error }
                }
                if let failure { throw failure }
            }
            if code == Z_STREAM_END {
                ended = true
                return
            }
            // Done with this input unless the piece was full (more output may be waiting).
            if produced < Self.pieceSize && (stream.pointee.avail_in == 0 || code == Z_BUF_ERROR) { return }
        }
    }
}
#endif
