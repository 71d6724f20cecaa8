package upstream

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// UnreadableResultError is a call the server answered with a JSON-RPC
// response whose result is not a tool result (its content not a list, a
// block of the wrong shape): the server ran the call, or says it did, and
// what it answered cannot be read. The session stays: it answered.
type UnreadableResultError struct {
	Err error
}

func (e *UnreadableResultError) Error() string {
	return fmt.Sprintf("calling %q: the result is not a tool result (%v)", "tools/call", e.Err)
}

func (e *UnreadableResultError) Unwrap() error { return e.Err }

// unreadableResult is err as an *UnreadableResultError when it says the
// call's response came and its result could not be decoded (the direct
// route's decodeResult, or the SDK's client failing to decode the result
// into a tool result), else nil. A closed connection is never one.
func unreadableResult(err error) *UnreadableResultError {
	var ur *UnreadableResultError
	if errors.As(err, &ur) {
		return ur
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && !errors.Is(err, mcp.ErrConnectionClosed) {
		return &UnreadableResultError{Err: err}
	}
	return nil
}

// ErrTooDeep is an answer nested deeper than the console's decoder reads
// (the SDK's depth limit): valid JSON, perhaps, but never read.
var ErrTooDeep = fmt.Errorf("its JSON nests deeper than %d levels", maxDepth)

// UnreadableWhat says what a server answered that is not returned: a
// part the console refuses (named: *PartError), or a result that is not
// a tool result.
func UnreadableWhat(err error) string {
	if errors.Is(err, ErrTooDeep) {
		return fmt.Sprintf("answered with a result nested deeper than %d levels, which the console does not read", maxDepth)
	}
	var pe *PartError
	if errors.As(err, &pe) {
		return "answered with a part the console does not pass on, " + pe.Error()
	}
	return "answered with a result that is not a tool result"
}

// sdkMalformed is err as a *MalformedError when it is the SDK client's
// failure to decode the server's answer to a call (a JSON body or an
// event that is not a JSON-RPC message), as the direct route reports the
// same answer; any other error as it is. The SDK words that failure
// without keeping the decoder's error, so its words are matched: the
// server answered, and the call was reported as one the server "did not
// answer". TestDirectCallAnswersAsTheSDK holds the SDK's words to the
// direct route's kind of failure.
func sdkMalformed(err error) error {
	if err == nil || errors.As(err, new(*MalformedError)) || errors.As(err, new(*UnreadableResultError)) || errors.As(err, new(*TooLargeError)) {
		return err
	}
	if s := err.Error(); strings.Contains(s, "failed to decode response: ") || strings.Contains(s, "failed to decode event: ") {
		return &MalformedError{Err: err}
	}
	return err
}
