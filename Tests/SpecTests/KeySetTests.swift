@testable import EndpointGenSpec
import EndpointGenYAML
import XCTest

final class KeySetTests: XCTestCase {
    /// Keys with the same length, first and last byte share a signature: only the bytes
    /// between tell them apart.
    private let keys: KeySet = ["abcd", "abxd", "a", "ad", "summary"]

    func testStringsMatchWholeKeysOnly() {
        XCTAssertEqual(keys.index(of: "abcd"), 0)
        XCTAssertEqual(keys.index(of: "abxd"), 1)
        XCTAssertEqual(keys.index(of: "a"), 2)
        XCTAssertEqual(keys.index(of: "ad"), 3)
        XCTAssertEqual(keys.index(of: "summary"), 4)
        for other in ["", "abyd", "abc", "abcde", "A", "Summary", "summarx"] {
            XCTAssertNil(keys.index(of: other), other)
        }
    }

    func testKeyNodesMatchLikeTheirText() throws {
        let text = "{abcd: 1, abxd: 2, a: 3, ad: 4, summary: 5, abyd: 6, '': 7, 'a': 8, [x]: 9}"
        let result = YAMLLoader.load(Array(text.utf8), file: "t.yaml", options: .permissive)
        let pairs = try XCTUnwrap(result.documents.first?.mapping)
        XCTAssertEqual(pairs.map { keys.index(of: $0.key) }, [0, 1, 2, 3, 4, nil, nil, 2, nil])
    }
}
