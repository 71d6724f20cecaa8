package web

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/authority/args"
)

// MaxIdempotencyKey is the longest _meta.idempotency_key, in bytes.
const MaxIdempotencyKey = 200

// idempotencyKey reads _meta.idempotency_key: ok when the call carries
// one, a string of 1 to MaxIdempotencyKey bytes. A key present in any
// other form (a number, object, array, null, "" or longer) is bad, its
// problem said: such a call is refused, never run as if it had no key.
func idempotencyKey(p *mcp.CallToolParamsRaw) (key string, ok bool, bad *authority.Error) {
	k, present, why := metaString(p, "idempotency_key", MaxIdempotencyKey)
	if !present {
		return "", false, nil
	}
	if why == "" {
		return k, true, nil
	}
	return "", false, &authority.Error{Type: authority.TypeInvalidArguments,
		Message:     fmt.Sprintf("_meta.idempotency_key %s: a key is a string of 1 to %d bytes; nothing was run. Send it as such, or leave it out.", why, MaxIdempotencyKey),
		NextActions: []string{authority.ActSendIdempotencyKey, authority.ActStop},
		Problems:    []args.Problem{{Pointer: "_meta.idempotency_key", Message: why}}}
}

// jsonKind names a decoded JSON value's kind.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64, json.Number:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// canonicalArguments is a call's arguments as canonical JSON (object keys
// sorted, strings re-encoded from their code points, numbers by their
// value as the server reads them (canonicalNumber), no spaces; none is
// {}), so a retry whose
// client orders keys, escapes strings or spells numbers differently
// digests the same.
func canonicalArguments(raw json.RawMessage) []byte {
	if len(raw) == 0 || string(raw) == "null" {
		return []byte("{}")
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return raw
	}
	b, err := json.Marshal(canonicalValue(v))
	if err != nil {
		return raw
	}
	return b
}

// approvalMeta reads _meta.approval, the reference of an approved
// request the call presents: "" when absent. Present in any other form
// (not a string, empty, longer than maxApprovalRef bytes) it is bad, its
// problem said: such a call is refused before anything is decided or
// run, never run as if it presented none.
func approvalMeta(p *mcp.CallToolParamsRaw) (ref string, bad *authority.Error) {
	k, present, why := metaString(p, "approval", maxApprovalRef)
	if !present || why == "" {
		return k, nil
	}
	return "", &authority.Error{Type: authority.TypeInvalidArguments,
		Message:     fmt.Sprintf("_meta.approval %s: it is the reference of an approval request (at most %d bytes); nothing was run. Send the approval reference the refusal named, or leave it out.", why, maxApprovalRef),
		NextActions: []string{authority.ActSendApproval, authority.ActStop},
		Problems:    []args.Problem{{Pointer: "_meta.approval", Message: why}}}
}

// metaString reads the _meta member name of a call as a string of 1 to
// most bytes: present reports whether the call sent it at all, and why
// says what is wrong with a value in any other form ("" when it is good).
func metaString(p *mcp.CallToolParamsRaw, name string, most int) (value string, present bool, why string) {
	v, present := p.GetMeta()[name]
	if !present {
		return "", false, ""
	}
	k, isString := v.(string)
	switch {
	case !isString:
		return "", true, fmt.Sprintf("must be a string, not %s", jsonKind(v))
	case k == "":
		return "", true, "must not be empty"
	case len(k) > most:
		return "", true, fmt.Sprintf("is %d bytes; at most %d", len(k), most)
	}
	return k, true, ""
}
