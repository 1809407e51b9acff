// The runtime implementation (client, transports, errors) is added next to Endpoint.swift.
