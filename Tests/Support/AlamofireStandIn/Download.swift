import Foundation

/// The download names apps use from Alamofire's `DownloadRequest`: where a downloaded file goes.
/// Only the nested types: the stand-in builds requests, it does not download.
public enum DownloadRequest {
    /// What to do at the destination before moving the file there.
    public struct Options: OptionSet, Sendable {
        /// Create the destination's missing folders.
        public static let createIntermediateDirectories = Options(rawValue: 1 << 0)
        /// Remove a file already at the destination.
        public static let removePreviousFile = Options(rawValue: 1 << 1)

        /// The options' bits.
        public let rawValue: Int

        /// Options from their bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }
    }

    /// Picks the final location of a file downloaded to `temporaryURL`.
    public typealias Destination = (_ temporaryURL: URL, _ response: HTTPURLResponse)
        -> (destinationURL: URL, options: Options)

    /// A destination in a user folder, named after the response's suggested file name.
    public static func suggestedDownloadDestination(for directory: FileManager.SearchPathDirectory = .documentDirectory,
                                                    in domain: FileManager.SearchPathDomainMask = .userDomainMask,
                                                    options: Options = []) -> Destination {
        { temporaryURL, response in
            let folder = FileManager.default.urls(for: directory, in: domain).first ?? temporaryURL.deletingLastPathComponent()
            let name = response.suggestedFilename ?? temporaryURL.lastPathComponent
            return (folder.appendingPathComponent(name), options)
        }
    }
}
