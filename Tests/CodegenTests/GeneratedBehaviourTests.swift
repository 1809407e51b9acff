import Foundation
import GoldenHostile
import XCTest

/// The compiled golden output behaves as generated code must.
final class GeneratedBehaviourTests: XCTestCase {
    func testEnumsDecodeUnknownValuesAndEncodeThemBackUnchanged() throws {
        let decoded = try JSONDecoder().decode([Switch].self, from: Data(#"["case","-x","1","brand-new"]"#.utf8))
        XCTAssertEqual(decoded, [.case, .x, ._1, .unknown("brand-new")])
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self), #"["case","-x","1","brand-new"]"#)
        XCTAssertEqual(Switch(rawValue: "self"), .self_)
        XCTAssertEqual(Switch.type.parameterValue, "Type")
    }

    func testKeywordFieldsUseTheirWireNames() throws {
        let value = Extension(init_: "a", self_: 1, func: ["f"], _2fa: true)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any]
        XCTAssertEqual(json?.keys.sorted(), ["2fa", "func", "init", "self"])
        let back = try JSONDecoder().decode(Extension.self, from: Data(#"{"init":"a","self":1,"func":["f"],"2fa":true,"Protocol":"p"}"#.utf8))
        XCTAssertEqual(back.protocol, "p")
        XCTAssertEqual(back.init_, "a")
    }

    func testRouterBuildsEscapedPathsAndKeepsWireNames() {
        let route = HostileRouter.default(self_: "../a b", type: 3, in: ["x", "y"], xSelf: "me")
        XCTAssertEqual(route.path, "/self/%2E%2E%2Fa%20b/type/3")
        XCTAssertEqual(route.queryItems.map(\.name), ["protocol", "in", "in", "Protocol"])
        XCTAssertEqual(route.queryItems.first?.value, "\"\"\"*/\\(danger)")
        XCTAssertEqual(route.headers.map(\.name), ["X-Quote", "X-Self"])
        XCTAssertEqual(route.headers.first?.value, "say \"hi\" \\(x) \"\"\"")
    }
}
