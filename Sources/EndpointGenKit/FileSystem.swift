#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system calls of the tool, on POSIX: the CLI links no Foundation, whose loading
/// (symbol binding, protocol-conformance tables scanned at the first dynamic cast) was most of
/// the tool's start.
package enum FileSystem {
    /// An operation failed; `reason` is the system's text for `errno` (`No such file or directory`).
    package struct Failure: Error {
        package var reason: String
    }

    /// The system's text for the current `errno`.
    static func lastError() -> String {
        String(cString: strerror(errno))
    }

    /// Whether `path` is a folder, following symbolic links.
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether anything exists at `path`, following symbolic links.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The names in a folder (without `.` and `..`), in the order the system lists them.
    package static func contentsOfDirectory(_ path: String) throws(Failure) -> [String] {
        guard let directory = opendir(path) else { throw Failure(reason: lastError()) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Creates the folder `path`, and with `intermediates` the missing folders above it.
    static func createDirectory(_ path: String, intermediates: Bool) throws(Failure) {
        if intermediates {
            let parent = Path.parent(path)
            if !parent.isEmpty, parent != path, !exists(parent) {
                try createDirectory(parent, intermediates: true)
            }
        }
        guard mkdir(path, 0o777) == 0 else {
            // Another process may have made it meanwhile; a folder there is what was asked for.
            if errno == EEXIST, isDirectory(path) { return }
            throw Failure(reason: lastError())
        }
    }

    /// The working directory.
    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Calls `body` with the bytes of the file at `path`, read into one buffer sized from `fstat`
    /// (a byte larger, so the read that finds the end needs no second buffer). A file larger than
    /// `limit` bytes is not read: `tooLarge` gets its size instead.
    static func withContents<R>(of path: String, limit: Int, tooLarge: (Int) -> R, _ body: (UnsafeRawBufferPointer) -> R) throws(Failure) -> R {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw Failure(reason: lastError())
        }
        defer { close(descriptor) }
        var info = stat()
        let expected = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        if expected > limit { return tooLarge(expected) }
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(expected + 1, 4096), alignment: 1)
        defer { buffer.deallocate() }
        var count = 0
        while true {
            if count > limit { return tooLarge(count) }
            if count == buffer.count {
                // The file grew since `fstat`: a buffer twice the size.
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 1)
                larger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = larger
            }
            let got = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: lastError())
            }
            if got == 0 { break }
            count += got
        }
        return body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }

    /// The bytes of an input file (a spec, an OpenAPI document), refusing at once what is not
    /// one: the file is opened without blocking (a FIFO would wait for a writer), `fstat` must
    /// show a regular file after symbolic links are followed (not a folder, device or socket),
    /// and at most `limit` + 1 bytes are ever read (a file growing meanwhile, or `/proc` files
    /// that report size 0, cannot make it read more). Each refusal's reason names the cause,
    /// with the system's text where a call failed.
    package static func readInput(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            let reason = String(cString: strerror(code))
            var info = stat()
            if code == ENOENT, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw Failure(reason: "cannot open it: \(reason) (a symbolic link to a missing file)")
            }
            throw Failure(reason: "cannot open it: \(reason)")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(reason: "cannot read it: \(lastError())") }
        let kind: String?
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = nil
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        if let kind { throw Failure(reason: "it is \(kind), not a regular file") }
        let size = Int(info.st_size)
        if size > limit { throw Failure(reason: "it is \(size) bytes, larger than the limit of \(describeSize(limit))") }
        let capacity = min(size, limit) + 1
        var bytes = [UInt8](repeating: 0, count: max(capacity, 1))
        var count = 0
        while count < limit + 1 {
            if count == bytes.count {
                // Larger than `fstat` said (it grew, or the file system does not know): grow,
                // never past the limit + 1.
                bytes.append(contentsOf: repeatElement(0, count: min(max(bytes.count, 4096), limit + 1 - bytes.count)))
            }
            let done = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if done < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: "cannot read it: \(lastError())")
            }
            if done == 0 { break }
            count += done
        }
        if count > limit { throw Failure(reason: "it is larger than the limit of \(describeSize(limit))") }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// `16777216 bytes (16 MiB)`.
    static func describeSize(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes) bytes (\(bytes >> 20) MiB)" : "\(bytes) bytes"
    }

    /// At most the first `count` bytes of the file at `path` (fewer when it is shorter).
    static func readPrefix(of path: String, count: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(reason: lastError()) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let done = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + got, count - got) }
            if done < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: lastError())
            }
            if done == 0 { break }
            got += done
        }
        return Array(bytes[..<got])
    }

    /// All of `text` to standard error.
    /// Standard output is flushed first (`fflush(nil)`: every output stream): when both streams go to one pipe (CI logs), what was
    /// printed before (`check`'s diff) comes before the message, never around it.
    static func writeStandardError(_ text: String) {
        fflush(nil)
        _ = writeAll(text, to: STDERR_FILENO)
    }

    /// Writes all bytes of `contents`; returns the reason on failure.
    static func writeAll(_ contents: String, to descriptor: Int32) -> String? {
        var contents = contents
        return contents.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return lastError()
                }
                offset += written
            }
            return nil
        }
    }
}

/// Path spelling, as `NSString`'s path methods do it for the cases the tool meets.
enum Path {
    /// `a/b/c` → `a/b`, `/a` → `/`, `a` → ``; trailing slashes are ignored.
    static func parent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var parent = trimmed[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        return String(parent)
    }

    /// `a/b/c` → `c`.
    static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/"), trimmed.count > 1 else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `folder` + `/` + `name`, without doubling a slash; `name` alone for an empty folder.
    static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
