package web

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromium finds the browser for browser tests: CONSOLE_CHROMIUM, else
// chromium on PATH. In CI a missing browser fails the test.
func chromium(t *testing.T) string {
	t.Helper()
	p := os.Getenv("CONSOLE_CHROMIUM")
	if p == "" {
		p, _ = exec.LookPath("chromium")
	}
	if p == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium not found: in CI the browser tests must run (.ci/run installs it)")
		}
		t.Skip("chromium not installed; browser test skipped outside CI")
	}
	return p
}

// browser starts headless Chromium for one test of at most 3 minutes (a
// ceiling for a loaded CI machine under -race, not a wait).
func browser(t *testing.T) context.Context {
	t.Helper()
	return browserWithin(t, 3*time.Minute)
}

// browserWithin starts headless Chromium for one test that may take up to
// limit.
func browserWithin(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)), chromedp.NoSandbox, chromedp.Headless, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1440, 1000))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	// the first run allocates the browser; it must not carry a timeout
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	tctx, cancel3 := context.WithTimeout(ctx, limit)
	t.Cleanup(cancel3)
	return tctx
}

// artifactDir is where screenshots go (CONSOLE_ARTIFACTS, default
// artifacts/screenshots at the repository root).
func artifactDir(t *testing.T) string {
	dir := os.Getenv("CONSOLE_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("..", "artifacts", "screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(artifactDir(t), name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

func browserLogin(t *testing.T, ctx context.Context, base, user, pw string) {
	t.Helper()
	err := chromedp.Do(ctx,
		visit(base+"/login"),
		typeInto(`#username`, user),
		typeInto(`#password`, pw),
		navigates(submit(`#password`)),
		waitVisible(`[data-testid="whoami"]`),
	)
	if err != nil {
		t.Fatalf("browser login: %v", err)
	}
}

func atoiClean(s string) int {
	n, _ := strconv.Atoi(strings.NewReplacer(",", "", "−", "-", "+", "").Replace(strings.TrimSpace(s)))
	return n
}

// TestBrowserForgeToggle: open the forge, switch exec off, see the total
// fall by exactly the delta the lever showed and "3 channel types" appear
// without a page reload; reload the URL and get the same state.
func TestBrowserForgeToggle(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/forge"), waitVisible(`[data-testid="total-total"]`)); err != nil {
		t.Fatal(err)
	}
	total0 := text(t, ctx, `[data-testid="total-total"]`)
	delta := attr(t, ctx, `[data-testid="lever-tool:exec"] .lever-state`, "data-delta-total")
	// a marker proves the page is not reloaded
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.__noReload = "yes"`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "forge")
	if err := chromedp.Do(ctx, swaps(click(`[data-testid="lever-tool:exec"] input`)), waitJS(`document.querySelector('[data-testid="lever-tool:exec"] .lever-state:not([data-on])') !== null`)); err != nil {
		t.Fatal(err)
	}
	marker, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.__noReload || "reloaded"`))
	channels := text(t, ctx, `[data-testid="channels"]`)
	total1 := text(t, ctx, `[data-testid="total-total"]`)
	// the full text is the sections, assembled when opened and when copied
	if err := chromedp.Do(ctx, click(`[data-testid="full-text-panel"] summary`), waitJS(`document.getElementById("full-text").textContent.length > 0`)); err != nil {
		t.Fatal(err)
	}
	full := textContent(t, ctx, `[data-testid="full-text"]`)
	copied, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
		let got = "";
		Object.defineProperty(navigator, "clipboard", {value: {writeText: (t) => { got = t; return Promise.resolve(); }}, configurable: true});
		document.querySelector('[data-testid="copy-full-text"]').click();
		const plain = await (await fetch(document.querySelector('[data-testid="full-text-link"]').href)).text();
		return got === plain && got.length > 0 ? "same" : "copied " + got.length + " bytes, the full text has " + plain.length;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil || copied != "same" {
		t.Errorf("copy full text: %q %v", copied, err)
	}
	url, _ := chromedp.Run(ctx, chromedp.Location())
	screenshot(t, ctx, "forge-exec-off")
	if marker != "yes" {
		t.Error("the page reloaded")
	}
	if atoiClean(total1) != atoiClean(total0)+atoiClean(delta) {
		t.Errorf("total %s → %s, lever said %s", total0, total1, delta)
	}
	if channels != "3" || !strings.Contains(full, "3 channel types") {
		t.Errorf("channels %q; 3 channel types in text: %v", channels, strings.Contains(full, "3 channel types"))
	}
	if !strings.Contains(url, "off=exec") {
		t.Errorf("URL does not keep the state: %s", url)
	}
	if err := chromedp.Do(ctx, reload(), waitVisible(`[data-testid="total-total"]`)); err != nil {
		t.Fatal(err)
	}
	if total2 := text(t, ctx, `[data-testid="total-total"]`); total2 != total1 {
		t.Errorf("reloaded URL shows %s, want %s", total2, total1)
	}
}

// TestBrowserPages takes a screenshot of each main page and fails when
// one renders an error page.
func TestBrowserPages(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for name, path := range map[string]string{"dashboard": "/", "catalog": "/catalog", "tool": "/catalog/tools/read_file", "import": "/catalog/import", "users": "/users", "audit": "/audit", "agents": "/agents", "agent": "/agents/researcher", "profiles": "/profiles", "profile": "/profiles/data-analyst", "profile-diff": "/profiles/data-analyst/diff?a=1&b=2", "forge-agent": "/forge?agent=analyst", "skills": "/skills", "skill": "/skills/quarterly-report", "proposal": "/proposals/4", "reviews": "/reviews"} {
		if err := chromedp.Do(ctx, visit(h.srv.URL+path), waitVisible(`main`)); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		screenshot(t, ctx, name)
		// a screenshot of an error page would prove nothing
		if failed, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('[data-testid="error"]') !== null`)); failed {
			t.Errorf("%s (%s) rendered an error page", name, path)
		}
	}
}
