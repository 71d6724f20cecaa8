package eval

import (
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
)

// Job is one evaluation EvaluateAll runs: an input and its options.
type Job struct {
	In      instruction.Input
	Options Options
}

// EvaluateAll evaluates the cases under every job, as EvaluateWith would
// one job at a time, and gives the same reports, in job order. The jobs
// share what they have in common: a roster two jobs search alike (the
// deferred lever's, a code-only helper's lever, the second profile's
// under every lever) is indexed and searched once per task, and a fit
// index shared by the jobs judges each task's hits once. The jobs are
// spread over the cores.
func EvaluateAll(jobs []Job, cases []Case, k int) []Report {
	sh := newShared()
	var rosters [][]*catalog.Entry
	for _, j := range jobs {
		rosters = append(rosters, j.In.Roster)
		if j.Options.Second != nil {
			rosters = append(rosters, j.Options.Second.Roster)
		}
	}
	sh.universe = catalog.NewUniverse(unionInOrder(rosters))
	out := make([]Report, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = evaluate(jobs[i].In, cases, k, jobs[i].Options, sh)
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// shared is what the jobs of one EvaluateAll have in common. It is safe
// for concurrent use.
type shared struct {
	mu sync.Mutex
	// entries numbers every entry seen, so a roster's key is short
	entries map[*catalog.Entry]int
	rosters map[string]*sharedRoster
	tasks   map[taskKey]*taskFit
	// universe is every roster's tools, indexed once; a roster of the
	// product's ranking is searched through it
	universe *catalog.Universe
}

// sharedRoster is one searchable roster's index and its searches, done
// once each.
type sharedRoster struct {
	once sync.Once
	ix   *catalog.Index
	// fitIx judges the roster's hits (see roster.fit)
	fitOnce sync.Once
	fitIx   *catalog.Fit
	mu      sync.Mutex
	ranks   map[string]*ranked
}

// ranked is one task's search under a roster; read-only once made.
type ranked struct {
	once sync.Once
	hits hitRanks
}

type taskKey struct {
	fit  *catalog.Fit
	task string
}

func newShared() *shared {
	return &shared{entries: map[*catalog.Entry]int{}, rosters: map[string]*sharedRoster{}, tasks: map[taskKey]*taskFit{}}
}

// roster is the shared searches of an input's roster:
// rosters whose searchable entries (code-only helpers are never
// searched) are the same, in the same order, share them.
func (sh *shared) roster(in instruction.Input) *sharedRoster {
	key := make([]byte, 0, 4*len(in.Roster))
	sh.mu.Lock()
	for _, e := range in.Roster {
		if e.Contract().CodeOnly {
			continue
		}
		n, ok := sh.entries[e]
		if !ok {
			n = len(sh.entries)
			sh.entries[e] = n
		}
		key = strconv.AppendInt(key, int64(n), 36)
		key = append(key, ',')
	}
	sr := sh.rosters[string(key)]
	if sr == nil {
		sr = &sharedRoster{ranks: map[string]*ranked{}}
		sh.rosters[string(key)] = sr
	}
	sh.mu.Unlock()
	sr.once.Do(func() {
		if sh.universe != nil {
			if ix, ok := sh.universe.Roster(in.Roster); ok {
				sr.ix = ix
				return
			}
		}
		sr.ix = catalog.IndexEntries(in.Roster)
	})
	return sr
}

// search is the task's search under the roster, searched once.
func (sr *sharedRoster) search(task string) hitRanks {
	sr.mu.Lock()
	r := sr.ranks[task]
	if r == nil {
		r = &ranked{}
		sr.ranks[task] = r
	}
	sr.mu.Unlock()
	r.once.Do(func() {
		r.hits = roster{ix: sr.ix}.ranks(task)
	})
	return r.hits
}

// taskFit is a task read once per fit index, and which tools fit it,
// each judged once.
type taskFit struct {
	task *catalog.FitTask
	mu   sync.Mutex
	fits map[string]bool
}

// fitting is the ids that fit the task by fit, in order (see
// catalog.FitTask.Fitting), each judged once per fit index.
func (sh *shared) fitting(fit *catalog.Fit, task string, ids []string) hitRanks {
	k := taskKey{fit, task}
	sh.mu.Lock()
	tf := sh.tasks[k]
	if tf == nil {
		tf = &taskFit{fits: map[string]bool{}}
		sh.tasks[k] = tf
	}
	sh.mu.Unlock()
	tf.mu.Lock()
	defer tf.mu.Unlock()
	if tf.task == nil {
		tf.task = fit.Task(task)
	}
	th := fit.Threshold()
	var out hitRanks
	for _, id := range ids {
		f, ok := tf.fits[id]
		if !ok {
			f = tf.task.Matched(id) >= th
			tf.fits[id] = f
		}
		if f {
			out = append(out, id)
		}
	}
	return out
}

// LeverJobs are the jobs of a draft's roster-changing levers, in display
// order: each tool, each service, deferred mode (tier and catalog form
// change no selection, so they are left out), each with the draft's
// options; the deferred lever flips the second profile's roster too. A
// lever the draft cannot flip is skipped.
func LeverJobs(d instruction.Draft, o Options) (levers []string, jobs []Job) {
	for _, lever := range d.LeverIDs() {
		if strings.HasPrefix(lever, instruction.LeverTierPrefix) || lever == instruction.LeverCompact {
			continue
		}
		flipped, err := d.Flip(lever)
		if err != nil {
			continue
		}
		jo := o
		if lever == instruction.LeverDeferred && o.Second != nil {
			second := *o.Second
			second.Options.Deferred = !second.Options.Deferred
			jo.Second = &second
		}
		levers = append(levers, lever)
		jobs = append(jobs, Job{In: flipped.Input(), Options: jo})
	}
	return levers, jobs
}

// unionInOrder is every entry of the rosters once, each roster's entries
// in its order where the rosters agree: an entry one roster adds goes
// right after the entry it follows there (a lever that turns a tool on
// puts it where the draft declares it).
func unionInOrder(rosters [][]*catalog.Entry) []*catalog.Entry {
	var out []*catalog.Entry
	at := map[*catalog.Entry]int{}
	for _, r := range rosters {
		prev := -1
		for _, e := range r {
			if i, ok := at[e]; ok {
				prev = i
				continue
			}
			prev++
			out = slices.Insert(out, prev, e)
			for i := prev; i < len(out); i++ {
				at[out[i]] = i
			}
		}
	}
	return out
}
