import EndpointRuntime
import XCTest

/// Runs `body`, which must throw; returns its `APIError` (nil, and a test failure, when it succeeded).
public func expectError<T>(_ body: () async throws(APIError) -> T, file: StaticString = #filePath, line: UInt = #line) async -> APIError? {
    do {
        let value = try await body()
        XCTFail("expected an APIError, got \(value)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}
