import EndpointGenSupport

/// Places a spec file's declarations in files: the only code that knows about files, where the
/// header, the line limit and the line count live. A Router, Service or ServiceFake is one file
/// up to `ModelFiles.lineLimit` lines, else its head and extensions cut by part (`EndpointFiles`);
/// models are one file, or cut by name past the limit (`ModelFiles`).
struct FileLayout {
    /// The header, tool opt-outs, imports and runtime contract every file starts with, and the
    /// blank line after them.
    let header: String
    /// The lines of `header`.
    let headerLines: Int

    init(specPath: String) {
        var lines = ["\(CodeGenerator.headerPrefix)\(specPath). DO NOT EDIT."] + CodeGenerator.toolOptOuts + [""]
        lines += CodeGenerator.imports + [""] + GeneratedCodeContract.contractLines + [""]
        header = lines.map { $0 + "\n" }.joined()
        headerLines = Self.lineCount(header)
    }

    /// The newlines in `text`: every file, model and part is counted, so over the bytes in place
    /// (`reduce` over `String.UTF8View` took a sixth of code generation's CPU at N = 2000).
    static func lineCount(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var count = 0
            for byte in bytes where byte == 0x0A { count += 1 }
            return count
        }
    }

    /// A file's text: the header, then what `body` prints.
    private func file(typesAreCut: Bool = false, _ body: (inout CodePrinter) -> Void) -> String {
        var printer = CodePrinter()
        printer.typesAreCut = typesAreCut
        printer.lines(header)
        body(&printer)
        return printer.result
    }

    // MARK: Router, Service and ServiceFake files

    /// `<base>.swift` with `declarations`, or past the limit their head in it and each part's
    /// members in extensions in files of their share of names (`EndpointFiles`).
    func endpointFiles(base: String, _ declarations: [Declaration]) -> [GeneratedFile] {
        let declarations = declarations.filter { !Self.isEmptyExtension($0) }
        let whole = file { $0.declarations(declarations) }
        guard Self.lineCount(whole) > ModelFiles.lineLimit else {
            return [GeneratedFile(name: base + ".swift", contents: whole)]
        }
        var files = [GeneratedFile(name: base + ".swift", contents: file(typesAreCut: true) { $0.declarations(Self.head(of: declarations)) })]
        let (parts, layout) = Self.parts(of: declarations)
        func fileName(_ index: Int, _ first: String) -> String { ModelFiles.fileName(base: base, index: index, first: first) }
        for (index, group) in EndpointFiles.groups(parts, layout: layout, headerLines: headerLines, fileName: fileName).enumerated() {
            files.append(GeneratedFile(name: fileName(index + 1, group[0].name), contents: file { $0.lines(EndpointFiles.text(of: group, layout: layout)) }))
        }
        return files
    }

    /// An extension with nothing in it is not written.
    private static func isEmptyExtension(_ declaration: Declaration) -> Bool {
        guard declaration.isExtension, case .members(let members) = declaration.body else { return false }
        return members.isEmpty
    }

    /// The declarations without their parts' members, and without the declarations that are parts.
    private static func head(of declarations: [Declaration]) -> [Declaration] {
        declarations.compactMap { declaration in
            guard declaration.part == nil else { return nil }
            guard case .members(let members) = declaration.body else { return declaration }
            let kept = members.filter { $0.part == nil }
            if declaration.isExtension, kept.isEmpty { return nil }
            var head = declaration
            head.body = .members(kept)
            return head
        }
    }

    /// Each part's text per section: the members of each type (or extension) that can hold parts
    /// elsewhere, in its extension; declarations that are parts themselves at the top level.
    private static func parts(of declarations: [Declaration]) -> ([EndpointFiles.Part], EndpointFiles.Layout) {
        var names: [String] = []
        var seen: Set<String> = []
        func note(_ name: String?) {
            if let name, seen.insert(name).inserted { names.append(name) }
        }
        // Per section, the declarations of each part (members at depth 1, or top-level ones).
        var sections: [(wrapper: String?, byPart: [String: [Declaration]])] = []
        var topLevel: Int?
        for declaration in declarations {
            if let part = declaration.part {
                note(part)
                if topLevel == nil {
                    topLevel = sections.count
                    sections.append((nil, [:]))
                }
                sections[topLevel!].byPart[part, default: []].append(declaration)
            } else if let wrapper = declaration.extensionSignature, case .members(let members) = declaration.body {
                var byPart: [String: [Declaration]] = [:]
                for member in members {
                    guard let part = member.part else { continue }
                    note(part)
                    byPart[part, default: []].append(member)
                }
                sections.append((wrapper, byPart))
            }
        }
        var texts = Array(repeating: [String](), count: names.count)
        for section in sections {
            let groups = names.map { section.byPart[$0] ?? [] }
            let printed = CodePrinter.texts(of: groups, depth: section.wrapper == nil ? 0 : 1, typesAreCut: true)
            for index in names.indices { texts[index].append(printed[index]) }
        }
        let parts = zip(names, texts).map { EndpointFiles.Part(name: $0, sections: $1) }
        return (parts, EndpointFiles.Layout(sections: sections.map(\.wrapper)))
    }

    // MARK: Models files

    /// `<Stem>Models.swift` with each unit (a model's declarations, or a multipart struct's), a
    /// blank line between two, or past the limit files cut by name (`ModelFiles`).
    func modelFiles(stem: String, _ units: [(name: String, declarations: [Declaration])]) -> [GeneratedFile] {
        let texts = CodePrinter.texts(of: units.map(\.declarations), depth: 0)
        let items = zip(units, texts).map { unit, text in ModelFiles.Item(name: unit.name, text: text, lines: Self.lineCount(text)) }
        func fileName(_ index: Int, _ first: String) -> String { ModelFiles.fileName(stem: stem, index: index, first: first) }
        return ModelFiles.split(items, headerLines: headerLines, fileName: fileName).enumerated().map { index, group in
            GeneratedFile(name: fileName(index, group[0].name), contents: file { p in
                for (position, item) in group.enumerated() {
                    if position > 0 { p.blank() }
                    p.lines(item.text)
                }
            })
        }
    }
}
