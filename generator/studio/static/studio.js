// pnp studio: live pictures, the caller and the check page. Plain JavaScript, no build step.
"use strict";
const HEADER = {"X-PNP-Studio": "1"};

// -- pictures: each tile is fetched, and fetched again when its game and language change --------------------
const stamps = {};
async function loadTile(tile) {
  const response = await fetch(tile.dataset.tile, {headers: {"Accept": "text/html"}});
  const html = await response.text();
  tile.innerHTML = html;
  const face = tile.querySelector("[data-stamp]");
  tile.dataset.stamp = face ? face.dataset.stamp : "";
  tile.dataset.loaded = String(Date.now());
}
function loadTiles(which) {
  const tiles = [...document.querySelectorAll(".tile")].filter(which || (() => true));
  return Promise.all(tiles.map(loadTile));
}

// -- live updates -------------------------------------------------------------------------------------------
function listen() {
  const live = document.getElementById("live");
  const source = new EventSource("/events");
  source.onopen = () => live && live.classList.add("on");
  source.onerror = () => live && live.classList.remove("on");
  source.addEventListener("content", (event) => {
    const data = JSON.parse(event.data);
    Object.assign(stamps, data.stamps);
    document.body.dataset.generation = data.generation;
    loadTiles((tile) => data.stamps[tile.dataset.pair] !== tile.dataset.stamp);
  });
  source.addEventListener("lint", () => loadTiles());
  source.addEventListener("caller", (event) => {
    const data = JSON.parse(event.data);
    const box = document.getElementById("caller");
    if (box && box.dataset.game === data.game) showCall(box, data.state);
  });
}

// -- the caller -----------------------------------------------------------------------------------------------
function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
}
function showCall(box, state) {
  if (box.dataset.version && Number(box.dataset.version) > state.version && state.called !== 0) return;
  box.dataset.version = state.version;
  box.dataset.called = state.called;
  const number = document.getElementById("number");
  const count = document.getElementById("count");
  if (state.called) {
    number.textContent = state.calls[state.called - 1];
    number.classList.toggle("repeated", state.repeated);
    count.textContent = fill(state.repeated ? box.dataset.repeat : box.dataset.count, {n: state.called, total: state.total});
  } else {
    number.textContent = "";
    count.textContent = box.dataset.start;
  }
  document.getElementById("end").hidden = state.called !== state.total;
  const last = state.calls.slice(-6).reverse();
  document.getElementById("last").textContent = fill(box.dataset.last, {numbers: last.join("  ") || "-"});
  [...document.getElementById("left").children].forEach((cell, i) => {
    cell.textContent = state.left[i];
    cell.classList.toggle("none", state.left[i] === 0);
  });
  fitNumber();
}
function fitNumber() {
  const number = document.getElementById("number");
  if (!number) return;
  const room = Math.min(window.innerHeight * 0.45, window.innerWidth / 1.3);
  number.style.fontSize = Math.max(48, Math.floor(room)) + "px";
  number.style.lineHeight = "1";
}
async function callerAction(box, action, body) {
  const response = await fetch(`/api/caller/${box.dataset.game}/${action}?lang=${box.dataset.lang}`,
    {method: "POST", headers: {...HEADER, "Content-Type": "application/json"}, body: body || ""});
  const data = await response.json();
  if (!response.ok) { alert(data.error); return; }
  showCall(box, data);
}
function setUpCaller() {
  const box = document.getElementById("caller");
  if (!box) return;
  showCall(box, JSON.parse(document.getElementById("caller-state").textContent));
  for (const action of ["next", "undo", "repeat"]) {
    document.getElementById(action).addEventListener("click", () => callerAction(box, action));
  }
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select")) return;
    const action = {" ": "next", "Enter": "next", "u": "undo", "r": "repeat"}[event.key];
    if (action) { event.preventDefault(); callerAction(box, action); }
  });
  document.getElementById("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    callerAction(box, "new", JSON.stringify({players: form.get("players"), seed: form.get("seed")}));
    event.target.closest("details").open = false;
  });
  window.addEventListener("resize", fitNumber);
}

// -- check ----------------------------------------------------------------------------------------------------
let fileName = "";
function setUpCheck() {
  const form = document.getElementById("check-form");
  if (!form) return;
  const area = document.getElementById("record");
  const read = (file) => file.text().then((text) => { area.value = text; fileName = file.name; form.requestSubmit(); });
  document.getElementById("file").addEventListener("change", (event) => event.target.files[0] && read(event.target.files[0]));
  const drop = document.getElementById("drop");
  drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    if (event.dataTransfer.files[0]) read(event.dataTransfer.files[0]);
  });
  area.addEventListener("input", () => { fileName = ""; });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const target = document.getElementById("verdict");
    const response = await fetch(`/check?lang=${form.dataset.lang}&name=${encodeURIComponent(fileName)}`,
      {method: "POST", headers: {...HEADER, "Content-Type": "text/plain; charset=utf-8", "Accept": "text/html"}, body: area.value});
    const html = await response.text();
    if (response.headers.get("content-type").startsWith("application/json")) {
      target.innerHTML = "";
      const p = document.createElement("p");
      p.className = "problems";
      p.textContent = JSON.parse(html).error;
      target.append(p);
    } else {
      target.innerHTML = html;
    }
    setUpSteps();
    const marked = target.querySelector(".lines .marked");
    if (marked) marked.scrollIntoView({block: "nearest"});
  });
}
function setUpSteps() {
  const box = document.getElementById("steps");
  if (!box) return;
  const steps = [...box.querySelectorAll(".step")];
  const range = document.getElementById("step-range");
  const show = (i) => {
    i = Math.max(0, Math.min(steps.length - 1, i));
    steps.forEach((step, k) => { step.hidden = k !== i; });
    range.value = i;
    box.dataset.at = i;
    document.getElementById("step-of").textContent = `${i + 1} / ${steps.length}`;
    document.querySelectorAll(".lines li.current").forEach((li) => li.classList.remove("current"));
    const line = document.getElementById(`line-${steps[i].dataset.line}`);
    if (line) line.classList.add("current");
  };
  box.querySelectorAll("[data-step]").forEach((button) => button.addEventListener("click", () => {
    const at = Number(range.value);
    show({first: 0, prev: at - 1, next: at + 1, last: steps.length - 1}[button.dataset.step]);
  }));
  range.addEventListener("input", () => show(Number(range.value)));
  show(0);
}

document.addEventListener("DOMContentLoaded", () => {
  loadTiles();
  listen();
  setUpCaller();
  setUpCheck();
});
