// A stand-in for Xcode's XcodeProjectPlugin module (it ships only with Xcode), declaring the
// part of its API the plugins use, as Apple documents it and public plugins call it:
// `XcodePluginContext.xcodeProject.directoryURL`, `.pluginWorkDirectoryURL`, `.tool(named:)`,
// `XcodeTarget.displayName` and `.inputFiles`, and the two protocols. `make xcode-plugin-check`
// type-checks the plugins' `#if canImport(XcodeProjectPlugin)` code against it on Linux: it
// catches a typo or a SwiftPM-only call there, not a difference from the real module.
import Foundation
@_exported import PackagePlugin

public struct XcodePluginContext {
    public var xcodeProject: XcodeProject
    public var pluginWorkDirectoryURL: URL
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError("type-checking only") }
}

public struct XcodeProject {
    public var id: String
    public var displayName: String
    public var directoryURL: URL
    public var filePaths: PathList
    public var targets: [XcodeTarget]
}

public struct XcodeTarget {
    public var id: String
    public var displayName: String
    public var inputFiles: FileList
}

public protocol XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

public protocol XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws
}
