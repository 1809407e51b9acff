import EndpointGenImport
import XCTest

/// An inline enum repeated across services is one model, named by what it is, never by the
/// operation of the copy that came first (GitHub's `IssuesService.listForRepo(state: PullsListState)`).
final class SharedEnumNamingTests: XCTestCase {
    private func operation(_ tag: String, _ id: String, _ path: String) -> String {
        """
          \(path):
            get:
              tags: [\(tag)]
              operationId: \(id)
              parameters:
                - { name: state, in: query, schema: { type: string, enum: [open, closed, all] } }
                - { name: sort, in: query, schema: { type: string, enum: [created, updated] } }
              responses: { '204': { description: Done } }
        """
    }

    func testACopyInSeveralServicesIsNamedAfterItsWordAndTheServiceWithMostCopies() throws {
        let text = """
        openapi: 3.0.3
        info: { title: Hub, version: '1' }
        paths:
        \(operation("pulls", "pulls/list", "/pulls"))
        \(operation("issues", "issues/list", "/issues"))
        \(operation("issues", "issues/list-for-repo", "/repos/issues"))
        """
        let result = ImportText.run(text)
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        let issues = try XCTUnwrap(result.files.first { $0.name == "issues.yaml" }).contents
        let pulls = try XCTUnwrap(result.files.first { $0.name == "pulls.yaml" }).contents
        let schemas = try XCTUnwrap(result.files.first { $0.name == "schemas.yaml" }).contents
        // `State` is SwiftUI's: the word with the service that has the most copies.
        XCTAssertTrue(schemas.contains("  IssuesState:\n    enum: [open, closed, all]\n"), schemas)
        // `Sort` is free: the word alone.
        XCTAssertTrue(schemas.contains("  Sort:\n    enum: [created, updated]\n"), schemas)
        for spec in [issues, pulls] {
            XCTAssertTrue(spec.contains("state: IssuesState?"), spec)
            XCTAssertFalse(spec.contains("PullsListState") || spec.contains("ListState"), spec)
        }
    }
}
