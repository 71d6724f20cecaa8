package args

import "testing"

// TestDuplicateKeysAllocatesNoPointerForASoundMessage: a message with no
// duplicate and no unsound string makes no JSON pointer (one was built,
// with its tokens, for every key of every request the gateway reads) and
// no frame per object: its allocations are the keys it compares, and
// the slices that hold them.
func TestDuplicateKeysAllocatesNoPointerForASoundMessage(t *testing.T) {
	msg := []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"hello","n":[1,{"a":2}]},"_meta":{"idempotency_key":"k-1"}}}`)
	if ps := DuplicateKeys(msg, "/params/arguments"); len(ps) != 0 {
		t.Fatalf("problems in a sound message: %v", ps)
	}
	n := testing.AllocsPerRun(100, func() { _ = DuplicateKeys(msg, "/params/arguments") })
	t.Logf("%.0f allocations", n)
	// 11 keys, 6 objects and one array: each key's string, at most one
	// growth of each object's key list and of the stack
	if n > 24 {
		t.Errorf("DuplicateKeys of a sound message: %.0f allocations, want at most 24", n)
	}
}
