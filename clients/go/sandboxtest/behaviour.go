package sandboxtest

// What a test can judge of its client's behaviour in its session: Expect (POST /__sandbox/expect)
// and Behaviour (GET /__sandbox/behaviour), at the session's admin URL.
//
//	func TestDoesNotResendA400(t *testing.T) {
//		s := sandboxtest.New(t, sandboxtest.Scenarios("bad-request"))
//		myclient.New(s.URL, "sbx_user_alpha").Projects()   // answered 400
//		s.Expect(t, sandboxtest.Expectation{Path: "/projects", AfterStatus: 400, CountMax: sandboxtest.Int(0)})
//	}

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// MinGapRetryAfter, as Expectation.MinGap, holds each request to the Retry-After of the one before.
const MinGapRetryAfter = "retry-after"

// Expectation is what a test expects of its client's requests to one path (POST /__sandbox/expect).
// A field left at its zero value is left out of the body; CountMin and CountMax are pointers, as a
// count of 0 is an expectation of its own (CountMax: Int(0), no such request at all).
type Expectation struct {
	// Path is the API path: /projects, projects or /api/v1/projects.
	Path string
	// Key keeps only the requests that sent this key, whole, as sent ("" for every key).
	Key string
	// AfterStatus counts only the requests after the first one answered this status (0: every request).
	AfterStatus int
	// CountMin is the fewest requests expected (nil: no least); the body's count.min.
	CountMin *int
	// CountMax is the most requests expected (nil: no most); the body's count.max.
	CountMax *int
	// MinGapMs is the least gap before each request, from the one before it (the AfterStatus one
	// for the first), in ms (0: none); the body's min_gap_ms.
	MinGapMs int
	// MinGap is MinGapRetryAfter to hold each request to the Retry-After of the one before ("": none).
	MinGap string
}

// Int is n's address, for Expectation's CountMin and CountMax:
//
//	sandboxtest.Expectation{Path: "/projects", AfterStatus: 503, CountMin: sandboxtest.Int(1), CountMax: sandboxtest.Int(3)}
func Int(n int) *int { return &n }

// body is the expectation as POST /__sandbox/expect takes it.
func (e Expectation) body() map[string]interface{} {
	body := map[string]interface{}{"path": e.Path}
	if e.Key != "" {
		body["key"] = e.Key
	}
	count := map[string]int{}
	if e.CountMin != nil {
		count["min"] = *e.CountMin
	}
	if e.CountMax != nil {
		count["max"] = *e.CountMax
	}
	if len(count) > 0 {
		body["count"] = count
	}
	if e.AfterStatus != 0 {
		body["after"] = map[string]int{"status": e.AfterStatus}
	}
	if e.MinGapMs != 0 {
		body["min_gap_ms"] = e.MinGapMs
	}
	if e.MinGap != "" {
		body["min_gap"] = e.MinGap
	}
	return body
}

// Expect checks what the test expects of its client's requests against the session's journal, and
// returns the requests it counted, oldest first. Not met (409), the test fails (t.Errorf, so the
// checks after it still run) with what differed and the requests judged, one a line, and Expect
// returns nil. An expectation the sandbox cannot read (400, each field named, such as count.min
// over count.max), or no answer at all, ends the test (t.Fatalf).
//
//	s.Expect(t, sandboxtest.Expectation{Path: "/projects", AfterStatus: 503, CountMax: sandboxtest.Int(3), MinGap: sandboxtest.MinGapRetryAfter})
func (s *Sandbox) Expect(t testing.TB, expectation Expectation) []JournalEntry {
	t.Helper()
	body := expectation.body()
	var met struct {
		Matched []JournalEntry `json:"matched"`
	}
	err := call(http.MethodPost, s.AdminURL+"expect", body, "the expectation", &met)
	if refusal, ok := err.(*Refusal); ok && refusal.Status == http.StatusConflict {
		t.Errorf("%s", expectationFailure(body, refusal))
		return nil
	}
	if err != nil {
		t.Fatalf("%v", err)
		return nil
	}
	return met.Matched
}

// expectationFailure is what a test failed by Expect says: the expectation, what differed, the requests judged.
func expectationFailure(body map[string]interface{}, refusal *Refusal) string {
	encoded, _ := json.Marshal(body)
	lines := []string{"the expectation was not met: " + string(encoded)}
	for _, difference := range refusal.Differences {
		lines = append(lines, "  "+difference)
	}
	if len(refusal.Entries) == 0 {
		lines = append(lines, "no requests were judged")
	} else {
		lines = append(lines, "the requests judged:")
	}
	for _, entry := range refusal.Entries {
		lines = append(lines, "  "+entry.String())
	}
	return strings.Join(lines, "\n")
}

// The rules Behaviour judges (BehaviourReport.Rules, in this order).
const (
	RuleRetryAfter      = "retry-after"
	RuleBoundedRetries  = "bounded-retries"
	RuleBackoff         = "backoff"
	RuleNoRetryOn4xx    = "no-retry-on-4xx"
	RuleDeadKey         = "dead-key"
	RuleGivesUp         = "gives-up"
	RuleFreshConnection = "fresh-connection"
)

// The verdicts of a rule, and of a key under it.
const (
	VerdictPass         = "pass"
	VerdictFail         = "fail"
	VerdictNotExercised = "not-exercised"
)

// BehaviourReport is the verdicts on the client's behaviour (GET /__sandbox/behaviour's data).
type BehaviourReport struct {
	// Scope is "reset" (since the session's last reset) or "suite" (since it started).
	Scope string `json:"scope"`
	// MaxRetries is the retries bounded-retries allowed.
	MaxRetries int `json:"max_retries"`
	// Judged is the requests judged; NotJudged those of keys past the ones the sandbox judges.
	Judged    int `json:"judged"`
	NotJudged int `json:"not_judged"`
	// Summary is how many rules have each verdict.
	Summary struct {
		Pass         int `json:"pass"`
		Fail         int `json:"fail"`
		NotExercised int `json:"not_exercised"`
	} `json:"summary"`
	Rules []RuleVerdict `json:"rules"`
}

// RuleVerdict is one rule's verdict: fail if any key broke it, pass if some key met it, else
// not-exercised, with the scenario that would exercise it in Exercise.
type RuleVerdict struct {
	Rule        string       `json:"rule"`
	Verdict     string       `json:"verdict"`
	Description string       `json:"description"`
	Exercise    string       `json:"exercise"`
	Keys        []KeyVerdict `json:"keys"`
}

// KeyVerdict is a rule's verdict on one key as sent (Key masked, "" for requests without one; Session
// "" for the sandbox itself): the times it was met and broken, and the failures kept.
type KeyVerdict struct {
	Key       string             `json:"key"`
	Session   string             `json:"session"`
	Verdict   string             `json:"verdict"`
	Exercised int                `json:"exercised"`
	Failed    int                `json:"failed"`
	Failures  []BehaviourFailure `json:"failures"`
	// WaitedMs: gives-up only, how long the client waited before it closed the connection, the first few times.
	WaitedMs []int `json:"waited_ms"`
}

// BehaviourFailure is one time a rule was broken: why, the gap that broke it and the least it
// wanted (nil where no gap did), the requests (More of them not listed).
type BehaviourFailure struct {
	Message  string         `json:"message"`
	GapMs    *int           `json:"gap_ms"`
	WantedMs *int           `json:"wanted_ms"`
	Entries  []JournalEntry `json:"entries"`
	More     int            `json:"more"`
}

// Rule is the verdict of the rule so named (RuleRetryAfter, …); a zero RuleVerdict where there is none.
//
//	if verdict := report.Rule(sandboxtest.RuleRetryAfter); verdict.Verdict != sandboxtest.VerdictPass { t.Errorf("%+v", verdict) }
func (r BehaviourReport) Rule(name string) RuleVerdict {
	for _, verdict := range r.Rules {
		if verdict.Rule == name {
			return verdict
		}
	}
	return RuleVerdict{}
}

// QueryOption sets a query parameter of an admin read (Behaviour).
type QueryOption func(query url.Values)

// Scope is "reset" (the default: since the session's last reset) or "suite" (since it started, across resets).
func Scope(scope string) QueryOption {
	return func(query url.Values) { query.Set("scope", scope) }
}

// MaxRetries is how many retries of the same request bounded-retries allows (the sandbox's default: 3).
func MaxRetries(n int) QueryOption {
	return func(query url.Values) { query.Set("max_retries", strconv.Itoa(n)) }
}

// Behaviour is the verdicts on the client's behaviour in the session: per rule, pass, fail (with
// the requests and the gap that broke it) or not-exercised.
//
//	report, err := s.Behaviour(sandboxtest.MaxRetries(5))
//	if err != nil || report.Summary.Fail > 0 {
//		t.Fatalf("%+v, %v", report.Rules, err)
//	}
func (s *Sandbox) Behaviour(options ...QueryOption) (BehaviourReport, error) {
	query := url.Values{}
	for _, option := range options {
		option(query)
	}
	target := s.AdminURL + "behaviour"
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	var report BehaviourReport
	err := call(http.MethodGet, target, nil, "GET behaviour", &report)
	return report, err
}
