// Add a "discuss" link after each story, on the site itself.
for (const story of await dom.queryAll(".story")) {
  const id = await story.getAttribute("data-id");
  if (!id) continue;
  const link = await dom.create("a", { href: `https://news.example.com/item/${encodeURIComponent(id)}#comments`, class: "rmx-discuss" });
  await link.setText("discuss");
  await story.append(link);
}
