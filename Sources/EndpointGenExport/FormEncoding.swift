import EndpointGenSpec
import EndpointGenSupport

/// A form body's `encoding` entry for one field: how OpenAPI says the spec's `style:` of a list
/// or an object (docs/spec-format.md, "Form bodies"). Import reads these back (`formStyle` in
/// EndpointGenImport); the property's `x-endpointgen-style` names the spec's style exactly.
enum FormEncoding {
    /// The entry of a field, or nil when OpenAPI's default for a form (`form`, exploded) is what
    /// the runtime sends: scalars, and lists of scalars repeated.
    /// - Parameter isList: the field is a list of scalars or enums (not of objects).
    static func entry(style: QueryStyle?, isList: Bool, isScalar: Bool) -> DocumentValue? {
        guard !isScalar else { return nil }
        let pair: (style: String, explode: Bool)?
        if isList {
            switch style {
            case nil, .repeat?, .form?: pair = nil
            case .comma?: pair = ("form", false)
            case .space?: pair = ("spaceDelimited", false)
            case .pipe?: pair = ("pipeDelimited", false)
            // `expand[]=a`: the bracket convention, as Stripe's deepObject lists are read.
            case .brackets?, .deepObject?: pair = ("deepObject", true)
            }
        } else {
            // Objects, maps and lists of objects: the bracket convention unless `style: form`.
            pair = style == .form ? ("form", true) : ("deepObject", true)
        }
        guard let pair else { return nil }
        return .object([.init(key: "style", value: .string(pair.style)), .init(key: "explode", value: .bool(pair.explode))])
    }

    /// The bracket convention's entry (`a[key]=v`, `a[0][key]=v`, `a[]=v`).
    static let brackets: DocumentValue = .object([.init(key: "style", value: .string("deepObject")), .init(key: "explode", value: .bool(true))])
}
