package sandboxapi

import (
	"fmt"
	"strconv"
	"strings"
)

// Outside is a global the sandbox does not offer (the script lint's
// closed world: scriptlint.OutsideGlobals) and what to use instead.
type Outside struct {
	Name       string
	UseInstead string
}

// NotInTheSandbox is the TypeScript type every global the sandbox does not
// offer is declared with: no call, no construct and no member but the
// message, so each use in an editor is a type error whose text says what
// to use instead, as the lint says it.
const NotInTheSandbox = "NotInTheSandbox"

// Declarations is the whole of remixlet.d.ts: the dom and rmx namespaces
// (TypeScript), the host APIs the sandbox offers beside ECMAScript's
// built-ins (for a tsconfig without the DOM library, which would declare
// document, fetch and the rest as if they worked), and every global in
// outside declared as a type error naming what to use instead.
func Declarations(outside []Outside) string {
	var b strings.Builder
	b.WriteString(TypeScript())
	b.WriteString("\n// The host APIs the sandbox offers beside ECMAScript's built-ins: the closed\n")
	b.WriteString("// world of globals (`remixlet explain js/unknown-global`). The tsconfig.json\n")
	b.WriteString("// `remixlet init` writes has no DOM library: these are all there is.\n")
	b.WriteString(hostDeclarations)
	b.WriteString("\n// Globals the sandbox does not have (or replaces with an error): using one is\n")
	b.WriteString("// a type error whose message says what to use instead.\n")
	fmt.Fprintf(&b, "interface %s<Message extends string> {\n  readonly \"not in the sandbox\": Message;\n}\n", NotInTheSandbox)
	for _, o := range outside {
		msg := OutsideMessage(o)
		fmt.Fprintf(&b, "/** %s */\ndeclare var %s: %s<%s>;\n", strings.ReplaceAll(msg, "*/", "* /"), o.Name, NotInTheSandbox, strconv.Quote(msg))
	}
	return b.String()
}

// OutsideMessage is the text of the type error a use of o is: its name and
// what to use instead, with single quotes for the double quotes of code in
// it, since a type error shows a string type in double quotes and would
// escape them.
func OutsideMessage(o Outside) string {
	return strings.ReplaceAll(o.Name+" is not in the sandbox: "+o.UseInstead, `"`, "'")
}

// hostDeclarations declare the closed world's host globals (KindHost and
// the timers), as much of each as the sandbox offers: setTimeout and
// setInterval take a function (a string is code built at run time), crypto
// has getRandomValues and randomUUID, location is read-only.
const hostDeclarations = `
/** Runs handler once after timeout milliseconds; a string of code is refused. */
declare function setTimeout<A extends unknown[]>(handler: (...args: A) => void, timeout?: number, ...args: A): number;
/** Runs handler every timeout milliseconds; a string of code is refused. */
declare function setInterval<A extends unknown[]>(handler: (...args: A) => void, timeout?: number, ...args: A): number;
/** Cancels a setTimeout. */
declare function clearTimeout(id: number | undefined): void;
/** Cancels a setInterval. */
declare function clearInterval(id: number | undefined): void;
/** Runs callback later in the same task. */
declare function queueMicrotask(callback: () => void): void;
/** A deep copy of a value, in memory. */
declare function structuredClone<T>(value: T): T;
/** Decodes base64. */
declare function atob(data: string): string;
/** Encodes a string of Latin-1 characters as base64. */
declare function btoa(data: string): string;

/** An address, parsed in memory (URL.createObjectURL is not in the sandbox). */
declare class URL {
  constructor(url: string | URL, base?: string | URL);
  static canParse(url: string | URL, base?: string | URL): boolean;
  static parse(url: string | URL, base?: string | URL): URL | null;
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toString(): string;
  toJSON(): string;
}

/** A query string, parsed and built in memory. */
declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | string[][] | URLSearchParams);
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callback: (value: string, key: string, parent: URLSearchParams) => void): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

/** Encodes text as UTF-8 bytes. */
declare class TextEncoder {
  readonly encoding: "utf-8";
  encode(input?: string): Uint8Array;
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}

/** Decodes bytes as text. */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  decode(input?: ArrayBuffer | ArrayBufferView, options?: { stream?: boolean }): string;
}

/** Cancels work the script started. */
declare class AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

/** The other half of AbortController. */
declare class AbortSignal {
  static abort(reason?: unknown): AbortSignal;
  static any(signals: AbortSignal[]): AbortSignal;
  static timeout(milliseconds: number): AbortSignal;
  readonly aborted: boolean;
  readonly reason: unknown;
  onabort: (() => void) | null;
  throwIfAborted(): void;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/** The error type host APIs throw. */
declare class DOMException extends Error {
  constructor(message?: string, name?: string);
  readonly code: number;
}

/** Random numbers and identifiers (nothing else of the Web Crypto API). */
declare var crypto: {
  getRandomValues<T extends Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array | BigInt64Array | BigUint64Array>(array: T): T;
  randomUUID(): ` + "`${string}-${string}-${string}-${string}-${string}`" + `;
};

/** Writes to the remixlet's log. */
declare var console: {
  assert(condition?: boolean, ...data: unknown[]): void;
  clear(): void;
  count(label?: string): void;
  countReset(label?: string): void;
  debug(...data: unknown[]): void;
  dir(item?: unknown): void;
  error(...data: unknown[]): void;
  group(...data: unknown[]): void;
  groupCollapsed(...data: unknown[]): void;
  groupEnd(): void;
  info(...data: unknown[]): void;
  log(...data: unknown[]): void;
  table(data: unknown, columns?: string[]): void;
  time(label?: string): void;
  timeEnd(label?: string): void;
  timeLog(label?: string, ...data: unknown[]): void;
  trace(...data: unknown[]): void;
  warn(...data: unknown[]): void;
};

/** The sandbox's read-only location: reading it is fine; assigning, assign, replace and reload are not there. */
declare var location: {
  readonly hash: string;
  readonly host: string;
  readonly hostname: string;
  readonly href: string;
  readonly origin: string;
  readonly pathname: string;
  readonly port: string;
  readonly protocol: string;
  readonly search: string;
  toString(): string;
};

/** The sandbox's read-only window: only window.NAME of a global the sandbox has. */
declare var window: typeof globalThis;
/** The global object: only self.NAME of a global the sandbox has. */
declare var self: typeof globalThis;
/** The global object: only frames.NAME of a global the sandbox has. */
declare var frames: typeof globalThis;
/** The frame's parent window: only parent.NAME of a global the sandbox has. */
declare var parent: typeof globalThis;
/** The top window: only top.NAME of a global the sandbox has. */
declare var top: typeof globalThis;
`
