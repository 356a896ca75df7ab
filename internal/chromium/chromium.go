// Package chromium runs headless Chromium for the tests that compare a
// check with the browser: a DevTools Protocol client over
// --remote-debugging-pipe, and a witness server that answers every host
// (plain HTTP and TLS on one port) and records each request it gets.
//
// Without Chromium a test that needs it fails, unless REMIXLET_SKIP_BROWSER=1
// says to skip (CI installs Chromium and never sets it).
package chromium

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Binary returns the path of Chromium, or fails (skips under
// REMIXLET_SKIP_BROWSER=1) the test.
func Binary(t testing.TB) string {
	t.Helper()
	if os.Getenv("REMIXLET_SKIP_BROWSER") == "1" {
		t.Skip("REMIXLET_SKIP_BROWSER=1: the test against Chromium is skipped")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("Chromium is needed for this test (apt-get install chromium, or set REMIXLET_SKIP_BROWSER=1 to skip)")
	return ""
}

// Browser is one headless Chromium driven over its DevTools pipe.
type Browser struct {
	cmd  *exec.Cmd
	w    *os.File // commands, Chromium's fd 3
	r    *os.File // replies and events, Chromium's fd 4
	done chan struct{}

	mu        sync.Mutex
	next      int
	pending   map[int]chan reply
	closed    bool
	listeners []func(Event)
}

// Event is a DevTools event.
type Event struct {
	Method    string          `json:"method"`
	Params    json.RawMessage `json:"params"`
	SessionID string          `json:"sessionId"`
}

// OnEvent calls f with every event from now on, from the goroutine that
// reads the pipe (f must not call Send).
func (b *Browser) OnEvent(f func(Event)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.listeners = append(b.listeners, f)
}

type reply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Start launches headless Chromium with a fresh profile and the given extra
// flags; the browser is closed when the test ends.
func Start(t testing.TB, extra ...string) *Browser {
	t.Helper()
	bin := Binary(t)
	dir := t.TempDir()
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	evR, evW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
		"--disable-sync", "--disable-default-apps", "--mute-audio", "--disable-dev-shm-usage",
		"--remote-debugging-pipe", "--user-data-dir=" + filepath.Join(dir, "profile"),
	}, extra...)
	args = append(args, "about:blank")
	cmd := exec.Command(bin, args...)
	cmd.ExtraFiles = []*os.File{cmdR, evW} // fds 3 and 4
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	cmdR.Close()
	evW.Close()
	b := &Browser{cmd: cmd, w: cmdW, r: evR, done: make(chan struct{}), pending: map[int]chan reply{}}
	go b.read()
	t.Cleanup(func() {
		b.Close()
		if t.Failed() && log.Len() > 0 {
			t.Logf("Chromium's output (last 2 KB): %s", tail(log.String(), 2048))
		}
	})
	return b
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// read dispatches replies to their callers and events to the listeners.
func (b *Browser) read() {
	defer close(b.done)
	br := bufio.NewReaderSize(b.r, 1<<16)
	for {
		msg, err := br.ReadBytes(0)
		if err != nil {
			break
		}
		var m struct {
			ID int `json:"id"`
			reply
			Event
		}
		if json.Unmarshal(msg[:len(msg)-1], &m) != nil {
			continue
		}
		if m.ID == 0 {
			b.mu.Lock()
			ls := b.listeners
			b.mu.Unlock()
			for _, f := range ls {
				f(m.Event)
			}
			continue
		}
		b.mu.Lock()
		ch := b.pending[m.ID]
		delete(b.pending, m.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- m.reply
		}
	}
	b.mu.Lock()
	b.closed = true
	for id, ch := range b.pending {
		close(ch)
		delete(b.pending, id)
	}
	b.mu.Unlock()
}

// Send sends one DevTools command (to a target's session when session is
// not empty) and returns its result.
func (b *Browser) Send(method string, params any, session string) (json.RawMessage, error) {
	if params == nil {
		params = struct{}{}
	}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil, errors.New("chromium: the browser has exited")
	}
	b.next++
	id := b.next
	ch := make(chan reply, 1)
	b.pending[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	if _, err := b.w.Write(append(data, 0)); err != nil {
		return nil, fmt.Errorf("chromium: %s: %w", method, err)
	}
	select {
	case r, ok := <-ch:
		if !ok {
			return nil, fmt.Errorf("chromium: %s: the browser has exited", method)
		}
		if r.Error != nil {
			return nil, fmt.Errorf("chromium: %s: %s", method, r.Error.Message)
		}
		return r.Result, nil
	case <-time.After(60 * time.Second):
		b.mu.Lock()
		delete(b.pending, id)
		b.mu.Unlock()
		return nil, fmt.Errorf("chromium: %s: no answer in 60 s", method)
	}
}

// Must is Send that fails the test on an error, decoding the result into
// out when out is not nil.
func (b *Browser) Must(t testing.TB, method string, params any, session string, out any) {
	t.Helper()
	res, err := b.Send(method, params, session)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil {
		if err := json.Unmarshal(res, out); err != nil {
			t.Fatalf("%s: %v in %s", method, err, res)
		}
	}
}

// Evaluate runs a JavaScript expression in a session (awaiting a promise)
// and returns its value as JSON.
func (b *Browser) Evaluate(session, expr string) (json.RawMessage, error) {
	res, err := b.Send("Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true}, session)
	if err != nil {
		return nil, err
	}
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		return nil, err
	}
	if e := r.ExceptionDetails; e != nil {
		return nil, fmt.Errorf("chromium: %s %s", e.Text, e.Exception.Description)
	}
	return r.Result.Value, nil
}

// Attach attaches to a target and returns its session id.
func (b *Browser) Attach(t testing.TB, targetID string) string {
	t.Helper()
	var r struct {
		SessionID string `json:"sessionId"`
	}
	b.Must(t, "Target.attachToTarget", map[string]any{"targetId": targetID, "flatten": true}, "", &r)
	return r.SessionID
}

// OpenPage opens url in a new tab and returns the tab's session, once the
// page has loaded. The tab is the window's active one: a tab opened after
// it hides it (its animation frames stop), which OpenWindow avoids.
func (b *Browser) OpenPage(t testing.TB, url string) string {
	t.Helper()
	return b.open(t, url, false)
}

// OpenWindow is OpenPage in a window of its own: pages opened this way
// are all visible at once, each with its own pointer.
func (b *Browser) OpenWindow(t testing.TB, url string) string {
	t.Helper()
	return b.open(t, url, true)
}

func (b *Browser) open(t testing.TB, url string, window bool) string {
	t.Helper()
	var tgt struct {
		TargetID string `json:"targetId"`
	}
	b.Must(t, "Target.createTarget", map[string]any{"url": "about:blank", "newWindow": window}, "", &tgt)
	s := b.Attach(t, tgt.TargetID)
	b.Must(t, "Page.enable", nil, s, nil)
	b.Must(t, "Page.navigate", map[string]any{"url": url}, s, nil)
	b.WaitFor(t, s, `document.readyState === "complete"`, 30*time.Second)
	return s
}

// WaitFor polls a JavaScript condition in a session until it is true.
func (b *Browser) WaitFor(t testing.TB, session, cond string, limit time.Duration) {
	t.Helper()
	if err := b.Poll(session, cond, limit); err != nil {
		t.Fatal(err)
	}
}

// Poll is WaitFor for a goroutine other than the test's: it returns the
// error instead of failing the test.
func (b *Browser) Poll(session, cond string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	var last error
	for time.Now().Before(deadline) {
		v, err := b.Evaluate(session, "!!("+cond+")")
		if err == nil && string(v) == "true" {
			return nil
		}
		last = err
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("waited %v for %s (last error: %v)", limit, cond, last)
}

// LoadExtension loads an unpacked extension (the browser must have been
// started with --enable-unsafe-extension-debugging) and returns its id.
func (b *Browser) LoadExtension(t testing.TB, dir string) string {
	t.Helper()
	var r struct {
		ID string `json:"id"`
	}
	b.Must(t, "Extensions.loadUnpacked", map[string]any{"path": dir}, "", &r)
	return r.ID
}

// ServiceWorker attaches to the service worker of the extension id, once
// its script has run (the global name exists).
func (b *Browser) ServiceWorker(t testing.TB, id, global string) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var r struct {
			TargetInfos []struct {
				TargetID string `json:"targetId"`
				Type     string `json:"type"`
				URL      string `json:"url"`
			} `json:"targetInfos"`
		}
		b.Must(t, "Target.getTargets", nil, "", &r)
		for _, ti := range r.TargetInfos {
			if ti.Type == "service_worker" && strings.HasPrefix(ti.URL, "chrome-extension://"+id+"/") {
				s := b.Attach(t, ti.TargetID)
				b.WaitFor(t, s, "typeof self."+global+" === 'function'", 30*time.Second)
				return s
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the service worker of extension %s did not start", id)
	return ""
}

// Close closes the browser and waits for it to exit.
func (b *Browser) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	exited := make(chan struct{})
	go func() {
		b.Send("Browser.close", nil, "") //nolint:errcheck // the browser may be gone already
		b.cmd.Wait()                     //nolint:errcheck // its exit status says nothing the test needs
		close(exited)
	}()
	select {
	case <-exited:
	case <-ctx.Done():
		b.cmd.Process.Kill() //nolint:errcheck // best effort
		<-exited
	}
	b.w.Close()
	b.r.Close()
}
