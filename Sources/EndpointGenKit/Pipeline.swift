import EndpointGenCodegen
import EndpointGenSpec
import EndpointGenSupport

/// Placeholder: the pipeline (read specs → load → generate → write/check) lives here.
public enum Pipeline {}
