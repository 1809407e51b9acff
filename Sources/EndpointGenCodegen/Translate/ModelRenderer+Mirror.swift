import EndpointGenSpec

/// `print`, `dump`, `String(reflecting:)`, the debugger's `po` and test failure messages read a
/// value's stored properties. A model that keeps its fields in a storage class, a box
/// (`Indirect`) or a private `_name` would show those (`Movie(_storage: Movie._Storage)`), so
/// such models conform to `CustomReflectable` with the fields as a struct that stores them
/// would show them: `Movie(id: "1", title: "Heat")`. Models whose stored properties are their
/// fields need nothing. The names are qualified (`Swift.Mirror`): a model named `Mirror` is
/// allowed, and `Swift` is reserved.
extension ModelRenderer {
    /// Whether a model with these members gets `customMirror`: not when a field takes the name
    /// (the property would clash; such a model prints its stored properties as before).
    static func reflects(_ members: [Member]) -> Bool {
        !members.contains { $0.member == "customMirror" }
    }

    /// `public var customMirror: Swift.Mirror { ... }` for a model with storage: the class's
    /// stored properties are the fields, under their names, so its mirror's children are the
    /// struct's (no line per field: these are the widest models).
    func storageMirror(storage: String) -> Declaration {
        Declaration(
            doc: [Self.mirrorDoc], access: .written(context.access),
            "var customMirror: Swift.Mirror { Swift.Mirror(self, children: Swift.Mirror(reflecting: \(storage)).children, displayStyle: .struct) }")
    }

    /// `customMirror` listing the fields of a struct that keeps some of them privately (boxed
    /// or deprecated), each read from its storage.
    func fieldMirror(_ members: [Member]) -> Declaration {
        Declaration(doc: [Self.mirrorDoc], access: .written(context.access), "var customMirror: Swift.Mirror", body: .statements { p in
            p.line("Swift.Mirror(")
            p.indented { p in
                p.line("self,")
                p.line("children: [")
                p.indented { p in
                    for item in members {
                        // An optional converted to `Any` without `as Any` is a warning.
                        p.line("\(literal: item.member): self.\(item.encoded)\(if: item.optional, " as Any"),")
                    }
                }
                p.line("],")
                p.line("displayStyle: .struct")
            }
            p.line(")")
        })
    }

    private static let mirrorDoc = "The fields, as `print`, `dump` and the debugger show a struct's stored properties."
}
