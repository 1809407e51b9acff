import EndpointGenSupport

/// The one pass that decides the Swift names of a resolved module: every type, member, case,
/// parameter and output file gets its name here, once, into a `NameTable` the renderers read.
/// It runs after the `Resolver` (`SpecLoader`), so `lint` reports exactly what `generate` would:
/// each clash once with both places, names the generated code reserves
/// (`GeneratedCodeContract`), and names it has to make up (a value with no letters).
///
/// Besides the spec's own names it decides the names made from them: per-status response cases
/// (`responseCaseName`), union cases (`unionCaseName`: the case's `name:`, else from its type),
/// the `Value` names of shared parameters (`client`, `baseURL`, and `environment` with
/// environments), and the files a long Router, Service, ServiceFake or Models file is cut into
/// (`cutFileName`; the cuts themselves are `ModelFiles`'). A clash is reported once with both
/// places; file names clash without regard to letter case, and each base reserves its cut files
/// (`<base>-*.swift`). Output file names stay within `maxFileNameBytes`, fakes on or off, so
/// turning an option on never makes a name too long. The decoder only checks that a `name:` is
/// an identifier.
///
/// The spelling rules of single words (camel-casing, keywords) are `SwiftNaming`'s.
public enum Namer {
    /// The names of `module`, and what is wrong with them.
    public static func name(_ module: SpecModule) -> (names: NameTable, diagnostics: [Diagnostic]) {
        var pass = NamerPass()
        pass.run(module)
        return (pass.table, pass.diagnostics.all)
    }

    // MARK: - The rules

    /// A model's type name made legal (`Type` → `Type_`).
    public static func typeName(_ specName: String) -> String {
        SwiftNaming.typeName(specName)
    }

    /// A field's, parameter's or part's name: its `name:` made legal, else its wire name camel-cased.
    public static func memberName(override: String?, wire: String) -> String {
        override.map(SwiftNaming.legal) ?? SwiftNaming.identifier(fromWire: wire)
    }

    /// The type generated for something of an endpoint (`uploadAvatar` + `Request` →
    /// `UploadAvatarRequest`): inline bodies and responses, per-status responses, multipart bodies.
    public static func endpointTypeName(_ endpoint: String, _ suffix: String) -> String {
        SwiftNaming.upperCamel(endpoint) + suffix
    }

    /// The name of a `<Stem>Models.swift` file of a models-only spec.
    public static func modelsStem(ofSpecStem stem: String) -> String {
        SwiftNaming.upperCamel(stem)
    }

    /// The case name of an enum value and whether it had to be made up: `in_progress` →
    /// `inProgress`; `1` (an Int enum) → `value1`; a string value with no letters is spelt out
    /// (`""` → `empty`, `+` → `plus`, `-1` → `minus1`, `1` → `_1`).
    static func enumCaseName(_ value: String, override: String?, rawType: EnumModel.RawType) -> (name: String, synthesized: Bool) {
        if let override { return (SwiftNaming.legal(override), false) }
        if rawType == .int { return (caseName(forInteger: value), false) }
        let camel = SwiftNaming.lowerCamel(value)
        if camel.utf8.contains(where: { ($0 | 0x20) &- 0x61 < 26 }) { return (SwiftNaming.legal(camel), false) }
        return (synthesizedName(value), true)
    }

    /// The case name of a string value, made up when it has no letters (what a spec gets
    /// without `name:`; the importer names cases by it too).
    public static func caseName(forValue value: String) -> String {
        enumCaseName(value, override: nil, rawType: .string).name
    }

    /// The case name of an integer enum value: `1` → `value1`, `-1` → `valueMinus1`.
    public static func caseName(forInteger value: String) -> String {
        value.hasPrefix("-") ? "valueMinus" + value.dropFirst() : "value" + value
    }

    /// A case of a union (a `oneOf` without discriminator): its `name:`, else one made from its
    /// type (`unionCaseName(forType:)`).
    static func unionCaseName(_ variant: UnionModel.Variant) -> String {
        variant.swiftNameOverride.map(SwiftNaming.legal) ?? unionCaseName(forType: variant.type)
    }

    /// The case of a union for its type: `String` → `string`, `[ContentPart]` →
    /// `contentPartList`, `[String: Int]` → `intMap`; `unknown_` for `Unknown`, as in the enums
    /// whose fallback case is `unknown`.
    static func unionCaseName(forType type: TypeRef) -> String {
        switch type {
        case .primitive(let primitive): return unionCaseName(forTypeName: primitive.rawValue)
        case .model(let name): return unionCaseName(forTypeName: name)
        case .array(let element): return unionCaseName(forType: element) + "List"
        case .dictionary(let value): return unionCaseName(forType: value) + "Map"
        case .optional(let wrapped): return unionCaseName(forType: wrapped)
        }
    }

    private static func unionCaseName(forTypeName name: String) -> String {
        let derived = SwiftNaming.identifier(fromWire: name)
        return derived == GeneratedCodeContract.fallbackCase ? derived + "_" : derived
    }

    /// `unionCaseName(forType:)` of a type as a spec writes it: what the importer compares the
    /// case names it would rather give with.
    public static func unionCaseName(of type: TypeExpr) -> String {
        switch type {
        case .name(let name, _): return unionCaseName(forTypeName: name)
        case .array(let element): return unionCaseName(of: element) + "List"
        case .dictionary(let value): return unionCaseName(of: value) + "Map"
        case .optional(let wrapped, _), .envelope(let wrapped, _), .stream(_, let wrapped, _): return unionCaseName(of: wrapped)
        }
    }

    /// A case of a discriminated `oneOf`: its `name:`, else the value camel-cased, or the model's
    /// name for integer values, which say nothing a name could (`blockMessageAction`).
    static func oneOfCaseName(_ variant: OneOfModel.Variant, valueType: EnumModel.RawType) -> String {
        variant.swiftNameOverride.map(SwiftNaming.legal)
            ?? SwiftNaming.identifier(fromWire: valueType == .int ? variant.model : variant.value)
    }

    /// A name for a value without letters: its symbols spelt out and its digits kept.
    static func synthesizedName(_ value: String) -> String {
        guard !value.isEmpty else { return "empty" }
        var words: [String] = []
        var digits = ""
        for scalar in value.unicodeScalars {
            if scalar.value &- 0x30 < 10 {
                digits.unicodeScalars.append(scalar)
                continue
            }
            if !digits.isEmpty { words.append(digits); digits = "" }
            words.append(symbolNames[scalar] ?? "u" + String(scalar.value, radix: 16, uppercase: true))
        }
        if !digits.isEmpty { words.append(digits) }
        return SwiftNaming.legal(SwiftNaming.lowerCamel(words.joined(separator: " ")))
    }

    private static let symbolNames: [Unicode.Scalar: String] = [
        " ": "space", "!": "exclamation", "\"": "quote", "#": "hash", "$": "dollar", "%": "percent", "&": "ampersand",
        "'": "apostrophe", "(": "open paren", ")": "close paren", "*": "star", "+": "plus", ",": "comma", "-": "minus",
        ".": "dot", "/": "slash", ":": "colon", ";": "semicolon", "<": "less than", "=": "equals", ">": "greater than",
        "?": "question", "@": "at", "[": "open bracket", "\\": "backslash", "]": "close bracket", "^": "caret",
        "_": "underscore", "`": "backtick", "{": "open brace", "|": "pipe", "}": "close brace", "~": "tilde",
    ]

    // MARK: - Reserved names

    /// Names a model may not take, with the reason given in the message: built-in types, Swift
    /// keywords and every type of the generated-code contract.
    public static let reservedTypeNames: [String: String] = {
        var reasons: [String: String] = [:]
        for primitive in PrimitiveType.allCases { reasons[primitive.rawValue] = "it is a built-in type" }
        for keyword in ["Any", "Self"] { reasons[keyword] = "it is a Swift keyword" }
        for name in GeneratedCodeContract.runtimeTypes + [GeneratedCodeContract.runtimeModule, "PathEncoding"] {
            reasons[name] = "the runtime library uses it"
        }
        for name in GeneratedCodeContract.standardTypes {
            reasons[name] = "it would hide Swift's own '\(name)' in the generated code and in every file that imports it (a model's name is never sent, so renaming it changes no request)"
        }
        return reasons
    }()

    /// Types of Foundation and SwiftUI that app code names all the time. A model of the same name
    /// compiles, but in an app file that imports both its framework and the generated module
    /// every unqualified use of the name is "ambiguous for type lookup": a warning, since the
    /// name may be what the API calls it, and qualifying (`Foundation.Notification`) also works.
    public static let frameworkTypeNames: [String: String] = {
        var names: [String: String] = [:]
        for name in [
            "Notification", "NotificationCenter", "Locale", "TimeZone", "Calendar", "DateComponents", "DateInterval",
            "DateFormatter", "NumberFormatter", "Measurement", "Unit", "Progress", "Operation", "OperationQueue",
            "Bundle", "Timer", "Thread", "RunLoop", "FileManager", "UserDefaults", "URLRequest", "URLResponse",
            "HTTPURLResponse", "URLSession", "URLComponents", "URLQueryItem", "URLError", "JSONEncoder", "JSONDecoder",
            "JSONSerialization", "IndexPath", "IndexSet", "CharacterSet", "AttributedString", "Predicate", "Host",
            "Process", "ProcessInfo", "Stream", "Scanner", "PersonNameComponents",
        ] {
            names[name] = "Foundation"
        }
        for name in [
            "View", "Text", "Image", "Color", "Font", "Label", "Link", "Button", "Toggle", "Picker", "Menu", "Section",
            "Group", "Form", "List", "Table", "Grid", "Alert", "Animation", "Transaction", "State", "Binding",
            "Environment", "Path", "Shape", "Gradient", "Angle", "Edge", "Tab", "Window", "Scene", "App", "Layout",
            "Material", "Namespace", "Canvas", "Gauge", "Slider", "Stepper", "Spacer", "Divider",
        ] {
            names[name] = "SwiftUI"
        }
        return names
    }()

    static let endpointMembers = Set(GeneratedCodeContract.routerAndServiceMembers)
    static let environmentMembers = Set(GeneratedCodeContract.environmentMembers)
}
