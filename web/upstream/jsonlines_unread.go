package upstream

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// A stdio line the console cannot read is still an answer when it says
// whose: a line opening with '{' that does not parse (nested deeper than
// the decoder reads, cut short, …; whole JSON that is not a JSON-RPC
// message is a stray line) and names the id of a request waiting
// for its answer — in its head, or in its tail where the TypeScript SDK
// writes it — or, naming none, reads as a JSON-RPC answer (a "jsonrpc"
// member, no "method") while requests wait: the only one waiting, else
// every one. Each such request is told at once what came
// (*UnreadableResultError for a line nested too deep, else
// *MalformedError) through its mark, and the SDK's client gets an error
// response for its id in the line's place, so the call ends now instead of
// at its timeout; the session stays (the server answered). Any other
// line that is not JSON-RPC is dropped as before.

// unreadLine is the error response put in place of a line charged to
// the request id.
func unreadLine(id string) []byte {
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32603,"message":"the server's answer could not be read"}}`+"\n", id)
}

// chargeUnread charges the line (trimmed, not decoded) to the requests
// it answers, putting an error response for each in out; false when it
// answers none (the line is dropped).
func (j *jsonLines) chargeUnread(line []byte) bool {
	deep := tooDeep(line, maxDepth)
	if j.conn == nil || (!deep && json.Valid(line)) {
		// whole JSON that is not a JSON-RPC message (a log record, another
		// version, an object id) is a stray line, not an answer
		return false
	}
	head, tail := line[:min(len(line), 96)], line[max(0, len(line)-96):]
	if _, isReq := headMember(head, "method"); isReq {
		return false // a server's request or notification, not an answer
	}
	_, rpc := headMember(head, "jsonrpc")
	owners := j.conn.answered(head, tail, rpc)
	if len(owners) == 0 {
		return false
	}
	var err error = &MalformedError{Err: fmt.Errorf("a line of %d bytes that is not a JSON-RPC message", len(line))}
	if deep {
		err = &UnreadableResultError{Err: ErrTooDeep}
	}
	for id, m := range owners {
		m.unreadable(err)
		j.out = append(j.out, unreadLine(id)...)
	}
	return true
}

// answered is the requests waiting for a line that could not be read,
// by id as written: the one its head or tail names; naming none, when
// rpc (the line reads as a JSON-RPC answer), the only one waiting, else
// every one.
func (c *markedConn) answered(head, tail []byte, rpc bool) map[string]*mark {
	c.mu.Lock()
	defer c.mu.Unlock()
	id, ok := headID(head)
	if !ok {
		id, ok = tailID(tail)
	}
	if ok {
		if m := c.pending[string(id)]; m != nil {
			return map[string]*mark{string(id): m}
		}
		return nil
	}
	if !rpc || len(c.pending) == 0 {
		return nil
	}
	out := make(map[string]*mark, len(c.pending))
	for k, m := range c.pending {
		out[k] = m
	}
	return out
}

// headMember reports whether the head of a JSON object holds the
// top-level member key, with its value's token when whole.
func headMember(head []byte, key string) ([]byte, bool) {
	depth, inString, escaped := 0, false, false
	keyStart := -1
	for i := 0; i < len(head); i++ {
		b := head[i]
		if inString {
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
				if depth == 1 && keyStart >= 0 && string(head[keyStart:i]) == key {
					rest := bytes.TrimLeft(head[i+1:], " \t\r\n")
					if len(rest) == 0 || rest[0] != ':' {
						return nil, false
					}
					v, _ := valueToken(bytes.TrimLeft(rest[1:], " \t\r\n"))
					return v, true
				}
				keyStart = -1
			}
			continue
		}
		switch b {
		case '"':
			inString = true
			if depth == 1 && keyStart == -2 {
				keyStart = i + 1
			}
		case '{', '[':
			depth++
			if depth == 1 {
				keyStart = -2
			}
		case '}', ']':
			depth--
		case ',':
			if depth == 1 {
				keyStart = -2
			}
		case ':':
			if depth == 1 {
				keyStart = -1
			}
		}
	}
	return nil, false
}

// overLong ends the stream at a line that is not JSON-RPC grown past the
// ceiling (a server writing without end and no newline): as for a '{'
// line over it (lineCap), the only request waiting is told its answer
// was too large, and every request waiting fails now.
func (j *jsonLines) overLong() {
	if j.conn != nil {
		if m := j.conn.owner(nil, nil); m != nil {
			m.trip(j.max())
		}
	}
	j.err = fmt.Errorf("upstream %s: a line over %d bytes ended the session", j.name, j.max())
}
