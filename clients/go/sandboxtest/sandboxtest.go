// Package sandboxtest gives each Go test a sandbox of its own: a session of one analytics-sandbox
// process per test binary, ended in t.Cleanup. Standard library only.
//
// The process is the program ANALYTICS_SANDBOX_BIN names (the single executable or the npm bin),
// else analytics-sandbox on the PATH, else one in a node_modules/.bin above the working folder;
// started with --port 0 --exit-with-parent, so it ends with the test binary. Where
// ANALYTICS_SANDBOX_URL is set (as `mutate` and `report --` set it), that sandbox is used instead.
//
//	func TestRetriesOnce(t *testing.T) {
//		s := sandboxtest.New(t, sandboxtest.Scenarios("fail-once"), sandboxtest.Now("2026-01-15"))
//		client := myclient.New(s.URL, "sbx_user_alpha")
//		...
//		// The request that failed was sent again once, no sooner than 100 ms after.
//		s.Expect(t, sandboxtest.Expectation{Path: "/projects", AfterStatus: 500, CountMin: sandboxtest.Int(1), CountMax: sandboxtest.Int(1), MinGapMs: 100})
//	}
//
// Expect fails the test with what differed and the requests judged when the client did otherwise;
// Behaviour gives the sandbox's verdicts on the client's retries, backoff and keys (behaviour.go).
package sandboxtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Option sets a field of the session's body (POST /__sandbox/sessions).
type Option func(body map[string]interface{})

// Scenarios puts these scenarios in force in the session (names from --list-scenarios).
func Scenarios(names ...string) Option {
	return func(body map[string]interface{}) { body["scenarios"] = append([]string{}, names...) }
}

// Now sets and freezes the session's clock: YYYY-MM-DD or a UTC date-time.
func Now(now string) Option {
	return func(body map[string]interface{}) { body["now"] = now }
}

// Seed sets the seed of the session's generated values.
func Seed(seed uint32) Option {
	return func(body map[string]interface{}) { body["seed"] = seed }
}

// Strict turns the session's strict mode on or off.
func Strict(on bool) Option {
	return func(body map[string]interface{}) { body["strict"] = on }
}

// Label names the session in the list and the dashboard (default: the test's name).
func Label(label string) Option {
	return func(body map[string]interface{}) { body["label"] = label }
}

// Sandbox is a test's session: URL for the client under test (ending in /api/v1/), AdminURL to steer it.
type Sandbox struct {
	ID       string
	URL      string
	AdminURL string
	parent   string
}

// Refusal is the sandbox's refusal of an admin call: its status, message and detail; Fields lists a
// body's mistakes (400 invalid_body), Differences and Entries what an expectation found (409
// expectation_failed).
type Refusal struct {
	What        string
	Status      int
	Message     string
	Detail      string
	Fields      []FieldMistake
	Differences []string
	Entries     []JournalEntry
}

// FieldMistake is one mistake of a body the sandbox refused: the field ("count.min") and what is wrong.
type FieldMistake struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (r *Refusal) Error() string {
	said := r.Message
	if r.Detail != "" {
		said += ": " + r.Detail
	}
	return fmt.Sprintf("the sandbox refused %s: %d %s", r.What, r.Status, said)
}

var client = &http.Client{Timeout: 30 * time.Second}

// call makes one admin call and decodes the envelope's data into out (when not nil).
func call(method, target string, body interface{}, what string, out interface{}) error {
	var reader io.Reader
	if body != nil {
		encoded, err := json.Marshal(body)
		if err != nil {
			return err
		}
		reader = bytes.NewReader(encoded)
	}
	request, err := http.NewRequest(method, target, reader)
	if err != nil {
		return err
	}
	if body != nil {
		request.Header.Set("Content-Type", "application/json")
	}
	if token := os.Getenv(TokenEnv); token != "" {
		request.Header.Set("X-Sandbox-Admin-Token", token)
	}
	response, err := client.Do(request)
	if err != nil {
		return fmt.Errorf("%s: %v", what, err)
	}
	defer response.Body.Close()
	var envelope struct {
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
		Errors  struct {
			Detail      string         `json:"detail"`
			Fields      []FieldMistake `json:"fields"`
			Differences []string       `json:"differences"`
			Entries     []JournalEntry `json:"entries"`
		} `json:"errors"`
	}
	if err := json.NewDecoder(response.Body).Decode(&envelope); err != nil {
		return fmt.Errorf("%s: %d with no JSON envelope: %v", what, response.StatusCode, err)
	}
	if response.StatusCode >= 300 {
		refused := envelope.Errors
		return &Refusal{
			What:        what,
			Status:      response.StatusCode,
			Message:     envelope.Message,
			Detail:      refused.Detail,
			Fields:      refused.Fields,
			Differences: refused.Differences,
			Entries:     refused.Entries,
		}
	}
	if out != nil {
		return json.Unmarshal(envelope.Data, out)
	}
	return nil
}

// AdminURLOf is the admin API beside an API base URL: …/api/v1/ becomes …/__sandbox/ (a session's too).
func AdminURLOf(base string) string {
	return strings.TrimSuffix(base, "api/v1/") + "__sandbox/"
}

// New makes a session for the test, ended in t.Cleanup. A sandbox that cannot be started, or a
// session it refuses (an unknown scenario), fails the test with one message naming the cause.
func New(t testing.TB, options ...Option) *Sandbox {
	t.Helper()
	base, err := root()
	if err != nil {
		t.Fatalf("analytics-sandbox: %v", err)
		return nil
	}
	body := map[string]interface{}{"label": t.Name()}
	for _, option := range options {
		option(body)
	}
	parent := AdminURLOf(base)
	var made struct {
		ID       string `json:"id"`
		BaseURL  string `json:"base_url"`
		AdminURL string `json:"admin_url"`
	}
	if err := call(http.MethodPost, parent+"sessions", body, "the session", &made); err != nil {
		t.Fatalf("%v", err)
		return nil
	}
	s := &Sandbox{ID: made.ID, URL: made.BaseURL, AdminURL: made.AdminURL, parent: parent}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("%v", err)
		}
	})
	return s
}

// Close ends the session (New's t.Cleanup does it; a session already gone is fine).
func (s *Sandbox) Close() error {
	err := call(http.MethodDelete, s.parent+"sessions/"+url.PathEscape(s.ID), nil, "ending the session", nil)
	if refusal, ok := err.(*Refusal); ok && refusal.Status == http.StatusNotFound {
		return nil
	}
	return err
}

// UseScenario puts these scenarios in force in the session, replacing the others.
func (s *Sandbox) UseScenario(names ...string) error {
	return call(http.MethodPut, s.AdminURL+"scenario", map[string]interface{}{"scenarios": append([]string{}, names...)}, "PUT scenario", nil)
}

// SetClock sets the session's clock to now (YYYY-MM-DD or a UTC date-time).
func (s *Sandbox) SetClock(now string) error {
	return call(http.MethodPut, s.AdminURL+"clock", map[string]string{"now": now}, "PUT clock", nil)
}

// JournalEntry is one request of the session's journal (GET requests), the fields most tests read.
// Status is 0 where a fault sent no answer; Key is the key as sent, masked; Error is the answer's
// errors.error ("" for none); Fault names the fault it met ("" for none).
type JournalEntry struct {
	ID     int    `json:"id"`
	Time   string `json:"time"`
	Method string `json:"method"`
	Path   string `json:"path"`
	Query  string `json:"query"`
	Status int    `json:"status"`
	Key    string `json:"key"`
	Error  string `json:"error"`
	Fault  string `json:"fault"`
}

// String is the entry on one line: its id, time, method, path and query, status, error, fault and key.
//
//	#2 2026-11-29T12:30:41.948Z GET /api/v1/projects 400 bad_request (key sbx_us…ha)
func (e JournalEntry) String() string {
	target := e.Path
	if e.Query != "" {
		target += "?" + e.Query
	}
	status := "no answer"
	if e.Status != 0 {
		status = strconv.Itoa(e.Status)
	}
	said := []string{"#" + strconv.Itoa(e.ID), e.Time, e.Method, target, status}
	if e.Error != "" {
		said = append(said, e.Error)
	}
	if e.Fault != "" {
		said = append(said, "("+e.Fault+")")
	}
	if e.Key != "" {
		said = append(said, "(key "+e.Key+")")
	}
	return strings.Join(said, " ")
}

// Journal is the session's requests, oldest first.
func (s *Sandbox) Journal() ([]JournalEntry, error) {
	var data struct {
		Requests []JournalEntry `json:"requests"`
	}
	err := call(http.MethodGet, s.AdminURL+"requests", nil, "GET requests", &data)
	return data.Requests, err
}

// MutationEnv names the mutation or variant a `mutate` run has the test binary under.
const MutationEnv = "ANALYTICS_SANDBOX_MUTATION"

// UnderVariant is the variant a `mutate` run has the tests under (such as "variant-large"), or ""
// for none. A variant changes the documented data within the contract, so a test that pins
// documented values (ids, names) leaves those pins out under one:
//
//	if sandboxtest.UnderVariant() == "" {
//		// compare the ids with 101, 102, 103
//	}
func UnderVariant() string {
	chosen := strings.TrimSpace(os.Getenv(MutationEnv))
	if strings.HasPrefix(chosen, "variant-") {
		return chosen
	}
	return ""
}

// Run runs the tests and then stops the sandbox process at once (without it, the process stops by
// itself within a second of the test binary's end): func TestMain(m *testing.M) { os.Exit(sandboxtest.Run(m)) }
func Run(m *testing.M) int {
	code := m.Run()
	if shared != nil {
		shared.stop()
	}
	return code
}
