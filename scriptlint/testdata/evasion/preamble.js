// Values from outside the file: the lint cannot read them.
const src = await rmx.storage.get("src");
const url = await rmx.storage.get("url");
const key = await rmx.storage.get("key");
const name = await rmx.storage.get("name");
const svc = await rmx.storage.get("svc");
const list = [1, 2, 3];
rmx.fetch("https://api.example.com/list");
