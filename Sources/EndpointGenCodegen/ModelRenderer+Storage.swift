import EndpointGenSpec

/// Wide models keep their fields in a private final class (one reference in the struct), for
/// the size of optimized builds. A struct of many fields gets value witnesses (copy, assign,
/// destroy) that retain and release each field inline, and every model holding it inlines them
/// again: in GitHub's module they were 40% of the release build's text. A struct holding one
/// class reference shares the runtime's witnesses of a single reference, and copying the model
/// retains once. The model keeps value semantics (the class is immutable and never escapes),
/// its initializer, properties and conformances. Models with `mutableModels` keep their
/// fields inline (a setter would have to copy the class on write).
extension ModelRenderer {
    /// The fewest fields of a model kept in a storage class (one allocation per value). Measured
    /// on a part of GitHub's module (Benchmarks/NOTES.md): 4 and up gave about the text of 2 and
    /// up, less than 8 and up.
    static let storageFieldCount = 4

    func usesStorage(_ fields: [Field]) -> Bool {
        !context.options.mutableModels && fields.count >= Self.storageFieldCount
    }

    /// `public var name: Type { _storage.name }` per field, the storage, the initializers, coding,
    /// equality and hashing through it, and the class `_Storage` with the stored properties,
    /// its memberwise initializer and its `init(from:)`.
    func renderStructWithStorage(
        name: String, summary: String?, fields: [Field], members: [Member], into p: inout CodePrinter
    ) {
        let (storage, storageType) = Self.storageNames(members)
        let access = context.access
        p.doc(summary)
        let mirrored = Self.reflects(members)
        p.block("\(context.typeModifiers)struct \(name): Codable, Hashable, Sendable\(if: mirrored, ", Swift.CustomReflectable")") { p in
            for item in members {
                let field = fields[item.index]
                p.doc(field.summary)
                if item.deprecated { p.line(text: Self.deprecation(field)) }
                p.line("\(access)var \(item.declared): \(item.type) { \(storage).\(item.member) }")
            }
            p.line("/// The fields, in one reference: a copy of the model retains it once.")
            p.line("private let \(storage): \(storageType)")
            p.blank()
            // The initializer forwards its arguments (a keyword needs no backticks as a label).
            let arguments = members.map { "\($0.member): \($0.declared)" }
            p.block("\(access)init(\(InitParameters(members: members, defaults: true)))") { p in
                p.line("\(storage) = \(storageType)(\(joined: arguments))")
            }
            p.blank()
            p.block("\(access)init(from decoder: any Decoder) throws") { p in
                p.line("\(storage) = try \(storageType)(from: decoder)")
            }
            p.blank()
            renderEncoding(members, base: storage + ".", into: &p)
            p.blank()
            renderHashing(members, base: storage + ".", into: &p)
            if mirrored { renderStorageMirror(storage: storage, into: &p) }
            p.blank()
            renderStorageClass(members, storageType: storageType, into: &p)
        }
        // In the same file, the extension reads the private storage.
        openEquality(name, into: &p)
        p.line("if \(storage) === rhs.\(storage) { return true }")
        renderFieldComparisons(members, base: storage + ".", into: &p)
        closeEquality(into: &p)
    }

    /// `private nonisolated final class _Storage: Sendable` with the stored properties (`let`),
    /// the memberwise initializer without defaults (the struct's has them) and `init(from:)`.
    private func renderStorageClass(_ members: [Member], storageType: String, into p: inout CodePrinter) {
        p.block("private nonisolated final class \(storageType): Sendable") { p in
            for item in members {
                p.line("let \(item.declared): \(item.type)")
            }
            p.blank()
            renderMemberwiseInit(members, access: "", defaults: false, into: &p)
            p.blank()
            renderDecoding(members, access: "", into: &p)
        }
    }

    /// `_storage`, with `_` appended while a field has that name (`name: _storage`), and the
    /// class `_Storage`, which no model can hide (model names are UpperCamelCase).
    static func storageNames(_ members: [Member]) -> (property: String, type: String) {
        var property = "_storage"
        while members.contains(where: { $0.member == property }) { property += "_" }
        return (property, "_Storage")
    }
}
