#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system calls of the tool, on POSIX: the CLI links no Foundation, whose loading
/// (symbol binding, protocol-conformance tables scanned at the first dynamic cast) was most of
/// the tool's start.
enum FileSystem {
    /// An operation failed; `reason` is the system's text for `errno` (`No such file or directory`).
    struct Failure: Error {
        var reason: String
    }

    /// The system's text for the current `errno`.
    static func lastError() -> String {
        String(cString: strerror(errno))
    }

    /// Whether `path` is a folder, following symbolic links.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether anything exists at `path`, following symbolic links.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The names in a folder (without `.` and `..`), in the order the system lists them.
    static func contentsOfDirectory(_ path: String) throws(Failure) -> [String] {
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
    /// (a byte larger, so the read that finds the end needs no second buffer).
    static func withContents<R>(of path: String, _ body: (UnsafeRawBufferPointer) -> R) throws(Failure) -> R {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Failure(reason: lastError())
        }
        defer { close(descriptor) }
        var info = stat()
        let expected = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(expected + 1, 4096), alignment: 1)
        defer { buffer.deallocate() }
        var count = 0
        while true {
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
    static func writeStandardError(_ text: String) {
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
