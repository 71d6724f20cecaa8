package web

import (
	"strings"
	"time"

	"github.com/agentforge/console/instruction/shown"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// privateSlug stands, in an audit event's subject, for the slug of a
// skill the viewer may not know: one that exists only through other
// people's private drafts (events before migration 152 named it; newer
// draft events do not).
const privateSlug = "skill:(private draft)"

// auditRows shows events, each "skill:SLUG" of a hidden slug
// (models.Store.HiddenSkillSlugs) replaced by privateSlug, and the
// subject and detail (which may quote a server's text) with control and
// format characters escaped (shown.Line).
func auditRows(events []models.AuditEvent, hidden []string) []views.AuditRow {
	set := make(map[string]bool, len(hidden))
	for _, h := range hidden {
		set["skill:"+h] = true
	}
	rows := make([]views.AuditRow, len(events))
	for i, e := range events {
		rows[i] = views.AuditRow{ID: e.ID, At: e.At.UTC().Format(time.DateTime), Actor: e.Actor, Action: e.Action, Subject: shown.Line(redactSubject(e.Subject, set)), Before: e.BeforeDigest, After: e.AfterDigest, Detail: shown.Line(e.Detail)}
	}
	return rows
}

func redactSubject(subject string, hidden map[string]bool) string {
	if len(hidden) == 0 || !strings.Contains(subject, "skill:") {
		return subject
	}
	words := strings.Split(subject, " ")
	for i, w := range words {
		if hidden[w] {
			words[i] = privateSlug
		}
	}
	return strings.Join(words, " ")
}
