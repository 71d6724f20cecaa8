package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/cmd/console/startgc"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web"
	"github.com/agentforge/console/web/upstream"
)

func runServe(ctx context.Context, args []string, stdout, stderr *os.File) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", envOr("CONSOLE_ADDR", ":8080"), "listen address (CONSOLE_ADDR)")
	takeBadEnv() // only this command's reads count
	secure := fs.Bool("secure-cookies", envSwitch("CONSOLE_SECURE_COOKIES"), "mark cookies Secure (behind a TLS proxy)")
	rate := fs.Int("api-rate", envInt("CONSOLE_API_RATE", web.DefaultAPIRate), "API requests per second per key (CONSOLE_API_RATE)")
	approvals := fs.Int("approvals", envInt("CONSOLE_REQUIRED_APPROVALS", 1), "fresh approvals a skill promotion needs (CONSOLE_REQUIRED_APPROVALS)")
	proxyHeader := fs.String("trusted-proxy-header", os.Getenv("CONSOLE_TRUSTED_PROXY_HEADER"), "header a trusted reverse proxy sets to the client address: X-Forwarded-For or X-Real-IP (CONSOLE_TRUSTED_PROXY_HEADER); unset: the peer address")
	metricsAddr := fs.String("metrics-addr", os.Getenv("CONSOLE_METRICS_ADDR"), "serve GET /metrics on this address instead of the main one, without an API key (CONSOLE_METRICS_ADDR)")
	ceiling := fs.Int("procedure-ceiling", envInt("CONSOLE_PROCEDURE_CEILING", 2000), "largest skill procedure in tokens (CONSOLE_PROCEDURE_CEILING)")
	upDefault, upErr := envDuration("CONSOLE_UPSTREAM_TIMEOUT", upstream.DefaultTimeout)
	upTimeout := fs.Duration("upstream-timeout", upDefault, "longest wait for one call to an upstream MCP server, its start included; a call still running then is lost: environment_unavailable, or uncertain_side_effect for a tool with effects (CONSOLE_UPSTREAM_TIMEOUT)")
	idleDefault, idleErr := envDuration("CONSOLE_GATEWAY_SESSION_IDLE", web.DefaultGatewaySessionIdle)
	gwIdle := fs.Duration("gateway-session-idle", idleDefault, "a gateway session unused this long expires; its client initializes a new one (CONSOLE_GATEWAY_SESSION_IDLE)")
	gwCap := fs.Int("gateway-sessions", envInt("CONSOLE_GATEWAY_SESSIONS", web.DefaultGatewaySessionCap), "live gateway sessions one runtime key may hold per agent (CONSOLE_GATEWAY_SESSIONS)")
	runs, conns := runCeilingFlags(fs), connCapFlags(fs)
	origins := fs.String("allowed-origins", os.Getenv("CONSOLE_ALLOWED_ORIGINS"), "browser origins besides the console's own that may call the MCP gateway, scheme://host[:port] separated by commas (CONSOLE_ALLOWED_ORIGINS)")
	logLevelName := fs.String("log-level", envOr("CONSOLE_LOG_LEVEL", "info"), "least severe log records written to stderr: debug, info, warn or error (CONSOLE_LOG_LEVEL)")
	// asked for, the flags go to stdout; after a bad flag, to stderr
	fs.SetOutput(stderr)
	for _, a := range args {
		if isHelp(a) {
			fs.SetOutput(stdout)
		}
	}
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: console serve [flags]   (every command: console help)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return &exitError{2, err}
	}
	if err := errors.Join(takeBadEnv(), upErr, idleErr, conns.check(fs, *proxyHeader)); err != nil {
		return &exitError{2, err}
	}
	if *gwIdle <= 0 {
		return &exitError{2, fmt.Errorf("--gateway-session-idle: %s is not a positive duration (as 30m or 2h)", *gwIdle)}
	}
	if *gwCap <= 0 {
		return &exitError{2, fmt.Errorf("--gateway-sessions: %d is not a positive number", *gwCap)}
	}
	if *upTimeout <= 0 {
		return &exitError{2, fmt.Errorf("--upstream-timeout: %s is not a positive duration (as 30s or 2m)", *upTimeout)}
	}
	if err := checkServeBounds(fs, *gwIdle, *upTimeout, runs); err != nil {
		return err
	}
	allowed, err := web.ParseAllowedOrigins(*origins)
	if err != nil {
		return &exitError{2, fmt.Errorf("--allowed-origins (CONSOLE_ALLOWED_ORIGINS): %w", err)}
	}
	if err := web.CheckProxyHeader(*proxyHeader); err != nil {
		return &exitError{2, fmt.Errorf("--trusted-proxy-header: %w", err)}
	}
	retention, err := models.ParseRunRetention(os.Getenv("CONSOLE_RUN_RETENTION"))
	if err != nil {
		return &exitError{2, err}
	}
	if err := applyMemoryLimit(os.Getenv); err != nil {
		return err
	}
	level, err := logLevel(fs, *logLevelName)
	if err != nil {
		return &exitError{2, err}
	}
	log := slog.New(web.OmitEmptyAttrs(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level})))
	m := meter.New(200000)
	// every encoding's ranks load after the server listens (m.Warm below),
	// so they do not compete with the start for the CPU: seeding counts a
	// first start's units from the embedded table of known counts
	// (TestKnownCountsMatchTheTokenizer keeps it current), and a unit it
	// lacks loads the ranks on demand
	// the first admin's argon2id hash is computed after the server listens
	// (res.FinishAdmin below); a sign-in waits for it
	// a first start's seeding (the built-in catalog, the admin and the
	// demo) runs after the server listens (res.Seed below); every request
	// but the health check waits for it (seedGate)
	lock, err := lockServing(*addr)
	if err != nil {
		return err
	}
	defer lock.Release()
	store, res, err := openStoreFor(ctx, m, (*models.Store).BootstrapSeedLater)
	if err != nil {
		return err
	}
	defer store.Close()
	if err := serveSealKey(ctx, store); err != nil {
		return err
	}
	if err := logPrivateFiles(log, store); err != nil {
		return err
	}
	receiptKey, err := web.ReceiptKeyFromEnv()
	if err != nil {
		return &exitError{2, err}
	}
	if err := runs.Validate(); err != nil {
		return &exitError{2, err}
	}
	// every secret the console needs is read by now
	if err := guardSecrets(); err != nil {
		return err
	}
	if err := upstream.ServersRefused(); err != nil {
		log.Error("stdio servers refused", "err", err)
	}
	logServerUser(log)
	srv := web.New(store, m, web.Config{SecureCookies: *secure, Logger: log, APIRate: *rate, RequiredApprovals: *approvals, ProcedureCeiling: *ceiling,
		ReceiptKey: receiptKey, RunCeilings: *runs, TrustedProxyHeader: *proxyHeader, MetricsElsewhere: *metricsAddr != "", UpstreamTimeout: *upTimeout,
		GatewaySessionIdle: *gwIdle, GatewaySessionCap: *gwCap, AllowedOrigins: allowed})
	defer srv.Close()
	// the jobs started below (seeding, maintenance, warm-ups) end with
	// bgctx, and serve waits for them before the server and the store
	// close (this deferred wait runs before their Close)
	bgctx, stopBackground := context.WithCancel(ctx)
	var background sync.WaitGroup
	defer func() {
		stopBackground()
		background.Wait()
	}()
	gate := newSeedGate()
	if res.Seed == nil {
		if err := srv.Warm(ctx); err != nil {
			return err
		}
		gate.open(nil)
	}
	if a := os.Getenv("CONSOLE_PPROF_ADDR"); a != "" {
		if err := servePprof(a, log); err != nil {
			return &exitError{2, err}
		}
	}
	if *metricsAddr != "" {
		ms, err := serveMetrics(*metricsAddr, srv.MetricsHandler(), stdout)
		if err != nil {
			return &exitError{2, fmt.Errorf("--metrics-addr: %w", err)}
		}
		defer ms.Close()
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	lock.Say(servingWho(ln.Addr().String()))
	first := newFirstAnswer()
	hs := &http.Server{Handler: first.wrap(gate.wrap(srv.Handler())), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 60 * time.Second, WriteTimeout: 60 * time.Second, IdleTimeout: 120 * time.Second}
	ln = conns.wrap(ln, hs)
	// the line says the console is ready: a first start prints it once
	// seeded (a command run against the database after it finds it seeded)
	announce := func() {
		fmt.Fprintf(stdout, "Agent Forge Console on %s (database: %s). Sign in at %s/login\n", ln.Addr(), store.Dialect(), displayURL(ln.Addr()))
	}
	if res.Seed == nil {
		announce()
	}
	errc := make(chan error, 3)
	go func() { errc <- hs.Serve(ln) }()
	go func() {
		// the start is over once the first request is answered: the
		// collector gets its pace back (startgc)
		first.wait(ctx, afterFirstAnswerWait)
		startgc.Release()
	}()
	checkLibraryAfterListen(errc)
	// what the start left until now runs in turn on one goroutine: a first
	// start's seeding (requests wait for it), then the admin's hash, then
	// every encoding's ranks. Side by side they took both cores of a small
	// machine while the first requests came in; the hash and the ranks
	// begin once the first request is answered (firstAnswer).
	background.Add(1)
	go func() {
		defer background.Done()
		if res.Seed != nil {
			err := res.Seed(bgctx)
			if err == nil {
				err = srv.Warm(bgctx)
			}
			gate.open(err)
			if err != nil {
				errc <- err
				return
			}
			announce()
		}
		maintained := startRunMaintenance(bgctx, store, log, retention, *gwIdle)
		first.wait(bgctx, afterFirstAnswerWait)
		afterListen(bgctx, log, stdout, res, m, catalog.WarmLexicon)
		<-maintained
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing in-flight requests")
	sctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	// a seeding still running ends with ctx; the store closes after it
	<-gate.done
	return nil
}

// afterListen stores the admin's argon2id hash when the start left it
// pending (a sign-in waits for it), then loads every encoding's ranks and
// the search lexicon through warmLexicon (so no first search waits for
// it). A failed step is logged and the next one still runs; once ctx
// ended (the console is stopping) the warm-ups are skipped.
func afterListen(ctx context.Context, log *slog.Logger, stdout *os.File, res models.BootstrapResult, m *meter.Meter, warmLexicon func()) {
	if res.FinishAdmin != nil {
		if err := res.FinishAdmin(ctx); err != nil {
			log.Error("the admin password of this start was not stored (a start with the admin pending gives it a new one)", "err", err)
		} else {
			reportAdmin(stdout, res)
		}
	}
	if ctx.Err() != nil {
		// the console is stopping: no warm-up is worth its wait
		return
	}
	if err := m.Warm(); err != nil {
		log.Error("tokenizer warm-up failed", "err", err)
	}
	warmLexicon()
}

// reportAdmin says, once its hash is stored, that the admin was created
// and with which password.
func reportAdmin(stdout *os.File, res models.BootstrapResult) {
	if res.AdminPassword != "" {
		fmt.Fprintln(stdout, createdAdmin(" and password: "+res.AdminPassword+"\n(shown once; change it on your account page, /account)"))
	} else {
		fmt.Fprintln(stdout, createdAdmin(" and the password from CONSOLE_ADMIN_PASSWORD"))
	}
}
