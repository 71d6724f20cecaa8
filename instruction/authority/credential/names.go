package credential

import "strings"

// Named reports whether a field, header, variable, flag or parameter
// called name holds a secret. It is the one rule for every place that
// reads a name: a connection URL's query parameter or path segment, a
// command's flag, the console's environment variables, an argument shown
// for approval, NAME=VALUE in free text.
//
// A name holds a secret when one of its words (split at '_', '-', '.',
// spaces and lower-to-upper case changes), or two or three neighbouring
// words run together, is a secret's word (secretWords: password, token,
// apikey, …) or its plural; when a word ends in one of the longer of
// them run together (PGPASSWORD, accesstoken); or when its last word is a
// short mark (lastMarks: key, sig, pass, pwd, pw, auth, dsn), which in
// another place is an ordinary word (SSH_AUTH_SOCK, PASS_THROUGH). Words,
// not substrings: "footprint" holds no "otp", "tokenizer" no "token".
// PWD, the working directory every shell sets, holds none.
func Named(name string) bool {
	if name == workingDir {
		return false
	}
	w := words(name)
	for i := range w {
		if endsInSecretWord(w[i]) {
			return true
		}
		run := ""
		for j := i; j < len(w) && j < i+3; j++ {
			run += w[j]
			if secretWord(run) {
				return true
			}
		}
	}
	return len(w) > 0 && lastMarks[w[len(w)-1]]
}

// exactName reports whether name is wholly a secret's name (Named, with
// the secret's word last and not a plural: DB_PASSWORD, access_token,
// api_key, but not password_hint or prompt_tokens), so that the value of NAME=VALUE is secret whatever it
// looks like.
func exactName(name string) bool {
	if name == workingDir {
		return false
	}
	if secretSet[normalName(name)] {
		return true
	}
	w := words(name)
	n := len(w)
	if n == 0 {
		return false
	}
	last := w[n-1]
	// no plural: prompt_tokens=120 counts tokens
	return secretSet[last] || lastMarks[last] || n > 1 && secretSet[w[n-2]+last] ||
		!strings.HasSuffix(last, "s") && endsInSecretWord(last)
}

// workingDir is the variable every shell sets to the working directory:
// "pwd" is a password's short mark, "PWD" is not.
const workingDir = "PWD"

// secretWords are the words (or neighbouring words run together) that
// mark a name's value secret wherever they stand in the name.
var secretWords = []string{"password", "passwd", "passphrase", "secret", "token", "apikey", "accesskey", "privatekey",
	"authorization", "credential", "cookie", "bearer", "sessionid", "otp", "signature"}

// suffixWords are the secretWords long enough to mark a word that ends
// in them (pgpassword, clientsecret, accesstoken).
var suffixWords = []string{"password", "passwd", "passphrase", "secret", "token", "apikey", "credential"}

// lastMarks are short words that mark a secret only as a name's last
// word (api_key, DB_PASS, ?sig=, SENTRY_DSN).
var lastMarks = map[string]bool{"key": true, "sig": true, "pass": true, "pwd": true, "pw": true, "auth": true, "dsn": true}

// secretSet is secretWords as a set.
var secretSet = func() map[string]bool {
	m := make(map[string]bool, len(secretWords))
	for _, n := range secretWords {
		m[n] = true
	}
	return m
}()

// secretWord reports whether w (lower case) is a secret's word or its
// plural.
func secretWord(w string) bool {
	return secretSet[w] || secretSet[strings.TrimSuffix(w, "s")]
}

// endsInSecretWord reports whether w (lower case) is a longer word that
// ends in one of suffixWords, or its plural.
func endsInSecretWord(w string) bool {
	w = strings.TrimSuffix(w, "s")
	for _, s := range suffixWords {
		if strings.HasSuffix(w, s) {
			return true
		}
	}
	return false
}

// words are name's words, lower-cased: split at every character that is
// not a letter or digit and where a lower-case letter or digit is
// followed by an upper-case one.
func words(name string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(name); i++ {
		if i < len(name) && alnum(name[i]) {
			if start >= 0 && name[i] >= 'A' && name[i] <= 'Z' && (name[i-1] >= 'a' && name[i-1] <= 'z' || name[i-1] >= '0' && name[i-1] <= '9') {
				out = append(out, strings.ToLower(name[start:i]))
				start = i
			}
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, strings.ToLower(name[start:i]))
			start = -1
		}
	}
	return out
}

// signedParam reports whether name is a presigned URL's signature or
// credential parameter (X-Amz-Signature, X-Goog-Credential): its value
// is what makes the link work, and it grants nothing beyond that link.
func signedParam(name string) bool {
	n := normalName(name)
	return n == "xamzsignature" || n == "xamzcredential" || n == "xgoogsignature" || n == "xgoogcredential"
}

// normalName is name lower-cased without '_', '-', '.' and spaces.
func normalName(name string) string {
	b := make([]byte, 0, len(name))
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_' || c == '-' || c == '.' || c == ' ':
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// NamedValue is Named for a name whose value is at hand: a bare "key"
// (the one word a key-value store, a cache or an object store also
// calls its lookup key: user:42:cart, reports/q3.pdf) holds a secret only
// when its value has a credential's shape (Find) or is one unbroken run of
// at least 16 letters, digits, '-' and '_' that looks random; every other
// name is judged by Named alone.
func NamedValue(name, value string) bool {
	if w := words(name); len(w) == 1 && w[0] == "key" {
		return len(Find(value)) > 0 || len(value) >= 16 && tokenRun(value) && LooksRandom(value)
	}
	return Named(name)
}

// tokenRun reports whether s is made only of letters, digits, '-' and '_'.
func tokenRun(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !alnum(c) && c != '-' && c != '_' {
			return false
		}
	}
	return true
}
