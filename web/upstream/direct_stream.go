package upstream

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// readFailed is a failure reading an answer: the context's own error
// when it ended (a timeout), else the session is gone (the SDK's client
// fails its connection).
func readFailed(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("calling %q: %w", "tools/call", ctx.Err())
	}
	var tl *TooLargeError
	if errors.As(err, &tl) {
		return err
	}
	return fmt.Errorf("calling %q: %v: %w", "tools/call", err, errSessionGone)
}

// stream reads an event stream up to the response to id. Notifications
// are passed over, but for one that changes state (changesState: the
// listing is marked stale); a request
// of the server is answered as the SDK's client answers it (ping,
// roots/list: an empty result and no roots; anything else: method not
// found), on the session.
func (d *directSession) stream(ctx context.Context, body io.Reader, id int64) (*jsonrpc.Response, error) {
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 0, 4096), 1<<30) // the body is bounded by the transport
	var data bytes.Buffer
	name, eventID := "", ""
	for {
		more := sc.Scan()
		line := sc.Bytes()
		if more && len(line) > 0 {
			field, value, _ := bytes.Cut(line, []byte(":"))
			value = bytes.TrimPrefix(value, []byte(" "))
			switch string(field) {
			case "event":
				name = string(value)
			case "id":
				eventID = string(value)
			case "data":
				if data.Len() > 0 {
					data.WriteByte('\n')
				}
				data.Write(value)
			}
			continue
		}
		if data.Len() > 0 && (name == "" || name == "message") {
			m, err := decodeMessage(data.Bytes())
			if err != nil {
				// one malformed event is this call's answer gone wrong,
				// not the session's: the call fails, the session stays
				return nil, malformed(err)
			}
			switch m := m.(type) {
			case *jsonrpc.Response:
				if m.ID.Raw() == id {
					return m, nil
				}
			case *jsonrpc.Request:
				if m.IsCall() {
					d.answer(ctx, m)
				} else if changesState(m.Method) && d.stale != nil {
					d.stale()
				}
			}
		}
		data.Reset()
		name = ""
		if !more {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return nil, readFailed(ctx, err)
	}
	_ = eventID // a resumable stream is not resumed (the SDK's client, MaxRetries -1, does not either)
	return nil, fmt.Errorf("calling %q: request terminated without response: %w", "tools/call", errSessionGone)
}

// answer responds to a request the server sent within a call's stream.
func (d *directSession) answer(ctx context.Context, m *jsonrpc.Request) {
	resp := &jsonrpc.Response{ID: m.ID}
	switch m.Method {
	case "ping":
		resp.Result = json.RawMessage("{}")
	case "roots/list":
		resp.Result = json.RawMessage(`{"roots":[]}`)
	default:
		resp.Error = &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "method not found: " + strings.ToValidUTF8(m.Method, "")}
	}
	b, err := jsonrpc.EncodeMessage(resp)
	if err != nil {
		return
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.url, bytes.NewReader(b))
	if err != nil {
		return
	}
	d.headers(req.Header)
	if res, err := d.hc.Do(req); err == nil {
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
		_ = res.Body.Close()
	}
}
