package web

// The browser tests act on the page and read it only through the live
// document (Runtime.evaluate), never through node ids from chromedp's
// cached DOM tree. chromedp's element actions (Click, SendKeys, Text, …)
// find a node in that cache and then call the browser with its id; when a
// navigation or an htmx swap replaces the node in between, the call fails
// with "No node with given id found" and chromedp does not retry it. That
// made CI flaky after redirects. Here every action first waits until the
// page has settled (loaded, no htmx request or swap under way) and the
// element is there, all read from the live document, and an action that
// starts a navigation or a swap waits for its end before the next step.
// TestBrowserTestsUseTheLiveDocument keeps the cached-DOM actions out.

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// liveLimit bounds each wait of a browser step; CI runs the browser next to
// the race detector on two cores.
const liveLimit = 30 * time.Second

// settledJS is "" once the document has loaded and htmx is idle (no
// request in flight, nothing swapping or settling), else why not.
const settledJS = `(document.readyState !== "complete" ? "the page is still loading" : document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added") ? "an htmx request has not settled" : "")`

// visibleJS is chromedp's own test of visibility, on el.
const visibleJS = `!!(el.offsetWidth || el.offsetHeight || el.getClientRects().length)`

// liveAnswer is what a step's JavaScript answers: ok, or why not yet.
type liveAnswer struct {
	OK   bool    `json:"ok"`
	Why  string  `json:"why"`
	Text string  `json:"text"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// onElement is a JavaScript expression that runs body, a function body of
// el answering a liveAnswer, on the first element sel matches once the
// page has settled.
func onElement(sel, body string) string {
	return fmt.Sprintf(`(() => { const why = %s; if (why) return {why}; const el = document.querySelector(%s); if (!el) return {why: "no element matches"}; return ((el) => { %s })(el); })()`, settledJS, jsString(sel), body)
}

// pollLive evaluates js every 25 ms until it answers ok, for at most
// liveLimit. An evaluation that fails (the page is being replaced) is
// tried again: js must be safe to repeat.
func pollLive(ctx context.Context, tg *chromedp.Target, what, js string) (liveAnswer, error) {
	deadline := time.Now().Add(liveLimit)
	last := "never evaluated"
	for {
		a, err := chromedp.Evaluate[liveAnswer](js)(ctx, tg)
		switch {
		case err == nil && a.OK:
			return a, nil
		case err != nil:
			last = err.Error()
		default:
			last = a.Why
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			return liveAnswer{}, fmt.Errorf("%s: %s", what, last)
		}
		select {
		case <-ctx.Done():
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// once evaluates js a single time: for steps that change the page, which
// must not be repeated.
func once(ctx context.Context, tg *chromedp.Target, what, js string) error {
	a, err := chromedp.Evaluate[liveAnswer](js)(ctx, tg)
	if err == nil && !a.OK {
		err = fmt.Errorf("%s", a.Why)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// present waits until the page has settled and sel matches an element.
func present(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := pollLive(ctx, tg, sel, onElement(sel, `return {ok: true};`))
		return err
	})
}

// waitVisible waits until the page has settled and sel matches a visible
// element.
func waitVisible(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := pollLive(ctx, tg, sel, onElement(sel, `return `+visibleJS+` ? {ok: true} : {why: "not visible"};`))
		return err
	})
}

// clickJS finds where a person would click el: its first box's centre,
// scrolled into the window if it is outside, and answers only when that
// point really hits el (not a sticky bar or a dialog over it).
const clickJS = `if (!(` + visibleJS + `)) return {why: "not visible"};
	let r = el.getClientRects()[0];
	if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
		el.scrollIntoView({block: "center", inline: "nearest", behavior: "instant"});
		r = el.getClientRects()[0];
	}
	const x = r.left + r.width / 2, y = r.top + r.height / 2;
	const hit = document.elementFromPoint(x, y);
	if (!hit) return {why: "nothing is at its centre"};
	const label = hit.closest("label");
	if (hit !== el && !el.contains(hit) && !(label && label.control === el)) {
		el.scrollIntoView({block: "center", inline: "nearest", behavior: "instant"});
		return {why: "its centre is covered by <" + hit.tagName.toLowerCase() + (hit.dataset.testid ? ' data-testid="' + hit.dataset.testid + '"' : "") + ">"};
	}
	return {ok: true, x, y};`

// click presses the mouse on the centre of the element sel matches, as a
// person would, once the page has settled and the element is visible and
// not covered.
func click(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		a, err := pollLive(ctx, tg, "click "+sel, onElement(sel, clickJS))
		if err != nil {
			return err
		}
		_, err = chromedp.MouseClickXY(a.X, a.Y)(ctx, tg)
		return err
	})
}

// typeInto focuses the element sel matches and types keys into it.
func typeInto(sel, keys string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := pollLive(ctx, tg, "type into "+sel, onElement(sel, `if (!(`+visibleJS+`)) return {why: "not visible"}; el.focus(); return document.activeElement === el ? {ok: true} : {why: "it does not take the focus"};`)); err != nil {
			return err
		}
		_, err := chromedp.KeyEvent(keys)(ctx, tg)
		return err
	})
}

// setValue sets the value of the field sel matches (no events, as
// chromedp.SetValue).
func setValue(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := pollLive(ctx, tg, "set "+sel, onElement(sel, `el.value = `+jsString(value)+`; return el.value === `+jsString(value)+` ? {ok: true} : {why: "the value did not take"};`))
		return err
	})
}

// submit submits the form of the element sel matches (the form itself, or
// the field's form) without a submit event, as chromedp.Submit does. Wrap
// it in navigates.
func submit(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := present(sel)(ctx, tg); err != nil {
			return err
		}
		return once(ctx, tg, "submit "+sel, onElement(sel, `const f = el.nodeName === "FORM" ? el : el.form; if (!f) return {why: "not in a form"}; HTMLFormElement.prototype.submit.call(f); return {ok: true};`))
	})
}

// scrollTo brings the element sel matches into the window, centred if it
// was outside.
func scrollTo(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := pollLive(ctx, tg, "scroll to "+sel, onElement(sel, `el.scrollIntoViewIfNeeded(true); return {ok: true};`))
		return err
	})
}

// upload sets the files of the file input sel matches.
func upload(sel string, files []string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := present(sel)(ctx, tg); err != nil {
			return err
		}
		obj, err := chromedp.Evaluate[*runtime.RemoteObject](`document.querySelector(`+jsString(sel)+`)`)(ctx, tg)
		if err != nil {
			return fmt.Errorf("upload %s: %w", sel, err)
		}
		defer cdp.Call(ctx, tg, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: obj.ObjectID})
		if _, err := cdp.Call(ctx, tg, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: files, ObjectID: obj.ObjectID}); err != nil {
			return fmt.Errorf("upload %s: %w", sel, err)
		}
		return nil
	})
}

// settled waits until the document has loaded and htmx is idle.
func settled() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := pollLive(ctx, tg, "settle", `(() => { const why = `+settledJS+`; return why ? {why} : {ok: true}; })()`)
		return err
	})
}

// visit loads url and waits until the page has settled (its htmx loads
// included).
func visit(url string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(chromedp.Navigate(url), settled())
}

// reload loads the page again and waits until it has settled.
func reload() chromedp.Action[chromedp.Void] {
	return chromedp.Steps(chromedp.Reload(), settled())
}

// documents numbers the marks navigates leaves on documents.
var documents atomic.Int64

// navigates runs steps that start a navigation (a link, a form post and
// its redirect) and waits until a new document has replaced the one they
// started on and has settled, so the next step never acts on the page
// being left.
func navigates(steps ...chromedp.Action[chromedp.Void]) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		mark := jsString(fmt.Sprintf("doc-%d", documents.Add(1)))
		if _, err := pollLive(ctx, tg, "mark the document", `(() => { const why = `+settledJS+`; if (why) return {why}; window.__liveDoc = `+mark+`; return {ok: true}; })()`); err != nil {
			return err
		}
		if _, err := chromedp.Steps(steps...)(ctx, tg); err != nil {
			return err
		}
		_, err := pollLive(ctx, tg, "the next page", `(() => { if (window.__liveDoc === `+mark+`) return {why: "the page was not replaced"}; const why = `+settledJS+`; return why ? {why} : {ok: true}; })()`)
		return err
	})
}

// swaps runs steps that start an htmx request (a lever, an htmx form) and
// waits until htmx has swapped its answer in and settled, on the same
// document.
func swaps(steps ...chromedp.Action[chromedp.Void]) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		a, err := pollLive(ctx, tg, "count the swaps", `(() => { const why = `+settledJS+`; if (why) return {why};
			if (!window.__liveSwaps) { window.__liveSwaps = {n: 0}; document.addEventListener("htmx:afterSettle", () => { window.__liveSwaps.n++; }); }
			return {ok: true, x: window.__liveSwaps.n}; })()`)
		if err != nil {
			return err
		}
		if _, err := chromedp.Steps(steps...)(ctx, tg); err != nil {
			return err
		}
		_, err = pollLive(ctx, tg, "the htmx swap", fmt.Sprintf(`(() => { if (!window.__liveSwaps) return {why: "the page was reloaded, not swapped"}; if (window.__liveSwaps.n <= %d) return {why: "no swap yet"}; const why = `+settledJS+`; return why ? {why} : {ok: true}; })()`, int64(a.X)))
		return err
	})
}

// readLive answers the string js computes from el, the element sel matches
// once the page has settled, failing the test after liveLimit.
func readLive(t *testing.T, ctx context.Context, sel, js string) string {
	t.Helper()
	a, err := chromedp.Run(ctx, chromedp.Action[liveAnswer](func(ctx context.Context, tg *chromedp.Target) (liveAnswer, error) {
		return pollLive(ctx, tg, "read "+sel, onElement(sel, js))
	}))
	if err != nil {
		t.Fatal(err)
	}
	return a.Text
}

// text reads the visible text (innerText) of the element sel matches.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return readLive(t, ctx, sel, `return {ok: true, text: el.innerText};`)
}

// textContent reads the text content of the element sel matches.
func textContent(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return readLive(t, ctx, sel, `return {ok: true, text: el.textContent};`)
}

// attr reads an attribute of the element sel matches, waiting for it to
// have one.
func attr(t *testing.T, ctx context.Context, sel, name string) string {
	t.Helper()
	return readLive(t, ctx, sel, `const v = el.getAttribute(`+jsString(name)+`); return v === null ? {why: "no attribute `+name+`"} : {ok: true, text: v};`)
}
