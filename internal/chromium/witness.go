package chromium

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// Request is one request the witness server got.
type Request struct {
	Scheme string // "http" or "https"
	Host   string // the Host header, lower case, without the port
	Method string
	Path   string // path and query, as sent
}

// URL is the request's address.
func (r Request) URL() string { return r.Scheme + "://" + r.Host + r.Path }

// Page is what the witness answers for one address.
type Page struct {
	ContentType string
	Body        string
	Header      map[string]string
}

// Witness answers every host on one port of 127.0.0.1, plain HTTP and TLS
// alike (a first byte of 0x16 is a TLS ClientHello), so that Chromium
// started with HostResolverRules and IgnoreCertificateErrors sends every
// request here. It serves the pages it was given, answers 404 otherwise,
// and records every request.
type Witness struct {
	Port string
	ln   net.Listener
	srv  *http.Server
	tls  *tls.Config

	mu    sync.Mutex
	pages map[string]Page // "host/path" or "*/path"
	log   []Request
}

// NewWitness starts a witness server, closed when the test ends.
func NewWitness(t testing.TB) *Witness {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	w := &Witness{ln: ln, pages: map[string]Page{}, tls: &tls.Config{Certificates: []tls.Certificate{selfSigned(t)}}}
	_, w.Port, _ = net.SplitHostPort(ln.Addr().String())
	// Chromium opens and drops connections freely (and sends a TLS name with
	// a trailing dot, which crypto/tls refuses): nothing worth logging.
	w.srv = &http.Server{Handler: http.HandlerFunc(w.serve), ReadHeaderTimeout: 10 * time.Second, ErrorLog: log.New(io.Discard, "", 0)}
	go w.srv.Serve(&sniffListener{Listener: ln, tls: w.tls}) //nolint:errcheck // ends with Close
	t.Cleanup(func() { w.srv.Close() })
	return w
}

// Flags are the Chromium flags that send every host to the witness.
func (w *Witness) Flags() []string {
	return []string{"--host-resolver-rules=MAP * 127.0.0.1:" + w.Port, "--ignore-certificate-errors"}
}

// Handle serves page at path on host ("*" for every host).
func (w *Witness) Handle(host, path string, p Page) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.pages[host+path] = p
}

// Requests returns the requests recorded so far.
func (w *Witness) Requests() []Request {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]Request(nil), w.log...)
}

// Reset forgets the requests recorded so far.
func (w *Witness) Reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.log = nil
}

func (w *Witness) serve(rw http.ResponseWriter, r *http.Request) {
	host := strings.ToLower(r.Host)
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	req := Request{Scheme: "http", Host: host, Method: r.Method, Path: r.URL.RequestURI()}
	if r.TLS != nil {
		req.Scheme = "https"
	}
	w.mu.Lock()
	w.log = append(w.log, req)
	p, ok := w.pages[host+r.URL.Path]
	if !ok {
		p, ok = w.pages["*"+r.URL.Path]
	}
	w.mu.Unlock()
	if !ok {
		http.NotFound(rw, r)
		return
	}
	for k, v := range p.Header {
		rw.Header().Set(k, v)
	}
	rw.Header().Set("Content-Type", p.ContentType)
	rw.Header().Set("Cache-Control", "no-store")
	rw.Write([]byte(p.Body)) //nolint:errcheck // the browser may have gone
}

// sniffListener hands each connection to TLS when it starts with a
// ClientHello, as it is otherwise. Connections are sniffed each in its own
// goroutine: Chromium opens sockets ahead of time and may send nothing on
// them for a while.
type sniffListener struct {
	net.Listener
	tls   *tls.Config
	once  sync.Once
	ready chan net.Conn
	err   chan error
}

func (l *sniffListener) Accept() (net.Conn, error) {
	l.once.Do(func() {
		l.ready, l.err = make(chan net.Conn), make(chan error, 1)
		go l.acceptLoop()
	})
	select {
	case c := <-l.ready:
		return c, nil
	case err := <-l.err:
		l.err <- err
		return nil, err
	}
}

func (l *sniffListener) acceptLoop() {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			l.err <- err
			return
		}
		go func() {
			br := bufio.NewReader(c)
			first, err := br.Peek(1)
			if err != nil {
				c.Close()
				return
			}
			var conn net.Conn = &peekedConn{Conn: c, r: br}
			if first[0] == 0x16 {
				conn = tls.Server(conn, l.tls)
			}
			select {
			case l.ready <- conn:
			case err := <-l.err:
				l.err <- err
				c.Close()
			}
		}()
	}
}

type peekedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *peekedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// selfSigned makes a certificate for the witness; Chromium is told to
// ignore certificate errors.
func selfSigned(t testing.TB) tls.Certificate {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "witness"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		DNSNames: []string{"*"}, KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}
