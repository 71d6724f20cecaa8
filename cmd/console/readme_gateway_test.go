package main

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/shlex"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/models"
)

// TestReadmeGatewayExample follows the README's gateway section as a new
// user would: its connection commands (against the published memory
// server the README installs; .ci/run installs the same version), a
// review and an agent with a deferred profile, its apikey command, then an
// MCP client configured exactly as the README's client configuration
// says finds a tool by search, calls it, is refused for bad arguments and
// for a revoked grant, and the run is stored without its arguments.
func TestReadmeGatewayExample(t *testing.T) {
	npm := memoryNpmDir(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "s.db")
	// the database the quick start's console serve created (read
	// commands such as connection list create none: #12)
	if out, err := runCLI(t, db, "migrate"); err != nil {
		t.Fatalf("migrate: %v\n%s", err, out)
	}
	var key, revoke, regrant string
	ran := 0
	for _, c := range readmeCommands(t, "") {
		switch {
		case strings.HasPrefix(c, "console grant remove everyone --effects workspace-write"):
			revoke = c // run mid-session below, as the README says
		case strings.HasPrefix(c, "console grant add everyone --effects workspace-write"):
			regrant = c
		case strings.HasPrefix(c, "mkdir -p data "):
			// the memory file's folder, as written, through sh in the
			// console's folder: a root console's servers run as nobody
			sh := exec.Command("sh", "-c", c)
			sh.Dir = dir
			if out, err := sh.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", c, err, out)
			}
			ran++
		case strings.HasPrefix(c, "npm install") && strings.Contains(c, "server-memory@"):
			if !strings.Contains(c, "--no-package-lock") || !strings.Contains(c, "server-memory@2026.8.31") {
				t.Errorf("the README installs another way than .ci/run: %s", c)
			}
			ran++
		case strings.HasPrefix(c, "console connection add memory"), c == "console connection list", c == "console apikey create my-client --scope runtime --as admin", strings.HasSuffix(c, "| console user add rita --roles reviewer --as admin"):
			line := readmeMemoryLine(c, npm, dir)
			restore := func() {}
			if echo, cmd, piped := strings.Cut(line, " | "); piped {
				// the password the example pipes in, on standard input
				said, err := splitLine(echo)
				if err != nil || len(said) != 2 || said[0] != "echo" {
					t.Fatalf("%s: the password is not echoed in: %v", c, err)
				}
				restore, line = answerStdin(t, said[1]+"\n"), cmd
			}
			args, err := splitLine(line)
			if err != nil {
				t.Fatal(err)
			}
			out, err := runCLI(t, db, args[1:]...)
			restore()
			if err != nil {
				t.Fatalf("%s: %v\n%s", c, err, out)
			}
			ran++
			switch {
			case strings.HasPrefix(c, "console connection add"):
				if !strings.Contains(out, "synced memory: 9 tools listed; 9 added") {
					t.Errorf("%s:\n%s", c, out)
				}
			case strings.Contains(c, "console user add"):
				if !strings.Contains(out, "rita") {
					t.Errorf("%s:\n%s", c, out)
				}
			case c == "console connection list":
				// the data path, no secret, is shown in clear (--env-plain)
				if out != "no connections\n" && (!strings.Contains(out, "memory\tstdio\t") || !strings.Contains(out, "env: MEMORY_FILE_PATH="+filepath.Join(dir, "data", "memory.jsonl")) || strings.Contains(out, "secrets: env MEMORY_FILE_PATH")) {
					t.Errorf("connection list:\n%s", out)
				}
			default:
				key = regexp.MustCompile(`afc_[A-Za-z0-9_-]+`).FindString(out)
			}
		}
	}
	if ran < 5 || key == "" || revoke == "" || regrant == "" {
		t.Fatalf("ran %d README gateway examples (want at least 5), key %q, revocation %q and its undoing %q", ran, key, revoke, regrant)
	}
	runLine := func(c string) {
		args, err := splitLine(c)
		if err != nil {
			t.Fatal(err)
		}
		if out, err := runCLI(t, db, args[1:]...); err != nil {
			t.Fatalf("%s: %v\n%s", c, err, out)
		}
	}
	// step 2 of the README: review, declare on an agent and a profile
	ctx := context.Background()
	store, err := models.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	// the admin imported the tools, so the admin cannot approve them
	tools, _ := store.Tools(ctx)
	known, ids := map[string]bool{}, []string{}
	for _, tl := range tools {
		known[tl.ID] = true
		if tl.Namespace == "memory" {
			ids = append(ids, tl.ID)
		}
	}
	seen, _ := store.ToolDigests(ctx, ids)
	if _, err := store.ReviewTools(ctx, "admin", seen, models.ToolAvailable); err == nil {
		t.Error("the importer approved its own import")
	}
	if _, err := store.ReviewTools(ctx, "rita", seen, models.ToolAvailable); err != nil {
		t.Fatal(err)
	}
	if _, err := store.CreateProfile(ctx, "admin", models.ProfileInput{Slug: "memory-deferred", Name: "Memory, deferred", Content: models.ProfileContent{Tools: ids, Deferred: true, Tier: "standard", CatalogForm: "full"}}, known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.CreateAgent(ctx, "admin", models.AgentInput{Slug: "assistant", Name: "Assistant", Declared: ids, Services: []string{"memory"}, DefaultProfile: "memory-deferred"}, known); err != nil {
		t.Fatal(err)
	}
	// a skill that needs the tool the client will find: once the search
	// loads it, the step lists the skill and the client may load_skill it
	if _, err := store.CreateUser(ctx, "test", models.NewUserInput{Username: "ed", Password: "ed-password-12345", Roles: []models.Role{models.RoleEditor}}); err != nil {
		t.Fatal(err)
	}
	rev, _ := store.UserByName(ctx, "rita")
	p, err := store.Propose(ctx, "ed", "remember-people", true, models.SkillContent{Name: "Remember people", RequiredTools: []string{"memory.create_entities"},
		Summary: "Records the people a conversation mentions.", Procedure: "# Remember people\n\n1. Create one entity per person, of type person.\n"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.AddReview(ctx, rev, p.ID, models.ReviewApprove, p.Digest, "Fine."); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Promote(ctx, rev, p.ID, models.PromotePolicy{RequiredApprovals: 1}); err != nil {
		t.Fatal(err)
	}
	// step 3: the client configuration, as written
	base := startServe(t, dir)
	cfg := readmeClientConfig(t)
	url := strings.Replace(cfg.URL, "http://localhost:8080", base, 1)
	headers := map[string]string{}
	for k, v := range cfg.Headers {
		headers[k] = strings.Replace(v, "afc_…", key, 1)
	}
	cl := mcp.NewClient(&mcp.Implementation{Name: "readme-client", Version: "1"}, nil)
	cs, err := cl.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: readmeHeaders(headers)}, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatalf("connect with the README's configuration: %v", err)
	}
	defer cs.Close()
	// what the README says the client's model is told: tool calls through
	// the client and search_tools, never a channel tag
	if ins := cs.InitializeResult().Instructions; strings.Contains(ins, "<action") || strings.Contains(ins, "<final") ||
		!strings.Contains(ins, "calling the search_tools tool") || !strings.Contains(ins, "your client's own tool call") {
		t.Errorf("initialize's instructions are not what the README says the client's model is told:\n%s", ins)
	}
	text := func(name string, args any) (string, bool) {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var b strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				b.WriteString(tc.Text)
			}
		}
		return b.String(), res.IsError
	}
	if out, isErr := text("search_tools", map[string]any{"query": "create entities in the knowledge graph"}); isErr || !strings.Contains(out, "memory.create_entities") {
		t.Fatalf("search: %s", out)
	}
	if out, isErr := text("load_skill", map[string]any{"slug": "remember-people"}); isErr || !strings.Contains(out, "Create one entity per person") {
		t.Errorf("load_skill of the listed skill: %s", out)
	}
	secret := "Observation-7f3a-never-stored"
	if out, isErr := text("memory.create_entities", map[string]any{"entities": []any{map[string]any{"name": "Ada", "entityType": "person", "observations": []any{secret}}}}); isErr || !strings.Contains(out, "Ada") {
		t.Errorf("call: %s", out)
	}
	if out, isErr := text("memory.create_entities", map[string]any{"entities": "Ada"}); !isErr || !strings.Contains(out, `"pointer":"/entities"`) {
		t.Errorf("bad arguments: %s", out)
	}
	runLine(revoke)
	bob := map[string]any{"entities": []any{map[string]any{"name": "Bob", "entityType": "person", "observations": []any{}}}}
	if out, isErr := text("memory.create_entities", bob); !isErr || !strings.Contains(out, "capability_revoked") {
		t.Errorf("after the revocation: %s", out)
	}
	// the grant given back, a new search loads the tool again
	runLine(regrant)
	if out, isErr := text("search_tools", map[string]any{"query": "create entities in the knowledge graph"}); isErr || !strings.Contains(out, "memory.create_entities") {
		t.Fatalf("search after the grant came back: %s", out)
	}
	if out, isErr := text("memory.create_entities", bob); isErr || !strings.Contains(out, "Bob") {
		t.Errorf("after the grant came back and a new search: %s", out)
	}
	// step 4: the run is stored, its arguments are not
	runs, err := store.RecentRuns(ctx, 10)
	if err != nil || len(runs) == 0 || !strings.HasPrefix(runs[0].Run, "mcp-") {
		t.Fatalf("runs: %+v %v", runs, err)
	}
	for _, f := range []string{db, db + "-wal"} {
		if b, _ := os.ReadFile(f); strings.Contains(string(b), secret) {
			t.Errorf("%s holds a call's argument", filepath.Base(f))
		}
	}
}

// readmeClientConfig reads the README's client configuration block.
func readmeClientConfig(t *testing.T) struct {
	URL     string            `json:"url"`
	Headers map[string]string `json:"headers"`
} {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "\n    {\n      \"mcpServers\"")
	j := strings.Index(s[i+1:], "\n    }\n")
	if i < 0 || j < 0 {
		t.Fatal("the README has no client configuration block")
	}
	var cfg struct {
		MCPServers map[string]struct {
			Type    string            `json:"type"`
			URL     string            `json:"url"`
			Headers map[string]string `json:"headers"`
		} `json:"mcpServers"`
	}
	if err := json.Unmarshal([]byte(s[i+1:i+1+j+6]), &cfg); err != nil {
		t.Fatalf("the README's client configuration is not JSON: %v", err)
	}
	c := cfg.MCPServers["console"]
	if c.Type != "http" {
		t.Fatalf("configuration type %q", c.Type)
	}
	return struct {
		URL     string            `json:"url"`
		Headers map[string]string `json:"headers"`
	}{c.URL, c.Headers}
}

type readmeHeaders map[string]string

func (h readmeHeaders) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h {
		r.Header.Set(k, v)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// splitLine splits a README command line as a shell would (quotes).
func splitLine(s string) ([]string, error) { return shlex.Split(s) }

// answerStdin makes standard input hold text (what a script pipes into a
// command that asks a question), until restore.
func answerStdin(t *testing.T, text string) (restore func()) {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "stdin")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	old := os.Stdin
	os.Stdin = f
	return func() { os.Stdin = old; f.Close() }
}
