/// A generated declaration, as a renderer describes it: the hand-off from translation to the
/// layout (`FileLayout`, which places declarations in files) and the printer (`CodePrinter`,
/// which turns them into text). Not a Swift syntax tree: just enough structure that a renderer
/// never prints braces or indentation, never reads back its own text, and never knows about files.
///
/// A type's members may belong to a `part` (an endpoint, or a Router property): when the type's
/// file would pass the line limit, the layout moves each part to an extension in a file of its
/// share of names, and the type keeps the rest.
struct Declaration {
    /// How the declaration's access is written.
    enum Access {
        /// As given, with its trailing space: the generated API's access (`public `), with the
        /// modifiers of top-level types (`public nonisolated `), or nothing.
        case written(String)
        /// Seen only by its own type: `private` while the type is in one file, internal when the
        /// layout moves some of its members to extensions in other files.
        case typePrivate
    }

    enum Body {
        /// The signature is the whole declaration: `case get`, `public var id: Int { 1 }`.
        case none
        /// Statements or accessors between braces, printed by the closure at the body's depth.
        case statements((inout CodePrinter) -> Void)
        /// Nested declarations, a blank line between two unless the second is `tight`.
        case members([Declaration])
    }

    /// The doc comment's paragraphs (nil and empty ones are left out).
    var doc: [String?] = []
    /// Lines before the declaration: `@available(*, deprecated)`, `@discardableResult`.
    var attributes: [String] = []
    var access: Access = .written("")
    /// What follows the access: `func getMovie(id: String) async throws(APIError) -> Movie`.
    var signature: CodeLine
    var body: Body = .none
    /// Printed right after the declaration before it, without a blank line: an enum's cases, a
    /// type's stored properties.
    var tight = false
    /// The endpoint (or Router property) this member belongs to; nil: it stays with its type.
    var part: String?
    /// For a type whose parts may move: the declaration of the extension that holds them
    /// elsewhere (`extension MoviesRouter`). An extension's is its own signature.
    var extensionSignature: String?
    /// An extension: the layout leaves it out of a file where it would have no members.
    var isExtension = false

    init(
        doc: [String?] = [], attributes: [String] = [], access: Access = .written(""), _ signature: CodeLine,
        body: Body = .none, tight: Bool = false, part: String? = nil, extensionSignature: String? = nil,
        isExtension: Bool = false
    ) {
        self.doc = doc
        self.attributes = attributes
        self.access = access
        self.signature = signature
        self.body = body
        self.tight = tight
        self.part = part
        self.extensionSignature = extensionSignature
        self.isExtension = isExtension
    }

    /// The same declaration as a member of `part`.
    func inPart(_ part: String) -> Declaration {
        var copy = self
        copy.part = part
        return copy
    }
}
