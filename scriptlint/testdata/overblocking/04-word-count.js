// Show how long an article takes to read.
const WORDS_PER_MINUTE = 230;
const article = await dom.waitFor("article");
const text = await article.text();
const words = text.trim().split(/\s+/).filter(Boolean).length;
const minutes = Math.max(1, Math.round(words / WORDS_PER_MINUTE));
const label = await dom.create("p", { class: "rmx-reading-time" });
await label.setText(`${new Intl.NumberFormat("en").format(words)} words · about ${minutes} min`);
await article.prepend(label);
