// Fill in missing image descriptions from the file name.
for (const img of await dom.queryAll("img:not([alt])")) {
  const src = (await img.getAttribute("src")) ?? "";
  const file = src.split("/").pop()?.split(".")[0] ?? "";
  const words = file.replace(/[-_]+/g, " ").replace(/\d+/g, "").trim();
  await img.setAttribute("alt", words || "image");
}
const logo = await dom.create("img", { src: "https://news.example.com/static/logo.png", alt: "News" });
await (await dom.query("header"))?.prepend(logo);
