import Foundation

/// One part of a Moya multipart upload.
public struct MultipartFormData {
    /// Where the part's bytes come from.
    public enum FormDataProvider {
        /// These bytes.
        case data(Data)
        /// The file's contents.
        case file(URL)
        /// That many bytes of the stream.
        case stream(InputStream, UInt64)
    }

    /// Where the part's bytes come from.
    public let provider: FormDataProvider
    /// The form field's name.
    public let name: String
    /// The `filename` of the part's `Content-Disposition`, if any.
    public let fileName: String?
    /// The part's `Content-Type`, if any.
    public let mimeType: String?

    /// A part; file name and MIME type are optional, as in Moya.
    public init(provider: FormDataProvider, name: String, fileName: String? = nil, mimeType: String? = nil) {
        self.provider = provider
        self.name = name
        self.fileName = fileName
        self.mimeType = mimeType
    }
}
