package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/agentforge/console/instruction/authority"
)

// subjectHeaders are the headers a subject is read from.
var subjectHeaders = []string{"X-Subject-Id", "X-Subject-Groups"}

// repeatedSubjectHeader is why the subject headers are refused when one
// is sent more than once ("" when none is): two X-Subject-Groups headers
// mean their comma-joined list (RFC 9110), so a proxy appending one would
// widen the subject; refused as a repeated ?profile= is.
func repeatedSubjectHeader(h http.Header) string { return repeatedHeader(h, subjectHeaders) }

// gatewayOnceHeaders are the headers a gateway request may send at most
// once: the subject's, its key and its session (a second Mcp-Session-Id
// was ignored, the first one read).
var gatewayOnceHeaders = append([]string{"Authorization", sessionHeader}, subjectHeaders...)

// repeatedHeader is why a request is refused when one of names is sent
// more than once ("" when none is).
func repeatedHeader(h http.Header, names []string) string {
	for _, name := range names {
		if n := len(h.Values(name)); n > 1 {
			return name + ": give it once (it was sent " + strconv.Itoa(n) + " times)"
		}
	}
	return ""
}

// subjectFromHeaders reads X-Subject-Id and X-Subject-Groups (comma
// separated); neither means no subject (the group everyone). The id is
// taken as sent (HTTP has already dropped the spaces and tabs around a
// header's value): Validate refuses one that is not its canonical form,
// such as one with other white space around it.
func subjectFromHeaders(h http.Header) *authority.Subject {
	id, groups := h.Get("X-Subject-Id"), h.Get("X-Subject-Groups")
	if id == "" && strings.TrimSpace(groups) == "" {
		return nil
	}
	s := &authority.Subject{ID: id, Groups: []string{}}
	for _, g := range strings.Split(groups, ",") {
		if g = strings.TrimSpace(g); g != "" {
			s.Groups = append(s.Groups, g)
		}
	}
	return s
}

// subjectHeaderProblem is why the subject the headers give is refused
// ("" when it is not), naming the header that carries the fault.
func subjectHeaderProblem(subject *authority.Subject) string {
	f, msg := subject.Validate()
	switch f {
	case "":
		return ""
	case "subject.id":
		return "X-Subject-Id: " + strings.TrimSpace(strings.TrimPrefix(msg, "subject.id"))
	default:
		return "X-Subject-Groups: " + strings.TrimSpace(strings.TrimPrefix(msg, "subject.groups:"))
	}
}
