package upstream

import (
	"reflect"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	sjson "github.com/segmentio/encoding/json"
)

// TestResultReadAsTheSDK: every result reads as the SDK's decoder reads
// it (the same value, the same error), and comes back with its bytes
// only when they are the SDK's encoding of that value; the common
// results (text, isError, structured content, written as the SDK
// writes them) take the quick reading.
func TestResultReadAsTheSDK(t *testing.T) {
	cases := []struct {
		raw   string
		quick bool
	}{
		{`{"content":[{"type":"text","text":"hi"}]}`, true},
		{`{"content":[]}`, true},
		{`{"content":[{"type":"text","text":"a"},{"type":"text","text":"b"}],"isError":true}`, true},
		{`{"content":[{"type":"text","text":"{\"a\":1}"}],"structuredContent":{"a":1,"b":[true,null,"x"]}}`, true},
		{`{"content":[{"type":"text","text":"\u003cb\u003e \u0026 é"}]}`, true},
		// read by the SDK's decoder: not its own encoding, or not text
		{`{"content":[{"type":"text","text":"<b> & é"}]}`, false},
		{`{ "content": [{"type":"text","text":"hi"}] }`, false},
		{`{"isError":true,"content":[{"type":"text","text":"hi"}]}`, false},
		{`{"content":[{"type":"text","text":"hi"}],"isError":false}`, false},
		{`{"content":[{"type":"text","text":"hi","annotations":{"priority":1}}]}`, false},
		{`{"content":[{"type":"text","text":"hi","_meta":{"a":1}}]}`, false},
		{`{"content":[{"text":"hi","type":"text"}]}`, false},
		{`{"content":[{"type":"image","data":"aGk=","mimeType":"image/png"}]}`, false},
		{`{"content":[{"type":"text"}]}`, false},
		{`{"content":[{"type":"text","text":null}]}`, false},
		{`{"content":[{"type":"text","text":"hi"}],"x":1}`, false},
		{`{"content":[{"type":"text","text":"hi"}],"_meta":{"a":1}}`, false},
		{`{"content":[{"type":"text","text":"hi"}],"resultType":"complete"}`, false},
		{`{"Content":[{"type":"text","text":"hi"}]}`, false},
		{`{"content":[{"type":"text","text":"a"}],"content":[{"type":"text","text":"a"}]}`, false},
		{`{"content":[{"type":"text","text":"hi"}],"structuredContent":null}`, false},
		{`{"content":[{"type":"text","text":"hi"}],"structuredContent":{"n":1.0}}`, false},
		{`{"content":[{"type":"text","text":"hi"}],"structuredContent":{"b":1,"a":2}}`, false},
		{`{}`, false},
		{`{"content":"text"}`, false},
		{`{"content":[{"type":"nope"}]}`, false},
		{`[]`, false},
	}
	for _, c := range cases {
		var want mcp.CallToolResult
		_, werr := sjson.Parse([]byte(c.raw), &want, sjson.DontMatchCaseInsensitiveStructFields)
		got, b, err := decodeResult([]byte(c.raw))
		if (err != nil) != (werr != nil) {
			t.Errorf("%s: error %v, the SDK's %v", c.raw, err, werr)
			continue
		}
		if err != nil {
			continue
		}
		if (b != nil) != c.quick {
			t.Errorf("%s: read quickly %v, want %v", c.raw, b != nil, c.quick)
		}
		if !reflect.DeepEqual(got, &want) {
			t.Errorf("%s: read as %#v, the SDK reads %#v", c.raw, got, &want)
		}
		wj, err := ResultJSON(&want)
		if err != nil {
			t.Fatal(err)
		}
		if gj, _ := ResultJSON(got); string(gj) != string(wj) {
			t.Errorf("%s: written as %s, the SDK's %s", c.raw, gj, wj)
		}
		if b != nil && string(b) != string(wj) {
			t.Errorf("%s: came back as %s, the SDK writes %s", c.raw, b, wj)
		}
	}
}
