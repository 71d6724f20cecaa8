package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/agentforge/console/instruction/authority/args"
)

// The checks of a gateway request's shape, made before anything decodes
// it as the SDK would, so that a refusal speaks the protocol's words,
// never a Go type's (mcp_errors.go answers them).

// maxMCPDepth bounds how deeply a gateway request may nest JSON arrays
// and objects. A deeper body is refused by one pass over its bytes
// before anything decodes it: decoding a deeply nested megabyte cost a
// second of CPU before the SDK refused it. No
// tool's arguments need this much.
const maxMCPDepth = 64

// errTrailing is a body holding more than one JSON value.
var errTrailing = errors.New("the body holds more than one JSON value: send one JSON-RPC message per request")

// scanMCPBody checks, in one pass over the bytes, that body nests no
// deeper than maxMCPDepth and holds nothing but space after its first
// value. Anything else malformed is left to the decoder.
func scanMCPBody(body []byte) error {
	depth, done := 0, false
	for i := 0; i < len(body); i++ {
		c := body[i]
		if done && c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return errTrailing
		}
		switch c {
		case '"':
			i = stringEnd(body, i)
		case '{', '[':
			if depth++; depth > maxMCPDepth {
				return fmt.Errorf("the request is nested deeper than %d levels of JSON arrays and objects", maxMCPDepth)
			}
		case '}', ']':
			if depth--; depth == 0 {
				done = true
			}
		}
	}
	return nil
}

// checkEnvelope says, in the protocol's words, what is wrong with a
// body that does not decode as a JSON-RPC message.
func checkEnvelope(body []byte) string {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		var se *json.SyntaxError
		switch {
		case len(bytes.TrimSpace(body)) == 0:
			return "the body is empty: send one JSON-RPC message"
		case errors.As(err, &se) && se.Offset < int64(len(body)):
			return fmt.Sprintf("the body is not a JSON-RPC message: it is not valid JSON (at byte %d)", se.Offset)
		default:
			return "the body is not a JSON-RPC message: its JSON ends early"
		}
	}
	fields, ok := v.(map[string]any)
	if !ok {
		return "the body is not a JSON-RPC message: it must be a JSON object"
	}
	for _, f := range []struct{ name, want string }{{"jsonrpc", "string"}, {"method", "string"}, {"id", "id"}, {"params", "object"}, {"error", "object"}} {
		x, present := fields[f.name]
		if !present {
			continue
		}
		if msg := wrongType(f.name, f.want, x); msg != "" {
			return msg
		}
	}
	return "the body is not a JSON-RPC message"
}

// wrongType names the field when x is not of the JSON type want ("id":
// a string, a number or null); "" when it is.
func wrongType(name, want string, x any) string {
	switch x.(type) {
	case string:
		if want == "string" || want == "id" {
			return ""
		}
	case float64, nil:
		if want == "id" {
			return ""
		}
	case map[string]any:
		if want == "object" {
			return ""
		}
	}
	switch want {
	case "id":
		return name + " must be a string or a number"
	case "object":
		return name + " must be a JSON object"
	}
	return name + " must be a " + want
}

// checkParams says what is wrong with the params of a request the
// gateway serves ("" when nothing is): the SDK would refuse them
// naming its Go types. Absent params are the method's to require.
func checkParams(method string, params json.RawMessage) string {
	if len(params) == 0 || string(params) == "null" {
		if method == "tools/call" || method == "resources/read" {
			return "params is required for " + method
		}
		return ""
	}
	if msg, ok := checkParamsRaw(method, params); ok {
		return msg
	}
	return checkParamsDecoded(method, params)
}

// checkParamsDecoded is checkParams for non-empty params, decoded whole.
func checkParamsDecoded(method string, params json.RawMessage) string {
	var p map[string]any
	if err := json.Unmarshal(params, &p); err != nil || p == nil {
		if err != nil && bytes.HasPrefix(bytes.TrimSpace(params), []byte("{")) {
			return unreadableParams(params)
		}
		return "params must be a JSON object"
	}
	required := map[string][]string{"tools/call": {"name"}, "resources/read": {"uri"}}[method]
	for _, name := range required {
		if _, ok := p[name]; !ok {
			return "params." + name + " is required for " + method
		}
	}
	if msg := checkCursor(method, p); msg != "" {
		return msg
	}
	want := map[string]string{"name": "string", "uri": "string", "cursor": "string", "arguments": "object", "_meta": "object"}
	for name, x := range p {
		t, ok := want[name]
		if !ok || (name == "name" && method != "tools/call") {
			continue
		}
		if msg := wrongType("params."+name, t, x); msg != "" {
			return msg
		}
	}
	return ""
}

// checkCursor names a list's cursor the gateway never gave (it lists
// everything on one page and hands out none, so any cursor is garbage);
// "" when there is none.
func checkCursor(method string, p map[string]any) string {
	switch method {
	case "tools/list", "resources/list", "resources/templates/list":
		if c, ok := p["cursor"]; ok && c != nil && c != "" {
			return "params.cursor: this gateway gives every item on one page and hands out no cursor; list again without one"
		}
	}
	return ""
}

// errBadEnvelope marks a message whose own keys (its arguments aside) a
// reader could take two ways (JSON-RPC -32600).
var errBadEnvelope = errors.New("the message is not one JSON-RPC message")

// envelopeKeys refuses a message that holds a key twice in one object, or
// a string that is not sound text, outside what its arguments hold (which the
// argument check words as invalid_arguments): the gateway must not read
// last-one-wins what a reader in front of it may read first-one-wins.
func envelopeKeys(msg []byte) error {
	if !json.Valid(msg) {
		return nil // the decoder's to refuse
	}
	ps := args.DuplicateKeys(msg, "/params/arguments")
	if len(ps) == 0 {
		return nil
	}
	return fmt.Errorf("%w: the member at %s %s", errBadEnvelope, strconv.Quote(clip(ps[0].Pointer, 100)), ps[0].Message)
}

// stringEnd is the index of the quote that closes the JSON string opened
// at data[open] (escapes skipped), or len(data) when none does.
func stringEnd(data []byte, open int) int {
	for j := open + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(data)
}
