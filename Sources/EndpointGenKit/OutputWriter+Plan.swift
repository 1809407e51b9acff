import EndpointGenCodegen
import EndpointGenSpec
import EndpointGenSupport

// The plan: every check before anything is written.
extension OutputWriter {
    /// What writing `files` to `directory` would do, every check made (the names, the folder,
    /// each existing file) and nothing written.
    public static func plan(_ files: [GeneratedFile], in directory: String) throws(OutputError) -> OutputPlan {
        var plan = OutputPlan(directory: directory, changes: [], unchanged: [], stale: [])
        let names = try checkNames(files)
        guard try folderExists(directory) else {
            plan.changes = files.map { OutputPlan.Change(file: $0, old: nil) }
            return plan
        }
        try compareExisting(files, in: directory, into: &plan)
        plan.stale = try staleFiles(in: directory, keeping: names)
        return plan
    }

    /// The output names, each safe and none twice once letter case is ignored.
    private static func checkNames(_ files: [GeneratedFile]) throws(OutputError) -> Set<String> {
        var names = Set<String>()
        var foldedNames = Set<String>()
        for file in files {
            guard isSafeFileName(file.name) else {
                throw OutputError(description: "refusing to write '\(file.name)': output file names are letters, digits, '_', '-', '.' and end in .swift")
            }
            // Case-folded: on macOS's and Windows' default file systems two names that differ
            // only in case are one file (the Namer reports such specs at their lines).
            guard names.insert(file.name).inserted, foldedNames.insert(file.name.lowercased()).inserted else {
                throw OutputError(description: "two generated files are both named '\(file.name)' (letter case aside)")
            }
        }
        return names
    }

    /// Whether the output folder exists (false: it will be made, its parent being a folder).
    private static func folderExists(_ directory: String) throws(OutputError) -> Bool {
        switch kind(of: directory) {
        case .missing:
            let parent = Path.parent(directory)
            // Only the last component is made: a mistyped parent should not leave a tree behind.
            switch parent.isEmpty ? .directory : kind(of: parent) {
            case .directory:
                return false
            case .missing:
                throw OutputError(description: "cannot create output folder '\(directory)': '\(parent)' does not exist")
            default:
                throw OutputError(description: "cannot create output folder '\(directory)': '\(parent)' is not a folder")
            }
        case .symlink:
            throw OutputError(description: "output folder '\(directory)' is a symbolic link; refusing to write through it")
        case .file, .other:
            throw OutputError(description: "output path '\(directory)' exists and is not a folder")
        case .directory:
            return true
        }
    }

    /// Each file new, unchanged or changed against what the folder holds.
    private static func compareExisting(_ files: [GeneratedFile], in directory: String, into plan: inout OutputPlan) throws(OutputError) {
        // Reading and comparing hundreds of existing files is independent work: all cores.
        enum Existing { case missing, same, different(String), failed(OutputError) }
        let existing = Parallel.map(files) { file -> Existing in
            let path = directory + "/" + file.name
            switch kind(of: path) {
            case .missing:
                return .missing
            case .file:
                do throws(OutputError) {
                    guard let old = try compare(path, with: file.contents) else { return .same }
                    return .different(old)
                } catch {
                    return .failed(error)
                }
            case .symlink:
                return .failed(OutputError(description: "'\(path)' is a symbolic link; refusing to overwrite it"))
            case .directory, .other:
                return .failed(OutputError(description: "'\(path)' exists and is not a regular file"))
            }
        }
        for (file, state) in zip(files, existing) {
            switch state {
            case .missing: plan.changes.append(OutputPlan.Change(file: file, old: nil))
            case .same: plan.unchanged.append(file.name)
            case .different(let old): plan.changes.append(OutputPlan.Change(file: file, old: old))
            case .failed(let error): throw error
            }
        }
    }

    /// Whether the file at `path` starts with the generated header. Only the header's length is
    /// read: a file of the user's may be any size.
    static func hasGeneratedHeader(_ path: String) throws(FileSystem.Failure) -> Bool {
        let header = Array(CodeGenerator.headerPrefix.utf8)
        return try FileSystem.readPrefix(of: path, count: header.count) == header
    }

    /// Generated files in the folder (they carry the header) that are not among `names`.
    private static func staleFiles(in directory: String, keeping names: Set<String>) throws(OutputError) -> [(name: String, old: String)] {
        let entries: [String]
        do throws(FileSystem.Failure) {
            entries = try FileSystem.contentsOfDirectory(directory).sorted()
        } catch {
            throw OutputError(description: "cannot list output folder '\(directory)': \(error.reason)")
        }
        var stale: [(name: String, old: String)] = []
        for entry in entries where entry.hasSuffix(".swift") && !names.contains(entry) {
            let path = directory + "/" + entry
            guard kind(of: path) == .file else { continue }
            let generated: Bool
            do throws(FileSystem.Failure) {
                generated = try hasGeneratedHeader(path)
            } catch {
                throw OutputError(description: "cannot read '\(path)': \(error.reason)")
            }
            // A generated one is then read whole for the diff.
            if generated {
                stale.append((entry, try readFile(path)))
            }
        }
        return stale
    }
}
