package connlimit

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// fakeListener hands out the connections a test pushes, each from the
// address it names.
type fakeListener struct{ conns chan net.Conn }

func (f fakeListener) Accept() (net.Conn, error) { return <-f.conns, nil }
func (f fakeListener) Close() error              { return nil }
func (f fakeListener) Addr() net.Addr            { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)} }

type fromConn struct {
	net.Conn
	from net.Addr
}

func (c fromConn) RemoteAddr() net.Addr { return c.from }

// push queues a connection from ip and returns the client's end.
func (f fakeListener) push(t *testing.T, ip string) net.Conn {
	t.Helper()
	server, client := net.Pipe()
	t.Cleanup(func() { _ = client.Close(); _ = server.Close() })
	f.conns <- fromConn{server, &net.TCPAddr{IP: net.ParseIP(ip), Port: 40000}}
	return client
}

// TestPeersAreCountedByNetwork: an IPv6 peer is counted by its /64 (one
// host holds a whole /64, so counting each address let it fill the total
// cap alone), an IPv4-mapped address as the IPv4 address.
func TestPeersAreCountedByNetwork(t *testing.T) {
	f := fakeListener{conns: make(chan net.Conn, 8)}
	l := New(f, 1, 0)
	f.push(t, "2001:db8:1:2::1")
	if c, err := l.Accept(); err != nil || c.RemoteAddr().String() != "[2001:db8:1:2::1]:40000" {
		t.Fatalf("first: %v %v", c, err)
	}
	refused := f.push(t, "2001:db8:1:2::ffff")
	f.push(t, "2001:db8:1:3::1")
	answer := make(chan string, 1)
	go func() {
		_ = refused.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(refused), nil)
		if err != nil {
			answer <- err.Error()
			return
		}
		answer <- resp.Status
	}()
	if c, err := l.Accept(); err != nil || c.RemoteAddr().String() != "[2001:db8:1:3::1]:40000" {
		t.Fatalf("another /64 after the refused one: %v %v", c.RemoteAddr(), err)
	}
	if a := <-answer; a != "503 Service Unavailable" {
		t.Fatalf("second address of the same /64: %s", a)
	}
	if n, total := l.Open("2001:db8:1:2::/64"); n != 1 || total != 2 {
		t.Fatalf("open from 2001:db8:1:2::/64: %d of %d", n, total)
	}
	f.push(t, "::ffff:192.0.2.7")
	if _, err := l.Accept(); err != nil {
		t.Fatal(err)
	}
	mapped := f.push(t, "192.0.2.7")
	f.push(t, "192.0.2.8")
	go func() { _, _ = io.Copy(io.Discard, mapped); answer <- "" }()
	if c, err := l.Accept(); err != nil || c.RemoteAddr().String() != "192.0.2.8:40000" {
		t.Fatalf("after 192.0.2.7 mapped and plain: %v %v", c.RemoteAddr(), err)
	}
	<-answer
	if n, _ := l.Open("192.0.2.7"); n != 1 {
		t.Fatalf("open from 192.0.2.7: %d", n)
	}
}
