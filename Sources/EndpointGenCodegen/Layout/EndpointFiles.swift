/// Which file each member of a big Router, Service or ServiceFake goes to.
///
/// A `<Service>Router.swift`, `<Service>Service.swift` or `<Service>ServiceFake.swift` that would
/// pass `ModelFiles.lineLimit` lines (Stripe's document has no tags: one service of 468 endpoints,
/// a Router of 5,600 lines and a Service of 6,900) keeps only its head: the Router enum with its
/// cases; the Service's environment, protocol and class with its stored properties and
/// initializers; the fake's class with `Call`, its stored properties and helpers. The rest goes to
/// extensions in files cut as models files are (`ModelFiles.cut`, at `ModelFiles.endpoints`'
/// sizes: by name, so adding an endpoint changes the files of its share of names, mostly its
/// own): the Router's properties, named after the property (`StripeAPIRouter-sampleData.swift`),
/// since a `switch self` over the cases cannot be split across files; the Service's methods,
/// protocol overloads and per-status response enums, and the fake's handlers and methods, by
/// endpoint (`StripeAPIService-getCharges.swift`, `StripeAPIServiceFake-getCharges.swift`).
/// Smaller files are written as one, unchanged.
/// The build-tool plugin joins a spec's files back into one, whatever their number.
enum EndpointFiles {
    /// The text of one endpoint (or Router property) in each section of its file.
    struct Part {
        var name: String
        /// One text per section of `Layout.sections`, already indented for its place; "" for none.
        var sections: [String]
        var lines: Int

        init(name: String, sections: [String]) {
            self.name = name
            self.sections = sections
            lines = sections.reduce(0) { total, text in total + FileLayout.lineCount(text) + 1 }
        }
    }

    /// How a file of parts is laid out: per section, the extension that holds its texts (nil:
    /// top-level declarations).
    struct Layout {
        var sections: [String?]
    }

    /// The parts of each file past the head, in file order; `fileName` names the file of a group
    /// by its index (the head's file is 0) and first part.
    static func groups(
        _ parts: [Part], layout: Layout, headerLines: Int, fileName: (_ index: Int, _ first: String) -> String
    ) -> [[Part]] {
        // Each extension adds its opening and closing lines and a blank line.
        ModelFiles.cut(parts, sizes: ModelFiles.endpoints, name: \.name, lines: \.lines, headerLines: headerLines + 3 * layout.sections.count) { index, first in
            fileName(index + 1, first)
        }
    }

    /// The text of a file of parts: each section's texts in one extension (or at the top level),
    /// a blank line between two texts and between two sections.
    static func text(of group: [Part], layout: Layout) -> String {
        var blocks: [String] = []
        for (index, wrapper) in layout.sections.enumerated() {
            let texts = group.map { $0.sections[index] }.filter { !$0.isEmpty }
            guard !texts.isEmpty else { continue }
            let body = texts.joined(separator: "\n")
            blocks.append(wrapper.map { $0 + " {\n" + body + "}\n" } ?? body)
        }
        return blocks.joined(separator: "\n")
    }
}
