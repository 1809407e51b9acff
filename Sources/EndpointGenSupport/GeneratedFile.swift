/// A file a command writes: its path below the folder it goes into (`/`-separated) and its whole
/// text. Generated Swift (`CodegenResult`), imported specs and `init`'s starter files.
public struct GeneratedFile: Sendable, Hashable {
    /// The code generator's are file names without folders; `init`'s may name a folder
    /// (`specs/example.yaml`).
    public var name: String
    public var contents: String

    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
