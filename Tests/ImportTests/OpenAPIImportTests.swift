import EndpointGenCodegen
import EndpointGenImport
import EndpointGenKit
import EndpointGenSpec
import EndpointGenSupport
import EndpointGenYAML
import Foundation
import GoldenSupport
import XCTest

/// `import-openapi` on Tests/Fixtures/openapi/shop.yaml: the spec files and warnings are compared
/// with Tests/Goldens/import-shop/, and the Swift those specs generate with
/// Tests/Goldens/imported-shop/ (compiled by the GoldenImportedShop target). `UPDATE_GOLDENS=1`
/// records and then fails.
final class OpenAPIImportTests: XCTestCase {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let shopPath = "Tests/Fixtures/openapi/shop.yaml"

    private func importShop() throws -> OpenAPIImportResult {
        let bytes = try [UInt8](Data(contentsOf: Self.testsFolder.appendingPathComponent("Fixtures/openapi/shop.yaml")))
        return OpenAPIImporter.run(bytes, path: Self.shopPath, outputDirectory: "specs")
    }

    /// The imported specs load and generate without a diagnostic.
    private func assertGeneratesCleanly(_ result: OpenAPIImportResult, file: StaticString = #filePath, line: UInt = #line) throws {
        _ = SpecGeneration.files(result.files.map { ("specs/" + $0.name, $0.contents) }, file: file, line: line)
    }

    func testShopDocumentImportsAsTheGoldenSpecs() throws {
        let result = try importShop()
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        var files = result.files.map { (name: $0.name, contents: $0.contents) }
        // The warnings, their summary, then the renames `--verbose` shows.
        let lines = result.diagnostics.map(\.rendered) + [result.warningSummary ?? ""] + result.renames.map(\.rendered)
        files.append(("diagnostics.txt", lines.map { $0 + "\n" }.joined()))
        try checkGoldens(files, in: "import-shop")
    }

    func testImportedShopSpecsGenerateTheGoldenSwift() throws {
        let result = try importShop()
        let generated = SpecGeneration.files(result.files.map { ("specs/" + $0.name, $0.contents) })
        try checkGoldens(generated.map { ($0.name, $0.contents) }, in: "imported-shop")
    }

    func testImportIsDeterministic() throws {
        XCTAssertEqual(try importShop().files, try importShop().files)
    }

    func testSwagger2IsRefusedWithItsLocation() {
        let result = ImportText.run("swagger: '2.0'\ninfo: { title: Old, version: '1' }\npaths: {}\n")
        XCTAssertEqual(result.files, [])
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:1:10: error: this is a Swagger 2.0 document; only OpenAPI 3.0 and 3.1 are read (convert it first, e.g. with swagger2openapi)",
        ])
    }

    func testDocumentsThatAreNotOpenAPI3AreErrors() {
        XCTAssertEqual(ImportText.run("openapi: 4.0.0\npaths: {}\n").diagnostics.map(\.rendered),
                       ["api.yaml:1:10: error: OpenAPI 4.0.0 is not supported; only 3.0 and 3.1 are read"])
        XCTAssertEqual(ImportText.run("info: { title: x }\n").diagnostics.map(\.rendered),
                       ["api.yaml:1:1: error: not an OpenAPI document: the top-level key 'openapi' is missing"])
        XCTAssertEqual(ImportText.run("- openapi\n").diagnostics.map(\.rendered),
                       ["api.yaml:1:1: error: an OpenAPI document is a mapping, found a sequence"])
        let syntax = ImportText.run("openapi: 3.0.0\npaths: { /a: [ }\n")
        XCTAssertTrue(syntax.hasErrors)
        XCTAssertTrue(syntax.diagnostics.allSatisfy { $0.location?.file == "api.yaml" && $0.location?.line == 2 }, "\(syntax.diagnostics)")
        XCTAssertEqual(ImportText.run("openapi: 3.1.0\ninfo: { title: Empty, version: '1' }\npaths: {}\n").diagnostics.map(\.rendered),
                       ["api.yaml:1:1: error: the document has no operations and no schemas: nothing to import"])
    }

    /// Found by `make fuzz` (seed 99): a discriminated `oneOf` whose case declares the
    /// discriminator as a non-string, or whose values repeat (a schema listed twice), was written as a `oneOf` model the generator then rejected. The first is
    /// kept as JSON, the repeats are left out; what is written generates. Values that are
    /// different but make the same Swift case name are both kept (the long form names the later).
    func testDiscriminatedOneOfsTheGeneratorWouldRejectAreNotWritten() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Pay, version: '1' }
        paths: {}
        components:
          schemas:
            Order:
              type: object
              properties:
                payment: { $ref: '#/components/schemas/Payment' }
                refund: { $ref: '#/components/schemas/Refund' }
            Payment:
              oneOf: [ { $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Bank' }, { $ref: '#/components/schemas/Card' } ]
              discriminator: { propertyName: method, mapping: { card: Card, Bank: Card } }
            Refund:
              oneOf: [ { $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Code' } ]
              discriminator: { propertyName: method }
            Transfer:
              oneOf: [ { $ref: '#/components/schemas/Bank' }, { $ref: '#/components/schemas/Card' } ]
              discriminator: { propertyName: method, mapping: { bank-transfer: Bank, bank_transfer: Card } }
            Card:
              type: object
              properties: { method: { type: string }, last4: { type: string } }
            Bank:
              type: object
              properties: { bank: { type: string } }
            Code:
              type: object
              properties: { method: { type: integer } }
        """)
        // `mapping` gives Card the values `card` and `Bank` (in the mapping's order): the
        // component Bank's own name is taken. Card listed again adds nothing.
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:12:7: warning: case 'Bank' (Bank) of 'Payment' repeats an earlier value; left out",
            "api.yaml:15:7: warning: 'oneOf' with a discriminator becomes a model only when its cases are all object schemas that declare the discriminator as a plain string (or as an integer, with integer values), if at all; the value is kept as JSON (JSONValue)",
        ])
        // A renamed case loses nothing: a note (`--verbose`), not a warning.
        XCTAssertEqual(result.renames.map(\.rendered), [
            "api.yaml:18:7: note: case 'bank_transfer' (Card) of 'Transfer' would be the Swift case 'bankTransfer' of an earlier one; named 'bankTransfer2'",
        ])
        // Values whose Swift names clash are both kept, the later one named in the long form.
        XCTAssertTrue(try XCTUnwrap(result.files.first { $0.name == "schemas.yaml" }).contents.contains("""
          Transfer:
            oneOf:
              discriminator: method
              cases:
                bank-transfer: Bank
                bank_transfer: { model: Card, name: bankTransfer2 }
        """))
        let schemas = try XCTUnwrap(result.files.first { $0.name == "schemas.yaml" }).contents
        XCTAssertTrue(schemas.contains("""
          Order:
            fields:
              payment: Payment?
              refund: JSON?
        """), schemas)
        XCTAssertTrue(schemas.contains("""
          Payment:
            oneOf:
              discriminator: method
              cases:
                card: Card
                Bank: Card

        """), schemas)
        try assertGeneratesCleanly(result)
    }

    /// A discriminated `oneOf` written inline (a property, an array's items, a response) becomes a
    /// `oneOf` model named after its owner, as inline objects do; it was kept as JSON.
    func testInlineDiscriminatedOneOfsBecomeModelsNamedAfterTheirOwner() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Pay, version: '1' }
        paths:
          /orders/{id}/events:
            get:
              operationId: listEvents
              parameters: [ { name: id, in: path, required: true, schema: { type: string } } ]
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema:
                        oneOf: [ { $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Bank' } ]
                        discriminator: { propertyName: method, mapping: { card: Card } }
        components:
          schemas:
            Order:
              type: object
              required: [payment]
              properties:
                payment:
                  oneOf: [ { $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Bank' } ]
                  discriminator: { propertyName: method, mapping: { card: Card, bank_transfer: Bank } }
                refunds:
                  type: array
                  items:
                    oneOf: [ { $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Bank' } ]
                    discriminator: { propertyName: method }
                other:
                  oneOf: [ { $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Code' } ]
                  discriminator: { propertyName: method }
            Card:
              type: object
              properties: { method: { type: string }, last4: { type: string } }
            Bank:
              type: object
              properties: { iban: { type: string } }
            Code:
              type: object
              properties: { method: { type: integer } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:31:11: warning: 'oneOf' with a discriminator becomes a model only when its cases are all object schemas that declare the discriminator as a plain string (or as an integer, with integer values), if at all; the value is kept as JSON (JSONValue)",
        ])
        let schemas = try XCTUnwrap(result.files.first { $0.name == "schemas.yaml" }).contents
        XCTAssertTrue(schemas.contains("""
          Order:
            fields:
              payment: OrderPayment
              refunds: "[OrderRefundsItem]?"
              other: JSON?

          OrderPayment:
            oneOf:
              discriminator: method
              cases:
                card: Card
                bank_transfer: Bank

          OrderRefundsItem:
            oneOf:
              discriminator: method
              cases:
                Card: Card
                Bank: Bank

        """), schemas)
        let service = try XCTUnwrap(result.files.first { $0.name != "schemas.yaml" }).contents
        XCTAssertTrue(service.contains("response: ListEventsResponse"), service)
        XCTAssertTrue(service.contains("""
          ListEventsResponse:
            oneOf:
        """), service)
        try assertGeneratesCleanly(result)
    }

    /// A `oneOf` of component objects without a `discriminator`, whose cases each declare the same
    /// string property with one value of its own (`enum: [x]` or `const: x`), is told apart by
    /// that property. A case that leaves the property open is no tagged union: its cases are
    /// told apart by the properties they require (`Loose`).
    func testOneOfWithoutDiscriminatorIsToldApartByASingleValuedProperty() throws {
        let result = ImportText.run("""
        openapi: 3.1.0
        info: { title: Feed, version: '1' }
        paths: {}
        components:
          schemas:
            Event:
              oneOf: [ { $ref: '#/components/schemas/Created' }, { $ref: '#/components/schemas/Deleted' } ]
            Loose:
              oneOf: [ { $ref: '#/components/schemas/Created' }, { $ref: '#/components/schemas/Open' } ]
            Numbered:
              oneOf: [ { $ref: '#/components/schemas/One' }, { $ref: '#/components/schemas/Two' } ]
            Created:
              type: object
              required: [kind]
              properties: { id: { type: string }, kind: { type: string, enum: [created] } }
            Deleted:
              type: object
              properties: { kind: { const: deleted }, id: { type: string } }
            Open:
              type: object
              properties: { id: { type: string }, kind: { type: string } }
            One:
              type: object
              properties: { kind: { enum: [1] } }
            Two:
              type: object
              properties: { kind: { const: 2 } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:7:7: warning: 'oneOf' has no discriminator; its cases are told apart by 'kind', which each declares with a single value",
            "api.yaml:11:7: warning: 'oneOf' has no discriminator; its cases are told apart by 'kind', which each declares with a single value",
        ])
        let schemas = try XCTUnwrap(result.files.first { $0.name == "schemas.yaml" }).contents
        XCTAssertTrue(schemas.contains("""
          Event:
            oneOf:
              discriminator: kind
              cases:
                created: Created
                deleted: Deleted

          Loose:
            oneOf:
              cases:
                - Created
                - Open

        """), schemas)
        // Integer values: the discriminator's type is Int, and the cases are named after their models.
        XCTAssertTrue(schemas.contains("""
          Numbered:
            oneOf:
              discriminator: kind
              type: Int
              cases:
                1: One
                2: Two

        """), schemas)
        // An untyped `const` string is a String; an untyped `enum` of plain integers an Int enum.
        XCTAssertTrue(schemas.contains("""
          Deleted:
            fields:
              kind: String?
        """), schemas)
        XCTAssertTrue(schemas.contains("""
          OneKind:
            enum:
              type: Int
        """), schemas)
        try assertGeneratesCleanly(result)
    }

    /// Discord's style: enums written as a `oneOf` of `const`s with titles, and unions told apart
    /// by an integer property (each case `{ type: integer, enum: [n], allOf: [$ref: Kind] }`, or
    /// a `discriminator` whose mapping keys are numbers): Int enums named by the titles, and
    /// `oneOf` models with `type: Int` whose cases are named after their models.
    func testIntegerTaggedUnionsAndConstEnums() throws {
        let result = ImportText.run("""
        openapi: 3.1.0
        info: { title: Chat, version: '1' }
        paths: {}
        components:
          schemas:
            ChannelTypes:
              type: integer
              oneOf:
                - { title: GUILD_TEXT, description: A text channel, const: 0 }
                - { title: DM, const: 1 }
            Status:
              oneOf: [ { title: Online, const: online }, { title: Idle, const: idle } ]
            Channel:
              oneOf: [ { $ref: '#/components/schemas/GuildChannel' }, { $ref: '#/components/schemas/DirectChannel' } ]
            Mapped:
              oneOf: [ { $ref: '#/components/schemas/GuildChannel' }, { $ref: '#/components/schemas/DirectChannel' } ]
              discriminator: { propertyName: type, mapping: { '0': GuildChannel, '1': DirectChannel } }
            GuildChannel:
              type: object
              required: [type]
              properties:
                type: { type: integer, enum: [0], allOf: [ { $ref: '#/components/schemas/ChannelTypes' } ] }
                name: { type: string }
            DirectChannel:
              type: object
              required: [type]
              properties:
                type: { type: integer, enum: [1], allOf: [ { $ref: '#/components/schemas/ChannelTypes' } ] }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:14:7: warning: 'oneOf' has no discriminator; its cases are told apart by 'type', which each declares with a single value",
        ])
        let schemas = try XCTUnwrap(result.files.first { $0.name == "schemas.yaml" }).contents
        XCTAssertTrue(schemas.contains("""
          ChannelTypes:
            enum:
              type: Int
              values:
                guildText: 0
                dm: 1

          Status:
            enum: [online, idle]

          Channel:
            oneOf:
              discriminator: type
              type: Int
              cases:
                0: GuildChannel
                1: DirectChannel

          Mapped:
            oneOf:
              discriminator: type
              type: Int
              cases:
                0: GuildChannel
                1: DirectChannel

        """), schemas)
        XCTAssertTrue(schemas.contains("""
          GuildChannel:
            fields:
              type: ChannelTypes
              name: String?
        """), schemas)
        try assertGeneratesCleanly(result)
    }

    /// `anyOf: [string, string enum]` ("any string; these are the known ones", OpenAI's model
    /// ids) is an enum model: its `unknown(String)` case keeps the rest. A list too long for one
    /// line is written one value per line.
    func testAnyStringOrAKnownOneIsAnEnum() throws {
        let ids = (1...12).map { "model-\($0)-2026" }
        let result = ImportText.run("""
        openapi: 3.1.0
        info: { title: Models, version: '1' }
        paths: {}
        components:
          schemas:
            ModelId:
              anyOf: [ { type: string }, { type: string, enum: [gpt-5, o3] } ]
            LongId:
              anyOf: [ { type: string }, { type: string, enum: [\(ids.joined(separator: ", "))] } ]
            Dated:
              anyOf: [ { type: string, format: date-time }, { type: string, enum: [never] } ]
            Request:
              type: object
              properties: { model: { $ref: '#/components/schemas/ModelId' }, other: { $ref: '#/components/schemas/LongId' } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:11:7: warning: 'anyOf' has no single Swift type: part 1 and part 2 cannot be told apart by their JSON; the value is kept as JSON (JSONValue)",
        ])
        let schemas = try XCTUnwrap(result.files.first { $0.name == "schemas.yaml" }).contents
        XCTAssertTrue(schemas.contains("""
          ModelId:
            enum: [gpt-5, o3]

          LongId:
            enum:

        """ + ids.map { "      - \($0)\n" }.joined() + "\n"), schemas)
        try assertGeneratesCleanly(result)
    }

    /// A `oneOf`/`anyOf` whose parts each have a JSON shape of their own (a string or an array of
    /// parts, OpenAI's message content; an integer or "inf") becomes a `oneOf` model of their
    /// types, tried in order (integers before numbers); inline parts are named after it, their
    /// cases without its name (`value`, `object`). Parts that share a shape stay JSON.
    func testUnionsOfDifferentJSONShapesBecomeModels() throws {
        let result = ImportText.run("""
        openapi: 3.1.0
        info: { title: Chat, version: '1' }
        paths: {}
        components:
          schemas:
            Message:
              type: object
              required: [content]
              properties:
                content:
                  oneOf: [ { type: string }, { type: array, items: { $ref: '#/components/schemas/Part' } } ]
                max_tokens:
                  anyOf: [ { type: number }, { type: integer }, { type: string, enum: [inf] }, { type: 'null' } ]
                tool:
                  oneOf: [ { type: string, enum: [auto, none] }, { type: object, properties: { name: { type: string } } } ]
                either:
                  oneOf: [ { $ref: '#/components/schemas/Part' }, { type: object, properties: { other: { type: string } } } ]
            Part:
              type: object
              properties: { text: { type: string } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:17:11: warning: 'oneOf' has no single Swift type: case 'Part' and part 2 cannot be told apart by their JSON; the value is kept as JSON (JSONValue)",
        ])
        let schemas = try XCTUnwrap(result.files.first { $0.name == "schemas.yaml" }).contents
        XCTAssertTrue(schemas.contains("""
          Message:
            fields:
              content: MessageContent
              max_tokens: MessageMaxTokens?
              tool: MessageTool?
              either: JSON?

          MessageContent:
            oneOf:
              cases:
                - String
                - "[Part]"

          MessageMaxTokens:
            oneOf:
              cases:
                - Int
                - Double
                - { type: MessageMaxTokensValue, name: value }

          MessageMaxTokensValue:
            enum: [inf]

          MessageTool:
            oneOf:
              cases:
                - { type: MessageToolValue, name: value }
                - { type: MessageToolObject, name: object }

        """), schemas)
        try assertGeneratesCleanly(result)
    }

    /// Object parts are told apart by the properties they require: tried from the one that
    /// requires most (a struct decodes any object that has what it needs), a map last; arrays
    /// by their elements. A union of one part is that part, and `anyOf: [string, $ref Enum]` the
    /// enum (it keeps unknown values). Objects that require the same properties stay JSON.
    func testUnionsOfObjectsAreOrderedByWhatTheyRequire() throws {
        let result = ImportText.run("""
        openapi: 3.1.0
        info: { title: Audio, version: '1' }
        paths: {}
        components:
          schemas:
            Transcription:
              type: object
              properties:
                result:
                  oneOf:
                    - $ref: '#/components/schemas/Plain'
                    - { type: object, additionalProperties: { type: string } }
                    - $ref: '#/components/schemas/Verbose'
                    - { type: string }
                prompt:
                  oneOf: [ { type: string }, { type: array, items: { type: string } }, { type: array, items: { type: integer } }, { type: array, items: { type: array, items: { type: integer } } } ]
                only:
                  oneOf: [ { $ref: '#/components/schemas/Plain' } ]
                model:
                  anyOf: [ { type: string }, { $ref: '#/components/schemas/Model' } ]
                same:
                  anyOf: [ { $ref: '#/components/schemas/Plain' }, { type: object, required: [text], properties: { text: { type: integer } } } ]
            Plain:
              type: object
              required: [text]
              properties: { text: { type: string } }
            Verbose:
              type: object
              required: [text, duration]
              properties: { text: { type: string }, duration: { type: number } }
            Model:
              type: string
              enum: [whisper-1]
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:22:11: warning: 'anyOf' has no single Swift type: case 'Plain' and part 2 cannot be told apart by their JSON; the value is kept as JSON (JSONValue)",
        ])
        let schemas = try XCTUnwrap(result.files.first { $0.name == "schemas.yaml" }).contents
        XCTAssertTrue(schemas.contains("""
          Transcription:
            fields:
              result: TranscriptionResult?
              prompt: TranscriptionPrompt?
              only: Plain?
              model: Model?
              same: JSON?

          TranscriptionResult:
            oneOf:
              cases:
                - Verbose
                - Plain
                - "[String: String]"
                - String

          TranscriptionPrompt:
            oneOf:
              cases:
                - String
                - "[String]"
                - "[Int]"
                - "[[Int]]"

        """), schemas)
        try assertGeneratesCleanly(result)
    }

    /// A component model that one service alone uses, directly or through other models, is
    /// written in that service's file; models two services use, and unused ones, in schemas.yaml.
    func testModelsOneServiceUsesAreWrittenBesideIt() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Shop, version: '1' }
        paths:
          /orders:
            get:
              tags: [orders]
              operationId: listOrders
              responses: { '200': { description: OK, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Order' } } } } } }
          /members/me:
            get:
              tags: [members]
              operationId: me
              responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Member' } } } } }
        components:
          schemas:
            Order:
              type: object
              properties: { line: { $ref: '#/components/schemas/Line' }, buyer: { $ref: '#/components/schemas/Address' } }
            Line:
              type: object
              properties: { sku: { type: string } }
            Member:
              type: object
              properties: { home: { $ref: '#/components/schemas/Address' } }
            Address:
              type: object
              properties: { city: { type: string } }
            Unused:
              type: object
              properties: { x: { type: string } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        func models(_ file: String) throws -> [String] {
            let contents = try XCTUnwrap(result.files.first { $0.name == file }).contents
            // `  Name:` lines: the models (endpoints are lowercase).
            return contents.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.dropFirst(2).first?.isUppercase == true }
                .map { String($0.dropFirst(2).dropLast()) }
        }
        XCTAssertEqual(try models("orders.yaml"), ["Order", "Line"])
        XCTAssertEqual(try models("members.yaml"), ["Member"])
        XCTAssertEqual(try models("schemas.yaml"), ["Address", "Unused"])
        try assertGeneratesCleanly(result)
    }

    /// OpenAPI's inheritance (springdoc's `@JsonSubTypes`): a base object with a discriminator that
    /// other components extend through `allOf` becomes a `oneOf` model of them, values from the
    /// mapping, else the subtype's name; each subtype keeps the base's properties. A base nothing
    /// extends stays a struct, and so does one whose discriminator is not a string (with a warning).
    func testABaseWithADiscriminatorBecomesAOneOfModelOfItsSubtypes() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Pets, version: '1' }
        paths:
          /pets:
            get:
              operationId: listPets
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema: { type: array, items: { $ref: '#/components/schemas/Pet' } }
        components:
          schemas:
            Pet:
              type: object
              description: A pet of any kind.
              required: [petType, name]
              properties:
                petType: { type: string }
                name: { type: string }
              discriminator:
                propertyName: petType
                mapping: { cat: '#/components/schemas/Cat' }
            Cat:
              allOf:
                - $ref: '#/components/schemas/Pet'
                - type: object
                  properties: { huntingSkill: { type: string } }
            Dog:
              allOf:
                - $ref: '#/components/schemas/Pet'
                - type: object
                  required: [packSize]
                  properties: { packSize: { type: integer } }
            Lonely:
              type: object
              properties: { kind: { type: string } }
              discriminator: { propertyName: kind }
            Figure:
              type: object
              properties: { kind: { type: integer } }
              discriminator: { propertyName: kind }
            Circle:
              allOf: [ { $ref: '#/components/schemas/Figure' }, { type: object, properties: { r: { type: number } } } ]
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:41:7: warning: schema 'Figure' has subtypes (Circle), but not all are objects that declare 'kind' as a plain string (or as an integer, with integer values); it stays a struct of its own properties",
        ])
        // The models are in the file of the one service that uses them.
        let schemas = result.files.map(\.contents).joined(separator: "\n")
        XCTAssertTrue(schemas.contains("""
          Pet:
            summary: A pet of any kind.
            oneOf:
              discriminator: petType
              cases:
                cat: Cat
                Dog: Dog

          Cat:
            fields:
              petType: String
              name: String
              huntingSkill: String?

          Dog:
            fields:
              petType: String
              name: String
              packSize: Int

        """), schemas)
        XCTAssertTrue(schemas.contains("""
          Lonely:
            fields:
              kind: String?
        """), schemas)
        let service = try XCTUnwrap(result.files.first { $0.name != "schemas.yaml" }).contents
        XCTAssertTrue(service.contains("response: \"[Pet]\""), service)
        try assertGeneratesCleanly(result)
    }

    /// `x-enum-varnames` (openapi-generator) and `x-enumNames` (NSwag) name the cases of integer
    /// and string enums; a list of another length is ignored.
    func testEnumCaseNamesFromGeneratorExtensions() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Tasks, version: '1' }
        paths: {}
        components:
          schemas:
            Priority:
              type: integer
              enum: [0, 1, 2]
              x-enum-varnames: [LOW, NORMAL, HIGH_PRIORITY]
            Status:
              type: string
              enum: [A, B, unknown]
              x-enumNames: [Active, Blocked, Unknown]
            Size:
              type: integer
              enum: [1, 2]
              x-enum-varnames: [Small]
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        let schemas = try XCTUnwrap(result.files.first { $0.name == "schemas.yaml" }).contents
        XCTAssertTrue(schemas.contains("""
          Priority:
            enum:
              type: Int
              values:
                low: 0
                normal: 1
                highPriority: 2

          Status:
            enum:
              values:
                active: "A"
                blocked: "B"
                unknownValue: "unknown"

          Size:
            enum:
              type: Int
              values:
                value1: 1
                value2: 2
        """), schemas)
        try assertGeneratesCleanly(result)
    }

    /// Names the Namer reserves (from the generated-code contract) are renamed on import, where a
    /// hand-written spec gets an error; values without letters get the Namer's made-up names,
    /// written in the long form so that the specs load without a warning; a discriminator value
    /// `unknown` is named as an enum's is.
    func testImportNamesByTheNamersRules() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Films, version: '1' }
        paths:
          /actors:
            get:
              operationId: listActors
              responses:
                '200':
                  description: ok
                  content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Actor' } } } }
        components:
          schemas:
            Actor: { type: object, properties: { login: { type: string } } }
            Task: { type: object, properties: { title: { type: string } } }
            Sign: { type: string, enum: ["", "+", "-1", "up"] }
            Event:
              type: object
              required: [kind]
              properties: { kind: { type: string } }
              discriminator:
                propertyName: kind
                mapping: { known: '#/components/schemas/Known', unknown: '#/components/schemas/Other' }
              oneOf: [{ $ref: '#/components/schemas/Known' }, { $ref: '#/components/schemas/Other' }]
            Known: { type: object, required: [kind], properties: { kind: { type: string } } }
            Other: { type: object, required: [kind], properties: { kind: { type: string } } }
        """)
        let text = result.files.map(\.contents).joined(separator: "\n")
        XCTAssertTrue(text.contains("ActorModel:"), text)
        XCTAssertTrue(text.contains("TaskModel:"), text)
        XCTAssertFalse(text.contains("\n  Actor:"), text)
        XCTAssertTrue(text.contains("""
            values:
                empty: ""
                plus: "+"
                minus1: "-1"
                up: "up"
        """), text)
        XCTAssertTrue(text.contains("unknown: { model: Other, name: unknownValue }"), text)
        try assertGeneratesCleanly(result)
    }

    /// `readOnly` properties come only in responses and `writeOnly` ones go only in requests: in a
    /// model that travels both ways they cannot be required (a request could not be built without
    /// an `id` the server assigns). Models that travel one way keep them as declared.
    func testReadOnlyAndWriteOnlyPropertiesOfModelsThatTravelBothWays() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Users, version: '1' }
        paths:
          /users:
            post:
              operationId: createUser
              requestBody:
                content:
                  application/json:
                    schema: { $ref: '#/components/schemas/User' }
              responses:
                '201':
                  description: Created
                  content:
                    application/json:
                      schema: { $ref: '#/components/schemas/User' }
          /users/{id}/audit:
            get:
              operationId: getAudit
              parameters: [ { name: id, in: path, required: true, schema: { type: integer } } ]
              responses:
                '200':
                  description: OK
                  content:
                    application/json:
                      schema: { $ref: '#/components/schemas/Audit' }
        components:
          schemas:
            User:
              type: object
              required: [id, name, password, address]
              properties:
                id: { type: integer, readOnly: true }
                name: { type: string }
                password: { type: string, writeOnly: true }
                address: { $ref: '#/components/schemas/Address' }
            Address:
              type: object
              required: [verified, city]
              properties:
                verified: { type: boolean, readOnly: true }
                city: { type: string }
            Audit:
              type: object
              required: [id]
              properties:
                id: { type: integer, readOnly: true }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        // The models are in the file of the one service that uses them.
        let schemas = result.files.map(\.contents).joined(separator: "\n")
        XCTAssertTrue(schemas.contains("""
          User:
            fields:
              id:
                type: Int?
                readOnly: true
              name: String
              password:
                type: String?
                writeOnly: true
              address: Address

          Address:
            fields:
              verified:
                type: Bool?
                readOnly: true
              city: String

          Audit:
            fields:
              id: Int
        """), schemas)
        try assertGeneratesCleanly(result)
    }

    /// OpenAPI 3.1 written as JSON: type lists with "null", `oneOf` with a null branch, no tags,
    /// an operation without an `operationId`, a wrapper used once (no envelope), a placeholder
    /// that is already an identifier (kept as written).
    func testJSONDocumentIn31Style() throws {
        let result = ImportText.run("""
        {"openapi":"3.1.0","info":{"title":"notes service","version":"1"},
         "servers":[{"url":"https://notes.example.com/v1/"}],
         "paths":{"/notes/{note_id}":{"get":{"parameters":[{"name":"note_id","in":"path","required":true,"schema":{"type":"string","format":"uuid"}}],
           "responses":{"200":{"description":"OK","content":{"application/json":{"schema":{"type":"object","required":["ok","data"],
             "properties":{"ok":{"type":"boolean"},"data":{"$ref":"#/components/schemas/Note"}}}}}}}}}},
         "components":{"schemas":{"Note":{"type":"object","required":["id","title","pinned"],"properties":{
           "id":{"type":"string","format":"uuid"},"title":{"type":["string","null"]},"pinned":{"type":"boolean"},
           "parent":{"oneOf":[{"$ref":"#/components/schemas/Note"},{"type":"null"}]}}}}}}
        """, path: "notes.json")
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        // The one service uses the one model: it is in the service's file.
        XCTAssertEqual(result.files.map(\.name), ["notes-service.yaml"])
        let service = result.files[0].contents
        XCTAssertTrue(service.contains("""
        service: NotesService
        baseURL: https://notes.example.com/v1

        endpoints:
          getNotesNoteId:
            method: GET
            path: /notes/{note_id}
            params:
              note_id: UUID
            response:
              fields:
                ok: Bool
                data: Note
        """), service)
        XCTAssertTrue(service.contains("""
          Note:
            fields:
              id: UUID
              title: String?
              pinned: Bool
              parent: Note?
        """), service)
    }

    /// Damage found by `make fuzz` (Tests/Fuzz/fuzz_openapi.py): each part specs cannot hold is
    /// skipped with a warning, and what is written still loads.
    func testPartsSpecsCannotHoldAreSkippedWithWarnings() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Damaged, version: '1' }
        paths:
          bad/start: { get: { responses: { '204': { description: x } } } }
          /with space: { get: { responses: { '204': { description: x } } } }
          /open/{id: { get: { responses: { '204': { description: x } } } }
          /twice/{a}/{a}: { get: { responses: { '204': { description: x } } } }
          /items/{item-id}:
            post:
              tags: [a]
              operationId: addItem
              parameters:
                - { name: page, in: query, schema: { type: integer } }
                - { name: page, in: query, schema: { type: string } }
                - { name: itemId, in: query, schema: { type: string } }
                - { name: 'X Bad', in: header, schema: { type: string } }
              requestBody:
                content:
                  additionalproperties: { schema: { type: string } }
              responses: { '204': { description: x } }
          /login:
            post:
              tags: [b]
              operationId: login
              requestBody:
                content:
                  application/json:
                    schema: { type: object, properties: { user: { type: string } } }
              responses: { '204': { description: x } }
        components:
          schemas:
            LoginRequest: { type: object, properties: { name: { type: string } } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:4:3: warning: path 'bad/start' is skipped: it does not start with '/'",
            "api.yaml:6:3: warning: path '/open/{id' is skipped: a '{' is not closed",
            "api.yaml:7:3: warning: path '/twice/{a}/{a}' is skipped: placeholder '{a}' appears twice",
            "api.yaml:14:11: warning: query parameter 'page' is listed twice; the later one is used",
            "api.yaml:16:11: warning: header parameter 'X Bad' is not a valid header name; skipped",
            "api.yaml:19:11: warning: 'additionalproperties' is not a media type (type/subtype); the request body is skipped",
        ])
        XCTAssertEqual(result.renames.map(\.rendered), [
            "api.yaml:23:7: note: operation 'login' becomes endpoint 'login2': its inline body would be the model 'LoginRequest', a name already taken",
        ])
        let loaded = SpecLoader.load(result.files.map { $0.readBack(from: ".") })
        XCTAssertEqual(loaded.diagnostics.map(\.rendered), [])
        let endpoints = try XCTUnwrap(loaded.module).files.flatMap { $0.service?.endpoints ?? [] }
        XCTAssertEqual(endpoints.map(\.name), ["addItem", "login2", "getWithSpace"])
        // A space in a path is sent percent-encoded.
        XCTAssertEqual(endpoints.last?.path, "/with%20space")
        // The undeclared placeholder is a String parameter; the query parameter of the same Swift name gets another.
        XCTAssertTrue(result.files.map(\.contents).joined().contains("""
            params:
              itemId: String
            query:
              page: String?
              itemId:
                type: String?
                name: itemId2
        """), result.files.map(\.contents).joined())
    }

    /// OpenAPI's `style`/`explode` of query parameters become the spec's `style`; objects in
    /// deepObject or exploded form style become struct models (or maps for additionalProperties);
    /// an object-or-integer keeps the object, with a warning; what the format cannot say is a warning.
    func testQueryParameterStylesImport() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Styles, version: '1' }
        paths:
          /items:
            delete:
              tags: [items]
              operationId: deleteItems
              parameters:
                - { name: ids, in: query, required: true, explode: false, schema: { type: array, items: { type: integer } } }
                - { name: tags, in: query, style: spaceDelimited, schema: { type: array, items: { type: string } } }
                - { name: kinds, in: query, style: pipeDelimited, schema: { type: array, items: { type: string } } }
                - { name: all, in: query, schema: { type: array, items: { type: string } } }
                - { name: filter, in: query, style: deepObject, schema: { type: object, additionalProperties: { type: string } } }
                - { name: extra, in: query, schema: { type: object, additionalProperties: { type: integer } } }
                - { name: address, in: query, style: deepObject, schema: { type: object, properties: { city: { type: string } } } }
                - { name: flat, in: query, explode: false, schema: { type: object, additionalProperties: { type: string } } }
                - { name: deep, in: query, style: deepObject, schema: { type: array, items: { type: string } } }
                - { name: created, in: query, style: deepObject, schema: { anyOf: [{ type: object, properties: { gte: { type: integer } } }, { type: integer }] } }
                - { name: lines, in: query, style: deepObject, schema: { type: array, items: { type: object, properties: { amount: { type: integer } } } } }
                - { name: rates, in: query, style: deepObject, schema: { anyOf: [{ type: array, items: { type: string } }, { type: string, enum: [''] }] } }
                - { name: anchor, in: query, style: deepObject, schema: { anyOf: [{ type: string, enum: [now] }, { type: integer }] } }
              responses: { '204': { description: x } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:16:11: warning: query parameter 'flat' is an object with 'style: form', explode false, which the spec format cannot say; it is skipped",
            "api.yaml:18:11: warning: query parameter 'created' is an object or a single integer; it is sent as the object (created[key]=value), and a single integer cannot be sent",
            "api.yaml:20:11: warning: query parameter 'rates' may also be the empty string (to clear it), which cannot be sent; it is the other form",
            "api.yaml:21:11: warning: query parameter 'anchor' is one of string, integer; it is a String, which sends any of them as written",
        ])
        let spec = try XCTUnwrap(result.files.first { $0.name == "items.yaml" }).contents
        for expected in ["type: \"[Int]\"\n        style: comma", "type: \"[String]?\"\n        style: space", "type: \"[String]?\"\n        style: pipe",
                         "all: \"[String]?\"", "type: \"[String: String]?\"\n        style: deepObject",
                         "type: DeleteItemsAddress?\n        style: deepObject", "type: DeleteItemsCreated?\n        style: deepObject",
                         "type: \"[DeleteItemsLinesItem]?\"\n        style: deepObject", "type: \"[String]?\"\n        style: brackets", "anchor: String?",
                         "type: \"[String: Int]?\"\n        style: form", "type: \"[String]?\"\n        style: brackets"] {
            XCTAssertTrue(spec.contains(expected), "\(expected) in\n\(spec)")
        }
        try assertGeneratesCleanly(result)
    }

    /// Form bodies keep their nested fields (Stripe's), with the styles of their `encoding`;
    /// what the format cannot say is a warning at the entry.
    func testFormBodiesKeepNestedFieldsWithTheirEncoding() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Checkout, version: '1' }
        paths:
          /sessions:
            post:
              tags: [checkout]
              operationId: createSession
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      required: [line_items]
                      properties:
                        line_items: { type: array, items: { type: object, properties: { price: { type: string }, quantity: { type: integer } } } }
                        metadata: { type: object, additionalProperties: { type: string } }
                        expand: { type: array, items: { type: string } }
                        tags: { type: array, items: { type: string } }
                        shipping: { type: object, properties: { city: { type: string } } }
                        odd: { type: object, properties: { a: { type: string } } }
                        extra: {}
                    encoding:
                      line_items: { style: deepObject, explode: true }
                      expand: { style: deepObject, explode: true }
                      tags: { style: form, explode: false }
                      shipping: { style: form, explode: true }
                      odd: { style: spaceDelimited }
              responses: { '204': { description: x } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:27:15: warning: form field 'odd' has 'style: spaceDelimited', explode default, which the spec format cannot say; it is sent by the bracket convention (odd[key]=value)",
        ])
        let spec = try XCTUnwrap(result.files.first { $0.name == "checkout.yaml" }).contents
        for expected in ["line_items: \"[CreateSessionRequestLineItemsItem]\"", "metadata: \"[String: String]?\"",
                         "expand:\n          type: \"[String]?\"\n          style: brackets", "tags:\n          type: \"[String]?\"\n          style: comma",
                         "shipping:\n          type: CreateSessionRequestShipping?\n          style: form", "extra: JSON?"] {
            XCTAssertTrue(spec.contains(expected), "\(expected) in\n\(spec)")
        }
        try assertGeneratesCleanly(result)
    }

    /// Paths keep their operations whatever characters they hold (sent percent-encoded), `{+path}`
    /// and `allowReserved: true` become several-segment parameters, and `trace` operations stay.
    func testPathsOfAnyCharactersSegmentsAndTrace() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Files, version: '1' }
        paths:
          /files/{+path}:
            get: { tags: [files], operationId: readFile, responses: { '204': { description: x } } }
          /blobs/{key}:
            put:
              tags: [files]
              operationId: putBlob
              parameters: [ { name: key, in: path, required: true, allowReserved: true, schema: { type: integer } } ]
              responses: { '204': { description: x } }
          '/v1/été/a b/#x?y:z':
            get: { tags: [files], operationId: odd, responses: { '204': { description: x } } }
          /health:
            trace: { tags: [files], operationId: traceHealth, responses: { '200': { description: x } } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:10:21: warning: path parameter 'key' holds several segments; its type 'Int' becomes String",
        ])
        let spec = try XCTUnwrap(result.files.first { $0.name == "files.yaml" }).contents
        for expected in ["path: /files/{path...}\n    params:\n      path: String", "path: /blobs/{key...}\n    params:\n      key: String", "path: /v1/%C3%A9t%C3%A9/a%20b/%23x%3Fy:z",
                         "method: TRACE\n    path: /health"] {
            XCTAssertTrue(spec.contains(expected), "\(expected) in\n\(spec)")
        }
        try assertGeneratesCleanly(result)
    }

    /// `format: date` and integer timestamps (Stripe's `unix-time`) become dates with their
    /// `dateEncoding`, in fields and parameters; where only a type can be written (a map's values,
    /// a oneOf's case) the wire type is kept, with a warning that says so.
    func testDateFormatsImportWithTheirEncodings() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Dates, version: '1' }
        paths:
          /events:
            get:
              tags: [events]
              operationId: listEvents
              parameters:
                - { name: day, in: query, required: true, schema: { type: string, format: date } }
                - { name: since, in: query, schema: { type: integer, format: unix-time } }
                - { name: at, in: header, schema: { type: string, format: date-time } }
              responses: { '200': { description: x, content: { application/json: { schema: { $ref: '#/components/schemas/Event' } } } } }
        components:
          schemas:
            Event:
              type: object
              required: [created, days]
              properties:
                created: { type: integer, format: unix-time }
                updated: { type: integer, format: unix-time-ms }
                days: { type: array, items: { type: string, format: date } }
                byName: { type: object, additionalProperties: { type: integer, format: unix-time } }
                when: { oneOf: [ { type: string }, { type: integer, format: unix-time } ] }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [
            "api.yaml:22:55: warning: dates written as 'epochSeconds' cannot be said as the values of a map (only a field or parameter has a dateEncoding); they are kept as Int64",
            "api.yaml:23:44: warning: dates written as 'epochSeconds' cannot be said as a case of a oneOf (only a field or parameter has a dateEncoding); they are kept as Int64",
        ])
        let spec = result.files.map(\.contents).joined()
        for expected in ["day:\n        type: Date\n        dateEncoding: date", "since:\n        type: Date?\n        dateEncoding: epochSeconds",
                         "at: Date?", "created:\n        type: Date\n        dateEncoding: epochSeconds",
                         "updated:\n        type: Date?\n        dateEncoding: epochMilliseconds",
                         "days:\n        type: \"[Date]\"\n        dateEncoding: date", "byName: \"[String: Int64]?\""] {
            XCTAssertTrue(spec.contains(expected), "\(expected) in\n\(spec)")
        }
        try assertGeneratesCleanly(result)
    }

    /// `Accept` is the spec's, not a parameter of every method: its default (else the media type
    /// the response is read as) becomes a constant header. A bodiless call's `Content-Type`
    /// parameter stays: nothing else would send one.
    func testAcceptBecomesAConstantHeaderAndABodilessContentTypeStays() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Repos, version: '1' }
        paths:
          /repos:
            get:
              tags: [repos]
              operationId: listRepos
              parameters:
                - { name: accept, in: header, schema: { type: string, default: application/vnd.github+json } }
                - { name: Content-Type, in: header, required: true, schema: { type: string } }
              responses: { '200': { description: x, content: { application/json: { schema: { type: array, items: { type: string } } } } } }
          /readme:
            get:
              tags: [repos]
              operationId: readme
              parameters: [ { name: Accept, in: header, schema: { type: string } } ]
              responses: { '200': { description: x, content: { application/json: { schema: { type: string } } } } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        let spec = try XCTUnwrap(result.files.first { $0.name == "repos.yaml" }).contents
        XCTAssertTrue(spec.contains("headers:\n      Accept: application/vnd.github+json"), spec)
        XCTAssertTrue(spec.contains("headerParams:\n      Content-Type: String"), spec)
        XCTAssertTrue(spec.contains("headers:\n      Accept: application/json"), spec)
        XCTAssertFalse(spec.lowercased().contains("accept: string"), spec)
        try assertGeneratesCleanly(result)
    }

    /// Header parameters every operation of a tag has, the same way, become the service's `parameters:`.
    func testParametersEveryOperationSharesAreGivenOnce() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Billing, version: '1' }
        components:
          parameters:
            tenant: { name: X-Tenant-Id, in: header, required: true, schema: { type: string } }
            version: { name: api-version, in: query, schema: { type: string, default: '2024-01-01' } }
        paths:
          /invoices:
            get:
              tags: [billing]
              operationId: listInvoices
              parameters: [ { $ref: '#/components/parameters/tenant' }, { $ref: '#/components/parameters/version' },
                            { name: page, in: query, schema: { type: integer } } ]
              responses: { '204': { description: x } }
          /invoices/{id}:
            delete:
              tags: [billing]
              operationId: deleteInvoice
              parameters: [ { name: id, in: path, required: true, schema: { type: string } },
                            { $ref: '#/components/parameters/tenant' }, { $ref: '#/components/parameters/version' } ]
              responses: { '204': { description: x } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        let spec = try XCTUnwrap(result.files.first { $0.name == "billing.yaml" }).contents
        XCTAssertTrue(spec.contains("""
        parameters:
          headers:
            X-Tenant-Id: String
        """), spec)
        XCTAssertFalse(spec.contains("headerParams"), spec)
        // Shared query parameters stay with each method (a search's `q` or `page` is per call).
        XCTAssertTrue(spec.contains("query:\n      api-version:"), spec)
        XCTAssertTrue(spec.contains("      page: Int?"), spec)
        try assertGeneratesCleanly(result)
    }

    /// A free-form object in a union becomes JSON, which takes every value: it goes last whatever
    /// the document's order (GitHub's deployment `payload`), or the import would not load.
    func testAFreeFormObjectIsTheLastCaseOfAUnion() throws {
        let result = ImportText.run("""
        openapi: 3.0.3
        info: { title: Deploy, version: '1' }
        paths:
          /deployments:
            get:
              tags: [deploy]
              operationId: getDeployment
              responses:
                '200':
                  description: x
                  content:
                    application/json:
                      schema: { $ref: '#/components/schemas/Deployment' }
        components:
          schemas:
            Deployment:
              type: object
              properties:
                payload:
                  oneOf: [ { type: object, additionalProperties: true }, { type: string } ]
        """)
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        let schemas = result.files.map(\.contents).joined(separator: "\n")
        XCTAssertTrue(schemas.contains("cases:\n        - String\n        - JSON"), schemas)
        try assertGeneratesCleanly(result)
    }

    /// A form body of no fields (Stripe's GET and DELETE operations) is no body, not a required
    /// parameter of an empty struct.
    func testAnEmptyFormBodyIsNoBody() throws {
        let result = ImportText.run("""
        openapi: 3.0.0
        info: { title: Accounts, version: '1' }
        paths:
          /v1/account:
            get:
              tags: [accounts]
              operationId: getAccount
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema: { type: object, properties: {}, additionalProperties: false }
              responses: { '204': { description: x } }
        """)
        XCTAssertEqual(result.diagnostics.map(\.rendered), [])
        let spec = try XCTUnwrap(result.files.first { $0.name == "accounts.yaml" }).contents
        XCTAssertFalse(spec.contains("body:"), spec)
        try assertGeneratesCleanly(result)
    }

    /// Every scalar that YAML would read as something else is quoted, and reads back as written.
    func testScalarsReadBackAsWritten() throws {
        let texts = ["yes", "No", "null", "~", "123", "1.5", "-x", "a: b", "a #b", "#x", "[x]", "x?", "tab\there", "line\nbreak",
                     "quote\"s", "back\\slash", "", " lead", "trail ", "한국어 설명", "@at", "%pct", "0x1F", ".5", "+1", "on"]
        let document = "openapi: 3.0.0\ninfo: { title: T, version: '1' }\npaths:\n" + texts.enumerated().map { index, text in
            "  /p\(index):\n    get:\n      operationId: op\(index)\n      summary: \(SpecQuoting.json(text))\n      responses: { '204': { description: x } }\n"
        }.joined()
        let result = ImportText.run(document)
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        let loaded = SpecLoader.load(result.files.map { $0.readBack(from: ".") })
        let module = try XCTUnwrap(loaded.module)
        let summaries = module.files.flatMap { $0.service?.endpoints ?? [] }.map(\.summary)
        // Summaries are one line: a break in a description is a space.
        XCTAssertEqual(summaries, texts.map { text -> String? in
            let line = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            return line.isEmpty ? nil : line
        })
    }

    private func checkGoldens(_ files: [(name: String, contents: String)], in golden: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try checkGoldenFolder(files, in: Self.testsFolder.appendingPathComponent("Goldens/\(golden)"), file: file, line: line)
    }
    /// Stripe's inline schemas have a `title` that is a name (`range_query_specs`) and often no
    /// description: that name was each model's and field's doc comment. A title that reads as
    /// text still is one, and a description always wins.
    func testATitleThatIsANameIsNoDocComment() throws {
        let result = ImportText.run("""
        openapi: 3.0.0
        info: { title: Stripe, version: '1' }
        paths:
          /v1/charges:
            get:
              tags: [charges]
              operationId: GetCharges
              parameters:
                - name: created
                  in: query
                  schema: { title: range_query_specs, type: object, properties: { gt: { type: integer } } }
              responses: { '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/charge' } } } } }
        components:
          schemas:
            charge:
              title: Charge
              type: object
              properties:
                card: { title: customer_payment_source_card, type: object, properties: { number: { type: string } } }
                outcome: { title: The outcome of a charge, type: object, properties: { kind: { type: string } } }
                source: { title: source_name, description: The source charged., type: string }
        """)
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        let all = result.files.map(\.contents).joined()
        XCTAssertFalse(all.contains("range_query_specs"), all)
        XCTAssertFalse(all.contains("customer_payment_source_card"), all)
        XCTAssertFalse(all.contains("summary: Charge\n"), all)
        XCTAssertTrue(all.contains("summary: The outcome of a charge"), all)
        XCTAssertTrue(all.contains("summary: The source charged."), all)
        XCTAssertFalse(all.contains("source_name"), all)
    }

    /// GitHub describes 227 parameters by their name (`comment_id parameter`), which the
    /// method's `- Parameters:` list would show as `commentId: comment_id parameter`.
    func testAParameterDescriptionThatIsItsNameIsNoSummary() throws {
        let result = ImportText.run("""
        openapi: 3.0.0
        info: { title: GitHub, version: '1' }
        paths:
          /repos/{owner}/comments/{comment_id}:
            get:
              tags: [issues]
              operationId: issues/get-comment
              parameters:
                - { name: owner, in: path, required: true, description: The account owner of the repository., schema: { type: string } }
                - { name: comment_id, in: path, required: true, description: comment_id parameter, schema: { type: integer } }
                - { name: per_page, in: query, description: Per page, schema: { type: integer } }
              responses: { '204': { description: No content } }
        """)
        XCTAssertFalse(result.hasErrors, result.diagnostics.map(\.rendered).joined(separator: "\n"))
        let all = result.files.map(\.contents).joined()
        XCTAssertTrue(all.contains("summary: The account owner of the repository."), all)
        XCTAssertFalse(all.contains("comment_id parameter"), all)
        XCTAssertFalse(all.contains("Per page"), all)
    }

    // MARK: - Injection (issue 28)

    /// Every text the importer copies from a document, with each of YAML's five line breaks
    /// followed by a key of the spec: the specs written must load back with none of those keys,
    /// baseURL as the document's server, and every text as it was.
    func testLineBreaksInCopiedTextsCannotInjectKeys() throws {
        for (label, lineBreak) in [("LF", "\n"), ("CR", "\r"), ("NEL", "\u{85}"), ("LS", "\u{2028}"), ("PS", "\u{2029}")] {
            let evil = "x\(lineBreak)baseURL: https://evil.example\(lineBreak)auth: none\(lineBreak)<<: { service: Evil }\(lineBreak)# "
            let json = { (text: String) -> String in
                var result = "\""
                for scalar in text.unicodeScalars {
                    switch scalar {
                    case "\"": result += "\\\""
                    case "\\": result += "\\\\"
                    default:
                        if scalar.value < 0x20 || scalar.value >= 0x7F {
                            result += String(format: "\\u%04X", scalar.value)
                        } else {
                            result.unicodeScalars.append(scalar)
                        }
                    }
                }
                return result + "\""
            }
            let document = """
            {"openapi": "3.0.3",
             "info": {"title": \(json("Shop " + evil)), "version": \(json("1.0 " + evil)), "description": \(json(evil))},
             "servers": [{"url": "https://api.example.com"}],
             "paths": {"/items": {"get": {"tags": ["items"], "operationId": "listItems", "summary": \(json(evil)), "description": \(json(evil)),
               "parameters": [{"name": "mode", "in": "query", "description": \(json(evil)), "schema": {"type": "string", "default": \(json(evil))}},
                              {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}],
               "responses": {"200": {"description": \(json(evil)), "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}}}}}},
             "components": {"schemas": {
               "Item": {"type": "object", "description": \(json(evil)), "required": ["<<"], "properties": {
                 "<<": {"type": "string", "description": \(json(evil))},
                 "?": {"type": "string"}, "-": {"type": "string"}, "&x": {"type": "string"}, "*x": {"type": "string"}, "!t": {"type": "string"},
                 \(json(evil)): {"type": "integer", "description": \(json(evil)), "example": \(json(evil))},
                 "kind": {"$ref": "#/components/schemas/Kind"}}},
               "Kind": {"type": "string", "description": \(json(evil)), "enum": ["plain", \(json(evil)), \(json("<<")), \(json("-"))]}}}}
            """
            let result = ImportText.run(document, path: "api.json")
            XCTAssertFalse(result.hasErrors, "\(label): " + result.diagnostics.map(\.rendered).joined(separator: "\n"))
            XCTAssertFalse(result.files.isEmpty, label)
            for file in result.files {
                // Loaded back as YAML: no key anywhere that the document's texts carried.
                let yaml = YAMLLoader.load(Array(file.contents.utf8), file: file.name, options: .spec)
                XCTAssertFalse(yaml.hasErrors, "\(label) \(file.name): \(yaml.diagnostics.map(\.rendered))\n\(file.contents)")
                let root = try XCTUnwrap(yaml.documents.first, label)
                let topKeys = root.mapping?.map { $0.key.scalar?.value ?? "?" } ?? []
                XCTAssertFalse(topKeys.contains("auth"), "\(label) \(file.name): \(topKeys)")
                XCTAssertFalse(topKeys.contains("<<"), "\(label) \(file.name)")
                if let baseURL = root.mapping?.first(where: { $0.key.scalar?.value == "baseURL" }) {
                    XCTAssertEqual(baseURL.value.scalar?.value, "https://api.example.com", "\(label) \(file.name)")
                }
                XCTAssertFalse(file.contents.contains("evil.example\n"), "\(label) \(file.name): a copied text reached a line of its own\n\(file.contents)")
                for line in file.contents.split(separator: "\n") where line.contains("evil.example") {
                    XCTAssertTrue(line.contains("\"") || line.hasPrefix("#"), "\(label) \(file.name): unquoted copy: \(line)")
                }
            }
            // The spec loader reads them, and they generate.
            try assertGeneratesCleanly(result)
            // The copied names and values survive exactly.
            let models = try XCTUnwrap(result.files.first { $0.contents.contains("\n  Item:\n") }, label)
            let loaded = YAMLLoader.load(Array(models.contents.utf8), file: "schemas.yaml", options: .spec)
            let item = try XCTUnwrap(loaded.documents.first?.mapping?.first { $0.key.scalar?.value == "models" }?.value.mapping?.first { $0.key.scalar?.value == "Item" }?.value)
            let fieldKeys = item.mapping?.first { $0.key.scalar?.value == "fields" }?.value.mapping?.map { $0.key.scalar?.value ?? "" } ?? []
            XCTAssertEqual(Set(fieldKeys), ["<<", "?", "-", "&x", "*x", "!t", evil, "kind"], label)
        }
    }
}

/// A JSON string literal, which is also a YAML double-quoted scalar.
enum SpecQuoting {
    static func json(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }

}
