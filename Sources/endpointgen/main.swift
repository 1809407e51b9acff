print("endpointgen: not implemented yet")
