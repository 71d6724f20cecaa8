// Package peer names the network a client address is counted under, for
// every limit kept per client (sign-in throttling, connection caps): an
// IPv4 address as it is (an IPv4-mapped IPv6 address as IPv4), an IPv6
// address as its /64, which one host or subscriber holds whole and can
// hop across freely.
package peer

import "net/netip"

// Key is the name ip is counted under; anything that is not an address
// is returned as given.
func Key(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap().WithZone("")
	if a.Is4() {
		return a.String()
	}
	p, err := a.Prefix(64)
	if err != nil {
		return ip
	}
	return p.String()
}
