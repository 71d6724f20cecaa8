package catalog

import "testing"

func TestPluralWord(t *testing.T) {
	for w, want := range map[string]bool{
		"teams": true, "databases": true, "categories": true, "incidents": true, "boxes": true,
		"team": false, "status": false, "address": false, "analysis": false, "news": false, "was": false,
	} {
		if got := pluralWord(w); got != want {
			t.Errorf("pluralWord(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestSearchPrefersTheNameInTheTasksNumber: a task that asks about many
// of a thing prefers the tool whose name has the thing in the plural, a
// task about one the tool whose name has it in the singular; built-in and
// imported names alike (one roster, no service named).
func TestSearchPrefersTheNameInTheTasksNumber(t *testing.T) {
	roster := []Contract{
		{ID: "ops.get_incident", Purpose: "Get an incident by its id: status, severity, timeline."},
		{ID: "ops.list_incidents", Purpose: "List incidents, optionally filtered by status."},
		{ID: "getTeam", Purpose: "Get a team you belong to."},
		{ID: "getTeams", Purpose: "Get the teams you belong to."},
	}
	for task, want := range map[string]string{
		"any open incidents right now?":                 "ops.list_incidents",
		"which teams am I a member of?":                 "getTeams",
		"what is the team called, the one I belong to?": "getTeam",
	} {
		hits := Search(task, roster, 5)
		if len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: got %v, want %s first", task, hits, want)
		}
	}
}

// TestSearchPrefersTheOneANumberNames: a task that names one thing by its
// number ("work item 4521", "story #88") asks about that one, not a
// list of its kind: the tool whose name has the thing in the plural
// weighs less, as numberWeight weighs a singular name against a plural
// task. Built-in and imported names alike.
func TestSearchPrefersTheOneANumberNames(t *testing.T) {
	roster := []Contract{
		{ID: "board.list_work_items", Purpose: "List the work items of a project."},
		{ID: "board.get_work_item", Purpose: "Get a work item by id."},
		{ID: "listStories", Purpose: "List the stories of a team."},
		{ID: "getStory", Purpose: "Get a story by id."},
	}
	for task, want := range map[string]string{
		"show me work item 4521":        "board.get_work_item",
		"pull up story #88":             "getStory",
		"any stories without an owner?": "listStories",
	} {
		hits := Search(task, roster, 5)
		if len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: got %v, want %s first", task, hits, want)
		}
	}
}

// TestSearchPrefersTheOneASingularNames: a task that writes what it acts
// on in the singular ("take up the invite") asks about one of them: the
// tool whose name has it in the plural weighs less, as numberWeight
// weighs a singular name against a plural task.
func TestSearchPrefersTheOneASingularNames(t *testing.T) {
	roster := []Contract{
		{ID: "forum.comments_list", Purpose: "List the comments on a post."},
		{ID: "forum.comment_post", Purpose: "Post a comment on a post."},
		{ID: "forum.list_invites", Purpose: "List the invites sent to you."},
		{ID: "forum.accept_invite", Purpose: "Accept an invite by id."},
	}
	for task, want := range map[string]string{
		"write a comment under that post": "forum.comment_post",
		"show the comments on that post":  "forum.comments_list",
		"take up the invite from Ana":     "forum.accept_invite",
		"which invites came in?":          "forum.list_invites",
	} {
		hits := Search(task, roster, 5)
		if len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: got %v, want %s first", task, hits, want)
		}
	}
}

// TestASingularThatCountsNothingScalesNoPluralName: a singular after
// every, each, all or any says nothing of how many things the task acts
// on, so a name that has the word in the plural weighs as much as for the
// plural task.
func TestASingularThatCountsNothingScalesNoPluralName(t *testing.T) {
	roster := []Contract{
		{ID: "desk.list_users", Purpose: "List the user accounts of an organization."},
		{ID: "desk.get_user", Purpose: "Get one user account by id."},
		{ID: "desk.list_issues", Purpose: "List the issues of a project, with their labels."},
		{ID: "desk.get_issue", Purpose: "Get one issue by number, with its labels."},
	}
	score := func(task, id string) float64 {
		for _, h := range Search(task, roster, 5) {
			if h.ID == id {
				return h.Score
			}
		}
		return 0
	}
	for quantified, plural := range map[string]string{
		"show each issue of the project": "show the issues of the project",
		"show any issue of the project":  "show the issues of the project",
	} {
		if got, want := score(quantified, "desk.list_issues"), score(plural, "desk.list_issues"); got == 0 || got != want {
			t.Errorf("%q: desk.list_issues scores %v, want %v as for %q", quantified, got, want, plural)
		}
	}
	if a, b := score("show every user in the organization", "desk.list_users"), score("show every user in the organization", "desk.get_user"); a <= b {
		t.Errorf("every user: desk.list_users %v, not above desk.get_user %v", a, b)
	}
}

// TestQuantifiedSingularCountsNothing: a singular after every, each, all
// or any counts nothing whatever follows it, a number too ("close every
// issue 12" is no more about one issue than "close every issue").
func TestQuantifiedSingularCountsNothing(t *testing.T) {
	issue := stemWord("issue", false)
	for _, task := range []string{"close every issue", "close every issue 12", "label each ticket #4"} {
		found := false
		for _, q := range parseTask(task) {
			if q.stem == issue || q.stem == stemWord("ticket", false) {
				found = true
				if !q.countless {
					t.Errorf("%q: %q counts, want it to count nothing", task, q.stem)
				}
			}
		}
		if !found {
			t.Errorf("%q: no term for the singular", task)
		}
	}
}
