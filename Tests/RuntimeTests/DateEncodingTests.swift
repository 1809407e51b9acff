@_spi(Generated) @testable import EndpointRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// Each `DateEncoding` byte for byte, the variants servers send, round trips, and the service-level
/// encoding applied by the client to bodies, responses and error bodies.
final class DateEncodingTests: XCTestCase {
    /// 2024-12-26T10:30:15.123Z: 19:30:15.123 in Seoul (UTC+9, no daylight saving).
    private let instant = Date(timeIntervalSince1970: 1_735_209_015.123)
    private let whole = Date(timeIntervalSince1970: 1_735_209_015)
    private let seoul = DateEncoding.local(timeZone: "Asia/Seoul")

    private func json(_ date: Date, _ encoding: DateEncoding) throws -> String {
        let encoder = JSONEncoder()
        encoding.apply(to: encoder)
        return String(decoding: try encoder.encode([date]), as: UTF8.self)
    }

    private func decode(_ json: String, _ encoding: DateEncoding) throws -> Date {
        let decoder = JSONDecoder()
        encoding.apply(to: decoder)
        return try decoder.decode([Date].self, from: Data("[\(json)]".utf8))[0]
    }

    private func assertSame(_ a: Date?, _ b: Date, file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("no date", file: file, line: line) }
        XCTAssertEqual(a.timeIntervalSince1970, b.timeIntervalSince1970, accuracy: 0.000_001, file: file, line: line)
    }

    func testTextByteForByte() {
        XCTAssertEqual(DateEncoding.iso8601.text(instant), "2024-12-26T10:30:15.123Z")
        XCTAssertEqual(DateEncoding.iso8601.text(whole), "2024-12-26T10:30:15Z")
        XCTAssertEqual(DateEncoding.date().text(instant), "2024-12-26")
        // 23:30 UTC is already the next day in Seoul.
        XCTAssertEqual(DateEncoding.date(timeZone: "Asia/Seoul").text(Date(timeIntervalSince1970: 1_735_255_800)), "2024-12-27")
        XCTAssertEqual(DateEncoding.date().text(Date(timeIntervalSince1970: 1_735_255_800)), "2024-12-26")
        XCTAssertEqual(DateEncoding.epochSeconds.text(whole), "1735209015")
        XCTAssertEqual(DateEncoding.epochSeconds.text(instant), "1735209015.123")
        XCTAssertEqual(DateEncoding.epochMilliseconds.text(instant), "1735209015123")
        XCTAssertEqual(DateEncoding.epochMilliseconds.text(whole), "1735209015000")
        XCTAssertEqual(seoul.text(instant), "2024-12-26T19:30:15.123")
        XCTAssertEqual(seoul.text(whole), "2024-12-26T19:30:15")
        XCTAssertEqual(DateEncoding.local().text(instant), "2024-12-26T10:30:15.123")
        // Daylight saving: New York is UTC-4 in July and UTC-5 in December.
        let newYork = DateEncoding.local(timeZone: "America/New_York")
        XCTAssertEqual(newYork.text(Date(timeIntervalSince1970: 1_719_835_200)), "2024-07-01T08:00:00")
        XCTAssertEqual(newYork.text(instant), "2024-12-26T05:30:15.123")
        // Before 1970 too.
        XCTAssertEqual(DateEncoding.epochSeconds.text(Date(timeIntervalSince1970: -1.5)), "-1.5")
        XCTAssertEqual(DateEncoding.date().text(Date(timeIntervalSince1970: -1)), "1969-12-31")
        // As parameter values.
        var items: [QueryItem] = []
        items.append(name: "at", instant.encoded(seoul))
        items.append(name: "days", [whole, instant].map { $0.encoded(.epochSeconds) })
        XCTAssertEqual(PercentEncoding.formEncode(items), "at=2024-12-26T19%3A30%3A15.123&days=1735209015&days=1735209015.123")
    }

    func testJSONByteForByte() throws {
        XCTAssertEqual(try json(instant, .iso8601), #"["2024-12-26T10:30:15.123Z"]"#)
        XCTAssertEqual(try json(instant, .date(timeZone: "Asia/Seoul")), #"["2024-12-26"]"#)
        XCTAssertEqual(try json(whole, .epochSeconds), "[1735209015]")
        XCTAssertEqual(try json(instant, .epochSeconds), "[1735209015.123]")
        XCTAssertEqual(try json(instant, .epochMilliseconds), "[1735209015123]")
        XCTAssertEqual(try json(instant, seoul), #"["2024-12-26T19:30:15.123"]"#)
    }

    func testReadsTheVariantsServersSend() throws {
        // Local date-times: with and without a fraction or seconds, and an offset when one is sent after all.
        assertSame(try decode(#""2024-12-26T19:30:15.123""#, seoul), instant)
        assertSame(try decode(#""2024-12-26T19:30:15""#, seoul), whole)
        assertSame(try decode(#""2024-12-26T19:30""#, seoul), Date(timeIntervalSince1970: 1_735_209_000))
        assertSame(try decode(#""2024-12-26T10:30:15.123Z""#, seoul), instant)
        assertSame(try decode(#""2024-12-26T19:30:15.123+09:00""#, seoul), instant)
        assertSame(try decode(#""2024-12-26T10:30:15.123456""#, .local()), Date(timeIntervalSince1970: 1_735_209_015.123456))
        // ISO 8601: Z or an offset, with or without a fraction; no offset is not ISO's (say `local`).
        assertSame(try decode(#""2024-12-26T10:30:15Z""#, .iso8601), whole)
        assertSame(try decode(#""2024-12-26T19:30:15.123+09:00""#, .iso8601), instant)
        assertSame(try decode(#""2024-12-26T19:30:15.123+0900""#, .iso8601), instant)
        XCTAssertThrowsError(try decode(#""2024-12-26T19:30:15.123""#, .iso8601))
        // Dates: the day's midnight in the zone; a full date-time is read as one.
        assertSame(try decode(#""2024-12-26""#, .date()), Date(timeIntervalSince1970: 1_735_171_200))
        assertSame(try decode(#""2024-12-26""#, .date(timeZone: "Asia/Seoul")), Date(timeIntervalSince1970: 1_735_171_200 - 9 * 3600))
        assertSame(try decode(#""2024-12-26T10:30:15.123Z""#, .date()), instant)
        // Epochs: numbers, fractions, numeric strings.
        assertSame(try decode("1735209015", .epochSeconds), whole)
        assertSame(try decode("1735209015.123", .epochSeconds), instant)
        assertSame(try decode(#""1735209015""#, .epochSeconds), whole)
        assertSame(try decode("1735209015123", .epochMilliseconds), instant)
        assertSame(try decode(#""1735209015123""#, .epochMilliseconds), instant)
        // What an encoding cannot read says what it expected.
        for (text, encoding, expected) in [
            (#""yesterday""#, DateEncoding.epochSeconds, "seconds since 1970"),
            (#""12abc""#, .epochMilliseconds, "milliseconds since 1970"),
            (#""2024-13-01""#, .date(), "a date (yyyy-MM-dd)"),
            ("true", seoul, "a local date-time"),
            (#""2024-12-26T25:00""#, seoul, "a local date-time"),
        ] {
            XCTAssertThrowsError(try decode(text, encoding), text) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(context.debugDescription.hasPrefix("Expected \(expected)"), context.debugDescription)
            }
        }
    }

    /// Any instant to the microsecond goes out and back unchanged in the encodings that keep it;
    /// milliseconds keep the millisecond, dates the day.
    func testRoundTrips() throws {
        var generator = SplitMix64(seed: 30)  // Fixed: a failure names a date that fails again.
        let encodings: [DateEncoding] = [.iso8601, .epochSeconds, seoul, .local(timeZone: "Europe/Berlin"), .local()]
        for _ in 0..<2000 {
            let micros = Int64.random(in: -2_000_000_000_000_000...4_000_000_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(micros) / 1_000_000)
            for encoding in encodings {
                let text = encoding.text(date)
                let back = try XCTUnwrap(encoding.date(from: text), text)
                // Berlin's fall-back hour is written twice; both readings are the same wall time.
                if encoding.text(back) != text || abs(back.timeIntervalSince(date)) > 0.000_002 {
                    XCTAssertEqual(encoding.text(back), text)
                    if encoding == .local(timeZone: "Europe/Berlin") { continue }
                    XCTFail("\(date.timeIntervalSince1970) → \(text) → \(back.timeIntervalSince1970)")
                }
                XCTAssertEqual(try self.decode(self.json(date, encoding).dropFirst().dropLast().description, encoding).timeIntervalSince1970,
                               back.timeIntervalSince1970, accuracy: 0.000_002)
            }
            let millis = DateEncoding.epochMilliseconds
            // Rounded to the millisecond: at most half of one away (and a hair of floating point).
            XCTAssertEqual(try XCTUnwrap(millis.date(from: millis.text(date))).timeIntervalSince1970, date.timeIntervalSince1970, accuracy: 0.000_501)
            let day = DateEncoding.date(timeZone: "Asia/Seoul")
            XCTAssertEqual(day.text(try XCTUnwrap(day.date(from: day.text(date)))), day.text(date))
        }
    }

    /// A service's encoding reaches the JSON body, the response and the error model; a field with
    /// its own encoding keeps it.
    func testTheEndpointsEncodingAppliesToBodiesAndResponses() async throws {
        struct Stamp: Codable, Hashable, Sendable {
            var at: Date
            var created: Date
            init(at: Date, created: Date) { self.at = at; self.created = created }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: WireKey.self)
                at = try container.required(Date.self, "at")
                created = try container.required(Date.self, "created", .epochSeconds)
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: WireKey.self)
                try container.put(at, "at")
                try container.put(created, "created", .epochSeconds)
            }
        }
        struct Dated: Endpoint {
            var body: RequestBody
            var dateEncoding: DateEncoding? { .local(timeZone: "Asia/Seoul") }
            var defaultBaseURL: URL? { nil }
            var method: HTTPMethod { .post }
            var pathComponents: [PathComponent] { [.literal("/stamps")] }
            var queryItems: [QueryItem] { [] }
            var headers: [HTTPHeader] { [] }
            var auth: AuthRequirement { .none }
            var timeout: TimeInterval? { 5 }
            var envelope: EnvelopeFormat? { nil }
            var errorFormat: ErrorBodyFormat { ErrorBodyFormat(model: Stamp.self) }
            var sampleData: Data { Data() }
        }
        let stamp = Stamp(at: instant, created: whole)
        let sent = LockedBox<Data?>(nil)
        let client = APIClient(transport: StubTransport { request in
            sent.value = request.httpBody
            if request.url?.path.hasSuffix("/fail") == true {
                return .json(status: 409, #"{"at":"2024-12-26T19:30:15.123","created":1735209015}"#)
            }
            return .json(#"{"at":"2024-12-26T19:30:15.123","created":1735209015}"#)
        })
        let back = try await client.send(Dated(body: .json(stamp)), baseURL: testBaseURL, as: Stamp.self)
        XCTAssertEqual(String(decoding: try XCTUnwrap(sent.value), as: UTF8.self), #"{"at":"2024-12-26T19:30:15.123","created":1735209015}"#)
        XCTAssertEqual(back.at.timeIntervalSince1970, instant.timeIntervalSince1970, accuracy: 0.000_001)
        XCTAssertEqual(back.created, whole)
        // Without the endpoint's encoding the same body is ISO 8601 (and the response unreadable).
        struct Plain: Endpoint {
            var body: RequestBody
            var defaultBaseURL: URL? { nil }
            var method: HTTPMethod { .post }
            var pathComponents: [PathComponent] { [.literal("/fail")] }
            var queryItems: [QueryItem] { [] }
            var headers: [HTTPHeader] { [] }
            var auth: AuthRequirement { .none }
            var timeout: TimeInterval? { 5 }
            var envelope: EnvelopeFormat? { nil }
            var errorFormat: ErrorBodyFormat { ErrorBodyFormat(model: Stamp.self) }
            var sampleData: Data { Data() }
        }
        do {
            try await client.send(Plain(body: .json(stamp)), baseURL: testBaseURL)
            XCTFail("a 409 is an error")
        } catch .server(let error) {
            XCTAssertNil(error.model, "ISO 8601 cannot read a local date-time")
        }
        XCTAssertEqual(String(decoding: try XCTUnwrap(sent.value), as: UTF8.self), #"{"at":"2024-12-26T10:30:15.123Z","created":1735209015}"#)
        // The error model is read in the endpoint's encoding.
        struct Failing: Endpoint {
            var dateEncoding: DateEncoding? { .local(timeZone: "Asia/Seoul") }
            var defaultBaseURL: URL? { nil }
            var method: HTTPMethod { .get }
            var pathComponents: [PathComponent] { [.literal("/fail")] }
            var queryItems: [QueryItem] { [] }
            var headers: [HTTPHeader] { [] }
            var body: RequestBody { .none }
            var auth: AuthRequirement { .none }
            var timeout: TimeInterval? { 5 }
            var envelope: EnvelopeFormat? { nil }
            var errorFormat: ErrorBodyFormat { ErrorBodyFormat(model: Stamp.self) }
            var sampleData: Data { Data() }
        }
        do {
            try await client.send(Failing(), baseURL: testBaseURL)
            XCTFail("a 409 is an error")
        } catch .server(let error) {
            let model = try XCTUnwrap(error.model as? Stamp)
            XCTAssertEqual(model.at.timeIntervalSince1970, instant.timeIntervalSince1970, accuracy: 0.000_001)
            XCTAssertEqual(model.created, whole)
        }
    }
}

/// A seeded generator (SplitMix64), so that the property test is the same on every run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A value shared with a `@Sendable` closure in a test.
private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
