/// A file a command reads: the path shown in diagnostics and generated headers (relative to the
/// working directory when possible, e.g. `specs/auth.yaml`) and its bytes. Spec files for
/// `SpecLoader`, Swift files for import-swift; what a command writes is a `GeneratedFile`.
public struct SourceFile: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
