package web

import (
	"encoding/json"
	"errors"
	"reflect"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// initializeProblem says what is wrong with an initialize's params that
// the protocol handler would refuse ("" when nothing is). They are read
// into the SDK's own type before the session is made, so an initialize
// the handler cannot read opens no session (nor counts toward the key's
// session cap), and the refusal names the member in plain words instead
// of the handler's Go-internal text.
func initializeProblem(params json.RawMessage) string {
	if len(params) == 0 || string(params) == "null" {
		return ""
	}
	var p mcp.InitializeParams
	err := json.Unmarshal(params, &p)
	if err == nil {
		return ""
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return "params." + te.Field + " must be " + jsonKindOf(te.Type)
	}
	return "params cannot be read as initialize's: protocolVersion must be a string, capabilities and clientInfo JSON objects"
}

// jsonKindOf names the JSON type a Go type is read from.
func jsonKindOf(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "another JSON type"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Struct, reflect.Map:
		return "a JSON object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "another JSON type"
}
