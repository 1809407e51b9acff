import EndpointGenSupport

/// Descriptions written in HTML (Stripe's `<p>Creates…</p>`, `<a href>`, `<code>`, `<ul><li>`,
/// entities such as `&amp;`) as the Markdown that Swift doc comments read.
///
/// Only text holding at least one tag this knows (`<p>`, `<code>`, `<a …>`…) is treated as HTML;
/// anything else, Markdown included (GitHub's `refs/heads/<branch name>`), is returned unchanged.
/// In HTML, whitespace collapses as a browser collapses it; block tags become paragraphs and list
/// items; `<a>` becomes a link only for an absolute `http(s)` or `mailto` address (a site-relative
/// `/docs/connect` means nothing in an app's documentation), otherwise its text; an unknown tag is
/// dropped and its text kept, except one never closed (`<id>` written for a placeholder), which is
/// kept as written. The result is prose, not code: the code printer still splits it into
/// `///` lines and replaces control characters, and a line comment has no `*/` to fear.
enum HTMLToMarkdown {
    /// `text` as Markdown when it holds HTML; otherwise `text` itself.
    static func convert(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains("<"), containsKnownTag(scalars) else { return text }
        var converter = Converter(scalars: scalars)
        return converter.run()
    }

    /// Tags that make a text HTML, and how each converts.
    enum Kind {
        case paragraph, lineBreak, list(ordered: Bool), item, preformatted, code, strong, emphasis, link, heading, rule, transparent
    }

    static let knownTags: [String: Kind] = [
        "p": .paragraph, "div": .paragraph, "blockquote": .paragraph, "section": .paragraph, "table": .paragraph, "tr": .paragraph,
        "dl": .paragraph, "dt": .paragraph, "dd": .paragraph,
        "br": .lineBreak, "hr": .rule,
        "ul": .list(ordered: false), "ol": .list(ordered: true), "li": .item,
        "pre": .preformatted, "code": .code, "tt": .code, "kbd": .code, "samp": .code,
        "strong": .strong, "b": .strong, "em": .emphasis, "i": .emphasis, "var": .emphasis,
        "a": .link,
        "h1": .heading, "h2": .heading, "h3": .heading, "h4": .heading, "h5": .heading, "h6": .heading,
        "span": .transparent, "td": .transparent, "th": .transparent, "sup": .transparent, "sub": .transparent, "small": .transparent,
        "u": .transparent, "abbr": .transparent, "cite": .transparent, "thead": .transparent, "tbody": .transparent,
    ]

    private static func containsKnownTag(_ scalars: [Unicode.Scalar]) -> Bool {
        var index = 0
        while index < scalars.count {
            if scalars[index] == "<", let tag = Tag.parse(scalars, at: index), knownTags[tag.name] != nil { return true }
            index += 1
        }
        return false
    }

    /// One tag as written: `<a href="x">`, `</p>`, `<br/>`.
    struct Tag {
        var name: String
        var closing: Bool
        var attributes: [(name: String, value: String)]
        /// The index just after `>`.
        var end: Int

        /// The tag at `start` (a `<`), or nil when the text there is no tag (`a < b`, `<3`).
        static func parse(_ s: [Unicode.Scalar], at start: Int) -> Tag? {
            var i = start + 1
            let closing = i < s.count && s[i] == "/"
            if closing { i += 1 }
            guard i < s.count, s[i].isASCII, s[i].properties.isAlphabetic else { return nil }
            var name = ""
            while i < s.count, s[i].isASCII, s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]) || s[i] == "-" {
                name.unicodeScalars.append(s[i])
                i += 1
            }
            var attributes: [(name: String, value: String)] = []
            while i < s.count {
                while i < s.count, s[i].properties.isWhitespace || s[i] == "/" { i += 1 }
                guard i < s.count else { return nil }
                if s[i] == ">" { return Tag(name: name.lowercased(), closing: closing, attributes: attributes, end: i + 1) }
                guard s[i] != "<" else { return nil }
                var attribute = ""
                while i < s.count, !s[i].properties.isWhitespace, !["=", ">", "/", "<"].contains(s[i]) {
                    attribute.unicodeScalars.append(s[i])
                    i += 1
                }
                var value = ""
                if i < s.count, s[i] == "=" {
                    i += 1
                    if i < s.count, s[i] == "\"" || s[i] == "'" {
                        let quote = s[i]
                        i += 1
                        while i < s.count, s[i] != quote { value.unicodeScalars.append(s[i]); i += 1 }
                        guard i < s.count else { return nil }
                        i += 1
                    } else {
                        while i < s.count, !s[i].properties.isWhitespace, s[i] != ">" { value.unicodeScalars.append(s[i]); i += 1 }
                    }
                }
                if !attribute.isEmpty { attributes.append((attribute.lowercased(), value)) }
            }
            return nil
        }
    }

    /// The named entities descriptions use; numeric ones (`&#39;`, `&#x2019;`) are decoded too.
    static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "—", "ndash": "–", "hellip": "…",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "copy": "©", "reg": "®", "trade": "™", "times": "×", "middot": "·",
        "bull": "•", "rarr": "→", "larr": "←", "laquo": "«", "raquo": "»", "euro": "€",
    ]

    /// The entity at `start` (a `&`) and the index after its `;`, or nil when the text is not one.
    static func entity(_ s: [Unicode.Scalar], at start: Int) -> (text: String, end: Int)? {
        var i = start + 1
        var name = ""
        while i < s.count, i - start <= 10, s[i] != ";" {
            guard s[i].isASCII, s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]) || s[i] == "#" else { return nil }
            name.unicodeScalars.append(s[i])
            i += 1
        }
        guard i < s.count, s[i] == ";", !name.isEmpty else { return nil }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            // Control characters and NUL stay written as they are: prose, not bytes.
            guard let value, value >= 0x20, let scalar = Unicode.Scalar(value) else { return nil }
            return (String(Character(scalar)), i + 1)
        }
        return entities[name].map { ($0, i + 1) }
    }
}

extension HTMLToMarkdown {
    /// One pass over the text: blocks (paragraphs, list items, code blocks) are collected, then
    /// joined with a blank line (a single line break between the items of a list).
    struct Converter {
        let scalars: [Unicode.Scalar]
        /// The text lowercased, to find whether an unknown tag is ever closed.
        let lowercased: String
        var blocks: [(text: String, item: Bool, inList: Bool)] = []
        /// The block being written, without its list marker.
        var line = ""
        var pendingSpace = false
        /// Open lists: ordered or not, the next number.
        var lists: [(ordered: Bool, next: Int)] = []
        /// The marker (`- `, `2. `) of an item whose first block is not written yet; after it,
        /// the item's further blocks are indented by its width.
        var itemMarker: String?
        var itemIndent: String?
        /// Open inline spans: what they are, where their text starts in `line` (UTF-8 offset), a link's address.
        var spans: [(kind: Kind, start: Int, href: String?)] = []
        var inPre = false
        var inHeading = false
        /// Where the last span opened: a space there would fall inside its delimiters (`** bold**`).
        var spanStart: Int?

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            lowercased = String(text).lowercased()
        }

        mutating func run() -> String {
            var i = 0
            while i < scalars.count {
                let scalar = scalars[i]
                if scalar == "<", i + 3 < scalars.count, scalars[i + 1] == "!", scalars[i + 2] == "-", scalars[i + 3] == "-" {
                    i = commentEnd(after: i + 4)
                    continue
                }
                if scalar == "<", let tag = Tag.parse(scalars, at: i) {
                    if let kind = knownTags[tag.name] {
                        handle(kind, tag)
                    } else if !tag.closing, !lowercased.contains("</" + tag.name) {
                        // Never closed: a placeholder written in the prose, kept as written.
                        for index in i..<tag.end { append(scalars[index]) }
                    }
                    i = tag.end
                    continue
                }
                if scalar == "&", let entity = entity(scalars, at: i) {
                    for decoded in entity.text.unicodeScalars { append(decoded) }
                    i = entity.end
                    continue
                }
                append(scalar)
                i += 1
            }
            finishBlock()
            var result = ""
            for (index, block) in blocks.enumerated() {
                if index > 0 { result += block.item && blocks[index - 1].inList ? "\n" : "\n\n" }
                result += block.text
            }
            return result
        }

        private func commentEnd(after start: Int) -> Int {
            var i = start
            while i + 2 < scalars.count {
                if scalars[i] == "-", scalars[i + 1] == "-", scalars[i + 2] == ">" { return i + 3 }
                i += 1
            }
            return scalars.count
        }

        private mutating func append(_ scalar: Unicode.Scalar) {
            if inPre {
                line.unicodeScalars.append(scalar)
                return
            }
            if scalar.properties.isWhitespace {
                if !line.isEmpty { pendingSpace = true }
                return
            }
            if pendingSpace, spanStart != line.utf8.count { line += " " }
            pendingSpace = false
            line.unicodeScalars.append(scalar)
        }

        private mutating func handle(_ kind: Kind, _ tag: Tag) {
            switch kind {
            case .paragraph:
                finishBlock()
            case .transparent:
                break
            case .lineBreak:
                guard !line.isEmpty else { return }
                line += inPre ? "\n" : "\n" + (itemIndent ?? "")
                pendingSpace = false
            case .rule:
                finishBlock()
                blocks.append(("---", false, false))
            case .list(let ordered):
                finishBlock()
                if tag.closing {
                    if !lists.isEmpty { lists.removeLast() }
                } else {
                    lists.append((ordered, 1))
                }
            case .item:
                finishBlock()
                itemMarker = nil
                itemIndent = nil
                guard !tag.closing else { return }
                let depth = String(repeating: "  ", count: max(0, lists.count - 1))
                var marker = "- "
                if let last = lists.indices.last, lists[last].ordered {
                    marker = "\(lists[last].next). "
                    lists[last].next += 1
                }
                itemMarker = depth + marker
                itemIndent = depth + String(repeating: " ", count: marker.count)
            case .preformatted:
                finishBlock()
                if tag.closing, inPre {
                    inPre = false
                    finishCodeBlock()
                } else if !tag.closing {
                    inPre = true
                }
            case .heading:
                finishBlock()
                inHeading = !tag.closing
            case .code, .strong, .emphasis, .link:
                // Inside code (a block or a span) other tags are only text: Markdown shows `**` there as written.
                guard !inPre, isCode(kind) || !spans.contains(where: { isCode($0.kind) }) else { return }
                if tag.closing {
                    closeSpan(kind)
                } else {
                    if pendingSpace, !line.isEmpty { line += " " }
                    pendingSpace = false
                    spans.append((kind, line.utf8.count, tag.attributes.first { $0.name == "href" }?.value))
                    spanStart = line.utf8.count
                }
            }
        }

        private func isCode(_ kind: Kind) -> Bool {
            if case .code = kind { return true }
            return false
        }

        private func sameKind(_ a: Kind, _ b: Kind) -> Bool {
            switch (a, b) {
            case (.code, .code), (.strong, .strong), (.emphasis, .emphasis), (.link, .link): return true
            default: return false
            }
        }

        /// Wraps the text since the matching open tag; spans opened inside it and never closed are dropped.
        private mutating func closeSpan(_ kind: Kind) {
            guard let index = spans.lastIndex(where: { sameKind($0.kind, kind) }) else { return }
            let span = spans[index]
            spans.removeSubrange(index...)
            spanStart = nil
            let inner = String(decoding: line.utf8.dropFirst(span.start), as: UTF8.self)
            guard !inner.isEmpty else { return }
            let before = String(decoding: line.utf8.prefix(span.start), as: UTF8.self)
            switch kind {
            case .code: line = before + Self.codeSpan(inner)
            case .strong: line = before + "**" + inner + "**"
            case .emphasis: line = before + "*" + inner + "*"
            case .link:
                if let href = span.href.flatMap(Self.linkAddress) { line = before + "[" + inner + "](" + href + ")" }
            default: break
            }
        }

        /// `` `text` ``, with a fence longer than any run of backticks inside.
        static func codeSpan(_ text: String) -> String {
            let fence = String(repeating: "`", count: longestRun(of: "`", in: text) + 1)
            let pad = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
            return fence + pad + text + pad + fence
        }

        static func longestRun(of scalar: Unicode.Scalar, in text: String) -> Int {
            var longest = 0
            var run = 0
            for each in text.unicodeScalars {
                run = each == scalar ? run + 1 : 0
                longest = max(longest, run)
            }
            return longest
        }

        /// An absolute web or mail address, with what would end a Markdown link percent-encoded;
        /// nil for anything else (relative paths, `javascript:`).
        static func linkAddress(_ href: String) -> String? {
            let lower = href.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:") else { return nil }
            var result = ""
            QuotedText.append(href, to: &result) { scalar in
                switch scalar {
                case " ": return "%20"
                case "(": return "%28"
                case ")": return "%29"
                case "<": return "%3C"
                case ">": return "%3E"
                // Other white space and control characters: dropped.
                default: return scalar.properties.isWhitespace || scalar.value < 0x20 ? "" : nil
                }
            }
            return result
        }

        /// Ends the block being written: spans left open are dropped (their text stays).
        private mutating func finishBlock() {
            spans.removeAll()
            pendingSpace = false
            if inPre { return }
            var text = Text.trimmed(line)
            line = ""
            guard !text.isEmpty else { return }
            if inHeading { text = "**" + text + "**" }
            if let marker = itemMarker {
                blocks.append((marker + text, true, true))
                itemMarker = nil
            } else if let indent = itemIndent {
                blocks.append((indent + text, false, true))
            } else {
                blocks.append((text, false, !lists.isEmpty))
            }
        }

        /// A `<pre>` block as a fenced code block, its text as written.
        private mutating func finishCodeBlock() {
            var text = line
            line = ""
            while text.hasPrefix("\n") { text.removeFirst() }
            while let last = text.unicodeScalars.last, last.properties.isWhitespace { text.unicodeScalars.removeLast() }
            guard !text.isEmpty else { return }
            let fence = String(repeating: "`", count: max(3, Self.longestRun(of: "`", in: text) + 1))
            blocks.append((fence + "\n" + text + "\n" + fence, false, false))
        }
    }
}
