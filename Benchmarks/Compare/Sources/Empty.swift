// Empty: this package exists to build swift-openapi-generator.
