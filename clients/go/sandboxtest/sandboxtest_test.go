package sandboxtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestMain(m *testing.M) { os.Exit(Run(m)) }

func get(t *testing.T, s *Sandbox, path, key string) (int, map[string]interface{}) {
	t.Helper()
	request, _ := http.NewRequest(http.MethodGet, s.URL+path, nil)
	request.Header.Set("X-API-Key", key)
	response, err := http.DefaultClient.Do(request)
	if err != nil {
		t.Fatal(err)
	}
	defer response.Body.Close()
	var body map[string]interface{}
	_ = json.NewDecoder(response.Body).Decode(&body)
	return response.StatusCode, body
}

func TestEachTestGetsASessionOfItsOwnEndedAtCleanup(t *testing.T) {
	var first *Sandbox
	t.Run("one", func(t *testing.T) {
		first = New(t, Scenarios("expired-keys"))
		if status, _ := get(t, first, "validate", "sbx_user_alpha"); status != 401 {
			t.Fatalf("expired-keys: got %d", status)
		}
	})
	t.Run("two", func(t *testing.T) {
		s := New(t)
		if s.ID == first.ID || !strings.HasSuffix(s.URL, "/sessions/"+s.ID+"/api/v1/") {
			t.Fatalf("not a session of its own: %+v", s)
		}
		if status, _ := get(t, s, "validate", "sbx_user_alpha"); status != 200 {
			t.Fatalf("got %d", status)
		}
	})
	if err := call(http.MethodGet, first.AdminURL+"clock", nil, "the ended session", nil); err == nil {
		t.Fatal("the first test's session was not ended")
	}
}

func TestTheOptionsSetScenariosClockSeedAndStrictMode(t *testing.T) {
	s := New(t, Scenarios("fail-once"), Now("2026-01-15"), Seed(7), Strict(true), Label("go"))
	if status, _ := get(t, s, "projects", "sbx_user_alpha"); status != 500 {
		t.Fatalf("fail-once: first got %d", status)
	}
	if status, _ := get(t, s, "projects", "sbx_user_alpha"); status != 200 {
		t.Fatalf("fail-once: second got %d", status)
	}
	var clock struct {
		Now string `json:"now"`
	}
	if err := call(http.MethodGet, s.AdminURL+"clock", nil, "clock", &clock); err != nil || !strings.HasPrefix(clock.Now, "2026-01-15") {
		t.Fatalf("clock %q, %v", clock.Now, err)
	}
}

func TestASessionIsSteeredAndReadThroughItsMethods(t *testing.T) {
	s := New(t)
	if err := s.UseScenario("expired-keys"); err != nil {
		t.Fatal(err)
	}
	get(t, s, "validate", "sbx_user_alpha")
	if err := s.UseScenario(); err != nil {
		t.Fatal(err)
	}
	get(t, s, "validate", "sbx_user_alpha")
	if err := s.SetClock("2026-02-01"); err != nil {
		t.Fatal(err)
	}
	entries, err := s.Journal()
	if err != nil || len(entries) != 2 || entries[0].Status != 401 || entries[1].Status != 200 || entries[0].Path != "/api/v1/validate" {
		t.Fatalf("journal %+v, %v", entries, err)
	}
}

// recorder stands in for a test to see how New fails it.
type recorder struct {
	testing.TB
	failed string
}

func (r *recorder) Fatalf(format string, args ...interface{}) {
	r.failed = fmt.Sprintf(format, args...)
	panic(r)
}

func TestAScenarioThatDoesNotExistFailsTheTestWithTheSessionsRefusal(t *testing.T) {
	r := &recorder{TB: t}
	func() {
		defer func() { _ = recover() }()
		New(r, Scenarios("no-such-scenario"))
	}()
	if !strings.HasPrefix(r.failed, "the sandbox refused the session: 400 ") || !strings.Contains(r.failed, `Unknown scenario "no-such-scenario"`) {
		t.Fatalf("failed with %q", r.failed)
	}
}

func (r *recorder) Errorf(format string, args ...interface{}) {
	r.failed = fmt.Sprintf(format, args...)
}

// send is one request to /projects under a scenario ("" for none): its status and Retry-After.
func send(t *testing.T, s *Sandbox, scenario string) (int, string) {
	t.Helper()
	request, _ := http.NewRequest(http.MethodGet, s.URL+"projects", nil)
	request.Header.Set("X-API-Key", "sbx_user_alpha")
	if scenario != "" {
		request.Header.Set("X-Sandbox-Scenario", scenario)
	}
	response, err := http.DefaultClient.Do(request)
	if err != nil {
		t.Fatal(err)
	}
	response.Body.Close()
	return response.StatusCode, response.Header.Get("Retry-After")
}

func TestExpectAndBehaviourPassAClientThatWaitsAsRetryAfterSays(t *testing.T) {
	s := New(t)
	unavailableForASecond := map[string]interface{}{
		"name":        "unavailable-a-second",
		"description": "Every request is refused with 503 and Retry-After: 1",
		"rules":       []interface{}{map[string]interface{}{"fail": map[string]interface{}{"status": 503, "retryAfter": 1}}},
	}
	scenarios := map[string]interface{}{"scenarios": []interface{}{unavailableForASecond}}
	if err := call(http.MethodPut, s.AdminURL+"scenario", scenarios, "PUT scenario", nil); err != nil {
		t.Fatal(err)
	}
	status, retryAfter := send(t, s, "")
	seconds, err := strconv.Atoi(retryAfter)
	if status != 503 || err != nil {
		t.Fatalf("got %d with Retry-After %q", status, retryAfter)
	}
	time.Sleep(time.Duration(seconds) * time.Second)
	send(t, s, "")
	matched := s.Expect(t, Expectation{Path: "/projects", AfterStatus: 503, CountMin: Int(1), CountMax: Int(1), MinGap: MinGapRetryAfter})
	if len(matched) != 1 || matched[0].Status != 503 || matched[0].Path != "/api/v1/projects" {
		t.Fatalf("matched %+v", matched)
	}
	report, err := s.Behaviour()
	if verdict := report.Rule(RuleRetryAfter); err != nil || verdict.Verdict != VerdictPass {
		t.Fatalf("retry-after %+v, %v", verdict, err)
	}
}

func TestExpectFailsTheTestWithTheDifferencesAndRequestsForAClientThatResendsA400(t *testing.T) {
	s := New(t)
	for attempt := 0; attempt < 2; attempt++ {
		if status, _ := send(t, s, "bad-request"); status != 400 {
			t.Fatalf("bad-request: got %d", status)
		}
	}
	r := &recorder{TB: t}
	if matched := s.Expect(r, Expectation{Path: "projects", Key: "sbx_user_alpha", AfterStatus: 400, CountMax: Int(0)}); matched != nil {
		t.Fatalf("matched %+v", matched)
	}
	for _, line := range []string{
		`the expectation was not met: {"after":{"status":400},"count":{"max":0},"key":"sbx_user_alpha","path":"projects"}`,
		"\n  found 1 requests to /projects with that key after a 400, expected at most 0\n",
		"\nthe requests judged:\n",
		" GET /api/v1/projects 400 bad_request (key sbx_us…ha)\n",
	} {
		if !strings.Contains(r.failed, line) {
			t.Fatalf("%q not in\n%s", line, r.failed)
		}
	}
	if !strings.Contains(r.failed, "\n  #1 ") || !strings.Contains(r.failed, "\n  #2 ") {
		t.Fatalf("the requests are not listed:\n%s", r.failed)
	}
	report, err := s.Behaviour(Scope("suite"), MaxRetries(0))
	if err != nil || report.Scope != "suite" || report.MaxRetries != 0 || len(report.Rules) != 7 {
		t.Fatalf("report %+v, %v", report, err)
	}
	verdict := report.Rule(RuleNoRetryOn4xx)
	if verdict.Verdict != VerdictFail || len(verdict.Keys) != 1 || len(verdict.Keys[0].Failures) != 1 {
		t.Fatalf("no-retry-on-4xx %+v", verdict)
	}
	entries := verdict.Keys[0].Failures[0].Entries
	if len(entries) != 2 || entries[0].Status != 400 || entries[1].Status != 400 || entries[1].Error != "bad_request" {
		t.Fatalf("entries %+v", entries)
	}
}

func TestExpectEndsTheTestNamingTheFieldsOfAnExpectationItCannotRead(t *testing.T) {
	s := New(t)
	r := &recorder{TB: t}
	func() {
		defer func() { _ = recover() }()
		s.Expect(r, Expectation{Path: "/projects", CountMin: Int(3), CountMax: Int(1)})
	}()
	if !strings.HasPrefix(r.failed, "the sandbox refused the expectation: 400 ") || !strings.Contains(r.failed, "count.min: min must not be more than max") {
		t.Fatalf("failed with %q", r.failed)
	}
	err := call(http.MethodPost, s.AdminURL+"expect", map[string]interface{}{"path": "/nope"}, "the expectation", nil)
	if refusal, ok := err.(*Refusal); !ok || len(refusal.Fields) != 1 || refusal.Fields[0].Field != "path" {
		t.Fatalf("refusal %+v", err)
	}
}

// The helper's failures to start are seen from a test binary of their own: this one, run again.
const childEnv = "SANDBOXTEST_CHILD"

func TestChildStartsASandbox(t *testing.T) {
	if os.Getenv(childEnv) == "" {
		t.Skip("run by the tests below")
	}
	s := New(t)
	if _, body := get(t, s, "validate", "sbx_user_alpha"); body["data"].(map[string]interface{})["valid"] != true {
		t.Fatalf("not valid: %v", body)
	}
}

func runChild(t *testing.T, env ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestChildStartsASandbox$", "-test.v")
	cmd.Env = append(append(os.Environ(), childEnv+"=1", URLEnv+"="), env...)
	output, err := cmd.CombinedOutput()
	return string(output), err
}

func TestAProgramThatIsNotTheSandboxFailsTheTestWithOneMessage(t *testing.T) {
	for program, said := range map[string]string{
		"/no/such/program": "analytics-sandbox: ANALYTICS_SANDBOX_BIN names nothing: /no/such/program",
		"/bin/true":        "analytics-sandbox: /bin/true --port 0 --exit-with-parent exited with code 0 before its ready line: nothing on stderr",
		"/tmp":             "analytics-sandbox: ANALYTICS_SANDBOX_BIN names a folder, not the sandbox program: /tmp",
	} {
		output, err := runChild(t, BinEnv+"="+program)
		if err == nil || !strings.Contains(output, said) || strings.Contains(output, "goroutine") {
			t.Fatalf("%s: %v\n%s", program, err, output)
		}
	}
}

func TestAReadyLineThatNeverComesFailsTheTestAndLeavesNoProcess(t *testing.T) {
	folder := t.TempDir()
	pidFile := filepath.Join(folder, "pid")
	silent := filepath.Join(folder, "silent.sh")
	script := "#!/bin/sh\nsleep 300 &\necho $! > " + pidFile + "\nwait\n"
	if err := os.WriteFile(silent, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	output, err := runChild(t, BinEnv+"="+silent, ReadyTimeoutEnv+"=1")
	if err == nil || !strings.Contains(output, silent+" --port 0 --exit-with-parent printed no ready line within 1s") {
		t.Fatalf("%v\n%s", err, output)
	}
	text, _ := os.ReadFile(pidFile)
	pid, _ := strconv.Atoi(strings.TrimSpace(string(text)))
	time.Sleep(200 * time.Millisecond)
	if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		fields := strings.Fields(string(stat[strings.LastIndex(string(stat), ")")+1:]))
		if len(fields) > 0 && fields[0] != "Z" {
			t.Fatalf("the script's child %d still runs", pid)
		}
	}
}

// underRun runs the sandbox program's command (report or mutate) over this test binary's child test;
// the JSON it wrote.
func underRun(t *testing.T, out interface{}, command ...string) {
	t.Helper()
	program, err := findProgram()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "out.json")
	args := append(append([]string{}, command...), "--format", "json", "--out", file, "--", os.Args[0], "-test.run", "^TestChildStartsASandbox$")
	cmd := exec.Command(program, args...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, output)
	}
	text, _ := os.ReadFile(file)
	if err := json.Unmarshal(text, out); err != nil {
		t.Fatalf("%v: %s", err, text)
	}
}

func TestATestBinaryRunsUnchangedUnderReport(t *testing.T) {
	var report struct {
		Outcomes []struct {
			ID   string `json:"id"`
			Seen int    `json:"seen"`
		} `json:"outcomes"`
	}
	underRun(t, &report, "report")
	for _, outcome := range report.Outcomes {
		if outcome.ID == "validate.200.user" && outcome.Seen > 0 {
			return
		}
	}
	t.Fatalf("validate.200.user not met: %+v", report.Outcomes)
}

func TestATestBinaryRunsUnchangedUnderMutate(t *testing.T) {
	var report struct {
		Runs []struct {
			ID      string `json:"id"`
			Verdict string `json:"verdict"`
		} `json:"runs"`
	}
	underRun(t, &report, "mutate", "--only", "drop:validate:data.valid")
	if len(report.Runs) != 1 || report.Runs[0].Verdict != "noticed" {
		t.Fatalf("runs %+v", report.Runs)
	}
}

func TestUnderVariantNamesTheVariantAMutateRunHasTheTestsUnder(t *testing.T) {
	for value, want := range map[string]string{"": "", "variant-large": "variant-large", "drop:projects:data.total": ""} {
		t.Setenv(MutationEnv, value)
		if got := UnderVariant(); got != want {
			t.Fatalf("%q: got %q, want %q", value, got, want)
		}
	}
}
