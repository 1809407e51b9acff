import EndpointGenSpec

/// With `storageClasses` (for very large APIs), wide models keep their fields in a private final
/// class (one reference in the struct), for the size of optimized builds. A struct of many fields gets value witnesses (copy, assign,
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
        context.options.storageClasses && !context.options.mutableModels && fields.count >= Self.storageFieldCount
    }

    /// `public var name: Type { _storage.name }` per field, the storage, the initializers, coding,
    /// equality and hashing through it, and the class `_Storage` with the stored properties,
    /// its memberwise initializer and its `init(from:)`.
    func structWithStorage(name: String, summary: String?, fields: [Field], members: [Member]) -> [Declaration] {
        let (storage, storageType) = Self.storageNames(members)
        let api = Declaration.Access.written(context.access)
        let mirrored = Self.reflects(members)
        var body: [Declaration] = []
        for item in members {
            let field = fields[item.index]
            body.append(Declaration(
                doc: [field.summary], attributes: Attributes.deprecation(field.deprecation), access: api,
                "var \(item.declared): \(item.type) { \(storage).\(item.member) }", tight: true))
        }
        body.append(Declaration(
            doc: ["The fields, in one reference: a copy of the model retains it once."], access: .written("private "),
            "let \(storage): \(storageType)", tight: true))
        // The initializer forwards its arguments (a keyword needs no backticks as a label).
        let arguments = members.map { "\($0.member): \($0.declared)" }
        body.append(Declaration(access: api, "init(\(Self.initParameters(members, defaults: true)))", body: .statements { p in
            p.line("\(storage) = \(storageType)(\(joined: arguments))")
        }))
        body.append(Declaration(access: api, "init(from decoder: any Decoder) throws", body: .statements { p in
            p.line("\(storage) = try \(storageType)(from: decoder)")
        }))
        body.append(encoding(members, base: storage + "."))
        body.append(hashing(members, base: storage + "."))
        if mirrored { body.append(storageMirror(storage: storage)) }
        body.append(storageClass(members, storageType: storageType))
        let type = Declaration(
            doc: [summary], access: .written(context.typeModifiers),
            "struct \(name): Codable, Hashable, Sendable\(if: mirrored, ", Swift.CustomReflectable")", body: .members(body))
        // In the same file, the extension reads the private storage.
        return [type, equality(name) { p in
            p.line("if \(storage) === rhs.\(storage) { return true }")
            renderFieldComparisons(members, base: storage + ".", into: &p)
        }]
    }

    /// `private nonisolated final class _Storage: Sendable` with the stored properties (`let`),
    /// the memberwise initializer without defaults (the struct's has them) and `init(from:)`.
    private func storageClass(_ members: [Member], storageType: String) -> Declaration {
        var body = members.map { item in Declaration("let \(item.declared): \(item.type)", tight: true) }
        body.append(memberwiseInit(members, access: "", defaults: false))
        body.append(decoding(members, access: ""))
        return Declaration(access: .written("private "), "nonisolated final class \(storageType): Sendable", body: .members(body))
    }

    /// `_storage`, with `_` appended while a field has that name (`name: _storage`), and the
    /// class `_Storage`, which no model can hide (model names are UpperCamelCase).
    static func storageNames(_ members: [Member]) -> (property: String, type: String) {
        var property = "_storage"
        while members.contains(where: { $0.member == property }) { property += "_" }
        return (property, "_Storage")
    }
}
