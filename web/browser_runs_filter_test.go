package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// runsFilterMisfit names what of the Runs page's filter is out of line:
// a label whose top is not the others', or a field (select, date) whose
// height is not the others' ("" when all line up).
const runsFilterMisfit = `(() => {
	const f = document.querySelector('[data-testid="runs-filter"]');
	const out = [];
	const labels = [...f.querySelectorAll('label')].map(l => [l.textContent.trim(), Math.round(l.getBoundingClientRect().top)]);
	for (const [name, top] of labels) if (Math.abs(top - labels[0][1]) > 1) out.push('label "' + name + '" at ' + top + ' px, "' + labels[0][0] + '" at ' + labels[0][1]);
	const fields = [...f.querySelectorAll('select, input[type=date]')].map(e => [e.name, Math.round(e.getBoundingClientRect().height)]);
	for (const [name, h] of fields) if (Math.abs(h - fields[0][1]) > 1) out.push(name + ' is ' + h + ' px high, ' + fields[0][0] + ' ' + fields[0][1]);
	return out.join('; ');
})()`

// TestBrowserRunsFilterLinesUp: at 1440 and 1024 px the Runs page's
// filter fields are alike — the date inputs were unstyled, smaller, and
// their labels about 13 px below the Agent and Trigger labels — and the
// page is headed "Runs", as the navigation and the README name it.
func TestBrowserRunsFilterLinesUp(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for _, width := range []int{1440, 1024} {
		step(t, ctx, "open", chromedp.EmulateViewport(int64(width), 900), visit(h.srv.URL+"/runs"), waitVisible(`[data-testid="runs-filter"]`))
		screenshot(t, ctx, fmt.Sprintf("runs-filter-%d", width))
		if bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](runsFilterMisfit)); err != nil || bad != "" {
			t.Errorf("at %d px the filter is out of line: %s %v", width, bad, err)
		}
		if h1 := strings.TrimSpace(text(t, ctx, `h1`)); h1 != "Runs" {
			t.Errorf("at %d px the page is headed %q, the navigation says Runs", width, h1)
		}
	}
}
