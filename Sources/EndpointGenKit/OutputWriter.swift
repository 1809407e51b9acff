import Dispatch
import EndpointGenCodegen
import EndpointGenSpec
import EndpointGenSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An I/O problem with the output folder; nothing has been written when it is thrown.
public struct OutputError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// What a run would do to the output folder.
public struct OutputPlan: Sendable {
    public struct Change: Sendable {
        public var file: GeneratedFile
        /// The current content; nil when the file does not exist yet.
        public var old: String?
    }

    public var directory: String
    public var changes: [Change]
    public var unchanged: [String]
    /// Generated files (they carry the header) that no spec produces any more.
    public var stale: [(name: String, old: String)]

    public var isUpToDate: Bool { changes.isEmpty && stale.isEmpty }
}

/// Compares and writes generated files. Every check happens in `plan` before anything is
/// written; writes are atomic (temporary file + rename; a new output folder is renamed into
/// place whole) and unchanged files are not touched, so their modification times stay and
/// builds do not recompile them.
public enum OutputWriter {
    /// Output names: a plain file name of safe characters, ending in `.swift`.
    public static func isSafeFileName(_ name: String) -> Bool {
        guard name.hasSuffix(".swift"), name.count > 6, name.utf8.count <= Namer.maxFileNameBytes, let first = name.utf8.first, first != UInt8(ascii: ".") else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// Applies a plan, all or nothing: every new or changed file is first written in full as a
    /// temporary file beside its place (`.endpointgen-<pid>-<name>.tmp`) and flushed to disk; a
    /// failure there (a full disk, an I/O error, a read-only folder) removes the temporary files
    /// and leaves the folder as it was. Then a journal (`.endpointgen-journal`) listing every
    /// rename and removal is written atomically, the renames and removals are made, and the
    /// journal is removed. A run killed between renames leaves the journal, and the next run
    /// (`repair`) completes it before anything else, so the folder holds one whole generation.
    public static func apply(_ plan: OutputPlan) throws(OutputError) {
        if kind(of: plan.directory) == .missing {
            try writeNewFolder(plan)
            return
        }
        // Nothing to change: nothing is written (not even a journal), no time stamp moves.
        guard !plan.isUpToDate else { return }
        let directory = plan.directory
        let crashStep = CrashPoint.step
        // On all cores: each file is created and filled on its own; all are flushed after.
        let pid = getpid()
        let results = Parallel.map(Array(plan.changes.enumerated())) { index, change -> Result<String, OutputError> in
            let temporary = temporaryName(for: change.file.name, pid: pid)
            do throws(OutputError) {
                try writeFile(change.file.contents, to: directory + "/" + temporary, shownAs: directory + "/" + change.file.name, flush: false)
            } catch {
                return .failure(error)
            }
            CrashPoint.reached(index + 1, of: crashStep)
            return .success(temporary)
        }
        var renames: [(from: String, to: String)] = []
        var failure: OutputError?
        for (change, result) in zip(plan.changes, results) {
            switch result {
            case .success(let temporary): renames.append((temporary, change.file.name))
            case .failure(let error): if failure == nil { failure = error }
            }
        }
        if failure == nil, let reason = Durability.flushFiles(renames.map { directory + "/" + $0.from }) ?? Durability.flushFolder(directory) {
            failure = OutputError(description: "cannot write the new files into '\(directory)': \(reason)")
        }
        if let failure {
            for move in renames { unlink(directory + "/" + move.from) }
            throw failure
        }
        // One rename or one removal is atomic by itself: no journal needed.
        let needsJournal = renames.count + plan.stale.count > 1
        if needsJournal {
            do throws(OutputError) {
                try writeJournal(renames: renames, removals: plan.stale.map(\.name), in: directory)
            } catch {
                for move in renames { unlink(directory + "/" + move.from) }
                throw error
            }
        }
        // From here on the new generation is decided: the journal lets the next run finish it.
        var step = plan.changes.count + 1
        CrashPoint.reached(step, of: crashStep)
        for move in renames {
            guard rename(directory + "/" + move.from, directory + "/" + move.to) == 0 else {
                throw OutputError(description: "cannot move the new '\(directory)/\(move.to)' into place: \(FileSystem.lastError()); the next run completes the interrupted generation")
            }
            step += 1
            CrashPoint.reached(step, of: crashStep)
        }
        for stale in plan.stale {
            guard unlink(directory + "/" + stale.name) == 0 || errno == ENOENT else {
                throw OutputError(description: "cannot remove stale '\(directory)/\(stale.name)': \(FileSystem.lastError()); the next run completes the interrupted generation")
            }
            step += 1
            CrashPoint.reached(step, of: crashStep)
        }
        syncDirectory(directory)
        if needsJournal { unlink(directory + "/" + journalName) }
    }

    /// Writes the journal atomically (temporary name, flushed, renamed) and flushes the folder.
    static func writeJournal(renames: [(from: String, to: String)], removals: [String], in directory: String) throws(OutputError) {
        var journal = JournalText.header
        for move in renames { journal += "rename \(move.from) \(move.to)\n" }
        for name in removals { journal += "remove \(name)\n" }
        journal += JournalText.end
        let temporary = directory + "/" + journalName + ".tmp"
        unlink(temporary)
        try writeFile(journal, to: temporary, shownAs: directory + "/" + journalName, flush: true)
        guard rename(temporary, directory + "/" + journalName) == 0 else {
            let reason = FileSystem.lastError()
            unlink(temporary)
            throw OutputError(description: "cannot write '\(directory)/\(journalName)': \(reason)")
        }
        if let reason = Durability.flushFolder(directory) {
            unlink(directory + "/" + journalName)
            throw OutputError(description: "cannot write '\(directory)/\(journalName)': \(reason)")
        }
    }

    /// The journal of an interrupted run, in the output folder.
    public static let journalName = ".endpointgen-journal"

    /// The temporary name a run with process id `pid` writes `name` under.
    static func temporaryName(for name: String, pid: pid_t) -> String {
        ".endpointgen-\(pid)-\(name).tmp"
    }

    static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".endpointgen-") && name.hasSuffix(".tmp")
    }

    enum JournalText {
        static let header = "endpointgen journal 1\n"
        static let end = "end\n"

        /// The process id in `temporary` when it is the name a run gives `name`'s new content.
        static func writer(of temporary: String, for name: String) -> Substring? {
            let prefix = ".endpointgen-", suffix = "-" + name + ".tmp"
            guard temporary.hasPrefix(prefix), temporary.hasSuffix(suffix), temporary.count > prefix.count + suffix.count else { return nil }
            let pid = temporary.dropFirst(prefix.count).dropLast(suffix.count)
            return pid.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ? pid : nil
        }

        /// A journal acts only on what a run writes: generated files (the header), plain files in
        /// the folder, never a link. A journal that names anything else was not written by a run
        /// (one committed to a repository, say): nothing it says is done.
        static func requireGenerated(_ path: String, _ journal: String, missingAllowed: Bool) throws(OutputError) {
            switch kind(of: path) {
            case .missing where missingAllowed:
                return
            case .file:
                guard (try? hasGeneratedHeader(path)) == true else { throw refusal(journal, "'\(Path.lastComponent(path))' is not a generated file") }
            case .missing:
                throw refusal(journal, "'\(Path.lastComponent(path))' is missing")
            case .symlink:
                throw refusal(journal, "'\(Path.lastComponent(path))' is a symbolic link")
            case .directory, .other:
                throw refusal(journal, "'\(Path.lastComponent(path))' is not a regular file")
            }
        }

        static func refusal(_ journal: String, _ reason: String) -> OutputError {
            OutputError(description: "'\(journal)' does not describe an interrupted generation (\(reason)); nothing was changed. Remove it (a journal never belongs in version control) and run generate again")
        }
    }

    /// What an interrupted run left in the output folder: the journal's pending renames and
    /// removals, and temporary files.
    public struct Leftovers: Sendable {
        public var renames: [(from: String, to: String)] = []
        public var removals: [String] = []
        /// Whether a journal was found (possibly with nothing left to do).
        public var hasJournal = false
        /// Temporary files the journal does not name.
        public var temporaries: [String] = []
        /// Hidden folders beside the output folder (`.Generated.endpointgen-<pid>`) where a
        /// killed run was writing a new output folder; paths.
        public var stagingFolders: [String] = []

        public var isEmpty: Bool { !hasJournal && temporaries.isEmpty && stagingFolders.isEmpty }

        /// One line per kind of leftover, for `check` and `generate`.
        public func describe(_ directory: String) -> [String] {
            var lines: [String] = []
            if hasJournal {
                lines.append("'\(directory)' holds an interrupted generation (\(journalName)): \(renames.count) file(s) still to move into place, \(removals.count) to remove")
            }
            if !temporaries.isEmpty {
                lines.append("'\(directory)' holds \(temporaries.count) temporary file(s) of an interrupted run (\(temporaries.prefix(3).joined(separator: ", "))\(temporaries.count > 3 ? ", ..." : ""))")
            }
            for folder in stagingFolders {
                lines.append("'\(folder)' is a new output folder an interrupted run did not finish")
            }
            return lines
        }
    }

    /// The leftovers of an interrupted run in `directory`, changing nothing (for `check`).
    public static func leftovers(in directory: String) throws(OutputError) -> Leftovers {
        var leftovers = Leftovers()
        leftovers.stagingFolders = abandonedStagingFolders(of: directory)
        guard kind(of: directory) == .directory else { return leftovers }
        let entries: [String]
        do throws(FileSystem.Failure) {
            entries = try FileSystem.contentsOfDirectory(directory).sorted()
        } catch {
            throw OutputError(description: "cannot list output folder '\(directory)': \(error.reason)")
        }
        var named = Set<String>()
        if entries.contains(journalName) {
            leftovers.hasJournal = true
            let journal = directory + "/" + journalName
            guard kind(of: journal) == .file else { throw JournalText.refusal(journal, "it is not a regular file") }
            let text = try readFile(journal)
            guard text.hasPrefix(JournalText.header), text.hasSuffix(JournalText.end) else {
                throw OutputError(description: "'\(journal)' is damaged; remove it and run generate again")
            }
            var writer: Substring?
            for line in text.split(separator: "\n").dropFirst().dropLast() {
                let words = line.split(separator: " ").map(String.init)
                if words.count == 3, words[0] == "rename", isTemporaryName(words[1]), isSafeFileName(words[2]) {
                    // One run wrote every temporary file, each under the name of its place.
                    guard let pid = JournalText.writer(of: words[1], for: words[2]), writer == nil || writer == pid else {
                        throw JournalText.refusal(journal, "'\(words[1])' is not the temporary file a run writes for '\(words[2])'")
                    }
                    writer = pid
                    // A rename already made has no temporary file left.
                    if entries.contains(words[1]) {
                        try JournalText.requireGenerated(directory + "/" + words[1], journal, missingAllowed: false)
                        try JournalText.requireGenerated(directory + "/" + words[2], journal, missingAllowed: true)
                        leftovers.renames.append((words[1], words[2]))
                    }
                    named.insert(words[1])
                } else if words.count == 2, words[0] == "remove", isSafeFileName(words[1]) {
                    if entries.contains(words[1]) {
                        try JournalText.requireGenerated(directory + "/" + words[1], journal, missingAllowed: false)
                        leftovers.removals.append(words[1])
                    }
                } else {
                    throw OutputError(description: "'\(journal)' is damaged; remove it and run generate again")
                }
            }
        }
        leftovers.temporaries = entries.filter { (isTemporaryName($0) || $0 == journalName + ".tmp") && !named.contains($0) }
        return leftovers
    }

    /// Completes the journal of an interrupted run (its renames and removals) and removes
    /// temporary files left by runs killed before their journal was written. Returns a line
    /// for each thing done (empty when the folder was clean). Call it holding `lock`.
    public static func repair(_ directory: String) throws(OutputError) -> [String] {
        let leftovers = try leftovers(in: directory)
        guard !leftovers.isEmpty else { return [] }
        var done: [String] = []
        for folder in leftovers.stagingFolders {
            // Only what a run writes there: plain files, then the folder.
            if let names = try? FileSystem.contentsOfDirectory(folder) {
                for name in names where kind(of: folder + "/" + name) == .file { unlink(folder + "/" + name) }
            }
            guard rmdir(folder) == 0 else {
                throw OutputError(description: "cannot remove '\(folder)' left by an interrupted run: \(FileSystem.lastError())")
            }
            done.append("removed '\(folder)', a new output folder an interrupted run did not finish")
        }
        if leftovers.hasJournal {
            for move in leftovers.renames {
                guard rename(directory + "/" + move.from, directory + "/" + move.to) == 0 else {
                    throw OutputError(description: "cannot complete the interrupted generation in '\(directory)': cannot move '\(move.from)' to '\(move.to)': \(FileSystem.lastError())")
                }
            }
            for name in leftovers.removals {
                guard unlink(directory + "/" + name) == 0 || errno == ENOENT else {
                    throw OutputError(description: "cannot complete the interrupted generation in '\(directory)': cannot remove '\(name)': \(FileSystem.lastError())")
                }
            }
            syncDirectory(directory)
            unlink(directory + "/" + journalName)
            done.append("completed the interrupted generation in '\(directory)' (\(leftovers.renames.count) file(s) moved into place, \(leftovers.removals.count) removed)")
        }
        if !leftovers.temporaries.isEmpty {
            for name in leftovers.temporaries {
                guard unlink(directory + "/" + name) == 0 || errno == ENOENT else {
                    throw OutputError(description: "cannot remove '\(directory)/\(name)' left by an interrupted run: \(FileSystem.lastError())")
                }
            }
            done.append("removed \(leftovers.temporaries.count) temporary file(s) left in '\(directory)' by an interrupted run")
        }
        return done
    }

    /// Hidden folders `.<output>.endpointgen-<pid>[-n]` beside `directory` whose writer is gone
    /// (their lock can be taken: the run holding it was killed).
    static func abandonedStagingFolders(of directory: String) -> [String] {
        let parent = Path.parent(directory)
        let prefix = ".\(Path.lastComponent(directory)).endpointgen-"
        guard let names = try? FileSystem.contentsOfDirectory(parent.isEmpty ? "." : parent) else { return [] }
        var abandoned: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) && name.dropFirst(prefix.count).allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) {
            let path = Path.join(parent, name)
            guard kind(of: path) == .directory else { continue }
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { abandoned.append(path) }
            close(descriptor)
        }
        return abandoned
    }

    /// An advisory lock on the output folder for one run (`flock`): two runs never write, or
    /// sweep each other's temporary files, at once. Released when the value is deinitialised
    /// or the process ends (also when killed).
    public final class Lock: Sendable {
        let descriptor: Int32
        init(descriptor: Int32) { self.descriptor = descriptor }
        deinit { close(descriptor) }
    }

    /// Locks an existing output folder (`exclusive` for a run that writes); nil when the
    /// folder does not exist (yet) or cannot be opened (what follows reports why).
    public static func lock(_ directory: String, exclusive: Bool) -> Lock? {
        guard kind(of: directory) == .directory else { return nil }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            if errno != EINTR { break }
        }
        return Lock(descriptor: descriptor)
    }

    /// Makes renames and removals in `directory` durable (best effort).
    static func syncDirectory(_ directory: String) {
        guard Durability.enabled else { return }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Writes `contents` into a new file at `path` (and with `flush` onto the disk); on failure
    /// nothing is left at `path`. `shownAs` names the file in messages.
    static func writeFile(_ contents: String, to path: String, shownAs: String, flush: Bool) throws(OutputError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw OutputError(description: "cannot write '\(shownAs)': cannot create '\(Path.lastComponent(path))': \(FileSystem.lastError())")
        }
        var failure = FileSystem.writeAll(contents, to: descriptor)
        if flush, Durability.enabled, failure == nil, fsync(descriptor) != 0 { failure = FileSystem.lastError() }
        if close(descriptor) != 0, failure == nil { failure = FileSystem.lastError() }
        if let failure {
            unlink(path)
            throw OutputError(description: "cannot write '\(shownAs)': \(failure)")
        }
    }

    /// An output folder that does not exist yet appears whole or not at all: every file is
    /// written into a hidden folder beside it, which is then renamed into place. No file needs
    /// its own atomic step (an unnamed file and a link, or a temporary name and a rename): in a
    /// folder no one else sees, a plain create relative to the folder's descriptor is enough,
    /// which took 601 new files from ~25 to ~20 ms. A failure removes the hidden folder.
    static func writeNewFolder(_ plan: OutputPlan) throws(OutputError) {
        let hidden = Path.join(Path.parent(plan.directory), ".\(Path.lastComponent(plan.directory)).endpointgen-\(getpid())")
        // A killed run may have left a folder of this name (in a container the process id repeats).
        var staging = hidden
        var attempt = 0
        while mkdir(staging, 0o777) != 0 {
            attempt += 1
            guard errno == EEXIST, attempt < 100 else {
                throw OutputError(description: "cannot create output folder '\(plan.directory)': cannot create '\(staging)': \(FileSystem.lastError())")
            }
            staging = hidden + "-\(attempt)"
        }
        let folder = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            let reason = FileSystem.lastError()
            rmdir(staging)
            throw OutputError(description: "cannot create output folder '\(plan.directory)': cannot open '\(staging)': \(reason)")
        }
        // Held until this process ends: a later run that can take the lock knows the folder
        // was left by a killed run, and removes it (`repair`).
        flock(folder, LOCK_EX)
        let crashStep = CrashPoint.step
        let failures = Parallel.map(Array(plan.changes.enumerated())) { index, change -> String? in
            let descriptor = openat(folder, change.file.name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { return "cannot write '\(plan.directory)/\(change.file.name)': \(FileSystem.lastError())" }
            let failure = FileSystem.writeAll(change.file.contents, to: descriptor)
            if close(descriptor) != 0, failure == nil {
                return "cannot write '\(plan.directory)/\(change.file.name)': \(FileSystem.lastError())"
            }
            CrashPoint.reached(index + 1, of: crashStep)
            return failure.map { "cannot write '\(plan.directory)/\(change.file.name)': \($0)" }
        }
        var failure = failures.lazy.compactMap { $0 }.first
        if failure == nil, let reason = Durability.flushFiles(plan.changes.map { staging + "/" + $0.file.name }) ?? Durability.flushFolder(staging) {
            failure = "cannot write the new output folder '\(plan.directory)': \(reason)"
        }
        // rename(2) replaces an empty folder: one made meanwhile by someone else holds nothing to lose.
        if failure == nil, rename(staging, plan.directory) != 0 {
            failure = "cannot move the new output folder into place as '\(plan.directory)': \(FileSystem.lastError())"
        }
        if let failure {
            for change in plan.changes { unlinkat(folder, change.file.name, 0) }
            close(folder)
            rmdir(staging)
            throw OutputError(description: failure)
        }
        close(folder)
        syncDirectory(Path.parent(plan.directory).isEmpty ? "." : Path.parent(plan.directory))
    }

    /// Largest existing output file read for comparison and the diff; a larger one (not
    /// something this tool wrote) counts as different and shows in `check` as one line
    /// naming its size, so no file in the output folder makes a run read more than this.
    static let maxComparedSize = 64 << 20

    /// The text `check` shows for an existing file too large to read.
    static func notRead(_ size: Int) -> String {
        "// (\(size) bytes, larger than \(maxComparedSize >> 20) MiB: not read)\n"
    }

    static func readFile(_ path: String) throws(OutputError) -> String {
        try withContents(of: path, tooLarge: { notRead($0) }) { String(decoding: $0, as: UTF8.self) }
    }

    /// `FileSystem.withContents` up to `maxComparedSize`, failing as an `OutputError` that
    /// names the file; `tooLarge` gets the size of a larger file.
    private static func withContents<R>(of path: String, tooLarge: (Int) -> R, _ body: (UnsafeRawBufferPointer) -> R) throws(OutputError) -> R {
        do throws(FileSystem.Failure) {
            return try FileSystem.withContents(of: path, limit: maxComparedSize, tooLarge: tooLarge, body)
        } catch {
            throw OutputError(description: "cannot read '\(path)': \(error.reason)")
        }
    }

    /// Whether the file at `path` holds exactly `contents`; the file as text when it does not.
    static func compare(_ path: String, with contents: String) throws(OutputError) -> String? {
        var contents = contents
        return try withContents(of: path, tooLarge: { notRead($0) }) { old -> String? in
            let same = contents.withUTF8 { new in
                new.count == old.count && (new.isEmpty || memcmp(new.baseAddress!, old.baseAddress!, new.count) == 0)
            }
            // A String is made only for a file that differs (for the diff): the common no-change
            // run compares bytes and copies nothing.
            return same ? nil : String(decoding: old, as: UTF8.self)
        }
    }

    package enum Kind { case missing, file, directory, symlink, other }

    /// The type of a path without following symbolic links.
    package static func kind(of path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }
}

/// Fault injection for the tests of interrupted runs: with `ENDPOINTGEN_TEST_KILL_AT_STEP=k`
/// set, `apply` kills its own process (SIGKILL, as `kill -9` would) at step k: steps 1...n after
/// the temporary file of the n-th change is written, n + 1 after the journal, then one per
/// rename and removal (into a new output folder: step i after its i-th file). Unset (always, outside those tests) it costs one `getenv` per run.
enum CrashPoint {
    static var step: Int? {
        guard let text = getenv("ENDPOINTGEN_TEST_KILL_AT_STEP") else { return nil }
        return Int(String(cString: text))
    }

    static func reached(_ step: Int, of target: Int?) {
        if step == target { kill(getpid(), SIGKILL) }
    }
}

/// Getting new files onto the disk before they are renamed into place, so that after a power cut
/// the folder holds whole files of one generation, and an I/O error found on writing back fails
/// the run before anything is renamed.
///
/// Off unless `ENDPOINTGEN_FSYNC=1`: a killed run (the interruption a build tool meets) loses no
/// written data without it, since the data is in the kernel's cache, and the journal completes the
/// renames; after a power cut the next run rewrites whatever differs from the specs, as for any
/// stale file. Flushing made a fresh N = 2000 generation 6x slower (66 → 419 ms, `make bench`),
/// as compilers and git, which do not flush their outputs by default, would be.
///
/// The files are written first, then `fsync`ed from up to 64 threads at once: each `fsync` waits
/// for a journal commit, and the file system commits the files of concurrent calls together
/// (ext4, 601 files: 2 threads 266 ms a run, 64 threads ~130 ms; no flush 105 ms). One `syncfs`
/// was cheaper alone but waits for every other program's unwritten data too (a build's object
/// files), so its cost was not this run's to bound.
enum Durability {
    static let flushThreads = 64

    /// Whether files and folders are flushed (`ENDPOINTGEN_FSYNC=1`).
    static let enabled: Bool = getenv("ENDPOINTGEN_FSYNC").map { String(cString: $0) == "1" } ?? false

    /// `fsync`s every file; the first failure's path and reason.
    static func flushFiles(_ paths: [String]) -> String? {
        guard enabled, !paths.isEmpty else { return nil }
        let failures = UnsafeMutableBufferPointer<String?>.allocate(capacity: paths.count)
        failures.initialize(repeating: nil)
        defer {
            _ = failures.deinitialize()
            failures.deallocate()
        }
        // Each item writes only its own slot; the group's wait orders the reads after them.
        nonisolated(unsafe) let slots = failures
        let queue = DispatchQueue(label: "endpointgen.flush", attributes: .concurrent)
        let group = DispatchGroup()
        let slotsFree = DispatchSemaphore(value: flushThreads)
        for (index, path) in paths.enumerated() {
            slotsFree.wait()
            queue.async(group: group) {
                defer { slotsFree.signal() }
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    slots[index] = "'\(path)': \(FileSystem.lastError())"
                    return
                }
                if fsync(descriptor) != 0 { slots[index] = "'\(path)': \(FileSystem.lastError())" }
                close(descriptor)
            }
        }
        group.wait()
        return failures.lazy.compactMap { $0 }.first
    }

    /// Flushes a folder's entries (renames, new names); the system's reason on failure.
    static func flushFolder(_ directory: String) -> String? {
        guard enabled else { return nil }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return FileSystem.lastError() }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 ? nil : FileSystem.lastError()
    }
}
