package models

import (
	"encoding/json"
	"strings"
)

// decodeList reads a stored list of strings (encodeList's JSON). A list
// of plain strings (printable ASCII without an escape, as tool ids, slugs
// and service names are) is sliced out of s without encoding/json: a
// compose request reads its agent's declared tools, its profile's tools
// and pins and each skill's required tools this way, and json.Unmarshal
// was about 4% of a distinct compose request's CPU. Anything else (an
// escape, non-ASCII text, null, malformed JSON) is json.Unmarshal's, and
// both paths give the same result (TestDecodeListIsUnmarshal).
func decodeList(s string) []string {
	if out, ok := plainList(s); ok {
		return out
	}
	var out []string
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

// plainList reads s when it is a JSON array of plain strings; ok is false
// for anything else.
func plainList(s string) (out []string, ok bool) {
	i := skipJSONSpace(s, 0)
	if i == len(s) || s[i] != '[' {
		return nil, false
	}
	out = make([]string, 0, strings.Count(s, `"`)/2)
	i = skipJSONSpace(s, i+1)
	if i < len(s) && s[i] == ']' {
		return out, skipJSONSpace(s, i+1) == len(s)
	}
	for {
		if i == len(s) || s[i] != '"' {
			return nil, false
		}
		j := i + 1
		for j < len(s) && s[j] != '"' {
			if c := s[j]; c < 0x20 || c >= 0x80 || c == '\\' {
				return nil, false
			}
			j++
		}
		if j == len(s) {
			return nil, false
		}
		out = append(out, s[i+1:j])
		i = skipJSONSpace(s, j+1)
		if i == len(s) {
			return nil, false
		}
		switch s[i] {
		case ',':
			i = skipJSONSpace(s, i+1)
		case ']':
			return out, skipJSONSpace(s, i+1) == len(s)
		default:
			return nil, false
		}
	}
}

// skipJSONSpace is the index of the first byte of s at or after i that is
// not JSON whitespace.
func skipJSONSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

func encodeList(ss []string) string {
	if ss == nil {
		ss = []string{}
	}
	b, _ := json.Marshal(ss)
	return string(b)
}
