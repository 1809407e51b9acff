extension Namer {
    /// The case of a status in an endpoint's `<Endpoint>Response` enum: the reason phrase in
    /// lowerCamelCase (`ok`, `created`, `notModified`, `unprocessableContent`), `status<code>` for
    /// a code without a registered phrase, the class name for a range (`success`, `clientError`),
    /// `other` for `default`. Also names inline bodies (`<Endpoint><Case>Body`), in the decoder
    /// and the importer, and the statuses in exported documents.
    public static func responseCaseName(_ status: ResponseStatus) -> String {
        switch status {
        case .code(let code): return statusPhrases[code] ?? "status\(code)"
        case .range(let digit): return ["", "informational", "success", "redirection", "clientError", "serverError"][digit]
        case .other: return "other"
        }
    }

    /// RFC 9110 and the IANA registry's reason phrases, in lowerCamelCase.
    private static let statusPhrases: [Int: String] = [
        200: "ok", 201: "created", 202: "accepted", 203: "nonAuthoritativeInformation", 204: "noContent",
        205: "resetContent", 206: "partialContent", 207: "multiStatus", 208: "alreadyReported", 226: "imUsed",
        300: "multipleChoices", 301: "movedPermanently", 302: "found", 303: "seeOther", 304: "notModified",
        305: "useProxy", 307: "temporaryRedirect", 308: "permanentRedirect",
        400: "badRequest", 401: "unauthorized", 402: "paymentRequired", 403: "forbidden", 404: "notFound",
        405: "methodNotAllowed", 406: "notAcceptable", 407: "proxyAuthenticationRequired", 408: "requestTimeout",
        409: "conflict", 410: "gone", 411: "lengthRequired", 412: "preconditionFailed", 413: "contentTooLarge",
        414: "uriTooLong", 415: "unsupportedMediaType", 416: "rangeNotSatisfiable", 417: "expectationFailed",
        421: "misdirectedRequest", 422: "unprocessableContent", 423: "locked", 424: "failedDependency",
        425: "tooEarly", 426: "upgradeRequired", 428: "preconditionRequired", 429: "tooManyRequests",
        431: "requestHeaderFieldsTooLarge", 451: "unavailableForLegalReasons",
        500: "internalServerError", 501: "notImplemented", 502: "badGateway", 503: "serviceUnavailable",
        504: "gatewayTimeout", 505: "httpVersionNotSupported", 506: "variantAlsoNegotiates", 507: "insufficientStorage",
        508: "loopDetected", 510: "notExtended", 511: "networkAuthenticationRequired",
    ]
}
