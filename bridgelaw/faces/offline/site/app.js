// The offline page's main thread: shows the loading screen, runs bridgelaw in a Web Worker (worker.js, Pyodide),
// and shows the pages it answers.  A link or form inside a page is a request to the worker, as it is a request
// to `bridgelaw serve` on the served page; the state is in the address's #fragment, so back and reload work.
// The first page (the interview's first screen, the same for every visitor) comes written by `bridgelaw page`
// (first.json) and is shown at once, while Python starts: a line above it says what is starting, and an answer
// given meanwhile waits for Python (the worker takes requests once it has started).
const boot = document.getElementById("boot");
const view = document.getElementById("page");
const words = JSON.parse(boot.dataset.words);
// The page's language: the address's (?lang=), else the phone's first language the page speaks, else Russian.
const phone = () => (navigator.languages || [navigator.language]).map((l) => String(l).toLowerCase().split("-")[0])
  .find((l) => l in words) || "ru";
const asked = (address) => new URLSearchParams(address.split("?")[1] || "").get("lang");
const lang = () => (asked(location.hash) in words ? asked(location.hash) : phone());
const say = (id, key) => { const e = document.getElementById(id); if (e) e.textContent = words[lang()][key]; };
document.documentElement.lang = lang();
say("boot-app", "app"); say("boot-title", "loading");
const stage = (key) => {  // what is starting: on the loading screen, or above the first page shown meanwhile
  say("boot-stage", key); say("boot-wait", key);
  (timings.said ??= []).push(words[lang()][key]);
};
const written = fetch("first.json").then((r) => (r.ok ? r.json() : {})).catch(() => ({}));

// index.html started the worker (worker.js) before this script loaded; what it said meanwhile is taken first.
const worker = window.bootWorker || new Worker("worker.js", { type: "module" });
const waiting = new Map();
let next = 0;
// How long the start took (ms from the page's start: when each stage ended, the first page shown, the started
// Python kept for the next visit): bench/offline.py and the tests read it.
const timings = window.bridgelawTimings = {};
stage("stage_start");
const since = (epochMs) => Math.round(epochMs - performance.timeOrigin);
const ready = new Promise((resolve, reject) => {
  worker.onmessage = ({ data }) => {
    timings.stages = [...(timings.stages || []), data.stage].filter(Boolean);  // what the loading screen said
    if (data.type === "progress") {
      const bar = document.getElementById("boot-progress");
      if (bar) bar.value = data.percent;
      stage("stage_" + data.stage);
    } else if (data.type === "ready") {
      for (const [stage, at] of Object.entries(data.marks)) timings[stage] = since(at);
      timings.restored = data.restored;
      resolve();
    } else if (data.type === "kept") Object.assign(timings, { kept: Math.round(performance.now()), kept_bytes: data.bytes });
    else if (data.type === "failed") reject(new Error(data.message));
    else if (data.type === "reply") { waiting.get(data.id)(data); waiting.delete(data.id); }
  };
  for (const event of window.bootSaid || []) worker.onmessage(event);
});
const ask = (path, params) => new Promise((resolve) => {
  const id = next++;
  waiting.set(id, resolve);
  worker.postMessage({ id, path, params: JSON.stringify(params) });
});

// This device's ruling log (device.py): the entries in IndexedDB, as the JSON export holds them, by uid; every
// /log request gets them all (oldest first), a saved ruling's reply brings the entry to keep, and a deletion the
// director confirmed brings the uid to forget.
let opened;
function logDb() {
  opened ??= new Promise((resolve, reject) => {
    const open = indexedDB.open("bridgelaw-log", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("entries", { keyPath: "uid" });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  return opened;
}
async function keep(entry) {
  const t = (await logDb()).transaction("entries", "readwrite");
  t.objectStore("entries").put(entry);
  return new Promise((resolve, reject) => { t.oncomplete = resolve; t.onerror = () => reject(t.error); });
}
async function forget(uid) {
  const t = (await logDb()).transaction("entries", "readwrite");
  t.objectStore("entries").delete(uid);
  return new Promise((resolve, reject) => { t.oncomplete = resolve; t.onerror = () => reject(t.error); });
}
async function kept() {
  const all = (await logDb()).transaction("entries").objectStore("entries").getAll();
  const entries = await new Promise((resolve, reject) => {
    all.onsuccess = () => resolve(all.result);
    all.onerror = () => reject(all.error);
  });
  return entries.sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
}

function paramsOf(url) {
  const params = {};
  for (const [k, v] of url.searchParams) (params[k] ??= []).push(v);
  return params;
}

async function go(href, how) {  // how: "push" (a new step), "replace" (a redirect's target), "none" (back, reload)
  const url = new URL(href, location.origin);
  const params = paramsOf(url);
  if (url.pathname === "/log" || url.pathname.startsWith("/log/")) params.kept = [JSON.stringify(await kept())];
  const data = await ask(url.pathname, params);
  if (data.error) { return failed(data.error); }
  const reply = JSON.parse(data.reply);
  if (reply.keep) await keep(reply.keep);
  if (reply.forget) await forget(reply.forget);
  if (reply.location) {
    history.pushState(null, "", "#" + reply.location);
    return go(reply.location, "none");
  }
  if (reply.filename || reply.media_type.startsWith("text/plain")) return save(reply);
  if (how === "push") history.pushState(null, "", "#" + url.pathname + url.search);
  show(reply.body);
  timings.shown ??= Math.round(performance.now());
}

function show(html) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  document.title = doc.title;
  document.documentElement.lang = doc.documentElement.lang;
  view.replaceChildren(...doc.head.querySelectorAll("style"), ...doc.body.childNodes);  // a page's own styles too
  boot.remove();  // the pages have headings of their own
  view.hidden = false;
  window.scrollTo(0, 0);
  window.bridgelawCopy();
}

function save(reply) {  // the incident file or the ruling's text: downloaded as the served page's links are
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([reply.body], { type: reply.media_type }));
  a.download = reply.filename || "ruling.txt";
  document.body.append(a);
  a.click();
  a.remove();
}

function failed(message) {
  const p = document.getElementById("boot-error") || view.appendChild(document.createElement("p"));
  p.className = "error";
  p.setAttribute("role", "alert");
  p.textContent = words[lang()].failed + " " + message;
  p.hidden = false;
}

view.addEventListener("click", (event) => {
  if (event.target.closest("#log-print")) return window.print();  // a printable record's button
  const a = event.target.closest("a[href^='/']");
  if (!a) return;
  event.preventDefault();
  go(a.getAttribute("href"), "push");
});
view.addEventListener("submit", (event) => {
  event.preventDefault();
  const form = event.target;
  const url = new URL(form.getAttribute("action"), location.origin);
  for (const [k, v] of new FormData(form)) url.searchParams.append(k, v);
  go(url.pathname + url.search, "push");
});
window.addEventListener("popstate", () => go(location.hash.slice(1) || "/", "none"));

function first() {  // the address opened; in the phone's language where it names none (Russian needs no word)
  const at = location.hash.slice(1) || "/";
  return asked(at) in words || lang() === "ru" ? at : at + (at.includes("?") ? "&" : "?") + "lang=" + lang();
}

// The service worker (sw.js: every file kept for the visits with no network) is registered once the first page
// is shown: its install fetches and stores the whole site again, which would slow Python's start on a phone.
const keepFiles = () => { if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {}); };
const address = first();
let early = false;  // the first page shown from first.json before Python was ready
written.then((pages) => {
  if (!pages[address] || timings.shown !== undefined || timings.started !== undefined) return;
  show(pages[address].body);
  early = true;
  timings.shown = Math.round(performance.now());
  timings.early = true;
  const line = document.createElement("p");
  line.id = "boot-wait";
  line.className = "help";
  line.setAttribute("role", "status");
  view.prepend(line);
  stage(timings.stages?.length ? "stage_" + timings.stages.at(-1) : "stage_start");
});
// Once Python is ready: a page shown from first.json is asked of it too (what it answers is the same page: it is
// not shown again, so nothing typed meanwhile is lost), and the worker keeps this Python for the next visit.
const opening = () => (early ? ask(address.split("?")[0], paramsOf(new URL(address, location.origin)))
  .then(() => document.getElementById("boot-wait")?.remove()) : go(address, "none"));
ready.then(() => written).then(opening).then(keepFiles, keepFiles);
ready.catch((e) => failed(e.message));
