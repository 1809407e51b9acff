import EndpointRuntime
import Foundation
import GoldenHostileMutable
import XCTest

/// The hostile fixture generated with `--mutable-models`: every property is settable, and a
/// boxed (`Indirect`) field keeps value semantics when a copy is changed.
final class MutableModelTests: XCTestCase {
    func testModelPropertiesAreSettable() {
        XCTAssertTrue((\Extension.func as AnyKeyPath) is WritableKeyPath<Extension, [String]>)
        XCTAssertTrue((\Extension.protocol as AnyKeyPath) is WritableKeyPath<Extension, String?>)
        XCTAssertTrue((\TreeNode.parent as AnyKeyPath) is WritableKeyPath<TreeNode, TreeNode?>)
        XCTAssertTrue((\TreeLink.target as AnyKeyPath) is WritableKeyPath<TreeLink, TreeNode>)
    }

    func testChangingAnyFieldOfACopyChangesEqualityAndHashing() {
        let base = Extension(init_: "a", self_: 1, func: ["f"], _2fa: true, protocol: "p", container: "c", decoder: 2,
                             lhs: false, fieldsEqual: 3)
        let changes: [(String, (inout Extension) -> Void)] = [
            ("init", { $0.init_ = "b" }), ("self", { $0.self_ = 2 }), ("func", { $0.func = [] }), ("2fa", { $0._2fa = false }),
            ("Protocol", { $0.protocol = nil }), ("container", { $0.container = "d" }), ("decoder", { $0.decoder = nil }),
            ("lhs", { $0.lhs = true }), ("fieldsEqual", { $0.fieldsEqual = 4 }),
        ]
        for (name, change) in changes {
            var other = base
            change(&other)
            XCTAssertNotEqual(other, base, name)
            XCTAssertEqual(Set([base, other]).count, 2, name)
        }
    }

    func testBoxedFieldsAreCopiedOnWrite() throws {
        let json = #"{"name":"leaf","parent":{"name":"root"},"next":{"target":{"name":"other"}}}"#
        let node = try JSONDecoder().decode(TreeNode.self, from: Data(json.utf8))
        var copy = node
        copy.parent?.name = "changed"
        copy.next?.target.name = "changed too"
        XCTAssertEqual(node.parent?.name, "root")
        XCTAssertEqual(node.next?.target.name, "other")
        XCTAssertEqual(copy.parent?.name, "changed")
        XCTAssertEqual(copy.next?.target.name, "changed too")
        XCTAssertNotEqual(copy, node)
        XCTAssertEqual(Set([node, node, copy]).count, 2, "Hashable sees through the boxes")
    }

    /// Parameters named `client`, `baseURL`, `value` and `completion` (the hostile fixture is
    /// generated with completion handlers here): the service still sends through its own client
    /// and base URL, and the completion handler still receives the result.
    func testParametersNamedLikeTheServicesMembersDoNotHideThem() async throws {
        let transport = StubTransport { request in
            XCTAssertEqual(request.url?.absoluteString, "https://service.example/v2/files/f?client=ios&baseURL=elsewhere&completion=false&api-version=2024-01-01")
            return .json(#"{"init":"i","self":1,"func":[],"2fa":false}"#)
        }
        let service = HostileService(client: APIClient(transport: transport), baseURL: URL(string: "https://service.example/v2")!, xTenantId: "t")
        let value = try await service.shadow(
            path: "f", items: [], client: "ios", baseURL: "elsewhere", completion: false, headers: "h", body: ShadowRequest(path: "p"))
        XCTAssertEqual(value.self_, 1)

        let done = expectation(description: "completion")
        service.shadow(path: "f", items: [], client: "ios", baseURL: "elsewhere", completion: false, headers: "h", body: ShadowRequest(path: "p")) { result in
            XCTAssertEqual(try? result.get().init_, "i")
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
    }
}
