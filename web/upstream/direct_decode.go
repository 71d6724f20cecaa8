package upstream

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sjson "github.com/segmentio/encoding/json"
)

// wireMessage is a JSON-RPC message as the SDK's decoder reads it.
type wireMessage struct {
	VersionTag string          `json:"jsonrpc"`
	Method     json.RawMessage `json:"method,omitempty"`
	ID         any             `json:"id,omitempty"`
	Params     json.RawMessage `json:"params,omitempty"`
	Result     json.RawMessage `json:"result,omitempty"`
	Error      *jsonrpc.Error  `json:"error,omitempty"`
}

// maxDepth is the nesting the SDK's decoder accepts.
const maxDepth = 1000

// decodeMessage is jsonrpc.DecodeMessage, the same library, flags, depth
// limit and checks, without the decoder it makes per message (a zeroed
// 32 KiB buffer).
func decodeMessage(data []byte) (jsonrpc.Message, error) {
	if tooDeep(data, maxDepth) {
		return nil, fmt.Errorf("unmarshaling jsonrpc message: %w", ErrTooDeep)
	}
	var w wireMessage
	if _, err := sjson.Parse(data, &w, sjson.DontMatchCaseInsensitiveStructFields); err != nil {
		return nil, fmt.Errorf("unmarshaling jsonrpc message: %w", err)
	}
	if w.VersionTag != "2.0" {
		return nil, fmt.Errorf("invalid message version tag %q; expected %q", w.VersionTag, "2.0")
	}
	id, err := jsonrpc.MakeID(w.ID)
	if err != nil {
		return nil, err
	}
	if len(w.Method) > 0 {
		var method string
		if _, err := sjson.Parse(w.Method, &method, sjson.DontMatchCaseInsensitiveStructFields); err != nil {
			return nil, fmt.Errorf("unmarshaling jsonrpc message: %w", err)
		}
		return &jsonrpc.Request{Method: method, ID: id, Params: w.Params}, nil
	}
	if !id.IsValid() {
		return nil, errors.New("invalid request: a response without an id")
	}
	r := &jsonrpc.Response{ID: id, Result: w.Result}
	if w.Error != nil {
		r.Error = w.Error
	}
	return r, nil
}

// tooDeep reports whether JSON data nests objects and arrays deeper than
// max (brackets within strings not counted).
func tooDeep(data []byte, max int) bool {
	depth, inString, escaped := 0, false, false
	for _, c := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			if depth++; depth > max {
				return true
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return false
}

// MalformedError is a call whose answer held a message that is not
// JSON-RPC (a malformed event of its stream, or a JSON body that does not
// decode): the call failed, and the upstream session, which may serve
// the next call, is kept.
type MalformedError struct {
	Err error
}

func (e *MalformedError) Error() string {
	return fmt.Sprintf("calling %q: the answer held a malformed event (%v)", "tools/call", e.Err)
}

func (e *MalformedError) Unwrap() error { return e.Err }

// malformed is the failure of a call whose answer did not decode: one
// nested too deep is an answer that cannot be read (the server ran the
// call), any other a *MalformedError.
func malformed(err error) error {
	if errors.Is(err, ErrTooDeep) {
		return &UnreadableResultError{Err: err}
	}
	return &MalformedError{Err: err}
}
