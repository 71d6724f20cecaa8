package web

import (
	"net/http"
	"time"
)

// protocolVersion is one MCP protocol version the gateway knows, and
// whether it speaks it.
type protocolVersion struct {
	version string
	// speaks: the gateway serves clients of this version (a version with
	// sessions); a version it knows but does not speak is one a client
	// probes with and then falls back from
	speaks bool
}

// protocolVersions are the MCP protocol versions the gateway knows,
// newest first: every version the SDK speaks
// (TestGatewayKnowsTheSDKsVersions holds the table to the SDK's list, so
// a new SDK version is entered here, spoken or not, by hand).
var protocolVersions = []protocolVersion{
	// sessionless: a client of it probes with server/discover and falls
	// back to initialize
	{version: "2026-07-28", speaks: false},
	{version: "2025-11-25", speaks: true},
	{version: "2025-06-18", speaks: true},
	{version: "2025-03-26", speaks: true},
	{version: "2024-11-05", speaks: true},
}

// gatewayVersions are the protocol versions the gateway speaks, newest
// first: the SDK's server is told these, and a refusal lists them.
var gatewayVersions = spokenVersions(protocolVersions)

// newestKnown is the newest version the gateway knows, as a date.
var newestKnown = newestVersion(protocolVersions)

// spokenVersions are the versions of known that the gateway speaks, in
// the table's order.
func spokenVersions(known []protocolVersion) []string {
	var out []string
	for _, v := range known {
		if v.speaks {
			out = append(out, v.version)
		}
	}
	return out
}

// newestVersion is the latest version of known, as a date.
func newestVersion(known []protocolVersion) time.Time {
	var newest time.Time
	for _, v := range known {
		if d, ok := versionDate(v.version); ok && d.After(newest) {
			newest = d
		}
	}
	return newest
}

// versionDate reads a protocol version, a date written YYYY-MM-DD; false
// for anything else (a malformed value, a date that is none).
func versionDate(v string) (time.Time, bool) {
	if len(v) != len(time.DateOnly) {
		return time.Time{}, false
	}
	d, err := time.Parse(time.DateOnly, v)
	return d, err == nil
}

// sessionlessProbe reports whether a request without a session names
// one version of a newer protocol than the gateway speaks: one the table
// knows and the gateway does not speak (the sessionless era's), or a
// date newer than every version it knows (one not yet known). A client
// of a newer version probes with it, for example with server/discover,
// which the gateway answers method-not-found, and falls back to
// initialize, which negotiates a version the gateway speaks; refusing
// the probe 400 would log a refusal per session start. A date between
// the known versions is no version (the SDK's handler would refuse it
// in plain text; the gateway refuses it -32022 first); a request of a
// session is held to the version it negotiated.
func sessionlessProbe(h http.Header) bool {
	v := h[protocolVersionHeader]
	if len(v) != 1 || h.Get(sessionHeader) != "" {
		return false
	}
	for _, k := range protocolVersions {
		if k.version == v[0] {
			return !k.speaks
		}
	}
	d, ok := versionDate(v[0])
	return ok && d.After(newestKnown)
}
