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

/// Turns libyaml events into nodes. One instance per load.
private struct TreeBuilder {
    /// An open collection. A mapping's pairs are made as values arrive (the key waits in
    /// `pendingKey`), so its children are not collected twice.
    private struct Frame {
        var isMapping: Bool
        var mark: Mark
        var tag: String?
        var anchor: String?
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
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
    private var stack: [Frame] = []
    private var documents: [YAMLNode] = []
    private var diagnostics: [Diagnostic] = []
    private var anchors: [String: (node: YAMLNode, count: Int, height: Int)] = [:]
    private var totalNodes = 0
    private var documentCount = 0
    /// Set when an error must stop the parse (limits, second document).
    private var stopped = false

    init(source: SourceText, file: String, options: YAMLLoadOptions) {
        self.source = source
        self.file = file
        self.options = options
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
        let failed = diagnostics.contains { $0.severity == .error }
        return YAMLLoadResult(documents: failed ? [] : documents, diagnostics: diagnostics)
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
            let text = data.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self) } ?? ""
            let tag = checkedTag(data.tag, at: mark)
            let node = YAMLNode(.scalar(YAMLScalar(text, style: style(of: data.style))), mark: mark, tag: tag)
            if let anchor = data.anchor {
                anchors[String(cString: anchor)] = (node, 1, 0)
            }
            add(node, count: 1, height: 0)

        case YAML_ALIAS_EVENT:
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
            add(YAMLNode(target.node.content, mark: mark, tag: target.node.tag), count: target.count, height: target.height)

        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            open(isMapping: false, mark: mark, tag: checkedTag(data.tag, at: mark), anchor: data.anchor.map { String(cString: $0) })

        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            open(isMapping: true, mark: mark, tag: checkedTag(data.tag, at: mark), anchor: data.anchor.map { String(cString: $0) })

        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            close()

        default:
            break
        }
    }

    private mutating func open(isMapping: Bool, mark: Mark, tag: String?, anchor: String?) {
        if stack.count >= options.maxDepth {
            fail("nesting is deeper than the limit of \(options.maxDepth) levels", at: mark)
            return
        }
        stack.append(Frame(isMapping: isMapping, mark: mark, tag: tag, anchor: anchor))
    }

    private mutating func close() {
        guard let frame = stack.popLast() else { return }
        let node: YAMLNode
        if frame.isMapping {
            node = YAMLNode(.mapping(finishPairs(frame.pairs)), mark: frame.mark, tag: frame.tag)
        } else {
            node = YAMLNode(.sequence(frame.items), mark: frame.mark, tag: frame.tag)
        }
        if let anchor = frame.anchor {
            anchors[anchor] = (node, frame.nodeCount, frame.height)
        }
        add(node, count: frame.nodeCount, height: frame.height)
    }

    /// Attaches a finished node to its parent (or makes it a document) and charges the budget.
    private mutating func add(_ node: YAMLNode, count: Int, height: Int) {
        totalNodes += count
        if totalNodes > options.maxNodes {
            fail("the document expands to more than \(options.maxNodes) nodes (through aliases?); refusing to load it", at: node.mark)
            return
        }
        guard !stack.isEmpty else {
            documents.append(node)
            return
        }
        let top = stack.count - 1
        stack[top].nodeCount += count
        stack[top].height = max(stack[top].height, height + 1)
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        if stack[top].dropsNextValue {
            stack[top].dropsNextValue = false
            return
        }
        guard let key = stack[top].pendingKey.take() else {
            if node.scalar == nil, options.rejectNonScalarKeys {
                diagnostics.append(.error("mapping keys must be plain text, not \(node.kindDescription)", at: node.mark.location(in: file)))
                stack[top].dropsNextValue = true
            } else {
                stack[top].pendingKey = node
            }
            return
        }
        stack[top].pairs.append(YAMLPair(key: key, value: node))
    }

    // MARK: Mappings

    /// Merge keys and duplicate checks, once a mapping is complete.
    private mutating func finishPairs(_ pairs: [YAMLPair]) -> [YAMLPair] {
        var pairs = pairs
        if options.applyMergeKeys, pairs.contains(where: \.isMergeKey) {
            pairs = merged(pairs)
        }
        if options.rejectDuplicateKeys {
            reportDuplicates(pairs)
        }
        return pairs
    }

    /// Applies `<<` merge keys: the merged mappings' pairs take the place of the `<<` pair,
    /// explicit keys win over merged ones, and earlier merged mappings win over later ones.
    private mutating func merged(_ pairs: [YAMLPair]) -> [YAMLPair] {
        var explicit = Set<String>()
        for pair in pairs where !pair.isMergeKey {
            if let key = pair.key.scalar?.value { explicit.insert(key) }
        }
        var taken = explicit
        var result: [YAMLPair] = []
        for pair in pairs {
            guard pair.isMergeKey else {
                result.append(pair)
                continue
            }
            let sources: [YAMLNode]
            switch pair.value.content {
            case .mapping: sources = [pair.value]
            case .sequence(let items): sources = items
            case .scalar:
                sources = []
                diagnostics.append(.error("'<<' merges a mapping or a list of mappings, not a scalar", at: pair.value.mark.location(in: file)))
            }
            for source in sources {
                guard let merging = source.mapping else {
                    diagnostics.append(.error("'<<' merges mappings only; this is \(source.kindDescription)", at: source.mark.location(in: file)))
                    continue
                }
                for item in merging {
                    guard let key = item.key.scalar?.value else { continue }
                    if taken.insert(key).inserted {
                        result.append(item)
                    }
                }
            }
        }
        return result
    }

    private mutating func reportDuplicates(_ pairs: [YAMLPair]) {
        guard pairs.count > 1 else { return }
        // Comparing every pair of short keys is cheaper than hashing them up to a few dozen keys.
        if pairs.count <= 24 {
            for i in 1..<pairs.count {
                guard let key = pairs[i].key.scalar?.value else { continue }
                for j in 0..<i where pairs[j].key.scalar?.value == key {
                    reportDuplicate(key, second: pairs[i].key.mark, first: pairs[j].key.mark)
                    break
                }
            }
            return
        }
        var seen: [String: Mark] = [:]
        seen.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let key = pair.key.scalar?.value else { continue }
            if let first = seen[key] {
                reportDuplicate(key, second: pair.key.mark, first: first)
            } else {
                seen[key] = pair.key.mark
            }
        }
    }

    private mutating func reportDuplicate(_ key: String, second: Mark, first: Mark) {
        // A key merged in with `<<` shares the mark of its source; it is never a duplicate.
        guard second != first else { return }
        diagnostics.append(.error(
            "duplicate key '\(key)'",
            at: second.location(in: file),
            notes: [.note("'\(key)' is first defined here", at: first.location(in: file))]
        ))
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
            diagnostics.append(.error(problem, at: mark.location(in: file), notes: notes))
        }
    }
}

private extension YAMLPair {
    /// A plain, untagged `<<` key.
    var isMergeKey: Bool {
        guard let scalar = key.scalar else { return false }
        return scalar.value == "<<" && scalar.style == .plain && key.tag == nil
    }
}
