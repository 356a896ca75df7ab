package main

import (
	"bytes"
	"cmp"
	"errors"
	"io"

	"github.com/remixlet/remixlet/analysis"
	"github.com/remixlet/remixlet/cssguard"
	"github.com/remixlet/remixlet/internal/safetext"
	"github.com/remixlet/remixlet/lint"
	"github.com/remixlet/remixlet/manifest"
	"github.com/remixlet/remixlet/netrules"
	"github.com/remixlet/remixlet/pagepolicy"
	"github.com/remixlet/remixlet/site"
)

// The calls the extension makes after a remixlet is saved: when it inserts
// a stylesheet, installs network rules, and when the page agent judges a
// request. Each returns what the matching command prints, through the same
// output boundary (safetext.NewWriter).

// bounded returns what write writes, through the output boundary.
func bounded(write func(io.Writer) error) ([]byte, error) {
	var out bytes.Buffer
	w := safetext.NewWriter(&out)
	if err := write(w); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// CSSOptions are css's options: File and ManifestFile name the sheet and
// its manifest in the output, as the paths do on the command line
// ("style.css" and "manifest.json" when empty); Script checks CSS a script
// writes; Sanitize asks for the sheet as installed for a legacy remixlet.
type CSSOptions struct {
	File         string `json:"file"`
	ManifestFile string `json:"manifestFile"`
	Script       bool   `json:"script"`
	Sanitize     bool   `json:"sanitize"`
}

// CSS checks a stylesheet against a manifest (nil for none) as the
// extension does each time it inserts it, and returns what
// `remixlet css FILE --manifest MANIFEST [--script] [--sanitize OUT]
// --format json` prints; sanitized, the sheet to insert is in it.
func CSS(sheet, manifestSrc []byte, opts CSSOptions) ([]byte, error) {
	if opts.Script && opts.Sanitize {
		return nil, usage("--sanitize applies to a stylesheet, not to CSS a script writes: drop --script")
	}
	req := cssguard.SheetRequest{File: cmp.Or(opts.File, cssguard.FileName), Mode: cssguard.Stylesheet, Sanitize: opts.Sanitize}
	if opts.Script {
		req.Mode = cssguard.Script
	}
	if manifestSrc != nil {
		req.ManifestFile = cmp.Or(opts.ManifestFile, manifest.FileName)
		src, refusedManifest := analysis.CheckFile(req.ManifestFile, manifest.FileName, manifestSrc)
		m, err := cssguard.ReadManifest(req.ManifestFile, src, refusedManifest)
		if err != nil {
			return nil, usage("%v", err)
		}
		req.Manifest = m
	} else if opts.Sanitize {
		return nil, usage("--sanitize needs a manifest (--manifest, or a manifest.json beside the stylesheet): the hosts a stylesheet may load from come from it")
	}
	req.CSS, req.Refused = analysis.CheckFile(req.File, cssguard.FileName, sheet)
	rep, err := cssguard.CheckSheet(req)
	if errors.Is(err, cssguard.ErrNotSanitizable) {
		return nil, usage("%s %v", req.File, err)
	}
	if err != nil {
		return nil, usage("%v", err)
	}
	return bounded(rep.WriteJSON)
}

// NetrulesOptions are netrules's: Dir labels the remixlet ("." when empty),
// ExtensionID is the installing extension's id, ExtensionHosts the hosts
// it sends requests to itself (--extension-host).
type NetrulesOptions struct {
	Dir            string   `json:"dir"`
	ExtensionID    string   `json:"extensionId"`
	ExtensionHosts []string `json:"extensionHosts"`
}

// Netrules returns the installed form of a remixlet's network rules as the
// extension installs them, with the rules a legacy remixlet leaves out and
// why: what `remixlet netrules --format json --extension-id ID
// [--extension-host HOST]… DIR` prints.
func Netrules(files Files, opts NetrulesOptions) ([]byte, error) {
	rep, err := netrules.InstallPackage(analysis.LoadFiles(cmp.Or(opts.Dir, "."), files), netrules.Options{ExtensionID: opts.ExtensionID, ExtensionHosts: opts.ExtensionHosts})
	if err != nil {
		return nil, usage("%v", err)
	}
	return bounded(rep.WriteJSON)
}

// Explain returns what `remixlet explain RULE` prints.
func Explain(rule string) ([]byte, error) {
	text, err := lint.Explain(rule)
	if err != nil {
		return nil, usage("%v", err)
	}
	return bounded(func(w io.Writer) error { _, err := io.WriteString(w, text); return err })
}

// Policy returns the page policy's table as data.
func Policy() ([]byte, error) { return bounded(pagepolicy.WriteTable) }

// PageOptions say where the page agent is: the page (its address, its
// base, the addresses it already loads), for the addresses it checks.
type PageOptions struct {
	Page pagepolicy.Page `json:"page"`
}

// reachOf reads the hosts a remixlet may reach from its manifest.
func reachOf(manifestSrc []byte) (site.Reach, error) {
	if manifestSrc == nil {
		return site.Reach{}, usage("the page agent's address rule needs the remixlet's manifest.json: pass it")
	}
	src, refusedManifest := analysis.CheckFile(manifest.FileName, manifest.FileName, manifestSrc)
	m, err := cssguard.ReadManifest(manifest.FileName, src, refusedManifest)
	if err != nil {
		return site.Reach{}, usage("%v", err)
	}
	return m.Reach(), nil
}

// AddressOptions are address's: the page, and whether the address is an
// image's src (a data: image may pass) rather than a link's href.
type AddressOptions struct {
	Page  pagepolicy.Page `json:"page"`
	Image bool            `json:"image"`
}

// Address applies the page agent's address rule to an href or src a
// remixlet asks for.
func Address(address string, manifestSrc []byte, opts AddressOptions) ([]byte, error) {
	reach, err := reachOf(manifestSrc)
	if err != nil {
		return nil, err
	}
	v := pagepolicy.JudgeAddress(address, opts.Image, opts.Page, reach)
	return bounded(func(w io.Writer) error { return pagepolicy.WriteJSON(w, v) })
}

// Element judges one element the page agent is about to create, insert or
// change: what it must refuse, drop or strip, and the resolved address of
// a checked href or src.
func Element(el pagepolicy.ElementRequest, manifestSrc []byte, opts PageOptions) ([]byte, error) {
	if el.Tag == "" {
		return nil, usage("element.tag is empty: give the element's tag name")
	}
	reach, err := reachOf(manifestSrc)
	if err != nil {
		return nil, err
	}
	j := pagepolicy.JudgeElement(el, opts.Page, reach)
	return bounded(func(w io.Writer) error { return pagepolicy.WriteJSON(w, j) })
}

// SelectorOptions are selector's: whether the page has a password field.
type SelectorOptions struct {
	PasswordField bool `json:"passwordField"`
}

// Selector applies the selector rule to a selector the remixlet queries.
func Selector(selector string, opts SelectorOptions) ([]byte, error) {
	v := pagepolicy.JudgeSelector(selector, opts.PasswordField)
	return bounded(func(w io.Writer) error { return pagepolicy.WriteJSON(w, v) })
}
