import EndpointGenSpec
import EndpointGenSupport

/// An importer's specs printed and loaded back as `generate` will read them from the output
/// folder: import-openapi and import-swift write nothing the loader refuses, and show what it
/// says about a spec at the place in their input the spec's line came from.
package struct ImportedSpecCheck {
    package var rendered: [SpecPrinter.Rendered]
    package var files: [GeneratedFile]
    package var loaded: SpecLoadResult

    package init(_ imported: [ImportedFile], header: [String], folder: String) {
        rendered = imported.map { SpecPrinter.renderWithOrigins($0, header: header) }
        files = zip(imported, rendered).map { GeneratedFile(name: $0.fileName, contents: $1.text) }
        loaded = SpecLoader.load(files.map { $0.readBack(from: folder) })
    }

    /// The loader's errors: an importer's bug when there is one.
    package var errors: [Diagnostic] { loaded.diagnostics.filter { $0.severity == .error } }

    /// The loader's diagnostics, each about a written spec moved to the input place its line came
    /// from (or `fallback`; without one, a line before any origin stays where it is) with its
    /// warnings counted as `warningKind`.
    package func diagnosticsAtOrigins(in folder: String, fallback: SourceLocation?, warningKind: String) -> [Diagnostic] {
        var origins: [String: [(line: Int, location: SourceLocation)]] = [:]
        for (file, render) in zip(files, rendered) { origins[SourceFile.shownPath(file.name, in: folder)] = render.origins }
        return loaded.diagnostics.map { diagnostic in
            guard let at = diagnostic.location, let lines = origins[at.file],
                  let origin = lines.last(where: { $0.line <= at.line })?.location ?? fallback
            else { return diagnostic }
            var moved = diagnostic
            moved.location = origin
            if moved.severity == .warning { moved.kind = warningKind }
            return moved
        }
    }
}
