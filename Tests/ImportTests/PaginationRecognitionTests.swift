import EndpointGenImport
import EndpointGenSpec
import XCTest

/// List operations get `paginate:` from their shape (excerpts of GitHub's and Stripe's documents
/// and the common cursor, page and offset forms), each with a note naming the rule; recognition
/// can be turned off, never overrides an export's `x-endpointgen-paginate`, and a shape the spec
/// loader refuses is left unpaginated with a note, not a warning.
final class PaginationRecognitionTests: XCTestCase {
    private func importPaths(_ paths: String, schemas: String = "{}", recognizes: Bool = true) -> OpenAPIImportResult {
        let text = """
        openapi: 3.1.0
        info: { title: Lists, version: '1' }
        paths:
        \(paths)
        components:
          schemas: \(schemas)
        """
        return ImportText.run(text, recognizesPagination: recognizes)
    }

    /// The `paginate:` line of `endpoint` in the written spec, or nil.
    private func paginate(_ result: OpenAPIImportResult, _ endpoint: String, file: String = "lists.yaml") throws -> String? {
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        let contents = try XCTUnwrap(result.files.first { $0.name == file }, result.files.map(\.name).joined(separator: ", ")).contents
        let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring("  \(endpoint):")) else { return nil }
        let body = lines[(start + 1)...].prefix { $0.hasPrefix("    ") }
        guard let block = body.firstIndex(of: "    paginate:") else { return nil }
        let keys = body[(block + 1)...].prefix { $0.hasPrefix("      ") }.map { $0.dropFirst(6) }
        return "{ " + keys.joined(separator: ", ") + " }"
    }

    /// GitHub: a `Link` header on the 200, `per_page` and `page`; the page is the array.
    private let github = """
      /repos/{owner}/{repo}/issues:
        get:
          tags: [lists]
          operationId: issues/list-for-repo
          parameters:
            - { name: owner, in: path, required: true, schema: { type: string } }
            - { name: repo, in: path, required: true, schema: { type: string } }
            - { name: per_page, in: query, schema: { type: integer, default: 30 } }
            - { name: page, in: query, schema: { type: integer, default: 1 } }
          responses:
            '200':
              description: Response
              headers: { Link: { $ref: '#/components/headers/link' } }
              content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/issue' } } } }
      /repos/{owner}/{repo}/actions/runs:
        get:
          tags: [lists]
          operationId: actions/list-workflow-runs-for-repo
          parameters:
            - { name: owner, in: path, required: true, schema: { type: string } }
            - { name: repo, in: path, required: true, schema: { type: string } }
            - { name: per_page, in: query, schema: { type: integer, default: 30 } }
            - { name: page, in: query, schema: { type: integer, default: 1 } }
          responses:
            '200':
              description: Response
              content:
                application/json:
                  schema:
                    type: object
                    required: [total_count, workflow_runs]
                    properties:
                      total_count: { type: integer }
                      workflow_runs: { type: array, items: { $ref: '#/components/schemas/issue' } }
    """

    func testGitHubsLinkHeaderAndPageNumbers() throws {
        let result = importPaths(github, schemas: "{ issue: { type: object, properties: { id: { type: integer } } } }")
        XCTAssertEqual(try paginate(result, "issuesListForRepo"), "{ link: true }")
        XCTAssertEqual(try paginate(result, "actionsListWorkflowRunsForRepo"), "{ page: page, size: per_page, items: workflow_runs }")
        XCTAssertEqual(result.recognizedPagination.map { "\($0.rule) \($0.count)" }, ["link header 1", "page number 1"])
        XCTAssertEqual(result.renames.filter { $0.message.contains("paginated") }.map(\.rendered), [
            "api.yaml:6:7: note: 'issuesListForRepo' is paginated by its link header (a Link header on the success response): paginate: { link: true }",
            "api.yaml:20:7: note: 'actionsListWorkflowRunsForRepo' is paginated by its page number (page and page size query parameters): paginate: { page: page, size: per_page, items: workflow_runs }",
        ])
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .warning }.map(\.rendered), [])
        // An endpointgen export says every paging it has: none is recognised.
        let export = ImportText.run("""
            openapi: 3.1.0
            info: { title: Lists, version: '1' }
            x-endpointgen-export: { paginate: explicit }
            paths:
            \(github)
            components:
              schemas: { issue: { type: object, properties: { id: { type: integer } } } }
            """)
        XCTAssertNil(try paginate(export, "issuesListForRepo"))
        XCTAssertEqual(export.recognizedPagination.count, 0)
        // Off: the same operations without paginate.
        let off = importPaths(github, schemas: "{ issue: { type: object, properties: { id: { type: integer } } } }", recognizes: false)
        XCTAssertNil(try paginate(off, "issuesListForRepo"))
        XCTAssertNil(try paginate(off, "actionsListWorkflowRunsForRepo"))
        XCTAssertEqual(off.recognizedPagination.count, 0)
    }

    /// Stripe: `starting_after` sent back with the last item's `id`, `has_more` and `data`.
    func testStripesListsAreThePagesAfterTheLastItem() throws {
        let result = importPaths("""
          /v1/charges:
            get:
              tags: [lists]
              operationId: GetCharges
              parameters:
                - { name: ending_before, in: query, schema: { type: string, maxLength: 5000 } }
                - { name: limit, in: query, schema: { type: integer } }
                - { name: starting_after, in: query, schema: { type: string, maxLength: 5000 } }
              responses:
                '200':
                  description: Successful response.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [data, has_more, object, url]
                        properties:
                          data: { type: array, items: { $ref: '#/components/schemas/charge' } }
                          has_more: { type: boolean }
                          object: { type: string, enum: [list] }
                          url: { type: string, maxLength: 5000 }
        """, schemas: "{ charge: { type: object, required: [id], properties: { id: { type: string }, amount: { type: integer } } } }")
        XCTAssertEqual(try paginate(result, "getCharges"), "{ lastItem: id, param: starting_after, hasMore: has_more, items: data }")
        XCTAssertEqual(result.recognizedPagination.map { "\($0.rule) \($0.count)" }, ["last item's id 1"])
    }

    /// A cursor in the page sent back in a query parameter (Slack's `response_metadata.next_cursor`,
    /// Google's `nextPageToken`), and offsets.
    func testCursorsAndOffsets() throws {
        let result = importPaths("""
          /members:
            get:
              tags: [lists]
              operationId: members
              parameters:
                - { name: cursor, in: query, schema: { type: string } }
                - { name: limit, in: query, schema: { type: integer } }
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          members: { type: array, items: { type: string } }
                          response_metadata: { type: object, properties: { next_cursor: { type: string } } }
          /books:
            get:
              tags: [lists]
              operationId: books
              parameters:
                - { name: pageToken, in: query, schema: { type: string } }
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema: { type: object, properties: { books: { type: array, items: { type: string } }, nextPageToken: { type: string } } }
          /events:
            get:
              tags: [lists]
              operationId: events
              parameters:
                - { name: offset, in: query, schema: { type: integer } }
                - { name: limit, in: query, schema: { type: integer } }
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema: { type: object, properties: { events: { type: array, items: { type: string } }, tags: { type: array, items: { type: string } }, data: { type: array, items: { type: string } } } }
          /plain:
            get:
              tags: [lists]
              operationId: plain
              parameters:
                - { name: q, in: query, schema: { type: string } }
              responses:
                '200': { description: OK, content: { application/json: { schema: { type: array, items: { type: string } } } } }
        """)
        XCTAssertEqual(try paginate(result, "members"), "{ cursor: response_metadata.next_cursor, param: cursor, items: members }")
        XCTAssertEqual(try paginate(result, "books"), "{ cursor: nextPageToken, param: pageToken, items: books }")
        // Several arrays: the one named like items.
        XCTAssertEqual(try paginate(result, "events"), "{ offset: offset, limit: limit, items: data }")
        XCTAssertNil(try paginate(result, "plain"))
    }

    /// Speakeasy's extension, where a document has it, before any shape: page and offset inputs,
    /// a next cursor, the last item's id (`$.data[-1].id`); what specs cannot say gives none.
    func testSpeakeasysPaginationExtension() throws {
        func operation(_ name: String, _ extensionText: String) -> String {
            """
              /\(name):
                get:
                  tags: [lists]
                  operationId: \(name)
                  parameters:
                    - { name: page, in: query, schema: { type: integer } }
                    - { name: offset, in: query, schema: { type: integer } }
                    - { name: limit, in: query, schema: { type: integer } }
                    - { name: cursor, in: query, schema: { type: string } }
                  x-speakeasy-pagination: \(extensionText)
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              data: { type: array, items: { type: object, properties: { id: { type: string } } } }
                              meta: { type: object, properties: { next: { type: string }, pages: { type: integer } } }
            """
        }
        let result = importPaths([
            operation("pages", "{ type: offsetLimit, inputs: [{ name: page, in: parameters, type: page }, { name: limit, in: parameters, type: limit }], outputs: { results: $.data, numPages: $.meta.pages } }"),
            operation("offsets", "{ type: offsetLimit, inputs: [{ name: offset, in: parameters, type: offset }, { name: limit, in: parameters, type: limit }], outputs: { results: $.data } }"),
            operation("cursors", "{ type: cursor, inputs: [{ name: cursor, in: parameters, type: cursor }], outputs: { nextCursor: $.meta.next, results: $.data } }"),
            operation("lastItems", "{ type: cursor, inputs: [{ name: cursor, in: parameters, type: cursor }], outputs: { nextCursor: '$.data[-1].id', results: $.data } }"),
            operation("urls", "{ type: url, outputs: { nextUrl: $.meta.next } }"),
            operation("bodies", "{ type: cursor, inputs: [{ name: cursor, in: requestBody, type: cursor }], outputs: { nextCursor: $.meta.next } }"),
            operation("filters", "{ type: cursor, inputs: [{ name: cursor, in: parameters, type: cursor }], outputs: { nextCursor: '$.meta[?(@.a)]' } }"),
        ].joined(separator: "\n"))
        XCTAssertEqual(try paginate(result, "pages"), "{ page: page, size: limit, totalPages: meta.pages, items: data }")
        XCTAssertEqual(try paginate(result, "offsets"), "{ offset: offset, limit: limit, items: data }")
        XCTAssertEqual(try paginate(result, "cursors"), "{ cursor: meta.next, param: cursor, items: data }")
        XCTAssertEqual(try paginate(result, "lastItems"), "{ lastItem: id, param: cursor, items: data }")
        for none in ["urls", "bodies", "filters"] { XCTAssertNil(try paginate(result, none), none) }
        XCTAssertEqual(result.recognizedPagination.map { "\($0.rule) \($0.count)" }, ["x-speakeasy-pagination 4"])
        XCTAssertEqual(result.diagnostics.filter { $0.kind == "skipped pagination" }.count, 3)
    }

    /// An export says how it pages; a shape the loader refuses (a cursor parameter of another
    /// type than the cursor) is a note, and the operation keeps its one-page method.
    func testAnExportsPaginateWinsAndARefusedShapeIsANote() throws {
        let result = importPaths("""
          /notes:
            get:
              tags: [lists]
              operationId: notes
              parameters:
                - { name: page, in: query, schema: { type: integer } }
                - { name: per_page, in: query, schema: { type: integer } }
                - { name: after, in: query, schema: { type: string } }
              x-endpointgen-paginate: { cursor: next, param: after, items: notes }
              responses:
                '200':
                  description: OK
                  content: { application/json: { schema: { type: object, properties: { notes: { type: array, items: { type: string } }, next: { type: string } } } } }
          /wrapped:
            get:
              tags: [lists]
              operationId: wrapped
              parameters:
                - { name: page, in: query, schema: { type: integer } }
                - { name: per_page, in: query, schema: { type: integer } }
              responses:
                '200':
                  description: OK
                  content: { application/json: { schema: { type: object, properties: { notes: { type: array, items: { type: string } } } } } }
                '204': { description: Nothing }
        """)
        XCTAssertEqual(try paginate(result, "notes"), "{ cursor: next, param: after, items: notes }")
        XCTAssertNil(try paginate(result, "wrapped"))
        XCTAssertEqual(result.recognizedPagination.count, 0)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .warning }.map(\.rendered), [])
        XCTAssertEqual(result.renames.filter { $0.message.contains("paged") }.map(\.message), [
            "'wrapped' looks paged (page and page size query parameters), but is not paginated: 'paginate' of endpoint 'wrapped' needs a JSON response (a model or an array), found no response",
        ])
    }
}
