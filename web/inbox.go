package web

import (
	"fmt"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/views"
)

// inboxLimit is how many inbox items the dashboard shows.
const inboxLimit = 20

// inboxRows is the viewer's inbox for the dashboard and its unread count.
func (s *Server) inboxRows(c echo.Context) ([]views.InboxRow, int, error) {
	items, err := s.store.Inbox(c.Request().Context(), currentUser(c), inboxLimit)
	if err != nil {
		return nil, 0, err
	}
	rows := make([]views.InboxRow, len(items))
	unread := 0
	for i, it := range items {
		link := fmt.Sprintf("/proposals/%d", it.ProposalID)
		if it.Revision > 0 && it.Revision < it.Current {
			// what changed since the revision the item was about
			link += fmt.Sprintf("?since=%d", it.Revision)
		}
		rows[i] = views.InboxRow{Kind: it.Kind, Actor: it.Actor, Skill: it.Skill, Comment: it.Comment, At: it.At.UTC().Format(time.DateTime), Link: link,
			Proposal: it.ProposalID, Revision: it.Revision, Current: it.Current, Unread: it.Unread}
		if it.Unread {
			unread++
		}
	}
	return rows, unread, nil
}

// markInboxRead marks every inbox item of the viewer read.
func (s *Server) markInboxRead(c echo.Context) error {
	if err := s.store.MarkInboxRead(c.Request().Context(), currentUser(c), 0); err != nil {
		return err
	}
	return s.flashAndRedirect(c, "Inbox marked read.", "/")
}

// readProposalInbox marks read the viewer's inbox items about the
// proposal they opened.
func (s *Server) readProposalInbox(c echo.Context, id uint) error {
	if u := currentUser(c); u != nil {
		return s.store.MarkInboxRead(c.Request().Context(), u, id)
	}
	return nil
}
