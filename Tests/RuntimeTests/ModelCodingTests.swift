@_spi(Generated) import EndpointRuntime
import Foundation
import XCTest

/// The support that generated models' written-out coding and `==` call (`ModelCoding.swift`).
final class ModelCodingTests: XCTestCase {
    /// Every scalar with a fast path, and the generic path (Date, arrays, nested models), required
    /// and optional: written exactly as the generator writes a model.
    struct Scalars: Codable, Equatable {
        var string: String
        var int: Int
        var int64: Int64
        var int32: Int32
        var double: Double
        var float: Float
        var bool: Bool
        var date: Date
        var list: [Int]
        var maybeString: String?
        var maybeInt32: Int32?
        var maybeList: [String]?

        init(from decoder: any Decoder) throws {
            let container: KeyedDecodingContainer<WireKey> = try decoder.container(keyedBy: WireKey.self)
            self.string = try container.required(String.self, "string")
            self.int = try container.required(Int.self, "int")
            self.int64 = try container.required(Int64.self, "int_64")
            self.int32 = try container.required(Int32.self, "int_32")
            self.double = try container.required(Double.self, "double")
            self.float = try container.required(Float.self, "float")
            self.bool = try container.required(Bool.self, "bool")
            self.date = try container.required(Date.self, "date")
            self.list = try container.required([Int].self, "list")
            self.maybeString = try container.optional(String.self, "maybe_string")
            self.maybeInt32 = try container.optional(Int32.self, "maybe_int_32")
            self.maybeList = try container.optional([String].self, "maybe_list")
        }

        func encode(to encoder: any Encoder) throws {
            var container: KeyedEncodingContainer<WireKey> = encoder.container(keyedBy: WireKey.self)
            try container.put(self.string, "string")
            try container.put(self.int, "int")
            try container.put(self.int64, "int_64")
            try container.put(self.int32, "int_32")
            try container.put(self.double, "double")
            try container.put(self.float, "float")
            try container.put(self.bool, "bool")
            try container.put(self.date, "date")
            try container.put(self.list, "list")
            try container.putIfPresent(self.maybeString, "maybe_string")
            try container.putIfPresent(self.maybeInt32, "maybe_int_32")
            try container.putIfPresent(self.maybeList, "maybe_list")
        }
    }

    private let full = """
        {"bool":true,"date":"2026-11-23T08:00:00Z","double":2.5,"float":1.5,"int":-3,"int_32":-32,\
        "int_64":9007199254740993,"list":[1,2],"maybe_int_32":7,"maybe_list":["a"],"maybe_string":"s","string":"text"}
        """

    private func coders() -> (JSONDecoder, JSONEncoder) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return (decoder, encoder)
    }

    func testScalarsAndGenericValuesRoundTripUnderTheirWireNames() throws {
        let (decoder, encoder) = coders()
        let value = try decoder.decode(Scalars.self, from: Data(full.utf8))
        XCTAssertEqual(value.int64, 9_007_199_254_740_993, "Int64 beyond a Double's precision")
        XCTAssertEqual(value.int32, -32)
        XCTAssertEqual(value.float, 1.5)
        XCTAssertEqual(value.maybeInt32, 7)
        XCTAssertEqual(value.date, Date(timeIntervalSince1970: 1_795_420_800))
        XCTAssertEqual(String(decoding: try encoder.encode(value), as: UTF8.self), full)
    }

    func testMissingAndNullOptionalsDecodeAsNilAndNilIsLeftOut() throws {
        let (decoder, encoder) = coders()
        let json = #"{"bool":false,"date":"2026-11-23T08:00:00Z","double":0,"float":0,"int":0,"int_32":0,"int_64":0,"list":[],"maybe_string":null,"string":""}"#
        let value = try decoder.decode(Scalars.self, from: Data(json.utf8))
        XCTAssertNil(value.maybeString)
        XCTAssertNil(value.maybeInt32)
        XCTAssertNil(value.maybeList)
        XCTAssertEqual(String(decoding: try encoder.encode(value), as: UTF8.self),
                       #"{"bool":false,"date":"2026-11-23T08:00:00Z","double":0,"float":0,"int":0,"int_32":0,"int_64":0,"list":[],"string":""}"#)
    }

    func testErrorsNameTheWireKey() throws {
        let (decoder, _) = coders()
        let missing = full.replacingOccurrences(of: #""int_64":9007199254740993,"#, with: "")
        XCTAssertThrowsError(try decoder.decode(Scalars.self, from: Data(missing.utf8))) { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "int_64")
            XCTAssertNil(key.intValue)
        }
        let null = full.replacingOccurrences(of: #""string":"text""#, with: #""string":null"#)
        XCTAssertThrowsError(try decoder.decode(Scalars.self, from: Data(null.utf8))) { error in
            guard case DecodingError.valueNotFound(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["string"], "null for a required value")
        }
        let mistyped = full.replacingOccurrences(of: #""maybe_int_32":7"#, with: #""maybe_int_32":"7""#)
        XCTAssertThrowsError(try decoder.decode(Scalars.self, from: Data(mistyped.utf8))) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["maybe_int_32"])
        }
    }

    func testWireKeysAreNamesOnly() {
        XCTAssertEqual(WireKey("a b").stringValue, "a b")
        XCTAssertEqual(WireKey(stringValue: "x"), WireKey("x"))
        XCTAssertNil(WireKey(intValue: 0))
        XCTAssertNil(WireKey("x").intValue)
    }

    func testFieldsEqualIsEquality() {
        XCTAssertTrue(fieldsEqual(1, 1))
        XCTAssertFalse(fieldsEqual("a", "b"))
        XCTAssertTrue(fieldsEqual(Optional<Int>.none, nil))
        XCTAssertFalse(fieldsEqual([1, 2], [2, 1]))
        XCTAssertFalse(fieldsEqual(Double.nan, .nan), "as ==: NaN is not equal to itself")
    }
}
