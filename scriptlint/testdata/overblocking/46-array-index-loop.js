// Number the paragraphs of an article.
const paragraphs = await dom.queryAll("article p");
for (let i = 0; i < paragraphs.length; i++) {
  const marker = await dom.create("span", { class: "rmx-para-number" });
  await marker.setText(`${i + 1}`);
  await paragraphs[i].prepend(marker);
}
const lengths = [];
for (let i = paragraphs.length - 1; i >= 0; i--) lengths[i] = (await paragraphs[i].text()).length;
rmx.log(`longest paragraph: ${Math.max(...lengths)}`);
