package fidelity_test

import "testing"

// TestConnectivesAndStandardsAreNoServices: a sentence opened by an
// adverb or a connective ("Otherwise it is …") names no service, nor does
// an acronym a value is checked against ("check against CIDR").
func TestConnectivesAndStandardsAreNoServices(t *testing.T) {
	wantNoFindings(t, "datetime",
		"Datetime string for convert/format/timestamp. If it carries a UTC designator or a numeric offset (2026-11-03T14:30:00Z, ...+09:00) it is absolute and fromTimezone is ignored. Otherwise it is a wall-clock time read in fromTimezone, defaulting to UTC",
		"Returns a time. Otherwise it is read as local time.",
		"Returns a time. Meanwhile it stays in the queue.",
		"Returns a time. Likewise it is rounded to the minute.",
	)
	wantNoFindings(t, "ip",
		"Target IP to check against CIDR",
		"Returns a verdict. Target IP to check against CIDR.",
		"Returns a verdict. Check the address against CIDR.",
		"Returns a hostname. Validate it against RFC 1123 first.",
		"Returns an address. The value to check against ISO 3166.",
	)
}
