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

    func testSelfContainingModelsRoundTripAndKeepValueSemantics() throws {
        let json = #"{"name":"leaf","parent":{"name":"root","depth":0,"parent":null},"next":{"target":{"name":"other"}}}"#
        let node = try JSONDecoder().decode(TreeNode.self, from: Data(json.utf8))
        XCTAssertEqual(node.parent?.name, "root")
        XCTAssertNil(node.parent?.parent, "null decodes as nil")
        XCTAssertNil(node.children)
        XCTAssertEqual(node.next?.target.name, "other")
        XCTAssertNil(node.next?.label, "absent optional in a synthesized decoder")
        XCTAssertEqual(node.next?.target.depth, 0, "default for a missing key")

        // nil indirect fields are left out, exactly as plain optionals are.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try encoder.encode(node), as: UTF8.self),
                       #"{"depth":0,"name":"leaf","next":{"target":{"depth":0,"name":"other"}},"parent":{"depth":0,"name":"root"}}"#)

        // A copy is independent of the original.
        var copy = node
        copy.parent?.name = "changed"
        copy.next?.target.name = "changed too"
        XCTAssertEqual(node.parent?.name, "root")
        XCTAssertEqual(node.next?.target.name, "other")
        XCTAssertNotEqual(copy, node)
        XCTAssertEqual(Set([node, node, copy]).count, 2, "Hashable sees through the boxes")
    }
}
