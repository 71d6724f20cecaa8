package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"time"
)

// loadConn is one keep-alive HTTP/1.1 connection of a load run. It writes
// each request in one buffer and reads the answer by its Content-Length
// (or its chunks), so the load generator, which shares the machine's two
// cores with the console and PostgreSQL, spends its share on little more
// than the system calls: net/http's client took about a quarter of a load
// run's CPU. It reconnects when the server closes the connection.
type loadConn struct {
	addr, host, key string
	timeout         time.Duration
	conn            net.Conn
	r               *bufio.Reader
	req             []byte
	body            []byte
}

// newLoadConn makes a connection to addr (host:port) that sends key as its
// bearer token.
func newLoadConn(addr, key string) *loadConn {
	return &loadConn{addr: addr, host: addr, key: key, timeout: 10 * time.Second}
}

// post sends one POST with a JSON body and returns the status and, when
// keep is set, the answer's body (valid until the next call).
func (c *loadConn) post(path string, body []byte, keep bool) (int, []byte, error) {
	if c.conn == nil {
		conn, err := net.DialTimeout("tcp", c.addr, c.timeout)
		if err != nil {
			return 0, nil, err
		}
		c.conn, c.r = conn, bufio.NewReaderSize(conn, 64<<10)
	}
	c.req = append(c.req[:0], "POST "...)
	c.req = append(c.req, path...)
	c.req = append(c.req, " HTTP/1.1\r\nHost: "...)
	c.req = append(c.req, c.host...)
	c.req = append(c.req, "\r\nAuthorization: Bearer "...)
	c.req = append(c.req, c.key...)
	c.req = append(c.req, "\r\nContent-Type: application/json\r\nContent-Length: "...)
	c.req = strconv.AppendInt(c.req, int64(len(body)), 10)
	c.req = append(c.req, "\r\n\r\n"...)
	c.req = append(c.req, body...)
	_ = c.conn.SetDeadline(time.Now().Add(c.timeout))
	status, out, closeAfter, err := c.exchange(keep)
	if err != nil || closeAfter {
		c.conn.Close()
		c.conn = nil
	}
	return status, out, err
}

func (c *loadConn) exchange(keep bool) (status int, out []byte, closeAfter bool, err error) {
	if _, err = c.conn.Write(c.req); err != nil {
		return 0, nil, false, err
	}
	line, err := c.r.ReadSlice('\n')
	if err != nil {
		return 0, nil, false, err
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) {
		return 0, nil, false, fmt.Errorf("bad status line %q", line)
	}
	if status, err = strconv.Atoi(string(line[9:12])); err != nil {
		return 0, nil, false, fmt.Errorf("bad status line %q", line)
	}
	length, chunked := -1, false
	for {
		h, err := c.r.ReadSlice('\n')
		if err != nil {
			return status, nil, false, err
		}
		h = bytes.TrimRight(h, "\r\n")
		if len(h) == 0 {
			break
		}
		name, value, ok := bytes.Cut(h, []byte(":"))
		if !ok {
			continue
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.Atoi(string(value)); err != nil || length < 0 {
				return status, nil, false, fmt.Errorf("bad Content-Length %q", value)
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		case bytes.EqualFold(name, []byte("Connection")):
			closeAfter = bytes.EqualFold(value, []byte("close"))
		}
	}
	c.body = c.body[:0]
	switch {
	case chunked:
		err = c.readChunks(keep)
	case length >= 0:
		err = c.readN(length, keep)
	default:
		return status, nil, true, errors.New("an answer with neither Content-Length nor chunks")
	}
	if err != nil {
		return status, nil, false, err
	}
	return status, c.body, closeAfter, nil
}

func (c *loadConn) readN(n int, keep bool) error {
	if !keep {
		_, err := c.r.Discard(n)
		return err
	}
	start := len(c.body)
	c.body = append(c.body, make([]byte, n)...)
	_, err := io.ReadFull(c.r, c.body[start:])
	return err
}

func (c *loadConn) readChunks(keep bool) error {
	for {
		line, err := c.r.ReadSlice('\n')
		if err != nil {
			return err
		}
		size, _, _ := bytes.Cut(bytes.TrimRight(line, "\r\n"), []byte(";"))
		n, err := strconv.ParseInt(string(size), 16, 32)
		if err != nil || n < 0 {
			return fmt.Errorf("bad chunk size %q", line)
		}
		if n == 0 {
			for { // trailers, up to the empty line
				t, err := c.r.ReadSlice('\n')
				if err != nil {
					return err
				}
				if len(bytes.TrimRight(t, "\r\n")) == 0 {
					return nil
				}
			}
		}
		if err := c.readN(int(n), keep); err != nil {
			return err
		}
		if _, err := c.r.Discard(2); err != nil {
			return err
		}
	}
}

// close ends the connection.
func (c *loadConn) close() {
	if c.conn != nil {
		c.conn.Close()
		c.conn = nil
	}
}
