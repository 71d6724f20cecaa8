package upstream

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"sort"
	"time"
)

// Spec is how to reach one upstream server. Headers and Env hold secrets:
// they are never logged and never part of an error message. PlainEnv is
// the command's environment that is not secret (shown, never masked).
type Spec struct {
	Name     string
	Command  []string
	Env      map[string]string
	PlainEnv map[string]string
	URL      string
	Headers  map[string]string
	// Dir is the working directory a stdio server runs in (empty: the
	// console's own).
	Dir string
	// Timeout bounds one call or listing, connect included (zero: the
	// pool's Timeout).
	Timeout time.Duration
	// MaxBackoff is the longest wait before reconnecting to (restarting)
	// a server that keeps failing; the wait doubles from 100 ms up to it
	// (zero: 30 s).
	MaxBackoff time.Duration
	// StderrLines is how many of a stdio server's last stderr lines the
	// error of a failed start keeps (zero: 12).
	StderrLines int
}

// Validate says whether the spec names exactly one way to reach a server.
func (s Spec) Validate() error {
	switch {
	case len(s.Command) == 0 && s.URL == "":
		return errors.New("give --command or --url")
	case len(s.Command) > 0 && s.URL != "":
		return errors.New("give --command or --url, not both")
	case s.URL != "" && len(s.Env)+len(s.PlainEnv) > 0:
		return errors.New("--env is for --command servers")
	case s.URL != "" && s.Dir != "":
		return errors.New("--dir is for --command servers")
	case len(s.Command) > 0 && len(s.Headers) > 0:
		return errors.New("--header is for --url servers")
	}
	return nil
}

// processEnv is the command's own environment: the plain variables and
// the secret ones (a name is one or the other).
func (s Spec) processEnv() map[string]string {
	if len(s.PlainEnv) == 0 {
		return s.Env
	}
	out := make(map[string]string, len(s.Env)+len(s.PlainEnv))
	for k, v := range s.PlainEnv {
		out[k] = v
	}
	for k, v := range s.Env {
		out[k] = v
	}
	return out
}

// key names a spec's exact content, secrets included (hashed), so a
// changed connection gets a new client and the old one is closed.
func (s Spec) key() string {
	type kv struct{ K, V string }
	pairs := func(m map[string]string) []kv {
		out := make([]kv, 0, len(m))
		for k, v := range m {
			out = append(out, kv{k, v})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].K < out[j].K })
		return out
	}
	b, _ := json.Marshal([]any{s.Name, s.Command, pairs(s.Env), s.URL, pairs(s.Headers), s.Timeout, s.MaxBackoff, s.StderrLines, pairs(s.PlainEnv), s.Dir})
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
