import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// The one rule for a union case that an earlier case always takes (`UnionShape.takesEvery`),
/// which the resolver warns by and the importer orders and refuses unions by.
final class UnionShapeTests: XCTestCase {
    func testWhichEarlierCaseTakesEveryLaterOne() {
        let int = UnionShape.primitive(.int)
        let double = UnionShape.primitive(.double)
        let string = UnionShape.primitive(.string)
        let pet = UnionShape.object(needed: ["name": "String"])
        let namedPet = UnionShape.object(needed: ["name": "String", "id": "Int"])
        let cases: [(UnionShape, UnionShape, Bool, String)] = [
            (double, int, true, "a number takes integers"),
            (int, double, false, "an integer does not take numbers"),
            (.primitive(.decimal), .primitive(.int64), true, "Decimal takes Int64"),
            (string, .primitive(.date), true, "String takes dates"),
            (string, .primitive(.uuid), true, "String takes UUIDs"),
            (.primitive(.date), string, false, "a date does not take every string"),
            (string, int, false, "different JSON kinds"),
            (.primitive(.bool), .primitive(.bool), true, "a shape takes itself"),
            (.primitive(.json), pet, true, "JSON takes everything"),
            (pet, .primitive(.json), false, "nothing else takes JSON"),
            (string, .enumeration("Colour", .string), true, "String takes a String enum"),
            (int, .enumeration("Level", .int), true, "Int takes an Int enum"),
            (.primitive(.int64), .enumeration("Level", .int), true, "Int64 takes an Int enum"),
            (.primitive(.int32), .enumeration("Level", .int), false, "Int32 does not take an Int enum"),
            (.enumeration("A", .string), .enumeration("B", .string), false, "two enums are told apart by their values"),
            (.array(double), .array(int), true, "arrays by their elements"),
            (.array(int), .array(double), false, "arrays by their elements"),
            (.dictionary(double), .dictionary(int), true, "maps by their values"),
            (.dictionary(string), .dictionary(int), false, "maps by their values"),
            (.dictionary(string), pet, false, "a map of known values does not take a struct"),
            (.dictionary(nil), pet, true, "a map of unknown values takes every object"),
            (.dictionary(nil), .dictionary(string), true, "a map of unknown values takes every map"),
            (pet, namedPet, true, "a struct takes every struct with the fields it needs"),
            (namedPet, pet, false, "a struct needing more fields does not take one with fewer"),
            (pet, .object(needed: ["name": "Int"]), false, "fields of other types"),
            (pet, .object(needed: ["name": nil, "id": nil]), true, "unknown field types match"),
            (.object(needed: [:]), .dictionary(int), true, "a struct that needs nothing takes maps"),
            (pet, .dictionary(string), false, "a struct that needs fields does not take maps"),
            (.opaque("Shape"), .opaque("Shape"), true, "an unknown type takes itself"),
            (.opaque("Shape"), .opaque("Other"), false, "and nothing else"),
        ]
        for (earlier, later, expected, reason) in cases {
            XCTAssertEqual(earlier.takesEvery(later), expected, reason)
        }
    }
}

/// Warnings never make a part of a spec damaged: stages compare `errorCount` before and after a
/// part (a model's decoding, a sample tried against a union's case), never all diagnostics.
final class ErrorCountTests: XCTestCase {
    func testWarningsAreNotErrors() {
        var bag = DiagnosticBag()
        let before = bag.errorCount
        bag.warning("a warning", at: nil)
        XCTAssertEqual(bag.errorCount, before, "a warning alone must leave a model undamaged")
        XCTAssertFalse(bag.hasErrors)
        bag.error("an error", at: nil)
        bag.append(contentsOf: [.warning("w", at: nil), .error("e", at: nil), .note("n", at: nil)])
        XCTAssertEqual(bag.errorCount, 2)
        XCTAssertEqual(bag.warningCount, 2)
        bag.removeAll(after: 2)
        XCTAssertEqual(bag.errorCount, 1)
        XCTAssertEqual(bag.all.count, 2)
        bag.removeAll(after: 0)
        XCTAssertEqual(bag.errorCount, 0)
        XCTAssertFalse(bag.hasErrors)
    }
}
