#!/bin/bash
# Type-checks each file of MustNotCompile/ against the modules `swift build` built here, and
# fails unless the compiler rejects it with the error its first `// expect:` line names.
set -u
cd "$(dirname "$0")"
modules=$(swift build --show-bin-path)/Modules
# EndpointRuntime imports this C module (its libcurl door).
curl_include=../../Sources/CEndpointCurl/include
status=0
for file in MustNotCompile/*.swift; do
    expected=$(sed -n 's|^// expect: ||p' "$file" | head -1)
    if output=$(swiftc -typecheck -swift-version 6 -I "$modules" -I "$curl_include" "$file" 2>&1); then
        echo "$file: compiled, but must not"
        status=1
    elif ! grep -qF -- "$expected" <<<"$output"; then
        echo "$file: rejected, but without \"$expected\":"
        echo "$output"
        status=1
    else
        echo "$file: rejected as expected"
    fi
done
exit $status
