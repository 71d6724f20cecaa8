package web

import (
	"net/url"
	"strconv"

	"github.com/agentforge/console/views"
)

// catalogPageSize is how many tools one catalog page lists.
const catalogPageSize = 50

// paginate keeps one page of the matching rows (the URL's page, 1-based;
// past the end shows the last page) and the links to its neighbours,
// which keep the filters.
func paginate(d *views.CatalogData, q url.Values) error {
	d.Matched = len(d.Rows)
	page, err := pageParam(q)
	if err != nil {
		return err
	}
	d.Pages = max(1, (d.Matched+catalogPageSize-1)/catalogPageSize)
	d.Page = min(page, d.Pages)
	from := (d.Page - 1) * catalogPageSize
	to := min(from+catalogPageSize, d.Matched)
	d.Rows = d.Rows[from:to]
	d.From, d.To = from+1, to
	link := func(p int) string {
		v := url.Values{}
		for k, x := range map[string]string{"q": d.Query, "class": d.Class, "effects": d.Effects, "service": d.Namespace, "status": d.Status} {
			if x != "" {
				v.Set(k, x)
			}
		}
		if p > 1 {
			v.Set("page", strconv.Itoa(p))
		}
		if len(v) == 0 {
			return "/catalog"
		}
		return "/catalog?" + v.Encode()
	}
	if d.Page > 1 {
		d.PrevURL = link(d.Page - 1)
	}
	if d.Page < d.Pages {
		d.NextURL = link(d.Page + 1)
	}
	return nil
}
