@testable import EndpointGenCodegen
@testable import EndpointGenImport
import EndpointGenSpec
import XCTest

/// Descriptions in HTML (Stripe's) become Markdown for doc comments; other text is left alone.
final class HTMLToMarkdownTests: XCTestCase {
    func testTable() {
        let table: [(html: String, markdown: String, line: UInt)] = [
            // Not HTML: unchanged, placeholders and comparisons included.
            ("Plain text.", "Plain text.", #line),
            ("Use `refs/heads/<branch name>` or <branch>.", "Use `refs/heads/<branch name>` or <branch>.", #line),
            ("a < b && c > d", "a < b && c > d", #line),
            ("Markdown **stays** as `it is`.", "Markdown **stays** as `it is`.", #line),
            // Paragraphs; whitespace collapses as in a browser.
            ("<p>Creates a\n  new   charge.</p>", "Creates a new charge.", #line),
            ("<p>One.</p>\n\n<p>Two.</p>", "One.\n\nTwo.", #line),
            ("Intro<p>Body</p>", "Intro\n\nBody", #line),
            ("<p>Line one<br>line two<br/></p>", "Line one\nline two", #line),
            // Inline spans.
            ("<p>Set <code>amount_off</code> or <code>percent_off</code>.</p>", "Set `amount_off` or `percent_off`.", #line),
            ("<code>a`b</code>", "``a`b``", #line),
            ("<code>`x</code>", "`` `x ``", #line),
            ("<p><strong>Note:</strong> read <em>this</em>.</p>", "**Note:** read *this*.", #line),
            ("<p>A <b> bold </b> word</p>", "A **bold** word", #line),
            ("<code><strong>x</strong></code>", "`x`", #line),
            ("<p><strong></strong>empty</p>", "empty", #line),
            // Links: absolute ones kept, relative and scripted ones become their text.
            ("<p>See <a href=\"https://stripe.com/docs/api\">the API</a>.</p>", "See [the API](https://stripe.com/docs/api).", #line),
            ("<p>With <a\n  href=\"/docs/connect\">Connect</a>, you</p>", "With Connect, you", #line),
            ("<p><a href='javascript:alert(1)'>click</a></p>", "click", #line),
            ("<p><a href=\"https://x.test/a (b)\">x</a></p>", "[x](https://x.test/a%20%28b%29)", #line),
            ("<p><a href=\"mailto:a@b.test\"><code>a@b.test</code></a></p>", "[`a@b.test`](mailto:a@b.test)", #line),
            ("<p><a>no address</a></p>", "no address", #line),
            // Lists.
            ("<p>Either:</p><ul><li>Refund: one</li>\n<li>Credit: two</li></ul><p>Done.</p>", "Either:\n\n- Refund: one\n- Credit: two\n\nDone.", #line),
            ("<ol><li>first</li><li>second</li></ol>", "1. first\n2. second", #line),
            ("<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>", "- a\n  - b\n- c", #line),
            ("<ul><li><p>one</p><p>more</p></li></ul>", "- one\n\n  more", #line),
            // Code blocks keep their text as written.
            ("<p>Example:</p><pre><code>curl https://x.test \\\n  -d a=1</code></pre>", "Example:\n\n```\ncurl https://x.test \\\n  -d a=1\n```", #line),
            ("<pre>```</pre>", "````\n```\n````", #line),
            // Headings, rules, comments.
            ("<h2>Title</h2><p>Text</p>", "**Title**\n\nText", #line),
            ("<p>a</p><hr><p>b</p>", "a\n\n---\n\nb", #line),
            ("<p>a<!-- hidden <p> --> b</p>", "a b", #line),
            // Entities.
            ("<p>Fish &amp; chips &lt;3 &quot;q&quot; &#39;s&#x2019; &nbsp;x &unknown; &#0;</p>", "Fish & chips <3 \"q\" 's’ x &unknown; &#0;", #line),
            // Unknown tags dropped, their text kept; one never closed is a placeholder, kept.
            ("<p>A subtotal of <currency>100</currency> is <amount>200</amount>.</p>", "A subtotal of 100 is 200.", #line),
            ("<p>Pass <id> here.</p>", "Pass <id> here.", #line),
            ("<p>Broken <a href=\"x</p>", "Broken <a href=\"x", #line),
            ("<span>Only a span</span>", "Only a span", #line),
            ("<p>unclosed <strong>bold</p><p>next</p>", "unclosed bold\n\nnext", #line),
        ]
        for row in table {
            XCTAssertEqual(HTMLToMarkdown.convert(row.html), row.markdown, "input: \(row.html)", line: row.line)
        }
    }

    /// What the conversion writes is prose for `///` lines: `*/` means nothing there, control
    /// characters stay for the printer to replace, and entities of control characters are not decoded.
    func testHostileTextStaysProseForTheDocPrinter() {
        let hostile = "<p>a */ b</p><p>&#10;&#13;&#x2028;c</p><pre>\u{7}</pre><a href=\"https://x.test/*/\n\">d</a>"
        let markdown = HTMLToMarkdown.convert(hostile)
        XCTAssertEqual(markdown, "a */ b\n\n&#10;&#13; c\n\n```\n\u{7}\n```\n\n[d](https://x.test/*/)")
        let lines = SwiftLiteral.docLines(markdown)
        XCTAssertEqual(lines.count, 9)
        XCTAssertFalse(lines.joined().unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" }, "\(lines)")
    }

    /// Random mixes of tags, entities and text (fixed seed): the conversion ends, consumes every
    /// known tag, and adds no control character.
    func testRandomMarkupConvertsWithoutTagsLeft() {
        let pieces = ["<p>", "</p>", "<a href=\"https://x.test/a\">", "<a href='/rel'>", "</a>", "<code>", "</code>", "<ul>", "</ul>",
                      "<ol>", "</ol>", "<li>", "</li>", "<pre>", "</pre>", "<strong>", "</strong>", "<em>", "</em>", "<br>", "<h2>", "</h2>",
                      "<!--", "-->", "<x-y>", "</x-y>", "&amp;", "&#x1F600;", "&#", "&nbsp;", "<", ">", "`", "``", "*", "_", " ", "  ",
                      "\n", "\n\n", "\t", "text", "more words"]
        var state: UInt64 = 31
        for _ in 0..<3_000 {
            var input = "<p>"
            for _ in 0..<Int(state % 24) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                input += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let output = HTMLToMarkdown.convert(input)
            for tag in ["<p>", "</p>", "<code>", "</code>", "<li>", "<ul>", "<strong>", "<br>", "<a href"] {
                XCTAssertFalse(output.contains(tag), "\(tag) left in \(output.debugDescription) from \(input.debugDescription)")
            }
            XCTAssertFalse(output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, input.debugDescription)
        }
    }

    /// Stripe's operations: the spec summary is the first paragraph of the HTML, as Markdown.
    func testImportedSummariesAreMarkdown() throws {
        let document = """
        openapi: 3.0.0
        info: { title: T, version: '1' }
        paths:
          /v1/coupons:
            post:
              operationId: PostCoupons
              description: >-
                <p>A coupon has either a <code>percent_off</code> or an
                <code>amount_off</code> &amp; <a href="https://stripe.com/docs">more</a>.</p>

                <p>Second paragraph.</p>
              responses:
                '200':
                  description: OK
                  content: { application/json: { schema: { $ref: '#/components/schemas/coupon' } } }
        components:
          schemas:
            coupon:
              description: <p>A <strong>discount</strong>.</p><p>More.</p>
              type: object
              properties:
                id: { type: string, description: '<p>Unique <code>id</code>.</p>' }
        """
        let result = ImportText.run(document)
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        let specs = result.files.map(\.contents).joined()
        XCTAssertTrue(specs.contains("A coupon has either a `percent_off` or an `amount_off` & [more](https://stripe.com/docs)."), specs)
        XCTAssertTrue(specs.contains("A **discount**."), specs)
        XCTAssertTrue(specs.contains("Unique `id`."), specs)
        XCTAssertFalse(specs.contains("<p>"), specs)
        // The summary is the first paragraph; the description, in Markdown too, has them all.
        XCTAssertTrue(specs.contains("""
                summary: A coupon has either a `percent_off` or an `amount_off` & [more](https://stripe.com/docs).
                description: |-
                  A coupon has either a `percent_off` or an `amount_off` & [more](https://stripe.com/docs).

                  Second paragraph.

            """), specs)
    }
}
