@testable import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// A model is `damaged` (its samples not checked, so what was left out is not reported twice)
/// only when decoding it reported an error: a warning must never turn sample checks off.
final class DamagedModelTests: XCTestCase {
    /// Every model's, inline body's and inline response's decoding goes through `decodingPart`.
    /// Before, each compared the count of all diagnostics, so a warning marked the part damaged.
    func testOnlyErrorsDamageAPart() {
        var decoder = FileDecoder(path: "specs/a.yaml")
        let warned = decoder.decodingPart { decoder -> Int in
            decoder.reader.diagnostics.warning("a warning", at: nil)
            return 1
        }
        XCTAssertEqual(warned.value, 1)
        XCTAssertFalse(warned.damaged, "a warning alone damaged the part: its samples would go unchecked")
        let failed = decoder.decodingPart { $0.reader.diagnostics.error("an error", at: nil) }
        XCTAssertTrue(failed.damaged)
        let clean = decoder.decodingPart { _ in () }
        XCTAssertFalse(clean.damaged, "errors reported before the part do not damage it")
    }

    /// A spec whose decoding warns (a method that is not standard) has its samples checked.
    func testSamplesOfAWarnedSpecAreChecked() {
        XCTAssertEqual(diagnose("""
            service: Q
            endpoints:
              get:
                method: PSOT
                path: /q
                response:
                  fields: { count: Int }
                sample: { count: many }
            """),
            """
            specs/a.yaml:4:13: warning: 'PSOT' is not a standard HTTP method; it is sent as written (did you mean 'POST'?)
            specs/a.yaml:8:22: error: sample value 'many' at 'sample.count' is not an integer (Int)
            """)
    }
}
