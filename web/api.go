package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

// MaxAPIBody is the largest request body the API reads.
const MaxAPIBody = 1 << 20

var unknownField = regexp.MustCompile(`unknown field "([^"]+)"`)

// readBody reads at most MaxAPIBody bytes; more is 413.
func readBody(c echo.Context) ([]byte, error) {
	r := c.Request()
	var body []byte
	var err error
	if n := r.ContentLength; n > 0 && n <= MaxAPIBody {
		// the common case: one buffer of the announced length, not
		// io.ReadAll's doublings (most of a small request's garbage);
		// net/http ends the body at its Content-Length, and a shorter
		// body fails ReadFull
		body = make([]byte, n)
		_, err = io.ReadFull(r.Body, body)
	} else {
		body, err = io.ReadAll(io.LimitReader(r.Body, MaxAPIBody+1))
	}
	if err != nil {
		return nil, apiErr(http.StatusBadRequest, "bad_request", "", "the body could not be read")
	}
	if len(body) > MaxAPIBody {
		return nil, apiErr(http.StatusRequestEntityTooLarge, "too_large", "body", fmt.Sprintf("the body is over %d bytes", MaxAPIBody))
	}
	return body, nil
}

func decodeStrict(body []byte, v any) error {
	if !utf8.Valid(body) || bytes.IndexByte(body, 0) >= 0 {
		return apiErr(http.StatusBadRequest, "bad_request", "", "the body must be UTF-8 JSON without NUL characters")
	}
	if bytes.Contains(body, []byte(`\u0000`)) {
		// a NUL inside a raw value (a receipt) is its consumer's to judge
		if f, found := nulOutsideRaw(body, reflect.TypeOf(v)); found && f != "" {
			return apiErr(http.StatusBadRequest, "bad_request", f, f+" contains a NUL character")
		} else if found {
			return apiErr(http.StatusBadRequest, "bad_request", "", "the body must be UTF-8 JSON without NUL characters")
		}
	}
	if err := checkJSONKeys(body, reflect.TypeOf(v)); err != nil {
		return err
	}
	// the common case: json.Unmarshal decodes a body whose keys were just
	// checked (none unknown, miscased or repeated at any depth) exactly as
	// the strict decoder below would, without its buffering (a third of
	// its cost); whatever Unmarshal refuses takes the strict decoder, which
	// words the error
	if json.Unmarshal(body, v) == nil {
		return nil
	}
	return decodeStrictly(body, v)
}

// decodeStrictly decodes one JSON value with encoding/json's strict
// decoder (unknown fields refused) and words its errors for the API.
func decodeStrictly(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		var se *json.SyntaxError
		switch {
		case errors.As(err, &te) && te.Field == "":
			return apiErr(http.StatusBadRequest, "bad_request", "", "the body must be a JSON object")
		case errors.As(err, &te):
			f, ft := jsonFieldPath(reflect.TypeOf(v), te.Field)
			return apiErr(http.StatusBadRequest, "bad_request", f, typeErrorMessage(f, ft, te.Type))
		case unknownField.MatchString(err.Error()):
			f := unknownField.FindStringSubmatch(err.Error())[1]
			return apiErr(http.StatusBadRequest, "bad_request", f, "unknown field "+f)
		case errors.As(err, &se):
			return apiErr(http.StatusBadRequest, "bad_request", "", fmt.Sprintf("the body is not valid JSON (at byte %d: %s)", se.Offset, strings.TrimPrefix(se.Error(), "json: ")))
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
			return apiErr(http.StatusBadRequest, "bad_request", "", "the body is empty or cut short: send a JSON object")
		}
		return apiErr(http.StatusBadRequest, "bad_request", "", "the body is not a JSON object")
	}
	if dec.More() {
		return apiErr(http.StatusBadRequest, "bad_request", "", "the body holds more than one JSON value")
	}
	return nil
}

// composeStatus maps a composition input error to the API's status.
func composeStatus(err error) error {
	var fe *instruction.FieldError
	if !errors.As(err, &fe) {
		return err
	}
	switch {
	case (fe.Field == "agent" || fe.Field == "profile") && strings.HasPrefix(fe.Message, "no "):
		return apiErr(http.StatusNotFound, "not_found", fe.Field, fe.Message)
	case fe.Field == "pins", (fe.Field == "tools" || fe.Field == "without") && strings.Contains(fe.Message, "unknown tool"):
		return apiErr(http.StatusUnprocessableEntity, "unprocessable", fe.Field, fe.Message)
	}
	return apiErr(http.StatusBadRequest, "bad_request", fe.Field, fe.Message)
}

// apiCompose serves POST /api/v1/compose: the same composition as the
// forge and the CLI, with a stored receipt.
func (s *Server) apiCompose(c echo.Context) error {
	raw, err := readBody(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	catGen, cfgGen, err := s.gate.generations(ctx)
	if err != nil {
		return err
	}
	owner := keyOwner(c)
	sum := sha256.Sum256(raw)
	var keyBuf [160]byte
	cacheKey := responseKey(keyBuf[:0], catGen, cfgGen, owner, &sum)
	r, ok := s.receipts.response(cacheKey)
	s.metrics.composeCache(ok)
	if ok {
		c.Response().Header()["Etag"] = r.etag
		return jsonBlob(c, http.StatusOK, r.body)
	}
	var req ComposeRequest
	if err := decodeStrict(raw, &req); err != nil {
		return err
	}
	if err := checkSlugs(req.Agent, req.Profile); err != nil {
		return err
	}
	if req.Agent == "" {
		return apiErr(http.StatusBadRequest, "bad_request", "agent", "agent is required")
	}
	// the gateway's rule: a set naming a tool the agent does not have
	// (another agent's, or one no reviewer approved) is answered as an
	// unknown id, so compose is no oracle for the catalog to whoever may
	// compose (the CLI's and the forge's compose explain it instead)
	if err := s.checkAgentSet(ctx, models.CheckState{CatalogGen: catGen, ConfigGen: cfgGen}, req.Agent, req.Tools, req.Without); err != nil {
		return err
	}
	snap, err := s.snapshotAt(ctx, catGen)
	if err != nil {
		return err
	}
	res, err := runtime.Compose(ctx, s.genStore(catGen, cfgGen), snap, s.meter, req)
	if err != nil {
		return composeStatus(err)
	}
	if seen := res.Digest + "/" + owner; !s.receipts.known(seen) {
		inputs, err := s.receiptInputsJSON(ctx, req, res)
		if err != nil {
			return err
		}
		if err := s.store.SaveReceiptFor(ctx, &models.Receipt{Digest: res.Digest, Text: res.Text}, owner, inputs, s.receipts.known(res.Digest)); err != nil {
			return err
		}
		s.receipts.add(res.Digest)
		s.receipts.add(seen)
	}
	// the same bytes as json.Marshal(res) (TestResultJSONMatchesMarshal),
	// in a lent buffer: a distinct request's answer is written and dropped
	bp := answerBuffers.Get().(*[]byte)
	buf := *bp
	if n := runtime.AnswerSize(res); cap(buf) < n {
		buf = make([]byte, 0, n+n/2) // room for the next, larger answers
	}
	body, err := res.AppendJSON(buf[:0])
	if err != nil {
		return err
	}
	etag := etagOf(res.Digest)
	held := s.receipts.keep(string(cacheKey), cachedResponse{body: body, digest: res.Digest, etag: etag})
	c.Response().Header()["Etag"] = etag
	err = jsonBlob(c, http.StatusOK, body)
	if !held && cap(body) <= maxCachedResponseBody {
		// a buffer grown past what the cache takes is dropped, so
		// later small answers do not each hold an array its size
		*bp = body[:0]
		answerBuffers.Put(bp)
	}
	return err
}

// keyOwner is the user who created the request's API key: receipts are
// kept and read per owner, and an approval holds for no call made through
// a key its decider created.
func keyOwner(c echo.Context) string {
	if k, ok := c.Get(keyAPIKey).(*models.APIKey); ok {
		return k.CreatedBy
	}
	return ""
}
