// Reads one JSON object {"input": ..., "base": ...} per line on standard
// input and writes one JSON line per object: what this JavaScript engine's
// URL constructor makes of it (the URL's parts), or {"failure": true}.
// The differential tests in this package compare it with site.Parse.
import { createInterface } from "node:readline";

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line === "") continue;
  const { input, base } = JSON.parse(line);
  let out;
  try {
    const u = base == null ? new URL(input) : new URL(input, base);
    out = {
      href: u.href, protocol: u.protocol, username: u.username, password: u.password,
      host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash,
    };
  } catch {
    out = { failure: true };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
