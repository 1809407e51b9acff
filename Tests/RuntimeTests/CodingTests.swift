import EndpointRuntime
import Foundation
import XCTest

final class CodingTests: XCTestCase {
    private struct Stamp: Codable, Equatable {
        var at: Date
    }

    private func decodeDate(_ text: String) throws -> Date {
        let data = Data(#"{"at":"\#(text)"}"#.utf8)
        return try APIClient.Configuration.defaultDecoder().decode(Stamp.self, from: data).at
    }

    func testEncodesDatesAsISO8601InUTCKeepingFractionalSeconds() throws {
        let encoder = APIClient.Configuration.defaultEncoder()
        let cases: [(TimeInterval, String)] = [
            (1_704_164_645, "2024-01-02T03:04:05Z"),
            (1_704_164_645.25, "2024-01-02T03:04:05.25Z"),
            (1_704_164_645.999, "2024-01-02T03:04:05.999Z"),
            (1_704_164_645.123456, "2024-01-02T03:04:05.123456Z"),
            (1_704_164_645.9999999, "2024-01-02T03:04:06Z"),
            (-0.5, "1969-12-31T23:59:59.5Z"),
            (0, "1970-01-01T00:00:00Z"),
            (-1, "1969-12-31T23:59:59Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"),
        ]
        for (seconds, text) in cases {
            let data = try encoder.encode(Stamp(at: Date(timeIntervalSince1970: seconds)))
            XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"at":"\#(text)"}"#)
        }
    }

    func testDecodesDatesWithAndWithoutFractionsAndOffsets() throws {
        XCTAssertEqual(try decodeDate("2024-01-02T03:04:05Z"), Date(timeIntervalSince1970: 1_704_164_645))
        XCTAssertEqual(try decodeDate("2024-01-02T03:04:05.5Z").timeIntervalSince1970, 1_704_164_645.5, accuracy: 1e-6)
        XCTAssertEqual(try decodeDate("2024-01-02T03:04:05.123456789Z").timeIntervalSince1970, 1_704_164_645.123457, accuracy: 1e-5)
        XCTAssertEqual(try decodeDate("2024-01-02T12:04:05+09:00"), Date(timeIntervalSince1970: 1_704_164_645))
        XCTAssertEqual(try decodeDate("2024-01-01T22:04:05-0500"), Date(timeIntervalSince1970: 1_704_164_645))
        XCTAssertEqual(try decodeDate("2024-01-02t03:04:05z"), Date(timeIntervalSince1970: 1_704_164_645))
        XCTAssertEqual(try decodeDate("1969-12-31T23:59:59Z"), Date(timeIntervalSince1970: -1))
    }

    func testRejectsMalformedDatesWithThePath() {
        for text in ["2024-01-02", "2024-01-02T03:04:05", "2024-13-02T03:04:05Z", "2023-02-29T00:00:00Z",
                     "2024-01-02T24:00:00Z", "2024-01-02T03:04:05.Z", "2024-01-02T03:04:05Zjunk", "yesterday"] {
            XCTAssertThrowsError(try decodeDate(text), text) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map(\.stringValue), ["at"])
            }
        }
    }

    func testDateRoundTripsThroughClientCoders() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let data = try APIClient.Configuration.defaultEncoder().encode(Stamp(at: date))
        XCTAssertEqual(try APIClient.Configuration.defaultDecoder().decode(Stamp.self, from: data), Stamp(at: date))
    }

    func testJSONValueDecodesEveryKind() throws {
        let json = #"{"b":true,"n":1.5,"s":"x","a":[1,null,{"k":"v"}],"o":{"z":1,"a":2},"null":null}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        XCTAssertEqual(value["b"], .bool(true))
        XCTAssertEqual(value["n"]?.doubleValue, 1.5)
        XCTAssertEqual(value["s"]?.stringValue, "x")
        XCTAssertEqual(value["a"]?[0]?.intValue, 1)
        XCTAssertEqual(value["a"]?[1]?.isNull, true)
        XCTAssertEqual(value["a"]?[2]?["k"], "v")
        XCTAssertNil(value["a"]?[3])
        XCTAssertEqual(value["null"], .null)
        XCTAssertNil(value["missing"])
        guard case .object(let object)? = value["o"] else { return XCTFail() }
        XCTAssertEqual(object.keys, ["a", "z"], "decoded members are sorted for determinism")
    }

    /// What arrived as JSON (a `oneOf`'s unknown case, a `JSON` field) reads as a model later,
    /// with the client's date format, and fails with the decoder's error when it does not fit.
    func testJSONValueDecodesAsAType() throws {
        struct Event: Decodable, Equatable {
            let id: Int
            let at: Date
            let tags: [String]
        }
        let value: JSONValue = ["id": 7, "at": "2024-01-02T03:04:05Z", "tags": ["a/b"]]
        XCTAssertEqual(try value.decode(Event.self), Event(id: 7, at: Date(timeIntervalSince1970: 1_704_164_645), tags: ["a/b"]))
        XCTAssertThrowsError(try JSONValue.object(["id": "x"]).decode(Event.self)) { error in
            guard case DecodingError.typeMismatch(_, let context)? = error as? DecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["id"])
        }
    }

    func testJSONValueEncodesAndRoundTrips() throws {
        let value: JSONValue = ["z": 1, "a": [true, nil, "s"], "m": ["k": 2.5]]
        let data = try APIClient.Configuration.defaultEncoder().encode(value)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"a":[true,null,"s"],"m":{"k":2.5},"z":1}"#)
        XCTAssertEqual(try JSONDecoder().decode(JSONValue.self, from: data), value, "equality ignores member order")
    }

    func testJSONObjectEditing() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["c"] = 3
        object["a"] = 4
        object["b"] = nil
        XCTAssertEqual(object.keys, ["a", "c"])
        XCTAssertEqual(object.map(\.key), ["a", "c"])
        XCTAssertEqual(object["a"], 4)
        XCTAssertEqual(object.count, 2)
        XCTAssertEqual(JSONObject([("x", 1), ("y", 2)]), JSONObject([("y", 2), ("x", 1)]))
    }
}
