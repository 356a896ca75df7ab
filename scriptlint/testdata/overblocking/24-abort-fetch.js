// Fetch suggestions, giving up after five seconds.
const controller = new AbortController();
const timeout = setTimeout(() => controller.abort(), 5000);
try {
  const res = await rmx.fetch("https://api.example.com/v1/suggestions", { signal: controller.signal });
  const suggestions = await res.json();
  const list = await dom.create("ul", { class: "rmx-suggestions" });
  for (const s of suggestions.slice(0, 5)) {
    const li = await dom.create("li");
    await li.setText(s.title);
    await list.append(li);
  }
  await (await dom.query("main")).append(list);
} catch (err) {
  if (err instanceof DOMException && err.name === "AbortError") rmx.log("suggestions timed out");
  else throw err;
} finally {
  clearTimeout(timeout);
}
