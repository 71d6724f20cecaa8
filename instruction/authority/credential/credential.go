package credential

import (
	"regexp"
	"sort"
	"strings"
	"sync"
)

// MinEntropy is the least Shannon entropy, in bits per character, of a
// token body that must read as random (a 20-character body drawn from 62
// symbols has about 4.2; "learncompatible" 3.3).
const MinEntropy = 3.0

// Prefix is one vendor's token shape: Prefix, then at least Min characters
// of its alphabet (letters, digits, '_' and '-'; Dot adds '.', Upper
// narrows it to upper-case letters and digits). Random: the body must read
// as random (see the package comment).
type Prefix struct {
	Prefix string
	Min    int
	Dot    bool
	Upper  bool
	Random bool
}

// Prefixes are the vendors' token prefixes the masking knows, after
// gitleaks' rules of the same names.
var Prefixes = []Prefix{
	{Prefix: "ghp_", Min: 30}, {Prefix: "gho_", Min: 30}, {Prefix: "ghu_", Min: 30}, {Prefix: "ghs_", Min: 30}, {Prefix: "ghr_", Min: 30}, // github-*
	{Prefix: "github_pat_", Min: 40},                                                    // github-fine-grained-pat
	{Prefix: "glpat-", Min: 20, Random: true}, {Prefix: "glsa_", Min: 32, Random: true}, // gitlab-pat, grafana-service-account
	{Prefix: "AKIA", Min: 16, Upper: true}, {Prefix: "ASIA", Min: 16, Upper: true}, {Prefix: "ABIA", Min: 16, Upper: true}, {Prefix: "ACCA", Min: 16, Upper: true}, // aws-access-token
	{Prefix: "sk-", Min: 20, Random: true},                                                                                                                                                                                        // openai, anthropic (sk-proj-, sk-ant-, sk-svcacct-)
	{Prefix: "sk_live_", Min: 16, Random: true}, {Prefix: "sk_test_", Min: 16, Random: true}, {Prefix: "rk_live_", Min: 16, Random: true}, {Prefix: "rk_test_", Min: 16, Random: true}, {Prefix: "whsec_", Min: 16, Random: true}, // stripe
	{Prefix: "xoxb-", Min: 10, Random: true}, {Prefix: "xoxp-", Min: 10, Random: true}, {Prefix: "xoxa-", Min: 10, Random: true}, {Prefix: "xoxr-", Min: 10, Random: true}, {Prefix: "xoxs-", Min: 10, Random: true}, {Prefix: "xoxe-", Min: 10, Random: true}, {Prefix: "xapp-", Min: 10, Random: true}, // slack
	{Prefix: "AIza", Min: 35, Random: true}, {Prefix: "ya29.", Min: 20, Dot: true, Random: true}, // gcp-api-key, google oauth access token
	{Prefix: "npm_", Min: 36, Random: true}, {Prefix: "hf_", Min: 30, Random: true}, {Prefix: "pypi-", Min: 40, Random: true}, // npm, huggingface, pypi
	{Prefix: "dop_v1_", Min: 40, Random: true}, {Prefix: "shpat_", Min: 32, Random: true}, {Prefix: "shpss_", Min: 32, Random: true}, {Prefix: "lin_api_", Min: 32, Random: true}, // digitalocean, shopify, linear
}

// hasFold reports whether s holds word (lower-case ASCII) in any case.
func hasFold(s, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		j := 0
		for j < len(word) && (s[i+j]|0x20) == word[j] {
			j++
		}
		if j == len(word) {
			return true
		}
	}
	return false
}

// Mask is s with every credential found (Find) replaced by marker.
func Mask(s, marker string) string {
	spans := Find(s)
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	at := 0
	for _, sp := range spans {
		b.WriteString(s[at:sp[0]])
		b.WriteString(marker)
		at = sp[1]
	}
	b.WriteString(s[at:])
	return b.String()
}

// Find returns the byte spans [start, end) of the credentials in s, in
// order, merged where they overlap; nil when there is none.
func Find(s string) [][2]int {
	var spans [][2]int
	signed := signedValues(s)
	add := func(a, b int) {
		for _, sv := range signed {
			if a < sv[1] && b > sv[0] {
				return // inside a presigned URL's signature or credential
			}
		}
		if b > a {
			spans = append(spans, [2]int{a, b})
		}
	}
	findPrefixed(s, add)
	// each pattern runs only on a text that holds its literal part
	if strings.Contains(s, "eyJ") {
		for _, m := range jwtPattern().FindAllStringIndex(s, -1) {
			add(m[0], m[1])
		}
	}
	if hasFold(s, "bearer") || hasFold(s, "basic") || hasFold(s, "token") {
		for _, m := range schemePattern().FindAllStringSubmatchIndex(s, -1) {
			if random(s[m[2]:m[3]], 8) {
				add(m[2], m[3])
			}
		}
	}
	findUserinfo(s, add)
	if !strings.Contains(s, "-----BEGIN ") {
		findAssignments(s, add)
		return merged(spans)
	}
	for _, m := range pemPattern().FindAllStringIndex(s, -1) {
		end := strings.Index(s[m[1]:], "-----END ")
		if end < 0 {
			add(m[0], len(s))
			continue
		}
		end += m[1] + len("-----END ")
		if close := strings.Index(s[end:], "-----"); close >= 0 {
			end += close + len("-----")
		}
		add(m[0], end)
	}
	findAssignments(s, add)
	return merged(spans)
}

// merged is spans in order, those that overlap merged; nil for none.
func merged(spans [][2]int) [][2]int {
	if len(spans) == 0 {
		return nil
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	out := spans[:1]
	for _, sp := range spans[1:] {
		last := &out[len(out)-1]
		if sp[0] <= last[1] {
			last[1] = max(last[1], sp[1])
			continue
		}
		out = append(out, sp)
	}
	return out
}

var (
	jwtPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*`)
	})
	schemePattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:bearer|basic|token)\s+([A-Za-z0-9._~+/=-]+)`)
	})
	pemPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----`) })
)

// findUserinfo adds the password of every scheme://user:password@ in s.
func findUserinfo(s string, add func(a, b int)) {
	for from := 0; ; {
		i := strings.Index(s[from:], "://")
		if i < 0 {
			return
		}
		start := from + i + 3
		end := start
		for end < len(s) && !strings.ContainsRune("/ \t\r\n@\"'<>", rune(s[end])) {
			end++
		}
		from = end
		if end < len(s) && s[end] == '@' {
			if colon := strings.IndexByte(s[start:end], ':'); colon >= 0 && start+colon+1 < end {
				add(start+colon+1, end)
			}
		}
	}
}

// findPrefixed adds the span of every vendor token (Prefixes) in s.
func findPrefixed(s string, add func(a, b int)) {
	for _, p := range Prefixes {
		for from := 0; ; {
			i := strings.Index(s[from:], p.Prefix)
			if i < 0 {
				break
			}
			i += from
			from = i + len(p.Prefix)
			if i > 0 && alnum(s[i-1]) {
				continue
			}
			end := from
			for end < len(s) && p.allows(s[end]) {
				end++
			}
			body := s[from:end]
			if len(body) < p.Min || (p.Upper && end < len(s) && alnum(s[end])) || (p.Random && !random(body, p.Min)) {
				continue
			}
			add(i, end)
			from = end
		}
	}
}
