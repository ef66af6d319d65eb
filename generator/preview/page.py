"""The preview's one page (HTML, CSS and script in one document, no outside resources).

The script reads /state.json, draws a grid of card faces (each an <img> of /card/N/front.svg with
the render's key in its URL) with overlays in the card's own mm (trim, bleed, safe area, element
boxes with a tooltip), listens to /events (each event carries the new state) and redraws only the cards whose state changed.
Filters: ?card=12, ?q=text (in the card's name), a dropdown; "100%" shows the cards at true size
with CSS millimetres.
"""

from __future__ import annotations

PAGE = r"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>pnpgen preview</title>
<style>
:root { --w: 240px; }
body { font: 14px system-ui, sans-serif; margin: 0; background: #e9e6e1; color: #222; }
header { position: sticky; top: 0; z-index: 5; background: #2d2a26; color: #f4efe6; padding: 8px 12px;
         display: flex; flex-wrap: wrap; gap: 10px; align-items: center; }
header h1 { font-size: 15px; margin: 0 8px 0 0; }
header label { white-space: nowrap; }
header input[type=search] { width: 12em; }
#status { margin-left: auto; font-size: 12px; opacity: .85; }
#printed { font-size: 12px; }
#deck-error, #deck-warnings { margin: 8px 12px; padding: 8px 10px; border-radius: 4px; white-space: pre-wrap; }
#deck-error { background: #7a1f1f; color: #fff; font-family: monospace; }
#deck-warnings { background: #fff4d6; color: #5a4300; }
#grid { display: flex; flex-wrap: wrap; gap: 14px; padding: 12px; align-items: flex-start; }
figure.card { margin: 0; background: #fff; padding: 6px; border-radius: 4px; box-shadow: 0 1px 3px #0003; }
figure.card figcaption { font-size: 12px; margin-top: 4px; max-width: var(--w); }
.faces { display: flex; gap: 6px; }
.face { position: relative; width: var(--w); line-height: 0; }
.face img { width: 100%; height: auto; display: block; }
body.true-size .face { width: calc(var(--pw) * 1mm); }
body.true-size figure.card figcaption { max-width: none; }
.face svg.overlay { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
.overlay rect { fill: none; vector-effect: non-scaling-stroke; }
.overlay .trim { stroke: #e00; stroke-width: 1; }
.overlay .bleed { stroke: #0090ff; stroke-width: 1; stroke-dasharray: 4 3; }
.overlay .safe { stroke: #00a050; stroke-width: 1; stroke-dasharray: 2 2; }
.overlay .box { stroke: #c000c0; stroke-width: 1; pointer-events: all; fill: transparent; }
.overlay .box:hover { fill: #c000c033; stroke-width: 2; }
body:not(.show-trim) .trim, body:not(.show-bleed) .bleed, body:not(.show-safe) .safe,
body:not(.show-boxes) .box { display: none; }
body:not(.show-backs) .face.back { display: none; }
.card-error { background: #7a1f1f; color: #fff; font: 12px monospace; line-height: 1.35; padding: 8px;
              white-space: pre-wrap; word-break: break-word; width: var(--w); box-sizing: border-box;
              aspect-ratio: var(--pw) / var(--ph); overflow: auto; }
body.true-size .card-error { width: calc(var(--pw) * 1mm); }
ul.warnings { margin: 4px 0 0; padding-left: 16px; color: #8a5a00; font-size: 11px; max-width: var(--w); }
#tip { position: fixed; z-index: 9; background: #222; color: #fff; font: 12px monospace; padding: 4px 6px;
       border-radius: 3px; pointer-events: none; display: none; white-space: pre; }
</style></head>
<body class="show-trim show-backs">
<header>
  <h1 id="title">pnpgen preview</h1>
  <select id="pick" title="show one card"><option value="">all cards</option></select>
  <input id="q" type="search" placeholder="name contains..." title="filter by name">
  <label><input type="checkbox" id="true-size"> 100%</label>
  <label><input type="checkbox" data-show="trim" checked> trim</label>
  <label><input type="checkbox" data-show="bleed"> bleed</label>
  <label><input type="checkbox" data-show="safe"> safe area</label>
  <label><input type="checkbox" data-show="boxes"> element boxes</label>
  <label><input type="checkbox" data-show="backs" checked> backs</label>
  <button id="print" type="button">print</button> <span id="printed"></span>
  <span id="status">connecting...</span>
</header>
<div id="deck-error" hidden></div>
<div id="deck-warnings" hidden></div>
<main id="grid"></main>
<div id="tip"></div>
<script>
"use strict";
const NS = "http://www.w3.org/2000/svg";
const params = new URLSearchParams(location.search);
let state = null;
const shown = {};          // number -> JSON of what its figure shows
window.pnpgen = {version: -1, updated: 0, loaded: {}};

function el(tag, attrs, text) {
  const e = tag.startsWith("svg:") ? document.createElementNS(NS, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function wanted(card) {
  const one = params.get("card"), q = (params.get("q") || "").toLowerCase();
  if (one && String(card.number) !== one) return false;
  return !q || card.label.toLowerCase().includes(q);
}

function overlay(card, side) {
  const b = state.bleed, w = state.card_w, h = state.card_h, s = state.safe;
  const svg = el("svg:svg", {class: "overlay", viewBox: `0 0 ${w + 2 * b} ${h + 2 * b}`,
                             preserveAspectRatio: "none"});
  svg.append(el("svg:rect", {class: "bleed", x: 0, y: 0, width: w + 2 * b, height: h + 2 * b}));
  svg.append(el("svg:rect", {class: "trim", x: b, y: b, width: w, height: h}));
  svg.append(el("svg:rect", {class: "safe", x: b + s, y: b + s, width: w - 2 * s, height: h - 2 * s}));
  for (const box of card.boxes.filter(x => x.face === side)) {
    const r = el("svg:rect", {class: "box", x: box.x + b, y: box.y + b, width: Math.max(box.w, 0.2),
                              height: Math.max(box.h, 0.2), "data-id": box.id});
    r.dataset.tip = `${box.id} (${box.kind})\nx ${box.x}  y ${box.y}  w ${box.w}  h ${box.h} mm`;
    svg.append(r);
  }
  return svg;
}

function face(card, side) {
  const div = el("div", {class: "face " + side});
  const img = el("img", {alt: `card ${card.number} ${side}`, src: `/card/${card.number}/${side}.svg?k=${card.key}`});
  img.addEventListener("load", () => { window.pnpgen.loaded[card.number] = {key: card.key, at: Date.now()}; });
  div.append(img, overlay(card, side));
  return div;
}

function figure(card) {
  const fig = el("figure", {class: "card", id: "card-" + card.number, "data-number": card.number});
  if (card.error) {
    fig.classList.add("has-error");
    fig.append(el("div", {class: "card-error"}, card.error));
  } else {
    const faces = el("div", {class: "faces"});
    faces.append(face(card, "front"));
    if (card.has_back) faces.append(face(card, "back"));
    fig.append(faces);
  }
  fig.append(el("figcaption", {}, `${card.number} · ${card.label}`));
  if (card.warnings.length) {
    const ul = el("ul", {class: "warnings"});
    for (const w of card.warnings) ul.append(el("li", {}, w));
    fig.append(ul);
  }
  return fig;
}

function draw() {
  const count = state.cards.length, what = `${count} card${count === 1 ? "" : "s"}`;
  const title = `${state.title || "pnpgen preview"} (${what})`;
  document.getElementById("title").textContent = title;
  document.title = `${title}: pnpgen preview`;
  document.getElementById("title").title = state.template ? `template: ${state.template}` : "";
  document.getElementById("print").title = state.print ? `writes: ${state.print}` : "";
  document.body.style.setProperty("--pw", state.card_w + 2 * state.bleed);
  document.body.style.setProperty("--ph", state.card_h + 2 * state.bleed);
  const err = document.getElementById("deck-error");
  err.hidden = !state.error;
  const kept = state.cards.some(c => c.key) ? "\n(the cards below are the last good drawing)" : "";
  err.textContent = state.error ? state.error + kept : "";
  const warn = document.getElementById("deck-warnings");
  warn.hidden = !state.warnings.length; warn.textContent = state.warnings.join("\n");
  const grid = document.getElementById("grid");
  const keep = new Set();
  let previous = null;
  for (const card of state.cards.filter(wanted)) {
    keep.add(String(card.number));
    const json = JSON.stringify(card);
    let fig = document.getElementById("card-" + card.number);
    if (!fig || shown[card.number] !== json) {
      const fresh = figure(card);
      if (fig) fig.replaceWith(fresh); else grid.append(fresh);
      fig = fresh; shown[card.number] = json;
    }
    if (previous ? previous.nextSibling !== fig : grid.firstChild !== fig) {
      if (previous) previous.after(fig); else grid.prepend(fig);
    }
    previous = fig;
  }
  for (const fig of [...grid.children]) if (!keep.has(fig.dataset.number)) { fig.remove(); delete shown[fig.dataset.number]; }
  fillPicker();
  document.body.dataset.version = state.version;
  window.pnpgen.version = state.version; window.pnpgen.updated = Date.now();
}

function fillPicker() {
  const pick = document.getElementById("pick");
  const labels = state.cards.map(c => `${c.number} · ${c.label}`).join("\n");
  if (pick.dataset.labels === labels) return;
  pick.dataset.labels = labels;
  pick.length = 1;
  for (const c of state.cards) pick.append(el("option", {value: c.number}, `${c.number} · ${c.label}`));
  pick.value = params.get("card") || "";
}

async function load() {
  const res = await fetch("/state.json", {cache: "no-store"});
  state = await res.json();
  draw();
}

function setParam(name, value) {
  if (value) params.set(name, value); else params.delete(name);
  history.replaceState(null, "", "?" + params.toString());
  draw();
}

function listen() {
  const events = new EventSource("/events");
  const status = document.getElementById("status");
  events.onmessage = e => {
    state = JSON.parse(e.data);
    status.textContent = "live, version " + state.version;
    draw();
  };
  events.onerror = () => { status.textContent = "disconnected: is pnpgen preview still running?"; };
}

document.getElementById("pick").addEventListener("change", e => setParam("card", e.target.value));
const q = document.getElementById("q");
q.value = params.get("q") || "";
q.addEventListener("input", () => setParam("q", q.value));
document.getElementById("true-size").addEventListener("change", e => document.body.classList.toggle("true-size", e.target.checked));
// the overlay switches are remembered by the browser between reloads
for (const box of document.querySelectorAll("[data-show]")) {
  const key = "pnpgen-show-" + box.dataset.show, kept = localStorage.getItem(key);
  if (kept !== null) box.checked = kept === "1";
  document.body.classList.toggle("show-" + box.dataset.show, box.checked);
  box.addEventListener("change", () => {
    document.body.classList.toggle("show-" + box.dataset.show, box.checked);
    localStorage.setItem(key, box.checked ? "1" : "0");
  });
}
document.getElementById("print").addEventListener("click", async () => {
  const out = document.getElementById("printed");
  out.textContent = "printing...";
  const res = await fetch("/print", {method: "POST", headers: {"X-Pnpgen": "print"}});
  const answer = await res.json();
  const more = answer.paths && answer.paths.length > 1 ? ` (and ${answer.paths.length - 1} more)` : "";
  out.textContent = answer.error ? "not printed: " + answer.error : "written: " + answer.path + more;
});
const tip = document.getElementById("tip");
document.addEventListener("mousemove", e => {
  const t = e.target.dataset && e.target.dataset.tip;
  tip.style.display = t ? "block" : "none";
  if (t) { tip.textContent = t; tip.style.left = e.clientX + 14 + "px"; tip.style.top = e.clientY + 14 + "px"; }
});
load().then(listen);
</script>
</body></html>
"""


def page() -> bytes:
    """The page as UTF-8 bytes."""
    return PAGE.encode("utf-8")
