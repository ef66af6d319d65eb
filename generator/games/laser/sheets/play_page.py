"""The page of `pnpgen laser play`: one HTML document (style and script inline), its words in the
page's language (card_data/laser/labels.yaml, the play_* keys). It knows the board and the shots
fired, never the layout: each shot and each check is asked of the server (cli/play.py).

Ids for tests and tools: cannon-K (a cannon's button), cell-C-R (column C, row R), [data-tool=NAME]
(a component as TYPE or TYPE:ORIENTATION, `empty`, `erase`), #undo, #check, #score, #answer, #last,
#log (one li per shot, data-cannon=K).
"""

from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.laser.sheets.labels import Labels

WORDS = ("play_title", "play_intro", "play_log", "play_given", "play_score", "play_undo", "play_check",
         "play_empty", "play_erase", "play_last", "play_fired_already", "play_cannon")


def page(labels: Labels) -> bytes:
    words = {key: labels[key] for key in WORDS}
    script = _SCRIPT.replace("__WORDS__", json.dumps(words, ensure_ascii=False).replace("</", "<\\/"))
    text = (_HTML.replace("__LANG__", html.escape(labels.lang)).replace("__TITLE__", html.escape(words["play_title"]))
            .replace("__INTRO__", html.escape(words["play_intro"])).replace("__LOG__", html.escape(words["play_log"]))
            .replace("__UNDO__", html.escape(words["play_undo"])).replace("__CHECK__", html.escape(words["play_check"]))
            .replace("__SCRIPT__", script))
    return text.encode("utf-8")


_HTML = """<!doctype html>
<html lang="__LANG__"><head><meta charset="utf-8"><title>__TITLE__</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font-family: "Noto Sans", "DejaVu Sans", sans-serif; margin: 1.2em 2em; color: #1a1a1a; background: #fafaf7; }
h1 { font-size: 1.4em; margin: 0 0 .2em; } h2 { font-size: 1em; margin: 1em 0 .3em; }
#intro { color: #555; max-width: 62em; margin: 0 0 1em; }
#main { display: flex; gap: 2.5em; align-items: flex-start; flex-wrap: wrap; }
#board { display: grid; gap: 2px; }
.cell { width: 2.6em; height: 2.6em; background: #fff; border: 1px solid #9a9a9a; font-size: 1.25em;
        display: flex; align-items: center; justify-content: center; cursor: pointer; user-select: none; position: relative; }
.cell.empty::after { content: "\\2022"; color: #888; }
.cell .coord { position: absolute; left: 2px; top: 0; font-size: .45em; color: #aaa; }
.cannon { width: 2.6em; height: 2.6em; border: 1px solid #c8102e; border-radius: 50%; background: #fff; color: #c8102e;
          font-size: .8em; cursor: pointer; padding: 0; justify-self: center; align-self: center; }
.cannon.fired { background: #1a1a1a; color: #fff; border-color: #1a1a1a; }
.cannon.exit { box-shadow: 0 0 0 3px #f0b400; }
.cannon.contradicts { box-shadow: 0 0 0 3px #c8102e; }
.corner { width: 2.6em; height: 2.6em; }
#tools { display: flex; flex-wrap: wrap; gap: .3em; max-width: 26em; }
#tools button, #buttons button { font-size: 1em; padding: .3em .6em; border: 1px solid #888; background: #fff;
                                 border-radius: 4px; cursor: pointer; }
#tools button.chosen { background: #1a1a1a; color: #fff; }
#buttons { margin: .8em 0; display: flex; gap: .5em; }
#score { font-weight: bold; } #answer { min-height: 1.4em; max-width: 26em; } #answer.solved { color: #1b7f2a; font-weight: bold; }
#last { font-family: "DejaVu Sans Mono", monospace; }
#log { font-family: "DejaVu Sans Mono", monospace; padding-left: 1.5em; margin: 0; }
#log li.given { color: #666; } #log li.contradicts { color: #c8102e; font-weight: bold; }
</style></head>
<body>
<h1>__TITLE__</h1>
<p id="intro">__INTRO__</p>
<div id="main">
  <div id="board"></div>
  <div id="side">
    <div id="tools"></div>
    <div id="buttons"><button id="undo" type="button">__UNDO__</button><button id="check" type="button">__CHECK__</button></div>
    <p id="score"></p>
    <p id="last"></p>
    <p id="answer" role="status"></p>
    <h2>__LOG__</h2>
    <ol id="log"></ol>
  </div>
</div>
<script>__SCRIPT__</script>
</body></html>
"""

_SCRIPT = r"""
"use strict";
const W = __WORDS__;
const GLYPH = {"O": "\u25cb", "#": "\u25a1", "X": "X"};
const CORNER = {"NE": "\u25e5", "NW": "\u25e4", "SE": "\u25e2", "SW": "\u25e3"};
const state = {board: null, cells: {}, history: [], tool: null, fired: new Map()};
window.pnpgen = state;

function fill(text, values) { return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m)); }
function glyph(type, orientation) {
  if (type.hit === "T" && orientation in CORNER) return CORNER[orientation];
  if (type.hit === "\\" && orientation) return orientation;
  return GLYPH[type.hit] || type.hit;
}
function letters(c) {
  let s = "";
  while (c > 0) { const r = (c - 1) % 26; s = String.fromCharCode(65 + r) + s; c = (c - 1 - r) / 26; }
  return s;
}
async function post(path, data) {
  const answer = await fetch(path, {method: "POST", headers: {"X-Pnpgen": "play", "Content-Type": "application/json"},
                                    body: JSON.stringify(data)});
  return answer.json();
}

function cannonAt(k, b) {     // grid position (column, row) of cannon k, the board at 2..W+1, 2..H+1
  const w = b.columns, h = b.rows;
  if (k <= w) return [k + 1, 1];
  if (k <= w + h) return [w + 2, k - w + 1];
  if (k <= 2 * w + h) return [w + 2 - (k - w - h), h + 2];
  return [1, h + 2 - (k - 2 * w - h)];
}

function build(b) {
  const board = document.getElementById("board");
  board.style.gridTemplateColumns = `repeat(${b.columns + 2}, auto)`;
  for (const [x, y] of [[1, 1], [b.columns + 2, 1], [1, b.rows + 2], [b.columns + 2, b.rows + 2]]) {
    const corner = document.createElement("div"); corner.className = "corner";
    corner.style.gridColumn = x; corner.style.gridRow = y; board.appendChild(corner);
  }
  for (let k = 1; k <= b.cannons; k++) {
    const button = document.createElement("button");
    const [x, y] = cannonAt(k, b);
    button.type = "button"; button.className = "cannon"; button.id = `cannon-${k}`; button.textContent = k;
    button.title = fill(W.play_cannon, {k});
    button.style.gridColumn = x; button.style.gridRow = y;
    button.addEventListener("click", () => fire(k));
    board.appendChild(button);
  }
  for (let r = 1; r <= b.rows; r++) for (let c = 1; c <= b.columns; c++) {
    const cell = document.createElement("div");
    cell.className = "cell"; cell.id = `cell-${c}-${r}`;
    cell.style.gridColumn = c + 1; cell.style.gridRow = r + 1;
    cell.addEventListener("click", () => place(c, r));
    board.appendChild(cell);
  }
  const tools = document.getElementById("tools");
  const add = (name, text, title) => {
    const button = document.createElement("button");
    button.type = "button"; button.dataset.tool = name; button.textContent = text; button.title = title;
    button.addEventListener("click", () => choose(name));
    tools.appendChild(button);
  };
  for (const type of b.types) {
    if (type.orientations.length) {
      for (const o of type.orientations) add(`${type.name}:${o}`, `${glyph(type, o)} ${type.label}`, `${type.label} ${o}`);
    }
    else add(type.name, `${glyph(type, null)} ${type.label}`, type.label);
  }
  add("empty", `\u2022 ${W.play_empty}`, W.play_empty);
  add("erase", `\u232b ${W.play_erase}`, W.play_erase);
  choose(b.types[0].orientations.length ? `${b.types[0].name}:${b.types[0].orientations[0]}` : b.types[0].name);
  document.getElementById("undo").addEventListener("click", undo);
  document.getElementById("check").addEventListener("click", check);
}

function choose(name) {
  state.tool = name;
  for (const button of document.querySelectorAll("#tools button")) button.classList.toggle("chosen", button.dataset.tool === name);
}

function place(c, r) {
  const key = `${c},${r}`;
  const before = JSON.stringify(state.cells);
  const tool = state.tool;
  if (tool === "erase") delete state.cells[key];
  else if (tool === "empty") { if (state.cells[key] === "empty") delete state.cells[key]; else state.cells[key] = "empty"; }
  else {
    const type = tool.split(":")[0];
    for (const [k, v] of Object.entries(state.cells)) if (v !== "empty" && v.split(":")[0] === type) delete state.cells[k];
    state.cells[key] = tool;
  }
  if (JSON.stringify(state.cells) !== before) { state.history.push(before); draw(); }
}

function undo() { if (state.history.length) { state.cells = JSON.parse(state.history.pop()); draw(); } }

function draw() {
  const types = Object.fromEntries(state.board.types.map(t => [t.name, t]));
  for (let r = 1; r <= state.board.rows; r++) for (let c = 1; c <= state.board.columns; c++) {
    const cell = document.getElementById(`cell-${c}-${r}`), value = state.cells[`${c},${r}`];
    cell.classList.toggle("empty", value === "empty");
    cell.textContent = value && value !== "empty" ? glyph(types[value.split(":")[0]], value.split(":")[1]) : "";
    cell.dataset.piece = value || "";
    if (c === 1 || r === 1) {
      const coord = document.createElement("span"); coord.className = "coord";
      coord.textContent = (r === 1 ? letters(c) : "") + (c === 1 ? r : "");
      cell.appendChild(coord);
    }
  }
}

function record(shot) {
  if (state.fired.has(shot.cannon)) return;
  state.fired.set(shot.cannon, shot);
  const button = document.getElementById(`cannon-${shot.cannon}`);
  button.classList.add("fired"); button.title = shot.text;      // hover a fired cannon: its shot
  const item = document.createElement("li");
  item.dataset.cannon = shot.cannon; item.textContent = shot.text + (shot.given ? ` (${W.play_given})` : "");
  if (shot.given) item.className = "given";
  document.getElementById("log").appendChild(item);
}

function score(count) {
  const b = state.board;
  document.getElementById("score").textContent = fill(W.play_score, {k: count, par: (b.par_exact ? "" : "\u2264 ") + b.par});
}

async function fire(k) {
  if (state.fired.has(k)) { show(fill(W.play_fired_already, {k})); return; }
  const shot = await post("/fire", {cannon: k});
  if (shot.error) { show(shot.error); return; }
  record(shot);
  for (const b of document.querySelectorAll(".cannon.exit")) b.classList.remove("exit");
  if (shot.exit) document.getElementById(`cannon-${shot.exit}`).classList.add("exit");
  document.getElementById("last").textContent = fill(W.play_last, {text: shot.text});
  score(shot.score);
}

function show(message, solved) {
  const answer = document.getElementById("answer");
  answer.textContent = message; answer.classList.toggle("solved", !!solved);
}

async function check() {
  const pieces = [];
  for (const [key, value] of Object.entries(state.cells)) {
    if (value === "empty") continue;
    const [c, r] = key.split(",").map(Number), [type, orientation] = value.split(":");
    pieces.push({type, column: c, row: r, orientation: orientation || null});
  }
  const verdict = await post("/check", {pieces});
  for (const e of document.querySelectorAll(".contradicts")) e.classList.remove("contradicts");
  if (verdict.contradicts) {
    document.getElementById(`cannon-${verdict.contradicts}`).classList.add("contradicts");
    const item = document.querySelector(`#log li[data-cannon="${verdict.contradicts}"]`);
    if (item) item.classList.add("contradicts");
  }
  show(verdict.message, verdict.solved);
}

fetch("/state.json").then(r => r.json()).then(b => {
  state.board = b; build(b); draw();
  for (const shot of b.fired) record(shot);
  score(b.score);
  document.body.dataset.ready = "1";
});
"""
