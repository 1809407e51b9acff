import CYaml
import EndpointGenSupport

/// Loads YAML through libyaml's event parser into a `YAMLNode` tree with marks.
///
/// Scalars stay text (no YAML 1.1 type guessing). With `.spec` options the loader also
/// enforces spec hygiene: one document, no tags, scalar and unique keys, bounded nesting
/// and alias expansion.
public enum YAMLLoader {
    /// Parses `bytes`; `file` is the path used in diagnostics.
    public static func load(_ bytes: [UInt8], file: String, options: YAMLLoadOptions = .spec) -> YAMLLoadResult {
        if bytes.count > options.maxFileSize {
            let message = "file is \(bytes.count) bytes, larger than the limit of \(options.maxFileSize) bytes"
            return YAMLLoadResult(documents: [], diagnostics: [.error(message, at: SourceLocation(file: file, line: 1, column: 1))])
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var builder = TreeBuilder(source: SourceText(buffer), file: file, options: options)
            return builder.run()
        }
    }
}

/// Turns libyaml events into a `YAMLStorage`. One instance per load.
private struct TreeBuilder {
    typealias Record = YAMLStorage.Record

    /// An open collection. Its record is made when it opens (so the mark comes first); its
    /// children are collected on `pending` and moved to `children` when it closes.
    private struct Frame {
        var index: Int32
        var isMapping: Bool
        var anchor: String?
        /// Where this collection's children start on `pending`.
        var pendingStart: Int
        /// The key just read was rejected (not a scalar): its value is not kept either.
        var dropsNextValue = false
        /// Nodes in this subtree, aliases counted expanded.
        var nodeCount = 1
        /// Collection levels in this subtree, this one included, aliases counted expanded.
        var height = 1
    }

    private var source: SourceText
    private let file: String
    private let options: YAMLLoadOptions
    private var records: [Record] = []
    private var children: [Int32] = []
    private var text: [UInt8] = []
    private var tags: [Int32: String] = [:]
    /// Children of the open collections, innermost last.
    private var pending: [Int32] = []
    private var stack: [Frame] = []
    private var documents: [Int32] = []
    private var diagnostics: [Diagnostic] = []
    private var anchors: [String: (index: Int32, count: Int, height: Int)] = [:]
    /// Nodes written in the stream, each counted once (a closed collection's subtree is not
    /// charged again: that made the budget nodes × depth and refused plain deep documents).
    private var writtenNodes = 0
    /// Nodes that aliases add to the tree, each alias charged its anchor's expanded subtree.
    private var aliasNodes = 0
    /// Aliases read so far (each copies its anchor's subtree).
    private var aliasCount = 0
    private var documentCount = 0
    /// Set when an error must stop the parse (limits, second document).
    private var stopped = false

    init(source: SourceText, file: String, options: YAMLLoadOptions) {
        self.source = source
        self.file = file
        self.options = options
        // About one node per 10 bytes of a spec, and less text than the file.
        records.reserveCapacity(source.bytes.count / 10 + 16)
        children.reserveCapacity(source.bytes.count / 10 + 16)
        text.reserveCapacity(source.bytes.count)
    }

    mutating func run() -> YAMLLoadResult {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return YAMLLoadResult(documents: [], diagnostics: [.error("out of memory while starting the YAML parser", at: nil)])
        }
        defer { yaml_parser_delete(&parser) }
        if source.bytes.count > 0 {
            yaml_parser_set_input_string(&parser, source.bytes.baseAddress, source.bytes.count)
        } else {
            return YAMLLoadResult(documents: [], diagnostics: [])
        }
        // libyaml would decode UTF-16 too; positions here are UTF-8 byte columns.
        if source.bytes.count >= 2, (source.bytes[0] == 0xFF && source.bytes[1] == 0xFE) || (source.bytes[0] == 0xFE && source.bytes[1] == 0xFF) {
            let start = SourceLocation(file: file, line: 1, column: 1)
            return YAMLLoadResult(documents: [], diagnostics: [.error("the file is UTF-16 text; spec files must be UTF-8", at: start)])
        }

        var event = yaml_event_t()
        while !stopped {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                reportParserError(parser)
                break
            }
            let finished = event.type == YAML_STREAM_END_EVENT
            handle(event)
            yaml_event_delete(&event)
            if finished { break }
        }
        if diagnostics.contains(where: { $0.severity == .error }) {
            return YAMLLoadResult(documents: [], diagnostics: diagnostics)
        }
        let storage = YAMLStorage(records: records, children: children, text: text, tags: tags)
        return YAMLLoadResult(documents: documents.map { YAMLNode(storage, $0) }, diagnostics: diagnostics)
    }

    // MARK: Events

    private mutating func handle(_ event: yaml_event_t) {
        let mark = source.mark(line: Int(event.start_mark.line), characterColumn: Int(event.start_mark.column))
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documentCount += 1
            if documentCount > 1, !options.allowMultipleDocuments {
                fail("a spec file holds one YAML document; a second one starts here", at: mark)
            }
            anchors.removeAll(keepingCapacity: true)

        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let start = text.count
            if let value = data.value, data.length > 0 {
                text.append(contentsOf: UnsafeBufferPointer(start: value, count: data.length))
            }
            let index = newRecord(mark: mark, kind: .scalar, style: style(of: data.style), tag: data.tag)
            records[Int(index)].start = Int32(start)
            records[Int(index)].count = Int32(text.count - start)
            if let anchor = data.anchor {
                anchors[String(cString: anchor)] = (index, 1, 0)
            }
            writtenNodes += 1
            if writtenNodes > options.maxNodes {
                tooManyNodes(at: mark)
                return
            }
            add(index, mark: mark, isScalar: true, count: 1, height: 0)

        case YAML_ALIAS_EVENT:
            aliasCount += 1
            let name = String(cString: event.data.alias.anchor)
            // libyaml rejects undefined aliases itself; this is a second line of defence.
            guard let target = anchors[name] else {
                fail("unknown anchor '\(name)'", at: mark)
                return
            }
            // An alias puts a whole subtree here: its levels count against the depth limit, so
            // chained anchors cannot build a tree deeper than any written one could be.
            if stack.count + target.height > options.maxDepth {
                fail("alias '*\(name)' nests the document deeper than the limit of \(options.maxDepth) levels", at: mark)
                return
            }
            // The copy shares the target's text or children; only its mark is its own.
            var record = records[Int(target.index)]
            record.line = Int32(truncatingIfNeeded: mark.line)
            record.column = Int32(truncatingIfNeeded: mark.column)
            let index = Int32(records.count)
            records.append(record)
            if record.hasTag { tags[index] = tags[target.index] }
            aliasNodes += target.count
            if aliasNodes > options.maxAliasNodes {
                fail("the document's \(aliasCount) alias(es) expand to more than \(options.maxAliasNodes) nodes; refusing to load it", at: mark)
                return
            }
            add(index, mark: mark, isScalar: record.kind == .scalar, count: target.count, height: target.height)

        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            open(isMapping: false, mark: mark, tag: data.tag, anchor: data.anchor)

        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            open(isMapping: true, mark: mark, tag: data.tag, anchor: data.anchor)

        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            close()

        default:
            break
        }
    }

    private mutating func newRecord(mark: Mark, kind: YAMLStorage.Kind, style: ScalarStyle, tag: UnsafeMutablePointer<yaml_char_t>?) -> Int32 {
        let index = Int32(records.count)
        let tagText = checkedTag(tag, at: mark)
        records.append(Record(
            line: Int32(truncatingIfNeeded: mark.line), column: Int32(truncatingIfNeeded: mark.column),
            start: 0, count: 0, kind: kind, style: style, hasTag: tagText != nil))
        if let tagText { tags[index] = tagText }
        return index
    }

    private mutating func open(isMapping: Bool, mark: Mark, tag: UnsafeMutablePointer<yaml_char_t>?, anchor: UnsafeMutablePointer<yaml_char_t>?) {
        if stack.count >= options.maxDepth {
            fail("nesting is deeper than the limit of \(options.maxDepth) levels", at: mark)
            return
        }
        writtenNodes += 1
        if writtenNodes > options.maxNodes {
            tooManyNodes(at: mark)
            return
        }
        let index = newRecord(mark: mark, kind: isMapping ? .mapping : .sequence, style: .plain, tag: tag)
        stack.append(Frame(index: index, isMapping: isMapping, anchor: anchor.map { String(cString: $0) }, pendingStart: pending.count))
    }

    private mutating func close() {
        guard let frame = stack.popLast() else { return }
        let start = children.count
        if frame.isMapping {
            finishPairs(pending[frame.pendingStart...])
        } else {
            children.append(contentsOf: pending[frame.pendingStart...])
        }
        pending.removeSubrange(frame.pendingStart...)
        records[Int(frame.index)].start = Int32(start)
        records[Int(frame.index)].count = Int32(children.count - start)
        if let anchor = frame.anchor {
            anchors[anchor] = (frame.index, frame.nodeCount, frame.height)
        }
        add(frame.index, mark: mark(of: frame.index), isScalar: false, count: frame.nodeCount, height: frame.height)
    }

    /// Attaches a finished node to its parent (or makes it a document). `count` is the node's
    /// subtree (aliases expanded), kept for anchors; the budgets are charged by the callers.
    private mutating func add(_ index: Int32, mark: Mark, isScalar: Bool, count: Int, height: Int) {
        guard !stack.isEmpty else {
            documents.append(index)
            return
        }
        let top = stack.count - 1
        stack[top].nodeCount += count
        stack[top].height = max(stack[top].height, height + 1)
        guard stack[top].isMapping else {
            pending.append(index)
            return
        }
        if stack[top].dropsNextValue {
            stack[top].dropsNextValue = false
            return
        }
        // Keys and values alternate; an even number of entries so far means this is a key.
        let isKey = (pending.count - stack[top].pendingStart) % 2 == 0
        if isKey, !isScalar, options.rejectNonScalarKeys {
            diagnostics.append(.error("mapping keys must be plain text, not \(kindDescription(index))", at: mark.location(in: file)))
            stack[top].dropsNextValue = true
            return
        }
        pending.append(index)
    }

    // MARK: Mappings

    /// Merge keys and duplicate checks, once a mapping is complete; appends its final
    /// keys and values to `children`.
    private mutating func finishPairs(_ entries: ArraySlice<Int32>) {
        let start = children.count
        if options.applyMergeKeys, hasMergeKey(entries) {
            children.append(contentsOf: merged(entries))
        } else {
            children.append(contentsOf: entries)
        }
        if options.rejectDuplicateKeys {
            reportDuplicates(from: start)
        }
    }

    private func hasMergeKey(_ entries: ArraySlice<Int32>) -> Bool {
        stride(from: entries.startIndex, to: entries.endIndex, by: 2).contains { isMergeKey(entries[$0]) }
    }

    /// A plain, untagged `<<` key.
    private func isMergeKey(_ index: Int32) -> Bool {
        let record = records[Int(index)]
        return record.kind == .scalar && record.style == .plain && !record.hasTag && record.count == 2
            && text[Int(record.start)] == UInt8(ascii: "<") && text[Int(record.start) + 1] == UInt8(ascii: "<")
    }

    /// Applies `<<` merge keys: the merged mappings' pairs take the place of the `<<` pair,
    /// explicit keys win over merged ones, and earlier merged mappings win over later ones.
    private mutating func merged(_ entries: ArraySlice<Int32>) -> [Int32] {
        var taken = Set<String>()
        for position in stride(from: entries.startIndex, to: entries.endIndex, by: 2) where !isMergeKey(entries[position]) {
            if let key = scalarText(entries[position]) { taken.insert(key) }
        }
        var result: [Int32] = []
        for position in stride(from: entries.startIndex, to: entries.endIndex, by: 2) {
            let key = entries[position]
            let value = entries[position + 1]
            guard isMergeKey(key) else {
                result.append(key)
                result.append(value)
                continue
            }
            let valueRecord = records[Int(value)]
            let sources: [Int32]
            switch valueRecord.kind {
            case .mapping: sources = [value]
            case .sequence: sources = Array(children[valueRecord.range])
            case .scalar:
                sources = []
                diagnostics.append(.error("'<<' merges a mapping or a list of mappings, not a scalar", at: mark(of: value).location(in: file)))
            }
            for source in sources {
                let sourceRecord = records[Int(source)]
                guard sourceRecord.kind == .mapping else {
                    diagnostics.append(.error("'<<' merges mappings only; this is \(kindDescription(source))", at: mark(of: source).location(in: file)))
                    continue
                }
                for entry in stride(from: sourceRecord.range.lowerBound, to: sourceRecord.range.upperBound, by: 2) {
                    guard let name = scalarText(children[entry]) else { continue }
                    if taken.insert(name).inserted {
                        result.append(children[entry])
                        result.append(children[entry + 1])
                    }
                }
            }
        }
        return result
    }

    /// Duplicate keys among the mapping entries in `children` from `start` on.
    private mutating func reportDuplicates(from start: Int) {
        let keyCount = (children.count - start) / 2
        guard keyCount > 1 else { return }
        // Comparing every pair of short keys is cheaper than hashing them up to a few dozen keys.
        if keyCount <= 24 {
            for i in 1..<keyCount {
                let key = children[start + 2 * i]
                guard records[Int(key)].kind == .scalar else { continue }
                for j in 0..<i where sameScalarText(children[start + 2 * j], key) {
                    reportDuplicate(key, first: children[start + 2 * j])
                    break
                }
            }
            return
        }
        var seen: [String: Int32] = [:]
        seen.reserveCapacity(keyCount)
        for i in 0..<keyCount {
            let key = children[start + 2 * i]
            guard let name = scalarText(key) else { continue }
            if let first = seen[name] {
                reportDuplicate(key, first: first)
            } else {
                seen[name] = key
            }
        }
    }

    private mutating func reportDuplicate(_ second: Int32, first: Int32) {
        let secondMark = mark(of: second)
        let firstMark = mark(of: first)
        // A key merged in with `<<` shares the mark of its source; it is never a duplicate.
        guard secondMark != firstMark else { return }
        let key = scalarText(second) ?? ""
        diagnostics.append(.error(
            "duplicate key '\(key)'",
            at: secondMark.location(in: file),
            notes: [.note("'\(key)' is first defined here", at: firstMark.location(in: file))]
        ))
    }

    // MARK: Records

    private func mark(of index: Int32) -> Mark {
        records[Int(index)].mark
    }

    private func scalarText(_ index: Int32) -> String? {
        let record = records[Int(index)]
        guard record.kind == .scalar else { return nil }
        return YAMLStorage.string(record, in: text)
    }

    private func sameScalarText(_ a: Int32, _ b: Int32) -> Bool {
        let first = records[Int(a)]
        let second = records[Int(b)]
        guard first.kind == .scalar, second.kind == .scalar, first.count == second.count else { return false }
        return text[first.range].elementsEqual(text[second.range])
    }

    private func kindDescription(_ index: Int32) -> String {
        records[Int(index)].kind.description
    }

    // MARK: Helpers

    private mutating func checkedTag(_ tag: UnsafeMutablePointer<yaml_char_t>?, at mark: Mark) -> String? {
        guard let tag else { return nil }
        let text = String(cString: tag)
        if !options.allowTags {
            diagnostics.append(.error("explicit tags such as '\(shortTag(text))' are not supported in spec files; write the value as plain text", at: mark.location(in: file)))
        }
        return text
    }

    private func shortTag(_ tag: String) -> String {
        let prefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }

    private func style(of style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    private mutating func tooManyNodes(at mark: Mark) {
        fail("the document has more than \(options.maxNodes) nodes, the loader's limit; refusing to load it", at: mark)
    }

    private mutating func fail(_ message: String, at mark: Mark) {
        diagnostics.append(.error(message, at: mark.location(in: file)))
        stopped = true
    }

    private mutating func reportParserError(_ parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        switch parser.error {
        case YAML_READER_ERROR:
            var message = problem
            if parser.problem_value != -1 {
                let value = String(parser.problem_value, radix: 16, uppercase: true)
                if problem.contains("octet") {
                    message += " (byte 0x\(value))"
                } else if problem.contains("character") {
                    message += " (U+\(String(repeating: "0", count: max(0, 4 - value.count)) + value))"
                }
            }
            let mark = source.mark(byteOffset: Int(parser.problem_offset))
            diagnostics.append(.error("\(message); spec files must be UTF-8 text", at: mark.location(in: file)))
        case YAML_MEMORY_ERROR:
            diagnostics.append(.error("out of memory while parsing YAML", at: SourceLocation(file: file, line: 1, column: 1)))
        default:
            let mark = source.mark(line: Int(parser.problem_mark.line), characterColumn: Int(parser.problem_mark.column))
            var notes: [Diagnostic] = []
            if let context = parser.context {
                let contextMark = source.mark(line: Int(parser.context_mark.line), characterColumn: Int(parser.context_mark.column))
                notes.append(.note(String(cString: context), at: contextMark.location(in: file)))
            }
            diagnostics.append(.error(problem + hint(for: problem, at: mark), at: mark.location(in: file), notes: notes))
        }
    }

    /// What libyaml's message means for a spec, where the cause is a common one: a tab, or a type
    /// written unquoted where YAML reads `[`/`{` as a list or map (`tags: [String]?`).
    private mutating func hint(for problem: String, at mark: Mark) -> String {
        let line = source.lineBytes(mark.line)
        let column = mark.column - 1
        if problem.contains("cannot start any token"), column >= 0, column < line.count, line[line.startIndex + column] == 0x09 {
            return "; a tab cannot indent YAML or start a value: use spaces"
        }
        let structural = ["mapping keys are not allowed", "mapping values are not allowed", "did not find expected",
                          "could not find expected"]
        guard structural.contains(where: problem.contains) else { return "" }
        // The value after the first `: ` of the line, without surrounding spaces.
        guard let colon = line.indices.first(where: { $0 + 1 < line.endIndex && line[$0] == 0x3A && line[$0 + 1] == 0x20 }) else {
            return ""
        }
        var value = line[(colon + 2)...]
        while value.first == 0x20 { value = value.dropFirst() }
        while value.last == 0x20 { value = value.dropLast() }
        let text = String(decoding: value, as: UTF8.self)
        guard text.hasPrefix("[") || text.hasPrefix("{"), text.hasSuffix("?") || text.contains("] =") || text.contains("]?")
            || text.contains("String:") else { return "" }
        let typeText = text
        return "; a type such as [String]? or [String: Int] must be quoted in YAML: \"\(typeText)\""
    }
}
