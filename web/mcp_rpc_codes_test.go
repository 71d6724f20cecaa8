package web

import (
	"testing"
)

// TestGatewayRPCErrorCodesFollowTheFault: a body that is no JSON is a
// parse error (-32700); JSON that parses but is no JSON-RPC request the
// gateway takes (a batch, no or another "jsonrpc", a member of the wrong
// type, an id it cannot echo) is an invalid request (-32600); a request
// whose params are not an object is answered invalid params (-32602).
func TestGatewayRPCErrorCodesFollowTheFault(t *testing.T) {
	for _, c := range []struct {
		body string
		code int
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/list"`, rpcParseError},
		{`not json`, rpcParseError},
		{``, rpcParseError},
		{`[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]`, rpcInvalidRequest},
		{`[]`, rpcInvalidRequest},
		{`{"id":1,"method":"tools/list"}`, rpcInvalidRequest},
		{`{"jsonrpc":"1.0","id":1,"method":"tools/list"}`, rpcInvalidRequest},
		{`{"jsonrpc":2,"id":1,"method":"tools/list"}`, rpcInvalidRequest},
		{`{"jsonrpc":"2.0","id":1,"method":5}`, rpcInvalidRequest},
		{`{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}`, rpcInvalidRequest},
		{`"just a string"`, rpcInvalidRequest},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}`, rpcInvalidParams},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":5}`, rpcInvalidParams},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1]}`, rpcInvalidParams},
	} {
		_, _, err := rpcMethod([]byte(c.body))
		if err == nil {
			t.Errorf("%s: accepted", c.body)
			continue
		}
		if got := rpcCodeOf(err); got != c.code {
			t.Errorf("%s: code %d (%v), want %d", c.body, got, err, c.code)
		}
	}
	if _, _, err := rpcMethod([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a.b"}}`)); err != nil {
		t.Errorf("a well-formed call: %v", err)
	}
}
