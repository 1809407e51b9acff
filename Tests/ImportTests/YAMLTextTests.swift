import EndpointGenSupport
import EndpointGenYAML
import XCTest

/// `YAMLText.scalar`: every text the importer prints comes back from libyaml as written.
final class YAMLTextTests: XCTestCase {
    func testEachRuleThatForcesQuotes() {
        let plain = ["word", "two words", "a:b", "a#b", "é", "nullable", "True story", "v1.2",
                     "日本語", "a - b", "see:https://example.com"]
        for text in plain {
            XCTAssertTrue(YAMLText.isPlainSafe(text), text)
        }
        let quoted = ["", " lead", "trail ", "key:", "a: b", "a #b", "- item", "? q", "#c", "&a", "*a", "!t",
                      "|", ">", "'s", "\"d", "%p", "@a", "`b", "=", "<", "[x", "{x", ",x",
                      "null", "NULL", "~", "True", "no", "Y", "off", "12", "+1", ".5", ".INF", ".NaN", "0x1F", "2026-11-26",
                      "line\nbreak", "tab\there", "nel\u{85}", "ls\u{2028}", "bom\u{FEFF}", "del\u{7F}",
                      // A combining mark after the space: still `: ` to a YAML reader.
                      "a: \u{301}b",
                      "\u{85}first", "\u{FEFF}"]
        for text in quoted {
            XCTAssertFalse(YAMLText.isPlainSafe(text), text.debugDescription)
        }
    }

    /// Whatever `scalar` writes, plain or quoted, libyaml reads back as the same text.
    func testRoundTripThroughLibyaml() throws {
        let pieces = ["a", "B", " ", ":", "#", "-", "?", "'", "\"", "\\", "\n", "\t", "é", "\u{301}", "\u{2028}",
                      "\u{85}", "\u{FEFF}", "null", "1", ".", "+", ",", "[", "}", "&", "*", "!", "|", ">", "%", "@"]
        // Every text of up to three pieces: each rule looks at one scalar, a pair, or the ends.
        var texts: [String] = ["a: \u{301}b", "x \u{301}#y", "see: https://example.com/#frag"]
        for a in pieces {
            texts.append(a)
            for b in pieces {
                texts.append(a + b)
                for c in pieces { texts.append(a + b + c) }
            }
        }
        for text in texts {
            let document = "key: \(YAMLText.scalar(text))\n"
            let loaded = YAMLLoader.load(Array(document.utf8), file: "t.yaml", options: .spec)
            XCTAssertFalse(loaded.hasErrors, "\(text.debugDescription) as \(document.debugDescription)")
            let value = loaded.documents.first?.mapping?.first { $0.key.scalar?.value == "key" }?.value.scalar?.value
            XCTAssertEqual(value, text, "\(text.debugDescription) as \(document.debugDescription)")
        }
    }

    /// What `block` writes (a literal block under a key, then another key) libyaml reads back as
    /// the same text; what it cannot say it leaves to `scalar` (nil).
    func testBlocksRoundTripThroughLibyaml() throws {
        let pieces = ["a", " ", "  ", "\t", "\n", "\n\n", "#", ": ", "- ", "|", ">", "\"", "é", "\u{2028}", "\r", "\u{85}", "x y"]
        var texts: [String] = []
        for a in pieces {
            for b in pieces {
                for c in pieces { texts.append(a + b + c) }
            }
        }
        var blocks = 0
        for text in texts {
            guard let block = YAMLText.block(text, indent: 4) else { continue }
            blocks += 1
            let document = "outer:\n  key: " + block.joined(separator: "\n") + "\n  next: 1\n"
            let loaded = YAMLLoader.load(Array(document.utf8), file: "t.yaml", options: .spec)
            XCTAssertFalse(loaded.hasErrors, "\(text.debugDescription) as \(document.debugDescription)")
            let outer = loaded.documents.first?.mapping?.first { $0.key.scalar?.value == "outer" }?.value
            let value = outer?.mapping?.first { $0.key.scalar?.value == "key" }?.value.scalar?.value
            XCTAssertEqual(value, text, "\(text.debugDescription) as \(document.debugDescription)")
        }
        XCTAssertGreaterThan(blocks, 100, "texts of several lines are written as blocks")
        XCTAssertNil(YAMLText.block("one line", indent: 2))
    }
}
