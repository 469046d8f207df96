package arbiterv1

import _ "embed" // for OpenAPI

// OpenAPI is the OpenAPI (Swagger 2.0) document of the service's HTTP/JSON mapping
// (arbiter_service_http.yaml), as protoc-gen-openapiv2 generates it. `arbiter serve
// --http-addr` serves it at GET /openapi.json.
//
//go:embed arbiter_service.swagger.json
var OpenAPI []byte
