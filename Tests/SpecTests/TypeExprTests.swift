@testable import EndpointGenSpec
import EndpointGenSupport
import XCTest

/// The spec's type syntax: what `TypeExpr` prints is what the parser reads back as the same type.
final class TypeExprTests: XCTestCase {
    private let base = SourceLocation(file: "specs/a.yaml", line: 2, column: 7)

    private func parse(_ text: String) -> (type: TypeExpr?, diagnostics: [String]) {
        var bag = DiagnosticBag()
        let type = TypeExpr.parse(text, at: base, into: &bag)
        return (type, bag.all.map(\.rendered))
    }

    func testPrintsWhatItParses() {
        for text in [
            "String", "Pet", "_Private1", "Pet?", "[Pet]", "[Pet]?", "[Pet?]", "[[Int]]", "[String: Int]",
            "[String: [Pet?]]?", "[[String: Date]]", "Envelope<Pet>", "Envelope<[Pet]>", "Envelope<Pet?>",
            "EventStream<Event>", "JSONLines<[String: JSON]>", "EventStream<String>",
        ] {
            let (type, diagnostics) = parse(text)
            XCTAssertEqual(diagnostics, [], text)
            XCTAssertEqual(type?.spelling, text)
            XCTAssertEqual(type.map { "\($0)" }, text)
        }
    }

    func testPrintsTheCanonicalSpelling() {
        for (text, printed) in [
            ("[String:Int]", "[String: Int]"), (" [ Pet ] ?", "[Pet]?"), ("Envelope< [ Pet ] >", "Envelope<[Pet]>"),
            ("[String :  [Int]]", "[String: [Int]]"),
        ] {
            XCTAssertEqual(parse(text).type?.spelling, printed, text)
        }
    }

    func testRefusesWhatItCannotPrint() {
        XCTAssertEqual(parse("[Int: String]").diagnostics, [
            "specs/a.yaml:2:8: error: invalid type '[Int: String]': dictionary keys must be String, found 'Int'",
        ])
        XCTAssertEqual(parse("Pet??").diagnostics, [
            "specs/a.yaml:2:11: error: invalid type 'Pet??': a type can be optional only once",
        ])
        XCTAssertEqual(parse("Int = 3").diagnostics, ["specs/a.yaml:2:11: error: a default value is not allowed here"])
    }

    func testBuiltTypesPrintAndParseBack() {
        let pet = TypeExpr.named("Pet")
        let built: [(TypeExpr, String)] = [
            (pet, "Pet"),
            (pet.madeOptional, "Pet?"),
            (.array(pet).madeOptional, "[Pet]?"),
            (.dictionary(.array(.named("Int"))), "[String: [Int]]"),
            (.envelope(of: .array(pet)), "Envelope<[Pet]>"),
            (.stream(.events, of: pet), "EventStream<Pet>"),
            (.stream(.lines, of: .dictionary(.named("JSON"))), "JSONLines<[String: JSON]>"),
        ]
        for (type, text) in built {
            XCTAssertEqual(type.spelling, text)
            let parsed = parse(text).type
            XCTAssertEqual(parsed.map(type.isSame), true, text)
        }
    }

    func testNamesAndRenaming() {
        let type = parse("[String: [Member]]?").type!
        XCTAssertEqual(type.names, ["Member"])
        XCTAssertEqual(parse("[String: [Int]]").type?.names, ["Int"])
        XCTAssertEqual(parse("Envelope<[Pet_2]>").type?.names, ["Pet_2"])
        // Whole names only: `Member` → `User` leaves `MemberList` alone.
        let renamed = parse("[String: [Member]]?").type!.renaming(["Member": "User", "Mem": "X"])
        XCTAssertEqual(renamed.spelling, "[String: [User]]?")
        XCTAssertEqual(parse("[MemberList]").type!.renaming(["Member": "User"]).spelling, "[MemberList]")
        XCTAssertEqual(parse("Envelope<Member>").type!.renaming(["Envelope": "Wrapper", "Member": "User"]).spelling, "Envelope<User>")
    }

    func testSameTypeIgnoresWhereItWasWritten() {
        let here = parse("[Pet]?").type!
        XCTAssertTrue(here.isSame(as: TypeExpr.array(.named("Pet")).madeOptional))
        XCTAssertFalse(here.isSame(as: .array(.named("Pet"))))
        XCTAssertFalse(parse("[String: Pet]").type!.isSame(as: .array(.named("Pet"))))
        XCTAssertFalse(parse("EventStream<Pet>").type!.isSame(as: .stream(.lines, of: .named("Pet"))))
        XCTAssertEqual(here.plainName, nil)
        XCTAssertEqual(here.unwrapped.spelling, "[Pet]")
        XCTAssertTrue(here.isOptional && here.unwrapped.isArray)
    }
}
