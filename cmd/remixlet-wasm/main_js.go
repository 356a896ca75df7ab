//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"syscall/js"

	"github.com/remixlet/remixlet/pagepolicy"
)

// main hands the API to the JavaScript that started it: the loader names a
// global callback in argv[1] (unique per start), which receives an object
// of functions. Then main parks so the functions stay callable.
//
// Each function returns {output} or {failure}: failure is the JSON of a
// Failure. The JavaScript side (npm/wasm/core.js) turns the file objects
// into [name, Uint8Array] pairs and the results into values or errors.
func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "remixlet-wasm: start it through @remixlet/wasm, which passes the callback to register with")
		os.Exit(2)
	}
	register := js.Global().Get(os.Args[1])
	if register.Type() != js.TypeFunction {
		fmt.Fprintf(os.Stderr, "remixlet-wasm: %s is not a function\n", os.Args[1])
		os.Exit(2)
	}
	api := js.Global().Get("Object").New()
	api.Set("lint", export(func(args []js.Value) (string, error) {
		var opts LintOptions
		if err := options(args, 1, &opts); err != nil {
			return "", err
		}
		out, err := Lint(files(args[0]), opts)
		return string(out), err
	}))
	api.Set("digest", export(func(args []js.Value) (string, error) {
		return Digest(files(args[0]))
	}))
	api.Set("decide", export(func(args []js.Value) (string, error) {
		var opts DecideOptions
		if err := options(args, 2, &opts); err != nil {
			return "", err
		}
		var running Files
		if !args[0].IsNull() && !args[0].IsUndefined() {
			running = files(args[0])
		}
		out, err := Decide(running, files(args[1]), opts)
		return string(out), err
	}))
	api.Set("version", export(func([]js.Value) (string, error) { return string(Version()), nil }))
	api.Set("css", export(func(args []js.Value) (string, error) {
		var opts CSSOptions
		if err := options(args, 2, &opts); err != nil {
			return "", err
		}
		sheet, err := bytesArg(args, 0, "the stylesheet")
		if err != nil {
			return "", err
		}
		manifest, err := optionalBytes(args, 1, "the manifest")
		if err != nil {
			return "", err
		}
		out, err := CSS(sheet, manifest, opts)
		return string(out), err
	}))
	api.Set("netrules", export(func(args []js.Value) (string, error) {
		var opts NetrulesOptions
		if err := options(args, 1, &opts); err != nil {
			return "", err
		}
		out, err := Netrules(files(args[0]), opts)
		return string(out), err
	}))
	api.Set("explain", export(func(args []js.Value) (string, error) {
		rule, err := stringArg(args, 0, "the rule")
		if err != nil {
			return "", err
		}
		out, err := Explain(rule)
		return string(out), err
	}))
	api.Set("policy", export(func([]js.Value) (string, error) {
		out, err := Policy()
		return string(out), err
	}))
	api.Set("address", export(func(args []js.Value) (string, error) {
		var opts AddressOptions
		if err := options(args, 2, &opts); err != nil {
			return "", err
		}
		address, err := stringArg(args, 0, "the address")
		if err != nil {
			return "", err
		}
		manifest, err := optionalBytes(args, 1, "the manifest")
		if err != nil {
			return "", err
		}
		out, err := Address(address, manifest, opts)
		return string(out), err
	}))
	api.Set("element", export(func(args []js.Value) (string, error) {
		var el pagepolicy.ElementRequest
		if len(args) == 0 || args[0].Type() != js.TypeString {
			return "", usage("the element must be an object: {tag, namespace, attributes: [{name, value}], passwordField}")
		}
		if err := decodeNamed("element", args[0].String(), &el); err != nil {
			return "", err
		}
		var opts PageOptions
		if err := options(args, 2, &opts); err != nil {
			return "", err
		}
		manifest, err := optionalBytes(args, 1, "the manifest")
		if err != nil {
			return "", err
		}
		out, err := Element(el, manifest, opts)
		return string(out), err
	}))
	api.Set("selector", export(func(args []js.Value) (string, error) {
		var opts SelectorOptions
		if err := options(args, 1, &opts); err != nil {
			return "", err
		}
		selector, err := stringArg(args, 0, "the selector")
		if err != nil {
			return "", err
		}
		out, err := Selector(selector, opts)
		return string(out), err
	}))
	register.Invoke(api)
	select {}
}

// export wraps a call: a panic or an error becomes a failure the caller
// sees, never a crashed module that fails every later call.
func export(call func([]js.Value) (string, error)) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (result any) {
		defer func() {
			if r := recover(); r != nil {
				result = failure(usage("internal error (please report): %v\n%s", r, debug.Stack()))
			}
		}()
		out, err := call(args)
		if err != nil {
			var f *Failure
			if !errors.As(err, &f) {
				f = usage("%v", err)
			}
			return failure(f)
		}
		return map[string]any{"output": out}
	})
}

func failure(f *Failure) map[string]any {
	data, err := json.Marshal(f)
	if err != nil {
		panic(err)
	}
	return map[string]any{"failure": string(data)}
}

// files copies [name, Uint8Array] pairs into Go.
func files(pairs js.Value) Files {
	out := Files{}
	for i := range pairs.Length() {
		pair := pairs.Index(i)
		data := make([]byte, pair.Index(1).Length())
		js.CopyBytesToGo(data, pair.Index(1))
		out[pair.Index(0).String()] = data
	}
	return out
}

// options decodes the JSON options argument at index i, if any.
func options(args []js.Value, i int, into any) error {
	if len(args) <= i || args[i].Type() != js.TypeString {
		return nil
	}
	return decodeOptions(args[i].String(), into)
}

// stringArg is argument i, which must be a string.
func stringArg(args []js.Value, i int, what string) (string, error) {
	if len(args) <= i || args[i].Type() != js.TypeString {
		return "", usage("%s must be a string", what)
	}
	return args[i].String(), nil
}

// bytesArg copies argument i, a Uint8Array, into Go.
func bytesArg(args []js.Value, i int, what string) ([]byte, error) {
	if len(args) <= i || args[i].Type() != js.TypeObject || args[i].Get("byteLength").Type() != js.TypeNumber {
		return nil, usage("%s must be text or a Uint8Array", what)
	}
	data := make([]byte, args[i].Length())
	js.CopyBytesToGo(data, args[i])
	return data, nil
}

// optionalBytes is bytesArg, or nil for null or undefined.
func optionalBytes(args []js.Value, i int, what string) ([]byte, error) {
	if len(args) <= i || args[i].IsNull() || args[i].IsUndefined() {
		return nil, nil
	}
	return bytesArg(args, i, what)
}
