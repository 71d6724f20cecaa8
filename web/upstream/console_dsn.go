package upstream

import (
	"net/url"
	"strings"
)

// dsnPassword is the password v gives as a database URL (user info, or
// a password query parameter) or as a libpq key=value DSN ("" when none).
func dsnPassword(v string) string {
	if strings.Contains(v, "://") {
		u, err := url.Parse(v)
		if err != nil {
			return ""
		}
		if u.User != nil {
			if pw, set := u.User.Password(); set && pw != "" {
				return pw
			}
		}
		return u.Query().Get("password")
	}
	return keyValuePassword(v)
}

// keyValuePassword is the password= of a libpq key=value DSN ("host=db
// password='a b'": spaces around "=" allowed, a value single-quoted with
// \' and \\ escapes or bare up to a space), "" when v is not one or holds
// none.
func keyValuePassword(v string) string {
	s := strings.TrimSpace(v)
	pw := ""
	for s != "" {
		i := strings.IndexAny(s, "= ")
		if i <= 0 {
			return ""
		}
		key := s[:i]
		s = strings.TrimLeft(s[i:], " ")
		if !strings.HasPrefix(s, "=") {
			return ""
		}
		s = strings.TrimLeft(s[1:], " ")
		var val strings.Builder
		if strings.HasPrefix(s, "'") {
			s = s[1:]
			closed := false
			for len(s) > 0 {
				c := s[0]
				s = s[1:]
				if c == '\\' && len(s) > 0 {
					val.WriteByte(s[0])
					s = s[1:]
					continue
				}
				if c == '\'' {
					closed = true
					break
				}
				val.WriteByte(c)
			}
			if !closed {
				return ""
			}
		} else {
			j := strings.IndexByte(s, ' ')
			if j < 0 {
				j = len(s)
			}
			val.WriteString(strings.ReplaceAll(s[:j], `\\`, `\`))
			s = s[j:]
		}
		if key == "password" {
			pw = val.String()
		}
		s = strings.TrimLeft(s, " ")
	}
	return pw
}
