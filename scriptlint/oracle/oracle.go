// Package oracle runs scripts as the remixlet sandbox would, in node with
// code generation from strings disallowed, and records what each reached:
// eval and the function constructors however they were reached, timers
// given something other than a function, import(), the globals the sandbox
// does not offer, the global object used as a value, navigation, every dom
// and rmx call with its arguments as the page agent reads them, and the
// strings handed to the log, addresses and error messages.
//
// It is the script lint's yardstick and knows nothing of how the lint
// works: a script the oracle sees reaching a dangerous value must be
// refused by the lint, and one it sees reaching nothing must pass (unless a
// written decision refuses it). Judge turns what a run recorded into
// labels (labels.go), judging what reached the page with the page agent's
// own table (pagepolicy) and stylesheet guard (cssguard). In flow mode
// (Program.Flows) reads of the page are marked and Result.Flows says which
// reached a sink that leaves the page.
//
// Each program runs in a fresh V8 context whose instrumentation is in
// place before the program's first statement and cannot be removed or
// gone around by it: harness/bootstrap.js says why. Many programs run in
// one node process, and a Pool runs several processes at once.
package oracle

import (
	"bufio"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"time"
)

//go:embed harness/host.mjs
var hostSource string

//go:embed harness/bootstrap.js
var bootstrapSource string

//go:embed harness/window-globals.txt
var windowGlobals string

// PageURL is the address of the page the programs run on.
const PageURL = "https://news.example.com/articles/1"

// Options configure a Pool.
type Options struct {
	// Workers is the number of node processes; 0 means GOMAXPROCS.
	Workers int
	// Timeout bounds one program's run; 0 means 20 seconds. A program
	// that runs longer (an endless loop) is reported with Timeout set, and
	// its process is replaced.
	Timeout time.Duration
	// Node is the node binary; "" finds it on PATH.
	Node string
}

// Program is a script to run.
type Program struct {
	Code string
	// Storage is what rmx.storage holds when the program starts: the values
	// a script reads from outside its own text.
	Storage map[string]any
	// Seed seeds crypto.getRandomValues and randomUUID.
	Seed uint32
	// Flows turns on flow mode: every read of the page (a handle's text,
	// html, getAttribute and value, dom.selection, an event's data, an
	// observed response's body) returns its text after a marker, and a sink
	// that leaves the page holding a marker records a flow event (A: the
	// read, B: the sink). See Flows.
	Flows bool
}

// Result is what one run recorded.
type Result struct {
	Events []Event
	// Timeout is set when the program did not finish within the pool's
	// timeout; Events is then empty.
	Timeout bool
}

// Event is one thing a program reached. Kind says what, and the other
// fields hold what that kind records (labels.go reads them):
//
//	function-constructor  A: Function, AsyncFunction, GeneratorFunction or AsyncGeneratorFunction; B: call or construct
//	eval                  A: "string" (Literal: eval("…") written so, Site: file:line:col) or "nonstring"
//	string-timer          A: setTimeout or setInterval; B: the typeof of what it was given
//	import                A: the specifier; B: dynamic or static
//	global                A: a name of the browser's window the sandbox does not offer; B: the use
//	global-object         A: the operation on the global object (ownKeys, set, …); B: the key
//	navigate              A: how (location.href, location.assign, …); Values: [the address]
//	call                  Path: the dom or rmx member; Args; Handle and Tag: the handle it was called on
//	sink                  A: console.log, URL, URLSearchParams, Error or uncaught; Values
//	api-value             A: dom, rmx or a namespace; B: the operation (ownKeys, set, …)
//	flow                  A: a read of the page; B: the sink it reached (flow mode only)
//	syntax                A: the compile error (the program did not run)
//	limit                 A: what the run left out
//	oracle                A: a fault of the oracle itself (a test fails on it)
type Event struct {
	Kind    string `json:"k"`
	A       string `json:"a,omitempty"`
	B       string `json:"b,omitempty"`
	C       string `json:"c,omitempty"`
	Literal bool   `json:"literal,omitempty"`
	Site    string `json:"site,omitempty"`
	Path    string `json:"path,omitempty"`
	Args    []any  `json:"args,omitempty"`
	Handle  int    `json:"handle,omitempty"`
	Tag     string `json:"tag,omitempty"`
	Values  []any  `json:"values,omitempty"`
}

// Flow is page data that reached a sink leaving the page.
type Flow struct {
	// Source is the read: dom.Handle#text, dom.Handle#html,
	// dom.Handle#getAttribute, dom.Handle#value, dom.selection, dom.Event
	// (a listener's event) or rmx.network.observe (an observed response).
	Source string
	// Sink is the call: rmx.fetch, rmx.schedule.openTab,
	// rmx.clipboard.write, rmx.notify, rmx.schedule.notify,
	// rmx.schedule.message, dom.create (an src or href attribute), or
	// "dom.Handle#setAttribute src" (and href, xlink:href, setAttributeNS).
	Sink string
}

// Flows are the flows a run in flow mode recorded, each once, in order.
func (r *Result) Flows() []Flow {
	var out []Flow
	seen := map[Flow]bool{}
	for _, e := range r.Events {
		if f := (Flow{e.A, e.B}); e.Kind == "flow" && !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// Address is an address as the WHATWG URL parser (node's) resolved it.
type Address struct {
	Href     string `json:"href"`
	Protocol string `json:"protocol"`
	Hostname string `json:"hostname"`
}

// ErrClosed is returned by a closed Pool.
var ErrClosed = errors.New("oracle: the pool is closed")

// Pool runs programs on node processes.
type Pool struct {
	opts    Options
	init    []byte
	workers chan *worker
	mu      sync.Mutex
	closed  bool
	done    chan struct{}
	all     map[*worker]bool
}

type worker struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan []byte
	id    int
}

// Start starts the pool's node processes.
func Start(opts Options) (*Pool, error) {
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 20 * time.Second
	}
	if opts.Node == "" {
		path, err := findNode()
		if err != nil {
			return nil, err
		}
		opts.Node = path
	}
	init, err := json.Marshal(map[string]any{"bootstrap": bootstrapSource, "config": harnessConfig()})
	if err != nil {
		return nil, err
	}
	p := &Pool{opts: opts, init: append(init, '\n'), workers: make(chan *worker, opts.Workers), done: make(chan struct{}), all: map[*worker]bool{}}
	for range opts.Workers {
		w, err := p.spawn()
		if err != nil {
			p.Close()
			return nil, err
		}
		p.workers <- w
	}
	return p, nil
}

func (p *Pool) spawn() (*worker, error) {
	cmd := exec.Command(p.opts.Node, "--disallow-code-generation-from-strings", "--frozen-intrinsics", "--no-warnings",
		"--experimental-vm-modules",
		"--input-type=module", "-e", hostSource)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr strings.Builder
	cmd.Stderr = &limitedWriter{w: &stderr, n: 4096}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("oracle: starting node: %w", err)
	}
	w := &worker{cmd: cmd, stdin: stdin, lines: make(chan []byte, 4)}
	go func() {
		r := bufio.NewReaderSize(stdout, 1<<16)
		for {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 {
				w.lines <- line
			}
			if err != nil {
				close(w.lines)
				cmd.Wait()
				return
			}
		}
	}()
	if _, err := stdin.Write(p.init); err != nil {
		cmd.Process.Kill()
		return nil, fmt.Errorf("oracle: node did not start: %w", err)
	}
	select {
	case line, ok := <-w.lines:
		if !ok || !strings.Contains(string(line), `"ready":true`) {
			cmd.Process.Kill()
			return nil, fmt.Errorf("oracle: node did not start: %s %s", line, stderr.String())
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		return nil, errors.New("oracle: node did not start within 30 seconds")
	}
	p.mu.Lock()
	p.all[w] = true
	p.mu.Unlock()
	return w, nil
}

type limitedWriter struct {
	w io.Writer
	n int
}

func (l *limitedWriter) Write(b []byte) (int, error) {
	if l.n > 0 {
		k := min(len(b), l.n)
		l.w.Write(b[:k])
		l.n -= k
	}
	return len(b), nil
}

func (p *Pool) retire(w *worker) {
	w.cmd.Process.Kill()
	w.stdin.Close()
	p.mu.Lock()
	delete(p.all, w)
	p.mu.Unlock()
}

// exchange sends one request and reads its answer. A process that has
// ended (it exits after compiling many programs that hold import(), which
// node keeps alive) is replaced and the request sent again.
func (p *Pool) exchange(ctx context.Context, request map[string]any) (map[string]json.RawMessage, bool, error) {
	for attempt := 0; ; attempt++ {
		var w *worker
		select {
		case w = <-p.workers:
		case <-ctx.Done():
			return nil, false, ctx.Err()
		case <-p.done:
			return nil, false, ErrClosed
		}
		w.id++
		request["id"] = w.id
		b, err := json.Marshal(request)
		if err != nil {
			p.workers <- w
			return nil, false, err
		}
		timer := time.NewTimer(p.opts.Timeout)
		_, werr := w.stdin.Write(append(b, '\n'))
		var answer map[string]json.RawMessage
		dead, timedOut := werr != nil, false
		for !dead && answer == nil {
			select {
			case line, ok := <-w.lines:
				if !ok {
					dead = true
					break
				}
				var m map[string]json.RawMessage
				if err := json.Unmarshal(line, &m); err != nil {
					timer.Stop()
					p.retire(w)
					p.replace()
					return nil, false, fmt.Errorf("oracle: node wrote %q", line)
				}
				if _, bye := m["bye"]; bye {
					dead = true
				} else if string(m["id"]) == fmt.Sprint(w.id) {
					answer = m
				}
			case <-timer.C:
				dead, timedOut = true, true
			}
		}
		timer.Stop()
		if !dead {
			// Read a "bye" that follows the answer now, so that the next
			// request does not go to a process that is leaving.
			select {
			case line, ok := <-w.lines:
				if !ok || strings.Contains(string(line), `"bye":true`) {
					dead = true
				}
			default:
			}
		}
		if dead {
			p.retire(w)
			if err := p.replace(); err != nil {
				return nil, false, err
			}
		} else {
			p.workers <- w
		}
		if answer != nil {
			return answer, false, nil
		}
		if timedOut {
			return nil, true, nil
		}
		if attempt >= 2 {
			return nil, false, errors.New("oracle: node ended three times in a row on one request")
		}
	}
}

func (p *Pool) replace() error {
	p.mu.Lock()
	closed := p.closed
	p.mu.Unlock()
	if closed {
		return ErrClosed
	}
	w, err := p.spawn()
	if err != nil {
		return err
	}
	p.workers <- w
	return nil
}

// Run runs one program.
func (p *Pool) Run(prog Program) (*Result, error) {
	storage := prog.Storage
	if storage == nil {
		storage = map[string]any{}
	}
	seed := prog.Seed
	if seed == 0 {
		seed = 1
	}
	answer, timedOut, err := p.exchange(context.Background(), map[string]any{
		"run": map[string]any{"code": prog.Code, "storage": storage, "seed": seed, "flows": prog.Flows},
	})
	if err != nil {
		return nil, err
	}
	if timedOut {
		return &Result{Timeout: true}, nil
	}
	var res Result
	if err := json.Unmarshal(answer["events"], &res.Events); err != nil {
		return nil, fmt.Errorf("oracle: reading the events: %w", err)
	}
	return &res, nil
}

// Resolve resolves addresses against base with node's WHATWG URL parser;
// an address that does not parse is nil.
func (p *Pool) Resolve(base string, inputs []string) ([]*Address, error) {
	if len(inputs) == 0 {
		return nil, nil
	}
	answer, timedOut, err := p.exchange(context.Background(), map[string]any{
		"resolve": map[string]any{"base": base, "inputs": inputs},
	})
	if err != nil {
		return nil, err
	}
	if timedOut {
		return nil, errors.New("oracle: resolving addresses timed out")
	}
	var out []*Address
	if err := json.Unmarshal(answer["resolved"], &out); err != nil {
		return nil, err
	}
	return out, nil
}

// Close stops the pool's processes.
func (p *Pool) Close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	close(p.done)
	all := p.all
	p.all = map[*worker]bool{}
	p.mu.Unlock()
	for w := range all {
		w.stdin.Close()
		w.cmd.Process.Kill()
	}
}
