// Retry a flaky request with exponential backoff.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function withRetry(fn, attempts = 4) {
  let delay = 250;
  for (let i = 0; i < attempts; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i === attempts - 1) throw err;
      rmx.log(`attempt ${i + 1} failed: ${err.message}`);
      await sleep(delay);
      delay *= 2;
    }
  }
}
const data = await withRetry(async () => {
  const res = await rmx.fetch("https://api.example.com/v1/status");
  if (!res.ok) throw new Error(`status ${res.status}`);
  return res.json();
});
rmx.log(`service: ${data.state}`);
