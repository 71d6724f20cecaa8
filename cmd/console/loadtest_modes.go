package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/agentforge/console/instruction/plural"
)

// loadMode makes the request bodies of a load run: every call of next
// returns the path and body of one request.
type loadMode struct {
	next func(i uint64) (path string, body []byte)
}

// apiPost sends one request and decodes a 200 answer into out.
func apiPost(ctx context.Context, client *http.Client, url, key string, body []byte, out any) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %d %s", url, res.StatusCode, b)
	}
	return json.Unmarshal(b, out)
}

// distinctComposeMode: every body different — a random subset of the
// agent's roster, a random tier, catalog form and encoding.
func distinctComposeMode(ctx context.Context, client *http.Client, base, key, agent string) (loadMode, error) {
	var first struct {
		Roster []string `json:"roster"`
	}
	if err := apiPost(ctx, client, base+"/api/v1/compose", key, fmt.Appendf(nil, `{"agent":%q}`, agent), &first); err != nil {
		return loadMode{}, err
	}
	if len(first.Roster) < 8 {
		return loadMode{}, fmt.Errorf("agent %s has %s; distinct bodies need at least 8", agent, plural.Count(len(first.Roster), "tool"))
	}
	tiers, forms, encs := []string{"full", "standard", "compact"}, []string{"full", "compact"}, []string{"o200k_base", "cl100k_base"}
	return loadMode{next: func(i uint64) (string, []byte) {
		rng := rand.New(rand.NewPCG(i, 0x5eed))
		var tools []string
		for _, id := range first.Roster {
			if rng.IntN(2) == 0 {
				tools = append(tools, id)
			}
		}
		b, _ := json.Marshal(map[string]any{"agent": agent, "tools": tools, "tier": tiers[rng.IntN(3)], "catalog_form": forms[rng.IntN(2)], "encoding": encs[rng.IntN(2)]})
		return "/api/v1/compose", b
	}}, nil
}

// stepsMode: deferred-run steps over many distinct runs. Setup mints, for
// each run, search receipts at steps 0, 1 and 2 (different queries); the
// k-th visit of a run sends the receipts of its first (k mod 3)+1 steps,
// so every step verifies real receipts, reconstructs, composes and counts.
func stepsMode(ctx context.Context, client *http.Client, base, key, agent string, runs, conns int) (loadMode, error) {
	queries := []string{"create an issue", "review a pull request", "read a file", "search code in a repository", "list branches",
		"draw a chart", "fetch a web page", "run a program", "write a file", "list workflow runs", "add a comment", "merge a pull request"}
	nonce := rand.Uint64()
	receipts := make([][]json.RawMessage, runs)
	var next atomic.Int64
	var wg sync.WaitGroup
	var failed atomic.Value
	for w := 0; w < conns; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				r := int(next.Add(1)) - 1
				if r >= runs || failed.Load() != nil {
					return
				}
				for step := 0; step < 3; step++ {
					var out struct {
						Receipt json.RawMessage `json:"receipt"`
					}
					body := fmt.Appendf(nil, `{"agent":%q,"query":%q,"step":%d,"limit":4}`, agent, queries[(r+step*5)%len(queries)], step)
					if err := apiPost(ctx, client, fmt.Sprintf("%s/api/v1/runs/load-%x-%d/search", base, nonce, r), key, body, &out); err != nil {
						failed.Store(err)
						return
					}
					if len(out.Receipt) == 0 || string(out.Receipt) == "null" {
						failed.Store(fmt.Errorf("search %q found nothing", queries[(r+step*5)%len(queries)]))
						return
					}
					receipts[r] = append(receipts[r], out.Receipt)
				}
			}
		}()
	}
	wg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		return loadMode{}, fmt.Errorf("minting receipts: %w", err)
	}
	// the bodies are made before the run, so the load generator spends its
	// CPU on sending, not on encoding
	paths := make([]string, runs)
	bodies := make([][3][]byte, runs)
	for r := range runs {
		paths[r] = fmt.Sprintf("/api/v1/runs/load-%x-%d/steps", nonce, r)
		for k := range 3 {
			groups := make([][]json.RawMessage, k+1)
			for g := range groups {
				groups[g] = []json.RawMessage{receipts[r][g]}
			}
			bodies[r][k], _ = json.Marshal(map[string]any{"agent": agent, "receipts": groups})
		}
	}
	return loadMode{next: func(i uint64) (string, []byte) {
		r := int(i % uint64(runs))
		visit := int(i / uint64(runs))
		return paths[r], bodies[r][visit%3]
	}}, nil
}
