package web

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"sync"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// reviewFindingsMax bounds the review findings kept: past it the cache
// starts over, so memory stays bounded whatever an upstream sends.
const reviewFindingsMax = 2048

// reviewFindings are one candidate's leak findings as the review page
// shows them: the known tools its text teaches and what it needs that
// its service lacks.
type reviewFindings struct {
	mentions []views.Mention
	needs    []views.Need
}

// findingsCache keeps each candidate's review findings per catalog
// generation and contract digest: the leak check of a tool reads its
// whole service, so the review page computes it once per tool version,
// not on every view or refused submission.
type findingsCache struct {
	mu      sync.Mutex
	gen     int64
	entries map[string]reviewFindings
	// computed counts the findings computed (not served from the cache).
	computed int
	// checks are the services' leak checks of one generation, each
	// service's roster read once for all its candidates
	checks *genChecks
}

// genChecks are the service checks of one catalog generation.
type genChecks struct {
	gen    int64
	checks *serviceChecks
}

// of returns the findings of k, what the model reads of r (its
// rewordings applied), in snap, computing them on a miss: the key holds
// the rewordings, so a rewording recorded or removed is judged anew.
func (fc *findingsCache) of(snap *Snapshot, r models.Tool, k catalog.Contract) reviewFindings {
	sum := sha256.Sum256([]byte(r.ReviewedPurpose + "\x00" + r.ReviewedParams))
	key := r.ID + "\x00" + r.Digest + "\x00" + hex.EncodeToString(sum[:8])
	fc.mu.Lock()
	if fc.entries == nil || fc.gen != snap.Gen() || len(fc.entries) >= reviewFindingsMax {
		fc.gen, fc.entries = snap.Gen(), map[string]reviewFindings{}
	}
	f, ok := fc.entries[key]
	fc.mu.Unlock()
	if ok {
		return f
	}
	fc.mu.Lock()
	if fc.checks == nil || fc.checks.gen != snap.Gen() {
		fc.checks = &genChecks{gen: snap.Gen(), checks: newServiceChecks(snap.Universe())}
	}
	checks := fc.checks.checks
	fc.mu.Unlock()
	f = reviewFindings{mentions: mentionViews(snap.Mentions(k)), needs: needViews(k, checks)}
	fc.mu.Lock()
	fc.computed++
	if fc.gen == snap.Gen() {
		fc.entries[key] = f
	}
	fc.mu.Unlock()
	return f
}

// count is how many findings were computed so far.
func (fc *findingsCache) count() int {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	return fc.computed
}

// reviewItem is what a reviewer reads of one candidate: the compact
// contract with its token count and, for a changed tool, the diff; Own
// when me imported it or shaped its connection (shapers).
func (s *Server) reviewItem(r models.Tool, k catalog.Contract, snap *Snapshot, me string, shapers map[string][]string) (views.ReviewItem, error) {
	// what the agent reads: the rewordings recorded on the tool's page;
	// the leak findings judge it, not the imported text it replaces
	read, err := r.Effective()
	if err != nil {
		return views.ReviewItem{}, err
	}
	read.Effects, read.EffectsAssumed = k.Effects, k.EffectsAssumed // the import's hint, under review
	u := catalog.NewUnit(catalog.RenderCompact(read))
	n, err := s.meter.CountUnit(meter.O200k, u)
	if err != nil {
		return views.ReviewItem{}, err
	}
	found := s.findings.of(snap, r, read)
	it := views.ReviewItem{Row: toolRow(r, k), ImportedBy: r.ImportedBy, Mentions: found.mentions, Needs: found.needs, Purpose: k.Purpose, Changed: r.PrevJSON != "",
		Own: models.OwnTool(&r, me, shapers), Contract: u.Text, Tokens: n, Risky: risky(k.Effects), Assumed: k.EffectsAssumed,
		Exposes: catalog.ExposesSecrets(k)}
	if it.Changed {
		it.Diff = hunks(lineDiff(prettyJSON(r.PrevJSON), prettyJSON(r.Contract)), 3)
	}
	return it, nil
}

// reviewPageSize is how many candidates one review page shows.
const reviewPageSize = 25

// pageNumber reads a 1-based page number; anything else is page 1.
func pageNumber(v string) int {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 1
	}
	return n
}

// reviewPager places f's page among n shown candidates: the pager the
// page shows and the [start, end) slice of the candidates it reads.
func reviewPager(f reviewFilter, n int) (views.ReviewPager, int, int) {
	pages := max(1, (n+reviewPageSize-1)/reviewPageSize)
	page := min(max(f.page, 1), pages)
	start, end := (page-1)*reviewPageSize, min(page*reviewPageSize, n)
	pg := views.ReviewPager{Page: page, Pages: pages, From: start + 1, To: end, Of: n}
	if n == 0 {
		pg.From = 0
	}
	link := func(to int) string {
		g := f
		g.page = 0
		q := g.query()
		sep := "?"
		if q != "" {
			sep = "&"
		}
		return "/catalog/review" + q + sep + "page=" + strconv.Itoa(to)
	}
	if page > 1 {
		pg.Prev = link(page - 1)
	}
	if page < pages {
		pg.Next = link(page + 1)
	}
	return pg, start, end
}
